#include "generate/generator.h"

#include <algorithm>
#include <vector>

#include "generate/choice_replay.h"
#include "grammar/min_cost.h"
#include "learn/place_match.h"

namespace grammut {

Generator::Generator(const Grammar& grammar, const Weights& weights,
                     TokenGenerator& tokens, SeparatorOracle& separators,
                     const TokenPool* pool)
    : grammar_(grammar),
      weights_(weights),
      tokens_(tokens),
      separators_(separators),
      pool_(pool) {
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    // Set complements and wildcards never stand for tokens the parser does
    // not see (comments, whitespace): a generated comment would swallow
    // the rest of its line.
    if (tokens_.CanGenerate(t) && !grammar.token_hidden(t)) {
      generable_types_.push_back(t);
    }
  }
  const std::vector<SymbolSet>& sets = grammar.parser_graph().sets;
  set_types_.resize(sets.size());
  not_set_types_.resize(sets.size());
  for (size_t s = 0; s < sets.size(); ++s) {
    for (int t : generable_types_) {
      (SetContains(sets[s], t) ? set_types_ : not_set_types_)[s].push_back(t);
    }
  }
  wildcard_types_ = generable_types_;
  auto by_length = [&](int a, int b) {
    return grammar.min_token_length(a) < grammar.min_token_length(b);
  };
  std::stable_sort(wildcard_types_.begin(), wildcard_types_.end(), by_length);
  for (size_t s = 0; s < sets.size(); ++s) {
    std::stable_sort(set_types_[s].begin(), set_types_[s].end(), by_length);
    std::stable_sort(not_set_types_[s].begin(), not_set_types_[s].end(),
                     by_length);
  }
  PrecomputeEdgeCosts();
  pass_to_ = PassThroughTargets(grammar.parser_graph());
}

namespace {

constexpr int kPrecedenceLookahead = 6;

}  // namespace

namespace {

// True if the parent of token `at` is a node of `rule`. Only a token's
// nearest nodes are looked at (a name's parent is usually right before
// it); false beyond them.
bool ParentIs(const Tree& tree, int at, int rule) {
  constexpr int kLookBack = 16;
  for (int p = at - 1; p >= 0 && p >= at - kLookBack; --p) {
    if (tree.End(p) > at) return tree.node(p).symbol == rule;
  }
  return false;
}

}  // namespace

absl::string_view PickTokenTextOfType(const Tree& tree,
                                      absl::Span<const int32_t> nodes,
                                      absl::Span<const int32_t> node_rules,
                                      int type, size_t max_len, Rng& rng,
                                      absl::Span<const int32_t> want,
                                      absl::string_view avoid) {
  const auto fits = [&](int at) {
    if (tree.node(at).is_rule || tree.node(at).symbol != type) return false;
    const absl::string_view text = tree.token_text(at);
    return !text.empty() && text.size() <= max_len &&
           (avoid.empty() || text != avoid);
  };
  if (!nodes.empty() && node_rules.size() == nodes.size() * kTokenPlaceDepth) {
    const int64_t k = PickByPlace(
        nodes.size(), kTokenPlaceDepth,
        [&](size_t k) {
          return fits(nodes[k])
                     ? PlaceMatch(want, &node_rules[k * kTokenPlaceDepth],
                                  kTokenPlaceDepth)
                     : -1;
        },
        rng);
    return k >= 0 ? tree.token_text(nodes[k]) : absl::string_view();
  }
  // Without a list, twice the looks: rule nodes and literals are drawn too.
  const int parent_rule = want.empty() ? -1 : want[0];
  const int looks = nodes.empty() ? 16 : 8;
  for (int look = 0; look < looks && !tree.empty(); ++look) {
    const int at = nodes.empty() ? static_cast<int>(rng.Below(tree.size()))
                                 : nodes[rng.Below(nodes.size())];
    if (!fits(at)) continue;
    if (parent_rule >= 0 && look < looks / 2 &&
        !ParentIs(tree, at, parent_rule)) {
      continue;
    }
    return tree.token_text(at);
  }
  return {};
}

bool Generator::PickContextText(int type, absl::Span<const int32_t> want,
                                int64_t room, const GenerateOptions& options,
                                Rng& rng) {
  if (options.context == nullptr || room <= 0 ||
      !rng.Chance(options.context_probability)) {
    return false;
  }
  const absl::string_view text = PickTokenTextOfType(
      *options.context, options.context_tokens, options.context_token_rules,
      type, static_cast<size_t>(room), rng, want);
  if (text.empty()) return false;
  text_.assign(text.data(), text.size());
  return true;
}

absl::Span<const int32_t> Generator::WantedContext(
    const Tree& tree, const GenerateOptions& options) {
  if (options.context == nullptr || pool_ == nullptr || !pool_->by_context()) {
    return {};
  }
  wanted_.resize(kTokenPlaceDepth);
  const size_t n = InnermostFirst(Enclosing(tree, options), kTokenPlaceDepth,
                                  wanted_.data());
  return absl::Span<const int32_t>(wanted_.data(), n);
}

absl::Span<const int32_t> Generator::Enclosing(const Tree& tree,
                                               const GenerateOptions& options) {
  constexpr size_t kMax = TokenPool::kMaxContextRules;
  enclosing_.clear();
  const size_t from_frames = std::min(depth_, kMax);
  const size_t from_outer =
      std::min(options.enclosing.size(), kMax - from_frames);
  enclosing_.insert(enclosing_.end(), options.enclosing.end() - from_outer,
                    options.enclosing.end());
  for (size_t f = depth_ - from_frames; f < depth_; ++f) {
    enclosing_.push_back(tree.node(frames_[f].node).symbol);
  }
  return enclosing_;
}

int Generator::PickTokenType(const std::vector<int>& accepted, size_t fitting,
                             ProbabilityMode mode, Rng& rng) {
  const absl::Span<const int> candidates(accepted.data(), fitting);
  if (fitting < accepted.size()) {  // a prefix: weighed afresh
    weights_.TokenTypeWeights(candidates, mode, &type_weights_);
    double total = 0;
    for (double w : type_weights_) total += w;
    double r = rng.Uniform() * total;
    for (size_t k = 0; k < fitting; ++k) {
      r -= type_weights_[k];
      if (r < 0) return candidates[k];
    }
    return candidates.back();
  }
  // The whole list: its cumulative weights are kept until a count changes.
  TypeCdf& cdf = type_cdfs_[{&accepted, static_cast<int>(mode)}];
  if (cdf.version != weights_.token_version() || cdf.sums.empty()) {
    weights_.TokenTypeWeights(candidates, mode, &type_weights_);
    cdf.sums.resize(fitting);
    double total = 0;
    for (size_t k = 0; k < fitting; ++k)
      cdf.sums[k] = total += type_weights_[k];
    cdf.version = weights_.token_version();
  }
  const double r = rng.Uniform() * cdf.sums.back();
  const size_t k = static_cast<size_t>(
      std::upper_bound(cdf.sums.begin(), cdf.sums.end(), r) - cdf.sums.begin());
  return candidates[std::min(k, fitting - 1)];
}

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

Generator::Frame& Generator::PushFrame(int32_t follow, int node, int precedence,
                                       int64_t reserve, int base,
                                       const DecisionPlace& place) {
  if (depth_ == frames_.size()) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.follow = follow;
  f.node = node;
  f.children = 0;
  f.precedence = precedence;
  f.reserve = reserve;
  f.base = base;
  f.peak = base;
  f.source = -1;
  f.source_cursor = -1;
  f.place = place;
  f.steps.clear();
  return f;
}

int32_t Generator::SourceChild(Frame& frame, const ChoiceSequence& seq,
                               int rule, size_t consumed) {
  if (frame.source < 0) return -1;
  const Tree& t = *seq.source;
  const int32_t root = seq.source_root;
  for (int32_t c = frame.source_cursor; c < t.End(frame.source); c = t.End(c)) {
    if (!t.node(c).is_rule) continue;
    if (seq.first[c - root] > consumed) return -1;
    if (seq.first[c - root] == consumed && t.node(c).symbol == rule) {
      frame.source_cursor = t.End(c);
      return c;
    }
  }
  return -1;
}

std::optional<Tree> Generator::Generate(int rule, Rng& rng,
                                        const GenerateOptions& options) {
  Tree t;
  if (!Generate(rule, rng, options, &t)) return std::nullopt;
  return t;
}

bool Generator::Generate(int rule, Rng& rng, const GenerateOptions& options,
                         Tree* out) {
  const AtnGraph& g = grammar_.parser_graph();
  const std::vector<MinCost>& cost = grammar_.parser_min_cost();
  const int64_t budget = static_cast<int64_t>(options.max_bytes);
  if (rule < 0 || rule >= grammar_.num_rules()) return false;
  const bool part = options.start_state >= 0;
  if (part &&
      (options.start_state >= static_cast<int32_t>(g.states.size()) ||
       g.states[options.start_state].rule != rule || options.start_edge < 0 ||
       options.start_edge >=
           static_cast<int32_t>(g.states[options.start_state].num_edges))) {
    return false;
  }
  if (cost[part ? options.start_state : g.rule_start[rule]].bytes > budget) {
    return false;
  }
  const std::string& sep = grammar_.separator();
  const int64_t sep_size = static_cast<int64_t>(sep.size());

  GenerationSteer* const steer = options.steer;
  if (options.fit_depth && edge_depth_.empty()) PrecomputeEdgeDepths();

  Tree& tree = *out;
  tree.Clear();
  depth_ = 0;
  int64_t emitted = 0;  // bytes written
  int64_t reserve = 0;  // sum of the frames' reserves
  int last_token = -1;
  Frame& root =
      PushFrame(-1, tree.BeginRule(rule),
                g.left_recursive[rule] ? options.precedence : 0, 0, 1,
                options.place.known() == 0 && options.enclosing.empty() &&
                        rule == grammar_.start_rule()
                    ? DecisionPlace::Root()
                    : options.place);
  if (steer != nullptr) steer->EnterRule(rule, -1);
  // Without a steer (which may watch every state), chains of states with
  // nothing to decide or record are crossed in one step.
  // A part's walk must see its stop state, which a chain may cross.
  const std::vector<int32_t>* const pass_to =
      steer == nullptr && !part ? &pass_to_ : nullptr;
  auto next = [pass_to](int32_t s) {
    return pass_to != nullptr ? (*pass_to)[s] : s;
  };
  int32_t state = part ? options.start_state : next(g.rule_start[rule]);
  const int64_t step_limit = 64 * budget + 20000;
  std::vector<double>& weights = weights_scratch_;
  ChoiceReplay* const replay = options.replay;
  if (replay != nullptr && replay->sequence().source != nullptr) {
    const ChoiceSequence& seq = replay->sequence();
    if (seq.source->node(seq.source_root).symbol == rule) {
      root.source = seq.source_root;
      root.source_cursor = seq.source_root + 1;
    }
  }
  for (int64_t steps = 0;; ++steps) {
    ++work_;
    if (steps > 4 * step_limit + 100000) return false;  // defensive
    const AtnState& st = g.states[state];
    Frame& frame = frames_[depth_ - 1];
    if (st.kind == StateKind::kRuleStop ||
        (part && depth_ == 1 && state == options.stop_state)) {
      tree.SetSteps(frame.node, frame.steps);
      tree.EndRule(frame.node);
      const int32_t follow = frame.follow;
      const int peak = frame.peak;
      reserve -= frame.reserve;
      --depth_;
      if (steer != nullptr) steer->ExitRule();
      if (depth_ == 0) break;
      frames_[depth_ - 1].peak = std::max(frames_[depth_ - 1].peak, peak);
      state = next(follow);
      continue;
    }
    if (st.num_edges == 0) return false;
    int forced = part && steps == 0 ? options.start_edge : -1;
    if (steer != nullptr && forced < 0) {
      forced = steer->Force(state);
      if (forced == GenerationSteer::kGiveUp ||
          forced >= static_cast<int>(st.num_edges)) {
        return false;
      }
    }
    // Past the nesting limit only the cheapest alternatives are taken: at an
    // operator loop, when one more operator would make the frame's peak too
    // deep; elsewhere, when a child would be too deep.
    const int nesting = st.precedence_decision ? frame.peak : frame.base;
    const bool cheapest =
        options.shortest || nesting >= options.max_depth || steps > step_limit;
    uint32_t pick = 0;
    if (forced >= 0) {
      // A forced edge must still be takeable (precedence predicates).
      if (EdgeCost(st.first_edge + forced, frame.precedence, 0).bytes >=
          kUnreachableCost) {
        return false;
      }
      pick = static_cast<uint32_t>(forced);
    } else if (st.num_edges > 1) {
      // Replay: every decision takes one recorded choice, used or not.
      const Choice* recorded =
          replay != nullptr && st.decision >= 0 ? replay->Next() : nullptr;
      // The alternatives' costs: the precomputed ones where no precedence
      // predicate can change them (most decisions), else per call.
      absl::Span<const MinCost> costs(edge_cost_.data() + st.first_edge,
                                      st.num_edges);
      if (!fixed_costs_[state]) {
        costs_.clear();
        for (uint32_t i = 0; i < st.num_edges; ++i) {
          costs_.push_back(EdgeCost(st.first_edge + i, frame.precedence, 0));
        }
        costs = costs_;
      }
      // Replay: the recorded alternative if it fits the budget (even if the
      // mode gives it no weight); nothing else to weigh then.
      const int alt = recorded != nullptr && !cheapest
                          ? ChoiceReplay::RecordedAlternative(
                                *recorded, st.decision, st.num_edges)
                          : -1;
      if (alt >= 0 && costs[alt].bytes < kUnreachableCost &&
          emitted + costs[alt].bytes + reserve <= budget) {
        pick = static_cast<uint32_t>(alt);
      } else {
        uint32_t cheapest_edge = 0;
        for (uint32_t i = 1; i < st.num_edges; ++i) {
          if (costs[i] < costs[cheapest_edge]) cheapest_edge = i;
        }
        if (options.fit_depth && !options.shortest) {
          // The cheapest alternative that fits the depth and the budget, if
          // the cheapest of all does not fit the depth.
          auto fits = [&](uint32_t i) {
            return costs[i].bytes < kUnreachableCost &&
                   emitted + costs[i].bytes + reserve <= budget &&
                   nesting + edge_depth_[st.first_edge + i] <=
                       options.max_depth;
          };
          if (!fits(cheapest_edge)) {
            for (uint32_t i = 0; i < st.num_edges; ++i) {
              if (fits(i) &&
                  (!fits(cheapest_edge) || costs[i] < costs[cheapest_edge])) {
                cheapest_edge = i;
              }
            }
          }
        }
        pick = cheapest_edge;
        if (!cheapest) {
          const std::vector<double>* probs =
              st.decision >= 0 ? &weights_.Probabilities(
                                     st.decision, options.mode, frame.place)
                               : nullptr;
          weights.assign(st.num_edges, 0.0);
          double total = 0;
          // With fit_depth, first only the alternatives that fit the depth.
          for (int fit = options.fit_depth ? 1 : 0; fit >= 0 && total <= 0;
               --fit) {
            for (uint32_t i = 0; i < st.num_edges; ++i) {
              if (costs[i].bytes >= kUnreachableCost) continue;
              if (emitted + costs[i].bytes + reserve > budget) continue;
              if (fit && nesting + edge_depth_[st.first_edge + i] >
                             options.max_depth) {
                continue;
              }
              weights[i] = probs != nullptr && i < probs->size()
                               ? (*probs)[i]
                               : 1.0 / st.num_edges;
              total += weights[i];
            }
          }
          if (total > 0 && recorded != nullptr) {
            pick = ChoiceReplay::PickAlternative(*recorded, weights, total);
          } else if (total > 0) {
            double r = rng.Uniform() * total;
            for (uint32_t i = 0; i < st.num_edges; ++i) {
              if (weights[i] <= 0) continue;
              pick = i;
              r -= weights[i];
              if (r < 0) break;
            }
          }
        }
      }
    }
    if (st.precedence_decision &&
        static_cast<int>(pick) + 1 != grammar_.decision(st.decision).exit_alt) {
      ++frame.peak;  // one more operator: one more level in the parse tree
    }
    if (st.decision >= 0) {
      frame.steps.push_back(DerivationStep{
          st.decision, static_cast<uint16_t>(pick + 1), frame.children});
    }
    const AtnEdge& e = g.edges[st.first_edge + pick];
    switch (e.kind) {
      case EdgeKind::kRule: {
        ++frame.children;
        const int64_t owed = cost[e.follow].bytes;
        const int callee = e.label;
        // Replay: a call the replayed tree made with choices the replay
        // leaves unchanged is that tree's subtree again: copied, not
        // derived (if it fits and needs no separator before it).
        const int32_t source = replay != nullptr
                                   ? SourceChild(frame, replay->sequence(),
                                                 callee, replay->consumed())
                                   : -1;
        if (source >= 0) {
          const ChoiceSequence& seq = replay->sequence();
          const Tree& src = *seq.source;
          const int32_t k = source - seq.source_root;
          const int64_t size = static_cast<int64_t>(src.SubtreeSize(source));
          const int first = src.FirstToken(source);
          const bool fits = seq.end[k] <= seq.unchanged &&
                            emitted + size + owed + reserve <= budget;
          const bool joins =
              first < 0 || last_token < 0 || !src.token_trivia(first).empty() ||
              !separators_.Needs(tree.node(last_token).symbol,
                                 tree.token_text(last_token),
                                 src.node(first).symbol, src.token_text(first));
          if (fits && joins) {
            int nested = 0;
            const int last = tree.AppendSubtree(src, source, &nested);
            if (last >= 0) last_token = last;
            emitted += size;
            frame.peak = std::max(frame.peak, frame.base + 1 + nested);
            replay->SkipTo(seq.end[k]);
            state = next(e.follow);
            continue;
          }
        }
        reserve += owed;
        const int prec = g.left_recursive[callee] ? e.set : 0;
        const DecisionPlace place =
            frame.place.Child(tree.node(frame.node).symbol, callee);
        Frame& called = PushFrame(e.follow, tree.BeginRule(callee), prec, owed,
                                  frame.base + 1, place);
        if (source >= 0) {
          called.source = source;
          called.source_cursor = source + 1;
        }
        if (steer != nullptr) {
          steer->EnterRule(callee, static_cast<int32_t>(st.first_edge + pick));
        }
        state = next(g.rule_start[callee]);
        continue;
      }
      case EdgeKind::kAtom:
      case EdgeKind::kSet:
      case EdgeKind::kNotSet:
      case EdgeKind::kWildcard:
      case EdgeKind::kRange: {
        int type = e.label;
        // Replay: every token takes one recorded choice.
        const Choice* recorded = replay != nullptr ? replay->Next() : nullptr;
        if (e.kind != EdgeKind::kAtom) {
          // Pick a token type the edge accepts and whose shortest text fits:
          // the lists run from the shortest type up, so those that fit are
          // a prefix.
          const int64_t room_for_type =
              budget - emitted - cost[e.target].bytes - reserve - sep_size;
          const std::vector<int>& accepted =
              e.kind == EdgeKind::kWildcard ? wildcard_types_
              : e.kind == EdgeKind::kNotSet ? not_set_types_[e.set]
                                            : set_types_[e.set];
          if (accepted.empty()) return false;
          size_t fitting = accepted.size();
          while (fitting > 0 && grammar_.min_token_length(
                                    accepted[fitting - 1]) > room_for_type) {
            --fitting;
          }
          const absl::Span<const int> candidates(accepted.data(), fitting);
          type = accepted.front();
          const int want = steer != nullptr
                               ? steer->ForceTokenType(
                                     static_cast<int32_t>(st.first_edge + pick))
                               : -1;
          if (want >= 0) {
            if (std::find(generable_types_.begin(), generable_types_.end(),
                          want) == generable_types_.end()) {
              return false;
            }
            type = want;
          } else if (!cheapest && recorded != nullptr &&
                     recorded->kind == ChoiceKind::kToken &&
                     std::find(candidates.begin(), candidates.end(),
                               recorded->symbol) != candidates.end()) {
            type = recorded->symbol;
          } else if (!cheapest && recorded != nullptr && !candidates.empty()) {
            weights_.TokenTypeWeights(candidates, options.mode, &type_weights_);
            type = candidates[ChoiceReplay::PickIndex(
                *recorded, candidates.size(), type_weights_)];
          } else if (!cheapest && !candidates.empty()) {
            // Members of a set are weighed by how often the corpus uses
            // them (ANTLR merges single-token alternatives into a set, so
            // this is where their learned weights live).
            type =
                PickTokenType(accepted, candidates.size(), options.mode, rng);
          }
        }
        ++frame.children;
        const int64_t after = cost[e.target].bytes + reserve;
        const int64_t room = budget - emitted - after - sep_size;
        // Replay: the recorded text (and trivia, if it fits) of a token of
        // this type; any other choice seeds the text.
        absl::string_view text;
        absl::string_view trivia;
        bool recorded_text = false;
        if (!cheapest && recorded != nullptr &&
            recorded->kind == ChoiceKind::kToken && recorded->symbol == type) {
          const absl::string_view t = replay->sequence().TokenText(*recorded);
          const absl::string_view v = replay->sequence().Trivia(*recorded);
          if (!v.empty() && static_cast<int64_t>(v.size() + t.size()) <=
                                budget - emitted - after) {
            text = t;
            trivia = v;
            recorded_text = true;
          } else if (static_cast<int64_t>(t.size()) <= room) {
            text = t;
            recorded_text = true;
          }
        }
        if (type == -1) {  // EOF
          emitted += static_cast<int64_t>(trivia.size());
          last_token = tree.AddToken(-1, trivia, "");
          state = next(e.target);
          continue;
        }
        if (!recorded_text) {
          if (cheapest) {
            text_.assign(tokens_.Shortest(type));
          } else if (recorded != nullptr) {
            Rng seeded(recorded->value);
            tokens_.Generate(type, seeded,
                             room > 0 ? static_cast<size_t>(room) : 0, pool_,
                             options.pool_probability,
                             options.mode != ProbabilityMode::kLearned, &text_);
          } else if (!PickContextText(type, WantedContext(tree, options), room,
                                      options, rng)) {
            tokens_.Generate(
                type, rng, room > 0 ? static_cast<size_t>(room) : 0, pool_,
                options.pool_probability,
                options.mode != ProbabilityMode::kLearned, &text_,
                Enclosing(tree, options));
          }
          text = text_;
        }
        if (trivia.empty() && last_token >= 0 && !text.empty()) {
          if (separators_.Needs(tree.node(last_token).symbol,
                                tree.token_text(last_token), type, text)) {
            trivia = sep;
          }
        }
        emitted += static_cast<int64_t>(trivia.size() + text.size());
        last_token = tree.AddToken(type, trivia, text);
        state = next(e.target);
        continue;
      }
      default:
        state = next(e.target);
        continue;
    }
  }
  return static_cast<int64_t>(tree.TextSize()) <= budget;
}

}  // namespace grammut
