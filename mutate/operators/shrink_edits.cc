// The shrinking subtree edits (see shrink_edits.h).
#include "mutate/operators/shrink_edits.h"

#include <algorithm>

namespace grammut::shrink_edits {

bool ReplaceByShortest(MutationContext& ctx, const Tree& in, int at,
                       int max_depth, Tree* out) {
  const int rule = in.node(at).symbol;
  const size_t size = in.SubtreeSize(at);
  if (ctx.grammar.rule_min_cost(rule).bytes >= static_cast<int64_t>(size)) {
    return false;
  }
  GenerateOptions options;
  options.shortest = true;
  options.max_bytes = size;
  options.max_depth = max_depth;
  Tree& small = ctx.scratch.fresh;
  if (!ctx.generator.Generate(rule, ctx.rng, options, &small) ||
      small.SubtreeText(0) == in.SubtreeText(at)) {
    return false;
  }
  return op_internal::Splice(ctx, in, at, small, 0, out);
}

void SmallerSameRule(const MutationContext& ctx, const Tree& in, int at,
                     size_t max, std::vector<int32_t>* out) {
  out->clear();
  const size_t size = in.SubtreeSize(at);
  for (int32_t d : ctx.index.OfRuleWithin(in, ctx.grammar, in.node(at).symbol,
                                          at + 1, in.End(at))) {
    if (out->size() >= max) break;
    if (in.SubtreeSize(d) < size) out->push_back(d);
  }
}

bool Hoist(MutationContext& ctx, const Tree& in, int at, int inner, Tree* out) {
  return op_internal::Splice(ctx, in, at, in, inner, out);
}

bool DeleteIteration(MutationContext& ctx, const Tree& in,
                     const LoopInstance& loop, const LoopIteration& it,
                     Tree* out) {
  if (loop.plus && loop.count < 2) return false;
  if (it.end_child == it.first_child) return false;
  // The node's derivation without the iteration's steps; later steps that
  // point past the iteration move back by its width.
  const int width = it.end_child - it.first_child;
  const absl::Span<const DerivationStep> old = in.steps(loop.node);
  std::vector<DerivationStep>& steps = ctx.scratch.steps;
  steps.clear();
  for (int i = 0; i < static_cast<int>(old.size()); ++i) {
    if (i >= it.first_step && i < it.end_step) continue;
    DerivationStep s = old[i];
    if (i >= it.end_step && s.child >= it.end_child) {
      s.child = static_cast<uint16_t>(s.child - width);
    }
    steps.push_back(s);
  }
  out->AssignChildren(in, loop.node, it.first_child, it.end_child, {}, steps);
  // Where the iteration was, two tokens may now meet: separate them if the
  // lexer would run them together.
  const int parent = loop.node;
  int at = out->End(parent);
  int child = 0;
  for (int c = parent + 1; c < out->End(parent); c = out->End(c), ++child) {
    if (child == it.first_child) {
      at = c;
      break;
    }
  }
  std::vector<int32_t>& seam = ctx.scratch.ints;
  seam.clear();
  if (at < out->size()) seam.push_back(out->TokenFrom(at));
  ctx.separators.FixSeams(seam, out);
  return out->TextSize() <= ctx.max_size;
}

void KeepChildren(MutationContext& ctx, const Tree& in, int node,
                  absl::Span<const int> kids, absl::Span<const int> kept,
                  Tree* out) {
  std::vector<int32_t>& parts = ctx.scratch.ints;
  parts.clear();
  for (int c : kept) parts.push_back(kids[c]);
  out->AssignChildren(in, node, 0, static_cast<int>(kids.size()), parts,
                      in.steps(node));
  // Where children were removed, two tokens may now meet: separate them if
  // the lexer would run them together.
  std::vector<int32_t>& seams = ctx.scratch.kids;
  seams.clear();
  int prev = -1, c = node + 1;
  for (int k : kept) {
    if (k != prev + 1) seams.push_back(out->TokenFrom(c));
    prev = k;
    c = out->End(c);
  }
  if (prev + 1 != static_cast<int>(kids.size()) &&
      out->End(node) < out->size()) {
    seams.push_back(out->TokenFrom(out->End(node)));
  }
  ctx.separators.FixSeams(seams, out);
}

}  // namespace grammut::shrink_edits
