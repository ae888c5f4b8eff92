// Tests for SeparatorOracle: where two generated tokens need the grammar's
// separator between them.
#include "grammar/separator_oracle.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using testing::LoadShipped;
using testing::TestData;

// Needs, by token names.
bool Needs(const Grammar& g, SeparatorOracle& oracle, const char* prev_type,
           absl::string_view prev, const char* next_type,
           absl::string_view next) {
  const int p = g.token_type_named(prev_type);
  const int n = g.token_type_named(next_type);
  EXPECT_GT(p, 0) << prev_type;
  EXPECT_GT(n, 0) << next_type;
  return oracle.Needs(p, prev, n, next);
}

// What the grammar's own lexer would merge: a name against a name.
TEST(SeparatorOracle, TokensTheLexerWouldMergeAreKeptApart) {
  auto g = LoadShipped("lua");
  LexerDfa dfa(g->lexer_graph());
  SeparatorOracle oracle(*g, &dfa);
  EXPECT_TRUE(Needs(*g, oracle, "NAME", "a", "NAME", "b"));
  EXPECT_TRUE(Needs(*g, oracle, "KW_LOCAL", "local", "NAME", "x"));
  EXPECT_FALSE(Needs(*g, oracle, "NAME", "a", "LPAREN", "("));
  EXPECT_FALSE(Needs(*g, oracle, "RPAREN", ")", "KW_DO", "do"));
}

// Lua's grammar reads "1do" as a numeral and a keyword; Lua reads it as one
// malformed numeral. A numeral (or a numeral's trailing '.') against a word
// character gets the separator.
TEST(SeparatorOracle, NumeralsAgainstWordCharactersAreKeptApart) {
  auto g = LoadShipped("lua");
  LexerDfa dfa(g->lexer_graph());
  SeparatorOracle oracle(*g, &dfa);
  EXPECT_TRUE(Needs(*g, oracle, "INT_NUMERAL", "1", "KW_DO", "do"));
  EXPECT_TRUE(Needs(*g, oracle, "HEX_NUMERAL", "0x1F", "KW_END", "end"));
  EXPECT_TRUE(Needs(*g, oracle, "FLOAT_NUMERAL", "1.", "NAME", "e"));
  EXPECT_FALSE(Needs(*g, oracle, "INT_NUMERAL", "1", "RPAREN", ")"));
  EXPECT_FALSE(Needs(*g, oracle, "NORMAL_STRING", "\"a\"", "KW_DO", "do"));
  // "3.75.." is one malformed numeral to Lua: a numeral reads on over '.'.
  EXPECT_TRUE(Needs(*g, oracle, "FLOAT_NUMERAL", "3.75", "CONCAT", ".."));
  EXPECT_TRUE(
      Needs(*g, oracle, "HEX_FLOAT_NUMERAL", "0xBEP+1", "CONCAT", ".."));
  EXPECT_FALSE(Needs(*g, oracle, "NAME", "x1", "CONCAT", ".."));
  EXPECT_FALSE(Needs(*g, oracle, "NORMAL_STRING", "\"3\"", "CONCAT", ".."));
}

// A grammar whose tokens are single characters: nothing goes on from a
// token, so digits stay together ("12" is integer: DIGIT integer).
TEST(SeparatorOracle, SingleCharacterTokensStayTogether) {
  auto g = Grammar::Load(TestData("Expr.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  LexerDfa dfa((*g)->lexer_graph());
  SeparatorOracle oracle(**g, &dfa);
  EXPECT_FALSE(Needs(**g, oracle, "DIGIT", "1", "DIGIT", "2"));
}

// A lexer mode that reads the separator as text (the shape of grammars-v4's
// Solidity `pragma`, whose text runs to `;`): after `pragma` the separator
// goes in where the pragma's text would run on from the keyword (it joins
// that text, still one PTEXT), not where it would not.
TEST(SeparatorOracle, SeparatorJoinsATextModeTokenWhereTheyWouldMerge) {
  const std::string dir =
      ::testing::TempDir() + "/pragma_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/PragmaLexer.g4")
      << "lexer grammar PragmaLexer;\n"
         "PRAGMA : 'pragma' -> pushMode(P) ;\n"
         "ID : [a-z0-9]+ ;\n"
         "SEMI : ';' ;\n"
         "WS : [ \\t\\r\\n]+ -> skip ;\n"
         "mode P;\n"
         "PTEXT : ~[;]+ ;\n"
         "PSEMI : ';' -> type(SEMI), popMode ;\n";
  std::ofstream(dir + "/PragmaParser.g4")
      << "parser grammar PragmaParser;\n"
         "options { tokenVocab = PragmaLexer; }\n"
         "s : (PRAGMA PTEXT SEMI | ID SEMI)+ EOF ;\n";
  auto g =
      Grammar::Load(dir + "/PragmaLexer.g4," + dir + "/PragmaParser.g4", "s");
  ASSERT_TRUE(g.ok()) << g.status();
  LexerDfa dfa((*g)->lexer_graph());
  SeparatorOracle oracle(**g, &dfa);
  EXPECT_TRUE(Needs(**g, oracle, "PRAGMA", "pragma", "PTEXT", "x1"));
  EXPECT_FALSE(Needs(**g, oracle, "PRAGMA", "pragma", "PTEXT", "^1.0"));
}

// A name that may hold spaces (tests/data/Mud.g4, the shape of TinyMUD):
// " " after `examine` would run on into the name, so the tab, which the
// lexer also skips, goes there; every generated input parses.
TEST(SeparatorOracle, AnotherBlankWhereTheSeparatorWouldRunOn) {
  auto g = Grammar::Load(TestData("Mud.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  LexerDfa dfa((*g)->lexer_graph());
  SeparatorOracle oracle(**g, &dfa);
  const int examine = (*g)->token_type_named("EXAMINE");
  const int name = (*g)->token_type_named("NAME");
  ASSERT_GT(examine, 0);
  ASSERT_GT(name, 0);
  EXPECT_EQ((*g)->separator(), " ");
  EXPECT_EQ(oracle.Separator(examine, "examine", name, "ym"), "\t");
  EXPECT_EQ(oracle.Separator(name, "ym", examine, "examine"), "\t");
  testing::ExpectGeneratedInputsParse(**g, 300, 3, 200);
}

}  // namespace
}  // namespace grammut
