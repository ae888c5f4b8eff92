// reduce_oracle.h: the interestingness tests of `grammut reduce`, made from
// commands.
//
// The reducer (shrink/reducer.h) takes a callback; these wrap a
// command into one. Each candidate is written to a file in a private
// temporary directory (named like the input file, so tests that look at the
// extension still work) and a process is run on it:
//
//   --test 'CMD {}'   /bin/sh -c CMD with every {} replaced by the file's
//                     path (appended as the last word if CMD has no {}).
//                     Interesting: exit status 0 (C-Reduce's convention).
//                     Output goes to /dev/null.
//   --fuzzer BINARY   BINARY -timeout=T FILE (a libFuzzer binary runs the
//                     file once). Interesting: it fails with the same crash
//                     signature as the original input (CrashSignature).
//
// A process still running after the time limit is killed with its process
// group and counts as not interesting.
#ifndef GRAMMUT_TOOLS_REDUCE_ORACLE_H_
#define GRAMMUT_TOOLS_REDUCE_ORACLE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace grammut::cli {

// What a sanitizer or libFuzzer report says went wrong, and where.
struct CrashSignature {
  // From the first "ERROR: <tool>: <kind>" line, <kind> up to " on ",
  // " after ", " (" or the end of the line ("heap-buffer-overflow",
  // "SEGV", "deadly signal", "timeout", "out-of-memory", "detected memory
  // leaks"); without one, the first word after "SUMMARY: <tool>: "
  // ("undefined-behavior").
  std::string kind;
  // The function of the first stack frame "#N 0x... in FUNC LOCATION" after
  // that line that is not sanitizer, libFuzzer or libc machinery: FUNC
  // starting with __sanitizer, __asan, __ubsan, __lsan, __msan,
  // __interceptor, __interception, fuzzer::, __libc_, __GI_,
  // __pthread_kill, operator new or operator delete, or named malloc,
  // calloc, realloc, free, abort, raise, gsignal or pthread_kill. LOCATION,
  // the last word when it is "file:line[:column]" or "(module+0x...)"
  // (after dropping a last "(BuildId: ...)"), is dropped. Empty if there is
  // none.
  //
  // For leaks ("detected memory leaks") it is the first leak's allocation
  // stack instead: its first kLeakFrames functions that are not machinery,
  // joined by " <- " ("limited_alloc <- js_malloc <- js_putc"), because an
  // allocation stack starts in the program's allocator wrappers, which all
  // its leaks share.
  std::string frame;
  // Leaks only: that string for every leak of the report ("Direct leak of"
  // and "Indirect leak of" blocks), in the report's order (LSan sorts them
  // by size, which reducing the input changes).
  std::vector<std::string> leaks;

  bool operator==(const CrashSignature& o) const {
    return kind == o.kind && frame == o.frame;
  }
  // "kind in frame" (or just kind), for messages.
  std::string ToString() const;
};

// Allocation-stack functions compared for a leak.
inline constexpr int kLeakFrames = 3;

// ParseCrashReport reads a sanitizer/libFuzzer log; nullopt if it holds no
// report.
std::optional<CrashSignature> ParseCrashReport(absl::string_view log);

// True if a candidate's crash matches the original's: the same kind, and
// the same frame unless the kind is "timeout" or "out-of-memory" (where the
// stack shows wherever the process happened to be; a timeout is libFuzzer's
// own report, so a process our time limit had to kill is not one). For
// leaks, one of the candidate's leaks must have the original's first
// leak's allocation stack.
bool SameCrash(const CrashSignature& original, const CrashSignature& now);

// How to run the test.
struct OracleOptions {
  std::string test_command;  // --test (exactly one of the two)
  std::string fuzzer;        // --fuzzer
  double timeout_seconds = 10;
  std::string input_path;  // names the candidate file
};

// An interestingness test over a command. Not thread-safe.
class Oracle {
 public:
  // Create makes the temporary directory and checks the options.
  static absl::StatusOr<std::unique_ptr<Oracle>> Create(OracleOptions options);
  ~Oracle();
  Oracle(const Oracle&) = delete;
  Oracle& operator=(const Oracle&) = delete;

  // Interesting runs the command on `candidate`. The first call (the
  // original input) also records the crash signature in --fuzzer mode.
  bool Interesting(absl::string_view candidate);
  // Why the first call said "not interesting", in one line.
  const std::string& why_not() const { return why_not_; }
  // The original's crash signature (--fuzzer mode, after the first call).
  const std::optional<CrashSignature>& signature() const { return signature_; }

 private:
  explicit Oracle(OracleOptions options) : options_(std::move(options)) {}

  OracleOptions options_;
  std::string dir_, file_, log_;
  bool first_ = true;
  std::optional<CrashSignature> signature_;
  std::string why_not_;
};

}  // namespace grammut::cli

#endif  // GRAMMUT_TOOLS_REDUCE_ORACLE_H_
