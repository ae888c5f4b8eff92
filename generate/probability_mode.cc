#include "generate/probability_mode.h"

#include "absl/strings/str_cat.h"

namespace grammut {

absl::StatusOr<ProbabilityMode> ParseProbabilityMode(absl::string_view name) {
  if (name == "learned") return ProbabilityMode::kLearned;
  if (name == "inverse") return ProbabilityMode::kInverse;
  if (name == "uniform") return ProbabilityMode::kUniform;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown probability mode '", name,
                   "' (expected learned, inverse or uniform)"));
}

const char* ProbabilityModeName(ProbabilityMode mode) {
  switch (mode) {
    case ProbabilityMode::kLearned:
      return "learned";
    case ProbabilityMode::kInverse:
      return "inverse";
    case ProbabilityMode::kUniform:
      return "uniform";
  }
  return "?";
}

void ProbabilitiesFromCounts(absl::Span<const double> counts,
                             ProbabilityMode mode, double smoothing,
                             std::vector<double>* out) {
  const size_t n = counts.size();
  std::vector<double>& p = *out;
  p.assign(n, n ? 1.0 / static_cast<double>(n) : 0.0);
  double sum = 0;
  for (double v : counts) sum += v;
  if (mode == ProbabilityMode::kLearned && sum > 0) {
    const double denom = sum + smoothing * static_cast<double>(n);
    for (size_t i = 0; i < n; ++i) p[i] = (counts[i] + smoothing) / denom;
  } else if (mode == ProbabilityMode::kInverse && sum > 0) {
    size_t zeros = 0;
    for (double v : counts) zeros += v <= 0 ? 1 : 0;
    if (zeros > 0) {
      for (size_t i = 0; i < n; ++i) {
        p[i] = counts[i] <= 0 ? 1.0 / static_cast<double>(zeros) : 0.0;
      }
    } else {
      double inv_sum = 0;
      for (double v : counts) inv_sum += 1.0 / v;
      for (size_t i = 0; i < n; ++i) p[i] = (1.0 / counts[i]) / inv_sum;
    }
  }
}

}  // namespace grammut
