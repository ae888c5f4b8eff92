#include "mutate/loops.h"

#include <algorithm>

namespace grammut {
namespace {

// Appends one instance whose iterations start at `starts` (child, step) and
// end at the next start, the last at the loop's exit.
void AddInstance(const std::vector<std::pair<int, int>>& starts, int node,
                 bool plus, int exit_child, int exit_step, int num_children,
                 Loops* out) {
  if (starts.empty()) return;
  LoopInstance inst;
  inst.node = node;
  inst.plus = plus;
  inst.first = static_cast<int>(out->iterations.size());
  bool ok = true;
  for (size_t k = 0; k < starts.size(); ++k) {
    LoopIteration it;
    it.first_child = starts[k].first;
    it.first_step = starts[k].second;
    it.end_child = k + 1 < starts.size() ? starts[k + 1].first : exit_child;
    it.end_step = k + 1 < starts.size() ? starts[k + 1].second : exit_step;
    ok = ok && it.first_child <= it.end_child && it.end_child <= num_children &&
         it.first_step <= it.end_step;
    out->iterations.push_back(it);
  }
  if (!ok) {  // malformed record: drop the instance
    out->iterations.resize(inst.first);
    return;
  }
  inst.count = static_cast<int>(out->iterations.size()) - inst.first;
  out->instances.push_back(inst);
}

}  // namespace

void FindLoops(const Grammar& grammar, const Tree& tree, int node, Loops* out) {
  out->Clear();
  const absl::Span<const DerivationStep> steps = tree.steps(node);
  const int num_children = tree.ChildCount(node);
  // Open (...)* loops: (decision, child, step) of each iteration start.
  std::vector<std::pair<int32_t, int32_t>>& open = out->open;
  std::vector<std::pair<int, int>>& starts = out->starts;
  open.clear();
  // open[k] = (decision, index of the step that started an iteration).
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    const DerivationStep& s = steps[i];
    if (s.decision < 0 || s.decision >= grammar.num_decisions()) continue;
    const DecisionInfo& info = grammar.decision(s.decision);
    if (info.kind == DecisionKind::kStarEntry) {
      if (s.alt != info.exit_alt) {
        open.emplace_back(s.decision, i);
        continue;
      }
      // The loop exits: its iterations are the open starts of `decision`.
      starts.clear();
      for (const auto& [d, step] : open) {
        if (d == s.decision) starts.emplace_back(steps[step].child, step);
      }
      open.erase(std::remove_if(open.begin(), open.end(),
                                [&](const std::pair<int32_t, int32_t>& o) {
                                  return o.first == s.decision;
                                }),
                 open.end());
      AddInstance(starts, node, false, s.child, i, num_children, out);
    } else if (info.kind == DecisionKind::kPlusLoopBack &&
               s.alt == info.exit_alt) {
      // Iteration starts are the visits of the block-start decision since
      // the previous exit of this loop.
      starts.clear();
      for (int k = i - 1; k >= 0; --k) {
        const DerivationStep& b = steps[k];
        if (b.decision == s.decision && b.alt == info.exit_alt) break;
        if (b.decision == info.iteration_decision) {
          starts.emplace_back(b.child, k);
        }
      }
      std::reverse(starts.begin(), starts.end());
      AddInstance(starts, node, true, s.child, i, num_children, out);
    }
  }
}

}  // namespace grammut
