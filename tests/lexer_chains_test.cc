// Lexer modes in generated inputs: tokens the lexer builds over several
// rules (ANTLR's `more`) are written whole, and the separators between
// tokens are the ones the lexer's mode at that point skips.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grammar/grammar.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// Writes a lexer and a parser grammar to a fresh directory and loads them.
std::unique_ptr<Grammar> LoadPair(const std::string& name,
                                  const std::string& lexer,
                                  const std::string& parser,
                                  const std::string& start) {
  const std::string dir =
      ::testing::TempDir() + "/" + name + "_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/" + name + "Lexer.g4") << lexer;
  std::ofstream(dir + "/" + name + "Parser.g4") << parser;
  auto g = Grammar::Load(
      dir + "/" + name + "Lexer.g4," + dir + "/" + name + "Parser.g4", start);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? std::move(*g) : nullptr;
}

// The shape of grammars-v4's PEG grammar: a string is `"` (more, into a
// string mode), characters, `""` and escapes (more, an escape mode pushed
// and popped), then `"` typed STRING; a triple-quoted string is another
// rule of the same type. Strings written next to each other must not run
// together (`""` then `"x"` is `"""x"`, the start of a triple-quoted one),
// and `"` alone is never a STRING.
TEST(LexerChains, StringsBuiltOverModesAreWrittenWhole) {
  auto g = LoadPair("Strs",
                    "lexer grammar StrsLexer;\n"
                    "STRING : '\"\"\"' .*? '\"\"\"' ;\n"
                    "OPEN : '\"' -> more, mode(S) ;\n"
                    "NAME : [a-z]+ ;\n"
                    "PLUS : '+' ;\n"
                    "WS : [ \\n]+ -> skip ;\n"
                    "mode E;\n"
                    "ESCAPED : [\"\\\\n] -> more, popMode ;\n"
                    "mode S;\n"
                    "ESC : '\\\\' -> more, pushMode(E) ;\n"
                    "END : '\"' -> type(STRING), mode(DEFAULT_MODE) ;\n"
                    "TEXT : (~[\"\\\\] | '\"\"') -> more ;\n",
                    "parser grammar StrsParser;\n"
                    "options { tokenVocab = StrsLexer; }\n"
                    "s : (STRING | NAME | PLUS)+ EOF ;\n",
                    "s");
  ASSERT_NE(g, nullptr);
  testing::ExpectGeneratedInputsParse(*g, 500, 3, 300);
}

// The shape of XML's processing instruction: `<?` name (more, into a mode
// no other rule enters), any characters (more), then `?>` makes the PI
// token (`?>` alone would be text); and names inside tags, where blanks
// are skipped while outside they are text, get the blank they need between
// them (run together they would be one name).
TEST(LexerChains, ProcessingInstructionsAndNamesInTags) {
  auto g = LoadPair("Tags",
                    "lexer grammar TagsLexer;\n"
                    "PI_OPEN : '<?' [a-z]+ -> more, pushMode(PI_MODE) ;\n"
                    "OPEN : '<' -> pushMode(TAG) ;\n"
                    "TEXT : ~[<]+ ;\n"
                    "mode PI_MODE;\n"
                    "PI : '?>' -> popMode ;\n"
                    "PI_TEXT : . -> more ;\n"
                    "mode TAG;\n"
                    "CLOSE : '>' -> popMode ;\n"
                    "NAME : [a-z]+ ;\n"
                    "BLANK : ' ' -> skip ;\n",
                    "parser grammar TagsParser;\n"
                    "options { tokenVocab = TagsLexer; }\n"
                    "s : (PI | OPEN NAME NAME+ CLOSE)+ EOF ;\n",
                    "s");
  ASSERT_NE(g, nullptr);
  testing::ExpectGeneratedInputsParse(*g, 500, 5, 300);
}

// The shape of grammars-v4's QIF and desktop-entry lexers: `T` pushes a
// mode whose text runs to the end of the line, left only by a newline
// (`EOL: [\r\n]+ -> skip, popMode`). After `T 12` the next record's `C`
// must start a new line: with the default mode's blank, or nothing, the
// line mode reads it as text.
TEST(LexerChains, ALineModeIsLeftByTheNewlineItSkips) {
  auto g = LoadPair("Lines",
                    "lexer grammar LinesLexer;\n"
                    "T : 'T' -> pushMode(LINE) ;\n"
                    "C : 'C' ;\n"
                    "WS : [ \\t\\r\\n]+ -> skip ;\n"
                    "mode LINE;\n"
                    "NUM : [0-9]+ ;\n"
                    "TEXT : ~[\\r\\n0-9] ~[\\r\\n]* ;\n"
                    "EOL : [\\r\\n]+ -> skip, popMode ;\n",
                    "parser grammar LinesParser;\n"
                    "options { tokenVocab = LinesLexer; }\n"
                    "s : (T (NUM | TEXT) | C)+ EOF ;\n",
                    "s");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->mode_closer(1), "\n");
  EXPECT_EQ(g->mode_closer(0), "");
  testing::ExpectGeneratedInputsParse(*g, 300, 7, 200);
}

}  // namespace
}  // namespace grammut
