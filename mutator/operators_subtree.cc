// Subtree operators: regenerate, swap, splice, crossover, hoist, recursive
// expansion, shortest replacement.
#include <algorithm>

#include "mutator/operators.h"

namespace grammut {

using op_internal::Inside;
using op_internal::RuleNodes;
using op_internal::Splice;

namespace {

// A random rule node, or -1.
int PickRuleNode(const Tree& t, Rng& rng) {
  const std::vector<int> rules = RuleNodes(t);
  return rules.empty() ? -1 : rules[rng.Below(rules.size())];
}

// Bytes the replacement of subtree `at` may take.
size_t RoomFor(const MutationContext& ctx, const Tree& t, int at) {
  const size_t rest = t.TextSize() - t.SubtreeSize(at);
  const size_t slack = 2 * ctx.grammar.separator().size();
  const int first = t.FirstToken(at);
  const size_t lead = first >= 0 ? t.token_trivia(first).size() : 0;
  if (rest + slack + lead >= ctx.max_size) return 0;
  return ctx.max_size - rest - slack - lead;
}

}  // namespace

bool OpRegenerate(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickRuleNode(in, ctx.rng);
  if (at < 0) return false;
  // Grow moderately: at most twice the old subtree plus some room.
  const size_t room = std::min(
      RoomFor(ctx, in, at), 2 * in.SubtreeSize(at) + 64 + ctx.rng.Below(256));
  GenerateOptions options;
  options.max_bytes = room;
  options.mode = ctx.mode;
  options.max_depth = ctx.max_depth;
  std::optional<Tree> fresh =
      ctx.generator.Generate(in.node(at).symbol, ctx.rng, options);
  if (!fresh) return false;
  return Splice(ctx, in, at, *fresh, 0, out);
}

bool OpSwap(MutationContext& ctx, const Tree& in, Tree* out) {
  const int a = PickRuleNode(in, ctx.rng);
  if (a < 0) return false;
  std::vector<int> partners;
  for (int b : RuleNodes(in, in.node(a).symbol)) {
    if (!Inside(in, a, b) && !Inside(in, b, a)) partners.push_back(b);
  }
  if (partners.empty()) return false;
  int b = partners[ctx.rng.Below(partners.size())];
  int first = std::min(a, b), second = std::max(a, b);
  if (in.SubtreeText(first) == in.SubtreeText(second)) return false;
  // Replace the later one first so the earlier index stays valid.
  const size_t saved = ctx.max_size;
  ctx.max_size = SIZE_MAX;
  Tree step;
  Splice(ctx, in, second, in, first, &step);
  ctx.max_size = saved;
  return Splice(ctx, step, first, in, second, out);
}

bool OpSplice(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.donors == nullptr) return false;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(in, ctx.rng);
    if (at < 0) return false;
    const Tree* donor = ctx.donors->Pick(in.node(at).symbol, ctx.rng);
    if (donor == nullptr) continue;
    if (donor->SubtreeText(0) == in.SubtreeText(at)) continue;
    if (Splice(ctx, in, at, *donor, 0, out)) return true;
  }
  return false;
}

bool OpCrossover(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.other == nullptr || ctx.other->empty()) return false;
  const Tree& other = *ctx.other;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int at = PickRuleNode(in, ctx.rng);
    if (at < 0) return false;
    const std::vector<int> matches = RuleNodes(other, in.node(at).symbol);
    if (matches.empty()) continue;
    const int from = matches[ctx.rng.Below(matches.size())];
    if (Splice(ctx, in, at, other, from, out)) return true;
  }
  return false;
}

bool OpHoist(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(in, ctx.rng);
    if (at < 0) return false;
    std::vector<int> inner;
    const int end = at + static_cast<int>(in.node(at).size);
    for (int i = at + 1; i < end; ++i) {
      if (in.node(i).is_rule && in.node(i).symbol == in.node(at).symbol &&
          in.SubtreeSize(i) < in.SubtreeSize(at)) {
        inner.push_back(i);
      }
    }
    if (inner.empty()) continue;
    return Splice(ctx, in, at, in, inner[ctx.rng.Below(inner.size())], out);
  }
  return false;
}

bool OpRecursive(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int outer = PickRuleNode(in, ctx.rng);
    if (outer < 0) return false;
    std::vector<int> inner;
    const int end = outer + static_cast<int>(in.node(outer).size);
    for (int i = outer + 1; i < end; ++i) {
      if (in.node(i).is_rule && in.node(i).symbol == in.node(outer).symbol) {
        inner.push_back(i);
      }
    }
    if (inner.empty()) continue;
    int a = outer, b = inner[ctx.rng.Below(inner.size())];
    const int times = 1 + static_cast<int>(ctx.rng.Below(3));
    Tree cur = in;
    bool any = false;
    for (int k = 0; k < times; ++k) {
      // Put a copy of subtree a (which contains b) where b is: one more
      // level of the same nesting. The copy of b sits b - a further on.
      Tree next;
      if (!Splice(ctx, cur, b, cur, a, &next)) break;
      cur = std::move(next);
      any = true;
      const int step = b - a;
      a = b;
      b = b + step;
      if (b >= cur.size()) break;
    }
    if (!any) continue;
    *out = std::move(cur);
    return true;
  }
  return false;
}

bool OpShortest(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(in, ctx.rng);
    if (at < 0) return false;
    const int rule = in.node(at).symbol;
    if (ctx.grammar.rule_min_cost(rule).bytes >=
        static_cast<int64_t>(in.SubtreeSize(at))) {
      continue;
    }
    GenerateOptions options;
    options.shortest = true;
    options.max_bytes = in.SubtreeSize(at);
    std::optional<Tree> small = ctx.generator.Generate(rule, ctx.rng, options);
    if (!small || small->Text() == in.SubtreeText(at)) continue;
    if (Splice(ctx, in, at, *small, 0, out)) return true;
  }
  return false;
}

}  // namespace grammut
