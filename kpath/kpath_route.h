// kpath_route.h: the route of one derivation toward one k-path (the inner
// loop of Algorithm 1 in Havrikov's dissertation, ch. 3), as forced
// choices for the generator.
//
// A Route is one RouteFrame per rule invocation on the way: first the
// shortest chain of rule references from the start rule to the rule that
// holds the path's first symbol, then one invocation per rule the path
// enters. Each frame lists waypoints, ATN edges to take in order; between
// them RouteSteer takes, at every state, the edge that reaches the next
// waypoint with the fewest bytes (rule references on the way are left to
// the generator: those are the open slots a close-off fills). A
// left-recursive rule's frame also fixes its operator loop: which operator
// alternative each iteration takes and when the loop ends, since in
// ANTLR's parse trees every iteration is one more implicit self-reference
// (kpath.h) above what came before.
//
// Example:
//   KPathRouter router(graph);
//   Route route;
//   if (router.Plan(path, &route)) {
//     RouteSteer steer(router, route);
//     GenerateOptions opt; opt.steer = &steer;
//     if (generator.Generate(grammar.start_rule(), rng, opt, &tree) &&
//         steer.done()) { ... the derivation holds `path` ... }
//   }
#ifndef GRAMMUT_KPATH_KPATH_ROUTE_H_
#define GRAMMUT_KPATH_KPATH_ROUTE_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"
#include "generate/generator.h"
#include "kpath/kpath.h"
#include "base/rng.h"

namespace grammut {

// One edge a route must take: edge `edge` (0-based) of ATN state `state`.
struct RouteWaypoint {
  int32_t state = -1;
  int32_t edge = -1;
  int32_t token_type = -1;  // set edges: the token type to emit; else -1
  bool descend = false;     // a rule reference into the route's next frame
};

// The waypoints of one rule invocation of the route.
struct RouteFrame {
  int32_t rule = -1;
  std::vector<RouteWaypoint> waypoints;
};

// A derivation's route toward one k-path, outermost frame first.
struct Route {
  std::vector<RouteFrame> frames;
};

// KPathRouter plans routes over one grammar's parser ATN. The graph must
// outlive it. Distances are computed on first use and cached, so a router
// is not thread-safe.
class KPathRouter {
 public:
  explicit KPathRouter(const SymbolGraph& graph);
  ~KPathRouter();

  const SymbolGraph& graph() const { return graph_; }

  // Plan writes the route toward `path` (a k-path of the graph); false if
  // there is none (a symbol's rule is unreachable from the start rule).
  bool Plan(absl::Span<const int32_t> path, Route* route) const;
  // PlanInRule writes a one-frame route that takes `symbol` in one
  // invocation of the rule holding it (the invocation Generate starts
  // with); false if there is none.
  bool PlanInRule(int32_t symbol, Route* route) const;

  // Toward is the edge (0-based) of `state` on a cheapest walk within its
  // rule to state `to` (rule references count the callee's least bytes),
  // or -1 if `to` cannot be reached from `state`.
  int Toward(int32_t state, int32_t to) const;
  // Leads: whether a walk within the rule can take edge `edge` (0-based) of
  // `state` and still reach state `to` afterwards.
  bool Leads(int32_t state, int edge, int32_t to) const;

 private:
  struct RuleInfo;
  // Cheapest-walk costs from every state of `to`'s rule to `to`.
  const std::vector<int64_t>& DistancesTo(int32_t to) const;
  // Appends the frames of the path's symbols that live in one invocation.
  bool PlanGroup(absl::Span<const int32_t> group, bool last,
                 Route* route) const;
  int64_t EdgeWeight(const AtnEdge& e) const;

  const SymbolGraph& graph_;
  std::vector<int32_t> edge_source_;  // per parser edge
  std::vector<int32_t> local_;        // per state: index within its rule
  std::vector<std::vector<int32_t>> rule_states_;
  std::vector<RuleInfo> rules_;
  // Per rule: the rule edge that reaches it first from the start rule.
  std::vector<int32_t> chain_edge_;
  mutable absl::flat_hash_map<int32_t, std::unique_ptr<std::vector<int64_t>>>
      distances_;
};

// RouteSteer makes the generator follow a route (see GenerationSteer). The
// router and the route must outlive it; one steer per derivation.
//
// With `detour` (not owned; null: none) the walk toward a waypoint is not
// always the cheapest: at each state it reaches for the first time on the
// way, it takes any edge after which the waypoint is still reachable,
// uniformly, the waypoint's own edge included as an ordinary slot where a
// loop leads back to it (so an optional element may be present, or a loop
// iterate, before the path's symbol). For retries: a parse can differ from
// the cheapest derivation (e.g. SQLite reads a column's first "GENERATED"
// as part of its type name).
class RouteSteer : public GenerationSteer {
 public:
  RouteSteer(const KPathRouter& router, const Route& route,
             Rng* detour = nullptr);

  // Reset starts over on `route` (which must outlive the next derivation),
  // keeping the buffers: one steer can serve derivation after derivation
  // without allocating.
  void Reset(const Route& route, Rng* detour);

  void EnterRule(int rule, int32_t edge) override;
  void ExitRule() override;
  int Force(int32_t state) override;
  int ForceTokenType(int32_t edge) override;

  // done: every waypoint of every frame was taken.
  bool done() const { return completed_ == route_->frames.size(); }
  // gave_up: no edge led on to the next waypoint, or a route frame ended
  // before its waypoints were taken.
  bool gave_up() const { return gave_up_; }

 private:
  struct Active {
    int32_t frame;                 // index into route_.frames
    int32_t depth;                 // the generator's invocation depth
    size_t next;                   // next waypoint
    std::vector<int32_t> visited;  // detour: states met on the way to it
  };
  // Takes waypoint `w` of `a` (the edge Force returns).
  int Take(Active& a, const RouteWaypoint& w, int32_t state);
  // Opens an Active for frame `frame` at depth `depth` (reusing a slot).
  void Push(int32_t frame, int32_t depth);
  Active& Top() { return active_[num_active_ - 1]; }

  const KPathRouter& router_;
  const Route* route_;
  Rng* detour_;
  std::vector<Active> active_;  // the first num_active_ are open
  size_t num_active_ = 0;
  int32_t depth_ = 0;
  size_t next_frame_ = 0;
  size_t completed_ = 0;
  bool descend_pending_ = false;
  bool gave_up_ = false;
  int32_t token_edge_ = -1;  // the set edge that must emit token_type_
  int32_t token_type_ = -1;
  std::vector<int> detour_options_;
};

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_ROUTE_H_
