#include "grammar/antlr/lexer_eof_loops.h"

#include <cstddef>
#include <vector>

#include "Lexer.h"
#include "Token.h"
#include "absl/strings/str_cat.h"
#include "atn/ATN.h"
#include "atn/ATNState.h"
#include "atn/SetTransition.h"
#include "atn/Transition.h"
#include "misc/IntervalSet.h"

namespace grammut {
namespace atn_internal {
namespace {

using antlr4::atn::ATNState;
using antlr4::atn::Transition;

// True if the lexer crosses `t` without input at end of input.
bool MatchesEof(const Transition& t) {
  switch (t.getSerializationType()) {
    case Transition::ATOM:
    case Transition::RANGE:
    case Transition::SET:
      return t.matches(antlr4::Token::EOF, antlr4::Lexer::MIN_CHAR_VALUE,
                       antlr4::Lexer::MAX_CHAR_VALUE);
    default:
      return false;
  }
}

// True if `t` is crossed without consuming input at end of input. Rule
// calls are followed into the callee; rule stop states carry epsilon edges
// to every follow state (the deserializer adds them), so returns are
// followed too.
bool CrossedAtEof(const Transition& t) {
  return t.isEpsilon() || MatchesEof(t);
}

// True if `to` is reachable from `from` over edges crossed at end of input.
bool ReachableAtEof(const antlr4::atn::ATN& atn, const ATNState* from,
                    const ATNState* to, std::vector<char>& seen) {
  seen.assign(atn.states.size(), 0);
  std::vector<const ATNState*> stack = {from};
  seen[from->stateNumber] = 1;
  while (!stack.empty()) {
    const ATNState* s = stack.back();
    stack.pop_back();
    if (s == to) return true;
    for (const Transition* t : s->transitions) {
      if (!CrossedAtEof(*t) || t->target == nullptr) continue;
      const size_t n = t->target->stateNumber;
      if (n < seen.size() && !seen[n]) {
        seen[n] = 1;
        stack.push_back(t->target);
      }
    }
  }
  return false;
}

}  // namespace

int RepairLexerEofLoops(antlr4::atn::ATN& lexer_atn,
                        const std::vector<std::string>& rule_names,
                        std::vector<std::string>* emptied) {
  int replaced = 0;
  std::vector<char> seen;
  for (ATNState* s : lexer_atn.states) {
    if (s == nullptr) continue;
    for (Transition*& t : s->transitions) {
      if (!MatchesEof(*t) || !ReachableAtEof(lexer_atn, t->target, s, seen)) {
        continue;
      }
      antlr4::misc::IntervalSet symbols = t->label();
      symbols.remove(static_cast<ssize_t>(-1));
      if (symbols.isEmpty()) {
        emptied->push_back(s->ruleIndex < rule_names.size()
                               ? rule_names[s->ruleIndex]
                               : absl::StrCat(s->ruleIndex));
      }
      Transition* repaired = new antlr4::atn::SetTransition(t->target, symbols);
      delete t;
      t = repaired;
      ++replaced;
    }
  }
  return replaced;
}

}  // namespace atn_internal
}  // namespace grammut
