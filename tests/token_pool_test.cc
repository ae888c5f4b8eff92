// Tests for the token pool: texts kept per token type and per grammar
// context, drawn from the same place they were seen in.
#include "generate/token_pool.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "generate/generator.h"
#include "gtest/gtest.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The texts of `list`, sorted.
std::vector<std::string> Sorted(std::vector<std::string> list) {
  std::sort(list.begin(), list.end());
  return list;
}

int TokenType(const Grammar& g, absl::string_view name) {
  for (int t = 1; t <= g.max_token_type(); ++t) {
    if (g.token_name(t) == name) return t;
  }
  return -1;
}

// A SQLite grammar with a pool that keeps contexts for its open token types.
struct SqlPool {
  SqlPool()
      : grammar(testing::LoadShipped("sqlite")),
        parser(*grammar),
        weights(*grammar),
        pool(grammar->max_token_type()),
        kit(*grammar, weights, &pool) {
    std::vector<bool> open(grammar->max_token_type() + 1);
    for (int t = 1; t <= grammar->max_token_type(); ++t) {
      open[t] = kit.tokens.HasOpenText(t);
    }
    pool.SetContextTypes(open);
    identifier = TokenType(*grammar, "IDENTIFIER");
  }
  void Add(const std::string& sql, uint64_t salt) {
    auto r = parser.Parse(sql);
    ASSERT_TRUE(r.ok() && r->syntax_errors == 0) << sql;
    pool.AddTree(r->tree, salt);
  }
  std::vector<int32_t> Rules(std::vector<std::string> names) const {
    std::vector<int32_t> rules;
    for (const std::string& n : names) rules.push_back(grammar->FindRule(n));
    return rules;
  }
  // Generates 100 function calls with `options` (seed `seed`) and counts
  // the identifier function names (`names`) and how many are `max`.
  void CountFunctionNames(const GenerateOptions& options, uint64_t seed,
                          int* names, int* max) {
    const int function_name = grammar->FindRule("functionName");
    Rng rng(seed);
    *names = *max = 0;
    for (int i = 0; i < 100; ++i) {
      std::optional<Tree> t = kit.generator.Generate(
          grammar->FindRule("functionCall"), rng, options);
      ASSERT_TRUE(t.has_value());
      for (int n = 0; n + 1 < t->size(); ++n) {
        if (!t->node(n).is_rule || t->node(n).symbol != function_name ||
            t->node(n + 1).symbol != identifier) {
          continue;
        }
        ++*names;
        if (t->token_text(n + 1) == "max") ++*max;
      }
    }
  }
  std::unique_ptr<Grammar> grammar;
  Parser parser;
  Weights weights;
  TokenPool pool;
  GeneratorKit kit;
  int identifier = -1;
};

// Names, numbers and strings have open texts; keywords spelled letter by
// letter and literal punctuation do not.
TEST(TokenPool, OnlyOpenTokenTypesAreKeptPerContext) {
  SqlPool s;
  ASSERT_GT(s.identifier, 0);
  EXPECT_TRUE(s.kit.tokens.HasOpenText(s.identifier));
  EXPECT_TRUE(
      s.kit.tokens.HasOpenText(TokenType(*s.grammar, "STRING_LITERAL")));
  EXPECT_FALSE(s.kit.tokens.HasOpenText(TokenType(*s.grammar, "K_SELECT")));
  EXPECT_FALSE(s.kit.tokens.HasOpenText(TokenType(*s.grammar, "'('")));
}

// The identifiers of one statement land in the contexts they stand in:
// function names under functionCall > functionName, column names under
// columnRef > columnName, and the type keeps them all.
TEST(TokenPool, NamesAreKeptByTheRulesAroundThem) {
  SqlPool s;
  s.Add("SELECT max(a), lower(b) FROM t;", 1);
  const auto* functions = s.pool.ContextTexts(
      s.identifier, s.Rules({"functionCall", "functionName"}));
  ASSERT_NE(functions, nullptr);
  EXPECT_EQ(Sorted(*functions), (std::vector<std::string>{"lower", "max"}));
  const auto* columns =
      s.pool.ContextTexts(s.identifier, s.Rules({"columnRef", "columnName"}));
  ASSERT_NE(columns, nullptr);
  EXPECT_EQ(Sorted(*columns), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(s.pool.count(s.identifier), 5u);  // max lower a b t
  // Keywords are not kept per context.
  EXPECT_EQ(s.pool.ContextTexts(TokenType(*s.grammar, "K_SELECT"),
                                s.Rules({"selectCore"})),
            nullptr);
}

// Generating a function call from a pool where one function name stands
// among sixty column names: the name drawn for the function is that one
// function name nearly always (by type alone it would be 1 in 61).
TEST(TokenPool, GeneratedFunctionNamesComeFromFunctionNames) {
  SqlPool s;
  std::string sql = "SELECT max(c0)";
  for (int i = 1; i < 60; ++i) absl::StrAppend(&sql, ", c", i);
  absl::StrAppend(&sql, ";");
  s.Add(sql, 1);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.pool_probability = 1;
  options.max_bytes = 64;
  int names = 0, max = 0;
  s.CountFunctionNames(options, 11, &names, &max);
  ASSERT_GT(names, 10);
  EXPECT_GE(max, names * 3 / 4) << max << " of " << names;
}

// A program keeps related names side by side in its string data. With one
// pragma name seen in the corpus, a pragma name the corpus lacks but the
// program holds next to it is offered (among 2,000 other program words, a
// uniform program draw would find it 1 time in 20,000); without neighbours
// it is not, with the same draws.
TEST(TokenPool, NeighboursOfAKnownNameInTheProgramAreOffered) {
  for (const bool neighbours : {true, false}) {
    SqlPool s;
    s.pool.set_neighbours(neighbours);
    for (int i = 0; i < 1000; ++i) {
      s.pool.AddProgramText(s.identifier, absl::StrCat("word", i));
    }
    for (const char* name : {"cache_size", "encoding", "journal_mode",
                             "page_size", "user_version"}) {
      s.pool.AddProgramText(s.identifier, name);
    }
    for (int i = 1000; i < 2000; ++i) {
      s.pool.AddProgramText(s.identifier, absl::StrCat("word", i));
    }
    s.Add("PRAGMA page_size;", 1);
    const std::vector<int32_t> pragma_name =
        s.Rules({"pragmaStmt", "qualifiedName", "anyName", "identifier"});
    Rng rng(7);
    int draws = 0;
    for (; draws < 1000; ++draws) {
      const std::string* text = s.pool.Pick(s.identifier, pragma_name, 64, rng);
      if (text != nullptr && *text == "journal_mode") break;
    }
    if (neighbours) {
      EXPECT_LT(draws, 1000);
    } else {
      EXPECT_EQ(draws, 1000);
    }
  }
}

// Texts of the input being mutated (GenerateOptions::context) are drawn
// from the same place too: of the input's three identifiers only `max`
// names a function, and a generated function call nearly always takes it
// (by type alone: 1 in 3).
TEST(TokenPool, InputTextsForAFunctionNameAreItsFunctionNames) {
  SqlPool s;
  ASSERT_TRUE(s.pool.by_context());
  auto r = s.parser.Parse("SELECT max(a) FROM t;");
  ASSERT_TRUE(r.ok() && r->syntax_errors == 0);
  const Tree& context = r->tree;
  std::vector<int32_t> tokens;
  for (int i = 0; i < context.size(); ++i) {
    if (!context.node(i).is_rule && context.node(i).symbol == s.identifier) {
      tokens.push_back(i);
    }
  }
  ASSERT_EQ(tokens.size(), 3u);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 64;
  options.context = &context;
  options.context_tokens = tokens;
  options.context_probability = 1;
  int names = 0, max = 0;
  s.CountFunctionNames(options, 13, &names, &max);
  ASSERT_GT(names, 10);
  EXPECT_GE(max, names * 3 / 4) << max << " of " << names;
}

// Many distinct contexts and texts: the pool's memory stays bounded.
TEST(TokenPool, MemoryIsBounded) {
  SqlPool s;
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 2048;
  Rng rng(5);
  for (int i = 0; i < 3000; ++i) {
    std::optional<Tree> t =
        s.kit.generator.Generate(s.grammar->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    s.pool.AddTree(*t, static_cast<uint64_t>(i));
  }
  EXPECT_GT(s.pool.MemoryBytes(), 0u);
  EXPECT_LT(s.pool.MemoryBytes(), size_t{24} << 20);
}

// A token type only the lexer's code makes (declared in `tokens {}`, as
// ANTLR's grammar declares TOKEN_REF) has no rule to walk: its text comes
// from the pool whenever the pool has one, its name only otherwise.
TEST(TokenPool, ATypeTheLexersCodeMakesTakesTheCorpussTexts) {
  auto g = testing::LoadG4Text("Retyped.g4",
                               "grammar Retyped;\n"
                               "tokens { REF }\n"
                               "s : REF+ EOF ;\n"
                               "ID : [a-z]+ ;\n"
                               "WS : ' ' -> skip ;\n",
                               "s");
  ASSERT_TRUE(g.ok()) << g.status();
  const int ref = TokenType(**g, "REF");
  ASSERT_TRUE((*g)->token_from_code(ref));
  Weights weights(**g);
  TokenPool pool((*g)->max_token_type());
  GeneratorKit kit(**g, weights, &pool);
  EXPECT_TRUE(kit.tokens.HasOpenText(ref));
  Rng rng(3);
  std::string text;
  kit.tokens.Generate(ref, rng, 100, &pool, 0.0, false, &text);
  EXPECT_EQ(text, "REF");
  pool.Add(ref, "rule", 1);
  for (int i = 0; i < 20; ++i) {
    kit.tokens.Generate(ref, rng, 100, &pool, 0.0, false, &text);
    EXPECT_EQ(text, "rule");
  }
}

}  // namespace
}  // namespace grammut
