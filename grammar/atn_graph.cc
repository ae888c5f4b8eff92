#include "grammar/atn_graph.h"

#include <algorithm>

namespace grammut {

bool SetContains(const SymbolSet& set, int32_t symbol) {
  auto it =
      std::upper_bound(set.begin(), set.end(), symbol,
                       [](int32_t v, const std::pair<int32_t, int32_t>& iv) {
                         return v < iv.first;
                       });
  if (it == set.begin()) return false;
  --it;
  return symbol >= it->first && symbol <= it->second;
}

std::vector<int32_t> PassThroughTargets(const AtnGraph& graph,
                                        const std::vector<bool>* keep) {
  auto crossed = [&](int32_t s) {
    const AtnState& st = graph.states[s];
    if (keep != nullptr && (*keep)[s]) return false;
    return st.num_edges == 1 && st.decision < 0 && !st.precedence_decision &&
           st.kind != StateKind::kRuleStop &&
           IsEpsilonLike(graph.edges[st.first_edge].kind);
  };
  std::vector<int32_t> to(graph.states.size());
  for (size_t s = 0; s < graph.states.size(); ++s) {
    int32_t at = static_cast<int32_t>(s);
    // Bounded: a cycle of crossed states derives nothing.
    for (size_t hops = 0; crossed(at) && hops < graph.states.size(); ++hops) {
      at = graph.edges[graph.states[at].first_edge].target;
    }
    to[s] = at;
  }
  return to;
}

}  // namespace grammut
