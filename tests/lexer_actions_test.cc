// Tests for the lexer actions grammut carries out itself (lexer_actions.h).
#include "grammar/lexer_actions.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "grammar/predicate_vocabulary.h"
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

TEST(LexerActions, CounterChangesAreRead) {
  auto change = [](absl::string_view text) {
    return ParseCounterChange(NormalizePredicateText(text));
  };
  auto c = change("{listDepth++;}");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->counter, "listdepth");
  EXPECT_FALSE(c->set);
  EXPECT_EQ(c->amount, 1);
  c = change("{ --this.depth; }");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->counter, "depth");
  EXPECT_EQ(c->amount, -1);
  c = change("{depth -= 2;}");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->amount, -2);
  c = change("{this.depth = this.depth + 3;}");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->amount, 3);
  EXPECT_FALSE(c->set);
  c = change("{depth = 0;}");
  ASSERT_TRUE(c.has_value());
  EXPECT_TRUE(c->set);
  EXPECT_EQ(c->amount, 0);
  EXPECT_FALSE(change("{depth = other + 1;}").has_value());
  EXPECT_FALSE(change("{foo();}").has_value());
  EXPECT_FALSE(change("{depth += 9223372036854775807;}").has_value());
  EXPECT_FALSE(change("{a++; b++;}").has_value());
  EXPECT_EQ(LookUpLexerAction("depth++"), LexerActionKind::kCounterChange);
}

// The shape of grammars-v4's UCB Logo lexer: inside `[...]` every word is a
// WORD, outside a NAME, told apart by a counter the brackets' actions keep
// and WORD's predicate reads. Taken as true, the predicate makes every
// name a WORD and nothing outside brackets parses.
constexpr char kCounters[] =
    "grammar Counters;\n"
    "@lexer::members { int depth = 0; }\n"
    "s : item* EOF ;\n"
    "item : NAME | list ;\n"
    "list : OPEN (WORD | list)* CLOSE ;\n"
    "WORD : {depth > 0}? [a-z]+ ;\n"
    "NAME : [a-z]+ ;\n"
    "OPEN : '[' {depth++;} ;\n"
    "CLOSE : ']' {depth--;} ;\n"
    "WS : [ \\t\\r\\n]+ -> skip ;\n";

TEST(LexerActions, ACounterTellsTokensApart) {
  auto g = testing::LoadG4Text("Counters.g4", kCounters, "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  auto r = parser.Parse("a [b [c] d] e");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  std::string kinds;
  for (const Node& n : r->tree.nodes()) {
    if (n.is_rule) continue;
    if (n.symbol == (*g)->token_type_named("WORD")) kinds += 'W';
    if (n.symbol == (*g)->token_type_named("NAME")) kinds += 'N';
  }
  EXPECT_EQ(kinds, "NWWWN");
  // A second input starts with the counter at 0 again.
  auto again = parser.Parse("[x");
  ASSERT_TRUE(again.ok());
  auto after = parser.Parse("y");
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->syntax_errors, 0) << after->first_error;
}

// Generation reads WORD's predicate as false outside brackets (where every
// counter is 0), so a NAME there is written as one and parses as one.
TEST(LexerActions, GenerationWritesNamesOutsideBrackets) {
  auto g = testing::LoadG4Text("Counters.g4", kCounters, "s");
  ASSERT_TRUE(g.ok()) << g.status();
  testing::ExpectGeneratedInputsParse(**g, 300, 5);
  Weights weights(**g);
  GeneratorKit kit(**g, weights, nullptr);
  Parser parser(**g);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  Rng rng(9);
  Tree tree;
  const int name = (*g)->token_type_named("NAME");
  bool named = false;
  for (int i = 0; i < 300 && !named; ++i) {
    ASSERT_TRUE(
        kit.generator.Generate((*g)->start_rule(), rng, options, &tree));
    auto r = parser.Parse(tree.Text());
    ASSERT_TRUE(r.ok());
    for (const Node& n : r->tree.nodes())
      named |= !n.is_rule && n.symbol == name;
  }
  EXPECT_TRUE(named) << "no NAME outside brackets in 300 inputs";
}

// tests/data/bases/InterpLexer.g4 (Swift 5's shape). Without it the lexer stays
// in the default mode after `\(b (c) d)` and reads the string's closing quote
// as the start of another.
TEST(LexerActions, AClosingBracketsActionEndsTheInterpolation) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Interp");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(LookUpLexerAction(NormalizePredicateText(
                "{ if (!parens.isEmpty()) { parens.pop(); popMode(); } }")),
            LexerActionKind::kPopModeWhenClosed);
  Parser parser(*g);
  auto r = parser.Parse("\"a \\(b (c) d) e\" (f) \"\\(\"\\(g)\")\"");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  int texts = 0;
  for (const Node& n : r->tree.nodes()) {
    texts += !n.is_rule && n.symbol == g->token_type_named("TEXT");
  }
  EXPECT_EQ(texts, 2);  // "a " and " e"
}

// tests/data/bases/CsInterpLexer.g4 (C# 6 and 7's shape).
TEST(LexerActions, CSharpsBaseClassFollowsInterpolatedStrings) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/CsInterp");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  auto r = parser.Parse(
      "$\"a {b} \\n {d:x2} {{e} f}\" $@\"p \"\"q\"\" {g} \\r\" {h}");
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  std::vector<std::string> kinds;
  for (int i = 0; i < r->tree.size(); ++i) {
    const Node& n = r->tree.node(i);
    if (n.is_rule) continue;
    for (const char* name :
         {"FORMAT_STRING", "VERBATIUM_DOUBLE_QUOTE_INSIDE",
          "REGULAR_CHAR_INSIDE", "VERBATIUM_INSIDE_STRING"}) {
      if (n.symbol == g->token_type_named(name)) {
        kinds.push_back(absl::StrCat(name, " ", r->tree.token_text(i)));
      }
    }
  }
  EXPECT_EQ(
      kinds,
      (std::vector<std::string>{
          "REGULAR_CHAR_INSIDE \\n", "FORMAT_STRING x2",
          "VERBATIUM_INSIDE_STRING p ", "VERBATIUM_DOUBLE_QUOTE_INSIDE \"\"",
          "VERBATIUM_INSIDE_STRING q", "VERBATIUM_DOUBLE_QUOTE_INSIDE \"\"",
          "VERBATIUM_INSIDE_STRING  ", "VERBATIUM_INSIDE_STRING  \\r"}));
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

// The parser's tokens of `r` as "TYPE text" lines.
std::vector<std::string> Tokens(const Grammar& g, const ParseResult& r) {
  std::vector<std::string> out;
  for (int n = 0; n < r.tree.size(); ++n) {
    const Node& node = r.tree.node(n);
    if (node.is_rule || node.symbol <= 0) continue;
    out.push_back(g.token_name(node.symbol) + " " +
                  std::string(r.tree.token_text(n)));
  }
  return out;
}

// The shape of ANTLR's own grammar (grammars-v4 antlr/antlr4): its lexer
// makes only IDs, which the base class retypes as TOKEN_REF or RULE_REF by
// the first letter; `[` in a lexer rule opens a character set (a mode of
// its own, read as one token), in a parser rule an argument. Without the
// base class no rule parses (0 of 50 grammars-v4 examples did; all 50 do with
// it).
TEST(LexerActions, AntlrsBaseClassTellsRuleNamesAndCharacterSets) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Meta");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  const std::string input = "ID : [a-z\\]] ID ;\nexpr [int x[2]] : ID term ;";
  auto r = parser.Parse(input);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  EXPECT_EQ(r->tree.Text(), input);
  EXPECT_EQ(Tokens(*g, *r), (std::vector<std::string>{"TOKEN_REF ID",
                                                      "COLON :",
                                                      "LEXER_CHAR_SET [a-z\\]]",
                                                      "TOKEN_REF ID",
                                                      "SEMI ;",
                                                      "RULE_REF expr",
                                                      "BEGIN_ARGUMENT [",
                                                      "ARGUMENT_CONTENT i",
                                                      "ARGUMENT_CONTENT n",
                                                      "ARGUMENT_CONTENT t",
                                                      "ARGUMENT_CONTENT  ",
                                                      "ARGUMENT_CONTENT x",
                                                      "ARGUMENT_CONTENT [",
                                                      "ARGUMENT_CONTENT 2",
                                                      "ARGUMENT_CONTENT ]",
                                                      "END_ARGUMENT ]",
                                                      "COLON :",
                                                      "TOKEN_REF ID",
                                                      "RULE_REF term",
                                                      "SEMI ;"}));
}

// The shape of the ANTLR 2 and 3 grammars (grammars-v4 antlr/antlr2 and
// antlr/antlr3): their base class also pops the action mode at the `}` that
// closes an action (a nested action's `}` is action content) and makes the
// `{` of an options block an LBRACE. Without it the action mode was never
// left (0 of 15 and 2 of 22 grammars-v4 examples parsed; all do with it).
TEST(LexerActions, AntlrTwoAndThreesBaseClassEndsActionsAndOptions) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Meta2");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  const std::string input = "options { k = v; }\nr : a b {x{y}z} ;";
  auto r = parser.Parse(input);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  EXPECT_EQ(r->tree.Text(), input);
  EXPECT_EQ(
      Tokens(*g, *r),
      (std::vector<std::string>{
          "OPTIONS options", "LBRACE {", "RULE_REF k", "OPT_EQ =", "RULE_REF v",
          "SEMI ;", "RBRACE }", "RULE_REF r", "COLON :", "RULE_REF a",
          "RULE_REF b", "BEGIN_ACTION {", "ACTION_CONTENT x",
          "ACTION_CONTENT {", "ACTION_CONTENT y", "ACTION_CONTENT }",
          "ACTION_CONTENT z", "END_ACTION }", "SEMI ;"}));
}

// A lexer command spelt with a capital (grammars-v4's Rego: `-> Channel(
// COMMENTS_AND_FORMATTING)`) is no command to ANTLR's tool: it becomes a
// custom action whose generated code does what the command does, so the
// interpreter kept blanks on the default channel (32 of 50 Rego examples
// parsed; all 50 do now). The scanner lists such commands as actions and
// the lexer carries them out.
TEST(LexerActions, CommandsSpeltWithACapitalAreCarriedOut) {
  const std::vector<G4Semantic> found = ScanG4Semantics(
      "lexer grammar L;\nA : 'a' -> Channel(X), more ;\n"
      "B : 'b' -> channel(HIDDEN) ;\nC : 'c' -> Skip ;\n",
      "L.g4");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].text, "Channel(X)");
  EXPECT_EQ(found[0].rule, "A");
  EXPECT_EQ(found[1].text, "Skip");
  EXPECT_EQ(LexerActionKinds(found),
            (std::vector<LexerActionKind>{LexerActionKind::kChannelCommand,
                                          LexerActionKind::kSkipCommand}));
  EXPECT_EQ(LexerActionArguments(found), (std::vector<std::string>{"X", ""}));

  auto g = testing::LoadG4Text("Caps.g4",
                               "grammar Caps;\ns : ID+ EOF ;\n"
                               "ID : [a-z]+ ;\n"
                               "WS : [ \\t\\n]+ -> Channel(HIDDEN) ;\n"
                               "NOTE : '#' ~[\\n]* -> Skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  const std::string input = "ab cd # note\nef";
  auto r = parser.Parse(input);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  EXPECT_EQ(r->tree.Text(), input);
  EXPECT_EQ(Tokens(**g, *r),
            (std::vector<std::string>{"ID ab", "ID cd", "ID ef"}));
}

// The shape of grammars-v4's PHP grammar: its base class leaves code at
// `?>`, which stands for a `;` unless the token right before is a `;` or a
// brace (then it is skipped; a blank between counts as a token there, as
// in the base class), and after `<script ...>` reads the body in the
// script mode. Without it, 23 of 50 grammars-v4 examples failed at `?>` (1 does
// with it).
TEST(LexerActions, PhpsBaseClassEndsCodeAtItsCloseTag) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("bases/Page");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  const std::string input =
      "a <? echo x ?> b <? { y; }?> c <script >var x</script>d";
  auto r = parser.Parse(input);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
  EXPECT_EQ(r->tree.Text(), input);
  EXPECT_EQ(Tokens(*g, *r),
            (std::vector<std::string>{
                "HTML_TEXT a ", "Name echo", "Name x", "SemiColon ?>",
                "HTML_TEXT  b ", "OpenCurlyBracket {", "Name y", "SemiColon ;",
                "CloseCurlyBracket }", "HTML_TEXT  c ", "SCRIPT_OPEN <script",
                "TAG_CLOSE >", "ScriptText var x", "HtmlScriptClose </script>",
                "HTML_TEXT d"}));
}

}  // namespace
}  // namespace grammut
