// atn_semantics.cc: see atn_semantics.h.
#include "grammar/antlr/atn_semantics.h"

#include "atn/ATN.h"
#include "atn/ATNState.h"
#include "atn/ActionTransition.h"
#include "atn/LexerAction.h"
#include "atn/LexerActionType.h"
#include "atn/PredicateTransition.h"
#include "atn/RuleStartState.h"
#include "atn/Transition.h"

namespace grammut {
namespace atn_internal {
namespace {

using antlr4::atn::Transition;

void AddSemantics(const antlr4::atn::ATN& atn, const AtnGraph& graph,
                  bool lexer, std::vector<AtnSemantic>* out) {
  for (antlr4::atn::ATNState* s : atn.states) {
    if (s == nullptr) continue;
    for (size_t i = 0; i < s->transitions.size(); ++i) {
      Transition* t = s->transitions[i];
      AtnSemantic item;
      item.lexer = lexer;
      if (s->stateNumber < graph.states.size()) {
        item.edge =
            static_cast<int32_t>(graph.states[s->stateNumber].first_edge + i);
      }
      if (t->getSerializationType() == Transition::PREDICATE) {
        auto* p = static_cast<antlr4::atn::PredicateTransition*>(t);
        item.predicate = true;
        item.rule = static_cast<int>(p->ruleIndex);
        item.index = static_cast<int>(p->predIndex);
      } else if (t->getSerializationType() == Transition::ACTION) {
        auto* a = static_cast<antlr4::atn::ActionTransition*>(t);
        item.rule = static_cast<int>(a->ruleIndex);
        if (lexer) {
          // Lexer commands are actions too; only `{...}` code is custom.
          if (a->actionIndex >= atn.lexerActions.size() ||
              atn.lexerActions[a->actionIndex]->getActionType() !=
                  antlr4::atn::LexerActionType::CUSTOM) {
            continue;
          }
          item.index = static_cast<int>(a->actionIndex);
        } else if (a->ruleIndex < atn.ruleToStartState.size() &&
                   atn.ruleToStartState[a->ruleIndex]->isLeftRecursiveRule) {
          // The tool puts actions of its own into left-recursive rules
          // (and gives no parser action an index): leave them all out.
          continue;
        }
      } else {
        continue;
      }
      out->push_back(item);
    }
  }
}

}  // namespace

std::vector<AtnSemantic> ListAtnSemantics(const Grammar& grammar) {
  std::vector<AtnSemantic> out;
  AddSemantics(grammar.antlr_parser_atn(), grammar.parser_graph(), false, &out);
  AddSemantics(grammar.antlr_lexer_atn(), grammar.lexer_graph(), true, &out);
  return out;
}

}  // namespace atn_internal
}  // namespace grammut
