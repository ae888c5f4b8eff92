#include "generate/token_generator.h"

#include <algorithm>

#include "base/fingerprint.h"
#include "base/utf8.h"
#include "grammar/min_cost.h"

namespace grammut {
namespace {

// Printable ASCII plus tab and newline: what not-sets and wildcards draw from.
const std::vector<int>& DefaultAlphabet() {
  static const std::vector<int>* alphabet = [] {
    auto* a = new std::vector<int>{'\t', '\n'};
    for (int c = 0x20; c < 0x7F; ++c) a->push_back(c);
    return a;
  }();
  return *alphabet;
}

}  // namespace

TokenGenerator::TokenGenerator(const Grammar& grammar, LexerDfa* dfa)
    : grammar_(grammar), dfa_(dfa) {
  const AtnGraph& lg = grammar.lexer_graph();
  rule_mode_ = grammar.lexer_chains().rule_mode;
  printable_.resize(lg.sets.size());
  for (size_t k = 0; k < lg.sets.size(); ++k) {
    for (const auto& iv : lg.sets[k]) {
      for (int c = std::max(iv.first, 0x20); c <= std::min(iv.second, 0x7E);
           ++c) {
        printable_[k].push_back(c);
      }
      if (iv.first <= '\t' && iv.second >= '\t') printable_[k].push_back('\t');
      if (iv.first <= '\n' && iv.second >= '\n') printable_[k].push_back('\n');
    }
  }
  pass_to_ = PassThroughTargets(lg);
  linear_.resize(lg.rule_start.size());
  for (size_t r = 0; r < lg.rule_start.size(); ++r) {
    linear_[r] = LinearEdges(static_cast<int>(r));
  }
  shortest_.assign(grammar.max_token_type() + 1, "");
  ends_.assign(grammar.max_token_type() + 1, false);
  text_alone_.assign(grammar.max_token_type() + 1, true);
  const LexerChains& chains = grammar.lexer_chains();
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    for (int r : grammar.lexer_rules_for_token(t)) {
      if (!chains.needed[r]) continue;
      for (int32_t entry : chains.entries[chains.rule_mode[r]]) {
        if (!lg.rule_commands[entry].more) text_alone_[t] = false;
      }
    }
  }
  mode_free_.assign(grammar.max_token_type() + 1, false);
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    for (int r : grammar.lexer_rules_for_token(t)) {
      if (!ChangesMode(r)) mode_free_[t] = true;
    }
  }
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    if (!grammar.literal_text(t).empty()) {
      shortest_[t] = grammar.literal_text(t);
      continue;
    }
    if (grammar.token_from_code(t)) {
      // INDENT and DEDENT have no text: FixIndentation writes the layout.
      if (!grammar.indentation().Textless(t)) {
        shortest_[t] = grammar.token_name(t);
      }
      continue;
    }
    int best_rule = -1;
    MinCost best{kUnreachableCost, kUnreachableCost};
    for (int r : grammar.lexer_rules_for_token(t)) {
      const MinCost& c = grammar.lexer_min_cost()[lg.rule_start[r]];
      if (c < best) {
        best = c;
        best_rule = r;
      }
    }
    if (best_rule >= 0 && grammar_.lexer_chains().needed[best_rule]) {
      ShortestChain(best_rule, &shortest_[t]);
    } else if (best_rule >= 0) {
      Walk(best_rule, nullptr, static_cast<size_t>(1) << 20, &shortest_[t]);
      if (dfa_ != nullptr && (!LexesAs(t, best_rule, shortest_[t]) ||
                              !Ends(best_rule, shortest_[t]) ||
                              !LexesEverywhere(t, shortest_[t]))) {
        ReadableShortest(t, best_rule, &shortest_[t]);
      }
      ends_[t] = dfa_ != nullptr && Ends(best_rule, shortest_[t]);
    }
  }
}

void TokenGenerator::ReadableShortest(int type, int walked, std::string* text) {
  const std::vector<int32_t>& rules = grammar_.lexer_rules_for_token(type);
  Rng rng(static_cast<uint64_t>(type));
  const size_t cap = std::max<size_t>(16, text->size() + 8);
  const bool wide = wide_;
  wide_ = false;
  // The shortest walk of the best rank: reads back everywhere and ends,
  // everywhere, ends, else just reads back.
  auto rank = [&](int rule, const std::string& walk) {
    return (LexesEverywhere(type, walk) ? 0 : 2) + (Ends(rule, walk) ? 0 : 1);
  };
  std::string best, walk;
  int best_rank = 4;
  for (int k = 0; k < kReadableTries; ++k) {
    const int rule = rules[rng.Below(rules.size())];
    if (!Walk(rule, &rng, cap, &walk) || walk.empty() ||
        !LexesAs(type, rule, walk)) {
      continue;
    }
    const int r = rank(rule, walk);
    if (r < best_rank || (r == best_rank && walk.size() < best.size())) {
      best = walk;
      best_rank = r;
    }
  }
  wide_ = wide;
  if (best.empty()) return;
  if (!LexesAs(type, walked, *text) || best_rank < rank(walked, *text)) {
    *text = std::move(best);
  }
}

std::vector<uint32_t> TokenGenerator::LinearEdges(int rule) const {
  constexpr size_t kMaxSteps = 4096;
  const AtnGraph& g = grammar_.lexer_graph();
  std::vector<uint32_t> edges;
  std::vector<int32_t> follows;
  int32_t state = g.rule_start[rule];
  for (size_t steps = 0; steps < kMaxSteps; ++steps) {
    const AtnState& st = g.states[state];
    if (st.kind == StateKind::kRuleStop) {
      if (follows.empty()) return edges;
      state = follows.back();
      follows.pop_back();
      continue;
    }
    if (st.num_edges != 1) return {};
    const AtnEdge& e = g.edges[st.first_edge];
    if (e.kind == EdgeKind::kRule) {
      follows.push_back(e.follow);
      state = g.rule_start[e.label];
      continue;
    }
    if (IsSymbolEdge(e.kind)) edges.push_back(st.first_edge);
    state = e.target;
  }
  return {};
}

bool TokenGenerator::CanGenerate(int type) const {
  if (type <= 0 || type > grammar_.max_token_type()) return false;
  return !grammar_.literal_text(type).empty() ||
         !grammar_.lexer_rules_for_token(type).empty() ||
         grammar_.token_from_code(type);
}

bool TokenGenerator::HasOpenText(int type) const {
  if (type <= 0 || type > grammar_.max_token_type() ||
      grammar_.is_literal(type)) {
    return false;
  }
  for (int r : grammar_.lexer_rules_for_token(type)) {
    if (linear_[r].empty()) return true;
  }
  return grammar_.token_from_code(type) &&
         !grammar_.indentation().Textless(type);
}

int TokenGenerator::PickSymbol(const AtnEdge& e, Rng* rng, size_t room) const {
  const AtnGraph& g = grammar_.lexer_graph();
  const bool wide_ok = wide_ && room >= 4;
  switch (e.kind) {
    case EdgeKind::kAtom:
      return e.label;
    case EdgeKind::kRange:
    case EdgeKind::kSet: {
      const SymbolSet& set = g.sets[e.set];
      if (set.empty()) return -1;
      const std::vector<int>& printable = printable_[e.set];
      if (rng == nullptr) {
        return printable.empty() ? set.front().first : printable.front();
      }
      if (!printable.empty() && (!wide_ok || rng->Chance(0.9))) {
        return printable[rng->Below(printable.size())];
      }
      const auto& iv = set[rng->Below(set.size())];
      int c = static_cast<int>(rng->Range(iv.first, iv.second));
      if (c >= 0xD800 && c <= 0xDFFF) c = iv.first;
      if (c > 0x10FFFF) c = iv.first;
      if (!wide_ok && c >= 0x80) {
        return printable.empty() ? (iv.first < 0x80 ? iv.first : -1)
                                 : printable.front();
      }
      return c;
    }
    case EdgeKind::kNotSet:
    case EdgeKind::kWildcard: {
      const SymbolSet* excluded =
          e.kind == EdgeKind::kNotSet ? &g.sets[e.set] : nullptr;
      auto allowed = [&](int c) {
        return excluded == nullptr || !SetContains(*excluded, c);
      };
      if (rng != nullptr && wide_ok && rng->Chance(0.05)) {
        const int c = static_cast<int>(rng->Range(0xA0, 0x7FF));
        if (allowed(c)) return c;
      }
      const std::vector<int>& alphabet = DefaultAlphabet();
      if (rng == nullptr) {
        for (int c : {'a', '0', ' ', 'x'}) {
          if (allowed(c)) return c;
        }
        for (int c : alphabet) {
          if (allowed(c)) return c;
        }
        return -1;
      }
      for (int attempt = 0; attempt < 16; ++attempt) {
        const int c = alphabet[rng->Below(alphabet.size())];
        if (allowed(c)) return c;
      }
      for (int c : alphabet) {
        if (allowed(c)) return c;
      }
      return -1;
    }
    default:
      return -1;
  }
}

bool TokenGenerator::Walk(int rule, Rng* rng, size_t max_len,
                          std::string* out) {
  const AtnGraph& g = grammar_.lexer_graph();
  out->clear();
  if (!linear_[rule].empty()) {
    // No choice but the symbols': each has what the rest owes (one byte a
    // symbol) subtracted from its room, as the general walk does.
    const std::vector<uint32_t>& edges = linear_[rule];
    for (size_t i = 0; i < edges.size(); ++i) {
      const int64_t room = static_cast<int64_t>(max_len) -
                           static_cast<int64_t>(out->size()) -
                           static_cast<int64_t>(edges.size() - 1 - i);
      const int c = PickSymbol(g.edges[edges[i]], rng,
                               room > 0 ? static_cast<size_t>(room) : 0);
      if (c < 0) return false;
      AppendUtf8(static_cast<uint32_t>(c), out);
    }
    return true;
  }
  const std::vector<MinCost>& cost = grammar_.lexer_min_cost();
  stack_.clear();  // follow states of fragment calls
  pending_of_.clear();
  int64_t pending = 0;  // minimum chars still owed to those
  int32_t state = pass_to_[g.rule_start[rule]];
  for (int steps = 0; steps < 100000; ++steps) {
    const AtnState& st = g.states[state];
    if (st.kind == StateKind::kRuleStop) {
      if (stack_.empty()) return true;
      state = pass_to_[stack_.back()];
      stack_.pop_back();
      pending -= pending_of_.back();
      pending_of_.pop_back();
      continue;
    }
    if (st.num_edges == 0) return false;
    const bool shortest = rng == nullptr || steps > 2000;
    // Cost of taking edge i.
    auto edge_cost = [&](uint32_t i) {
      const AtnEdge& e = g.edges[st.first_edge + i];
      if (e.kind == EdgeKind::kRule) {
        const MinCost& a = cost[g.rule_start[e.label]];
        const MinCost& b = cost[e.follow];
        return MinCost{a.bytes + b.bytes, a.steps + b.steps + 1};
      }
      const MinCost& b = cost[e.target];
      return MinCost{b.bytes + (IsSymbolEdge(e.kind) ? 1 : 0), b.steps + 1};
    };
    uint32_t pick = 0;
    if (st.num_edges > 1) {
      if (shortest) {
        MinCost best = edge_cost(0);
        for (uint32_t i = 1; i < st.num_edges; ++i) {
          MinCost c = edge_cost(i);
          if (c < best) {
            best = c;
            pick = i;
          }
        }
      } else {
        allowed_.clear();
        for (uint32_t i = 0; i < st.num_edges; ++i) {
          const MinCost c = edge_cost(i);
          if (c.bytes < kUnreachableCost &&
              static_cast<int64_t>(out->size()) + c.bytes + pending <=
                  static_cast<int64_t>(max_len)) {
            allowed_.push_back(i);
          }
        }
        if (allowed_.empty()) return false;
        const bool loop = st.kind == StateKind::kStarLoopEntry ||
                          st.kind == StateKind::kPlusLoopBack;
        if (loop && allowed_.size() > 1) {
          // Find the exit edge; continue with probability 0.7.
          uint32_t exit = allowed_.back();
          for (uint32_t i : allowed_) {
            if (g.states[g.edges[st.first_edge + i].target].kind ==
                StateKind::kLoopEnd) {
              exit = i;
            }
          }
          if (rng->Chance(0.3)) {
            pick = exit;
          } else {
            const size_t others = allowed_.size() - 1;
            size_t k = rng->Below(others);
            for (uint32_t i : allowed_) {
              if (i == exit) continue;
              if (k-- == 0) {
                pick = i;
                break;
              }
            }
          }
        } else {
          pick = allowed_[rng->Below(allowed_.size())];
        }
      }
    }
    const AtnEdge& e = g.edges[st.first_edge + pick];
    if (e.kind == EdgeKind::kRule) {
      stack_.push_back(e.follow);
      pending_of_.push_back(cost[e.follow].bytes);
      pending += pending_of_.back();
      state = pass_to_[g.rule_start[e.label]];
      continue;
    }
    if (IsSymbolEdge(e.kind)) {
      const int64_t room = static_cast<int64_t>(max_len) -
                           static_cast<int64_t>(out->size()) - pending -
                           cost[e.target].bytes;
      const int c = PickSymbol(e, shortest ? nullptr : rng,
                               room > 0 ? static_cast<size_t>(room) : 0);
      if (c < 0) return false;
      AppendUtf8(static_cast<uint32_t>(c), out);
    }
    state = pass_to_[e.target];
  }
  return false;
}

void TokenGenerator::LearnSteps(int type, absl::string_view text) {
  const std::vector<int32_t>& rules = grammar_.lexer_rules_for_token(type);
  if (rules.empty()) return;
  int32_t state = dfa_->Start(rule_mode_[rules[0]]);
  uint64_t key = dfa_->StateKey(state);
  ForEachCodePoint(text, [&](uint32_t cp) {
    state = dfa_->Next(state, cp);
    const uint64_t next = dfa_->StateKey(state);
    steps_.insert(StableHash64(key, next));
    key = next;
    return state != LexerDfa::kDead;
  });
}

void TokenGenerator::Learn(int type, absl::string_view text) {
  if (dfa_ == nullptr || type <= 0 || type > grammar_.max_token_type()) {
    return;
  }
  if (learned_.empty()) {
    // The keywords' steps first: an identifier that starts like one passes
    // through them.
    learned_.assign(grammar_.max_token_type() + 1, 0);
    for (int t = 1; t <= grammar_.max_token_type(); ++t) {
      if (grammar_.is_literal(t)) LearnSteps(t, grammar_.literal_text(t));
    }
  }
  LearnSteps(type, text);
  ++learned_[type];
}

bool TokenGenerator::Familiar(int type, int rule, absl::string_view text) {
  if (dfa_ == nullptr || learned(type) < kMinLearnedTexts) return true;
  int32_t state = dfa_->Start(rule_mode_[rule]);
  uint64_t key = dfa_->StateKey(state);
  return ForEachCodePoint(text, [&](uint32_t cp) {
    state = dfa_->Next(state, cp);
    const uint64_t next = dfa_->StateKey(state);
    if (!steps_.contains(StableHash64(key, next))) return false;
    key = next;
    return true;
  });
}

bool TokenGenerator::LexesAs(int type, int rule, absl::string_view text) {
  if (dfa_ == nullptr) return true;
  const int32_t state = dfa_->Run(dfa_->Start(rule_mode_[rule]), text);
  return grammar_.lexer_rule_token_type(dfa_->AcceptedRule(state)) == type;
}

bool TokenGenerator::ChangesMode(int rule) const {
  const LexerRuleCommands& c = grammar_.lexer_graph().rule_commands[rule];
  return c.mode_change != LexerRuleCommands::ModeChange::kNone &&
         !grammar_.lexer_chains().needed[rule];
}

bool TokenGenerator::StandsAlone(int type, absl::string_view text) {
  if (dfa_ == nullptr || type <= 0 || type > grammar_.max_token_type()) {
    return true;
  }
  // Without a rule that keeps the mode, the lexer chains write the type.
  bool ends = !ends_[type] || !mode_free_[type];
  for (int32_t rule : grammar_.lexer_rules_for_token(type)) {
    if (ChangesMode(rule)) continue;
    const int32_t by =
        dfa_->AcceptedRule(dfa_->Run(dfa_->Start(rule_mode_[rule]), text));
    if (by >= 0 && ChangesMode(by)) return false;
    ends = ends || Ends(rule, text);
  }
  return ends;
}

bool TokenGenerator::LexesEverywhere(int type, absl::string_view text) {
  // A type made in one mode: the caller's LexesAs already said it.
  if (dfa_ == nullptr || grammar_.token_start_modes(type).size() < 2) {
    return true;
  }
  for (int32_t rule : grammar_.lexer_rules_for_token(type)) {
    if (!grammar_.lexer_chains().needed[rule] && !LexesAs(type, rule, text)) {
      return false;
    }
  }
  return true;
}

bool TokenGenerator::Ends(int rule, absl::string_view text) {
  const std::string& sep = grammar_.separator();
  if (dfa_ == nullptr || sep.empty()) return true;
  const int32_t state = dfa_->Run(dfa_->Start(rule_mode_[rule]), text);
  return !dfa_->Continues(state, static_cast<unsigned char>(sep.front()));
}

bool TokenGenerator::Accepts(int type, absl::string_view text) {
  if (type <= 0 || type > grammar_.max_token_type()) return false;
  for (int32_t rule : grammar_.lexer_rules_for_token(type)) {
    if (LexesAs(type, rule, text)) return true;
  }
  return false;
}

void TokenGenerator::Generate(int type, Rng& rng, size_t max_len,
                              const TokenPool* pool, double pool_probability,
                              bool exotic, std::string* out,
                              absl::Span<const int32_t> enclosing) {
  out->clear();
  if (type <= 0 || type > grammar_.max_token_type()) return;
  if (grammar_.indentation().Textless(type)) return;
  const std::string& literal = grammar_.literal_text(type);
  if (!literal.empty()) {
    out->assign(literal);
    return;
  }
  // A type the lexer's code makes has no rule to walk: its name stands in
  // only where the corpus gave no text.
  const bool from_code = grammar_.token_from_code(type);
  if (!TextAlone(type)) pool = nullptr;
  if (pool != nullptr && (from_code || rng.Chance(pool_probability))) {
    const std::string* s = pool->Pick(type, enclosing, max_len, rng);
    if (s != nullptr && StandsAlone(type, *s)) {
      out->assign(*s);
      return;
    }
  }
  if (HasSource(type) && rng.Chance(kSourceShare) &&
      FromSource(type, rng, max_len, {}, out)) {
    return;
  }
  const std::vector<int32_t>& rules = grammar_.lexer_rules_for_token(type);
  if (!rules.empty()) {
    wide_ = exotic || (pool != nullptr && pool->HasWideText(type));
    // Aim for short tokens most of the time.
    const size_t cap = std::min<size_t>(max_len, rng.Chance(0.8) ? 16 : 64);
    // Outside the inverse and uniform modes a text keeps to the lexer
    // steps the corpus took (Familiar), else a corpus text stands in.
    const bool familiar =
        familiar_on_ && !exotic && learned(type) >= kMinLearnedTexts;
    const int tries = familiar ? kFamiliarTries : 3;
    for (int attempt = 0; attempt < tries; ++attempt) {
      const int rule = rules[rng.Below(rules.size())];
      if (mode_free_[type] && ChangesMode(rule)) continue;
      if (grammar_.lexer_chains().needed[rule]) {
        if (MakeChain(rule, &rng, std::max(cap, shortest_[type].size()), out) &&
            out->size() <= max_len) {
          wide_ = true;
          return;
        }
        continue;
      }
      if (Walk(rule, &rng, std::max(cap, shortest_[type].size()), out) &&
          !out->empty() && out->size() <= max_len &&
          LexesAs(type, rule, *out) && StandsAlone(type, *out) &&
          (!ends_[type] || Ends(rule, *out)) &&
          (!familiar || Familiar(type, rule, *out)) &&
          (attempt + 1 == tries || LexesEverywhere(type, *out))) {
        wide_ = true;
        return;
      }
    }
    wide_ = true;
    if (familiar && pool != nullptr) {
      const std::string* s = pool->Pick(type, enclosing, max_len, rng);
      if (s != nullptr && StandsAlone(type, *s)) {
        out->assign(*s);
        return;
      }
    }
  }
  out->assign(shortest_[type]);
}

bool TokenGenerator::FromSource(int type, Rng& rng, size_t max_len,
                                absl::Span<const absl::string_view> words,
                                std::string* out) {
  if (!HasSource(type)) return false;
  const std::vector<TokenTextSource*>& sources = sources_[type];
  return sources[rng.Below(sources.size())]->Make(rng, max_len, words, out);
}

void TokenGenerator::AddSource(int type, TokenTextSource* source) {
  if (type <= 0 || type > grammar_.max_token_type()) return;
  if (sources_.size() <= static_cast<size_t>(type)) sources_.resize(type + 1);
  sources_[type].push_back(source);
}

}  // namespace grammut
