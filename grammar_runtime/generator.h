// generator.h: random derivations from the parser ATN.
//
// Generate walks the parser ATN from a rule's start state to its stop state.
// At each decision it samples an alternative from the Weights (in the chosen
// probability mode) among the alternatives that still fit the byte budget;
// once the nesting or step limits are reached it takes only the cheapest
// alternative (per-state minimum costs, see min_cost.h), so every walk ends
// and no output exceeds the budget. Precedence predicates of left-recursive
// rules are honoured, so generated expressions re-parse with the same shape.
// The result is a Tree with the derivation recorded on every rule node;
// tokens get a separator only where two would otherwise run together.
//
// Example:
//   Generator gen(grammar, weights, token_generator, &pool);
//   GenerateOptions opt; opt.max_bytes = 512;
//   std::optional<Tree> t = gen.Generate(grammar.start_rule(), rng, opt);
#ifndef GRAMMUT_GRAMMAR_RUNTIME_GENERATOR_H_
#define GRAMMUT_GRAMMAR_RUNTIME_GENERATOR_H_

#include <cstddef>
#include <optional>

#include "grammar_runtime/grammar.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/separator_oracle.h"
#include "grammar_runtime/token_generator.h"
#include "grammar_runtime/token_pool.h"
#include "grammar_runtime/tree.h"
#include "grammar_runtime/weights.h"

namespace grammut {

// Budget and policy for one generation.
struct GenerateOptions {
  size_t max_bytes = 4096;  // hard cap on the serialized size
  int max_depth = 64;       // rule nesting before cheapest-only
  ProbabilityMode mode = ProbabilityMode::kLearned;
  double pool_probability = 0.5;  // chance to reuse a corpus token text
  int precedence = 0;             // precedence argument of the start rule
  bool shortest = false;          // take only the cheapest alternatives
};

class Generator {
 public:
  // All references must outlive the generator. `pool` may be null.
  // `separators()` is exposed so splices can use the same cache.
  Generator(const Grammar& grammar, const Weights& weights,
            TokenGenerator& tokens, const TokenPool* pool);

  // Generate returns a derivation of `rule` whose text has at most
  // `options.max_bytes` bytes, or nullopt if even the shortest does not fit.
  std::optional<Tree> Generate(int rule, Rng& rng,
                               const GenerateOptions& options);

  SeparatorOracle& separators() { return separators_; }

 private:
  // Minimum cost of taking `edge` (bytes to the rule's end), honouring
  // precedence predicates met within a few epsilon steps; unreachable if
  // they fail.
  MinCost EdgeCost(const AtnEdge& edge, int precedence, int depth) const;

  const Grammar& grammar_;
  const Weights& weights_;
  TokenGenerator& tokens_;
  const TokenPool* pool_;
  SeparatorOracle separators_;
  std::vector<int> generable_types_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_GENERATOR_H_
