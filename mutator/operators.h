// operators.h: the tree mutation operators, as a named table.
//
// Each operator takes the input tree and a MutationContext and either writes
// a new tree and returns true, or returns false ("cannot apply": no suitable
// node, nothing fits the size limit...). The dispatcher retries with another
// operator. Operators never produce output over `ctx.max_size`.
#ifndef GRAMMUT_MUTATOR_OPERATORS_H_
#define GRAMMUT_MUTATOR_OPERATORS_H_

#include <cstddef>
#include <vector>

#include "grammar_runtime/generator.h"
#include "grammar_runtime/grammar.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/separator_oracle.h"
#include "grammar_runtime/token_generator.h"
#include "grammar_runtime/token_pool.h"
#include "grammar_runtime/tree.h"
#include "mutator/byte_mutator.h"
#include "mutator/donor_pool.h"

namespace grammut {

// What operators may use. References outlive one mutation.
struct MutationContext {
  const Grammar& grammar;
  Generator& generator;
  TokenGenerator& tokens;
  SeparatorOracle& separators;
  const DonorPool* donors;   // corpus subtrees; null when learning is off
  const TokenPool* pool;     // corpus token texts; null when learning is off
  ByteMutateFn byte_mutate;  // LLVMFuzzerMutate, or null (own fallback)
  Rng& rng;
  size_t max_size;       // the output's size limit
  ProbabilityMode mode;  // for generating operators
  int max_depth;
  const Tree* other = nullptr;  // crossover: the second input
};

// An operator: returns false if it cannot apply.
using OperatorFn = bool (*)(MutationContext& ctx, const Tree& in, Tree* out);

// One entry of the operator table.
struct OperatorInfo {
  const char* name;
  OperatorFn fn;
  bool shrinking;    // only makes the input smaller (for -minimize_crash)
  bool byte_level;   // edits bytes (not expected to stay valid)
  bool generates;    // uses the probability mode
  bool whole_input;  // output is bytes, not a derivation (never cached)
};

// The table, in a fixed order (the index is the operator id).
const std::vector<OperatorInfo>& Operators();
// Index of an operator by name, or -1.
int FindOperator(const char* name);

// Operators (see operators_*.cc).
bool OpRegenerate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpSwap(MutationContext& ctx, const Tree& in, Tree* out);
bool OpSplice(MutationContext& ctx, const Tree& in, Tree* out);
bool OpCrossover(MutationContext& ctx, const Tree& in, Tree* out);
bool OpHoist(MutationContext& ctx, const Tree& in, Tree* out);
bool OpRecursive(MutationContext& ctx, const Tree& in, Tree* out);
bool OpShortest(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopDelete(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopDuplicate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpLoopSwap(MutationContext& ctx, const Tree& in, Tree* out);
bool OpTokenRegenerate(MutationContext& ctx, const Tree& in, Tree* out);
bool OpTokenBytes(MutationContext& ctx, const Tree& in, Tree* out);
bool OpBytes(MutationContext& ctx, const Tree& in, Tree* out);

// Helpers shared by the operators.
namespace op_internal {
// Rule nodes of `t`, optionally only those of `rule`.
std::vector<int> RuleNodes(const Tree& t, int rule = -1);
// Replaces subtree `at` of `t` by subtree `from` of `donor`, with
// separators at the seams. Returns false if the result is over the limit.
bool Splice(MutationContext& ctx, const Tree& t, int at, const Tree& donor,
            int from, Tree* out);
// True if `a` lies inside subtree `b` (or is b).
inline bool Inside(const Tree& t, int a, int b) {
  return a >= b && a < b + static_cast<int>(t.node(b).size);
}
}  // namespace op_internal

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_OPERATORS_H_
