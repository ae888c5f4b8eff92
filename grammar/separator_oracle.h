// separator_oracle.h: decides where generated tokens need a separator.
//
// Two tokens written next to each other may lex as one ("a" "b" -> "ab",
// "<" "=" -> "<="). SeparatorOracle runs the previous token's text through
// the lexer DFA of its mode; if some token could go on with the next
// token's first byte, and the lexer skips the grammar's separator in the
// next token's mode, a separator goes between them. Where the two meet in
// word characters ([A-Za-z0-9_], or a numeral's trailing '.') and some token
// could go on from the first with a word character, the separator goes
// there too: real lexers read such a run whole ("1do": one malformed
// numeral to Lua) where the grammar's lexer splits it; so do a numeral and
// a '.' after it ("3.75" ".."). A token made in several lexer modes is
// checked in each. Where the separator itself would run on with a whole
// token before it (a name that may hold spaces), another blank the next
// token's mode hides goes there instead (a tab). The cost is one DFA
// step per code point of the previous token (per mode it is made in). Not
// thread-safe (the DFA is built on demand).
#ifndef GRAMMUT_GRAMMAR_SEPARATOR_ORACLE_H_
#define GRAMMUT_GRAMMAR_SEPARATOR_ORACLE_H_

#include <cstdint>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "grammar/grammar.h"
#include "grammar/lexer_chains.h"
#include "grammar/lexer_dfa.h"
#include "tree/tree.h"

namespace grammut {

class SeparatorOracle {
 public:
  // `grammar` and `dfa` (over grammar.lexer_graph()) must outlive this.
  SeparatorOracle(const Grammar& grammar, LexerDfa* dfa);

  // Needs tells whether `prev_text` (a token of `prev_type`) followed by
  // `next_text` (of `next_type`) needs grammar.separator() between them.
  bool Needs(int prev_type, absl::string_view prev_text, int next_type,
             absl::string_view next_text);

  // The text to write between `prev_text` (a token of `prev_type`) and
  // `next_text` (of `next_type`): empty if none is needed; the grammar's
  // separator where Needs says so; and where the lexer, after the previous
  // token, is in a mode the next token is not made in, the text that mode
  // skips and leaves by (a line mode's newline: `T` pushes a mode whose
  // text runs to the line's end).
  // `after`, where known, is where the lexer is after the previous token
  // (Follow): its mode decides, not the one the token's rules imply.
  absl::string_view Separator(int prev_type, absl::string_view prev_text,
                              int next_type, absl::string_view next_text,
                              const LexerPosition* after = nullptr);

  // OpenEnd: after `prev_text` (a token of `prev_type`), where nothing the
  // lexer skips keeps a next token apart (the grammar has no separator, or
  // the token reads on over it and over every other blank: a text to the
  // line's end), the lexer DFA's state there, from which Continues tells
  // which first bytes would run on; else -1. `after`, where known, is
  // where the lexer is after the token (its mode's closer, a newline that
  // leaves a line mode, is a way apart too).
  int32_t OpenEnd(int prev_type, absl::string_view prev_text,
                  const LexerPosition* after);
  // MadeIn tells whether the lexer, in `mode`, reads `text` as a token of
  // `type` (or as the start of a chain of `more` or hidden rules); true
  // where that cannot be told (a token no rule makes, an empty text).
  bool MadeIn(int mode, int type, absl::string_view text);
  // Joins tells whether `next_text` written at DFA `state` (from OpenEnd)
  // would make the token before it longer: some prefix of it takes the DFA
  // to an accepting state.
  bool Joins(int32_t state, absl::string_view next_text);
  // How often the DFA dropped its states: a state id from before a change
  // is void.
  int dfa_clears() const { return dfa_.clears(); }

  // Follow moves `at` over `text` as the lexer reads it: longest matches
  // from `at`'s mode, each rule's mode change applied. A writer that
  // follows its whole output knows the mode where the rules of a token
  // disagree (`]` closes a header, staying in its mode, or a locale,
  // popping back).
  void Follow(absl::string_view text, LexerPosition* at);

  // FixSeams inserts the separator before every token in `tokens` (token
  // nodes of `t`) that has no trivia and would run together with the
  // token before it (after an edit wrote new texts there).
  void FixSeams(absl::Span<const int32_t> tokens, Tree* t);

  const Grammar& grammar() const { return grammar_; }

 private:
  // The DFA state after the lexer read `text` as a token of `type` that
  // starts in lexer mode `start`: from that mode's start, or, for a token
  // the lexer builds over several rules (`more`; lexer_chains.h), from the
  // start of the mode its last rule reads in, over that rule's text.
  int32_t StateAfter(int type, absl::string_view text, int start);

  // RunsOn tells whether `next_text` would run on from DFA `state`, reached
  // over `prev_text`: some token goes on with its first byte, or the two
  // meet in word characters that some token goes on with.
  bool RunsOn(int32_t state, absl::string_view prev_text,
              absl::string_view next_text);

  const Grammar& grammar_;
  LexerDfa& dfa_;
  std::vector<bool> chained_;  // per token type: some rule needs a chain
  std::vector<int> stack_;     // StateAfter's mode stack, reused
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_SEPARATOR_ORACLE_H_
