// Subtree operators: regenerate, swap, splice, crossover, hoist, recursive
// expansion, shortest replacement, and splice where the target stopped.
#include <algorithm>
#include <utility>

#include "absl/container/inlined_vector.h"
#include "learn/place_match.h"
#include "mutate/operators/operators.h"
#include "mutate/operators/shrink_edits.h"

namespace grammut {

using op_internal::Inside;
using op_internal::PreferInputTexts;
using op_internal::RoomFor;
using op_internal::Splice;

namespace {

// A random rule node where the target read, or -1.
int PickRuleNode(MutationContext& ctx, const Tree& in) {
  return op_internal::PickReadRuleNode(ctx, in);
}

// The place of rule node `at` of `in` a partner should come from (empty:
// any, when places are off).
absl::Span<const int32_t> WantedPlace(const MutationContext& ctx,
                                      const Tree& in, int at) {
  if (!ctx.places) return {};
  return ctx.index.PlaceOf(in, ctx.grammar, at);
}

// One of `count` nodes whose places (kRulePlaceDepth each) are
// `places`, among those `allowed`, preferring the place `want`; -1 if none.
int64_t PickPartner(absl::Span<const int32_t> want,
                    absl::Span<const int32_t> places, size_t count,
                    absl::FunctionRef<bool(size_t)> allowed, Rng& rng) {
  constexpr int kDepth = kRulePlaceDepth;
  return PickByPlace(
      count, kDepth,
      [&](size_t k) {
        return allowed(k) ? PlaceMatch(want, &places[k * kDepth], kDepth) : -1;
      },
      rng);
}

}  // namespace

bool OpRegenerate(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickRuleNode(ctx, in);
  if (at < 0) return false;
  // Grow moderately: at most twice the old subtree plus some room.
  const size_t room = std::min(
      RoomFor(ctx, in, at), 2 * in.SubtreeSize(at) + 64 + ctx.rng.Below(256));
  GenerateOptions options;
  options.max_bytes = room;
  options.mode = ctx.mode;
  options.max_depth = ctx.max_depth;
  PreferInputTexts(ctx, in, &options);
  op_internal::PlaceAt(ctx, in, at, &options);
  Tree& fresh = ctx.scratch.fresh;
  if (!ctx.generator.Generate(in.node(at).symbol, ctx.rng, options, &fresh)) {
    return false;
  }
  return Splice(ctx, in, at, fresh, 0, out);
}

bool OpSwap(MutationContext& ctx, const Tree& in, Tree* out) {
  const int a = PickRuleNode(ctx, in);
  if (a < 0) return false;
  // A partner of the same rule outside `a` with another text, preferably
  // from a's place.
  const int rule = in.node(a).symbol;
  const absl::Span<const int32_t> nodes =
      ctx.index.OfRule(in, ctx.grammar, rule);
  const absl::string_view text = in.SubtreeText(a);
  const int64_t pick = PickPartner(
      WantedPlace(ctx, in, a), ctx.index.PlacesOfRule(in, ctx.grammar, rule),
      nodes.size(),
      [&](size_t k) {
        return !Inside(in, a, nodes[k]) && !Inside(in, nodes[k], a) &&
               in.SubtreeText(nodes[k]) != text;
      },
      ctx.rng);
  if (pick < 0) return false;
  const int b = nodes[pick];
  const int first = std::min(a, b), second = std::max(a, b);
  // Replace the later one first so the earlier index stays valid.
  const size_t saved = ctx.max_size;
  ctx.max_size = SIZE_MAX;
  Tree& step = ctx.scratch.step_a;
  Splice(ctx, in, second, in, first, &step);
  ctx.max_size = saved;
  return Splice(ctx, step, first, in, second, out);
}

namespace {

// Splice of another input's subtree, which first adopts `in`'s names with
// probability ctx.adopt_names.
bool SpliceAdopting(MutationContext& ctx, const Tree& in, int at,
                    const Tree& donor, int from, Tree* out) {
  if (ctx.adopt_names > 0 && ctx.rng.Chance(ctx.adopt_names)) {
    if (const Tree* named = op_internal::AdoptNames(ctx, in, at, donor, from)) {
      return Splice(ctx, in, at, *named, 0, out);
    }
  }
  return Splice(ctx, in, at, donor, from, out);
}

// Replaces rule node `at` of `in` by a donor of its rule with another
// text, preferably from its place.
bool SpliceDonor(MutationContext& ctx, const Tree& in, int at, Tree* out) {
  const Tree* donor =
      ctx.donors->Pick(in.node(at).symbol, ctx.rng, WantedPlace(ctx, in, at));
  if (donor == nullptr) return false;
  if (donor->SubtreeText(0) == in.SubtreeText(at)) return false;
  return SpliceAdopting(ctx, in, at, *donor, 0, out);
}

}  // namespace

bool OpSplice(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.donors == nullptr) return false;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(ctx, in);
    if (at < 0) return false;
    if (SpliceDonor(ctx, in, at, out)) return true;
  }
  return false;
}

bool OpStopSplice(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.donors == nullptr) return false;
  LoopInstance loop;
  LoopIteration it;
  if (!op_internal::PickStopIteration(ctx, in, &loop, &it)) return false;
  // The iteration's rule nodes (SQL: the statement after the `;`).
  absl::InlinedVector<int, 4> rules;
  int child = 0;
  for (int c = loop.node + 1; c < in.End(loop.node); c = in.End(c), ++child) {
    if (child >= it.end_child) break;
    if (child >= it.first_child && in.node(c).is_rule) rules.push_back(c);
  }
  if (rules.empty()) return false;
  const int at = rules[ctx.rng.Below(rules.size())];
  for (int attempt = 0; attempt < 4; ++attempt) {
    if (SpliceDonor(ctx, in, at, out)) return true;
  }
  return false;
}

bool OpCrossover(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.other == nullptr || ctx.other->empty() ||
      ctx.other_index == nullptr) {
    return false;
  }
  const Tree& other = *ctx.other;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int at = PickRuleNode(ctx, in);
    if (at < 0) return false;
    const int rule = in.node(at).symbol;
    absl::Span<const int32_t> matches =
        ctx.other_index->OfRule(other, ctx.grammar, rule);
    if (matches.empty()) continue;
    const int64_t pick = PickPartner(
        WantedPlace(ctx, in, at),
        ctx.other_index->PlacesOfRule(other, ctx.grammar, rule), matches.size(),
        [](size_t) { return true; }, ctx.rng);
    if (pick < 0) continue;
    const int from = matches[pick];
    if (other.SubtreeText(from) == in.SubtreeText(at)) continue;
    if (SpliceAdopting(ctx, in, at, other, from, out)) return true;
  }
  return false;
}

bool OpHoist(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(ctx, in);
    if (at < 0) return false;
    std::vector<int32_t>& inner = ctx.scratch.ints;
    shrink_edits::SmallerSameRule(ctx, in, at, SIZE_MAX, &inner);
    if (inner.empty()) continue;
    return shrink_edits::Hoist(ctx, in, at, inner[ctx.rng.Below(inner.size())],
                               out);
  }
  return false;
}

// True if copies of a token run `last` then `first` would lex apart.
bool SeamHolds(MutationContext& ctx, const Tree& in, int last, int first) {
  return !in.token_trivia(first).empty() ||
         ctx.separators
             .Separator(in.node(last).symbol, in.token_text(last),
                        in.node(first).symbol, in.token_text(first))
             .empty();
}

// Builds in ctx.scratch.fresh subtree `a` of `in` with the rule nodes on
// the path from `a` down to `b` (a node of a's rule inside it) wrapped
// `levels` more times around `b`, in one pass however deep. False where
// the repeated parts would run together.
bool BuildNesting(MutationContext& ctx, const Tree& in, int a, int b,
                  int levels) {
  // The part before b (P) and after it (S) repeat: P's last token meets
  // its first, S's last its first.
  const int p_first = in.FirstToken(a), p_last = in.TokenBefore(b);
  if (p_first >= 0 && p_first < b && p_last >= a &&
      !SeamHolds(ctx, in, p_last, p_first)) {
    return false;
  }
  const int s_first = in.TokenFrom(in.End(b)), s_last = in.LastToken(a);
  if (s_first >= 0 && s_first < in.End(a) && s_last >= in.End(b) &&
      !SeamHolds(ctx, in, s_last, s_first)) {
    return false;
  }
  std::vector<int32_t>& path = ctx.scratch.kids;  // a, ..., the parent of b
  path.clear();
  for (int cur = a; cur != b;) {
    path.push_back(cur);
    int c = cur + 1;
    while (!Inside(in, b, c)) c = in.End(c);
    cur = c;
  }
  std::vector<int32_t>& open = ctx.scratch.ints;
  open.clear();
  Tree& t = ctx.scratch.fresh;
  t.Clear();
  for (int level = 0; level <= levels; ++level) {
    for (size_t i = 0; i < path.size(); ++i) {
      const int node = path[i];
      const int next = i + 1 < path.size() ? path[i + 1] : b;
      const int id = t.BeginRule(in.node(node).symbol);
      t.SetSteps(id, in.steps(node));
      open.push_back(id);
      for (int c = node + 1; c < next; c = in.End(c)) t.AppendSubtree(in, c);
    }
  }
  t.AppendSubtree(in, b);
  for (int level = 0; level <= levels; ++level) {
    for (size_t i = path.size(); i-- > 0;) {
      const int node = path[i];
      const int next = i + 1 < path.size() ? path[i + 1] : b;
      for (int c = in.End(next); c < in.End(node); c = in.End(c)) {
        t.AppendSubtree(in, c);
      }
      t.EndRule(open.back());
      open.pop_back();
    }
  }
  return true;
}

bool OpRecursive(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int outer = PickRuleNode(ctx, in);
    if (outer < 0) return false;
    absl::Span<const int32_t> inner = ctx.index.OfRuleWithin(
        in, ctx.grammar, in.node(outer).symbol, outer + 1, in.End(outer));
    if (inner.empty()) continue;
    int a = outer, b = inner[ctx.rng.Below(inner.size())];
    // Each level adds a's bytes outside b.
    const size_t room = RoomFor(ctx, in, a), now = in.SubtreeSize(a);
    const int times = op_internal::RepeatCount(
        ctx, 1, 3, now - in.SubtreeSize(b), room > now ? room - now : 0);
    if (times > 3) {
      // Deep: built in one pass (repeated splices would copy the tree
      // `times` times).
      if (BuildNesting(ctx, in, a, b, times) &&
          Splice(ctx, in, a, ctx.scratch.fresh, 0, out)) {
        return true;
      }
      continue;
    }
    // Put a copy of subtree a (which contains b) where b is: one more
    // level of the same nesting. The copy of b sits b - a further on.
    // Results alternate between two scratch trees.
    const Tree* cur = &in;
    Tree* bufs[2] = {&ctx.scratch.step_a, &ctx.scratch.step_b};
    int made = 0;
    for (int k = 0; k < times; ++k) {
      Tree* next = bufs[made % 2];
      if (!Splice(ctx, *cur, b, *cur, a, next)) break;
      cur = next;
      ++made;
      const int step = b - a;
      a = b;
      b = b + step;
      if (b >= cur->size()) break;
    }
    if (made == 0) continue;
    std::swap(*out, *bufs[(made - 1) % 2]);
    return true;
  }
  return false;
}

bool OpShortest(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const int at = PickRuleNode(ctx, in);
    if (at < 0) return false;
    // The generator's default depth, not ctx.max_depth.
    if (shrink_edits::ReplaceByShortest(ctx, in, at,
                                        GenerateOptions().max_depth, out)) {
      return true;
    }
  }
  return false;
}

}  // namespace grammut
