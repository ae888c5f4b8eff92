// token_texts.h: the corpus's token texts, saved beside the weights.
//
// `grammut learn` writes the texts of the corpus's tokens that have an
// open text (identifiers, numbers, strings; as many per type as a
// TokenPool keeps) to `<weights>.texts`. `grammut generate --weights` and
// the plugin with GRAMMUT_WEIGHTS read them back: into the token pool, and
// into the token generator, which learns from them the lexer steps the
// corpus takes (TokenGenerator::Familiar: an ES5 corpus's numerals and
// escapes, not ES2015's `0o17` or `\u{7A}`).
//
//   # grammut token texts
//   version 1
//   grammar JavaScript 0123456789abcdef
//   text T=71 "0x1F"
//   end 1 texts
#ifndef GRAMMUT_GENERATE_TOKEN_TEXTS_H_
#define GRAMMUT_GENERATE_TOKEN_TEXTS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// `<weights>.texts`.
std::string TokenTextsBesideWeights(absl::string_view weights_path);

// Writes the texts of `pool`'s open-text types (TokenGenerator::HasOpenText)
// to `path` atomically.
absl::Status SaveTokenTexts(const Grammar& grammar,
                            const TokenGenerator& tokens, const TokenPool& pool,
                            const std::string& path);

// Reads a file SaveTokenTexts wrote, for `grammar` (one line per error,
// `path:line: why`): each text goes into `pool` (if not null) and `tokens`
// learns it.
absl::Status LoadTokenTexts(const Grammar& grammar, const std::string& path,
                            TokenPool* pool, TokenGenerator& tokens);

// `tokens` learns the text of every token of `tree` (not error tokens).
void LearnTokenTexts(const Tree& tree, TokenGenerator& tokens);

// `tokens` learns `pool`'s texts of open-text types, as if SaveTokenTexts
// had written them and LoadTokenTexts read them back.
void LearnPoolTexts(const Grammar& grammar, const TokenPool& pool,
                    TokenGenerator& tokens);

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_TOKEN_TEXTS_H_
