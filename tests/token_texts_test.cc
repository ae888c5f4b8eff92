// Tests for the corpus's token texts: the lexer steps the token generator
// learns from them, and the file `grammut learn` saves them in.
#include "generate/token_texts.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "base/file_io.h"
#include "base/rng.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "grammar/lexer_dfa.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

struct JsTokens {
  JsTokens()
      : grammar(testing::LoadShipped("javascript")),
        dfa(grammar->lexer_graph()),
        tokens(*grammar, &dfa),
        number(grammar->token_type_named("NUMBER")),
        string(grammar->token_type_named("STRING")) {}
  // How many of `n` generated NUMBER texts are hexadecimal numerals (0x1F),
  // which a corpus of decimal numerals never shows.
  int HexNumerals(int n, bool exotic) {
    Rng rng(1);
    std::string text;
    int found = 0;
    for (int i = 0; i < n; ++i) {
      tokens.Generate(number, rng, 64, nullptr, 0, exotic, &text);
      found += absl::StartsWithIgnoreCase(text, "0x");
    }
    return found;
  }
  std::unique_ptr<Grammar> grammar;
  LexerDfa dfa;
  TokenGenerator tokens;
  int number, string;
};

// Learned from a corpus of decimal numerals, the generator's own numerals
// keep to decimals and exponents; the inverse and uniform modes (exotic)
// still write the others (hexadecimal).
TEST(TokenTexts, NumeralsKeepToTheStepsTheCorpusTook) {
  JsTokens js;
  ASSERT_GT(js.number, 0);
  EXPECT_GT(js.HexNumerals(2000, /*exotic=*/false), 0);  // before learning
  for (const char* text : {"1", "42", "3.25", "1e5", "0", "0.5"}) {
    js.tokens.Learn(js.number, text);
  }
  const int rule = js.grammar->lexer_rules_for_token(js.number)[0];
  EXPECT_TRUE(js.tokens.Familiar(js.number, rule, "7.5"));
  EXPECT_TRUE(js.tokens.Familiar(js.number, rule, "2e3"));
  EXPECT_FALSE(js.tokens.Familiar(js.number, rule, "0x2A"));
  EXPECT_EQ(js.HexNumerals(2000, /*exotic=*/false), 0);
  EXPECT_GT(js.HexNumerals(2000, /*exotic=*/true), 0);
}

// A string's escapes too: `\n` and `\x41` seen, so `\uHHHH` is not made.
TEST(TokenTexts, EscapesKeepToTheStepsTheCorpusTook) {
  JsTokens js;
  auto unicode_escapes = [&js](uint64_t seed) {
    Rng rng(seed);
    std::string text;
    int found = 0;
    for (int i = 0; i < 2000; ++i) {
      js.tokens.Generate(js.string, rng, 64, nullptr, 0, false, &text);
      for (size_t c = 0; c + 1 < text.size(); ++c) {
        if (text[c] != '\\') continue;
        found += text[c + 1] == 'u';  // \uHHHH, not \\ then u
        ++c;
      }
    }
    return found;
  };
  EXPECT_GT(unicode_escapes(2), 0);  // before learning
  for (const char* text :
       {"\"a\\n\"", "'b\\x41'", "\"hello world\"", "'it\\'s'", "\"\""}) {
    js.tokens.Learn(js.string, text);
  }
  EXPECT_EQ(unicode_escapes(2), 0);
}

TEST(TokenTexts, FileRoundTripAndErrors) {
  JsTokens js;
  TokenPool pool(js.grammar->max_token_type());
  pool.Add(js.number, "0x1F", 1);
  pool.Add(js.string, "\"a b#c\"", 2);
  const std::string path = ::testing::TempDir() + "/w.texts";
  ASSERT_TRUE(SaveTokenTexts(*js.grammar, js.tokens, pool, path).ok());
  TokenPool again(js.grammar->max_token_type());
  ASSERT_TRUE(LoadTokenTexts(*js.grammar, path, &again, js.tokens).ok());
  EXPECT_EQ(again.count(js.number), 1u);
  EXPECT_EQ(again.texts(js.string)[0], "\"a b#c\"");
  EXPECT_EQ(js.tokens.learned(js.number), 1);
  // Cut short, or for another grammar: refused with the line.
  auto text = ReadFile(path);
  ASSERT_TRUE(text.ok());
  ASSERT_TRUE(
      WriteFileAtomically(path, text->substr(0, text->find("end"))).ok());
  EXPECT_TRUE(absl::StrContains(
      LoadTokenTexts(*js.grammar, path, &again, js.tokens).message(),
      "no end line"));
  ASSERT_TRUE(WriteFileAtomically(path, "version 1\ngrammar Other 0\n").ok());
  EXPECT_TRUE(absl::StrContains(
      LoadTokenTexts(*js.grammar, path, &again, js.tokens).message(),
      ":2: made for another grammar"));
}

}  // namespace
}  // namespace grammut
