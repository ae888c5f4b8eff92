// No grammar takes grammut down: small grammars with the shapes of public
// grammars that once crashed or hung grammut (issue 50, item 5).
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "grammar/min_cost.h"
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

// An edge that matches nothing but EOF on such a loop is taken out (it is
// said once on stderr): `(EOF)*`, and grammars-v4 Prolog's nested comment,
// whose EOF alternative closes every open level through the rule's
// returns (the loop the lexer's closure follows at the end of an input).
// Both grammars were refused; they load, and what does not end inside
// the rule lexes as before.
TEST(Robust, LexerLoopOverEofOnlyIsTakenOut) {
  auto g = testing::LoadG4Text("EofOnly.g4",
                               "grammar EofOnly;\ns : A+ EOF ;\n"
                               "A : 'a' (EOF)* ;\nWS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  auto r = parser.Parse("a a");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  auto nested = testing::LoadG4Text(
      "Nested.g4",
      "grammar Nested;\ns : ID* EOF ;\nID : [a-z]+ ;\n"
      "COMMENT : '/*' (COMMENT | .)*? ('*/' | EOF) -> skip ;\n"
      "WS : ' ' -> skip ;\n",
      "s");
  ASSERT_TRUE(nested.ok()) << nested.status();
  Parser nested_parser(**nested);
  auto n = nested_parser.Parse("x /* y /* z */ w */ v");
  ASSERT_TRUE(n.ok()) << n.status();
  EXPECT_EQ(n->syntax_errors, 0) << n->first_error;
  testing::ExpectGeneratedInputsParse(**nested, 100, 1);
}

// An ambiguous grammar in the shape of grammars-v4's scotty: expressions
// written next to each other with no separator, names of one letter token
// each, so "+ab" splits as (a)(b) or not at all. ANTLR's prediction work
// grows with the cube of the input here (exponentially on scotty and
// elixir, where generating one input took minutes); a parse stops at its
// prediction budget instead.
constexpr char kJuxtaposed[] =
    "grammar Juxt;\nprog : e EOF ;\ne : '+' e e | id ;\n"
    "id : L id | L ;\nL : [a-z] ;\n";

// n plus signs, then 2n+1 letters: a complete expression.
std::string Juxtaposed(int n) {
  std::string text(n, '+');
  for (int i = 0; i < 2 * n + 1; ++i) text += static_cast<char>('a' + i % 26);
  return text;
}

TEST(Robust, AmbiguousParseStopsAtItsPredictionBudget) {
  auto g = testing::LoadG4Text("Juxt.g4", kJuxtaposed, "prog");
  ASSERT_TRUE(g.ok()) << g.status();
  {
    Parser parser(**g);
    auto small = parser.Parse(Juxtaposed(5));
    ASSERT_TRUE(small.ok()) << small.status();
    EXPECT_EQ(small->syntax_errors, 0);
    // 182 tokens with EOF: some 8 million closure steps unbounded, over a
    // second; the budget is 2,000,000 + 1,000 per token.
    auto large = parser.Parse(Juxtaposed(60));
    ASSERT_FALSE(large.ok());
    EXPECT_EQ(large.status().code(), absl::StatusCode::kResourceExhausted);
    EXPECT_NE(large.status().message().find("over the limit of 2182000 steps"),
              std::string::npos)
        << large.status();
    // The parser is usable after a stopped parse.
    auto again = parser.Parse(Juxtaposed(5));
    ASSERT_TRUE(again.ok()) << again.status();
    EXPECT_EQ(again->tree.Text(), Juxtaposed(5));
  }
  {
    // A user's own file gets 15 times the base work: the large input
    // parses.
    Parser parser(**g, ParseOptions::ForFiles());
    auto large = parser.Parse(Juxtaposed(60));
    ASSERT_TRUE(large.ok()) << large.status();
    EXPECT_EQ(large->syntax_errors, 0);
  }
  // The budget counts: the small input (about 9,500 steps and context
  // nodes with empty caches) fits in 20,000 and not in 1,000.
  for (const int64_t steps : {20000, 1000}) {
    ParseOptions options;
    options.prediction_steps = steps;
    options.prediction_steps_per_token = 0;
    Parser parser(**g, options);
    EXPECT_EQ(parser.Parse(Juxtaposed(5)).ok(), steps == 20000);
  }
}

// The prediction-context nodes ANTLR makes count toward the budget, as
// closure steps do: merging deep context graphs makes nodes by the
// million within few closure steps (grammars-v4's swift2: 20 million nodes
// for 1.4 million steps, over two minutes for one file before they were
// counted). The parse reports its work; a budget one short of it stops
// the parse, and a budget the size of its steps alone is too small.
TEST(Robust, ContextNodesCountTowardThePredictionBudget) {
  auto g = testing::LoadG4Text("Juxt.g4", kJuxtaposed, "prog");
  ASSERT_TRUE(g.ok()) << g.status();
  const std::string text = Juxtaposed(5);
  auto parse_with = [&](int64_t budget) {
    ParseOptions options;
    options.prediction_steps = budget;
    options.prediction_steps_per_token = 0;
    Parser parser(**g, options);  // empty caches: the same work each time
    return parser.Parse(text);
  };
  // (ANTLR makes a node once per process on its first use.)
  ASSERT_TRUE(parse_with(int64_t{1} << 40).ok());
  auto full = parse_with(int64_t{1} << 40);
  ASSERT_TRUE(full.ok()) << full.status();
  const int64_t work = full->prediction_work;
  const int64_t nodes = full->context_nodes;
  EXPECT_GT(nodes, 0);
  EXPECT_GT(work, nodes);
  EXPECT_TRUE(parse_with(work).ok());
  auto short_by_one = parse_with(work - 1);
  ASSERT_FALSE(short_by_one.ok());
  EXPECT_EQ(short_by_one.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_FALSE(parse_with(work - nodes).ok());
}

// Tokens no lexer rule makes, declared in `tokens {}` and typed by the
// lexer's own code (as ANTLR's own grammar does with TOKEN_REF and
// RULE_REF), are written as their names. Their shortest text counted in
// an atom (`NAME`) but not in a set (`NAME | KEY`, one set edge), so every
// rule through `id` had no finite shortest input and generation refused.
TEST(Robust, TokensFromCodeHaveAShortestText) {
  auto g = testing::LoadG4Text("FromCode.g4",
                               "grammar FromCode;\ntokens { NAME, KEY }\n"
                               "s : 'let' id '=' NAME ';' EOF ;\n"
                               "id : NAME | KEY ;\n"
                               "ID : [a-z]+ ;\nWS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  const Grammar& grammar = **g;
  EXPECT_TRUE(grammar.token_from_code(grammar.token_type_named("NAME")));
  EXPECT_FALSE(grammar.token_from_code(grammar.token_type_named("ID")));
  EXPECT_EQ(grammar.rule_min_cost(grammar.FindRule("id")).bytes, 4);  // "KEY "
  // "let " "KEY " "= " "NAME " "; " (EOF has no text)
  EXPECT_EQ(grammar.rule_min_cost(grammar.start_rule()).bytes, 17);
  Weights weights(grammar);
  GeneratorKit kit(grammar, weights, nullptr);
  GenerateOptions options;
  options.max_bytes = 17;
  Rng rng(1);
  auto t = kit.generator.Generate(grammar.start_rule(), rng, options);
  ASSERT_TRUE(t.has_value());
  EXPECT_TRUE(t->Text() == "let KEY=NAME;" || t->Text() == "let NAME=NAME;")
      << t->Text();
}

// A token the parser names that no lexer rule makes, no `tokens {}` block
// declares and no action mentions is ANTLR's implicit definition
// (grammars-v4's JPA: `'?' INT_NUMERAL`, with no INT_NUMERAL rule): no
// lexer makes it, so no input has it. Generation wrote its name, which
// lexes as an ID; it now leaves such alternatives out. Tokens declared in
// `tokens {}` or set by an action stay written as their names.
TEST(Robust, ImplicitTokensAreLeftOut) {
  auto g = testing::LoadG4Text(
      "Implicit.g4",
      "grammar Implicit;\ntokens { NAME }\n"
      "s : 'let' (NAME | IMPL | SET | ID) ';' EOF ;\n"
      "ID : [a-z]+ { if (getText() == \"set\") setType(SET); } ;\n"
      "WS : ' ' -> skip ;\n",
      "s");
  ASSERT_TRUE(g.ok()) << g.status();
  const Grammar& grammar = **g;
  const int impl = grammar.token_type_named("IMPL");
  EXPECT_FALSE(grammar.token_from_code(impl));
  EXPECT_FALSE(grammar.token_makeable(impl));
  EXPECT_TRUE(grammar.token_from_code(grammar.token_type_named("NAME")));
  EXPECT_TRUE(grammar.token_from_code(grammar.token_type_named("SET")));
  Weights weights(grammar);
  GeneratorKit kit(grammar, weights, nullptr);
  GenerateOptions options;
  options.max_bytes = 64;
  options.mode = ProbabilityMode::kUniform;
  Rng rng(1);
  bool name = false;
  for (int i = 0; i < 200; ++i) {
    auto t = kit.generator.Generate(grammar.start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->Text().find("IMPL"), std::string::npos) << t->Text();
    name |= t->Text() == "let NAME;";
  }
  EXPECT_TRUE(name);  // the other alternatives are still taken
}

// Where the start rule cannot do without an implicit token, it is written
// all the same (as its name): generation still makes inputs.
TEST(Robust, AnImplicitTokenTheStartRuleNeedsIsKept) {
  auto g = testing::LoadG4Text("Needed.g4",
                               "grammar Needed;\ns : 'go' IMPL EOF ;\n"
                               "WS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE((*g)->token_from_code((*g)->token_type_named("IMPL")));
  EXPECT_LT((*g)->rule_min_cost((*g)->start_rule()).bytes, kUnreachableCost);
}

}  // namespace
}  // namespace grammut
