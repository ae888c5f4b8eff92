// generator_predicates.cc: how the Generator satisfies the semantic
// predicates grammut knows (predicate_table.h).
//
// - At a decision, an alternative whose predicates (those met before any
//   token) cannot hold is not taken: a constant false, a previous-token
//   check the written token fails, a next-token check no token of the
//   alternative's own can meet (`closeBrace()` at the end of a rule).
// - Taking a predicate edge sets what the next token must meet: a line
//   break in its separator or none (`lineTerminatorAhead()`,
//   `notLineTerminator()`), a text it must have or must not have. The
//   token is written accordingly (a name takes the wanted text; a line
//   break replaces the separator), and while a token must not have some
//   texts, decisions avoid alternatives that may begin with them.
// - A previous-token check (`p("of")`) that fails gives the token just
//   written the wanted text when its type is no literal.
// - Token types whose lexer rule checks the tokens before (a regular
//   expression literal after an operand, no Rust float after `t.`) are
//   written only where it holds.
#include <algorithm>

#include "generate/generator.h"
#include "grammar/predicate_table.h"

namespace grammut {
namespace {

constexpr int kLeftPredicateHops = 8;
constexpr int kStartSearchLimit = 4000;

bool TextIn(absl::string_view text, const PredicateMeaning& m) {
  for (const std::string& t : m.texts) {
    if (text == t) return true;
  }
  return false;
}

}  // namespace

void Generator::PrecomputePredicates() {
  const AtnGraph& g = grammar_.parser_graph();
  const PredicateTable& table = grammar_.predicates();
  has_predicates_ = table.any_parser() || table.any_lexer();
  if (!has_predicates_) return;
  keep_states_.assign(g.states.size(), false);
  for (size_t s = 0; s < g.states.size(); ++s) {
    const AtnState& st = g.states[s];
    for (uint32_t i = 0; i < st.num_edges; ++i) {
      if (table.ParserEdge(st.first_edge + i) != nullptr)
        keep_states_[s] = true;
    }
  }
  // Predicates met from each edge before a token, a rule call or a
  // decision.
  left_begin_.assign(g.edges.size() + 1, 0);
  left_edges_.clear();
  for (size_t k = 0; k < g.edges.size(); ++k) {
    left_begin_[k] = static_cast<uint32_t>(left_edges_.size());
    uint32_t edge = static_cast<uint32_t>(k);
    for (int hops = 0; hops < kLeftPredicateHops; ++hops) {
      const AtnEdge& e = g.edges[edge];
      if (!IsEpsilonLike(e.kind)) break;
      if (table.ParserEdge(edge) != nullptr) left_edges_.push_back(edge);
      const AtnState& t = g.states[e.target];
      if (t.num_edges != 1 || t.decision >= 0 ||
          t.kind == StateKind::kRuleStop) {
        break;
      }
      edge = t.first_edge;
    }
  }
  left_begin_[g.edges.size()] = static_cast<uint32_t>(left_edges_.size());
  // A positive next-token check can be met only if a token or rule call of
  // the same rule follows it.
  forceable_.assign(g.edges.size(), false);
  for (const PredicateSite& site : table.sites()) {
    if (site.lexer || !site.meaning || site.edge < 0) continue;
    int32_t at = g.edges[site.edge].target;
    for (int hops = 0; hops < kLeftPredicateHops; ++hops) {
      const AtnState& st = g.states[at];
      if (st.kind == StateKind::kRuleStop || st.num_edges == 0) break;
      const AtnEdge& e = g.edges[st.first_edge];
      if (st.num_edges > 1 || !IsEpsilonLike(e.kind)) {
        forceable_[site.edge] = true;
        break;
      }
      at = e.target;
    }
  }
  // Token types whose lexer rule carries a known predicate on the tokens
  // before it.
  type_lexer_predicate_.assign(grammar_.max_token_type() + 1, nullptr);
  bool any_type = false;
  for (const PredicateSite& site : table.sites()) {
    if (!site.lexer || !site.meaning) continue;
    if (site.meaning->entry != PredicateEntry::kRegexPossible &&
        site.meaning->entry != PredicateEntry::kFloatLiteralPossible) {
      continue;
    }
    const int type = grammar_.lexer_rule_token_type(site.rule);
    if (type > 0 && type <= grammar_.max_token_type()) {
      type_lexer_predicate_[type] = &*site.meaning;
      any_type = true;
    }
  }
  // Per edge, such a type if the edge leads straight to a token of it (an
  // alternative that is that token alone), so decisions can avoid it.
  first_checked_type_.assign(any_type ? g.edges.size() : 0, 0);
  for (size_t k = 0; k < first_checked_type_.size(); ++k) {
    uint32_t edge = static_cast<uint32_t>(k);
    for (int hops = 0; hops < kLeftPredicateHops; ++hops) {
      const AtnEdge& e = g.edges[edge];
      if (e.kind == EdgeKind::kAtom) {
        if (e.label > 0 && e.label <= grammar_.max_token_type() &&
            type_lexer_predicate_[e.label] != nullptr) {
          first_checked_type_[k] = e.label;
        }
        break;
      }
      if (!IsEpsilonLike(e.kind)) break;
      const AtnState& t = g.states[e.target];
      if (t.num_edges != 1 || t.decision >= 0 ||
          t.kind == StateKind::kRuleStop) {
        break;
      }
      edge = t.first_edge;
    }
  }
}

void Generator::ResetPredicateState() {
  pending_newline_ = 0;
  pending_next_.clear();
}

PredicateView Generator::ViewAfter(const Tree& tree, int last_token,
                                   bool two_back) const {
  PredicateView v;
  if (last_token >= 0) {
    v.has_prev = true;
    v.prev_text = std::string(tree.token_text(last_token));
    v.prev_is_name = !grammar_.is_literal(tree.node(last_token).symbol);
    for (int k = last_token - 1; two_back && k >= 0; --k) {
      const Node& n = tree.node(k);
      if (n.is_rule) continue;
      v.has_prev2 = true;
      v.prev2_text = std::string(tree.token_text(k));
      v.prev2_is_name = !grammar_.is_literal(n.symbol);
      break;
    }
  }
  return v;
}

bool Generator::TypeMeets(int type, const PredicateMeaning& m) const {
  // A name takes any wanted text, and never a keyword's.
  if (!grammar_.is_literal(type)) return true;
  return TextIn(grammar_.literal_text(type), m) != m.negate;
}

bool Generator::EdgeMayBegin(const AtnEdge& e, const PredicateMeaning& m,
                             bool meet) const {
  auto check = [&](int type) { return TypeMeets(type, m) == meet; };
  switch (e.kind) {
    case EdgeKind::kAtom:
      return e.label > 0 && check(e.label);
    case EdgeKind::kSet:
    case EdgeKind::kRange:
    case EdgeKind::kNotSet:
    case EdgeKind::kWildcard: {
      const std::vector<int>& types =
          e.kind == EdgeKind::kWildcard ? wildcard_types_
          : e.kind == EdgeKind::kNotSet ? not_set_types_[e.set]
                                        : set_types_[e.set];
      return std::any_of(types.begin(), types.end(), check);
    }
    default:
      return false;
  }
}

bool Generator::MayBegin(uint32_t edge, const PredicateMeaning& m, bool meet) {
  const auto key = std::make_tuple(edge, &m, meet);
  const auto found = may_begin_.find(key);
  if (found != may_begin_.end()) return found->second;
  bool rule_end = false;  // the caller's business
  // Too far to tell (kGaveUp): it may.
  const bool result =
      WalkToFirstSymbols(
          -1, edge, kStartSearchLimit,
          [&](const AtnEdge& e) { return !EdgeMayBegin(e, m, meet); },
          &rule_end) != FirstWalk::kDone;
  may_begin_.emplace(key, result);
  return result;
}

bool Generator::AltAllowed(uint32_t edge, const Tree& tree, int last_token) {
  const PredicateTable& table = grammar_.predicates();
  for (uint32_t k = left_begin_[edge]; k < left_begin_[edge + 1]; ++k) {
    const uint32_t pe = left_edges_[k];
    const PredicateMeaning& m = *table.ParserEdge(pe);
    switch (m.entry) {
      case PredicateEntry::kFalse:
      case PredicateEntry::kStrictMode:
        if (!EvaluatePredicate(m, PredicateView())) return false;
        break;
      case PredicateEntry::kLineTerminatorAhead: {
        const int8_t want = m.negate ? -1 : 1;
        if (pending_newline_ != 0 && pending_newline_ != want) return false;
        break;
      }
      case PredicateEntry::kPrevTextIs:
        if (!EvaluatePredicate(m, ViewAfter(tree, last_token)) &&
            (m.negate || last_token < 0 ||
             grammar_.is_literal(tree.node(last_token).symbol))) {
          return false;
        }
        break;
      case PredicateEntry::kNextTextIs:
        if (!m.negate && !forceable_[pe]) return false;
        break;
      default:
        break;
    }
  }
  if (edge < first_checked_type_.size() && first_checked_type_[edge] > 0 &&
      TypeBlocked(first_checked_type_[edge], tree, last_token)) {
    return false;
  }
  // What the next token must meet: avoid alternatives that may begin with
  // a token that cannot.
  for (const PredicateMeaning* m : pending_next_) {
    if (m->negate ? MayBegin(edge, *m, false) : !MayBegin(edge, *m, true)) {
      return false;
    }
  }
  return true;
}

bool Generator::TakePredicate(uint32_t edge, Tree& tree, int last_token) {
  const PredicateMeaning* m = grammar_.predicates().ParserEdge(edge);
  if (m == nullptr) return true;
  switch (m->entry) {
    case PredicateEntry::kLineTerminatorAhead: {
      const int8_t want = m->negate ? -1 : 1;
      if (pending_newline_ != 0 && pending_newline_ != want) return false;
      pending_newline_ = want;
      return true;
    }
    case PredicateEntry::kNextTextIs:
      pending_next_.push_back(m);
      return true;
    case PredicateEntry::kPrevTextIs:
      if (EvaluatePredicate(*m, ViewAfter(tree, last_token))) return true;
      // The name just written takes the wanted text.
      if (m->negate || last_token < 0 || m->texts.empty() ||
          grammar_.is_literal(tree.node(last_token).symbol) ||
          last_token != tree.size() - 1) {
        return false;
      }
      return tree.ReplaceLastTokenText(m->texts.front());
    case PredicateEntry::kTrue:
    case PredicateEntry::kFalse:
    case PredicateEntry::kStrictMode:
      return EvaluatePredicate(*m, PredicateView());
    default:
      return true;  // the lexer's predicates hold for the parser
  }
}

bool Generator::NextTokenFits(int type, const Tree& tree, int last_token,
                              std::string* text) {
  if (TypeBlocked(type, tree, last_token)) return false;
  for (const PredicateMeaning* m : pending_next_) {
    const bool in = type != -1 && TextIn(*text, *m);
    if (in != m->negate) continue;
    if (type == -1 || grammar_.is_literal(type) || m->negate ||
        m->texts.empty()) {
      return false;
    }
    text->assign(m->texts.front());
  }
  pending_next_.clear();
  return true;
}

bool Generator::TypeFits(int type, const Tree& tree, int last_token) const {
  if (TypeBlocked(type, tree, last_token)) return false;
  for (const PredicateMeaning* m : pending_next_) {
    if (!TypeMeets(type, *m)) return false;
  }
  return true;
}

bool Generator::TypeBlocked(int type, const Tree& tree, int last_token) const {
  if (type <= 0 || type >= static_cast<int>(type_lexer_predicate_.size()) ||
      type_lexer_predicate_[type] == nullptr) {
    return false;
  }
  const PredicateMeaning& m = *type_lexer_predicate_[type];
  return !EvaluatePredicate(m,
                            ViewAfter(tree, last_token, ReadsTokenTwoBack(m)));
}

absl::string_view Generator::FitTrivia(absl::string_view trivia,
                                       absl::string_view separator) {
  const int8_t want = pending_newline_;
  pending_newline_ = 0;
  if (want > 0 && !HasLineBreak(trivia)) return "\n";
  if (want < 0 && HasLineBreak(trivia)) return separator;
  return trivia;
}

}  // namespace grammut
