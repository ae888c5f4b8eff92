#include "mutator/loops.h"

#include "absl/container/flat_hash_map.h"

namespace grammut {
namespace {

// Turns iteration starts (child, step) and the loop's exit position into
// iterations: each runs to the next start, the last to the exit.
void AddIterations(const std::vector<std::pair<int, int>>& starts,
                   int exit_child, int exit_step, LoopInstance* inst) {
  for (size_t k = 0; k < starts.size(); ++k) {
    LoopIteration it;
    it.first_child = starts[k].first;
    it.first_step = starts[k].second;
    it.end_child = k + 1 < starts.size() ? starts[k + 1].first : exit_child;
    it.end_step = k + 1 < starts.size() ? starts[k + 1].second : exit_step;
    inst->iterations.push_back(it);
  }
}

}  // namespace

std::vector<LoopInstance> FindLoops(const Grammar& grammar, const Tree& tree,
                                    int node) {
  std::vector<LoopInstance> out;
  const absl::Span<const DerivationStep> steps = tree.steps(node);
  const int num_children = static_cast<int>(tree.Children(node).size());
  // Open loops: decision that drives the loop -> instance being collected
  // (with the start (child, step) of each iteration).
  struct Open {
    bool plus;
    std::vector<std::pair<int, int>> starts;
  };
  absl::flat_hash_map<int, Open> open;
  // (...)+ block-start decision -> its loop-back decision.
  for (int i = 0; i < static_cast<int>(steps.size()); ++i) {
    const DerivationStep& s = steps[i];
    if (s.decision < 0 || s.decision >= grammar.num_decisions()) continue;
    const DecisionInfo& info = grammar.decision(s.decision);
    if (info.kind == DecisionKind::kStarEntry) {
      Open& o = open[s.decision];
      o.plus = false;
      if (s.alt != info.exit_alt) {
        o.starts.emplace_back(s.child, i);
        continue;
      }
    } else if (info.kind == DecisionKind::kPlusLoopBack) {
      if (s.alt != info.exit_alt) continue;
    } else {
      // A block start: is it the start of a (...)+ iteration?
      continue;
    }
    // A loop exit at child s.child, step i.
    auto it = open.find(s.decision);
    if (info.kind == DecisionKind::kPlusLoopBack) {
      // Iteration starts are the visits of the block-start decision since
      // the previous exit of this loop.
      LoopInstance inst;
      inst.node = node;
      inst.plus = true;
      std::vector<std::pair<int, int>> starts;
      for (int k = i - 1; k >= 0; --k) {
        const DerivationStep& b = steps[k];
        if (b.decision == s.decision && b.alt == info.exit_alt) break;
        if (b.decision == info.iteration_decision) {
          starts.emplace(starts.begin(), b.child, k);
        }
      }
      AddIterations(starts, s.child, i, &inst);
      if (!inst.iterations.empty()) out.push_back(std::move(inst));
      continue;
    }
    if (it == open.end()) continue;
    LoopInstance inst;
    inst.node = node;
    AddIterations(it->second.starts, s.child, i, &inst);
    open.erase(it);
    if (!inst.iterations.empty()) out.push_back(std::move(inst));
  }
  // Drop malformed instances (child ranges out of order or out of bounds).
  std::vector<LoopInstance> valid;
  for (LoopInstance& inst : out) {
    bool ok = true;
    for (const LoopIteration& it : inst.iterations) {
      ok = ok && it.first_child <= it.end_child &&
           it.end_child <= num_children && it.first_step <= it.end_step;
    }
    if (ok) valid.push_back(std::move(inst));
  }
  return valid;
}

}  // namespace grammut
