// edit_context.h: a MutationContext for tests of passes that edit a tree
// in place (the token repair), with nothing learned.
#ifndef GRAMMUT_TESTS_EDIT_CONTEXT_H_
#define GRAMMUT_TESTS_EDIT_CONTEXT_H_

#include <string>

#include "base/rng.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "learn/weights.h"
#include "mutate/cache/tree_index.h"
#include "mutate/operators/operators.h"

namespace grammut::testing {

// Owns what a MutationContext on `grammar` refers to: empty weights, seed
// 1, inputs up to 4096 bytes, the learned mode.
class EditContext {
 public:
  explicit EditContext(const Grammar& grammar)
      : weights_(grammar),
        kit_(grammar, weights_, nullptr),
        rng_(1),
        ctx_(MakeContext(grammar, kit_, rng_, 4096, ProbabilityMode::kLearned,
                         64, index_, scratch_, &bytes_)) {}
  // The context (valid while this lives).
  MutationContext& ctx() { return ctx_; }

 private:
  Weights weights_;
  GeneratorKit kit_;
  TreeIndex index_;
  OperatorScratch scratch_;
  std::string bytes_;
  Rng rng_;
  MutationContext ctx_;
};

}  // namespace grammut::testing

#endif  // GRAMMUT_TESTS_EDIT_CONTEXT_H_
