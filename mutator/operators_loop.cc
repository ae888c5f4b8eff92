// Loop operators: delete, duplicate or swap iterations of one (...)* or
// (...)+ loop, found from the derivation record (see loops.h).
#include <algorithm>

#include "mutator/loops.h"
#include "mutator/operators.h"

namespace grammut {
namespace {

// A random loop instance of a random rule node that has loops.
bool PickLoop(MutationContext& ctx, const Tree& in, LoopInstance* loop) {
  std::vector<int> candidates;
  for (int i : op_internal::RuleNodes(in)) {
    if (in.steps(i).size() >= 2) candidates.push_back(i);
  }
  for (int attempt = 0; attempt < 8 && !candidates.empty(); ++attempt) {
    const int node = candidates[ctx.rng.Below(candidates.size())];
    std::vector<LoopInstance> loops = FindLoops(ctx.grammar, in, node);
    if (loops.empty()) continue;
    *loop = std::move(loops[ctx.rng.Below(loops.size())]);
    return true;
  }
  return false;
}

// The parent's steps with the step range [first, end) removed and child
// positions from `at` on shifted by `delta`.
std::vector<DerivationStep> ShiftSteps(absl::Span<const DerivationStep> steps,
                                       int first, int end, int at, int delta) {
  std::vector<DerivationStep> out;
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    if (i >= first && i < end) continue;
    DerivationStep s = steps[i];
    if (s.child >= at && i >= end) {
      s.child = static_cast<uint16_t>(std::max(0, s.child + delta));
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace

bool OpLoopDelete(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop)) return false;
  if (loop.plus && loop.iterations.size() < 2) return false;
  const LoopIteration& it =
      loop.iterations[ctx.rng.Below(loop.iterations.size())];
  if (it.end_child == it.first_child) return false;
  const int width = it.end_child - it.first_child;
  std::vector<DerivationStep> steps = ShiftSteps(
      in.steps(loop.node), it.first_step, it.end_step, it.end_child, -width);
  *out = in.ReplaceChildren(loop.node, it.first_child, it.end_child, {}, steps);
  return out->TextSize() <= ctx.max_size;
}

bool OpLoopDuplicate(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop)) return false;
  const LoopIteration& it =
      loop.iterations[ctx.rng.Below(loop.iterations.size())];
  if (it.end_child == it.first_child) return false;
  const std::vector<int> kids = in.Children(loop.node);
  const int width = it.end_child - it.first_child;
  std::vector<int> parts;
  const int copies = 2 + static_cast<int>(ctx.rng.Below(2));
  for (int c = 0; c < copies; ++c) {
    for (int k = it.first_child; k < it.end_child; ++k)
      parts.push_back(kids[k]);
  }
  // Steps: the iteration's steps repeated, shifted to each copy.
  const absl::Span<const DerivationStep> old = in.steps(loop.node);
  std::vector<DerivationStep> steps;
  for (int i = 0; i < static_cast<int>(old.size()); ++i) {
    DerivationStep s = old[i];
    if (i >= it.end_step && s.child >= it.end_child) {
      s.child = static_cast<uint16_t>(s.child + width * (copies - 1));
    }
    steps.push_back(s);
    if (i == it.end_step - 1) {
      for (int c = 1; c < copies; ++c) {
        for (int k = it.first_step; k < it.end_step; ++k) {
          DerivationStep d = old[k];
          d.child = static_cast<uint16_t>(d.child + width * c);
          steps.push_back(d);
        }
      }
    }
  }
  *out =
      in.ReplaceChildren(loop.node, it.first_child, it.end_child, parts, steps);
  return out->TextSize() <= ctx.max_size;
}

bool OpLoopSwap(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop) || loop.iterations.size() < 2) return false;
  const size_t i = ctx.rng.Below(loop.iterations.size());
  size_t j = ctx.rng.Below(loop.iterations.size() - 1);
  if (j >= i) ++j;
  const LoopIteration& a = loop.iterations[std::min(i, j)];
  const LoopIteration& b = loop.iterations[std::max(i, j)];
  const std::vector<int> kids = in.Children(loop.node);
  // New order of the children from a.first_child to b.end_child:
  // b, (between a and b), a.
  std::vector<int> parts;
  for (int k = b.first_child; k < b.end_child; ++k) parts.push_back(kids[k]);
  for (int k = a.end_child; k < b.first_child; ++k) parts.push_back(kids[k]);
  for (int k = a.first_child; k < a.end_child; ++k) parts.push_back(kids[k]);
  std::string before;
  for (int k = a.first_child; k < b.end_child; ++k)
    before += in.SubtreeText(kids[k]);
  std::string after;
  for (int p : parts) after += in.SubtreeText(p);
  if (before == after) return false;
  // Iteration steps swap places too (positions recomputed).
  const absl::Span<const DerivationStep> old = in.steps(loop.node);
  std::vector<DerivationStep> steps(old.begin(), old.begin() + a.first_step);
  auto append = [&](int first, int end, int shift) {
    for (int k = first; k < end; ++k) {
      DerivationStep d = old[k];
      d.child = static_cast<uint16_t>(d.child + shift);
      steps.push_back(d);
    }
  };
  const int width_a = a.end_child - a.first_child;
  const int width_b = b.end_child - b.first_child;
  append(b.first_step, b.end_step, a.first_child - b.first_child);
  append(a.end_step, b.first_step, width_b - width_a);
  append(a.first_step, a.end_step,
         (a.first_child + width_b + (b.first_child - a.end_child)) -
             a.first_child);
  append(b.end_step, static_cast<int>(old.size()), 0);
  *out =
      in.ReplaceChildren(loop.node, a.first_child, b.end_child, parts, steps);
  return out->TextSize() <= ctx.max_size;
}

}  // namespace grammut
