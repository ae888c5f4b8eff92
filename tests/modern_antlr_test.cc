// Tests for compiling .g4 files that need ANTLR 4.10+ and for the choice of
// ANTLR tool (GRAMMUT_ANTLR_TOOL). The 4.13 tool is installed with npm on
// first use (scripts/setup.sh does it ahead); when the npm registry cannot
// be reached, the tests that need it are skipped with a message.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "generate/generator.h"
#include "grammar/g4_compiler.h"
#include "grammar/grammar.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

namespace fs = std::filesystem;
using testing::ReadFileOrDie;
using testing::TestData;

// Sets an environment variable for one test and restores it after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    const char* old = std::getenv(name);
    had_ = old != nullptr;
    if (had_) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (had_) {
      setenv(name_, old_.c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  bool had_ = false;
  std::string old_;
};

// A fresh grammar cache for one test (tools stay shared: ToolsRoot()).
std::string FreshCache(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/modern_antlr_" + name;
  fs::remove_all(dir);
  return dir;
}

// The grammut-tool.txt note of the cache entry a .g4 grammar compiled into.
std::string ToolNote(const std::string& cache) {
  for (const auto& e : fs::directory_iterator(cache)) {
    if (fs::exists(e.path() / "grammut-tool.txt")) {
      return ReadFileOrDie((e.path() / "grammut-tool.txt").string());
    }
  }
  return "";
}

#define SKIP_IF_REGISTRY_UNREACHABLE(status)                              \
  if ((status).code() == absl::StatusCode::kUnavailable) {                \
    GTEST_SKIP() << "the ANTLR 4.13 tool could not be installed because " \
                    "the npm registry is unreachable: "                   \
                 << (status).message();                                   \
  }

// Parses `text` with no syntax error and checks it round-trips.
void ExpectCleanParse(Parser& parser, const std::string& text) {
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->syntax_errors, 0) << text << "\n  -> " << r->first_error;
  EXPECT_EQ(r->tree.Text(), text);
}

// ANTLR 4.7.2 reads the '-' after a range in `[a-z0-9-.]` as a range from
// EOF, so the set takes in every character up to '.' (grammars-v4's bdf
// then parsed none of its examples); the 4.10+ tools read the character
// '-'. Such a grammar is compiled by the 4.13 tool: '!' is no ARG.
TEST(ModernAntlr, DashAfterRangeIsTheCharacter) {
  const std::string cache = FreshCache("dash");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", "auto");
  const std::string path = ::testing::TempDir() + "/Dash.g4";
  std::ofstream(path) << "grammar Dash;\ns : ARG* EOF ;\n"
                         "ARG : [a-z0-9-.]+ ;\nWS : ' ' -> skip ;\n";
  auto g = Grammar::Load(path, "s");
  SKIP_IF_REGISTRY_UNREACHABLE(g.status());
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE(absl::StrContains(ToolNote(cache), kAntlr4ngCliPackage))
      << ToolNote(cache);
  Parser parser(**g);
  ExpectCleanParse(parser, "ab-1.2 x-y");
  absl::StatusOr<ParseResult> r = parser.Parse("a!b");
  ASSERT_TRUE(r.ok());
  EXPECT_GT(r->syntax_errors, 0);
}

TEST(ModernAntlr, ImportedGrammarBesideTheGivenOneIsUsed) {
  // grammars-v4's Kotlin lexer imports UnicodeClasses, Teradata's parser
  // grammars that import others: only the importing file is given.
  const std::string cache = FreshCache("import");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  const std::string dir = ::testing::TempDir() + "/imports";
  fs::create_directories(dir);
  std::ofstream(dir + "/Letters.g4")
      << "grammar Letters;\nfragment LETTER : [a-z] ;\n";
  std::ofstream(dir + "/Words.g4")
      << "grammar Words;\nimport Letters;\nWORD : LETTER+ ;\n";
  std::ofstream(dir + "/Spaces.g4") << "grammar Spaces;\nWS : ' ' -> skip ;\n";
  std::ofstream(dir + "/Main.g4")
      << "grammar Main;\nimport Words, Spaces;\ns : WORD+ EOF ;\n";
  auto g = Grammar::Load(dir + "/Main.g4", "s");
  ASSERT_TRUE(g.ok()) << g.status();
  Parser parser(**g);
  ExpectCleanParse(parser, "ab cd");
  // A change to a grammar imported by an imported one is a new grammar,
  // not the cached one.
  std::ofstream(dir + "/Letters.g4")
      << "grammar Letters;\nfragment LETTER : [0-9] ;\n";
  auto g2 = Grammar::Load(dir + "/Main.g4", "s");
  ASSERT_TRUE(g2.ok()) << g2.status();
  Parser parser2(**g2);
  ExpectCleanParse(parser2, "12 34");
}

TEST(ModernAntlr, CaseInsensitiveGrammarLoadsParsesAndGenerates) {
  const std::string cache = FreshCache("ci");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", "auto");
  auto g = Grammar::Load(TestData("CaseInsensitive.g4"));
  SKIP_IF_REGISTRY_UNREACHABLE(g.status());
  ASSERT_TRUE(g.ok()) << g.status();
  // Debian's 4.7.2 ignores caseInsensitive, so the 4.13 tool made it.
  EXPECT_TRUE(absl::StrContains(ToolNote(cache), kAntlr4ngCliPackage))
      << ToolNote(cache);
  Parser parser(**g);
  for (const std::string& text : std::vector<std::string>{
           "SELECT a FROM t;",
           "select a from t;",
           "SeLeCt a, B fRoM t WhErE a = 1 AnD b = C;",
           "sElEcT * FROM Select_1;\nselect x from y where z = 2;\n",
       }) {
    ExpectCleanParse(parser, text);
  }
  // The mixed-case keyword is the SELECT token, not an identifier.
  absl::StatusOr<ParseResult> r = parser.Parse("SeLeCt a FROM t;");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ((*g)->token_name(r->tree.node(r->tree.FirstToken(0)).symbol),
            "SELECT");

  // Generated inputs re-parse and round-trip.
  Weights weights(**g);
  GeneratorKit kit(**g, weights, nullptr);
  GenerateOptions options;
  options.max_bytes = 256;
  Rng rng(11);
  int valid = 0;
  std::string first_bad;
  const int kInputs = 500;
  for (int i = 0; i < kInputs; ++i) {
    std::optional<Tree> t =
        kit.generator.Generate((*g)->start_rule(), rng, options);
    ASSERT_TRUE(t.has_value());
    const std::string text = t->Text();
    absl::StatusOr<ParseResult> p = parser.Parse(text);
    ASSERT_TRUE(p.ok());
    if (p->syntax_errors == 0 && p->tree.Text() == text) {
      ++valid;
    } else if (first_bad.empty()) {
      first_bad = absl::StrCat(text, "\n  -> ", p->first_error);
    }
  }
  EXPECT_GE(valid, kInputs * 99 / 100) << "first invalid:\n" << first_bad;
}

TEST(ModernAntlr, DebiansToolStaysTheDefault) {
  const std::string cache = FreshCache("default");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  unsetenv("GRAMMUT_ANTLR_TOOL");
  auto g = Grammar::Load(TestData("Expr.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_TRUE(absl::StrContains(ToolNote(cache), "Debian")) << ToolNote(cache);
}

TEST(ModernAntlr, ToolIsPartOfTheCacheKey) {
  const std::string cache = FreshCache("key");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  std::vector<std::string> dirs;
  std::vector<uint64_t> fingerprints;
  for (const char* tool : {"debian", "antlr4ng"}) {
    ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", tool);
    absl::StatusOr<std::string> dir = CompileG4({TestData("Expr.g4")});
    SKIP_IF_REGISTRY_UNREACHABLE(dir.status());
    ASSERT_TRUE(dir.ok()) << tool << ": " << dir.status();
    dirs.push_back(*dir);
    auto g = Grammar::Load(*dir);
    ASSERT_TRUE(g.ok()) << g.status();
    fingerprints.push_back((*g)->fingerprint());
  }
  EXPECT_NE(dirs[0], dirs[1]);
  // Version 3 from 4.7.2 and version 4 from 4.13, converted: one network.
  EXPECT_EQ(fingerprints[0], fingerprints[1]);
  EXPECT_TRUE(
      absl::StrContains(ReadFileOrDie(dirs[1] + "/Expr.interp"), "atn:\n[4,"));
}

TEST(ModernAntlr, AntlrNgWritesTheSameInterpFiles) {
  const std::string cache = FreshCache("antlr_ng");
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", cache);
  std::vector<std::string> texts;
  for (const char* tool : {"antlr-ng", "antlr4ng"}) {
    ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", tool);
    absl::StatusOr<std::string> dir =
        CompileG4({TestData("CaseInsensitive.g4")});
    SKIP_IF_REGISTRY_UNREACHABLE(dir.status());
    ASSERT_TRUE(dir.ok()) << tool << ": " << dir.status();
    texts.push_back(ReadFileOrDie(*dir + "/CaseInsensitiveLexer.interp") +
                    ReadFileOrDie(*dir + "/CaseInsensitive.interp"));
  }
  EXPECT_EQ(texts[0], texts[1]);
}

TEST(ModernAntlr, GrammarRejectedByEveryToolShowsTheirMessages) {
  const std::string dir = FreshCache("bad_src");
  fs::create_directories(dir);
  {
    std::ofstream out(dir + "/Bad.g4");
    out << "grammar Bad;\nstart : ( ;\n";
  }
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", FreshCache("bad"));
  ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", "auto");
  auto g = Grammar::Load(dir + "/Bad.g4");
  SKIP_IF_REGISTRY_UNREACHABLE(g.status());
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument)
      << g.status();
  const std::string message(g.status().message());
  EXPECT_TRUE(absl::StrContains(message, "Debian's antlr4")) << message;
  EXPECT_TRUE(absl::StrContains(message, kAntlr4ngCliPackage)) << message;
  EXPECT_TRUE(absl::StrContains(message, "Bad.g4:2:")) << message;
}

TEST(ModernAntlr, MissingNpmIsAClearError) {
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", FreshCache("no_npm"));
  ScopedEnv tools_env("GRAMMUT_TOOLS_DIR", FreshCache("no_npm_tools"));
  ScopedEnv path_env("PATH", "/nonexistent-grammut-test-dir");
  ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", "antlr4ng");
  absl::StatusOr<std::string> dir = CompileG4({TestData("CaseInsensitive.g4")});
  ASSERT_FALSE(dir.ok());
  EXPECT_EQ(dir.status().code(), absl::StatusCode::kFailedPrecondition)
      << dir.status();
  EXPECT_TRUE(absl::StrContains(dir.status().message(), "npm is not installed"))
      << dir.status();
  EXPECT_TRUE(absl::StrContains(dir.status().message(), "apt-get install npm"))
      << dir.status();
}

TEST(ModernAntlr, UnknownToolChoiceIsAClearError) {
  ScopedEnv cache_env("GRAMMUT_CACHE_DIR", FreshCache("unknown"));
  ScopedEnv tool_env("GRAMMUT_ANTLR_TOOL", "no-such-antlr-tool");
  auto g = Grammar::Load(TestData("Expr.g4"));
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(g.status().message(), "GRAMMUT_ANTLR_TOOL"))
      << g.status();
}

}  // namespace
}  // namespace grammut
