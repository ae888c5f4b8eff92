#include "grammar/antlr/atn_convert.h"

#include "atn/ATN.h"
#include "atn/ATNState.h"
#include "atn/ActionTransition.h"
#include "atn/AtomTransition.h"
#include "atn/BlockEndState.h"
#include "atn/BlockStartState.h"
#include "atn/DecisionState.h"
#include "atn/LexerAction.h"
#include "atn/LexerActionType.h"
#include "atn/LexerChannelAction.h"
#include "atn/LexerModeAction.h"
#include "atn/LexerPushModeAction.h"
#include "atn/LexerTypeAction.h"
#include "atn/PrecedencePredicateTransition.h"
#include "atn/RuleStartState.h"
#include "atn/RuleStopState.h"
#include "atn/RuleTransition.h"
#include "atn/StarLoopEntryState.h"
#include "atn/TokensStartState.h"
#include "atn/Transition.h"
#include "misc/Interval.h"
#include "misc/IntervalSet.h"

namespace grammut {
namespace atn_internal {
namespace {

using antlr4::atn::ATNState;
using antlr4::atn::Transition;

SymbolSet ToSymbolSet(const antlr4::misc::IntervalSet& set) {
  SymbolSet out;
  for (const antlr4::misc::Interval& iv : set.getIntervals()) {
    out.emplace_back(static_cast<int32_t>(iv.a), static_cast<int32_t>(iv.b));
  }
  return out;
}

// Calls `fn(action)` for each lexer action reachable inside `rule`.
template <typename Fn>
void ForEachRuleAction(const antlr4::atn::ATN& atn, size_t rule, Fn fn) {
  for (ATNState* s : atn.states) {
    if (s == nullptr || s->ruleIndex != rule) continue;
    for (Transition* t : s->transitions) {
      if (t->getSerializationType() != Transition::ACTION) continue;
      auto* at = static_cast<antlr4::atn::ActionTransition*>(t);
      if (at->actionIndex < atn.lexerActions.size()) {
        fn(*atn.lexerActions[at->actionIndex]);
      }
    }
  }
}

}  // namespace

AtnGraph ConvertAtn(const antlr4::atn::ATN& atn) {
  AtnGraph g;
  g.states.resize(atn.states.size());
  for (size_t i = 0; i < atn.states.size(); ++i) {
    ATNState* s = atn.states[i];
    AtnState& out = g.states[i];
    if (s == nullptr) continue;
    out.kind = static_cast<StateKind>(s->getStateType());
    out.rule = static_cast<int32_t>(s->ruleIndex);
    if (auto* d = dynamic_cast<antlr4::atn::DecisionState*>(s)) {
      out.decision = d->decision;
      out.non_greedy = d->nonGreedy;
    }
    if (auto* e = dynamic_cast<antlr4::atn::StarLoopEntryState*>(s)) {
      out.precedence_decision = e->isPrecedenceDecision;
    }
    if (auto* b = dynamic_cast<antlr4::atn::BlockStartState*>(s)) {
      if (b->endState != nullptr) {
        out.block_end = static_cast<int32_t>(b->endState->stateNumber);
      }
    }
    out.first_edge = static_cast<uint32_t>(g.edges.size());
    out.num_edges = static_cast<uint32_t>(s->transitions.size());
    for (Transition* t : s->transitions) {
      AtnEdge e;
      e.kind = static_cast<EdgeKind>(t->getSerializationType());
      e.target = static_cast<int32_t>(t->target->stateNumber);
      switch (t->getSerializationType()) {
        case Transition::ATOM:
          e.label = static_cast<int32_t>(
              static_cast<antlr4::atn::AtomTransition*>(t)->_label);
          break;
        case Transition::RULE: {
          auto* rt = static_cast<antlr4::atn::RuleTransition*>(t);
          e.label = static_cast<int32_t>(rt->ruleIndex);
          e.follow = static_cast<int32_t>(rt->followState->stateNumber);
          e.set = rt->precedence;  // precedence argument of the call
          break;
        }
        case Transition::PRECEDENCE:
          e.label = static_cast<antlr4::atn::PrecedencePredicateTransition*>(t)
                        ->precedence;
          break;
        case Transition::RANGE:
        case Transition::SET:
        case Transition::NOT_SET:
          e.set = static_cast<int32_t>(g.sets.size());
          g.sets.push_back(ToSymbolSet(t->label()));
          break;
        default:
          break;
      }
      g.edges.push_back(e);
    }
  }
  for (auto* s : atn.ruleToStartState) {
    g.rule_start.push_back(static_cast<int32_t>(s->stateNumber));
    g.left_recursive.push_back(s->isLeftRecursiveRule);
  }
  for (auto* s : atn.ruleToStopState) {
    g.rule_stop.push_back(static_cast<int32_t>(s->stateNumber));
  }
  for (auto* s : atn.decisionToState) {
    g.decision_state.push_back(static_cast<int32_t>(s->stateNumber));
  }
  for (auto* s : atn.modeToStartState) {
    g.mode_start.push_back(static_cast<int32_t>(s->stateNumber));
  }
  for (size_t t : atn.ruleToTokenType) {
    g.rule_token_type.push_back(static_cast<int32_t>(t));
  }
  if (!atn.modeToStartState.empty()) {
    g.rule_commands.resize(atn.ruleToStartState.size());
    for (size_t r = 0; r < g.rule_commands.size(); ++r) {
      LexerRuleCommands& c = g.rule_commands[r];
      ForEachRuleAction(atn, r, [&](const antlr4::atn::LexerAction& a) {
        using antlr4::atn::LexerActionType;
        using Change = LexerRuleCommands::ModeChange;
        switch (a.getActionType()) {
          case LexerActionType::MORE:
            c.more = true;
            break;
          case LexerActionType::SKIP:
            c.hidden = true;
            break;
          case LexerActionType::CHANNEL:
            c.hidden = c.hidden ||
                       static_cast<const antlr4::atn::LexerChannelAction&>(a)
                               .getChannel() != 0;
            break;
          case LexerActionType::PUSH_MODE:
            c.mode_change = Change::kPush;
            c.mode = static_cast<const antlr4::atn::LexerPushModeAction&>(a)
                         .getMode();
            break;
          case LexerActionType::POP_MODE:
            c.mode_change = Change::kPop;
            break;
          case LexerActionType::MODE:
            c.mode_change = Change::kSet;
            // getMode() is not const in ANTLR 4.9's runtime.
            c.mode = const_cast<antlr4::atn::LexerModeAction&>(
                         static_cast<const antlr4::atn::LexerModeAction&>(a))
                         .getMode();
            break;
          default:
            break;
        }
      });
    }
  }
  return g;
}

std::vector<bool> LexerRulesHidden(const antlr4::atn::ATN& lexer_atn) {
  std::vector<bool> hidden(lexer_atn.ruleToStartState.size(), false);
  for (size_t r = 0; r < hidden.size(); ++r) {
    ForEachRuleAction(lexer_atn, r, [&](const antlr4::atn::LexerAction& a) {
      using antlr4::atn::LexerActionType;
      if (a.getActionType() == LexerActionType::SKIP) hidden[r] = true;
      if (a.getActionType() == LexerActionType::CHANNEL &&
          static_cast<const antlr4::atn::LexerChannelAction&>(a).getChannel() !=
              0) {
        hidden[r] = true;
      }
    });
  }
  return hidden;
}

std::vector<int> LexerRuleTokenTypes(const antlr4::atn::ATN& lexer_atn) {
  std::vector<int> types;
  for (size_t r = 0; r < lexer_atn.ruleToStartState.size(); ++r) {
    int type = r < lexer_atn.ruleToTokenType.size()
                   ? static_cast<int>(lexer_atn.ruleToTokenType[r])
                   : 0;
    ForEachRuleAction(lexer_atn, r, [&](const antlr4::atn::LexerAction& a) {
      if (a.getActionType() == antlr4::atn::LexerActionType::TYPE) {
        type = static_cast<const antlr4::atn::LexerTypeAction&>(a).getType();
      }
      if (a.getActionType() == antlr4::atn::LexerActionType::MORE) type = 0;
    });
    types.push_back(type);
  }
  return types;
}

bool LexerRunsCode(const antlr4::atn::ATN& lexer_atn) {
  for (ATNState* s : lexer_atn.states) {
    if (s == nullptr) continue;
    for (Transition* t : s->transitions) {
      const auto kind = t->getSerializationType();
      if (kind == Transition::PREDICATE || kind == Transition::PRECEDENCE) {
        return true;
      }
      if (kind != Transition::ACTION) continue;
      auto* at = static_cast<antlr4::atn::ActionTransition*>(t);
      if (at->actionIndex < lexer_atn.lexerActions.size() &&
          lexer_atn.lexerActions[at->actionIndex]->getActionType() ==
              antlr4::atn::LexerActionType::CUSTOM) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace atn_internal
}  // namespace grammut
