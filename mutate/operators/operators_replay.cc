// Replay operators: Zest's parametric mutation (choice_replay.h), flat over
// the whole tree or hierarchical over one rule node's subtree.
#include <algorithm>
#include <utility>

#include "generate/choice_replay.h"
#include "mutate/operators/operators.h"

namespace grammut {

using op_internal::RoomFor;
using op_internal::Splice;

namespace {

constexpr int kAttempts = 4;
// Larger inputs are not regenerated whole (its cost is the whole input's
// generation, every call): replay then mutates one rule node's subtree.
// libFuzzer's default -max_len, so only oversized seeds are affected.
constexpr size_t kMaxWholeReplayBytes = 4096;

// Mutates the choice sequence of subtree `at` of `in` and replays it into
// ctx.scratch.fresh within `max_bytes`. False if nothing fits.
bool MutateAndReplay(MutationContext& ctx, const Tree& in, int at,
                     size_t max_bytes) {
  ChoiceSequence& choices = ctx.scratch.choices;
  ExtractChoices(ctx.grammar, in, at, &choices);
  ZestMutate(ZestOptions{}, ctx.rng, &choices);
  ChoiceReplay replay(choices);
  GenerateOptions options;
  options.max_bytes = max_bytes;
  options.mode = ctx.mode;
  options.max_depth = ctx.max_depth;
  options.replay = &replay;
  op_internal::PlaceAt(ctx, in, at, &options);
  return ctx.generator.Generate(in.node(at).symbol, ctx.rng, options,
                                &ctx.scratch.fresh);
}

}  // namespace

bool OpReplay(MutationContext& ctx, const Tree& in, Tree* out) {
  if (in.empty() || !in.node(0).is_rule) return false;
  if (in.TextSize() > kMaxWholeReplayBytes) return OpReplayRule(ctx, in, out);
  const size_t trailer = in.trailer().size();
  if (trailer >= ctx.max_size) return false;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    // Grow moderately, as regenerate does.
    const size_t room = std::min(ctx.max_size - trailer,
                                 2 * in.TextSize() + 64 + ctx.rng.Below(256));
    if (!MutateAndReplay(ctx, in, 0, room)) return false;
    Tree& fresh = ctx.scratch.fresh;
    fresh.set_trailer(in.trailer());
    if (fresh.SameText(in)) continue;
    std::swap(*out, fresh);
    return true;
  }
  return false;
}

bool OpReplayRule(MutationContext& ctx, const Tree& in, Tree* out) {
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const int at = op_internal::PickReadRuleNode(ctx, in);
    if (at < 0) return false;
    const size_t room = std::min(
        RoomFor(ctx, in, at), 2 * in.SubtreeSize(at) + 64 + ctx.rng.Below(256));
    if (!MutateAndReplay(ctx, in, at, room)) continue;
    const Tree& fresh = ctx.scratch.fresh;
    if (fresh.SubtreeText(0) == in.SubtreeText(at)) continue;
    if (Splice(ctx, in, at, fresh, 0, out)) return true;
  }
  return false;
}

}  // namespace grammut
