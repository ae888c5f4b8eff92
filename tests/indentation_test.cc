// Tests for Python-style INDENT/DEDENT tokens (grammar/indentation.h):
// what a text lexes to, exact round trips, generated and mutated inputs
// that re-parse, and what the doctor says. The grammars are small ones of
// our own with the two shapes of grammars-v4's Python grammars: a NEWLINE
// lexer rule whose action makes the layout (tests/data/Indent.g4, as
// python3), and hidden line breaks with INDENT, DEDENT and LINE_BREAK all
// made by code (tests/data/IndentHidden.g4, as python/python).
#include "grammar/indentation.h"

#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_join.h"
#include "doctor/grammar_doctor.h"
#include "generate/generator.h"
#include "grammar/predicate_table.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "mutate/mutator.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

std::unique_ptr<Grammar> LoadData(const std::string& file) {
  absl::StatusOr<std::unique_ptr<Grammar>> g = testing::LoadG4Text(
      file, testing::ReadFileOrDie(testing::TestData(file)));
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *std::move(g) : nullptr;
}

// The token names of `tree` in order, EOF included, space-separated.
std::string TokenNames(const Grammar& g, const Tree& tree) {
  std::vector<std::string> names;
  for (int i = 0; i < tree.size(); ++i) {
    if (tree.node(i).is_rule) continue;
    const int type = tree.node(i).symbol;
    names.push_back(type < 0 ? "EOF" : g.token_name(type));
  }
  return absl::StrJoin(names, " ");
}

// Parses `text`, expecting no syntax error; returns its token names.
std::string Lex(const Grammar& g, const std::string& text) {
  Parser parser(g);
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  EXPECT_TRUE(r.ok()) << r.status();
  if (!r.ok()) return "";
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error << " in:\n" << text;
  EXPECT_EQ(r->tree.Text(), text);
  return TokenNames(g, r->tree);
}

TEST(Indentation, DetectsBothShapes) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  const IndentationScheme& s = g->indentation();
  ASSERT_TRUE(s.active());
  EXPECT_EQ(g->token_name(s.indent), "INDENT");
  EXPECT_EQ(g->token_name(s.dedent), "DEDENT");
  EXPECT_EQ(g->token_name(s.newline), "NEWLINE");
  EXPECT_TRUE(s.newline_has_rule);
  EXPECT_TRUE(s.brackets_from_actions);
  EXPECT_EQ(s.Bracket(g->token_type_named("OPEN_PAREN")), 1);
  EXPECT_EQ(s.Bracket(g->token_type_named("CLOSE_BRACK")), -1);
  EXPECT_TRUE(s.Handles("NEWLINE"));
  EXPECT_TRUE(s.Handles("OPEN_PAREN"));

  std::unique_ptr<Grammar> h = LoadData("IndentHidden.g4");
  ASSERT_NE(h, nullptr);
  const IndentationScheme& t = h->indentation();
  ASSERT_TRUE(t.active());
  EXPECT_EQ(h->token_name(t.newline), "LINE_BREAK");
  EXPECT_FALSE(t.newline_has_rule);
  EXPECT_EQ(h->token_name(t.end_marker), "ENDMARKER");
  EXPECT_EQ(s.end_marker, -1);
  EXPECT_TRUE(t.Handles("WS"));
  EXPECT_TRUE(t.Handles("CLOSE_BRACKET"));
}

TEST(Indentation, ShippedGrammarsHaveNone) {
  for (const std::string& name : testing::ShippedGrammars()) {
    std::unique_ptr<Grammar> g = testing::LoadShipped(name);
    EXPECT_FALSE(g->indentation().active()) << name;
  }
}

TEST(Indentation, LexesBlocks) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Lex(*g, "if x:\n    a = 1\n    b = 2\nc = 3\n"),
            "'if' NAME ':' NEWLINE INDENT NAME '=' NUMBER NEWLINE NAME '=' "
            "NUMBER NEWLINE DEDENT NAME '=' NUMBER NEWLINE EOF");
  // No line break at the end: one is made, then the DEDENT.
  EXPECT_EQ(Lex(*g, "if x:\n  y = 1"),
            "'if' NAME ':' NEWLINE INDENT NAME '=' NUMBER NEWLINE DEDENT EOF");
  // Two levels closed at once.
  EXPECT_EQ(Lex(*g, "if a:\n  if b:\n    c = 1\nd = 2\n"),
            "'if' NAME ':' NEWLINE INDENT 'if' NAME ':' NEWLINE INDENT NAME "
            "'=' NUMBER NEWLINE DEDENT DEDENT NAME '=' NUMBER NEWLINE EOF");
}

TEST(Indentation, BlankAndCommentLinesDoNotCount) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Lex(*g, "\n# head\nif x:\n    a = 1\n\n  # c\n\t\n    b = 2\n\n"),
            "'if' NAME ':' NEWLINE INDENT NAME '=' NUMBER NEWLINE NAME '=' "
            "NUMBER NEWLINE DEDENT EOF");
}

TEST(Indentation, BracketsAndJoinedLinesKeepOneLogicalLine) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Lex(*g, "a = [1,\n2,\n        (3\n)]\nb = 1 + \\\n    2\n"),
            "NAME '=' OPEN_BRACK NUMBER ',' NUMBER ',' OPEN_PAREN NUMBER "
            "CLOSE_PAREN CLOSE_BRACK NEWLINE NAME '=' NUMBER '+' NUMBER "
            "NEWLINE EOF");
  // A line break inside a string is no line break.
  EXPECT_EQ(Lex(*g, "a = \"\"\"x\n  y\"\"\"\r\nb = 2\r\n"),
            "NAME '=' STRING NEWLINE NAME '=' NUMBER NEWLINE EOF");
}

TEST(Indentation, TabsAdvanceToMultiplesOfEight) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Lex(*g, "while x:\n\ta = 1\n        b = 2\n   \tc = 3\n"),
            "'while' NAME ':' NEWLINE INDENT NAME '=' NUMBER NEWLINE NAME '=' "
            "NUMBER NEWLINE NAME '=' NUMBER NEWLINE DEDENT EOF");
}

TEST(Indentation, HiddenLineBreaksMakeTheLogicalOnes) {
  std::unique_ptr<Grammar> g = LoadData("IndentHidden.g4");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(Lex(*g, "if x:  # c\n    a = (1 +\n 2)\n\n    b = 2\nc = 3"),
            "'if' NAME ':' LINE_BREAK INDENT NAME '=' OPEN_PAREN NUMBER '+' "
            "NUMBER CLOSE_PAREN LINE_BREAK NAME '=' NUMBER LINE_BREAK DEDENT "
            "NAME '=' NUMBER LINE_BREAK ENDMARKER");
}

TEST(Indentation, WrongIndentationIsASyntaxError) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  for (const char* text : {"a = 1\n  b = 2\n", "if x:\nb = 2\n", "  a = 1\n"}) {
    absl::StatusOr<ParseResult> r = parser.Parse(text);
    ASSERT_TRUE(r.ok());
    EXPECT_GT(r->syntax_errors, 0) << text;
    EXPECT_EQ(r->tree.Text(), text);
  }
}

TEST(Indentation, ParsedTreesNeedNoFix) {
  for (const char* file : {"Indent.g4", "IndentHidden.g4"}) {
    std::unique_ptr<Grammar> g = LoadData(file);
    ASSERT_NE(g, nullptr);
    const IndentationScheme& s = g->indentation();
    Parser parser(*g);
    for (const char* text :
         {"if x:\n    a = 1\n    b = 2\nc = 3\n", "if x:\n  y = 1",
          "\n# c\nif a:\n\tif b:\n\t\tc = 1  # d\n\n\te = 2\r\nf = 3\n  \n",
          "a = [1,\n 2]\nwhile a:\n        pass\nelse_ = 1\n"}) {
      absl::StatusOr<ParseResult> r = parser.Parse(text);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->syntax_errors, 0) << file << ": " << r->first_error;
      Tree t = r->tree;
      EXPECT_FALSE(FixIndentation(s, &t)) << file << ": " << text;
      EXPECT_EQ(t.Text(), text);
    }
  }
}

// Every generated input re-parses without an error, and blocks occur.
TEST(Indentation, GeneratedInputsReparse) {
  for (const char* file : {"Indent.g4", "IndentHidden.g4"}) {
    std::unique_ptr<Grammar> g = LoadData(file);
    ASSERT_NE(g, nullptr);
    Weights weights(*g);
    GeneratorKit kit(*g, weights, nullptr);
    Parser parser(*g);
    const int indent = g->indentation().indent;
    int with_blocks = 0, generated = 0;
    for (uint64_t seed = 1; seed <= 300; ++seed) {
      Rng rng(seed);
      GenerateOptions opt;
      opt.max_bytes = 400;
      opt.mode = ProbabilityMode::kUniform;
      std::optional<Tree> t = kit.generator.Generate(g->start_rule(), rng, opt);
      if (!t) continue;
      ++generated;
      const std::string text = t->Text();
      absl::StatusOr<ParseResult> r = parser.Parse(text);
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r->syntax_errors, 0)
          << file << " seed " << seed << ": " << r->first_error << "\n"
          << text;
      for (int i = 0; i < t->size(); ++i) {
        if (!t->node(i).is_rule && t->node(i).symbol == indent) {
          ++with_blocks;
          break;
        }
      }
    }
    EXPECT_GT(generated, 250) << file;
    EXPECT_GT(with_blocks, 15) << file;
  }
}

// Mutations (swaps, regenerations, loop edits...) of an indented input
// re-parse as often as those of the shipped grammars do.
TEST(Indentation, MutatedInputsReparse) {
  MutatorConfig config;
  config.deterministic = true;
  absl::StatusOr<std::unique_ptr<Mutator>> m =
      Mutator::Create(config, LoadData("Indent.g4"));
  ASSERT_TRUE(m.ok()) << m.status();
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  Parser parser(*g);
  const std::string seed_text =
      "if a:\n    b = 1\n    while b:\n        c = [1,\n 2]\n"
      "        pass\nelse:\n    d = 2\ne = 3\n";
  int clean = 0, total = 0;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::string op;
    const std::string out = (*m)->MutateString(seed_text, 4096, seed, &op);
    if (absl::StrContains(op, "bytes") || out == seed_text) continue;
    absl::StatusOr<ParseResult> r = parser.Parse(out);
    ASSERT_TRUE(r.ok());
    ++total;
    clean += r->syntax_errors == 0 ? 1 : 0;
  }
  ASSERT_GT(total, 100);
  EXPECT_GT(clean, total * 9 / 10) << clean << " of " << total;
}

// Blanks whose depth differs with tabs of size 8 and 1 (a TabError to
// CPython) are rewritten once an edit runs the fix; the parse keeps them.
TEST(Indentation, FixMakesTabsAndSpacesAgree) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  const std::string text = "if a:\n        b = 1\n\tc = 2\n";
  absl::StatusOr<ParseResult> r = parser.Parse(text);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->syntax_errors, 0);
  EXPECT_EQ(r->tree.Text(), text);
  Tree t = r->tree;
  EXPECT_TRUE(FixIndentation(g->indentation(), &t));
  EXPECT_EQ(t.Text(), "if a:\n        b = 1\n        c = 2\n");
}

TEST(Indentation, FixIndentsASplicedBlock) {
  std::unique_ptr<Grammar> g = LoadData("Indent.g4");
  ASSERT_NE(g, nullptr);
  Parser parser(*g);
  absl::StatusOr<ParseResult> a = parser.Parse("if a:\n  b = 1\nc = 2\n");
  absl::StatusOr<ParseResult> b =
      parser.Parse("while x:\n    if y:\n        z = 1\n");
  ASSERT_TRUE(a.ok() && b.ok());
  // The `if` statement of a goes where z = 1 stood in b: two levels deep.
  const int stmt = g->FindRule("stmt");
  int from = -1, at = -1;
  for (int i = 0; i < a->tree.size(); ++i) {
    if (a->tree.node(i).is_rule && a->tree.node(i).symbol == stmt) {
      from = i;
      break;
    }
  }
  for (int i = 0; i < b->tree.size(); ++i) {
    if (b->tree.node(i).is_rule && b->tree.node(i).symbol == stmt) at = i;
  }
  ASSERT_GE(from, 0);
  ASSERT_GE(at, 0);
  Tree out;
  out.AssignSplice(b->tree, at, a->tree, from, "", "");
  EXPECT_TRUE(FixIndentation(g->indentation(), &out));
  EXPECT_EQ(out.Text(),
            "while x:\n    if y:\n        if a:\n            b = 1\n");
  absl::StatusOr<ParseResult> r = parser.Parse(out.Text());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->syntax_errors, 0) << r->first_error;
}

TEST(Indentation, DoctorSaysHowTheTokensAreMade) {
  DoctorOptions opt;
  const std::string dir = ::testing::TempDir() + "/indent_doctor";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/Indent.g4";
  {
    std::ofstream f(path);
    f << testing::ReadFileOrDie(testing::TestData("Indent.g4"));
  }
  opt.grammar = path;
  opt.inputs = 50;
  absl::StatusOr<DoctorReport> r = ExamineGrammar(opt);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(absl::StrContains(r->indentation, "INDENT/DEDENT made by"))
      << r->indentation;
  for (const SemanticFinding& f : r->semantics) {
    if (f.kind == "action") EXPECT_TRUE(f.known) << f.rule << " " << f.text;
  }
  for (const std::string& w : r->warnings) {
    EXPECT_FALSE(absl::StrContains(w, "action")) << w;
    EXPECT_FALSE(absl::StrContains(w, "INDENT")) << w;
  }
  EXPECT_TRUE(r->tokens_not_made.empty());
}

}  // namespace
}  // namespace grammut
