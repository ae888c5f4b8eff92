// generator_costs.cc: Generator's precomputed costs of the parser ATN's
// edges (bytes and steps to the rule's end, depth), and the cost of an edge
// under a precedence (left-recursive rules).
#include <algorithm>
#include <vector>

#include "generate/generator.h"
#include "grammar/min_cost.h"

namespace grammut {
namespace {

constexpr int kPrecedenceLookahead = 6;

}  // namespace

void Generator::PrecomputeEdgeCosts() {
  const AtnGraph& g = grammar_.parser_graph();
  const std::vector<MinCost>& cost = grammar_.parser_min_cost();
  const MinCost kInf{kUnreachableCost, kUnreachableCost};
  const int64_t sep = static_cast<int64_t>(grammar_.separator().size());
  edge_cost_.resize(g.edges.size());
  precedence_sensitive_.assign(g.edges.size(), false);
  for (size_t k = 0; k < g.edges.size(); ++k) {
    const AtnEdge& e = g.edges[k];
    MinCost c = kInf;
    if (e.kind == EdgeKind::kRule) {
      const MinCost& a = cost[g.rule_start[e.label]];
      const MinCost& b = cost[e.follow];
      if (a.bytes < kUnreachableCost && b.bytes < kUnreachableCost) {
        c = MinCost{a.bytes + b.bytes, a.steps + b.steps + 1};
      }
    } else if (IsSymbolEdge(e.kind)) {
      const MinCost& b = cost[e.target];
      const int64_t sym = grammar_.MinSymbolLength(e) + sep;
      if (b.bytes < kUnreachableCost && sym < kUnreachableCost) {
        c = MinCost{b.bytes + sym, b.steps + 1};
      }
    } else {
      const MinCost& b = cost[e.target];
      if (b.bytes < kUnreachableCost) c = MinCost{b.bytes, b.steps + 1};
    }
    edge_cost_[k] = c;
  }
  // Edges whose cost can depend on a precedence predicate met within the
  // lookahead: only those need the per-call search.
  std::vector<std::pair<int32_t, int>> stack;
  for (size_t k = 0; k < g.edges.size(); ++k) {
    const AtnEdge& e = g.edges[k];
    if (!IsEpsilonLike(e.kind)) continue;
    if (e.kind == EdgeKind::kPrecedence) {
      precedence_sensitive_[k] = true;
      continue;
    }
    stack.assign(1, {e.target, 0});
    while (!stack.empty() && !precedence_sensitive_[k]) {
      const auto [state, depth] = stack.back();
      stack.pop_back();
      if (depth > kPrecedenceLookahead) continue;
      const AtnState& t = g.states[state];
      if (t.kind == StateKind::kRuleStop) continue;
      for (uint32_t i = 0; i < t.num_edges; ++i) {
        const AtnEdge& next = g.edges[t.first_edge + i];
        if (next.kind == EdgeKind::kPrecedence) {
          precedence_sensitive_[k] = true;
        } else if (IsEpsilonLike(next.kind)) {
          stack.emplace_back(next.target, depth + 1);
        }
      }
    }
  }
  fixed_costs_.assign(g.states.size(), true);
  for (size_t s = 0; s < g.states.size(); ++s) {
    const AtnState& st = g.states[s];
    for (uint32_t i = 0; i < st.num_edges; ++i) {
      if (precedence_sensitive_[st.first_edge + i]) fixed_costs_[s] = false;
    }
  }
}

void Generator::PrecomputeEdgeDepths() {
  // Fixpoint from the rule stops (depth 0) backwards: a rule edge needs
  // one level more than its callee, and then what its follow state needs.
  const AtnGraph& g = grammar_.parser_graph();
  constexpr int32_t kInf = int32_t{1} << 28;
  std::vector<int32_t> state_depth(g.states.size(), kInf);
  edge_depth_.assign(g.edges.size(), kInf);
  for (size_t s = 0; s < g.states.size(); ++s) {
    if (g.states[s].kind == StateKind::kRuleStop) state_depth[s] = 0;
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t s = g.states.size(); s-- > 0;) {
      const AtnState& st = g.states[s];
      for (uint32_t i = 0; i < st.num_edges; ++i) {
        const AtnEdge& e = g.edges[st.first_edge + i];
        int32_t d = kInf;
        if (e.kind == EdgeKind::kRule) {
          const int32_t callee = state_depth[g.rule_start[e.label]];
          const int32_t after = state_depth[e.follow];
          if (callee < kInf && after < kInf) d = std::max(callee + 1, after);
        } else {
          d = state_depth[e.target];
        }
        edge_depth_[st.first_edge + i] = d;
        if (d < state_depth[s]) {
          state_depth[s] = d;
          changed = true;
        }
      }
    }
  }
}

MinCost Generator::EdgeCost(uint32_t k, int precedence, int depth) {
  ++work_;
  const AtnGraph& g = grammar_.parser_graph();
  const AtnEdge& e = g.edges[k];
  const MinCost kInf{kUnreachableCost, kUnreachableCost};
  if (!precedence_sensitive_[k]) return edge_cost_[k];
  if (e.kind == EdgeKind::kPrecedence && e.label < precedence) return kInf;
  // A pure function of (edge, precedence) at the top: computed once.
  const uint64_t key =
      depth == 0 ? (uint64_t{k} << 32) | static_cast<uint32_t>(precedence) : 0;
  if (depth == 0) {
    if (auto it = precedence_costs_.find(key); it != precedence_costs_.end()) {
      return it->second;
    }
  }
  // Look through a few states for precedence predicates that would fail,
  // since the precomputed costs ignore them.
  const AtnState& t = g.states[e.target];
  if (depth > kPrecedenceLookahead || t.kind == StateKind::kRuleStop ||
      t.num_edges == 0) {
    return edge_cost_[k];
  }
  MinCost best = kInf;
  for (uint32_t i = 0; i < t.num_edges; ++i) {
    MinCost c = EdgeCost(t.first_edge + i, precedence, depth + 1);
    if (c.bytes < kUnreachableCost) c.steps += 1;
    if (c < best) best = c;
  }
  if (depth == 0) precedence_costs_.emplace(key, best);
  return best;
}

Generator::FirstWalk Generator::WalkToFirstSymbols(
    int32_t state, uint32_t edge, int limit,
    absl::FunctionRef<bool(const AtnEdge&)> visit, bool* rule_end) const {
  const AtnGraph& g = grammar_.parser_graph();
  std::vector<int32_t> stack;
  std::vector<bool> seen(g.states.size(), false);
  bool stop = false;
  auto visit_edge = [&](const AtnEdge& e) {
    if (IsSymbolEdge(e.kind)) {
      stop = !visit(e);
    } else if (e.kind == EdgeKind::kRule) {
      stack.push_back(g.rule_start[e.label]);
      if (grammar_.rule_min_cost(e.label).bytes == 0) stack.push_back(e.follow);
    } else {
      stack.push_back(e.target);
    }
  };
  if (state >= 0) {
    stack.push_back(state);
  } else {
    visit_edge(g.edges[edge]);
  }
  int steps = 0;
  while (!stack.empty() && !stop) {
    if (++steps > limit) return FirstWalk::kGaveUp;
    const int32_t s = stack.back();
    stack.pop_back();
    if (seen[s]) continue;
    seen[s] = true;
    const AtnState& st = g.states[s];
    if (st.kind == StateKind::kRuleStop) {
      *rule_end = true;
      continue;
    }
    for (uint32_t i = 0; i < st.num_edges && !stop; ++i) {
      visit_edge(g.edges[st.first_edge + i]);
    }
  }
  return stop ? FirstWalk::kStopped : FirstWalk::kDone;
}

}  // namespace grammut
