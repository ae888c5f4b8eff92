// Tests for LexerDfa: it must read tokens exactly as ANTLR's lexer does.
#include "grammar/lexer_dfa.h"

#include "absl/strings/str_cat.h"
#include "parse/parser.h"
#include "base/rng.h"
#include "base/utf8.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The token type the DFA says `text` lexes as from `mode` (0: none).
int TypeOf(const Grammar& g, LexerDfa& dfa, int mode, absl::string_view text) {
  return g.lexer_rule_token_type(
      dfa.AcceptedRule(dfa.Run(dfa.Start(mode), text)));
}

// Every token ANTLR's lexer produced in every sample of every shipped
// grammar: the DFA, fed exactly that text in that token's mode, picks the
// same token type.
TEST(LexerDfa, AgreesWithAntlrOnEveryTokenOfEverySample) {
  for (const std::string& name : testing::ShippedGrammars()) {
    auto g = testing::LoadShipped(name);
    Parser parser(*g);
    LexerDfa dfa(g->lexer_graph());
    int checked = 0;
    for (const std::string& f : testing::Samples(name)) {
      auto r = parser.Parse(testing::ReadFileOrDie(f));
      ASSERT_TRUE(r.ok());
      const Tree& t = r->tree;
      for (int i = 0; i < t.size(); ++i) {
        const Node& n = t.node(i);
        if (n.is_rule || n.is_error || n.symbol <= 0) continue;
        const absl::string_view text = t.token_text(i);
        if (text.empty()) continue;
        ASSERT_EQ(TypeOf(*g, dfa, g->token_mode(n.symbol), text), n.symbol)
            << name << " " << f << ": token " << g->token_name(n.symbol) << " '"
            << text << "'";
        ++checked;
      }
    }
    EXPECT_GT(checked, 500) << name;
  }
}

TEST(LexerDfa, KeywordsBeatIdentifiersAndLongestMatchWins) {
  auto g = testing::LoadShipped("lua");
  LexerDfa dfa(g->lexer_graph());
  const int name = TypeOf(*g, dfa, 0, "whilex");
  EXPECT_NE(name, 0);
  const int kw = TypeOf(*g, dfa, 0, "while");
  EXPECT_NE(kw, 0);
  EXPECT_NE(kw, name);
  EXPECT_EQ(g->literal_text(kw), "while");
  EXPECT_EQ(g->literal_text(TypeOf(*g, dfa, 0, "==")), "==");
  EXPECT_EQ(g->literal_text(TypeOf(*g, dfa, 0, "=")), "=");
  // Not one token: the DFA dies or ends without an accept.
  EXPECT_EQ(TypeOf(*g, dfa, 0, "a b"), 0);
  EXPECT_EQ(TypeOf(*g, dfa, 0, "1 2"), 0);
}

TEST(LexerDfa, NonGreedyLoopsStopAtTheirFirstExit) {
  // Lua long comments and strings: --[[ ... ]] ends at the first ]].
  auto g = testing::LoadShipped("lua");
  LexerDfa dfa(g->lexer_graph());
  const int32_t whole = dfa.Run(dfa.Start(0), "--[[ a ]]");
  EXPECT_GE(dfa.AcceptedRule(whole), 0);
  EXPECT_EQ(dfa.Run(dfa.Start(0), "--[[ a ]] b ]]"), LexerDfa::kDead);
}

TEST(LexerDfa, ContinuationBytesTellWhatRunsTogether) {
  auto g = testing::LoadShipped("json");
  LexerDfa dfa(g->lexer_graph());
  const int32_t number = dfa.Run(dfa.Start(0), "12");
  EXPECT_TRUE(dfa.Continues(number, '3'));
  EXPECT_TRUE(dfa.Continues(number, '.'));
  EXPECT_FALSE(dfa.Continues(number, ','));
  const int32_t brace = dfa.Run(dfa.Start(0), "{");
  EXPECT_FALSE(dfa.Continues(brace, '{'));
  // Inside a string anything may follow, including non-ASCII bytes.
  const int32_t open = dfa.Run(dfa.Start(0), "\"ab");
  EXPECT_TRUE(dfa.Continues(open, 0xC3));
  EXPECT_FALSE(dfa.Continues(LexerDfa::kDead, 'a'));
}

TEST(LexerDfa, InvalidUtf8IsReadAsTheParserReadsIt) {
  // The parser decodes an invalid byte b to U+DC80 + b; a JSON string
  // accepts any code point but '"' and '\\', so both read the same string.
  auto g = testing::LoadShipped("json");
  Parser parser(*g);
  LexerDfa dfa(g->lexer_graph());
  const std::string bytes = "\"\xff\xc3\x28\"";
  auto r = parser.Parse(bytes);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->syntax_errors, 0);
  EXPECT_NE(TypeOf(*g, dfa, 0, bytes), 0);
  size_t len = 0;
  EXPECT_EQ(
      DecodeUtf8(reinterpret_cast<const unsigned char*>("\xff"), 1, 0, &len),
      kInvalidByteBase + 0xFF);
  std::string back;
  AppendUtf8(kInvalidByteBase + 0xFF, &back);
  EXPECT_EQ(back, "\xff");
}

TEST(LexerDfa, MemoryIsBoundedByClearing) {
  auto g = testing::LoadShipped("sqlite");
  const size_t kBudget = 32 * 1024;
  LexerDfa dfa(g->lexer_graph(), kBudget);
  // Short strings over a varied alphabet reach many different states
  // (keyword prefixes, numbers, operators, strings, comments).
  const std::string alphabet = "SELCTFROMWHapqz019.'\"-/*<>=!|";
  Rng rng(7);
  size_t most = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (int k = 0; k < 4; ++k) text += alphabet[rng.Below(alphabet.size())];
    dfa.Run(dfa.Start(0), text);
    most = std::max(most, dfa.memory_bytes());
  }
  EXPECT_GT(dfa.clears(), 0);
  // Over the budget by at most what one text adds before the next Start.
  EXPECT_LT(most, 2 * kBudget);
}

}  // namespace
}  // namespace grammut
