// Insertion: a part the input leaves out, generated where it goes. At an
// optional block the parse took as absent (`a?`, or `(a | b)?`), the part
// becomes present; at a (...)* loop a fresh iteration goes before any
// iteration or after the last, at a (...)+ loop after any iteration.
// Everything else in the rule node stays: a function call `count(*)` gains
// `OVER (...)`, an empty JSON object a member, an XML start tag an
// attribute. Regeneration would remake the whole node (and lose what made
// it valid); loop duplication only copies iterations that are there.
//
// The generator derives only the part (GenerateOptions::start_state), from
// the decision with a non-empty alternative forced, to the block's end; its
// steps are spliced into the node's derivation record so that later edits
// and learning see the tree the parser would have built.
#include <algorithm>

#include "mutate/operators/operators.h"

namespace grammut {
namespace {

// In the learned mode, a decision counted this often is known well enough
// that a part the corpus never took there is not its language's.
constexpr double kKnownVisits = 20;

// Whether alternative `i` (0-based) of `d` makes a part (is no exit or
// empty alternative).
bool MakesPart(const DecisionInfo& d, int i) {
  if (d.kind == DecisionKind::kBlock) {
    return static_cast<size_t>(i) < d.empty_alt.size() && !d.empty_alt[i];
  }
  return i + 1 != d.exit_alt;
}

// Whether the learned mode may insert at `decision`: always in the other
// modes and at decisions counted under kKnownVisits times; else only if the
// corpus took one of its parts (an ES5 corpus never takes `**` or a
// spread, so learned insertion does not write them).
bool CorpusTakesPart(const MutationContext& ctx, int decision,
                     const DecisionInfo& d) {
  if (ctx.mode != ProbabilityMode::kLearned) return true;
  const Weights& w = ctx.generator.weights();
  if (w.total(decision) < kKnownVisits) return true;
  for (int i = 0; i < d.num_alts; ++i) {
    if (MakesPart(d, i) && w.count(decision, i + 1) > 0) return true;
  }
  return false;
}

// True if step `s` is a place a part can be inserted.
bool IsInsertPoint(const MutationContext& ctx, const DerivationStep& s) {
  const Grammar& grammar = ctx.grammar;
  if (s.decision < 0 || s.decision >= grammar.num_decisions()) return false;
  const DecisionInfo& d = grammar.decision(s.decision);
  if (d.part_start < 0) return false;
  if (d.kind == DecisionKind::kStarEntry ||
      d.kind == DecisionKind::kPlusLoopBack) {
    return CorpusTakesPart(ctx, s.decision, d);
  }
  if (d.kind != DecisionKind::kBlock) return false;
  const size_t alt = s.alt - 1u;
  if (alt >= d.empty_alt.size() || !d.empty_alt[alt]) return false;
  return std::find(d.empty_alt.begin(), d.empty_alt.end(), 0) !=
             d.empty_alt.end() &&
         CorpusTakesPart(ctx, s.decision, d);
}

// A random insertion point: a rule node and the index of one of its steps.
bool PickInsertPoint(MutationContext& ctx, const Tree& in, int* node,
                     int* step) {
  std::vector<int32_t>& points = ctx.scratch.ints;
  for (int attempt = 0; attempt < 16; ++attempt) {
    const int at = op_internal::PickReadRuleNode(ctx, in);
    if (at < 0) return false;
    const absl::Span<const DerivationStep> steps = in.steps(at);
    points.clear();
    for (size_t i = 0; i < steps.size(); ++i) {
      if (IsInsertPoint(ctx, steps[i])) {
        points.push_back(static_cast<int32_t>(i));
      }
    }
    if (points.empty()) continue;
    *node = at;
    *step = points[ctx.rng.Below(points.size())];
    return true;
  }
  return false;
}

// The alternative (0-based) of a loop decision that goes on, or -1.
int ContinueAlt(const DecisionInfo& d) {
  for (int i = 0; i < d.num_alts; ++i) {
    if (i + 1 != d.exit_alt) return i;
  }
  return -1;
}

// The edge a fresh part starts with: a non-empty alternative of an
// optional block (in the learned mode at a decision known well, one the
// corpus took, by its count; else any), the "one more iteration" edge of a
// (...)* loop, any alternative of a (...)+ loop's block.
int StartEdge(MutationContext& ctx, int decision, const DecisionInfo& d) {
  if (d.kind == DecisionKind::kStarEntry) return ContinueAlt(d);
  if (d.kind == DecisionKind::kPlusLoopBack) {
    const uint32_t n =
        ctx.grammar.parser_graph().states[d.part_start].num_edges;
    return n == 0 ? -1 : static_cast<int>(ctx.rng.Below(n));
  }
  const Weights& w = ctx.generator.weights();
  const bool by_count = ctx.mode == ProbabilityMode::kLearned &&
                        w.total(decision) >= kKnownVisits;
  std::vector<int32_t>& present = ctx.scratch.kids;
  present.clear();
  double total = 0;
  for (size_t i = 0; i < d.empty_alt.size(); ++i) {
    const int alt = static_cast<int>(i);
    if (d.empty_alt[i] || (by_count && w.count(decision, alt + 1) <= 0)) {
      continue;
    }
    present.push_back(alt);
    if (by_count) total += w.count(decision, alt + 1);
  }
  if (present.empty()) return -1;
  if (!by_count) return present[ctx.rng.Below(present.size())];
  double r = ctx.rng.Uniform() * total;
  for (const int32_t alt : present) {
    r -= w.count(decision, alt + 1);
    if (r < 0) return alt;
  }
  return present.back();
}

}  // namespace

bool OpInsert(MutationContext& ctx, const Tree& in, Tree* out) {
  int node = -1, step = -1;
  if (!PickInsertPoint(ctx, in, &node, &step)) return false;
  const absl::Span<const DerivationStep> old = in.steps(node);
  const DerivationStep at = old[step];
  const DecisionInfo& d = ctx.grammar.decision(at.decision);
  const int edge = StartEdge(ctx, at.decision, d);
  if (edge < 0) return false;
  const size_t slack = 2 * ctx.grammar.separator().size() + 1;
  if (in.TextSize() + slack >= ctx.max_size) return false;
  GenerateOptions options;
  options.max_bytes =
      std::min(ctx.max_size - in.TextSize() - slack, 32 + ctx.rng.Below(224));
  options.mode = ctx.mode;
  options.max_depth = std::max(1, ctx.max_depth - in.node(node).depth);
  options.start_state = d.part_start;
  options.start_edge = edge;
  options.stop_state = d.end_state;
  op_internal::PreferInputTexts(ctx, in, &options);
  op_internal::PlaceAt(ctx, in, node, &options);
  Tree& part = ctx.scratch.fresh;
  if (!ctx.generator.Generate(in.node(node).symbol, ctx.rng, options, &part) ||
      part.ChildCount(0) == 0 || part.TextSize() == 0) {
    return false;
  }
  const absl::Span<const DerivationStep> added = part.steps(0);
  const int width = part.ChildCount(0);
  const int p = at.child;

  // The node again, with the part's children at position p.
  Tree& rebuilt = ctx.scratch.step_a;
  rebuilt.Clear();
  const int root = rebuilt.BeginRule(in.node(node).symbol);
  int child = 0;
  int first_new = -1, first_after = -1;
  auto append_part = [&]() {
    for (int c = 1; c < part.size(); c = part.End(c)) {
      const int here = rebuilt.size();
      rebuilt.AppendSubtree(part, c);
      if (first_new < 0) first_new = here;
    }
  };
  for (int c = node + 1; c < in.End(node); c = in.End(c), ++child) {
    if (child == p) append_part();
    const int here = rebuilt.size();
    rebuilt.AppendSubtree(in, c);
    if (child == p) first_after = here;
  }
  if (child <= p) append_part();
  // Steps: an optional's "absent" step becomes the part's; a (...)*
  // loop's new iteration goes before the step that decides at p; a (...)+
  // loop's goes after the iteration that ends at p, which now goes on.
  // Later steps move on.
  std::vector<DerivationStep>& steps = ctx.scratch.steps;
  steps.clear();
  const bool plus = d.kind == DecisionKind::kPlusLoopBack;
  const bool loop = plus || d.kind == DecisionKind::kStarEntry;
  for (int i = 0; i < static_cast<int>(old.size()); ++i) {
    DerivationStep s = old[i];
    if (i == step) {
      if (plus) {
        steps.push_back(DerivationStep{
            at.decision, static_cast<uint16_t>(ContinueAlt(d) + 1), at.child});
      }
      for (DerivationStep a : added) {
        a.child = static_cast<uint16_t>(a.child + p);
        steps.push_back(a);
      }
      if (!loop) continue;
    }
    if (i >= step) s.child = static_cast<uint16_t>(s.child + width);
    steps.push_back(s);
  }
  rebuilt.SetSteps(root, steps);
  rebuilt.EndRule(root);
  std::vector<int32_t>& seams = ctx.scratch.ints;
  seams.clear();
  if (first_new >= 0) seams.push_back(rebuilt.TokenFrom(first_new));
  if (first_after >= 0) seams.push_back(rebuilt.TokenFrom(first_after));
  ctx.separators.FixSeams(seams, &rebuilt);
  return op_internal::Splice(ctx, in, node, rebuilt, 0, out);
}

}  // namespace grammut
