// separator_oracle.h: decides where generated tokens need a separator.
//
// Two tokens written next to each other may lex as one ("a" "b" -> "ab",
// "<" "=" -> "<="). SeparatorOracle asks the lexer ATN whether any token of
// the previous token's lexer mode can start with the previous token's text
// followed by the next token's first byte; if so, and if the lexer skips the
// grammar's separator in the next token's mode, a separator goes between
// them. Answers are cached per (mode, text); the cache is bounded.
// Not thread-safe.
#ifndef GRAMMUT_GRAMMAR_RUNTIME_SEPARATOR_ORACLE_H_
#define GRAMMUT_GRAMMAR_RUNTIME_SEPARATOR_ORACLE_H_

#include <bitset>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "grammar_runtime/grammar.h"

namespace grammut {

class SeparatorOracle {
 public:
  explicit SeparatorOracle(const Grammar& grammar) : grammar_(grammar) {}

  // Needs tells whether `prev_text` (a token of `prev_type`) followed by
  // `next_text` (of `next_type`) needs grammar.separator() between them.
  bool Needs(int prev_type, absl::string_view prev_text, int next_type,
             absl::string_view next_text);

 private:
  const Grammar& grammar_;
  absl::flat_hash_map<std::pair<int, std::string>, std::bitset<256>> cache_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_SEPARATOR_ORACLE_H_
