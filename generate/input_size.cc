// input_size.cc: see input_size.h.
#include "generate/input_size.h"

#include <algorithm>
#include <cmath>

namespace grammut {

size_t WholeInputCap(ProbabilityMode mode, const Weights& weights,
                     size_t max_bytes, int64_t shortest, Rng& rng) {
  if (mode == ProbabilityMode::kLearned && weights.trees() > 0) {
    return max_bytes;
  }
  const double lo = static_cast<double>(std::max<int64_t>(shortest, 1));
  const double hi = static_cast<double>(max_bytes);
  if (lo >= hi) return max_bytes;
  const double cap = lo * std::exp(rng.Uniform() * std::log(hi / lo));
  return std::clamp(static_cast<size_t>(std::llround(cap)),
                    static_cast<size_t>(lo), max_bytes);
}

}  // namespace grammut
