#include "kpath/kpath_route.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <utility>

#include "grammar/min_cost.h"

namespace grammut {
namespace {

constexpr int64_t kFar = int64_t{1} << 60;

// The state a walk is at after taking `e` within its rule (a rule
// reference returns to its follow state).
int32_t After(const AtnEdge& e) {
  return e.kind == EdgeKind::kRule ? e.follow : e.target;
}

}  // namespace

// What a left-recursive rule's operator loop looks like in the ATN.
struct KPathRouter::RuleInfo {
  int32_t loop = -1;            // the precedence decision (another operator?)
  int32_t exit_edge = -1;       // its edge that leaves the loop
  int32_t block = -1;           // the state whose edges are the operators
  std::vector<int32_t> alt_of;  // per local state: operator alt, or -1
};

KPathRouter::KPathRouter(const SymbolGraph& graph) : graph_(graph) {
  const Grammar& grammar = graph.grammar();
  const AtnGraph& g = grammar.parser_graph();
  const int num_rules = grammar.num_rules();
  edge_source_.assign(g.edges.size(), -1);
  local_.assign(g.states.size(), -1);
  rule_states_.assign(num_rules, {});
  for (size_t s = 0; s < g.states.size(); ++s) {
    const AtnState& st = g.states[s];
    for (uint32_t i = 0; i < st.num_edges; ++i) {
      edge_source_[st.first_edge + i] = static_cast<int32_t>(s);
    }
    if (st.rule >= 0 && st.rule < num_rules) {
      local_[s] = static_cast<int32_t>(rule_states_[st.rule].size());
      rule_states_[st.rule].push_back(static_cast<int32_t>(s));
    }
  }
  // Operator loops: the states of each operator alternative, found by
  // walking from the alternative's first edge back to the loop.
  rules_.resize(num_rules);
  for (int r = 0; r < num_rules; ++r) {
    RuleInfo& info = rules_[r];
    info.block = graph.OperatorBlock(r);
    if (info.block < 0) continue;
    for (int32_t s : rule_states_[r]) {
      const AtnState& st = g.states[s];
      if (!st.precedence_decision) continue;
      info.loop = s;
      if (st.decision >= 0) {
        info.exit_edge = grammar.decision(st.decision).exit_alt - 1;
      }
    }
    info.alt_of.assign(rule_states_[r].size(), -1);
    const AtnState& block = g.states[info.block];
    for (uint32_t a = 0; a < block.num_edges; ++a) {
      std::vector<int32_t> work = {g.edges[block.first_edge + a].target};
      while (!work.empty()) {
        const int32_t s = work.back();
        work.pop_back();
        if (s == info.loop || s == info.block || local_[s] < 0 ||
            g.states[s].rule != r || info.alt_of[local_[s]] >= 0 ||
            g.states[s].kind == StateKind::kRuleStop) {
          continue;
        }
        info.alt_of[local_[s]] = static_cast<int32_t>(a);
        const AtnState& st = g.states[s];
        for (uint32_t i = 0; i < st.num_edges; ++i) {
          work.push_back(After(g.edges[st.first_edge + i]));
        }
      }
    }
  }
  // The cheapest chain of rule references from the start rule to every
  // rule: fewest invocations first, then no precedence argument into a
  // left-recursive rule (it forbids the lower operators there), then
  // bytes.
  chain_edge_.assign(num_rules, -1);
  std::vector<int64_t> best(num_rules, kFar);
  using Item = std::pair<int64_t, int32_t>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  best[grammar.start_rule()] = 0;
  queue.emplace(0, grammar.start_rule());
  while (!queue.empty()) {
    const auto [cost, r] = queue.top();
    queue.pop();
    if (cost != best[r]) continue;
    for (int32_t s : rule_states_[r]) {
      const AtnState& st = g.states[s];
      for (uint32_t i = 0; i < st.num_edges; ++i) {
        const AtnEdge& e = g.edges[st.first_edge + i];
        if (e.kind != EdgeKind::kRule) continue;
        const int q = e.label;
        const int64_t bytes =
            std::min<int64_t>(grammar.rule_min_cost(q).bytes, 4095);
        const bool precedence = g.left_recursive[q] && e.set > 0;
        const int64_t c = cost + (int64_t{1} << 32) +
                          (precedence ? int64_t{1} << 24 : 0) + bytes;
        if (c < best[q]) {
          best[q] = c;
          chain_edge_[q] = static_cast<int32_t>(st.first_edge + i);
          queue.emplace(c, q);
        }
      }
    }
  }
}

KPathRouter::~KPathRouter() = default;

int64_t KPathRouter::EdgeWeight(const AtnEdge& e) const {
  // Bytes first, then steps.
  const Grammar& grammar = graph_.grammar();
  int64_t bytes = 0;
  if (e.kind == EdgeKind::kRule) {
    bytes = grammar.rule_min_cost(e.label).bytes;
  } else if (IsSymbolEdge(e.kind)) {
    bytes = grammar.MinSymbolLength(e) +
            static_cast<int64_t>(grammar.separator().size());
  }
  if (bytes >= kUnreachableCost) return kFar;
  return bytes * 64 + 1;
}

const std::vector<int64_t>& KPathRouter::DistancesTo(int32_t to) const {
  auto it = distances_.find(to);
  if (it != distances_.end()) return *it->second;
  const AtnGraph& g = graph_.grammar().parser_graph();
  const std::vector<int32_t>& states = rule_states_[g.states[to].rule];
  auto dist = std::make_unique<std::vector<int64_t>>(states.size(), kFar);
  (*dist)[local_[to]] = 0;
  // Relax until stable (rules are small; edges mostly point forward, so
  // walking the states backwards settles most in one pass).
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = states.size(); i-- > 0;) {
      const AtnState& st = g.states[states[i]];
      if (st.kind == StateKind::kRuleStop) continue;  // its edges return
      for (uint32_t k = 0; k < st.num_edges; ++k) {
        const AtnEdge& e = g.edges[st.first_edge + k];
        const int32_t next = After(e);
        if (next < 0 || local_[next] < 0 ||
            g.states[next].rule != g.states[to].rule) {
          continue;
        }
        const int64_t w = EdgeWeight(e);
        const int64_t d = (*dist)[local_[next]];
        if (w >= kFar || d >= kFar) continue;
        if (d + w < (*dist)[i]) {
          (*dist)[i] = d + w;
          changed = true;
        }
      }
    }
  }
  return *distances_.emplace(to, std::move(dist)).first->second;
}

int KPathRouter::Toward(int32_t state, int32_t to) const {
  const AtnGraph& g = graph_.grammar().parser_graph();
  if (local_[state] < 0 || g.states[state].rule != g.states[to].rule) {
    return -1;
  }
  const std::vector<int64_t>& dist = DistancesTo(to);
  const AtnState& st = g.states[state];
  if (st.kind == StateKind::kRuleStop) return -1;
  int best = -1;
  int64_t best_cost = kFar;
  for (uint32_t k = 0; k < st.num_edges; ++k) {
    const AtnEdge& e = g.edges[st.first_edge + k];
    const int32_t next = After(e);
    if (next < 0 || local_[next] < 0 || g.states[next].rule != st.rule) {
      continue;
    }
    const int64_t w = EdgeWeight(e);
    const int64_t d = dist[local_[next]];
    if (w >= kFar || d >= kFar) continue;
    if (d + w < best_cost) {
      best_cost = d + w;
      best = static_cast<int>(k);
    }
  }
  return best;
}

bool KPathRouter::Leads(int32_t state, int edge, int32_t to) const {
  const AtnGraph& g = graph_.grammar().parser_graph();
  const AtnState& st = g.states[state];
  if (st.kind == StateKind::kRuleStop || edge < 0 ||
      edge >= static_cast<int>(st.num_edges) || local_[state] < 0 ||
      st.rule != g.states[to].rule) {
    return false;
  }
  const AtnEdge& e = g.edges[st.first_edge + edge];
  const int32_t next = After(e);
  if (next < 0 || local_[next] < 0 || g.states[next].rule != st.rule) {
    return false;
  }
  return EdgeWeight(e) < kFar && DistancesTo(to)[local_[next]] < kFar;
}

bool KPathRouter::Plan(absl::Span<const int32_t> path, Route* route) const {
  route->frames.clear();
  if (path.empty()) return false;
  const Grammar& grammar = graph_.grammar();
  const AtnGraph& g = grammar.parser_graph();
  // The chain of references from the start rule to the first symbol's rule.
  std::vector<int32_t> chain;
  for (int r = graph_.symbol(path[0]).rule; r != grammar.start_rule();) {
    const int32_t e = chain_edge_[r];
    if (e < 0 || chain.size() > rule_states_.size()) return false;
    chain.push_back(e);
    r = g.states[edge_source_[e]].rule;
  }
  for (size_t i = chain.size(); i-- > 0;) {
    const int32_t e = chain[i];
    const int32_t s = edge_source_[e];
    route->frames.push_back(RouteFrame{
        g.states[s].rule,
        {RouteWaypoint{s, static_cast<int32_t>(e - g.states[s].first_edge), -1,
                       true}}});
  }
  // The path's symbols, one group per invocation: a left-recursive rule's
  // self-references stay in the invocation, up to the symbol after them.
  const size_t k = path.size();
  for (size_t i = 0; i < k;) {
    const int rule = graph_.symbol(path[i]).rule;
    size_t j = i;
    while (graph_.symbol(path[j]).kind == KSymbol::Kind::kSelfRef &&
           j + 1 < k) {
      if (graph_.symbol(path[j + 1]).rule != rule) return false;
      ++j;
    }
    if (!PlanGroup(path.subspan(i, j - i + 1), j + 1 == k, route)) {
      return false;
    }
    if (j + 1 < k &&
        graph_.symbol(path[j + 1]).rule != graph_.symbol(path[j]).target) {
      return false;
    }
    i = j + 1;
  }
  return true;
}

bool KPathRouter::PlanInRule(int32_t symbol, Route* route) const {
  route->frames.clear();
  if (symbol < 0 || symbol >= graph_.num_symbols()) return false;
  const int32_t group[] = {symbol};
  return PlanGroup(group, /*last=*/true, route);
}

bool KPathRouter::PlanGroup(absl::Span<const int32_t> group, bool last,
                            Route* route) const {
  const AtnGraph& g = graph_.grammar().parser_graph();
  const int rule = graph_.symbol(group[0]).rule;
  RouteFrame frame;
  frame.rule = rule;
  const KSymbol& tail = graph_.symbol(group.back());
  const bool has_x = tail.kind != KSymbol::Kind::kSelfRef;
  RouteWaypoint x;
  if (has_x) {
    if (tail.edge < 0) return false;
    x.state = edge_source_[tail.edge];
    x.edge = tail.edge - static_cast<int32_t>(g.states[x.state].first_edge);
    if (tail.kind == KSymbol::Kind::kToken &&
        g.edges[tail.edge].kind != EdgeKind::kAtom) {
      x.token_type = tail.target;
    }
    x.descend = tail.kind == KSymbol::Kind::kRuleRef && !last;
  }
  const RuleInfo& info = rules_[rule];
  if (info.block < 0) {  // no operator loop: the group is one symbol
    if (!has_x || group.size() != 1) return false;
    frame.waypoints.push_back(x);
    route->frames.push_back(std::move(frame));
    return true;
  }
  if (info.loop < 0 || info.exit_edge < 0) return false;
  // The operator alternatives of the iterations, first (innermost) first:
  // the path names the self-references outermost first, and the last
  // iteration is the outermost one.
  std::vector<int32_t> iterations;
  const size_t m = group.size() - (has_x ? 1 : 0);
  for (size_t i = m; i-- > 0;)
    iterations.push_back(graph_.symbol(group[i]).alt);
  const int32_t x_alt = has_x ? info.alt_of[local_[x.state]] : -1;
  auto block = [&](int32_t alt) {
    return RouteWaypoint{info.block, alt, -1, false};
  };
  if (has_x && x_alt < 0) {  // x in the primary part, then the operators
    frame.waypoints.push_back(x);
  } else if (has_x) {  // x in the first operator's part, under the rest
    frame.waypoints.push_back(block(x_alt));
    frame.waypoints.push_back(x);
  }
  for (int32_t alt : iterations) frame.waypoints.push_back(block(alt));
  // No operator after them: another one would wrap the path's symbols.
  frame.waypoints.push_back(
      RouteWaypoint{info.loop, info.exit_edge, -1, false});
  route->frames.push_back(std::move(frame));
  return true;
}

RouteSteer::RouteSteer(const KPathRouter& router, const Route& route,
                       Rng* detour)
    : router_(router), route_(&route), detour_(detour) {}

void RouteSteer::Reset(const Route& route, Rng* detour) {
  route_ = &route;
  detour_ = detour;
  num_active_ = 0;
  depth_ = 0;
  next_frame_ = 0;
  completed_ = 0;
  descend_pending_ = false;
  gave_up_ = false;
  token_edge_ = -1;
  token_type_ = -1;
}

void RouteSteer::Push(int32_t frame, int32_t depth) {
  if (num_active_ == active_.size()) active_.emplace_back();
  Active& a = active_[num_active_++];
  a.frame = frame;
  a.depth = depth;
  a.next = 0;
  a.visited.clear();
}

void RouteSteer::EnterRule(int rule, int32_t /*edge*/) {
  ++depth_;
  const bool start = depth_ == 1 && next_frame_ == 0;
  if (!descend_pending_ && !start) return;
  descend_pending_ = false;
  if (next_frame_ < route_->frames.size() &&
      route_->frames[next_frame_].rule == rule) {
    Push(static_cast<int32_t>(next_frame_++), depth_);
  } else {
    gave_up_ = true;
  }
}

void RouteSteer::ExitRule() {
  if (num_active_ > 0 && Top().depth == depth_) {
    const Active& a = Top();
    if (a.next < route_->frames[a.frame].waypoints.size()) gave_up_ = true;
    --num_active_;
  }
  --depth_;
}

int RouteSteer::Force(int32_t state) {
  if (num_active_ == 0 || Top().depth != depth_) return -1;
  Active& a = Top();
  const std::vector<RouteWaypoint>& waypoints =
      route_->frames[a.frame].waypoints;
  if (a.next >= waypoints.size()) return -1;  // closed off freely
  const RouteWaypoint& w = waypoints[a.next];
  // No detours in an operator loop: another iteration would be one more
  // self-reference between the path's symbols.
  const bool may_detour =
      detour_ != nullptr &&
      router_.graph().OperatorBlock(route_->frames[a.frame].rule) < 0;
  if (may_detour &&
      std::find(a.visited.begin(), a.visited.end(), state) == a.visited.end()) {
    // A detour: any edge that still leads to the waypoint, or the
    // waypoint itself (index num_edges stands for it).
    a.visited.push_back(state);
    const AtnGraph& g = router_.graph().grammar().parser_graph();
    const int n = static_cast<int>(g.states[state].num_edges);
    std::vector<int>& options = detour_options_;
    options.clear();
    if (state == w.state) options.push_back(n);
    for (int e = 0; e < n; ++e) {
      if (router_.Leads(state, e, w.state)) options.push_back(e);
    }
    if (!options.empty()) {
      const int pick = options[detour_->Below(options.size())];
      return pick == n ? Take(a, w, state) : pick;
    }
  }
  if (state == w.state) return Take(a, w, state);
  const int e = router_.Toward(state, w.state);
  if (e < 0) {
    gave_up_ = true;
    return kGiveUp;
  }
  return e;
}

int RouteSteer::Take(Active& a, const RouteWaypoint& w, int32_t state) {
  const size_t count = route_->frames[a.frame].waypoints.size();
  if (++a.next == count) ++completed_;
  a.visited.clear();
  descend_pending_ = w.descend;
  if (w.token_type >= 0) {
    const AtnGraph& g = router_.graph().grammar().parser_graph();
    token_edge_ = static_cast<int32_t>(g.states[state].first_edge) + w.edge;
    token_type_ = w.token_type;
  }
  return w.edge;
}

int RouteSteer::ForceTokenType(int32_t edge) {
  if (edge != token_edge_) return -1;
  token_edge_ = -1;
  return token_type_;
}

}  // namespace grammut
