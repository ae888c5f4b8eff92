// Tests for Scala 3's regions (grammar/region_layout.h) on a small grammar
// of our own with the shape of grammars-v4's Scala 3 grammar
// (tests/data/bases/RegionsLexer.g4): the tokens the parser sees, exactly.
#include "grammar/region_layout.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "grammar/grammar.h"
#include "grammar/indentation.h"
#include "gtest/gtest.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The names of the tokens the parser got for `text` (EOF left out), or
// the first syntax error.
std::string Tokens(const Grammar& g, const std::string& text) {
  Parser parser(g);
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  if (!r.ok()) return std::string(r.status().message());
  if (r->syntax_errors > 0) return r->first_error;
  std::vector<std::string> names;
  for (const Node& n : r->tree.nodes()) {
    if (!n.is_rule && n.symbol > 0) names.push_back(g.token_name(n.symbol));
  }
  return absl::StrJoin(names, " ");
}

TEST(RegionLayout, IsDetectedByScala3sTokens) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Regions");
  ASSERT_NE(g, nullptr);
  ASSERT_TRUE(g->indentation().active());
  ASSERT_TRUE(g->indentation().regions.has_value());
  EXPECT_EQ(g->indentation().newline, g->token_type_named("NEWLINE"));
  // Python's shape is no Scala 3.
  absl::StatusOr<std::unique_ptr<Grammar>> python = testing::LoadG4Text(
      "Indent.g4", testing::ReadFileOrDie(testing::TestData("Indent.g4")));
  ASSERT_TRUE(python.ok()) << python.status();
  EXPECT_TRUE((*python)->indentation().active());
  EXPECT_FALSE((*python)->indentation().regions.has_value());
}

TEST(RegionLayout, IndentedBlocksBracketsAndStatementBreaks) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Regions");
  ASSERT_NE(g, nullptr);
  const std::string text =
      "\n"
      "def f =\n"
      "  g(1)\n"
      "  h\n"
      "    .k(x =>\n"
      "      y\n"
      "      z, 2)\n"
      "if a then\n"
      "  b\n"
      "else c\n"
      "{ p\n"
      "  q }\n"
      "\n"
      "m\n";
  EXPECT_EQ(Tokens(*g, text),
            // `=` opens a block; a line at its depth is a new statement
            "DEF Id ASSIGN INDENT Id LPAREN IntegerLiteral RPAREN NEWLINE "
            // `.` continues; `=>` opens a block inside the brackets, and
            // `,` closes it
            "Id DOT Id LPAREN Id ARROW INDENT Id NEWLINE Id DEDENT COMMA "
            "IntegerLiteral RPAREN "
            // a shallower line closes the block, then breaks the statement
            "DEDENT NEWLINE "
            // `else` continues the statement
            "IF Id THEN INDENT Id DEDENT ELSE Id NEWLINE "
            // inside braces a break between statements counts, and a blank
            // line counts for nothing
            "LBRACE Id NEWLINE Id RBRACE NEWLINE Id");
  // The text round-trips.
  Parser parser(*g);
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->tree.Text(), text);
}

TEST(RegionLayout, NoBreakInsideParenthesesAndNoBlockWithoutAnOpener) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Regions");
  ASSERT_NE(g, nullptr);
  // Inside `(...)` line breaks are joined; a deeper line after a name opens
  // no block (it continues the statement, as the parser then says).
  EXPECT_EQ(Tokens(*g, "f(1,\n  2)\nm"),
            "Id LPAREN IntegerLiteral COMMA IntegerLiteral RPAREN NEWLINE Id");
  EXPECT_EQ(Tokens(*g, "def f = g\nm\n"), "DEF Id ASSIGN Id NEWLINE Id");
  // The end of the input closes what is open.
  EXPECT_EQ(Tokens(*g, "def f =\n  def g =\n    h"),
            "DEF Id ASSIGN INDENT DEF Id ASSIGN INDENT Id DEDENT DEDENT");
}

}  // namespace
}  // namespace grammut
