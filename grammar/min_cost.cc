#include "grammar/min_cost.h"

#include <algorithm>

namespace grammut {

std::vector<MinCost> ComputeMinCosts(
    const AtnGraph& graph,
    const std::function<int64_t(const AtnEdge&)>& symbol_cost) {
  const MinCost kInf{kUnreachableCost, kUnreachableCost};
  std::vector<MinCost> cost(graph.states.size(), kInf);
  for (int32_t stop : graph.rule_stop) cost[stop] = MinCost{0, 0};
  std::vector<int64_t> edge_bytes(graph.edges.size(), 0);
  for (size_t i = 0; i < graph.edges.size(); ++i) {
    if (IsSymbolEdge(graph.edges[i].kind)) {
      edge_bytes[i] = symbol_cost(graph.edges[i]);
    }
  }
  // Relax until nothing changes. Each pass is linear; the number of passes is
  // bounded by the longest cheapest path, small for real grammars.
  bool changed = true;
  for (int pass = 0; changed && pass < 100000; ++pass) {
    changed = false;
    for (size_t s = graph.states.size(); s-- > 0;) {
      const AtnState& st = graph.states[s];
      if (st.kind == StateKind::kRuleStop || st.kind == StateKind::kInvalid) {
        continue;
      }
      MinCost best = cost[s];
      for (uint32_t i = 0; i < st.num_edges; ++i) {
        const AtnEdge& e = graph.edges[st.first_edge + i];
        MinCost c;
        if (e.kind == EdgeKind::kRule) {
          const MinCost& callee = cost[graph.rule_start[e.label]];
          const MinCost& after = cost[e.follow];
          if (callee.bytes >= kUnreachableCost ||
              after.bytes >= kUnreachableCost) {
            continue;
          }
          c = MinCost{callee.bytes + after.bytes,
                      callee.steps + after.steps + 1};
        } else {
          const MinCost& after = cost[e.target];
          if (after.bytes >= kUnreachableCost) continue;
          c = MinCost{after.bytes + edge_bytes[st.first_edge + i],
                      after.steps + 1};
        }
        if (c < best) best = c;
      }
      if (best < cost[s]) {
        cost[s] = best;
        changed = true;
      }
    }
  }
  return cost;
}

}  // namespace grammut
