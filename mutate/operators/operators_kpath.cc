// operators_kpath.cc: k-path-directed regeneration (Havrikov): regenerate a
// node toward a k-path the corpus has not covered yet, its own choices
// steered to the path's last symbol.
#include <algorithm>

#include "kpath/kpath_targets.h"
#include "mutate/operators/operators.h"

namespace grammut {

using op_internal::RoomFor;
using op_internal::Splice;

namespace {
// Regenerations tried per call before settling for the last one: without
// a route, and with one (a steered one fails only on the budget).
constexpr int kTries = 4;
constexpr int kSteeredTries = 2;
// Uncovered k-paths drawn before giving up on finding a node for one.
constexpr int kDraws = 8;
}  // namespace

bool OpKPath(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.kpaths == nullptr) return false;
  KPathTargets::Target target;
  int at = -1;
  for (int draw = 0; draw < kDraws && at < 0; ++draw) {
    if (!ctx.kpaths->PickUncovered(ctx.rng, &target)) return false;
    const absl::Span<const int32_t> nodes = op_internal::ReadPart(
        ctx, ctx.index.OfRule(in, ctx.grammar, target.rule));
    if (!nodes.empty()) at = nodes[ctx.rng.Below(nodes.size())];
  }
  if (at < 0) return false;
  GenerateOptions options;
  options.max_bytes = std::min(
      RoomFor(ctx, in, at), 2 * in.SubtreeSize(at) + 64 + ctx.rng.Below(256));
  // Inverse probabilities: what the corpus has not shown comes first,
  // which is where uncovered k-paths are.
  options.mode = ProbabilityMode::kInverse;
  options.max_depth = ctx.max_depth;
  op_internal::PreferInputTexts(ctx, in, &options);
  op_internal::PlaceAt(ctx, in, at, &options);
  Tree& fresh = ctx.scratch.fresh;
  // The route to the target's last symbol steers the node's own choices
  // (its descendants stay free); random detours on the way vary the rest.
  RouteSteer* steer = ctx.kpaths->SteerWithin(target, &ctx.rng);
  const bool steered = steer != nullptr;
  options.steer = steer;
  const int tries = steered ? kSteeredTries : kTries;
  bool made = false;
  for (int i = 0; i < tries; ++i) {
    if (i > 0 && steered) steer = ctx.kpaths->SteerWithin(target, &ctx.rng);
    if (!ctx.generator.Generate(target.rule, ctx.rng, options, &fresh)) {
      if (steered) continue;
      break;
    }
    // The regenerated node alone is checked (cheap, and where the path
    // must appear), not the whole output.
    const bool hit = steered ? steer->done() && !steer->gave_up()
                             : ctx.kpaths->HasSymbol(fresh, target.last);
    if (!hit && i + 1 < tries) continue;
    made = Splice(ctx, in, at, fresh, 0, out);
    if (made) break;
  }
  return made;
}

}  // namespace grammut
