// generator.cc: Generator's set-up and the walk over the parser ATN
// (Generate). Edge costs are in generator_costs.cc, token texts and types
// in generator_tokens.cc.
#include "generate/generator.h"

#include <algorithm>
#include <vector>

#include "generate/choice_replay.h"
#include "grammar/indentation.h"
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
    if (tokens_.CanGenerate(t) && !grammar.token_hidden(t) &&
        grammar.token_makeable(t)) {
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
  PrecomputePredicates();
  pass_to_ = PassThroughTargets(grammar.parser_graph(),
                                has_predicates_ ? &keep_states_ : nullptr);
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
  const int64_t readable_budget =
      std::max(budget, static_cast<int64_t>(options.readable_max_bytes));
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
  // Where the lexer is in the output so far: followed from the start of a
  // whole input; not known in a part (a subtree to fit into another tree).
  lexer_at_.mode = 0;
  lexer_at_.stack.clear();  // keeps its capacity: no allocation per input
  lexer_at_.known = !part && rule == grammar_.start_rule();
  open_for_ = -2;
  // Past an EOF token (grammars may allow one inside a loop: `(stmt (NL |
  // EOF))+`) nothing more may be written: only the cheapest ways out.
  bool ended = false;
  ResetPredicateState();
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
    const bool cheapest = options.shortest || ended ||
                          nesting >= options.max_depth || steps > step_limit;
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
      // Known predicates: alternatives that cannot satisfy theirs cost
      // too much to be taken (unless none can); so do alternatives that
      // can only begin with a token that would join the one before (not
      // in a replay: a recorded choice stands).
      const int32_t open =
          recorded == nullptr ? OpenState(tree, last_token) : -1;
      const bool mode_known = recorded == nullptr && ModeKnown();
      if (has_predicates_ || open >= 0 || mode_known) {
        allowed_.assign(st.num_edges, 1);
        bool masked = false;
        for (uint32_t i = 0; has_predicates_ && i < st.num_edges; ++i) {
          if (!AltAllowed(st.first_edge + i, tree, last_token)) {
            allowed_[i] = 0;
            masked = true;
          }
        }
        // Those that would not read back give way only to one that fits
        // the budget (else the walk would run over it), or the room past
        // it kept for this.
        bool other_fits = false;
        bool other = false;
        bool unreadable = false;
        for (uint32_t i = 0; (open >= 0 || mode_known) && i < st.num_edges;
             ++i) {
          if (!allowed_[i]) continue;
          const bool reads_back =
              !(open >= 0 && EdgeRunsOn(st.first_edge + i, open)) &&
              !(mode_known && EdgeNotMadeHere(st.first_edge + i));
          if (!reads_back) {
            allowed_[i] = 2;
            unreadable = true;
          } else if (costs[i].bytes < kUnreachableCost) {
            other = true;
            other_fits = other_fits ||
                         emitted + costs[i].bytes + reserve <= readable_budget;
          }
        }
        if (unreadable && other && !other_fits && options.readable_or_fail) {
          return false;
        }
        for (uint32_t i = 0; i < st.num_edges; ++i) {
          if (allowed_[i] != 2) continue;
          allowed_[i] = other_fits ? 0 : 1;
          masked = masked || other_fits;
        }
        if (masked &&
            std::find(allowed_.begin(), allowed_.end(), 1) != allowed_.end()) {
          if (costs.data() != costs_.data()) {
            costs_.assign(costs.begin(), costs.end());
          }
          for (uint32_t i = 0; i < st.num_edges; ++i) {
            if (!allowed_[i]) costs_[i] = {kUnreachableCost, kUnreachableCost};
          }
          costs = costs_;
        }
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
          const bool joins = (!has_predicates_ || (pending_newline_ == 0 &&
                                                   pending_next_.empty())) &&
                             (first < 0 || last_token < 0 ||
                              !src.token_trivia(first).empty() ||
                              separators_
                                  .Separator(tree.node(last_token).symbol,
                                             tree.token_text(last_token),
                                             src.node(first).symbol,
                                             src.token_text(first), &lexer_at_)
                                  .empty());
          if (fits && joins) {
            int nested = 0;
            const int last = tree.AppendSubtree(src, source, &nested);
            if (last >= 0) last_token = last;
            lexer_at_.known = false;
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
          // Known predicates: a type the lexer would not make here, or one
          // a pending check on the next token refuses, gives way to one
          // that fits (a random one of those); so does one that would join
          // the token before.
          const int32_t open = want < 0 && recorded == nullptr
                                   ? OpenState(tree, last_token)
                                   : -1;
          const bool mode_known =
              want < 0 && recorded == nullptr && ModeKnown();
          // (Where no type reads back, the predicates alone decide.)
          bool reading_back = open >= 0 || mode_known;
          auto fits = [&](int t) {
            return (!has_predicates_ || TypeFits(t, tree, last_token)) &&
                   (!reading_back || ((open < 0 || !TypeRunsOn(t, open)) &&
                                      (!mode_known || TypeMadeHere(t))));
          };
          if ((has_predicates_ || reading_back) && want < 0 && !fits(type)) {
            absl::Span<const int> among = candidates.empty()
                                              ? absl::Span<const int>(accepted)
                                              : candidates;
            int fitting_types = 0;
            for (int t : among) fitting_types += fits(t) ? 1 : 0;
            // None that reads back fits the budget: those that fit the
            // room kept past it for text that reads back.
            if (fitting_types == 0 && reading_back &&
                readable_budget > budget) {
              const int64_t wide_room =
                  room_for_type + (readable_budget - budget);
              size_t wide = accepted.size();
              while (wide > 0 && grammar_.min_token_length(accepted[wide - 1]) >
                                     wide_room) {
                --wide;
              }
              int wide_fitting = 0;
              for (size_t i = 0; i < wide; ++i) {
                wide_fitting += fits(accepted[i]) ? 1 : 0;
              }
              if (wide_fitting > 0) {
                among = absl::Span<const int>(accepted.data(), wide);
                fitting_types = wide_fitting;
              }
            }
            if (fitting_types == 0 && reading_back && has_predicates_) {
              reading_back = false;
              for (int t : among) {
                fitting_types += !fits(type) && fits(t) ? 1 : 0;
              }
            }
            if (fitting_types > 0) {
              int k = static_cast<int>(rng.Uniform() * fitting_types);
              for (int t : among) {
                if (fits(t) && k-- == 0) {
                  type = t;
                  break;
                }
              }
            }
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
          if (has_predicates_) {
            if (!NextTokenFits(-1, tree, last_token, &text_)) return false;
            trivia = FitTrivia(trivia, "");
          }
          emitted += static_cast<int64_t>(trivia.size());
          last_token = tree.AddToken(-1, trivia, "");
          ended = true;
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
            const absl::Span<const int32_t> enclosing =
                Enclosing(tree, options);
            tokens_.Generate(
                type, rng, room > 0 ? static_cast<size_t>(room) : 0, pool_,
                options.pool_probability,
                options.mode != ProbabilityMode::kLearned, &text_, enclosing);
            RemakeIfNotMadeHere(type, room, options, rng, enclosing);
          }
          text = text_;
        }
        if (has_predicates_) {
          predicate_text_.assign(text.data(), text.size());
          if (!NextTokenFits(type, tree, last_token, &predicate_text_)) {
            return false;
          }
          text = predicate_text_;
        }
        if (trivia.empty() && last_token >= 0 && !text.empty()) {
          trivia = separators_.Separator(tree.node(last_token).symbol,
                                         tree.token_text(last_token), type,
                                         text, &lexer_at_);
        }
        if (has_predicates_) trivia = FitTrivia(trivia, sep);
        emitted += static_cast<int64_t>(trivia.size() + text.size());
        if (lexer_at_.known) {
          separators_.Follow(trivia, &lexer_at_);
          separators_.Follow(text, &lexer_at_);
        }
        last_token = tree.AddToken(type, trivia, text);
        state = next(e.target);
        continue;
      }
      default:
        if (has_predicates_ && e.kind == EdgeKind::kPredicate &&
            !TakePredicate(st.first_edge + pick, tree, last_token)) {
          return false;
        }
        state = next(e.target);
        continue;
    }
  }
  // Grammars with INDENT/DEDENT: the layout their tokens stand for.
  const IndentationScheme& layout = grammar_.indentation();
  if (layout.active()) FixIndentation(layout, &tree);
  return static_cast<int64_t>(tree.TextSize()) <= readable_budget;
}

}  // namespace grammut
