// Tests for embedded languages: sentences of another grammar written
// inside a host token, quoted the way the host lexer reads them back.
#include "grammar/embedded_language.h"

#include <memory>
#include <set>
#include <string>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using testing::GrammarDir;
using testing::GrammarSourceDir;
using testing::LoadShipped;
using testing::TestData;

// A mutator of SQL whose STRING_LITERAL tokens get sentences of the test
// grammar `g4` through the token-embedded operator only.
std::unique_ptr<Mutator> EmbeddingMutator(const std::string& g4) {
  MutatorConfig config;
  config.arms = "token-embedded";
  config.mode = ModePolicy::kUniform;
  config.embed = "STRING_LITERAL=" + TestData(g4);
  auto m = Mutator::Create(config, LoadShipped("sqlite"));
  EXPECT_TRUE(m.ok()) << m.status();
  return std::move(*m);
}

TEST(QuoteText, DoublesOrEscapesTheQuote) {
  std::string out;
  QuoteText(R"(it's "x" \)", 0, &out);
  EXPECT_EQ(out, R"('it''s "x" \')");
  QuoteText(R"(it's "x" \)", 1, &out);
  EXPECT_EQ(out, R"("it's ""x"" \")");
  QuoteText(R"(it's "x" \)", 2, &out);
  EXPECT_EQ(out, R"('it\'s "x" \\')");
  QuoteText(R"(it's "x" \)", 3, &out);
  EXPECT_EQ(out, R"("it's \"x\" \\")");
}

// Every sentence of the embedded language, and nothing else, comes out
// quoted as the host lexer reads it whole: SQL doubles a quote, JSON
// escapes it.
std::set<std::string> Texts(const std::string& host_name,
                            const std::string& token) {
  std::unique_ptr<Grammar> host = LoadShipped(host_name);
  Weights weights(*host);
  GeneratorKit kit(*host, weights, nullptr);
  auto quoted = Grammar::Load(TestData("Quoted.g4"));
  EXPECT_TRUE(quoted.ok()) << quoted.status();
  EmbeddedLanguage lang(*std::move(quoted), kit.tokens,
                        host->token_type_named(token));
  Rng rng(1);
  std::set<std::string> seen;
  std::string out;
  for (int i = 0; i < 64; ++i) {
    EXPECT_TRUE(lang.Make(rng, 64, {}, &out));
    seen.insert(out);
  }
  // No room for the shortest sentence: nothing.
  EXPECT_FALSE(lang.Make(rng, 8, {}, &out));
  return seen;
}

TEST(EmbeddedLanguage, QuotedAsTheHostReadsIt) {
  EXPECT_EQ(Texts("sqlite", "STRING_LITERAL"),
            (std::set<std::string>{R"('say "hi"')", R"('say it''s')"}));
  EXPECT_EQ(Texts("json", "STRING_LIT"),
            (std::set<std::string>{R"("say \"hi\"")", R"("say it's")"}));
}

// The token-embedded operator puts each sentence into the input's string
// literal: mutating `SELECT 'x';` gives exactly the two scripts.
TEST(EmbeddedLanguage, TheOperatorWritesSentencesIntoTokens) {
  std::unique_ptr<Mutator> m = EmbeddingMutator("Quoted.g4");
  EXPECT_EQ(m->EmbeddedDescription(), "Quoted in STRING_LITERAL");
  std::set<std::string> seen;
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::string op;
    const std::string out = m->MutateString("SELECT 'x';", 256, seed, &op);
    if (op == "token-embedded") seen.insert(out);
  }
  EXPECT_EQ(seen, (std::set<std::string>{R"(SELECT 'say "hi"';)",
                                         R"(SELECT 'say it''s';)"}));
}

// Sentences take the input's words: mutating a script whose rows hold
// `zebra` gives `'find zebra'`; a script without the word never does (a
// random walk over [a-z]+ does not spell it).
TEST(EmbeddedLanguage, SentencesUseTheInputsWords) {
  std::unique_ptr<Mutator> m = EmbeddingMutator("Find.g4");
  const auto finds = [&](const std::string& in) {
    for (unsigned seed = 1; seed <= 100; ++seed) {
      if (absl::StrContains(m->MutateString(in, 256, seed), "'find zebra'")) {
        return true;
      }
    }
    return false;
  };
  EXPECT_TRUE(finds("INSERT INTO t VALUES('a zebra');"));
  EXPECT_TRUE(finds("SELECT zebra FROM t WHERE x = 'a';"));
  EXPECT_FALSE(finds("INSERT INTO t VALUES('a horse');"));
}

TEST(EmbeddedLanguage, BadSpecsAreNamed) {
  std::unique_ptr<Grammar> host = LoadShipped("sqlite");
  Weights weights(*host);
  GeneratorKit kit(*host, weights, nullptr);
  EXPECT_EQ(host->token_type_named("NOPE"), -1);
  EXPECT_EQ(host->token_name(host->token_type_named("STRING_LITERAL")),
            "STRING_LITERAL");
  auto no_token = LoadEmbeddedLanguages("NOPE=x.g4", *host, kit.tokens);
  ASSERT_FALSE(no_token.ok());
  EXPECT_TRUE(absl::StrContains(no_token.status().message(),
                                "has no open token named NOPE"));
  auto literal = LoadEmbeddedLanguages("K_SELECT=x.g4", *host, kit.tokens);
  EXPECT_FALSE(literal.ok());
  auto shape = LoadEmbeddedLanguages("STRING_LITERAL", *host, kit.tokens);
  ASSERT_FALSE(shape.ok());
  EXPECT_TRUE(
      absl::StrContains(shape.status().message(), "is not TOKEN=GRAMMAR"));
  auto missing =
      LoadEmbeddedLanguages("STRING_LITERAL=/no/such.g4", *host, kit.tokens);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "/no/such.g4"));
  auto two = LoadEmbeddedLanguages("STRING_LITERAL=" + TestData("Quoted.g4") +
                                       "; IDENTIFIER=" + TestData("Quoted.g4"),
                                   *host, kit.tokens);
  ASSERT_TRUE(two.ok()) << two.status();
  EXPECT_EQ(two->size(), 2u);
}

// The shipped SQL grammar's languages are found beside it, built or as
// source (a directory of .g4 files compiles); the JSON grammar has none.
TEST(EmbeddedLanguage, FoundBesideTheGrammar) {
  EXPECT_EQ(EmbeddedBeside(GrammarDir("sqlite")),
            "STRING_LITERAL=" + GrammarDir("sqlite") +
                "/embedded/STRING_LITERAL/strings");
  const std::string source = GrammarSourceDir("sqlite");
  const std::string spec = EmbeddedBeside(source + "/SQLite.g4");
  EXPECT_EQ(spec,
            "STRING_LITERAL=" + source + "/embedded/STRING_LITERAL/strings");
  auto g = Grammar::Load(source + "/embedded/STRING_LITERAL/strings");
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ((*g)->name(), "SQLiteStrings");
  EXPECT_EQ(EmbeddedBeside(GrammarDir("json")), "");
  EXPECT_EQ(EmbeddedBeside(""), "");
}

// The shipped SQLite string languages: every sentence fits the room asked
// for and is an SQL string literal (Make checks it lexes whole as one);
// each language of the start rule shows up.
TEST(EmbeddedLanguage, ShippedSqliteStrings) {
  std::unique_ptr<Grammar> host = LoadShipped("sqlite");
  Weights weights(*host);
  GeneratorKit kit(*host, weights, nullptr);
  auto langs = LoadEmbeddedLanguages(EmbeddedBeside(GrammarDir("sqlite")),
                                     *host, kit.tokens);
  ASSERT_TRUE(langs.ok()) << langs.status();
  ASSERT_EQ(langs->size(), 1u);
  Rng rng(7);
  std::string out;
  bool path = false, modifier = false, near = false;
  for (int i = 0; i < 2000; ++i) {
    const size_t room = 3 + i % 120;
    if (!(*langs)[0]->Make(rng, room, {}, &out)) continue;
    EXPECT_LE(out.size(), room);
    EXPECT_TRUE(
        kit.tokens.Accepts(host->token_type_named("STRING_LITERAL"), out));
    path |= absl::StartsWith(out, "'$");
    modifier |= absl::StrContains(out, "start of");
    near |= absl::StrContains(out, "NEAR");
  }
  EXPECT_TRUE(path && modifier && near);
}

}  // namespace
}  // namespace grammut
