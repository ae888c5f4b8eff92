// Tests for semantic predicates (grammar/predicate_*.h): the vocabulary,
// user mappings, parsing with known predicates evaluated, and generation
// that satisfies them. The grammars are small ones of our own with the
// shapes of grammars-v4's JavaScript grammar (automatic semicolon
// insertion, no line break before a postfix `++`, keyword checks on the
// next and previous token, regular expressions after operators only).
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "doctor/grammar_doctor.h"
#include "generate/generator.h"
#include "grammar/predicate_mappings.h"
#include "grammar/predicate_table.h"
#include "grammar/predicate_vocabulary.h"
#include "gtest/gtest.h"
#include "learn/weights.h"
#include "parse/parser.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

// A JavaScript-like grammar: statements end at `;`, at the end of input,
// before a line break or before `}`.
constexpr char kAsi[] = R"(grammar Asi;
program : statement* EOF ;
statement : block | returnStatement | forOf | getter
          | expressionStatement ;
block : '{' statement* '}' ;
returnStatement : 'return' ({this.notLineTerminator()}? expression)? eos ;
forOf : 'for' '(' ID ID {this.p("of")}? expression ')' statement ;
getter : {this.n("get")}? ID ID '(' ')' block ;
expressionStatement : {this.notOpenBraceAndNotFunction()}? expression eos ;
expression : expression {this.notLineTerminator()}? '++'
           | expression '=' expression
           | 'function' '(' ')' block
           | '{' '}'
           | ID
           | NUM
           ;
eos : ';' | EOF | {this.lineTerminatorAhead()}? | {this.closeBrace()}? ;
ID : [a-z]+ ;
NUM : [0-9]+ ;
WS : [ \t]+ -> channel(HIDDEN) ;
NL : [\r\n]+ -> channel(HIDDEN) ;
)";

struct Loaded {
  std::unique_ptr<Grammar> grammar;
  std::unique_ptr<Parser> parser;
};

Loaded Load(const std::string& file, const std::string& g4) {
  Loaded l;
  absl::StatusOr<std::unique_ptr<Grammar>> g = testing::LoadG4Text(file, g4);
  EXPECT_TRUE(g.ok()) << g.status();
  if (!g.ok()) return l;
  l.grammar = *std::move(g);
  l.parser = std::make_unique<Parser>(*l.grammar);
  return l;
}

// Syntax errors of parsing `text` (-1 if it could not be parsed at all).
int Errors(Loaded& l, const std::string& text) {
  absl::StatusOr<ParseResult> r = l.parser->Parse(text);
  if (!r.ok()) return -1;
  return r->syntax_errors;
}

TEST(PredicateVocabulary, NormalizesReceiversSpacesQuotesAndCase) {
  EXPECT_EQ(NormalizePredicateText("{this.lineTerminatorAhead()}?"),
            "lineterminatorahead()");
  EXPECT_EQ(NormalizePredicateText("{ self.notLineTerminator() }?"),
            "notlineterminator()");
  EXPECT_EQ(NormalizePredicateText("{p.n('Of')}?"), "n(\"Of\")");
  EXPECT_EQ(NormalizePredicateText("{!this.IsStrictMode()}?"),
            "!isstrictmode()");
  EXPECT_EQ(NormalizePredicateText("{$this.closeBrace();}?"), "closebrace()");
  EXPECT_FALSE(LookUpPredicate("mystery()").has_value());
  // grammars-v4's Lua lexer guards its `#!` line with IsLine1Col0(): the
  // start of the input, as IsStartOfFile (treated as true, a `#` anywhere
  // swallowed the rest of its line).
  std::optional<PredicateMeaning> first = LookUpPredicate("isline1col0()");
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->entry, PredicateEntry::kStartOfInput);
  std::optional<PredicateMeaning> m = LookUpPredicate("!isstrictmode()");
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(EvaluatePredicate(*m, PredicateView()));
}

TEST(PredicateVocabulary, LineBreaksAndNeighbourTexts) {
  PredicateView v;
  v.has_prev = v.has_next = true;
  v.prev_text = "of";
  v.next_text = "{";
  auto holds = [&](const char* key) {
    std::optional<PredicateMeaning> m = LookUpPredicate(key);
    EXPECT_TRUE(m.has_value()) << key;
    return m && EvaluatePredicate(*m, v);
  };
  EXPECT_FALSE(holds("lineterminatorahead()"));
  EXPECT_TRUE(holds("notlineterminator()"));
  EXPECT_TRUE(holds("p(\"of\")"));
  EXPECT_FALSE(holds("n(\"of\")"));
  EXPECT_FALSE(holds("notopenbraceandnotfunction()"));
  EXPECT_FALSE(holds("closebrace()"));
  v.line_break_between = true;
  v.next_text = "}";
  EXPECT_TRUE(holds("lineterminatorahead()"));
  EXPECT_FALSE(holds("notlineterminator()"));
  EXPECT_TRUE(holds("closebrace()"));
  EXPECT_TRUE(holds("notopenbraceandnotfunction()"));
  // A `/` after an operand divides; after an operator it may start a
  // regular expression.
  v.prev_text = ")";
  EXPECT_FALSE(holds("isregexpossible()"));
  v.prev_text = "=";
  EXPECT_TRUE(holds("isregexpossible()"));
  v.prev_is_name = true;
  EXPECT_FALSE(holds("isregexpossible()"));
}

TEST(PredicateParsing, StatementsEndAtALineBreakOrBeforeACloseBrace) {
  Loaded l = Load("Asi.g4", kAsi);
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "a = 1\nb = 2"), 0);
  EXPECT_EQ(Errors(l, "a = 1; b = 2"), 0);
  EXPECT_EQ(Errors(l, "{ a = 1 }"), 0);
  EXPECT_GT(Errors(l, "a = 1 b = 2"), 0);
  EXPECT_GT(Errors(l, "{ a = 1 b }"), 0);
}

TEST(PredicateParsing, NoLineBreakBeforePostfixOrReturnValue) {
  Loaded l = Load("Asi.g4", kAsi);
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "a++\nb"), 0);
  // `a` ends at the line break; `++` cannot start a statement.
  EXPECT_GT(Errors(l, "a\n++"), 0);
  EXPECT_EQ(Errors(l, "return a"), 0);
  // `return` ends at the line break, `a` is a statement of its own: the
  // tree has two statements.
  absl::StatusOr<ParseResult> r = l.parser->Parse("return\na");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->syntax_errors, 0);
  const int statement = l.grammar->FindRule("statement");
  int statements = 0;
  for (const Node& n : r->tree.nodes()) {
    statements += n.is_rule && n.symbol == statement ? 1 : 0;
  }
  EXPECT_EQ(statements, 2);
}

TEST(PredicateParsing, NextAndPreviousTokenTexts) {
  Loaded l = Load("Asi.g4", kAsi);
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "get x() { }"), 0);
  EXPECT_GT(Errors(l, "set x() { }"), 0);
  EXPECT_EQ(Errors(l, "for (x of y) a;"), 0);
  EXPECT_GT(Errors(l, "for (x in y) a;"), 0);
  // An expression statement never begins with `{` or `function`.
  EXPECT_EQ(Errors(l, "a = function () { }"), 0);
  EXPECT_GT(Errors(l, "function () { }"), 0);
}

constexpr char kRegex[] = R"(grammar Rx;
prog : item* EOF ;
item : ID | REGEX | '/' | '(' | ')' | '=' ;
REGEX : '/' [a-z]+ {this.IsRegexPossible()}? '/' ;
ID : [a-z]+ ;
WS : [ \t\r\n]+ -> skip ;
)";

// The token types of `text`'s parse.
std::vector<int> TokenTypes(Loaded& l, const std::string& text) {
  std::vector<int> out;
  absl::StatusOr<ParseResult> r = l.parser->Parse(text);
  EXPECT_TRUE(r.ok());
  if (!r.ok()) return out;
  for (const Node& n : r->tree.nodes()) {
    if (!n.is_rule) out.push_back(n.symbol);
  }
  return out;
}

TEST(PredicateParsing, LexerMakesRegularExpressionsOnlyAfterOperators) {
  Loaded l = Load("Rx.g4", kRegex);
  ASSERT_NE(l.grammar, nullptr);
  const int regex = l.grammar->token_type_named("REGEX");
  ASSERT_GT(regex, 0);
  auto count = [&](const std::string& text) {
    int n = 0;
    for (int t : TokenTypes(l, text)) n += t == regex ? 1 : 0;
    return n;
  };
  EXPECT_EQ(count("a /b/ c"), 0);  // a division after a name
  EXPECT_EQ(count("( a ) /b/ c"), 0);
  EXPECT_EQ(count("a = /b/"), 1);
  EXPECT_EQ(count("/b/"), 1);
}

// A lexer predicate on the next character (grammars-v4's Javadoc lexer:
// `{_input.LA(1) != '/'}?`): `1..2` is a number, a range and a number,
// not the number `1.` and a stray dot. Taken as true, as before, `1..2`
// did not parse.
TEST(PredicateParsing, LexerLooksAtTheNextCharacter) {
  Loaded l = Load("NextChar.g4", R"(grammar NextChar;
s : item+ EOF ;
item : NUM RANGE NUM | NUM ;
NUM : [0-9]+ ('.' {_input.LA(1) != '.'}? [0-9]*)? ;
RANGE : '..' ;
DOT : '.' ;
WS : ' ' -> skip ;
)");
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "1..2 3.5 4."), 0);
  const int range = l.grammar->token_type_named("RANGE");
  int ranges = 0;
  for (int t : TokenTypes(l, "1..2 3.5")) ranges += t == range ? 1 : 0;
  EXPECT_EQ(ranges, 1);
  const std::optional<PredicateMeaning> eq = LookUpPredicate(
      NormalizePredicateText("{self._input.LA(1) == ord('\\n')}?"));
  ASSERT_TRUE(eq.has_value());
  EXPECT_EQ(eq->entry, PredicateEntry::kNextCharIs);
  EXPECT_EQ(eq->texts, std::vector<std::string>{"\n"});
  EXPECT_FALSE(eq->negate);
  EXPECT_EQ(eq->name, "_input.LA(1) == '\\n'");
}

// A comparison of a counter with a number is a counter predicate only in
// the lexer, and only on a counter some lexer action changes: elsewhere it
// stays unknown (ANTLR's true), as grammut cannot know the value.
TEST(PredicateTable, CounterComparisonsNeedACounterTheLexerKeeps) {
  const std::optional<PredicateMeaning> m =
      LookUpPredicate(NormalizePredicateText("{ this.depth >= 2 }?"));
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->entry, PredicateEntry::kCounterCompare);
  EXPECT_EQ(m->texts, std::vector<std::string>{"depth"});
  EXPECT_EQ(m->compare, ">=");
  EXPECT_EQ(m->value, 2);
  LexerCounters counters = {{"depth", 1}};
  PredicateView v;
  EXPECT_TRUE(EvaluatePredicate(*m, v));  // counters unknown: holds
  v.counters = &counters;
  EXPECT_FALSE(EvaluatePredicate(*m, v));
  counters["depth"] = 2;
  EXPECT_TRUE(EvaluatePredicate(*m, v));
  EXPECT_TRUE(CounterFalseAtStart(*m));
  EXPECT_FALSE(LookUpPredicate("n<total").has_value());
  ::testing::internal::CaptureStderr();
  Loaded l = Load("Uncounted.g4", R"(grammar Uncounted;
s : {depth > 0}? ID EOF ;
ID : {level == 0}? [a-z]+ ;
DEEP : '(' {depth++;} ;
WS : [ ]+ -> skip ;
)");
  ::testing::internal::GetCapturedStderr();
  ASSERT_NE(l.grammar, nullptr);
  ASSERT_EQ(l.grammar->predicates().sites().size(), 2u);
  for (const PredicateSite& site : l.grammar->predicates().sites()) {
    EXPECT_FALSE(site.meaning.has_value()) << site.text;
  }
  EXPECT_EQ(Errors(l, "abc"), 0);
}

// A comment only in the first column (grammars-v4's Fortran 77 lexer:
// `{this.IsColumnZero()}? '*' ...`): elsewhere `*` is an operator. Taken
// as true, `x * y` lost its `* y` to a comment (0 of 5 examples parsed).
TEST(PredicateParsing, LexerLooksAtTheColumn) {
  Loaded l = Load("Cols.g4", R"(grammar Cols;
s : line* EOF ;
line : NAME STAR NAME NL | NL ;
COMMENT : {this.IsColumnZero()}? '*' ~[\r\n]* -> channel(HIDDEN) ;
STAR : '*' ;
NAME : [a-z]+ ;
NL : '\n' ;
WS : ' '+ -> skip ;
)");
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "* a comment\nx * y\n*\n  a * b\n"), 0);
  testing::ExpectGeneratedInputsParse(*l.grammar, 200, 3);
}

// Rust's floats (grammars-v4's RustLexerBase): none right after `.` after
// an operand (`t.0.1` is two fields), and none ending in `.` before `.`,
// `_` or a letter (`3..4` is a range). Taken as true, `t.0.1` read a float
// `0.1` and `3..4` a float `3.`.
TEST(PredicateParsing, RustFloatsAfterFieldsAndBeforeRanges) {
  Loaded l = Load("Floats.g4", R"(grammar Floats;
s : item* EOF ;
item : ID (DOT INT)* | FLOAT | INT DOTDOT INT | INT ;
INT : DIGITS ;
FLOAT : {this.FloatLiteralPossible()}?
        ( DIGITS '.' {this.FloatDotPossible()}? | DIGITS ('.' DIGITS)? ) ;
fragment DIGITS : [0-9]+ ;
DOTDOT : '..' ;
DOT : '.' ;
ID : [a-z]+ ;
WS : ' '+ -> skip ;
)");
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_EQ(Errors(l, "t.0.1 1.5 2. x 3..4 5.f32"), 0);
  const int flt = l.grammar->token_type_named("FLOAT");
  int floats = 0;
  for (int t : TokenTypes(l, "t.0.1 1.5 2. x 3..4 5.f32")) floats += t == flt;
  EXPECT_EQ(floats, 3);  // 1.5, 2. and 5. (before f32)
  testing::ExpectGeneratedInputsParse(*l.grammar, 300, 3);
}

TEST(PredicateTable, UnknownPredicatesAreReportedOnceAndHold) {
  ::testing::internal::CaptureStderr();
  Loaded l = Load("Unknown.g4", R"(grammar Unknown;
s : {this.mysteryCheck()}? ID EOF ;
ID : [a-z]+ ;
WS : [ ]+ -> skip ;
)");
  const std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_TRUE(absl::StrContains(err, "{this.mysteryCheck()}?")) << err;
  EXPECT_TRUE(absl::StrContains(err, "treated as true")) << err;
  EXPECT_EQ(Errors(l, "abc"), 0);
  ASSERT_EQ(l.grammar->predicates().sites().size(), 1u);
  EXPECT_FALSE(l.grammar->predicates().sites()[0].meaning.has_value());
}

TEST(PredicateMappings, MapsTextsAndReportsBadLines) {
  const PredicateMappings m = ParsePredicateMappings(
      "# our base class\n"
      "this.isNewLine() = lineTerminatorAhead()\n"
      "this.wat() = notAnEntry()\n"
      "no separator here\n"
      "{this.nextIs(\"of\")}? = next(\"of\")\n",
      "map.txt");
  ASSERT_EQ(m.errors.size(), 2u);
  EXPECT_TRUE(absl::StartsWith(m.errors[0],
                               "map.txt:3: unknown vocabulary "
                               "entry 'notAnEntry()'"))
      << m.errors[0];
  EXPECT_TRUE(absl::StartsWith(m.errors[1], "map.txt:4: expected"))
      << m.errors[1];
  ASSERT_TRUE(m.by_text.contains("isnewline()"));
  EXPECT_EQ(m.by_text.at("isnewline()").entry,
            PredicateEntry::kLineTerminatorAhead);
  EXPECT_EQ(m.origin.at("isnewline()"), "map.txt:2");
  ASSERT_TRUE(m.by_text.contains("nextis(\"of\")"));
  EXPECT_EQ(m.by_text.at("nextis(\"of\")").texts,
            std::vector<std::string>{"of"});
}

TEST(PredicateMappings, EnvironmentFileMakesAPredicateKnown) {
  const std::string map = ::testing::TempDir() + "/predicates_map.txt";
  std::ofstream(map) << "this.isNewLine() = lineTerminatorAhead()\n"
                        "this.bad() = nothing()\n";
  setenv(kPredicatesEnv, map.c_str(), 1);
  ::testing::internal::CaptureStderr();
  Loaded l = Load("Mapped.g4", R"(grammar Mapped;
s : (ID eos)* EOF ;
eos : ';' | EOF | {this.isNewLine()}? ;
ID : [a-z]+ ;
WS : [ \t\r\n]+ -> channel(HIDDEN) ;
)");
  const std::string err = ::testing::internal::GetCapturedStderr();
  unsetenv(kPredicatesEnv);
  ASSERT_NE(l.grammar, nullptr);
  EXPECT_TRUE(absl::StrContains(err, map + ":2: unknown vocabulary entry"))
      << err;
  EXPECT_EQ(Errors(l, "a\nb"), 0);
  EXPECT_GT(Errors(l, "a b"), 0);
  ASSERT_EQ(l.grammar->predicates().sites().size(), 1u);
  EXPECT_EQ(l.grammar->predicates().sites()[0].handled_by, map + ":1");
}

// Generates inputs of `l` in uniform mode until each of `wanted` appears
// in some output (at most `limit` inputs), expecting every output to parse
// with no error. Returns the wanted texts that never appeared.
std::vector<std::string> GenerateUntil(Loaded& l,
                                       std::vector<std::string> wanted,
                                       int limit) {
  Weights weights(*l.grammar);
  GeneratorKit kit(*l.grammar, weights, nullptr);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 200;
  Rng rng(7);
  int bad = 0;
  for (int i = 0; i < limit && !wanted.empty(); ++i) {
    std::optional<Tree> t =
        kit.generator.Generate(l.grammar->start_rule(), rng, options);
    if (!t.has_value()) continue;
    const std::string text = t->Text();
    if (Errors(l, text) != 0 && bad++ < 5) {
      ADD_FAILURE() << "does not parse: [" << text << "]";
    }
    for (size_t w = 0; w < wanted.size();) {
      if (absl::StrContains(text, wanted[w])) {
        wanted.erase(wanted.begin() + w);
      } else {
        ++w;
      }
    }
  }
  EXPECT_EQ(bad, 0);
  return wanted;
}

TEST(PredicateGeneration, AsiOutputsReparseAndReachEveryCase) {
  Loaded l = Load("Asi.g4", kAsi);
  ASSERT_NE(l.grammar, nullptr);
  // A line break ends a statement (ASI), a postfix `++`, a getter, a
  // for-of loop, a statement ended by `}`, an expression statement
  // beginning with a name after a block.
  const std::vector<std::string> missing = GenerateUntil(
      l, {"\n", "++", "get ", " of ", "return", "function"}, 3000);
  EXPECT_TRUE(missing.empty()) << "never generated: " << missing.front();
}

TEST(PredicateGeneration, RegularExpressionsOnlyWhereTheLexerMakesThem) {
  Loaded l = Load("Rx.g4", kRegex);
  ASSERT_NE(l.grammar, nullptr);
  const int regex = l.grammar->token_type_named("REGEX");
  Weights weights(*l.grammar);
  GeneratorKit kit(*l.grammar, weights, nullptr);
  GenerateOptions options;
  options.mode = ProbabilityMode::kUniform;
  options.max_bytes = 80;
  Rng rng(3);
  int regexes = 0;
  for (int i = 0; i < 500; ++i) {
    std::optional<Tree> t =
        kit.generator.Generate(l.grammar->start_rule(), rng, options);
    if (!t.has_value()) continue;
    int written = 0;
    for (const Node& n : t->nodes()) written += !n.is_rule && n.symbol == regex;
    int lexed = 0;
    for (int type : TokenTypes(l, t->Text())) lexed += type == regex;
    // Every regular expression written lexes as one again.
    ASSERT_EQ(written, lexed) << t->Text();
    regexes += written;
  }
  EXPECT_GT(regexes, 0);
}

TEST(PredicateDoctor, ShowsWhichEntryHandlesEachPredicate) {
  const std::string path = ::testing::TempDir() + "/DoctorAsi.g4";
  std::string g4 = kAsi;
  g4.replace(g4.find("grammar Asi;"), 12, "grammar DoctorAsi;");
  g4 += "unknownRule : {this.mysteryCheck()}? ID ;\n";
  std::ofstream(path) << g4;
  DoctorOptions opt;
  opt.grammar = path;
  opt.inputs = 20;
  opt.seconds_per_mode = 60;
  absl::StatusOr<DoctorReport> r = ExamineGrammar(opt);
  ASSERT_TRUE(r.ok()) << r.status();
  int known = 0, unknown = 0;
  bool saw_line_terminator = false;
  for (const SemanticFinding& s : r->semantics) {
    if (s.kind != "predicate") continue;
    if (s.known) {
      ++known;
      EXPECT_TRUE(absl::StartsWith(s.treatment, "known: evaluated as"));
      saw_line_terminator |= s.entry == "lineTerminatorAhead()";
    } else {
      ++unknown;
      EXPECT_TRUE(absl::StrContains(s.text, "mysteryCheck")) << s.text;
      EXPECT_TRUE(absl::StartsWith(s.treatment, "unknown: treated as true"));
    }
  }
  EXPECT_EQ(known, 7);
  EXPECT_EQ(unknown, 1);
  EXPECT_TRUE(saw_line_terminator);
}

}  // namespace
}  // namespace grammut
