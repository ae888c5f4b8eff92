// internal/recording_interpreter.h: ANTLR interpreters that record
// decisions, bound nesting and expose their cache sizes. Only parser.cc uses
// these.
#ifndef GRAMMUT_GRAMMAR_ANTLR_RECORDING_INTERPRETER_H_
#define GRAMMUT_GRAMMAR_ANTLR_RECORDING_INTERPRETER_H_

#include <array>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "ANTLRInputStream.h"
#include "BaseErrorListener.h"
#include "LexerInterpreter.h"
#include "ParserInterpreter.h"
#include "ParserRuleContext.h"
#include "Token.h"
#include "atn/ATNState.h"
#include "atn/LexerATNSimulator.h"
#include "atn/ParserATNSimulator.h"
#include "dfa/DFA.h"
#include "grammar/antlr/known_lexer_bases.h"
#include "grammar/antlr/predicate_views.h"
#include "grammar/grammar.h"
#include "grammar/lexer_actions.h"

namespace grammut {
namespace parser_internal {

// Thrown when rule nesting exceeds the limit; ends the parse.
struct DepthExceeded : std::exception {
  const char* what() const noexcept override { return "nesting too deep"; }
};

// Thrown when prediction work exceeds the parse's budget; ends the parse.
struct WorkExceeded : std::exception {
  const char* what() const noexcept override {
    return "prediction work over budget";
  }
};

// A parser ATN simulator that counts its closure steps (one per ATN
// configuration it expands) and throws WorkExceeded past a budget. On
// ambiguous grammars ANTLR's prediction can expand exponentially many
// configurations for one decision (grammars-v4's scotty and elixir took
// minutes per input); the count bounds the work of one parse. The
// prediction-context nodes ANTLR makes are charged too: merging deep
// context graphs makes new nodes by the thousand within one closure step
// (grammars-v4's swift2: 20 million nodes for 1.4 million closure steps,
// minutes for one file).
class BudgetedSimulator : public antlr4::atn::ParserATNSimulator {
 public:
  using antlr4::atn::ParserATNSimulator::ParserATNSimulator;
  // Allows `budget` more closure steps and context nodes.
  void SetBudget(int64_t budget);
  // The work left of the budget.
  int64_t left() const { return left_; }
  // Context nodes charged since SetBudget.
  int64_t nodes_charged() const { return nodes_charged_; }

 protected:
  void closure_(std::shared_ptr<antlr4::atn::ATNConfig> const& config,
                antlr4::atn::ATNConfigSet* configs,
                antlr4::atn::ATNConfig::Set& closure_busy,
                bool collect_predicates, bool full_ctx, int depth,
                bool treat_eof_as_epsilon) override;
  // Charges the reach set's size again when it holds predicates: ANTLR
  // then copies and merges it once more (hasSLLConflictTerminatingPrediction),
  // work that closure steps do not count and that grew to minutes per
  // decision on generated JavaScript.
  std::unique_ptr<antlr4::atn::ATNConfigSet> computeReachSet(
      antlr4::atn::ATNConfigSet* closure, size_t t, bool full_ctx) override;

 private:
  // Charges the prediction-context nodes made since the last charge.
  void ChargeContextNodes();

  int64_t left_ = 0;
  int64_t nodes_charged_ = 0;
  size_t nodes_seen_ = 0;  // ANTLR's count of context nodes at the last charge
};

// An ANTLRInputStream filled with code points we decoded ourselves (so that
// any bytes, valid UTF-8 or not, can be lexed).
class CodePointStream : public antlr4::ANTLRInputStream {
 public:
  void Set(std::u32string data) {
    _data = std::move(data);
    p = 0;
  }
};

// Counts syntax errors instead of printing them.
class ErrorCounter : public antlr4::BaseErrorListener {
 public:
  void syntaxError(antlr4::Recognizer*, antlr4::Token*, size_t line,
                   size_t column, const std::string& msg,
                   std::exception_ptr) override {
    if (count++ == 0) {
      first = std::to_string(line) + ":" + std::to_string(column) + ": " + msg;
    }
  }
  int count = 0;
  std::string first;  // the first message, "line:column: text"
};

// A lexer interpreter whose DFA cache size can be read and cleared, and
// which evaluates the predicates grammut knows (Grammar::predicates()).
class BoundedLexer : public antlr4::LexerInterpreter {
 public:
  BoundedLexer(const Grammar& g, antlr4::CharStream* input);
  void reset() override;
  // The next token: one an action split off first (kEmitDot), if any.
  std::unique_ptr<antlr4::Token> nextToken() override;
  void emit(std::unique_ptr<antlr4::Token> token) override;
  // Makes the token of the current match (after known base classes had
  // their say: known_lexer_bases.h).
  antlr4::Token* emit() override;
  bool sempred(antlr4::RuleContext* ctx, size_t rule, size_t pred) override;
  // Carries out the lexer actions grammut knows (lexer_actions.h).
  void action(antlr4::RuleContext* ctx, size_t rule, size_t action) override;
  size_t DfaStates() const;
  // ATN configurations held by the DFA states (what their memory grows
  // with).
  size_t DfaConfigs() const;
  void ClearCaches();

 private:
  const Grammar& grammar_;
  LexerPredicateState predicate_state_;
  std::vector<LexerActionKind> actions_;  // by ANTLR's action index
  // Per action index, a capitalised command's argument resolved: the
  // channel, token type or mode it names (-1: none).
  std::vector<int> command_args_;
  // Brackets opened at each lexer mode level, for the closing brackets
  // that pop a mode (kPopModeWhenClosed): `(`, `[`, `{`; and the level of
  // the last token counted (a deeper level starts at none).
  std::array<int, 3>& OpenBracketsAt(size_t level);
  void CountOpenBracket(const antlr4::Token& token);
  void CloseBracketOrPopMode(bool skip_it);
  bool counts_brackets_ = false;
  std::vector<std::array<int, 3>> open_brackets_;
  size_t bracket_level_ = 0;
  // Per action index, what a kCounterChange does, and the counters.
  std::vector<CounterChange> counter_changes_;
  LexerCounters counters_;
  KnownLexerBase base_;  // what a known base class does
  int dot_type_ = -1;    // DOT_SYMBOL, for kEmitDot
  // Tokens split off the front of the token being made, in order.
  std::deque<std::unique_ptr<antlr4::Token>> pending_;
};

// One recorded prediction.
struct Record {
  const antlr4::ParserRuleContext* ctx;
  int32_t decision;
  uint16_t alt;
  uint16_t child;
};

// A parser interpreter that records every decision state it passes with the
// alternative taken and the rule context's child count at that moment, and
// evaluates the predicates grammut knows (Grammar::predicates()).
class RecordingInterpreter : public antlr4::ParserInterpreter {
 public:
  RecordingInterpreter(const Grammar& g, antlr4::TokenStream* input,
                       int max_depth);
  void reset() override;
  size_t DfaStates() const;
  // ATN configurations held by the DFA states (what their memory grows
  // with).
  size_t DfaConfigs() const;
  // Adds the DFA states each decision holds to counts[decision] (grown to
  // the number of decisions).
  void AddDfaStatesByDecision(std::vector<size_t>* counts) const;
  void ClearCaches();
  // Allows `steps` closure steps of prediction from now on; more throw
  // WorkExceeded.
  void SetPredictionBudget(int64_t steps);
  // The work (closure steps and context nodes) left of the budget.
  int64_t PredictionBudgetLeft() const;
  // The context nodes charged since SetPredictionBudget.
  int64_t PredictionContextNodes() const;
  bool sempred(antlr4::RuleContext* ctx, size_t rule, size_t pred) override;

  std::vector<Record> records;

 protected:
  void visitState(antlr4::atn::ATNState* p) override;
  void enterRule(antlr4::ParserRuleContext* localctx, size_t state,
                 size_t rule) override;
  void enterRecursionRule(antlr4::ParserRuleContext* localctx, size_t state,
                          size_t rule, int precedence) override;

 private:
  void CheckDepth(const antlr4::RuleContext* ctx) const;
  const Grammar& grammar_;
  int max_depth_;
};

}  // namespace parser_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_RECORDING_INTERPRETER_H_
