// Loop operators: delete, duplicate or swap iterations of one (...)* or
// (...)+ loop, found from the derivation record (see loops.h).
#include <algorithm>

#include "absl/container/inlined_vector.h"
#include "mutate/loops.h"
#include "mutate/operators/operators.h"
#include "mutate/operators/shrink_edits.h"

namespace grammut {
namespace {

// A random loop instance of a random rule node that has loops.
bool PickLoop(MutationContext& ctx, const Tree& in, LoopInstance* loop) {
  const absl::Span<const int32_t> candidates =
      op_internal::ReadPart(ctx, ctx.index.LoopNodes(in, ctx.grammar));
  Loops& loops = ctx.scratch.loops;
  for (int attempt = 0; attempt < 8 && !candidates.empty(); ++attempt) {
    const int node = candidates[ctx.rng.Below(candidates.size())];
    FindLoops(ctx.grammar, in, node, &loops);
    if (loops.instances.empty()) continue;
    *loop = loops.instances[ctx.rng.Below(loops.instances.size())];
    return true;
  }
  return false;
}

// How many of the loop's first iterations start in the part of the input
// the target read (all of them when none does): the ones an edit picks.
int ReadIterations(const MutationContext& ctx, const Tree& in,
                   const LoopInstance& loop,
                   absl::Span<const LoopIteration> iterations) {
  if (ctx.read_nodes >= in.size()) return loop.count;
  int read = 0, child = 0, c = loop.node + 1;
  const int end = in.End(loop.node);
  for (const LoopIteration& it : iterations) {
    for (; child < it.first_child && c < end; ++child) c = in.End(c);
    if (c >= ctx.read_nodes) break;
    ++read;
  }
  return read == 0 ? loop.count : read;
}

// A random iteration of `loop` where the target read.
LoopIteration PickIteration(MutationContext& ctx, const Tree& in,
                            const LoopInstance& loop) {
  const absl::Span<const LoopIteration> iterations = ctx.scratch.loops.of(loop);
  return iterations[ctx.rng.Below(ReadIterations(ctx, in, loop, iterations))];
}

// The children of rule node `parent`, in order.
void ChildrenOf(const Tree& t, int parent, std::vector<int32_t>* out) {
  out->clear();
  for (int c = parent + 1; c < t.End(parent); c = t.End(c)) out->push_back(c);
}

// Separators where the rearranged children of `parent` in `out` meet:
// before the first token at each child position in `positions`.
bool FinishLoopEdit(MutationContext& ctx, int parent,
                    absl::Span<const int> positions, Tree* out) {
  std::vector<int32_t>& kids = ctx.scratch.kids;
  ChildrenOf(*out, parent, &kids);
  std::vector<int32_t>& tokens = ctx.scratch.ints;
  tokens.clear();
  for (int p : positions) {
    const int node =
        p < static_cast<int>(kids.size()) ? kids[p] : out->End(parent);
    if (node < out->size()) tokens.push_back(out->TokenFrom(node));
  }
  ctx.separators.FixSeams(tokens, out);
  return out->TextSize() <= ctx.max_size;
}

}  // namespace

bool OpLoopDelete(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop)) return false;
  return shrink_edits::DeleteIteration(ctx, in, loop,
                                       PickIteration(ctx, in, loop), out);
}

bool OpLoopSkip(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  LoopIteration it;
  if (!op_internal::PickStopIteration(ctx, in, &loop, &it)) return false;
  return shrink_edits::DeleteIteration(ctx, in, loop, it, out);
}

bool OpLoopDuplicate(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop)) return false;
  const LoopIteration it = PickIteration(ctx, in, loop);
  if (it.end_child == it.first_child) return false;
  std::vector<int32_t>& kids = ctx.scratch.kids;
  ChildrenOf(in, loop.node, &kids);
  const int width = it.end_child - it.first_child;
  // Copies (a step's child position is 16 bits) and bytes within limits.
  size_t iteration_bytes = 0;
  for (int k = it.first_child; k < it.end_child; ++k) {
    iteration_bytes += in.SubtreeSize(kids[k]);
  }
  const size_t room =
      ctx.max_size > in.TextSize() ? ctx.max_size - in.TextSize() : 0;
  const int max_copies = 1 + (0xFFFF - static_cast<int>(kids.size())) / width;
  const int copies = std::min(
      max_copies, op_internal::RepeatCount(ctx, 2, 3, iteration_bytes, room));
  if (copies < 2) return false;
  std::vector<int32_t>& parts = ctx.scratch.ints;
  parts.clear();
  for (int c = 0; c < copies; ++c) {
    for (int k = it.first_child; k < it.end_child; ++k) {
      parts.push_back(kids[k]);
    }
  }
  // Steps: the iteration's steps repeated, shifted to each copy.
  const absl::Span<const DerivationStep> old = in.steps(loop.node);
  std::vector<DerivationStep>& steps = ctx.scratch.steps;
  steps.clear();
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
  out->AssignChildren(in, loop.node, it.first_child, it.end_child, parts,
                      steps);
  // Seams where copies meet each other and what follows them.
  absl::InlinedVector<int, 4> seams;
  for (int c = 1; c <= copies; ++c) seams.push_back(it.first_child + c * width);
  return FinishLoopEdit(ctx, loop.node, seams, out);
}

bool OpLoopSwap(MutationContext& ctx, const Tree& in, Tree* out) {
  LoopInstance loop;
  if (!PickLoop(ctx, in, &loop) || loop.count < 2) return false;
  const absl::Span<const LoopIteration> iterations = ctx.scratch.loops.of(loop);
  const size_t i = ctx.rng.Below(ReadIterations(ctx, in, loop, iterations));
  size_t j = ctx.rng.Below(loop.count - 1);
  if (j >= i) ++j;
  const LoopIteration a = iterations[std::min(i, j)];
  const LoopIteration b = iterations[std::max(i, j)];
  std::vector<int32_t>& kids = ctx.scratch.kids;
  ChildrenOf(in, loop.node, &kids);
  const size_t bytes_a = in.SubtreeSize(kids[a.first_child]);
  const size_t bytes_b = in.SubtreeSize(kids[b.first_child]);
  if (a.end_child - a.first_child == b.end_child - b.first_child &&
      bytes_a == bytes_b) {
    // Same shape: swapping may change nothing; compare the texts.
    bool same = true;
    for (int k = 0; same && k < a.end_child - a.first_child; ++k) {
      same = in.SubtreeText(kids[a.first_child + k]) ==
             in.SubtreeText(kids[b.first_child + k]);
    }
    if (same) return false;
  }
  // New order of the children from a.first_child to b.end_child:
  // b, (between a and b), a.
  std::vector<int32_t>& parts = ctx.scratch.ints;
  parts.clear();
  for (int k = b.first_child; k < b.end_child; ++k) parts.push_back(kids[k]);
  for (int k = a.end_child; k < b.first_child; ++k) parts.push_back(kids[k]);
  for (int k = a.first_child; k < a.end_child; ++k) parts.push_back(kids[k]);
  // Iteration steps swap places too (positions recomputed).
  const absl::Span<const DerivationStep> old = in.steps(loop.node);
  std::vector<DerivationStep>& steps = ctx.scratch.steps;
  steps.assign(old.begin(), old.begin() + a.first_step);
  auto append = [&](int first, int end, int shift) {
    for (int k = first; k < end; ++k) {
      DerivationStep d = old[k];
      d.child = static_cast<uint16_t>(d.child + shift);
      steps.push_back(d);
    }
  };
  const int width_a = a.end_child - a.first_child;
  const int width_b = b.end_child - b.first_child;
  const int between = b.first_child - a.end_child;
  append(b.first_step, b.end_step, a.first_child - b.first_child);
  append(a.end_step, b.first_step, width_b - width_a);
  append(a.first_step, a.end_step, width_b + between);
  append(b.end_step, static_cast<int>(old.size()), 0);
  out->AssignChildren(in, loop.node, a.first_child, b.end_child, parts, steps);
  if (out->SameText(in)) return false;
  const int p = a.first_child;
  return FinishLoopEdit(ctx, loop.node,
                        {p, p + width_b, p + width_b + between, b.end_child},
                        out);
}

namespace op_internal {
namespace {

// The token the target stopped reading at: the one before the last token
// read, so that a loop iteration which only begins with the last token read
// (SQL's `;` that starts the next `; statement`) is not taken for the one
// that stopped the target. -1 without a stop inside the input.
int StopToken(const MutationContext& ctx, const Tree& in) {
  if (ctx.read_nodes <= 0 || ctx.read_nodes >= in.size()) return -1;
  const int last = in.TokenBefore(ctx.read_nodes);
  if (last < 0) return -1;
  const int before = in.TokenBefore(last);
  return before >= 0 ? before : last;
}

}  // namespace

bool PickStopIteration(MutationContext& ctx, const Tree& in, LoopInstance* loop,
                       LoopIteration* iteration) {
  const int stop = StopToken(ctx, in);
  if (stop < 0) return false;
  // The loop iterations around the stop, outermost first.
  absl::InlinedVector<std::pair<LoopInstance, LoopIteration>, 8> found;
  Loops& loops = ctx.scratch.loops;
  std::vector<int32_t>& kids = ctx.scratch.kids;
  for (const int32_t node : ctx.index.LoopNodes(in, ctx.grammar)) {
    if (node > stop) break;
    if (in.End(node) <= stop) continue;
    FindLoops(ctx.grammar, in, node, &loops);
    if (loops.instances.empty()) continue;
    ChildrenOf(in, node, &kids);
    for (const LoopInstance& l : loops.instances) {
      if (l.plus && l.count < 2) continue;
      for (const LoopIteration& it : loops.of(l)) {
        if (it.end_child == it.first_child) continue;
        if (kids[it.first_child] <= stop &&
            stop < in.End(kids[it.end_child - 1])) {
          found.emplace_back(l, it);
        }
      }
    }
  }
  if (found.empty()) return false;
  // Half the time the outermost: where a target runs a list of statements
  // or declarations, the one that failed.
  const size_t k = ctx.rng.Chance(0.5) ? 0 : ctx.rng.Below(found.size());
  *loop = found[k].first;
  *iteration = found[k].second;
  return true;
}

}  // namespace op_internal

}  // namespace grammut
