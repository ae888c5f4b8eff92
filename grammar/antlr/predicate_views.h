// predicate_views.h: what a predicate sees while ANTLR lexes and parses.
//
// The interpreters (recording_interpreter.h) evaluate known predicates
// (predicate_table.h) at the place ANTLR asks for them. ParserView reads
// the tokens around the parser's position; LexerPredicateState follows the
// tokens a lexer emits (the last significant one, `{`/`}` nesting per lexer
// mode level) and makes the lexer's view.
#ifndef GRAMMUT_GRAMMAR_ANTLR_PREDICATE_VIEWS_H_
#define GRAMMUT_GRAMMAR_ANTLR_PREDICATE_VIEWS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "Token.h"
#include "TokenStream.h"
#include "grammar/grammar.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {
namespace parser_internal {

// ParserView: the view at the parser's position in `input`: the previous
// significant token (LT(-1)), the next one (LT(1)), and whether the text
// between them (hidden or skipped) breaks a line.
PredicateView ParserView(const Grammar& grammar, antlr4::TokenStream* input);

// The lexer's side: fed every token the lexer emits.
class LexerPredicateState {
 public:
  explicit LexerPredicateState(const Grammar& grammar) : grammar_(grammar) {}
  // Forgets everything (a new input).
  void Reset();
  // Notes a token emitted while the lexer's mode stack held `mode_levels`
  // modes.
  void Emitted(const antlr4::Token& token, size_t mode_levels);
  // The view for a predicate of a token starting at `start` (code point
  // index) with `mode_levels` pushed modes.
  PredicateView View(size_t start, size_t mode_levels);

 private:
  const Grammar& grammar_;
  bool has_prev_ = false;
  std::string prev_text_;
  bool prev_is_name_ = false;
  bool has_prev2_ = false;  // the significant token before that
  std::string prev2_text_;
  bool prev2_is_name_ = false;
  std::vector<int> braces_;  // open `{` per mode level
};

}  // namespace parser_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_PREDICATE_VIEWS_H_
