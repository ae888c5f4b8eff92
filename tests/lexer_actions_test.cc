// Tests for the lexer actions grammut carries out itself (lexer_actions.h).
#include "grammar/lexer_actions.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

int CommentRest(absl::string_view after) {
  return LuaCommentLength([&](int k) {
    return k < static_cast<int>(after.size())
               ? static_cast<unsigned char>(after[k])
               : -1;
  });
}

TEST(LexerActions, LuaCommentTakesTheLineOrItsLongBracket) {
  EXPECT_EQ(CommentRest(" a b\nx"), 4);
  EXPECT_EQ(CommentRest("[[ a ]] x"), 7);
  EXPECT_EQ(CommentRest("[==[ ]] ]=] ]==] x"), 16);
  EXPECT_EQ(CommentRest("[= not long\nx"), 11);
  EXPECT_EQ(CommentRest("[[ never closed"), 15);
  EXPECT_EQ(CommentRest(""), 0);
  EXPECT_EQ(LookUpLexerAction("handlecomment()"), LexerActionKind::kLuaComment);
  EXPECT_EQ(LookUpLexerAction("mystery()"), LexerActionKind::kUnknown);
}

// The shape of grammars-v4's Lua lexer: `--` whose action reads on over the
// comment. Not carried out, the comment's `!` is no token at all.
TEST(LexerActions, AKnownActionReadsOnOverTheComment) {
  auto g = testing::LoadG4Text(
      "Comments.g4",
      "grammar Comments;\n"
      "s : ID* EOF ;\n"
      "ID : [a-z]+ ;\n"
      "COMMENT : '--' { this.HandleComment(); } -> channel(HIDDEN) ;\n"
      "WS : [ \\t\\r\\n]+ -> skip ;\n",
      "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  auto r = parser.Parse("a -- ! b\nc --[==[ ! ]] ]==] d --[[ ! ]]");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0);
  int ids = 0;
  for (const Node& n : r->tree.nodes()) {
    ids += !n.is_rule && n.symbol == (*g)->token_type_named("ID");
  }
  EXPECT_EQ(ids, 3);  // a, c, d
}

// The shape of grammars-v4's MySQL lexer: `.name` matched as one token by
// DOT_IDENTIFIER, whose action splits off the dot. Not carried out, `t.c`
// is `t` and an IDENTIFIER `.c`, and the parser finds no dot.
TEST(LexerActions, EmitDotSplitsTheDotOffTheName) {
  auto g = testing::LoadG4Text(
      "Dots.g4",
      "grammar Dots;\n"
      "s : ref (',' ref)* EOF ;\n"
      "ref : IDENTIFIER (DOT_SYMBOL IDENTIFIER)* ;\n"
      "DOT_SYMBOL : '.' ;\n"
      "IDENTIFIER : [a-z]+ ;\n"
      "DOT_IDENTIFIER : '.' [a-z]+ { this.emitDot(); } -> type(IDENTIFIER) ;\n"
      "WS : [ \\t\\r\\n]+ -> skip ;\n",
      "s");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(LookUpLexerAction("emitdot()"), LexerActionKind::kEmitDot);
  Parser parser(**g);
  const std::string input = "t.c, a.b.c ,x . y";
  auto r = parser.Parse(input);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  EXPECT_EQ(r->tree.Text(), input);  // the two tokens cover the text exactly
  std::vector<std::string> dots_and_names;
  for (int n = 0; n < r->tree.size(); ++n) {
    if (!r->tree.node(n).is_rule) {
      dots_and_names.emplace_back(r->tree.token_text(n));
    }
  }
  EXPECT_EQ(dots_and_names,
            (std::vector<std::string>{"t", ".", "c", ",", "a", ".", "b", ".",
                                      "c", ",", "x", ".", "y", ""}));
  // Generation takes IDENTIFIER's texts from its own rule only: a `.c`
  // written as one name would read back as two tokens.
  testing::ExpectGeneratedInputsParse(**g, 200, 3);
}

}  // namespace
}  // namespace grammut
