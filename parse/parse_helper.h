// parse_helper.h: a helper process that parses corpus entries for the mutator.
//
// Started as `<binary> parse-server` (the uninstrumented grammut command
// line tool) with its standard input and output on one end of a socket
// pair; it loads the mutator's grammar from a hello message and answers
// parse requests with packed trees (parse/parse_service.h). Its
// parses cost no sanitizer allocations, stack-depot entries or RSS in the
// fuzzer's process, and run ~10× faster than the same parse under ASan.
// The calls are synchronous: the fuzzer waits while the helper parses, so
// both never run at once.
//
// A helper that dies, stops answering within the timeout or garbles a reply
// is killed and reported as Unavailable or DeadlineExceeded; the caller
// parses in-process or starts another. The helper also exits when the
// fuzzer does (its input reaches end of file).
//
// Example:
//   auto helper = ParseHelper::Start(FindParseHelperBinary(), grammar, {},
//                                    absl::Seconds(10));
//   if (helper.ok()) { absl::StatusOr<ParseResult> r = (*helper)->Parse(b); }
#ifndef GRAMMUT_PARSE_PARSE_HELPER_H_
#define GRAMMUT_PARSE_PARSE_HELPER_H_

#include <sys/types.h>

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "grammar/grammar.h"
#include "parse/parse_service.h"
#include "parse/parser.h"

namespace grammut {

class ParseHelper {
 public:
  // Start runs `binary parse-server`, sends it `grammar` and `options` and
  // waits up to `timeout` for it to report the same grammar fingerprint.
  // Errors say why it could not (not executable, exited, another version).
  static absl::StatusOr<std::unique_ptr<ParseHelper>> Start(
      const std::string& binary, const Grammar& grammar,
      const ParseOptions& options, absl::Duration timeout);

  // Stops the helper (closes its input, kills and reaps it).
  ~ParseHelper();
  ParseHelper(const ParseHelper&) = delete;
  ParseHelper& operator=(const ParseHelper&) = delete;

  // Parse returns what Parser::Parse would for `bytes`, computed by the
  // helper. Unavailable (died, garbled reply) or DeadlineExceeded (no
  // reply within the timeout): the helper was stopped and alive() is false.
  absl::StatusOr<ParseResult> Parse(absl::string_view bytes);

  // False once the helper failed and was stopped.
  bool alive() const { return pid_ > 0; }
  // The helper's process id (-1 once stopped).
  pid_t pid() const { return pid_; }
  // The helper's CPU time and peak RSS, as of its last reply (final values
  // once stopped).
  const ServerUsage& usage() const { return usage_; }

 private:
  ParseHelper(pid_t pid, int fd, absl::Duration timeout)
      : pid_(pid), fd_(fd), timeout_(timeout) {}
  void Stop();

  pid_t pid_;
  int fd_;
  absl::Duration timeout_;
  ServerUsage usage_;
  std::string request_;
};

// The grammut command line tool installed or built beside the library (or
// executable) that holds this code: "grammut" in its directory, in ../bin
// or in ../tools; empty if there is none.
std::string FindParseHelperBinary();

}  // namespace grammut

#endif  // GRAMMUT_PARSE_PARSE_HELPER_H_
