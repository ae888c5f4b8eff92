// embedded_language.h: another grammar's sentences inside one token.
//
// Many inputs carry a second language in their string tokens: SQL hands
// full-text queries, JSON paths, date modifiers and printf formats to its
// functions as string literals, JavaScript has regular expressions, HTML
// has scripts and styles. To the host grammar such a token is an opaque
// quoted text, so generation only ever writes noise there. An
// EmbeddedLanguage generates a sentence of its own grammar (uniform
// probabilities, small), quotes it the way the host token is spelled
// ('…' or "…", the quote inside doubled or escaped with a backslash, the
// first way the host lexer reads back whole as the token) and offers it as
// the token's text (TokenTextSource, token_generator.h).
//
// Where they come from: GRAMMUT_EMBED ("TOKEN=GRAMMAR;TOKEN=GRAMMAR"), or by
// default every directory <grammar's directory>/embedded/<TOKEN>/<name>/
// (a directory of .interp or .g4 files) beside the host grammar.
//
// Example:
//   auto langs = LoadEmbeddedLanguages("STRING_LITERAL=fts.g4", host, tokens);
//   for (auto& l : *langs) tokens.AddSource(l->host_type(), l.get());
#ifndef GRAMMUT_GRAMMAR_EMBEDDED_LANGUAGE_H_
#define GRAMMUT_GRAMMAR_EMBEDDED_LANGUAGE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "base/rng.h"
#include "generate/token_generator.h"
#include "tree/tree.h"
#include "learn/weights.h"

namespace grammut {

class EmbeddedLanguage : public TokenTextSource {
 public:
  // Longest sentence generated (before quoting).
  static constexpr size_t kMaxSentence = 160;

  // Sentences of `grammar`'s start rule become texts of `host_type`, which
  // `host_tokens` (must outlive this) checks.
  EmbeddedLanguage(std::unique_ptr<Grammar> grammar,
                   TokenGenerator& host_tokens, int host_type);

  // Chance that a token of the sentence whose type reads one of `words`
  // whole takes one of them (a full-text query then searches for words the
  // script's rows hold, a JSON path names the keys its documents have).
  static constexpr double kWordShare = 0.5;
  // At most this many words are looked at.
  static constexpr size_t kMaxWords = 32;

  // Make writes a quoted sentence that lexes whole as the host token.
  bool Make(Rng& rng, size_t max_len, absl::Span<const absl::string_view> words,
            std::string* out) override;

  const Grammar& grammar() const { return *grammar_; }
  int host_type() const { return host_type_; }

 private:
  std::unique_ptr<Grammar> grammar_;
  Weights weights_;
  GeneratorKit kit_;
  TokenGenerator& host_tokens_;
  int host_type_;
  int style_ = 0;  // the quoting that worked last (QuoteText's `style`)
  std::vector<int> open_types_;  // token types with more than one spelling
  Tree tree_;                    // scratch
  Tree words_;  // `words` as tokens of each type that reads them whole
  std::vector<int32_t> word_nodes_;
  std::string sentence_;
};

// QuoteText writes `text` to `out` in quoting `style` 0-3: inside '…' or
// "…" (even styles: '), the quote inside doubled (styles 0, 1) or escaped
// with a backslash, as is the backslash itself (2, 3).
void QuoteText(absl::string_view text, int style, std::string* out);

// LoadEmbeddedLanguages loads each "TOKEN=GRAMMAR" of `spec` (separated by
// ';'; GRAMMAR as for Grammar::Load) for the token type of `host` named
// TOKEN. Errors name the entry.
absl::StatusOr<std::vector<std::unique_ptr<EmbeddedLanguage>>>
LoadEmbeddedLanguages(absl::string_view spec, const Grammar& host,
                      TokenGenerator& host_tokens);

// EmbeddedBeside is the spec of the languages found beside the host grammar
// `grammar_spec` (a directory, or .g4 files): every directory
// <its directory>/embedded/<TOKEN>/<name>, in name order; empty if none.
std::string EmbeddedBeside(absl::string_view grammar_spec);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_EMBEDDED_LANGUAGE_H_
