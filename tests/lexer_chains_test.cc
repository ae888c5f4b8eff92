// Lexer modes in generated inputs: tokens the lexer builds over several
// rules (ANTLR's `more`) are written whole, and the separators between
// tokens are the ones the lexer's mode at that point skips. The grammars
// are in tests/data/modes/, each a lexer and a parser grammar.
#include <memory>
#include <string>
#include <vector>

#include "generate/generator.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// The shape of grammars-v4's PEG grammar: a string is `"` (more, into a
// string mode), characters, `""` and escapes (more, an escape mode pushed
// and popped), then `"` typed STRING; a triple-quoted string is another
// rule of the same type. Strings written next to each other must not run
// together (`""` then `"x"` is `"""x"`, the start of a triple-quoted one),
// and `"` alone is never a STRING.
TEST(LexerChains, StringsBuiltOverModesAreWrittenWhole) {
  auto g = testing::LoadSplitTestGrammar("modes/Strs");
  ASSERT_NE(g, nullptr);
  testing::ExpectGeneratedInputsParse(*g, 500, 3, 300);
}

// The shape of XML's processing instruction: `<?` name (more, into a mode
// no other rule enters), any characters (more), then `?>` makes the PI
// token (`?>` alone would be text); and names inside tags, where blanks
// are skipped while outside they are text, get the blank they need between
// them (run together they would be one name).
TEST(LexerChains, ProcessingInstructionsAndNamesInTags) {
  auto g = testing::LoadSplitTestGrammar("modes/Tags");
  ASSERT_NE(g, nullptr);
  testing::ExpectGeneratedInputsParse(*g, 500, 5, 300);
}

// The shape of grammars-v4's QIF and desktop-entry lexers: `T` pushes a
// mode whose text runs to the end of the line, left only by a newline
// (`EOL: [\r\n]+ -> skip, popMode`). After `T 12` the next record's `C`
// must start a new line: with the default mode's blank, or nothing, the
// line mode reads it as text.
TEST(LexerChains, ALineModeIsLeftByTheNewlineItSkips) {
  auto g = testing::LoadSplitTestGrammar("modes/Lines");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->mode_closer(1), "\n");
  EXPECT_EQ(g->mode_closer(0), "");
  testing::ExpectGeneratedInputsParse(*g, 300, 7, 200);
}

// The shape of grammars-v4's DGS comments: a skipped `#` pushes the mode
// of NOTE_TEXT, whose text alone would read as words and an EOL; it is
// written after a `#`.
TEST(LexerChains, AModeEnteredOnlyByASkippedRuleIsWrittenAfterIt) {
  auto g = testing::LoadSplitTestGrammar("modes/Notes");
  ASSERT_NE(g, nullptr);
  const int note = g->token_type_named("NOTE_TEXT");
  ASSERT_GT(note, 0);
  EXPECT_EQ(g->token_mode(note), 0);
  testing::ExpectGeneratedInputsParse(*g, 300, 3, 200);
}

// The shape of grammars-v4's desktop-entry lexer: a header's `]` stays in
// the header mode and a locale's `]` pops back to the key's mode, so the
// mode after `]` is known only to a writer that follows the lexer through
// the whole input. A key or a header after a header needs the newline the
// header mode leaves by; `=` after a locale needs none.
TEST(LexerChains, AWholeInputFollowsTheLexersMode) {
  auto g = testing::LoadSplitTestGrammar("modes/Ini");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->token_mode_after(g->token_type_named("RB")), -1);
  testing::ExpectGeneratedInputsParse(*g, 300, 3, 200);
}

// The shape of grammars-v4's YARA lexer: PRIVATE and STRING_ID are made
// in the default mode and, typed so, in a strings mode. After `}` the
// next rule's `private rule` is read in the default mode, where run
// together it is one ID; and a STRING_ID after `condition` is read there
// too, where `$` alone is a DOLLAR.
TEST(LexerChains, TokensMadeInTwoModesAreWrittenForBoth) {
  auto g = testing::LoadSplitTestGrammar("modes/Rules");
  ASSERT_NE(g, nullptr);
  const int private_type = g->token_type_named("PRIVATE");
  EXPECT_EQ(g->token_start_modes(private_type), (std::vector<int>{0, 1}));
  testing::ExpectGeneratedInputsParse(*g, 300, 3, 300);
}

// Locale (the shape of grammars-v4's desktop entries): after a country the
// lexer is in a mode that types `@` as AT_0, which the parser never takes.
// A whole input knows the mode there, so the modifier, which would begin
// with an AT made as AT_0, gives way to the closing `]`.
TEST(LexerChains, ATokenNotMadeInTheLexersModeGivesWay) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("modes/Locale");
  ASSERT_NE(g, nullptr);
  testing::ExpectGeneratedInputsParse(*g, 300, 3, 200);
}

// Marks (the shape of grammars-v4's YARA rules): the corpus wrote the ID
// `$` in the strings mode, where it is one; in the default mode `$` is a
// DOLLAR. A whole input knows the mode, so an ID taken from the pool that
// the mode would read as another type is made again.
TEST(LexerChains, APoolTextReadAsAnotherTypeInTheModeIsMadeAgain) {
  std::unique_ptr<Grammar> g = testing::LoadSplitTestGrammar("modes/Marks");
  ASSERT_NE(g, nullptr);
  const int id = g->token_type_named("ID");
  ASSERT_GT(id, 0);
  TokenPool pool(g->max_token_type());
  pool.Add(id, "$", 1);
  GenerateOptions options;
  options.mode = ProbabilityMode::kLearned;
  options.pool_probability = 0.9;
  testing::ExpectGeneratedInputsParse(*g, 300, 3, options, &pool, false);
}

}  // namespace
}  // namespace grammut
