// lexer_check.cc: see lexer_check.h.
#include "grammar/lexer_check.h"

#include <algorithm>
#include <cstdint>

#include "absl/container/flat_hash_set.h"
#include "base/utf8.h"
#include "grammar/lexer_dfa.h"

namespace grammut {
namespace {

// A lexer mode and one of its token rules.
struct ModeRule {
  int mode;
  int rule;
  int32_t rule_start;
};

// The outcome of one rule's search.
struct Search {
  bool wins = false;
  bool cut_short = false;
  int by = -1;          // the rule that took the first text found
  std::string example;  // that text
  bool any_text = false;
};

// Token types the parser ATN refers to (atoms and sets).
std::vector<bool> ParserTokenTypes(const Grammar& g) {
  std::vector<bool> used(g.max_token_type() + 1, false);
  const AtnGraph& p = g.parser_graph();
  auto mark = [&](int t) {
    if (t > 0 && t <= g.max_token_type()) used[t] = true;
  };
  for (const AtnEdge& e : p.edges) {
    if (e.kind == EdgeKind::kAtom) mark(e.label);
    if (e.kind == EdgeKind::kSet || e.kind == EdgeKind::kRange) {
      for (const auto& [first, last] : p.sets[e.set]) {
        for (int t = std::max(first, 1); t <= last && t <= g.max_token_type();
             ++t) {
          mark(t);
        }
      }
    }
  }
  return used;
}

// Breadth-first search over pairs (the whole mode's DFA state, the rule's
// own DFA state) from the empty text.
Search SearchRule(LexerDfa& dfa, const std::vector<uint32_t>& reps, int mode,
                  int solo_mode, int rule, int max_pairs, uint64_t max_steps) {
  struct Node {
    int32_t full;
    int32_t solo;
    int parent;
    uint32_t cp;
  };
  Search out;
  std::vector<Node> nodes{{dfa.Start(mode), dfa.Start(solo_mode), -1, 0}};
  absl::flat_hash_set<uint64_t> seen;
  auto key = [](int32_t a, int32_t b) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) |
           static_cast<uint32_t>(b);
  };
  seen.insert(key(nodes[0].full, nodes[0].solo));
  for (size_t i = 0; i < nodes.size(); ++i) {
    for (uint32_t cp : reps) {
      const Node from = nodes[i];
      const int32_t solo = dfa.Next(from.solo, cp);
      if (solo == LexerDfa::kDead) continue;
      const int32_t full = dfa.Next(from.full, cp);
      if (!seen.insert(key(full, solo)).second) continue;
      nodes.push_back(Node{full, solo, static_cast<int>(i), cp});
      if (dfa.AcceptedRule(solo) != rule) continue;
      const int32_t winner = dfa.AcceptedRule(full);
      if (winner == rule) {
        out.wins = true;
        return out;
      }
      if (!out.any_text) {
        out.any_text = true;
        out.by = winner;
        std::vector<uint32_t> cps;
        for (int n = static_cast<int>(nodes.size()) - 1; n > 0;
             n = nodes[n].parent) {
          cps.push_back(nodes[n].cp);
        }
        for (auto it = cps.rbegin(); it != cps.rend(); ++it) {
          AppendUtf8(*it, &out.example);
        }
      }
      if (static_cast<int>(nodes.size()) > max_pairs) {
        out.cut_short = true;
        return out;
      }
    }
    if (static_cast<int>(nodes.size()) > max_pairs ||
        dfa.closure_steps() > max_steps) {
      out.cut_short = true;
      return out;
    }
  }
  return out;
}

}  // namespace

LexerCheck CheckLexerRules(const Grammar& grammar, int max_pairs,
                           uint64_t max_steps, bool parser_tokens_only) {
  LexerCheck out;
  const AtnGraph& lexer = grammar.lexer_graph();
  const InterpData& names = grammar.lexer_interp();
  // The lexer ATN with one more mode per token rule that holds only that
  // rule: the DFA of such a mode matches the rule's texts alone.
  AtnGraph both = lexer;
  std::vector<ModeRule> rules;
  const int modes = static_cast<int>(lexer.mode_start.size());
  for (int m = 0; m < modes; ++m) {
    const AtnState& start = lexer.states[lexer.mode_start[m]];
    for (uint32_t k = 0; k < start.num_edges; ++k) {
      const int32_t target = lexer.Edge(lexer.mode_start[m], k).target;
      rules.push_back(ModeRule{m, lexer.states[target].rule, target});
    }
  }
  for (const ModeRule& mr : rules) {
    AtnState solo = lexer.states[lexer.mode_start[mr.mode]];
    solo.first_edge = static_cast<uint32_t>(both.edges.size());
    solo.num_edges = 1;
    AtnEdge e;
    e.kind = EdgeKind::kEpsilon;
    e.target = mr.rule_start;
    both.edges.push_back(e);
    both.mode_start.push_back(static_cast<int32_t>(both.states.size()));
    both.states.push_back(solo);
  }
  LexerDfa dfa(both, size_t{512} << 20);
  const std::vector<uint32_t> reps = dfa.ClassRepresentatives();
  const std::vector<bool> parser_uses = ParserTokenTypes(grammar);
  auto rule_name = [&](int r) {
    return r >= 0 && r < static_cast<int>(names.rule_names.size())
               ? names.rule_names[r]
               : std::string("?");
  };
  auto parser_uses_rule = [&](int rule) {
    const int type = grammar.lexer_rule_token_type(rule);
    return type > 0 && type < static_cast<int>(parser_uses.size()) &&
           parser_uses[type];
  };
  for (size_t i = 0; i < rules.size(); ++i) {
    const ModeRule& mr = rules[i];
    if (parser_tokens_only && !parser_uses_rule(mr.rule)) continue;
    const int clears = dfa.clears();
    if (dfa.closure_steps() > max_steps) {
      out.undecided.push_back(rule_name(mr.rule));
      continue;
    }
    const Search s = SearchRule(dfa, reps, mr.mode, modes + static_cast<int>(i),
                                mr.rule, max_pairs, max_steps);
    if (s.wins) continue;
    if (s.cut_short || dfa.clears() != clears) {
      out.undecided.push_back(rule_name(mr.rule));
      continue;
    }
    ShadowedLexerRule item;
    item.rule = rule_name(mr.rule);
    item.rule_index = mr.rule;
    item.mode = mr.mode < static_cast<int>(names.mode_names.size())
                    ? names.mode_names[mr.mode]
                    : "DEFAULT_MODE";
    item.parser_uses = parser_uses_rule(mr.rule);
    if (s.any_text) {
      item.by = s.by >= 0 ? rule_name(s.by) : "(no rule)";
      item.example = s.example;
      out.shadowed.push_back(std::move(item));
    } else {
      out.no_text.push_back(std::move(item));
    }
  }
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    if (parser_uses[t] && grammar.lexer_rules_for_token(t).empty()) {
      out.parser_tokens_not_made.push_back(grammar.token_name(t));
    }
  }
  return out;
}

}  // namespace grammut
