// token_generator.h: makes the text of one token.
//
// Literal tokens use their literal text. Other tokens are made by a random
// walk over the lexer ATN of a lexer rule that produces the token type
// (sets, ranges, not-sets over a printable default alphabet, closures,
// fragment calls), or taken from a TokenPool of texts seen in real inputs.
// With a checking Parser, a made text is lexed again and kept only if it
// lexes as exactly that one token; otherwise the rule's shortest text is used.
#ifndef GRAMMUT_GRAMMAR_RUNTIME_TOKEN_GENERATOR_H_
#define GRAMMUT_GRAMMAR_RUNTIME_TOKEN_GENERATOR_H_

#include <string>
#include <vector>

#include "grammar_runtime/grammar.h"
#include "grammar_runtime/parser.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/token_pool.h"

namespace grammut {

class TokenGenerator {
 public:
  // `checker` (may be null) lexes made texts to verify them.
  TokenGenerator(const Grammar& grammar, Parser* checker);

  // Generate returns a text for `type` of at most `max_len` bytes (when even
  // the shortest text is longer, returns the shortest text). With
  // probability `pool_probability` a fitting pool text is used.
  std::string Generate(int type, Rng& rng, size_t max_len,
                       const TokenPool* pool, double pool_probability);

  // The shortest text of `type` (deterministic).
  const std::string& Shortest(int type) const { return shortest_[type]; }

  // True if some text for `type` can be made.
  bool CanGenerate(int type) const;

 private:
  // Walks lexer rule `rule`; returns false if it ran out of room.
  bool Walk(int rule, Rng* rng, size_t max_len, std::string* out) const;
  // True if `text` lexes as exactly one `type` token in `rule`'s mode.
  bool Check(int type, int rule, const std::string& text);

  const Grammar& grammar_;
  Parser* checker_;
  std::vector<std::string> shortest_;
  std::vector<int> rule_mode_;  // lexer rule -> mode
  std::vector<LexedToken> scratch_;
};

// Appends `cp` as UTF-8 to `out`.
void AppendUtf8(uint32_t cp, std::string* out);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_TOKEN_GENERATOR_H_
