// libfuzzer_flags.h: libFuzzer's own flags, read from the command line.
//
// libFuzzer owns argv and tells a custom mutator nothing of its options, but
// the chain inference needs -mutate_depth and -reduce_depth, and a user
// wants to see that grammut read -max_len and -dict the way libFuzzer did.
// libFuzzer flags are `-name=value` arguments; everything after
// `-ignore_remaining_args=1` is the target's.
#ifndef GRAMMUT_LIBFUZZER_LIBFUZZER_FLAGS_H_
#define GRAMMUT_LIBFUZZER_LIBFUZZER_FLAGS_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"

namespace grammut {

class LibFuzzerFlags {
 public:
  // Parse reads the flags from `args` (argv, program name first).
  static LibFuzzerFlags Parse(absl::Span<const std::string> args);
  // FromProcess reads /proc/self/cmdline (no flags if it cannot).
  static LibFuzzerFlags FromProcess();

  // The value of integer flag `name`, or `fallback` if absent or not a
  // number.
  long Int(const std::string& name, long fallback) const;
  // The value of flag `name`, or "".
  std::string Get(const std::string& name) const;
  bool Has(const std::string& name) const { return flags_.contains(name); }

  int mutate_depth() const;  // -mutate_depth (default 5)
  int reduce_depth() const;  // -reduce_depth (default 0)
  // True when chains tell which outputs libFuzzer kept: the process
  // fuzzes (no -merge, -minimize_crash_internal_step) and chains break only
  // on new coverage (no -reduce_depth).
  bool chains_are_reliable() const;

  // One line for the start-up message: the flags grammut relies on, and
  // whether each was given or is libFuzzer's default.
  std::string Describe() const;

 private:
  absl::flat_hash_map<std::string, std::string> flags_;
};

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_LIBFUZZER_FLAGS_H_
