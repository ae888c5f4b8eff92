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

bool GenerateWholeInput(Generator& generator, const Grammar& grammar, int rule,
                        const Weights& weights, size_t max_bytes, Rng& rng,
                        GenerateOptions* options, Tree* out) {
  const int64_t shortest = grammar.rule_min_cost(rule).bytes;
  options->max_bytes =
      WholeInputCap(options->mode, weights, max_bytes, shortest, rng);
  if (shortest > static_cast<int64_t>(max_bytes)) return false;
  const bool readable_or_fail = options->readable_or_fail;
  const size_t readable_max_bytes = options->readable_max_bytes;
  options->readable_max_bytes = max_bytes;
  bool made = false, made_empty = false;
  Tree empty;
  for (int walk = 0; walk < kWholeInputWalks && !made; ++walk) {
    options->readable_or_fail = walk < kReadableWalks;
    // Half of those at twice the cap: at the shortest input's size, text
    // that reads back may not fit at all.
    if (walk == kReadableWalks / 2) {
      options->max_bytes = std::min(max_bytes, 2 * options->max_bytes);
    }
    made = generator.Generate(rule, rng, *options, out);
    if (made && out->text().empty()) {
      made = false;
      if (!made_empty) empty = *out;
      made_empty = true;
    }
  }
  if (!made && made_empty) {
    *out = std::move(empty);
    made = true;
  }
  options->readable_or_fail = readable_or_fail;
  options->readable_max_bytes = readable_max_bytes;
  return made;
}

}  // namespace grammut
