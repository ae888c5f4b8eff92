// lexer_chains.cc: see lexer_chains.h.
#include "grammar/lexer_chains.h"

#include <cstddef>

namespace grammut {

bool ApplyModeChange(const LexerRuleCommands& c, int* mode,
                     std::vector<int>* stack) {
  switch (c.mode_change) {
    case LexerRuleCommands::ModeChange::kPush:
      stack->push_back(*mode);
      *mode = c.mode;
      return true;
    case LexerRuleCommands::ModeChange::kPop:
      if (stack->empty()) return false;
      *mode = stack->back();
      stack->pop_back();
      return true;
    case LexerRuleCommands::ModeChange::kSet:
      *mode = c.mode;
      return true;
    case LexerRuleCommands::ModeChange::kNone:
      return true;
  }
  return true;
}

LexerChains FindLexerChains(const AtnGraph& g) {
  using Change = LexerRuleCommands::ModeChange;
  LexerChains out;
  const size_t modes = g.mode_start.size();
  const size_t rules = g.rule_start.size();
  out.rule_mode.assign(rules, 0);
  out.needed.assign(rules, false);
  out.entries.assign(modes, {});
  out.more_rules.assign(modes, {});
  std::vector<bool> in_mode(rules, false);
  for (size_t m = 0; m < modes; ++m) {
    const AtnState& s = g.states[g.mode_start[m]];
    for (uint32_t i = 0; i < s.num_edges; ++i) {
      const int32_t r = g.states[g.edges[s.first_edge + i].target].rule;
      if (r < 0 || static_cast<size_t>(r) >= rules) continue;
      out.rule_mode[r] = static_cast<int>(m);
      in_mode[r] = true;
    }
  }
  if (g.rule_commands.size() != rules || modes < 2) return out;
  std::vector<bool> entered_plainly(modes, false);
  entered_plainly[0] = true;
  for (size_t r = 0; r < rules; ++r) {
    if (!in_mode[r]) continue;
    const LexerRuleCommands& c = g.rule_commands[r];
    if (c.more) out.more_rules[out.rule_mode[r]].push_back(r);
    const bool enters =
        (c.mode_change == Change::kPush || c.mode_change == Change::kSet) &&
        c.mode >= 0 && static_cast<size_t>(c.mode) < modes;
    if (!enters) continue;
    if (c.more || c.hidden) {
      out.entries[c.mode].push_back(r);
    } else {
      entered_plainly[c.mode] = true;
    }
  }
  for (size_t r = 0; r < rules; ++r) {
    const int m = out.rule_mode[r];
    out.needed[r] = in_mode[r] && !g.rule_commands[r].more &&
                    !g.rule_commands[r].hidden && !entered_plainly[m] &&
                    !out.entries[m].empty();
  }
  return out;
}

}  // namespace grammut
