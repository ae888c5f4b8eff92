#include "mutate/config.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace grammut {

absl::StatusOr<ModePolicy> ParseModePolicy(const std::string& name) {
  if (name == "learned") return ModePolicy::kLearned;
  if (name == "inverse") return ModePolicy::kInverse;
  if (name == "uniform") return ModePolicy::kUniform;
  if (name == "adaptive" || name.empty()) return ModePolicy::kAdaptive;
  return absl::InvalidArgumentError(
      absl::StrCat("GRAMMUT_MODE='", name,
                   "' is not one of learned, inverse, uniform, adaptive"));
}

}  // namespace grammut
