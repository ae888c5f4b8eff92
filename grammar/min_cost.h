// min_cost.h: minimum cost from every ATN state to its rule's stop state.
//
// The generator uses these costs to finish a derivation within a byte
// budget: once the budget runs low it takes only the cheapest edges. Costs
// are found by a fixpoint (Bellman-Ford style) over the network, with rule
// calls costing the callee's minimum.
#ifndef GRAMMUT_GRAMMAR_MIN_COST_H_
#define GRAMMUT_GRAMMAR_MIN_COST_H_

#include <functional>
#include <vector>

#include "grammar/atn_graph.h"
#include "grammar/grammar.h"

namespace grammut {

// Cost of a state no derivation can finish from (e.g. a rule that only
// recurses).
inline constexpr int64_t kUnreachableCost = int64_t{1} << 40;

// ComputeMinCosts returns the minimum cost per state of `graph`.
// `symbol_cost(edge)` gives the byte cost of a terminal edge (atom, range,
// set, not-set, wildcard); epsilon-like edges cost 0 bytes. Every edge costs
// one step.
std::vector<MinCost> ComputeMinCosts(
    const AtnGraph& graph,
    const std::function<int64_t(const AtnEdge&)>& symbol_cost);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_MIN_COST_H_
