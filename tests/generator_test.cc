// Tests for generation: validity, the size budget, determinism.
#include "generate/generator.h"

#include <fstream>
#include <string>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "generate/input_size.h"
#include "generate/token_pool.h"
#include "gtest/gtest.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// Everything needed to generate from a shipped grammar, weights learned from
// its samples.
using Kit = testing::LearnedKit;

using ValidityParam = std::tuple<std::string, ProbabilityMode>;

class GenerationValidity : public ::testing::TestWithParam<ValidityParam> {};

// Of 10,000 inputs generated per grammar and mode (JavaScript: 3,000, and
// 1,000 in uniform mode, as its parse takes full LL most often: 17 ms an
// input; ECMAScript 2022, not yet among the shipped grammars' tests: 300
// and 200), at least 99% re-parse with no syntax error, and none is over
// the size limit.
TEST_P(GenerationValidity, AtLeast99PercentReparse) {
  const auto& [name, mode] = GetParam();
  Kit kit(name);
  GenerateOptions options;
  options.mode = mode;
  options.max_bytes = (name == "json" || name == "xml") ? 1024 : 512;
  Rng rng(12345);
  const bool uniform = mode == ProbabilityMode::kUniform;
  const int kInputs = name == "ecmascript"   ? (uniform ? 200 : 300)
                      : name != "javascript" ? 10000
                      : uniform              ? 1000
                                             : 3000;
  int valid = 0;
  std::string first_bad;
  for (int i = 0; i < kInputs; ++i) {
    // A walk of a grammar with semantic predicates may end unfinished (a
    // line break a predicate adds takes the input over the limit): another
    // walk takes its place, as in `grammut generate`.
    std::optional<Tree> t;
    for (int attempt = 0; attempt < 64 && !t.has_value(); ++attempt) {
      t = kit.generator.Generate(kit.grammar->start_rule(), rng, options);
    }
    ASSERT_TRUE(t.has_value());
    const std::string text = t->Text();
    ASSERT_LE(text.size(), options.max_bytes);
    auto r = kit.parser.Parse(text);
    ASSERT_TRUE(r.ok());
    if (r->syntax_errors == 0) {
      ++valid;
    } else if (first_bad.empty()) {
      first_bad = absl::StrCat(text, "\n  -> ", r->first_error);
    }
  }
  EXPECT_GE(valid, kInputs * 99 / 100) << "first invalid input:\n" << first_bad;
}

INSTANTIATE_TEST_SUITE_P(
    Shipped, GenerationValidity,
    ::testing::Combine(::testing::ValuesIn(testing::ShippedGrammars()),
                       ::testing::Values(ProbabilityMode::kLearned,
                                         ProbabilityMode::kInverse,
                                         ProbabilityMode::kUniform)),
    [](const ::testing::TestParamInfo<ValidityParam>& info) {
      return std::get<0>(info.param) + "_" +
             ProbabilityModeName(std::get<1>(info.param));
    });

INSTANTIATE_TEST_SUITE_P(
    ECMAScript, GenerationValidity,
    ::testing::Combine(::testing::Values("ecmascript"),
                       ::testing::Values(ProbabilityMode::kLearned,
                                         ProbabilityMode::kInverse,
                                         ProbabilityMode::kUniform)),
    [](const ::testing::TestParamInfo<ValidityParam>& info) {
      return std::get<0>(info.param) + "_" +
             ProbabilityModeName(std::get<1>(info.param));
    });

TEST(Generator, SameSeedSameOutput) {
  Kit kit("sqlite");
  GenerateOptions options;
  options.max_bytes = 400;
  for (uint64_t seed : {1u, 2u, 99u}) {
    Rng a(seed), b(seed);
    auto ta = kit.generator.Generate(kit.grammar->start_rule(), a, options);
    auto tb = kit.generator.Generate(kit.grammar->start_rule(), b, options);
    ASSERT_TRUE(ta && tb);
    EXPECT_EQ(ta->Text(), tb->Text());
  }
}

TEST(Generator, NeverExceedsTinyBudgets) {
  Kit kit("lua");
  Rng rng(3);
  const int64_t shortest =
      kit.grammar->rule_min_cost(kit.grammar->start_rule()).bytes;
  for (size_t budget = 0; budget < 64; ++budget) {
    GenerateOptions options;
    options.max_bytes = budget;
    for (int i = 0; i < 20; ++i) {
      auto t = kit.generator.Generate(kit.grammar->start_rule(), rng, options);
      if (static_cast<int64_t>(budget) < shortest) {
        EXPECT_FALSE(t.has_value());
        continue;
      }
      ASSERT_TRUE(t.has_value()) << budget;
      EXPECT_LE(t->TextSize(), budget);
    }
  }
}

// A whole input follows the corpus's sizes where the walk follows the
// corpus; in the inverse and uniform modes (and learned ones with nothing
// counted), which grow until the cap stops them, its cap is drawn anew for
// every input, so sizes spread from the shortest input to the largest
// allowed instead of all being the largest.
TEST(WholeInputCap, TheCorpusDecidesTheSizeElseItSpreadsOverTheRange) {
  Kit kit("lua");
  Rng rng(5);
  EXPECT_EQ(
      WholeInputCap(ProbabilityMode::kLearned, kit.weights, 4000, 10, rng),
      4000u);
  const Weights nothing_counted(*kit.grammar);
  for (const Weights* w :
       {static_cast<const Weights*>(&kit.weights), &nothing_counted}) {
    for (ProbabilityMode mode :
         {ProbabilityMode::kInverse, ProbabilityMode::kUniform,
          ProbabilityMode::kLearned}) {
      if (mode == ProbabilityMode::kLearned && w == &kit.weights) continue;
      int under_100 = 0, over_1000 = 0;
      Rng a(7), b(7);
      for (int i = 0; i < 200; ++i) {
        const size_t cap = WholeInputCap(mode, *w, 4000, 10, a);
        ASSERT_EQ(cap, WholeInputCap(mode, *w, 4000, 10, b));
        ASSERT_GE(cap, 10u);
        ASSERT_LE(cap, 4000u);
        under_100 += cap < 100;
        over_1000 += cap > 1000;
      }
      EXPECT_GT(under_100, 0) << ProbabilityModeName(mode);
      EXPECT_GT(over_1000, 0) << ProbabilityModeName(mode);
    }
  }
  // Never under the shortest input, even when it is the largest allowed.
  EXPECT_EQ(
      WholeInputCap(ProbabilityMode::kUniform, kit.weights, 300, 300, rng),
      300u);
}

// Learned from Lua's samples, a walk writes no statement at all about one
// time in seven (the chance of an empty block, counted over every block);
// a whole input is walked again until it holds something. A grammar whose
// start writes only nothing still gets its empty input.
TEST(GenerateWholeInput, NeverEmptyWhereTheGrammarWritesMore) {
  Kit kit("lua");
  GenerateOptions options;
  options.mode = ProbabilityMode::kLearned;
  Rng rng(1);
  Tree tree;
  int empty_walks = 0;
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(
        kit.generator.Generate(kit.grammar->start_rule(), rng, options, &tree));
    empty_walks += tree.text().empty();
  }
  EXPECT_GT(empty_walks, 0);
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(GenerateWholeInput(kit.generator, *kit.grammar,
                                   kit.grammar->start_rule(), kit.weights, 4096,
                                   rng, &options, &tree));
    ASSERT_FALSE(tree.text().empty()) << "input " << i;
  }
  auto nothing = testing::LoadG4Text(
      "Nothing.g4", "grammar Nothing;\nstart : ;\nWS : [ ]+ -> skip ;\n");
  ASSERT_TRUE(nothing.ok()) << nothing.status();
  Weights weights(**nothing);
  GeneratorKit gen(**nothing, weights, nullptr);
  ASSERT_TRUE(GenerateWholeInput(gen.generator, **nothing,
                                 (*nothing)->start_rule(), weights, 4096, rng,
                                 &options, &tree));
  EXPECT_EQ(tree.Text(), "");
}

// Nesting as the parser counts it stays within the generator's limit (ANTLR
// nests one context per operator of a left-recursive rule, and wraps what
// came before: Lua's right-associative `^` chains once reached 532 levels
// with a limit of 64), so no generated input is refused by the mutator's
// parser (limit 500).
TEST(Generator, ParseTreesNestNoDeeperThanTheLimitAllows) {
  for (const std::string name : {"lua", "sqlite"}) {
    Kit kit(name);
    ParseOptions strict;
    strict.max_depth = 500;  // the mutator's parser
    Parser parser(*kit.grammar, strict);
    GenerateOptions options;
    options.max_bytes = 4096;
    options.max_depth = 48;  // the mutator's default
    int deepest = 0;
    for (ProbabilityMode mode :
         {ProbabilityMode::kInverse, ProbabilityMode::kUniform}) {
      options.mode = mode;
      Rng rng(7);
      for (int i = 0; i < 120; ++i) {
        auto t =
            kit.generator.Generate(kit.grammar->start_rule(), rng, options);
        ASSERT_TRUE(t.has_value());
        auto r = parser.Parse(t->Text());
        ASSERT_TRUE(r.ok()) << name << ": " << r.status();
        for (const Node& n : r->tree.nodes()) {
          deepest = std::max<int>(deepest, n.depth);
        }
      }
    }
    EXPECT_LE(deepest, 3 * options.max_depth) << name;
  }
}

// fit_depth (the dissertation's BoundedTree) chooses only alternatives whose
// shallowest completion fits the depth limit, past the limit too: here the
// cheapest alternative of `a` (b, one byte) is two levels deeper than a
// 12-byte token, so the limit alone overshoots by two and fit_depth not
// at all; trees nest exactly up to the limit.
TEST(Generator, FitDepthKeepsTreesWithinTheLimit) {
  auto g = testing::LoadG4Text("Fit.g4",
                               "grammar Fit;\ns : a EOF ;\n"
                               "a : 'x' a | b | 'yyyyyyyyyyyy' ;\n"
                               "b : c ;\nc : 'z' ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Weights weights(**g);
  GeneratorKit kit(**g, weights, nullptr);
  for (int limit : {3, 4, 5}) {
    GenerateOptions options;
    options.mode = ProbabilityMode::kUniform;
    options.max_depth = limit;
    int deepest[2] = {0, 0};
    for (bool fit : {false, true}) {
      options.fit_depth = fit;
      Rng rng(3);
      for (int i = 0; i < 300; ++i) {
        auto t = kit.generator.Generate((*g)->start_rule(), rng, options);
        ASSERT_TRUE(t.has_value());
        for (const Node& n : t->nodes()) {
          if (n.is_rule) deepest[fit] = std::max<int>(deepest[fit], n.depth);
        }
      }
    }
    EXPECT_EQ(deepest[1], limit - 1) << limit;  // the root is at depth 0
    EXPECT_EQ(deepest[0], limit + 1) << limit;
  }
}

// A bracketed text whose `\]` escapes a bracket (the shape of grammars-v4's
// SGF grammar): a walk that writes `[]` makes what the lexer reads as NONE
// (defined first), and one that ends in `\]` reads on past any separator
// to the next `]` of the input. Neither is ever written: the fallback text
// is the shortest that reads back as TEXT, and a walk the separator does
// not end is refused. Half of these inputs failed to re-parse before.
TEST(Generator, TokenTextsReadBackAloneAndEndAtTheSeparator) {
  auto g = testing::LoadG4Text("Brackets.g4",
                               "grammar Brackets;\n"
                               "s : item+ EOF ;\n"
                               "item : NONE | TEXT | '(' item* ')' ;\n"
                               "NONE : '[]' ;\n"
                               "TEXT : '[' ('\\\\]' | .)*? ']' ;\n"
                               "WS : [ \\t\\r\\n]+ -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Weights weights(**g);
  GeneratorKit kit(**g, weights, nullptr);
  const int text = (*g)->token_type_named("TEXT");
  ASSERT_GT(text, 0);
  EXPECT_EQ(kit.tokens.Shortest(text).size(), 3u) << kit.tokens.Shortest(text);
  EXPECT_TRUE(kit.tokens.Accepts(text, kit.tokens.Shortest(text)));
  Parser parser(**g);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 512;
  Rng rng(5);
  int texts = 0;
  for (int i = 0; i < 1000; ++i) {
    auto t = kit.generator.Generate((*g)->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    for (int n = 0; n < t->size(); ++n) {
      if (t->node(n).is_rule || t->node(n).symbol != text) continue;
      ++texts;
      const absl::string_view tt = t->token_text(n);
      ASSERT_NE(tt, "[]");
      ASSERT_FALSE(absl::EndsWith(tt, "\\]")) << tt;
    }
    auto r = parser.Parse(t->Text());
    ASSERT_TRUE(r.ok());
    ASSERT_EQ(r->syntax_errors, 0) << t->Text();
  }
  EXPECT_GT(texts, 1000);
}

// A keyword defined after the identifier rule is never lexed as itself
// (`if` is always an ID): generation leaves the alternatives that need it
// out, so every input parses again; half of these used to start with `if`
// and failed. Where the start rule cannot do without such a token, it is
// written all the same. A lexer that runs code of its own is not judged.
TEST(Generator, NeverWritesATokenNoInputCanMake) {
  const std::string lexer =
      "ID : [a-z]+ ;\nIF : 'if' ;\nWS : [ \\t\\r\\n]+ -> skip ;\n";
  auto g = testing::LoadG4Text(
      "Kw.g4",
      "grammar Kw;\ns : stmt+ EOF ;\nstmt : ID '=' ID ';' | IF ID ';' ;\n" +
          lexer,
      "s");
  ASSERT_TRUE(g.ok()) << g.status();
  const int if_type = (*g)->token_type_named("IF");
  ASSERT_GT(if_type, 0);
  EXPECT_FALSE((*g)->token_makeable(if_type));
  EXPECT_TRUE((*g)->token_makeable((*g)->token_type_named("ID")));
  testing::ExpectGeneratedInputsParse(**g, 300, 7);
  auto needs = testing::LoadG4Text(
      "KwNeeded.g4", "grammar KwNeeded;\ns : IF ID ';' EOF ;\n" + lexer, "s");
  ASSERT_TRUE(needs.ok()) << needs.status();
  EXPECT_TRUE((*needs)->token_makeable((*needs)->token_type_named("IF")));
  Weights needs_weights(**needs);
  GeneratorKit needs_kit(**needs, needs_weights, nullptr);
  GenerateOptions options;
  Rng rng(7);
  auto t = needs_kit.generator.Generate((*needs)->start_rule(), rng, options);
  ASSERT_TRUE(t.has_value());
  EXPECT_TRUE(absl::StartsWith(t->Text(), "if")) << t->Text();
  auto coded = testing::LoadG4Text(
      "KwCoded.g4",
      "grammar KwCoded;\ns : stmt+ EOF ;\nstmt : ID '=' ID ';' | IF ID ';' ;"
      "\nID : [a-z]+ {setType(lookUp());} ;\nIF : 'if' ;\n"
      "WS : [ \\t\\r\\n]+ -> skip ;\n",
      "s");
  ASSERT_TRUE(coded.ok()) << coded.status();
  EXPECT_TRUE((*coded)->token_makeable((*coded)->token_type_named("IF")));
}

// A grammar may take EOF inside a loop (grammars-v4's Wavefront OBJ:
// `(statement (NL+ | EOF))+`). Past a generated EOF nothing more is
// written: before, a third of these inputs went on after it and failed.
TEST(Generator, NothingFollowsAGeneratedEof) {
  auto g = testing::LoadG4Text("Lines.g4",
                               "grammar Lines;\n"
                               "s : NL* (stmt (NL+ | EOF))+ ;\n"
                               "stmt : 'let' ID ;\n"
                               "ID : [a-z]+ ;\nNL : '\\n' ;\n"
                               "WS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  testing::ExpectGeneratedInputsParse(**g, 300, 9, 200);
}

// Set complements and wildcards never stand for tokens the parser does not
// see: a generated SQL comment ("--f") swallowed the rest of its line.
TEST(Generator, NeverMakesHiddenTokens) {
  for (const std::string name : {"sqlite", "lua", "javascript"}) {
    Kit kit(name);
    GenerateOptions options;
    options.mode = ProbabilityMode::kUniform;
    options.max_bytes = 512;
    Rng rng(11);
    int hidden_types = 0;
    for (int t = 1; t <= kit.grammar->max_token_type(); ++t) {
      hidden_types += kit.grammar->token_hidden(t);
    }
    EXPECT_GT(hidden_types, 0) << name;  // comments and whitespace
    for (int i = 0; i < 500; ++i) {
      auto t = kit.generator.Generate(kit.grammar->start_rule(), rng, options);
      ASSERT_TRUE(t.has_value());
      for (const Node& n : t->nodes()) {
        if (!n.is_rule) {
          ASSERT_FALSE(kit.grammar->token_hidden(n.symbol))
              << name << ": " << kit.grammar->token_name(n.symbol);
        }
      }
    }
  }
}

TEST(Generator, EveryRuleCanBeGeneratedAndReparsedAsThatRule) {
  Kit kit("sqlite");
  Rng rng(5);
  GenerateOptions options;
  options.max_bytes = 300;
  int clean = 0, total = 0;
  for (int r = 0; r < kit.grammar->num_rules(); ++r) {
    for (int i = 0; i < 5; ++i) {
      auto t = kit.generator.Generate(r, rng, options);
      ASSERT_TRUE(t.has_value()) << kit.grammar->rule_name(r);
      EXPECT_EQ(t->node(0).symbol, r);
      auto p = kit.parser.Parse(t->Text(), r);
      ASSERT_TRUE(p.ok());
      ++total;
      clean += p->syntax_errors == 0;
    }
  }
  // Rules parsed alone may need their follow context; most still parse.
  EXPECT_GE(clean, total * 9 / 10);
}

TEST(Generator, ShortestModeGivesTheMinimum) {
  Kit kit("json");
  Rng rng(1);
  GenerateOptions options;
  options.shortest = true;
  auto t = kit.generator.Generate(kit.grammar->start_rule(), rng, options);
  ASSERT_TRUE(t.has_value());
  EXPECT_LE(static_cast<int64_t>(t->TextSize()),
            kit.grammar->rule_min_cost(kit.grammar->start_rule()).bytes);
  auto p = kit.parser.Parse(t->Text());
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->syntax_errors, 0);
}

TEST(Generator, DerivationsAreRecorded) {
  Kit kit("json");
  Rng rng(8);
  GenerateOptions options;
  options.max_bytes = 300;
  auto t = kit.generator.Generate(kit.grammar->start_rule(), rng, options);
  ASSERT_TRUE(t.has_value());
  int steps = 0;
  for (int i = 0; i < t->size(); ++i) {
    if (t->node(i).is_rule) steps += static_cast<int>(t->steps(i).size());
  }
  EXPECT_GT(steps, 0);
}

// With context_probability 1, every generated token of a type the context
// has takes one of the context's texts of that type: here every JSON
// string is "qq" or "rr", the two strings of the context.
TEST(Generator, TokensReuseTheContextsTexts) {
  Kit kit("json");
  auto ctx = kit.parser.Parse(R"(["qq", 7, "rr"])");
  ASSERT_TRUE(ctx.ok() && ctx->syntax_errors == 0);
  const Tree& context = ctx->tree;
  std::vector<int32_t> tokens;
  int string_type = -1;
  for (int i = 0; i < context.size(); ++i) {
    const int type = context.node(i).symbol;
    if (context.node(i).is_rule || type <= 0 || kit.grammar->is_literal(type)) {
      continue;
    }
    tokens.push_back(i);
    if (context.token_text(i) == "\"qq\"") string_type = type;
  }
  ASSERT_GT(string_type, 0);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 256;
  options.context = &context;
  options.context_tokens = tokens;
  options.context_probability = 1;
  Rng rng(7);
  int strings = 0;
  for (int i = 0; i < 200; ++i) {
    std::optional<Tree> t =
        kit.generator.Generate(kit.grammar->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    for (int n = 0; n < t->size(); ++n) {
      if (t->node(n).is_rule || t->node(n).symbol != string_type) continue;
      ++strings;
      const absl::string_view text = t->token_text(n);
      EXPECT_TRUE(text == "\"qq\"" || text == "\"rr\"") << text;
    }
  }
  EXPECT_GT(strings, 20);
}

// Texts drawn from the lexer's sets keep to ASCII outside the exotic
// modes, unless the pool shows the type with other characters: a
// JavaScript identifier may hold any letter, but a corpus of ASCII names
// gets ASCII names; the inverse and uniform modes still draw the rest.
TEST(TokenGenerator, TextsKeepToAsciiUnlessExoticOrTheCorpusShowsOthers) {
  auto grammar = testing::LoadShipped("javascript");
  const int identifier = grammar->token_type_named("IDENTIFIER");
  ASSERT_GT(identifier, 0);
  LexerDfa dfa(grammar->lexer_graph(), size_t{1} << 20);
  TokenGenerator tokens(*grammar, &dfa);
  auto wide_texts = [&](const TokenPool* pool, bool exotic) {
    Rng rng(7);
    std::string text;
    int wide = 0;
    for (int i = 0; i < 2000; ++i) {
      tokens.Generate(identifier, rng, 32, pool, 0, exotic, &text);
      for (char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) {
          ++wide;
          break;
        }
      }
    }
    return wide;
  };
  EXPECT_EQ(wide_texts(nullptr, false), 0);
  EXPECT_GT(wide_texts(nullptr, true), 0);
  TokenPool ascii_pool(grammar->max_token_type());
  ascii_pool.Add(identifier, "abc", 1);
  EXPECT_EQ(wide_texts(&ascii_pool, false), 0);
  TokenPool wide_pool(grammar->max_token_type());
  wide_pool.Add(identifier, "caf\xc3\xa9", 1);
  EXPECT_GT(wide_texts(&wide_pool, false), 0);
}

// A keyword spelled letter by letter (SQLite's `K_SELECT : S E L E C T`,
// each letter a fragment `S : [sS]`) is made by the token generator's
// straight-line path: every text is SELECT in some casing, the letters in
// order, and a given mixed casing turns up.
TEST(TokenGenerator, LetterByLetterKeywordsComeInEveryCasing) {
  auto grammar = testing::LoadShipped("sqlite");
  int select = -1;
  for (int t = 1; t <= grammar->max_token_type(); ++t) {
    if (grammar->token_name(t) == "K_SELECT") select = t;
  }
  ASSERT_GT(select, 0);
  LexerDfa dfa(grammar->lexer_graph(), size_t{1} << 20);
  TokenGenerator tokens(*grammar, &dfa);
  EXPECT_EQ(absl::AsciiStrToUpper(tokens.Shortest(select)), "SELECT");
  Rng rng(3);
  std::string text;
  bool found = false;
  for (int i = 0; i < 10000 && !found; ++i) {
    tokens.Generate(select, rng, 64, nullptr, 0, false, &text);
    ASSERT_EQ(absl::AsciiStrToUpper(text), "SELECT") << text;
    found = text == "SeLeCt";
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace grammut
