#include "grammar/antlr/recording_interpreter.h"

#include <algorithm>

#include "CommonToken.h"
#include "absl/strings/numbers.h"
#include "atn/ATNConfigSet.h"
#include "atn/PredictionContext.h"
#include "dfa/DFAState.h"
#include "grammar/predicate_table.h"

namespace grammut {
namespace parser_internal {
namespace {

// The index of a one-character bracket text among `(`, `[`, `{` (or, with
// `closing`, `)`, `]`, `}`), or -1.
int BracketIndex(const std::string& text, bool closing) {
  if (text.size() != 1) return -1;
  const char* kinds = closing ? ")]}" : "([{";
  for (int k = 0; k < 3; ++k) {
    if (text[0] == kinds[k]) return k;
  }
  return -1;
}

// ATN configurations held by the states of a recognizer's DFAs.
template <typename Dfas>
size_t ConfigsIn(const Dfas& dfas) {
  size_t n = 0;
  for (const auto& dfa : dfas) {
    for (const antlr4::dfa::DFAState* s : dfa.states) {
      if (s != nullptr && s->configs != nullptr) n += s->configs->size();
    }
  }
  return n;
}

}  // namespace

BoundedLexer::BoundedLexer(const Grammar& g, antlr4::CharStream* input)
    : antlr4::LexerInterpreter(
          g.name(), g.antlr_vocabulary(), g.lexer_interp().rule_names,
          g.lexer_interp().channel_names, g.lexer_interp().mode_names,
          g.antlr_lexer_atn(), input),
      grammar_(g),
      predicate_state_(g),
      actions_(LexerActionKinds(g.semantics())),
      counter_changes_(LexerCounterChanges(g.semantics())),
      base_(g, actions_),
      dot_type_(g.token_type_named("DOT_SYMBOL")) {
  const std::vector<std::string> args = LexerActionArguments(g.semantics());
  const InterpData& interp = g.lexer_interp();
  auto index_of = [](const std::vector<std::string>& names,
                     const std::string& name) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  };
  for (LexerActionKind kind : actions_) {
    counts_brackets_ |= kind == LexerActionKind::kPopModeWhenClosed ||
                        kind == LexerActionKind::kSkipAndPopModeWhenClosed;
  }
  command_args_.assign(actions_.size(), -1);
  for (size_t i = 0; i < actions_.size() && i < args.size(); ++i) {
    const std::string& arg = args[i];
    int value = -1;
    switch (actions_[i]) {
      case LexerActionKind::kChannelCommand:
        value = arg == "HIDDEN" ? 1 : index_of(interp.channel_names, arg);
        if (value < 0 && !absl::SimpleAtoi(arg, &value)) value = -1;
        break;
      case LexerActionKind::kTypeCommand:
        value = g.token_type_named(arg);
        break;
      case LexerActionKind::kModeCommand:
      case LexerActionKind::kPushModeCommand:
        value = index_of(interp.mode_names, arg);
        break;
      default:
        break;
    }
    command_args_[i] = value;
  }
}

void BoundedLexer::reset() {
  antlr4::LexerInterpreter::reset();
  predicate_state_.Reset();
  counters_.clear();
  open_brackets_.clear();
  bracket_level_ = 0;
  base_.Reset();
  pending_.clear();
}

std::unique_ptr<antlr4::Token> BoundedLexer::nextToken() {
  if (pending_.empty()) {
    std::unique_ptr<antlr4::Token> next = antlr4::LexerInterpreter::nextToken();
    base_.AfterToken(this, next.get());
    if (pending_.empty()) return next;
    pending_.push_back(std::move(next));
  }
  std::unique_ptr<antlr4::Token> front = std::move(pending_.front());
  pending_.pop_front();
  return front;
}

void BoundedLexer::emit(std::unique_ptr<antlr4::Token> token) {
  // Only grammars with known lexer predicates need the tokens followed.
  if (token != nullptr && grammar_.predicates().any_lexer()) {
    predicate_state_.Emitted(*token, modeStack.size());
  }
  if (token != nullptr && counts_brackets_) CountOpenBracket(*token);
  antlr4::LexerInterpreter::emit(std::move(token));
}

std::array<int, 3>& BoundedLexer::OpenBracketsAt(size_t level) {
  if (open_brackets_.size() <= level) open_brackets_.resize(level + 1);
  // A mode pushed since the last count starts with no bracket open.
  for (size_t l = bracket_level_ + 1; l <= level; ++l) open_brackets_[l] = {};
  bracket_level_ = level;
  return open_brackets_[level];
}

void BoundedLexer::CountOpenBracket(const antlr4::Token& token) {
  const int k = BracketIndex(token.getText(), /*closing=*/false);
  std::array<int, 3>& open = OpenBracketsAt(modeStack.size());
  if (k >= 0) ++open[k];
}

void BoundedLexer::CloseBracketOrPopMode(bool skip_it) {
  const int k = BracketIndex(getText(), /*closing=*/true);
  if (k < 0) return;
  int& open = OpenBracketsAt(modeStack.size())[k];
  if (open > 0) {
    --open;
    return;
  }
  if (modeStack.empty()) return;
  popMode();
  bracket_level_ = modeStack.size();
  if (skip_it) skip();
}

antlr4::Token* BoundedLexer::emit() {
  base_.BeforeEmit(this);
  return antlr4::LexerInterpreter::emit();
}

bool BoundedLexer::sempred(antlr4::RuleContext*, size_t rule, size_t pred) {
  const PredicateMeaning* m = grammar_.predicates().Lexer(
      static_cast<int>(rule), static_cast<int>(pred));
  if (m == nullptr) return true;
  PredicateView view =
      predicate_state_.View(tokenStartCharIndex, modeStack.size());
  // ANTLR's lexer has the input at the predicate's place here.
  auto char_at = [&](ssize_t k) {
    const size_t c = _input->LA(k);
    return c == antlr4::Token::EOF ? -1 : static_cast<int32_t>(c);
  };
  view.next_char = char_at(1);
  if (view.next_char >= 0) view.next_char2 = char_at(2);
  if (view.next_char2 >= 0) view.next_char3 = char_at(3);
  view.counters = &counters_;
  view.in_verbatim = base_.InVerbatim();
  view.at_line_start = tokenStartCharPositionInLine == 0;
  return EvaluatePredicate(*m, view);
}

void BoundedLexer::action(antlr4::RuleContext*, size_t, size_t action) {
  if (action >= actions_.size() || base_.Action(actions_[action], this)) return;
  const int arg = command_args_[action];
  switch (actions_[action]) {
    case LexerActionKind::kChannelCommand:
      if (arg >= 0) setChannel(static_cast<size_t>(arg));
      break;
    case LexerActionKind::kSkipCommand:
      skip();
      break;
    case LexerActionKind::kMoreCommand:
      more();
      break;
    case LexerActionKind::kTypeCommand:
      if (arg > 0) setType(static_cast<size_t>(arg));
      break;
    case LexerActionKind::kModeCommand:
      if (arg >= 0) setMode(static_cast<size_t>(arg));
      break;
    case LexerActionKind::kPushModeCommand:
      if (arg >= 0) pushMode(static_cast<size_t>(arg));
      break;
    case LexerActionKind::kPopModeCommand:
      if (!modeStack.empty()) popMode();
      break;
    case LexerActionKind::kLuaComment: {
      // The token so far is `--`: it goes on over the comment's rest.
      const int n = LuaCommentLength([&](int k) {
        const size_t c = _input->LA(k + 1);
        return c == antlr4::Token::EOF ? -1 : static_cast<int>(c);
      });
      for (int k = 0; k < n; ++k)
        getInterpreter<antlr4::atn::LexerATNSimulator>()->consume(_input);
      break;
    }
    case LexerActionKind::kEmitDot: {
      // The `.` becomes a token of its own; the token being made starts
      // after it (so the two texts still cover the input exactly).
      if (dot_type_ <= 0 || getCharIndex() <= tokenStartCharIndex + 1) break;
      pending_.push_back(std::unique_ptr<antlr4::Token>(_factory->create(
          {this, _input}, static_cast<size_t>(dot_type_), ".",
          antlr4::Token::DEFAULT_CHANNEL, tokenStartCharIndex,
          tokenStartCharIndex, tokenStartLine, tokenStartCharPositionInLine)));
      ++tokenStartCharIndex;
      ++tokenStartCharPositionInLine;
      break;
    }
    case LexerActionKind::kPopModeWhenClosed:
    case LexerActionKind::kSkipAndPopModeWhenClosed:
      CloseBracketOrPopMode(actions_[action] ==
                            LexerActionKind::kSkipAndPopModeWhenClosed);
      break;
    case LexerActionKind::kCounterChange: {
      const CounterChange& c = counter_changes_[action];
      int64_t& value = counters_[c.counter];
      // Each token moves a counter by at most kMaxCounterStep.
      value = c.set ? c.amount : value + c.amount;
      break;
    }
    default:  // the base classes' (known_lexer_bases.h), or unknown
      break;
  }
}

size_t BoundedLexer::DfaStates() const {
  size_t n = 0;
  for (const auto& dfa : _decisionToDFA) n += dfa.states.size();
  return n;
}

size_t BoundedLexer::DfaConfigs() const { return ConfigsIn(_decisionToDFA); }

void BoundedLexer::ClearCaches() {
  getInterpreter<antlr4::atn::LexerATNSimulator>()->clearDFA();
  _sharedContextCache.clear();
}

RecordingInterpreter::RecordingInterpreter(const Grammar& g,
                                           antlr4::TokenStream* input,
                                           int max_depth)
    : antlr4::ParserInterpreter(g.name(), g.antlr_vocabulary(),
                                g.parser_interp().rule_names,
                                g.antlr_parser_atn(), input),
      grammar_(g),
      max_depth_(max_depth) {
  // ParserInterpreter made a plain simulator and deletes _interpreter when
  // destroyed: put ours in its place.
  delete _interpreter;
  _interpreter = new BudgetedSimulator(this, g.antlr_parser_atn(),
                                       _decisionToDFA, _sharedContextCache);
}

void RecordingInterpreter::SetPredictionBudget(int64_t steps) {
  static_cast<BudgetedSimulator*>(_interpreter)->SetBudget(steps);
}

int64_t RecordingInterpreter::PredictionBudgetLeft() const {
  return static_cast<const BudgetedSimulator*>(_interpreter)->left();
}

int64_t RecordingInterpreter::PredictionContextNodes() const {
  return static_cast<const BudgetedSimulator*>(_interpreter)->nodes_charged();
}

bool RecordingInterpreter::sempred(antlr4::RuleContext*, size_t rule,
                                   size_t pred) {
  const PredicateMeaning* m = grammar_.predicates().Parser(
      static_cast<int>(rule), static_cast<int>(pred));
  if (m == nullptr) return true;
  return EvaluatePredicate(*m, ParserView(grammar_, _input));
}

void BudgetedSimulator::SetBudget(int64_t budget) {
  left_ = budget;
  nodes_charged_ = 0;
  nodes_seen_ = antlr4::atn::PredictionContext::globalNodeCount;
}

void BudgetedSimulator::ChargeContextNodes() {
  // ANTLR numbers every context node it makes from this process-wide
  // counter; a parse runs on one thread, so the difference is its own. A
  // node costs about as much time as a closure step (swift2: 20 million
  // nodes and 1.4 million steps in 14 s), so each is charged as one.
  const size_t nodes = antlr4::atn::PredictionContext::globalNodeCount;
  const int64_t made = static_cast<int64_t>(nodes - nodes_seen_);
  nodes_seen_ = nodes;
  nodes_charged_ += made;
  left_ -= made;
}

void BudgetedSimulator::closure_(
    std::shared_ptr<antlr4::atn::ATNConfig> const& config,
    antlr4::atn::ATNConfigSet* configs,
    antlr4::atn::ATNConfig::Set& closure_busy, bool collect_predicates,
    bool full_ctx, int depth, bool treat_eof_as_epsilon) {
  ChargeContextNodes();
  if (--left_ < 0) throw WorkExceeded();
  antlr4::atn::ParserATNSimulator::closure_(config, configs, closure_busy,
                                            collect_predicates, full_ctx, depth,
                                            treat_eof_as_epsilon);
}

std::unique_ptr<antlr4::atn::ATNConfigSet> BudgetedSimulator::computeReachSet(
    antlr4::atn::ATNConfigSet* closure, size_t t, bool full_ctx) {
  std::unique_ptr<antlr4::atn::ATNConfigSet> reach =
      antlr4::atn::ParserATNSimulator::computeReachSet(closure, t, full_ctx);
  if (reach != nullptr && reach->hasSemanticContext) {
    const int64_t n = static_cast<int64_t>(reach->size());
    left_ -= 2 * n;
    if (left_ < 0) throw WorkExceeded();
  }
  return reach;
}

void RecordingInterpreter::reset() {
  antlr4::ParserInterpreter::reset();
  while (!_parentContextStack.empty()) _parentContextStack.pop();
  records.clear();
}

size_t RecordingInterpreter::DfaStates() const {
  size_t n = 0;
  for (const auto& dfa : _decisionToDFA) n += dfa.states.size();
  return n + _sharedContextCache.size();
}

size_t RecordingInterpreter::DfaConfigs() const {
  return ConfigsIn(_decisionToDFA);
}

void RecordingInterpreter::AddDfaStatesByDecision(
    std::vector<size_t>* counts) const {
  if (counts->size() < _decisionToDFA.size()) {
    counts->resize(_decisionToDFA.size(), 0);
  }
  for (size_t d = 0; d < _decisionToDFA.size(); ++d) {
    (*counts)[d] += _decisionToDFA[d].states.size();
  }
}

void RecordingInterpreter::ClearCaches() {
  getInterpreter<antlr4::atn::ParserATNSimulator>()->clearDFA();
  _sharedContextCache.clear();
}

void RecordingInterpreter::visitState(antlr4::atn::ATNState* p) {
  antlr4::ParserRuleContext* ctx = _ctx;
  const size_t child = ctx->children.size();
  antlr4::ParserInterpreter::visitState(p);
  const AtnState& s = grammar_.parser_graph().states[p->stateNumber];
  if (s.decision < 0) return;
  const int32_t target = static_cast<int32_t>(getState());
  for (uint32_t i = 0; i < s.num_edges; ++i) {
    if (grammar_.parser_graph()
            .Edge(static_cast<int32_t>(p->stateNumber), i)
            .target == target) {
      records.push_back(
          Record{ctx, s.decision, static_cast<uint16_t>(i + 1),
                 static_cast<uint16_t>(std::min<size_t>(child, 0xFFFF))});
      return;
    }
  }
}

void RecordingInterpreter::CheckDepth(const antlr4::RuleContext* ctx) const {
  int depth = 0;
  for (const antlr4::RuleContext* c = ctx; c != nullptr;
       c = static_cast<const antlr4::RuleContext*>(c->parent)) {
    if (++depth > max_depth_) throw DepthExceeded();
  }
}

void RecordingInterpreter::enterRule(antlr4::ParserRuleContext* localctx,
                                     size_t state, size_t rule) {
  CheckDepth(localctx);
  antlr4::ParserInterpreter::enterRule(localctx, state, rule);
}

void RecordingInterpreter::enterRecursionRule(
    antlr4::ParserRuleContext* localctx, size_t state, size_t rule,
    int precedence) {
  CheckDepth(localctx);
  antlr4::ParserInterpreter::enterRecursionRule(localctx, state, rule,
                                                precedence);
}

}  // namespace parser_internal
}  // namespace grammut
