// No grammar takes grammut down: small grammars with the shapes of public
// grammars that once crashed or hung grammut (issue 50, item 5).
#include <string>

#include "generate/generator.h"
#include "grammar/grammar.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// A lexer loop whose body matches EOF (`('x' | EOF)*`; ANTLR 4.7.2 also
// reads `[0-9-.]` as 0-9 plus EOF..'.', as in grammars-v4's bdf) made
// ANTLR's lexer recurse until the stack overflowed at the end of every
// input, the empty one included. The loader takes EOF out of such loops.
TEST(Robust, LexerLoopOverEofLexes) {
  auto g = testing::LoadG4Text("EofLoop.g4",
                               "grammar EofLoop;\ns : ARG* EOF ;\n"
                               "ARG : [a-z] ('x' | EOF)* ;\n"
                               "WS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  for (const std::string text : {"", "a", "ax bxx c", "axxx"}) {
    auto r = parser.Parse(text);
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->syntax_errors, 0) << text;
    EXPECT_EQ(r->tree.Text(), text);
  }
  Weights weights(**g);
  GeneratorKit kit(**g, weights, nullptr);
  GenerateOptions options;
  Rng rng(1);
  for (int i = 0; i < 100; ++i) {
    auto t = kit.generator.Generate((*g)->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    auto r = parser.Parse(t->Text());
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_EQ(r->syntax_errors, 0) << t->Text();
  }
}

// A loop that matches nothing but EOF is refused with the rule's name.
TEST(Robust, LexerLoopOverEofOnlyIsAClearError) {
  auto g = testing::LoadG4Text("EofOnly.g4",
                               "grammar EofOnly;\ns : A EOF ;\n"
                               "A : 'a' (EOF)* ;\n",
                               "s");
  ASSERT_FALSE(g.ok());
  EXPECT_NE(g.status().message().find("lexer rule A matches EOF"),
            std::string::npos)
      << g.status();
}

}  // namespace
}  // namespace grammut
