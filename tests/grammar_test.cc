// Tests for loading grammars: .interp directories, .g4 files, errors.
#include "grammar/grammar.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/strings/match.h"
#include "grammar/interp_file.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using testing::GrammarDir;
using testing::GrammarSourceDir;
using testing::TestData;

TEST(InterpFile, ParsesSectionsAndAtn) {
  auto data = ParseInterp(
      "token literal names:\nnull\n'{'\n\ntoken symbolic names:\nnull\nLB\n\n"
      "rule names:\nstart\n\natn:\n[3, 1, 2]\n",
      "x.interp");
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(data->literal_names, (std::vector<std::string>{"", "'{'"}));
  EXPECT_EQ(data->symbolic_names, (std::vector<std::string>{"", "LB"}));
  EXPECT_EQ(data->rule_names, (std::vector<std::string>{"start"}));
  EXPECT_EQ(data->atn, (std::vector<uint16_t>{3, 1, 2}));
}

TEST(InterpFile, RejectsNonInterpText) {
  auto data = ParseInterp("hello world\n", "bad.interp");
  ASSERT_FALSE(data.ok());
  EXPECT_TRUE(absl::StrContains(data.status().message(), "bad.interp"));
}

TEST(InterpFile, FormatParsesBackToTheSameDataForEveryShippedGrammar) {
  for (const std::string& name : testing::ShippedGrammars()) {
    std::unique_ptr<Grammar> g = testing::LoadShipped(name);
    ASSERT_NE(g, nullptr);
    for (const InterpData* data : {&g->parser_interp(), &g->lexer_interp()}) {
      auto back = ParseInterp(FormatInterp(*data), name);
      ASSERT_TRUE(back.ok()) << name << ": " << back.status();
      EXPECT_EQ(back->literal_names, data->literal_names) << name;
      EXPECT_EQ(back->symbolic_names, data->symbolic_names) << name;
      EXPECT_EQ(back->rule_names, data->rule_names) << name;
      EXPECT_EQ(back->channel_names, data->channel_names) << name;
      EXPECT_EQ(back->mode_names, data->mode_names) << name;
      EXPECT_EQ(back->atn, data->atn) << name;
    }
  }
}

TEST(Grammar, LoadsEveryShippedGrammar) {
  for (const std::string& name : testing::ShippedGrammars()) {
    auto g = Grammar::Load(GrammarDir(name));
    ASSERT_TRUE(g.ok()) << name << ": " << g.status();
    EXPECT_GT((*g)->num_rules(), 0);
    EXPECT_GT((*g)->num_decisions(), 0);
    EXPECT_EQ((*g)->separator(), " ") << name;
    // Every rule can finish within a finite number of bytes.
    for (int r = 0; r < (*g)->num_rules(); ++r) {
      EXPECT_LT((*g)->rule_min_cost(r).bytes, 10000)
          << name << " rule " << (*g)->rule_name(r);
    }
  }
}

TEST(Grammar, JsonTablesMakeSense) {
  auto g = testing::LoadShipped("json");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->name(), "JSON");
  EXPECT_EQ(g->rule_name(g->start_rule()), "json");
  bool has_brace = false;
  for (int t = 1; t <= g->max_token_type(); ++t) {
    has_brace |= g->literal_text(t) == "{";
  }
  EXPECT_TRUE(has_brace);
  // The shortest JSON document is one byte ("0") plus a separator allowance.
  EXPECT_EQ(g->rule_min_cost(g->start_rule()).bytes, 2);
}

TEST(Grammar, UnknownStartRuleIsAClearError) {
  auto g = Grammar::Load(GrammarDir("json"), "nosuchrule");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(absl::StrContains(g.status().message(), "nosuchrule"));
  EXPECT_TRUE(absl::StrContains(g.status().message(), "json"));  // lists rules
}

TEST(Grammar, MissingPathIsAClearError) {
  auto g = Grammar::Load("/no/such/grammar/dir");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kNotFound);
  auto g2 = Grammar::Load("/no/such/file.g4");
  ASSERT_FALSE(g2.ok());
  EXPECT_TRUE(absl::StrContains(g2.status().message(), "/no/such/file.g4"));
}

TEST(Grammar, CorruptAtnIsAClearError) {
  const std::string dir = ::testing::TempDir() + "/corrupt_grammar";
  std::filesystem::create_directories(dir);
  std::filesystem::copy(GrammarDir("json"), dir,
                        std::filesystem::copy_options::overwrite_existing |
                            std::filesystem::copy_options::recursive);
  {
    std::ofstream out(dir + "/JSON.interp", std::ios::trunc);
    out << "token literal names:\nnull\n\nrule names:\njson\n\natn:\n[2, 5, "
           "7]\n";
  }
  auto g = Grammar::Load(dir);
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kDataLoss) << g.status();
  EXPECT_TRUE(absl::StrContains(g.status().message(), "ATN")) << g.status();
}

TEST(Grammar, LoadsG4FilesThroughTheToolAndCachesThem) {
  const std::string cache = ::testing::TempDir() + "/g4cache";
  std::filesystem::remove_all(cache);
  setenv("GRAMMUT_CACHE_DIR", cache.c_str(), 1);
  auto g = Grammar::Load(TestData("Expr.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ((*g)->rule_name((*g)->start_rule()), "start");
  size_t entries = 0;
  for (auto& e : std::filesystem::directory_iterator(cache)) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1u);
  // Second load reuses the cache entry (no new directory).
  auto again = Grammar::Load(TestData("Expr.g4"));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)->fingerprint(), (*g)->fingerprint());
  entries = 0;
  for (auto& e : std::filesystem::directory_iterator(cache)) {
    (void)e;
    ++entries;
  }
  EXPECT_EQ(entries, 1u);
}

TEST(Grammar, LoadsSplitLexerParserG4) {
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache2").c_str(), 1);
  const std::string dir = GrammarSourceDir("xml");
  auto g =
      Grammar::Load(dir + "/XMLParser.g4," + dir + "/XMLLexer.g4", "document");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ((*g)->name(), "XML");
  auto from_dir = Grammar::Load(GrammarDir("xml"));
  ASSERT_TRUE(from_dir.ok());
  EXPECT_EQ((*g)->fingerprint(), (*from_dir)->fingerprint());
}

TEST(Grammar, KeywordClashRetriesAnotherTarget) {
  // `class` and `def` are keywords in Java and Python: the tool refuses the
  // grammar for those targets (error 134); the loader must still succeed.
  const std::string dir = ::testing::TempDir() + "/clash";
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir + "/Clash.g4");
    out << "grammar Clash;\nstart : klass EOF ;\nklass : 'k' def ;\n"
           "def : ID ;\nID : [a-z]+ ;\nWS : ' ' -> skip ;\n";
  }
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache3").c_str(), 1);
  auto g = Grammar::Load(dir + "/Clash.g4");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_GE((*g)->FindRule("def"), 0);
}

TEST(Grammar, BadG4IsAClearError) {
  const std::string dir = ::testing::TempDir() + "/badg4";
  std::filesystem::create_directories(dir);
  {
    std::ofstream out(dir + "/Bad.g4");
    out << "grammar Bad;\nstart : undefined_rule EOF ;\n";
  }
  setenv("GRAMMUT_CACHE_DIR", (::testing::TempDir() + "/g4cache4").c_str(), 1);
  auto g = Grammar::Load(dir + "/Bad.g4");
  ASSERT_FALSE(g.ok());
  EXPECT_TRUE(absl::StrContains(g.status().message(), "Bad.g4"));
}

}  // namespace
}  // namespace grammut
