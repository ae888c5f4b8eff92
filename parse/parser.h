// parser.h: bytes -> Tree with ANTLR's interpreters.
//
// Lexes with `LexerInterpreter` and parses with a `ParserInterpreter` whose
// every decision is recorded, so each rule node of the resulting Tree carries
// its exact derivation. Parsing is two-stage (SLL with bail-out, then full
// LL with error recovery). Syntax errors are counted, never fatal: tokens the
// parser could not place stay in the tree as error tokens, and any text the
// lexer dropped stays as trivia, so `Tree::Text()` returns the input bytes
// exactly. Input over the size, nesting or prediction work limits is refused
// with a status, so every parse ends in time linear in its tokens.
//
// A Parser keeps ANTLR's prediction caches between calls (it is much faster
// that way) and clears them past a size limit so long runs stay bounded.
// Not thread-safe; use one Parser per thread.
//
// Example:
//   Parser parser(grammar);
//   absl::StatusOr<ParseResult> r = parser.Parse(bytes);
//   if (r.ok() && r->syntax_errors == 0) { ... r->tree ... }
#ifndef GRAMMUT_PARSE_PARSER_H_
#define GRAMMUT_PARSE_PARSER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// Limits for one parse.
struct ParseOptions {
  size_t max_bytes = size_t{1} << 20;  // larger input: ResourceExhausted
  int max_depth = 1000;                // deeper rule nesting: ResourceExhausted
  size_t max_dfa_states = 200000;      // clear ANTLR's DFA cache past this
  // Prediction work allowed per parse: `prediction_steps` plus
  // `prediction_steps_per_token` per token, in closure steps of ANTLR's
  // prediction (3 to 5 million a second) and the prediction-context nodes
  // it makes (as many a second); more: ResourceExhausted. The shipped
  // grammars use under 100 per token (ECMAScript 2022: up to 900); the long
  // examples of large public grammars (C++, Java, Go, PL/SQL) under 300
  // closure steps per token (nodes add 10-50% to steps on the grammars
  // measured), and a first parse with empty caches up to 1,100,000. On
  // ambiguous grammars prediction can take minutes per input (grammars-v4's
  // scotty and elixir expand configurations without end; swift2 merges deep
  // context graphs: 20 million nodes for 1.4 million steps).
  int64_t prediction_steps = 2000000;
  int64_t prediction_steps_per_token = 1000;

  // Limits for a user's own parse of a file (`grammut parse`, `learn`,
  // `bindings`, the doctor's corpus): 15 times the base prediction work
  // (ten seconds more at most, the same per token), as ambiguous public
  // grammars need for their examples (grammars-v4's SCSS: a few million
  // steps for 150 tokens), and files up to 8 MiB (grammars-v4's PGN
  // examples: game collections of 1 to 2 MB). The fuzzer keeps the
  // defaults.
  static ParseOptions ForFiles() {
    ParseOptions o;
    o.max_bytes = size_t{8} << 20;
    o.prediction_steps = 30000000;
    return o;
  }
};

// The outcome of a parse.
struct ParseResult {
  Tree tree;
  int syntax_errors = 0;    // lexer and parser errors
  bool used_ll = false;     // SLL failed and full LL ran
  std::string first_error;  // "line:column: message" of the first error
  // Prediction work the parse took, in the unit of the budget
  // (ParseOptions::prediction_steps), and the context nodes within it.
  int64_t prediction_work = 0;
  int64_t context_nodes = 0;
};

class Parser {
 public:
  explicit Parser(const Grammar& grammar, ParseOptions options = {});
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Parse parses `bytes` from `start_rule` (-1: the grammar's start rule).
  // Errors: ResourceExhausted when `bytes`, the nesting or the prediction
  // work exceed the limits.
  absl::StatusOr<ParseResult> Parse(absl::string_view bytes,
                                    int start_rule = -1);

  // Number of times the prediction caches were cleared (for stats).
  int dfa_clears() const { return dfa_clears_; }
  // ANTLR's prediction caches: DFA states and the ATN configurations
  // they hold (linear time; for stats).
  size_t CacheStates() const;
  size_t CacheConfigs() const;
  // The DFA states each parser decision (by index) has built since the
  // Parser was made, cleared ones included. A decision that reads only a
  // few tokens ahead builds a handful; one that must read past a whole
  // statement or expression to choose builds states for nearly every new
  // input, and parsing spends its time there (`grammut parse --decisions`).
  std::vector<size_t> DecisionDfaStates() const;
  // Number of Parse calls so far.
  int64_t parses() const { return parses_; }

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
  int dfa_clears_ = 0;
  int64_t parses_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_PARSE_PARSER_H_
