// grammar_dictionary.cc: see grammar_dictionary.h.
#include "grammar/grammar_dictionary.h"

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "base/rng.h"
#include "generate/token_generator.h"

namespace grammut {
namespace {

// Random texts drawn per token to tell a word from an open-ended token.
constexpr int kSamples = 12;
// Longer texts are not words (libFuzzer's dictionary holds up to 64 bytes).
constexpr size_t kMaxWordLength = 64;

// True if every random text of `type` is its shortest text up to ASCII
// letter case: a keyword, however the grammar spells its letters.
bool IsFixedWord(TokenGenerator& tokens, int type, Rng& rng,
                 std::string* scratch) {
  const std::string& shortest = tokens.Shortest(type);
  if (shortest.empty() || shortest.size() > kMaxWordLength) return false;
  for (int i = 0; i < kSamples; ++i) {
    tokens.Generate(type, rng, kMaxWordLength, nullptr, 0, false, scratch);
    if (!absl::EqualsIgnoreCase(*scratch, shortest)) return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> GrammarDictionaryWords(const Grammar& grammar) {
  TokenGenerator tokens(grammar, nullptr);
  Rng rng(grammar.fingerprint());
  std::vector<std::string> words;
  absl::flat_hash_set<std::string> seen;
  std::string scratch;
  for (int type = 1; type <= grammar.max_token_type(); ++type) {
    if (grammar.token_hidden(type)) continue;
    std::string word;
    if (grammar.is_literal(type)) {
      word = grammar.literal_text(type);
    } else if (tokens.CanGenerate(type) &&
               IsFixedWord(tokens, type, rng, &scratch)) {
      word = tokens.Shortest(type);
    } else {
      continue;
    }
    if (word.empty() || word.size() > kMaxWordLength) continue;
    if (seen.insert(word).second) words.push_back(std::move(word));
  }
  return words;
}

std::string FormatDictionary(const std::vector<std::string>& words,
                             const std::string& source) {
  std::string out = absl::StrFormat(
      "# fuzzing dictionary: the fixed tokens of %s (grammut dict)\n", source);
  for (const std::string& word : words) {
    out += '"';
    for (unsigned char c : word) {
      if (c == '\\' || c == '"') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c >= 0x20 && c < 0x7f) {
        out += static_cast<char>(c);
      } else {
        absl::StrAppendFormat(&out, "\\x%02X", c);
      }
    }
    out += "\"\n";
  }
  return out;
}

}  // namespace grammut
