// Tests for the grammar's fixed tokens as a fuzzing dictionary.
#include "grammar/grammar_dictionary.h"

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using testing::LoadShipped;

TEST(GrammarDictionary, JsonHasExactlyItsPunctuationAndKeywords) {
  auto g = LoadShipped("json");
  EXPECT_EQ(GrammarDictionaryWords(*g),
            (std::vector<std::string>{"{", "}", "[", "]", ":", ",", "true",
                                      "false", "null"}));
}

// SQLite's keywords are built from one-letter fragments (any case), so they
// are not literal tokens; they are words all the same. Open-ended tokens
// (identifiers, numbers, strings, parameters) are not.
TEST(GrammarDictionary, SqlKeywordsInAnyCaseAreWordsOpenTokensAreNot) {
  auto g = LoadShipped("sqlite");
  const std::vector<std::string> words = GrammarDictionaryWords(*g);
  int keywords = 0, literals = 0;
  for (int type = 1; type <= g->max_token_type(); ++type) {
    keywords += absl::StartsWith(g->token_name(type), "K_");
    literals += g->is_literal(type);
  }
  EXPECT_EQ(static_cast<int>(words.size()), keywords + literals);
  for (const char* w : {"SELECT", "WITHOUT", "MATERIALIZED", "->>", "<>"}) {
    EXPECT_NE(std::find(words.begin(), words.end(), w), words.end()) << w;
  }
}

TEST(GrammarDictionary, FormatEscapesQuotesBackslashesAndBytes) {
  EXPECT_EQ(FormatDictionary({"a\"b\\", "\xEF\xBB\xBF", "<!--"}, "T"),
            "# fuzzing dictionary: the fixed tokens of T (grammut dict)\n"
            "\"a\\\"b\\\\\"\n"
            "\"\\xEF\\xBB\\xBF\"\n"
            "\"<!--\"\n");
}

}  // namespace
}  // namespace grammut
