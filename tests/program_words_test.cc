// Tests for words taken from the fuzzed program: which runs of its data
// count as words, which token types keep them, and that generation uses
// them.
#include "mutate/program_words.h"

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

using namespace std::string_literals;

// C strings of printable, non-space bytes within the length limits count;
// a run cut by a space or by the end of the data does not; repeats once.
TEST(ProgramWords, TakesDistinctCStringsOfPrintableBytes) {
  const std::string data =
      "abc\0de\0has space\0xyzw\0abc\0\x01\x02qrs\0"s
      "a_very_long_word_over_the_forty_byte_limit_here\0tail"s;
  EXPECT_EQ(ProgramWords(data),
            (std::vector<std::string>{"abc", "space", "xyzw", "qrs"}));
  ProgramWordLimits limits;
  limits.max_words = 2;
  EXPECT_EQ(ProgramWords(data, limits),
            (std::vector<std::string>{"abc", "space"}));
}

std::unique_ptr<Mutator> SqlMutator(bool program_words) {
  MutatorConfig config;
  config.program_words = program_words;
  auto m = Mutator::Create(config, testing::LoadShipped("sqlite"));
  EXPECT_TRUE(m.ok()) << m.status();
  return std::move(*m);
}

// A word is kept for the open token types that lex it whole, as it is or
// quoted: a name for IDENTIFIER, digits for NUMERIC_LITERAL, and any of them
// in '' for STRING_LITERAL; a keyword (the lexer reads `select` as
// K_SELECT) only quoted; a text holding both quote characters for none.
TEST(ProgramWords, KeptForTheOpenTokenTypesThatLexThemWhole) {
  auto m = SqlMutator(true);
  EXPECT_EQ(m->AddProgramWords(std::vector<std::string>{"journal_mode", "12345",
                                                        "select", "a'b\"c"}),
            3u);
  EXPECT_EQ(SqlMutator(false)->AddProgramWords(
                std::vector<std::string>{"journal_mode"}),
            0u);
}

// Mutating `PRAGMA cache_size;` until `journal_mode` appears: with the
// program's words it appears; without them no mutation in as many makes it
// (a random identifier walk does not spell it).
TEST(ProgramWords, GenerationUsesThem) {
  const std::string input = "PRAGMA cache_size;";
  auto count = [&](bool program_words) {
    auto m = SqlMutator(program_words);
    m->AddProgramWords(std::vector<std::string>{"journal_mode"});
    int seen = 0;
    for (unsigned seed = 1; seed <= 3000; ++seed) {
      if (absl::StrContains(m->MutateString(input, 256, seed),
                            "journal_mode")) {
        ++seen;
      }
      m->ReportOutcome(Mutator::Fate::kDiscarded, 1e-4);
    }
    return seen;
  };
  EXPECT_GT(count(true), 0);
  EXPECT_EQ(count(false), 0);
}

// Mutating `SELECT 'x';` until the string `'rebuild'` appears (an FTS
// command, read from a string argument): with the program's words it does;
// without them, no mutation in as many makes it.
TEST(ProgramWords, StringTokensTakeThemQuoted) {
  const std::string input = "SELECT 'x';";
  auto count = [&](bool program_words) {
    auto m = SqlMutator(program_words);
    m->AddProgramWords(std::vector<std::string>{"rebuild"});
    int seen = 0;
    for (unsigned seed = 1; seed <= 3000; ++seed) {
      if (absl::StrContains(m->MutateString(input, 256, seed), "'rebuild'")) {
        ++seen;
      }
      m->ReportOutcome(Mutator::Fate::kDiscarded, 1e-4);
    }
    return seen;
  };
  EXPECT_GT(count(true), 0);
  EXPECT_EQ(count(false), 0);
}

}  // namespace
}  // namespace grammut
