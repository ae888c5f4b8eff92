// shrink_edits.h: the subtree edits that make an input smaller, written
// once for everything that shrinks: the core's shrinking operators (hoist,
// shortest, loop-delete; operators_*.cc), the reducer (shrink/) and the
// AFL++ trimmer (aflpp/grammar_trimmer.cc). Each caller keeps its own
// choice of where to apply them; these only make the edit.
#ifndef GRAMMUT_MUTATE_OPERATORS_SHRINK_EDITS_H_
#define GRAMMUT_MUTATE_OPERATORS_SHRINK_EDITS_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "mutate/loops.h"
#include "mutate/operators/operators.h"
#include "tree/tree.h"

namespace grammut::shrink_edits {

// ReplaceByShortest makes `out` = `in` with rule node `at` replaced by a
// shortest derivation of its rule (drawn with ctx.rng into
// ctx.scratch.fresh, rules nested at most `max_depth` deep). False when the
// rule's cheapest derivation is not smaller than the node, generation
// fails, the text would stay the same, or the result is over ctx.max_size.
bool ReplaceByShortest(MutationContext& ctx, const Tree& in, int at,
                       int max_depth, Tree* out);

// SmallerSameRule puts into `*out` the descendants of rule node `at` (by
// ctx.index) of its own rule whose text is shorter than its, in preorder,
// at most `max` of them: the nodes `at` can be hoisted to.
void SmallerSameRule(const MutationContext& ctx, const Tree& in, int at,
                     size_t max, std::vector<int32_t>* out);

// Hoist makes `out` = `in` with rule node `at` replaced by its descendant
// `inner` (a node of the same rule). False if over ctx.max_size.
bool Hoist(MutationContext& ctx, const Tree& in, int at, int inner, Tree* out);

// DeleteIteration makes `out` = `in` without iteration `it` of `loop` (its
// derivation steps go too, later steps move back), with a separator where
// the tokens around the gap would run together. False for a + loop's last
// iteration, an empty iteration, or a result over ctx.max_size.
bool DeleteIteration(MutationContext& ctx, const Tree& in,
                     const LoopInstance& loop, const LoopIteration& it,
                     Tree* out);

// KeepChildren makes `out` = `in` with rule node `node` keeping only the
// children `kept` (ordinals into `kids`, its children in `in`, increasing)
// and its derivation steps unchanged, with a separator where tokens now
// meet and would run together.
void KeepChildren(MutationContext& ctx, const Tree& in, int node,
                  absl::Span<const int> kids, absl::Span<const int> kept,
                  Tree* out);

}  // namespace grammut::shrink_edits

#endif  // GRAMMUT_MUTATE_OPERATORS_SHRINK_EDITS_H_
