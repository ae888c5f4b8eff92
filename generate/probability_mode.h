// probability_mode.h: how counts of alternatives become probabilities.
//
//   kLearned  p_i = (c_i + s) / (sum_j c_j + n s), s = smoothing; nothing
//             counted: uniform;
//   kInverse  p_i proportional to 1 / c_i; if some alternatives were never
//             seen they share all the mass (Inputs from Hell, Eqs. 5-7);
//   kUniform  p_i = 1 / n.
#ifndef GRAMMUT_GENERATE_PROBABILITY_MODE_H_
#define GRAMMUT_GENERATE_PROBABILITY_MODE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace grammut {

// How counts become probabilities.
enum class ProbabilityMode { kLearned, kInverse, kUniform };

// Parses "learned", "inverse" or "uniform".
absl::StatusOr<ProbabilityMode> ParseProbabilityMode(absl::string_view name);
// The name of a mode.
const char* ProbabilityModeName(ProbabilityMode mode);

// Writes to `out` the probabilities of alternatives counted `counts` in
// `mode` (see the file comment).
void ProbabilitiesFromCounts(absl::Span<const double> counts,
                             ProbabilityMode mode, double smoothing,
                             std::vector<double>* out);

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_PROBABILITY_MODE_H_
