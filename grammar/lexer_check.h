// lexer_check.h: lexer rules no input can ever make a token of.
//
// ANTLR's lexer takes the longest match and, among matches of the same
// length, the rule defined first. A rule every text of which an earlier
// rule also matches never wins: a keyword `IF : 'if' ;` defined after
// `ID : [a-z]+ ;` is always lexed as an ID, and every parser rule that
// needs IF fails on real input. CheckLexerRules finds such rules exactly
// (predicates count as true, as everywhere in grammut): for each token rule
// it searches, breadth first over the lexer DFA, the texts the rule matches
// alone side by side with what the whole mode makes of them, until one text
// is the rule's own token (the rule can win) or the search runs out (the
// rule is shadowed; the first text found names the rule that takes it).
//
// Example:
//   LexerCheck check = CheckLexerRules(grammar);
//   for (const ShadowedLexerRule& s : check.shadowed) ... s.rule, s.by ...
#ifndef GRAMMUT_GRAMMAR_LEXER_CHECK_H_
#define GRAMMUT_GRAMMAR_LEXER_CHECK_H_

#include <string>
#include <vector>

#include "grammar/grammar.h"

namespace grammut {

// A lexer rule that never makes a token: each of its texts is taken by an
// earlier rule, or it matches no text at all (`by` empty).
struct ShadowedLexerRule {
  std::string rule;          // the lexer rule
  int rule_index = -1;       // its index among the lexer's rules
  std::string mode;          // the lexer mode it is in
  std::string by;            // the rule that takes `example` (empty: none)
  std::string example;       // the shortest text of `rule`, which `by` takes
  bool parser_uses = false;  // the parser refers to the rule's token type
};

// What CheckLexerRules found.
struct LexerCheck {
  std::vector<ShadowedLexerRule> shadowed;  // `by` set
  std::vector<ShadowedLexerRule> no_text;   // rules that match no text
  // Token types the parser refers to that no lexer rule makes.
  std::vector<std::string> parser_tokens_not_made;
  // Rules whose search was cut short (`max_pairs`, or the whole check's
  // `max_steps`): neither found winning nor shown shadowed.
  std::vector<std::string> undecided;
};

// CheckLexerRules examines every token rule of every lexer mode of
// `grammar`. `max_pairs` bounds the search per rule (pairs of DFA states),
// `max_steps` the whole check (the lexer DFA's closure steps: a lexer of
// a thousand case-insensitive keywords, Hive's, took minutes without it);
// the rules not examined within it are undecided. With
// `parser_tokens_only`, only rules whose token type the parser refers to
// are examined (the others are not reported).
LexerCheck CheckLexerRules(const Grammar& grammar, int max_pairs = 20000,
                           uint64_t max_steps = uint64_t{200} << 20,
                           bool parser_tokens_only = false);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_LEXER_CHECK_H_
