// Tests for name adoption: a part crossover or splice takes from another
// input is renamed to the names the mutated input defines.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "grammar/lexer_dfa.h"
#include "generate/token_generator.h"
#include "gtest/gtest.h"
#include "mutate/config.h"
#include "mutate/mutator.h"
#include "mutate/operators/operators.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The names of the shipped grammars that have names, by token name.
std::vector<std::string> NameTypesOf(const std::string& shipped) {
  auto grammar = testing::LoadShipped(shipped);
  LexerDfa dfa(grammar->lexer_graph(), size_t{1} << 20);
  TokenGenerator tokens(*grammar, &dfa);
  const std::vector<bool> names = NameTokenTypes(*grammar, tokens);
  std::vector<std::string> out;
  for (size_t t = 1; t < names.size(); ++t) {
    if (names[t]) out.push_back(grammar->token_name(static_cast<int>(t)));
  }
  return out;
}

// Identifiers and element names are names; numbers, quoted strings, JSON's
// strings and XML's running text are not.
TEST(AdoptNames, NameTypesAreIdentifiers) {
  EXPECT_EQ(NameTypesOf("sqlite"), std::vector<std::string>{"IDENTIFIER"});
  EXPECT_EQ(NameTypesOf("lua"), std::vector<std::string>{"NAME"});
  EXPECT_TRUE(NameTypesOf("json").empty());
  const std::vector<std::string> xml = NameTypesOf("xml");
  EXPECT_NE(std::find(xml.begin(), xml.end(), "ELEMENT_NAME"), xml.end());
  EXPECT_EQ(std::find(xml.begin(), xml.end(), "TEXT"), xml.end());
}

// Crossover of the first input with the second, seeds 1..`tries`, until
// `wanted` appears in an output.
// `program_words`: words the fuzzed program would contain.
bool CrossoverReaches(double adopt, const std::string& host,
                      const std::string& other, const std::string& wanted,
                      unsigned tries,
                      const std::vector<std::string>& program_words = {}) {
  MutatorConfig config;
  config.adopt_names = adopt;
  auto m = Mutator::Create(config, testing::LoadShipped("sqlite"));
  EXPECT_TRUE(m.ok()) << m.status();
  (*m)->AddProgramWords(program_words);
  EXPECT_TRUE((*m)->RestrictArms("crossover").ok());
  std::string out;
  for (unsigned seed = 1; seed <= tries; ++seed) {
    out.assign(1024, '\0');
    const size_t n = (*m)->CrossOver(
        reinterpret_cast<const uint8_t*>(host.data()), host.size(),
        reinterpret_cast<const uint8_t*>(other.data()), other.size(),
        reinterpret_cast<uint8_t*>(out.data()), out.size(), seed);
    out.resize(n);
    if (absl::StrContains(out, wanted)) return true;
  }
  return false;
}

// "SELECT x FROM log" comes into a script that defines t1(a), in place of
// its "SELECT 1": with names adopted, the query reads the script's own
// table and column; without, it keeps "log" and "x". (A crossover that
// replaces the whole script keeps the names: nothing of the input is left
// to adopt them from.)
TEST(AdoptNames, CrossoverQueriesTheTableTheInputDefines) {
  const std::string host = "CREATE TABLE t1(a);\nSELECT 1;\n";
  const std::string other = "SELECT x FROM log;\n";
  const std::string adopted = "t1(a);\nSELECT a FROM t1;";
  const std::string kept = "t1(a);\nSELECT x FROM log;";
  EXPECT_TRUE(CrossoverReaches(1.0, host, other, adopted, 500));
  EXPECT_FALSE(CrossoverReaches(1.0, host, other, kept, 500));
  EXPECT_FALSE(CrossoverReaches(0.0, host, other, adopted, 500));
  EXPECT_TRUE(CrossoverReaches(0.0, host, other, kept, 500));
}

// A name the input already uses, or the program defines, stays: only
// "log" is renamed here ("a" is the input's own, "abs" a built-in).
TEST(AdoptNames, KeepsNamesTheInputUses) {
  const std::string host = "CREATE TABLE t1(a);\nSELECT 1;\n";
  const std::string other = "SELECT abs(a) FROM log;\n";
  const std::vector<std::string> words = {"abs"};
  const std::string adopted = "t1(a);\nSELECT abs(a) FROM t1;";
  EXPECT_TRUE(CrossoverReaches(1.0, host, other, adopted, 500, words));
  EXPECT_FALSE(CrossoverReaches(1.0, host, other,
                                "t1(a);\nSELECT abs(a) FROM log", 500, words));
  // Without the program word, "abs" is a name the input lacks too.
  EXPECT_FALSE(CrossoverReaches(1.0, host, other, adopted, 500));
}

}  // namespace
}  // namespace grammut
