// Tests for `grammut doctor`'s checks (doctor/): each grammar under
// tests/data/doctor/ plants one problem, and the doctor reports exactly it.
#include <string>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/strings/match.h"
#include "doctor/doctor_report.h"
#include "doctor/grammar_doctor.h"
#include "grammar/antlr/atn_semantics.h"
#include "grammar/g4_semantics.h"
#include "grammar/grammar.h"
#include "grammar/lexer_check.h"
#include "gtest/gtest.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

std::string Data(const std::string& file) {
  return testing::TestData("doctor/" + file);
}

DoctorReport Examine(const std::string& g4,
                     std::vector<std::string> corpus = {},
                     const std::string& start = "") {
  DoctorOptions opt;
  opt.grammar = Data(g4);
  opt.start_rule = start;
  opt.corpus = std::move(corpus);
  opt.inputs = 50;
  opt.seconds_per_mode = 60;  // never cut short: the counts stay exact
  absl::StatusOr<DoctorReport> r = ExamineGrammar(opt);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : DoctorReport{};
}

// Nothing but the problem the grammar plants: no predicate or action
// unless `semantics`, no lexer finding unless `shadowed`, no unreachable
// rule unless `unreachable`.
void ExpectOnly(const DoctorReport& r, size_t semantics, size_t shadowed,
                size_t unreachable) {
  EXPECT_EQ(r.semantics.size(), semantics);
  EXPECT_EQ(r.shadowed.size(), shadowed);
  EXPECT_TRUE(r.no_text.empty());
  EXPECT_TRUE(r.tokens_not_made.empty());
  EXPECT_TRUE(r.lexer_undecided.empty());
  EXPECT_EQ(r.unreachable_rules.size(), unreachable);
}

TEST(Doctor, CleanGrammarReportsNothingAndIsFit) {
  const DoctorReport r = Examine(
      "Clean.g4", {Data("corpus_ok/one.txt"), Data("corpus_ok/two.txt")});
  ExpectOnly(r, 0, 0, 0);
  EXPECT_TRUE(r.have_source);
  EXPECT_EQ(r.start_rule, "start");
  EXPECT_EQ(r.corpus.files, 2);
  EXPECT_EQ(r.corpus.parsed, 2);
  EXPECT_TRUE(r.corpus.failures.empty());
  ASSERT_EQ(r.generation.size(), 3u);
  for (const GenerationFindings& g : r.generation) {
    EXPECT_EQ(g.generated, 50) << g.mode;
    EXPECT_EQ(g.valid, 50) << g.mode;
    EXPECT_FALSE(g.cut_short);
  }
  EXPECT_EQ(r.generation[0].mode, "learned");
  EXPECT_EQ(r.generation[0].weights, "corpus");
  EXPECT_EQ(r.dictionary,
            (std::vector<std::string>{"let", "=", ";", "+", "(", ")"}));
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_TRUE(r.fit());
  EXPECT_TRUE(
      absl::StrContains(FormatDoctorText(r), "\nverdict: fit for fuzzing\n"));
}

TEST(Doctor, PredicateIsReportedWithItsTextAsAlwaysTrue) {
  const DoctorReport r = Examine("Predicate.g4");
  ExpectOnly(r, 1, 0, 0);
  const SemanticFinding& s = r.semantics[0];
  EXPECT_EQ(s.kind, "predicate");
  EXPECT_EQ(s.rule, "term");
  EXPECT_FALSE(s.lexer);
  EXPECT_EQ(s.text, "{isDeclared()}?");
  EXPECT_TRUE(absl::EndsWith(s.where, "Predicate.g4:6")) << s.where;
  EXPECT_TRUE(absl::StartsWith(s.treatment, "unknown: treated as true"));
  EXPECT_TRUE(r.fit());
  EXPECT_EQ(r.warnings, (std::vector<std::string>{
                            "1 semantic predicate(s) unknown, taken as always "
                            "true"}));
}

TEST(Doctor, ActionIsReportedWithItsTextAsNotRun) {
  const DoctorReport r = Examine("Action.g4");
  ExpectOnly(r, 1, 0, 0);
  const SemanticFinding& s = r.semantics[0];
  EXPECT_EQ(s.kind, "action");
  EXPECT_EQ(s.rule, "stmt");
  EXPECT_EQ(s.text, "{declare($ID.text);}");
  EXPECT_EQ(s.treatment, "ignored: not run");
  EXPECT_TRUE(r.fit());
}

// Without the .g4 source (a directory of .interp files) the ATN still
// says where the predicate is.
TEST(Doctor, PredicateWithoutSourceIsFoundInTheAtn) {
  auto g = Grammar::Load(Data("Predicate.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  const std::vector<atn_internal::AtnSemantic> found =
      atn_internal::ListAtnSemantics(**g);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].predicate);
  EXPECT_FALSE(found[0].lexer);
  EXPECT_EQ((*g)->rule_name(found[0].rule), "term");
}

TEST(Doctor, KeywordAfterIdentifierIsShadowed) {
  const DoctorReport r = Examine("Shadowed.g4");
  ExpectOnly(r, 0, 1, 0);
  const LexerFinding& s = r.shadowed[0];
  EXPECT_EQ(s.rule, "IF");
  EXPECT_EQ(s.by, "ID");
  EXPECT_EQ(s.example, "if");
  EXPECT_EQ(s.mode, "DEFAULT_MODE");
  EXPECT_TRUE(s.parser_uses);
  EXPECT_FALSE(s.generated);
  // Generation leaves `if ...;` statements out (they would never parse
  // again), so the grammar is still fit for fuzzing, with the warning.
  EXPECT_EQ(r.generation[0].valid_rate(), 1.0);
  EXPECT_TRUE(r.blocking.empty());
}

// A token the parser names that no lexer rule makes is listed; one that
// no `tokens {}` block declares is an implicit definition, said to be left
// out of generation, and no generated input has it.
TEST(Doctor, ImplicitTokenIsListedAsLeftOut) {
  const DoctorReport r = Examine("Implicit.g4");
  EXPECT_EQ(r.tokens_not_made, (std::vector<std::string>{"NAME", "IMPL"}));
  EXPECT_EQ(r.tokens_implicit, (std::vector<std::string>{"IMPL"}));
  EXPECT_EQ(ImplicitNote(r, "NAME"), "");
  EXPECT_NE(ImplicitNote(r, "IMPL"), "");
  EXPECT_NE(FormatDoctorText(r).find("IMPL, which no lexer rule makes (an "
                                     "implicit definition"),
            std::string::npos);
  EXPECT_NE(FormatDoctorJson(r).find("\"tokens_implicit\": [\"IMPL\"]"),
            std::string::npos);
}

// When the start rule cannot do without such a token, no input parses:
// the doctor says so and why, and generation writes the token all the same
// (a target's own lexer may read it).
TEST(Doctor, StartRuleNeedingAShadowedTokenAcceptsNoInput) {
  const DoctorReport r = Examine("NoInput.g4");
  ASSERT_EQ(r.shadowed.size(), 1u);
  EXPECT_TRUE(r.shadowed[0].generated);
  EXPECT_TRUE(r.accepts_no_input);
  ASSERT_FALSE(r.blocking.empty());
  EXPECT_EQ(r.blocking[0],
            "no input parses: rule start cannot do without a token of lexer "
            "rule(s) IF, which no input makes (see the lexer rules above)");
  EXPECT_FALSE(Examine("Shadowed.g4").accepts_no_input);
}

TEST(Doctor, LexerCheckOverItsStepBudgetLeavesRulesUndecided) {
  auto g = Grammar::Load(Data("Shadowed.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  const LexerCheck full = CheckLexerRules(**g);
  ASSERT_EQ(full.shadowed.size(), 1u);
  EXPECT_TRUE(full.undecided.empty());
  // One closure step for the whole check: every rule past it is
  // undecided, none is called shadowed.
  const LexerCheck cut = CheckLexerRules(**g, 20000, 1);
  EXPECT_TRUE(cut.shadowed.empty());
  EXPECT_TRUE(absl::c_linear_search(cut.undecided, "IF"));
}

// The check grammut runs on every load looks only at the rules of tokens
// the parser refers to: rules before them that it does not use spend none
// of its steps. Some budget decides IF that way and not otherwise.
TEST(Doctor, LexerCheckOfTheParsersTokensSpendsNoStepsOnOthers) {
  auto g = Grammar::Load(Data("Unused.g4"));
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_FALSE((*g)->token_makeable((*g)->token_type_named("IF")));
  bool found = false;
  for (uint64_t steps = 1; steps <= (uint64_t{1} << 20) && !found; steps *= 2) {
    const LexerCheck all = CheckLexerRules(**g, 20000, steps);
    const LexerCheck used = CheckLexerRules(**g, 20000, steps, true);
    found = absl::c_linear_search(all.undecided, "IF") &&
            used.shadowed.size() == 1 && used.shadowed[0].rule == "IF";
  }
  EXPECT_TRUE(found);
  const LexerCheck used = CheckLexerRules(**g, 20000, uint64_t{1} << 20, true);
  for (const ShadowedLexerRule& s : used.shadowed) EXPECT_TRUE(s.parser_uses);
}

// Generated inputs the re-parse refuses at its limits are counted apart
// from syntax errors: the grammar accepts them, but predicting their parse
// costs more than the budget (tests/data/doctor/Juxt.g4).
TEST(Doctor, InputsTooCostlyToParseAreCountedApart) {
  DoctorOptions opt;
  opt.grammar = Data("Juxt.g4");
  opt.inputs = 6;
  opt.max_bytes = 400;
  opt.seconds_per_mode = 600;           // never cut short
  opt.reparse_limits = ParseOptions{};  // the fuzzer's
  absl::StatusOr<DoctorReport> r = ExamineGrammar(opt);
  ASSERT_TRUE(r.ok()) << r.status();
  int over = 0;
  for (const GenerationFindings& g : r->generation) {
    // Every input the grammar makes is valid: each failure is a limit.
    EXPECT_EQ(g.over_limits, g.generated - g.valid) << g.mode;
    over += g.over_limits;
    if (g.over_limits > 0) {
      EXPECT_TRUE(absl::StrContains(g.first_error, "over the limit"))
          << g.first_error;
    }
  }
  EXPECT_GT(over, 0);
  EXPECT_TRUE(
      absl::StrContains(FormatDoctorText(*r), "refused at the parse limits"));
  EXPECT_TRUE(absl::StrContains(FormatDoctorJson(*r), "\"over_limits\": "));
  // Judged with more room (files get 15 times the base budget), the same
  // inputs re-parse; those past the fuzzer's budget are counted apart.
  opt.reparse_limits.prediction_steps_per_token = 1000000;
  absl::StatusOr<DoctorReport> roomy = ExamineGrammar(opt);
  ASSERT_TRUE(roomy.ok()) << roomy.status();
  int costly = 0;
  for (size_t m = 0; m < roomy->generation.size(); ++m) {
    const GenerationFindings& g = roomy->generation[m];
    EXPECT_EQ(g.valid, g.generated) << g.mode;
    EXPECT_EQ(g.over_fuzzer_budget, r->generation[m].over_limits) << g.mode;
    costly += g.over_fuzzer_budget;
  }
  EXPECT_EQ(costly, over);
  EXPECT_TRUE(absl::StrContains(FormatDoctorText(*roomy),
                                "cost more prediction work than the fuzzer"));
}

// The JSON report stays UTF-8 whatever the grammar's texts hold: an
// encoded surrogate (what a UTF-16 lexer's texts become, grammars-v4's
// Java and Zig) and stray bytes become U+FFFD; before, such a report was
// no valid UTF-8 and seven grammars of the survey had no report.
TEST(Doctor, JsonReportIsUtf8WhateverTheTexts) {
  DoctorReport r;
  GenerationFindings g;
  g.mode = "uniform";
  g.first_error = "at: '\xed\xb5\xad\xc3\xa9\xff'";
  r.generation.push_back(g);
  const std::string json = FormatDoctorJson(r);
  EXPECT_TRUE(
      absl::StrContains(json, "at: '\\ufffd\\ufffd\\ufffd\xc3\xa9\\ufffd'"))
      << json;
  EXPECT_FALSE(absl::StrContains(json, "\xed"));
}

TEST(Doctor, RuleTheStartRuleNeverUsesIsUnreachable) {
  const DoctorReport r = Examine("Unreachable.g4");
  ExpectOnly(r, 0, 0, 1);
  EXPECT_EQ(r.unreachable_rules, (std::vector<std::string>{"unused"}));
  EXPECT_TRUE(r.fit());
  // From another start rule, the rest is unreachable.
  const DoctorReport from_term = Examine("Unreachable.g4", {}, "unused");
  EXPECT_EQ(from_term.unreachable_rules,
            (std::vector<std::string>{"start", "stmt", "expr", "term"}));
}

TEST(Doctor, CorpusFileThatFailsIsListedWithItsFirstError) {
  const DoctorReport r = Examine(
      "Clean.g4", {Data("corpus_bad/bad.txt"), Data("corpus_bad/bad2.txt"),
                   Data("corpus_bad/good.txt")});
  ExpectOnly(r, 0, 0, 0);
  EXPECT_EQ(r.corpus.files, 3);
  EXPECT_EQ(r.corpus.parsed, 1);
  ASSERT_EQ(r.corpus.failures.size(), 2u);
  EXPECT_EQ(r.corpus.failures[0].file, Data("corpus_bad/bad.txt"));
  EXPECT_TRUE(absl::StartsWith(r.corpus.failures[0].error, "1:8: "))
      << r.corpus.failures[0].error;
  EXPECT_FALSE(r.fit());
  EXPECT_EQ(r.blocking,
            (std::vector<std::string>{"corpus parse rate 33.3% is under 50%"}));
}

TEST(Doctor, MissingStartRuleBlocks) {
  const DoctorReport r = Examine("Clean.g4", {}, "nosuch");
  EXPECT_FALSE(r.start_found);
  EXPECT_TRUE(r.generation.empty());
  EXPECT_EQ(r.blocking,
            (std::vector<std::string>{"start rule nosuch not found"}));
}

TEST(Doctor, MissingGrammarIsAnError) {
  DoctorOptions opt;
  opt.grammar = Data("NoSuch.g4");
  EXPECT_FALSE(ExamineGrammar(opt).ok());
}

// The scanner skips comments, literals, character sets, option blocks
// and the target language's strings inside actions.
TEST(G4Semantics, ImportsAreTheNamesOfImportStatementsOnly) {
  const std::string g4 =
      "parser grammar P; // import Not;\n"
      "options { tokenVocab = L; }\n"
      "import A, B = C /* , D */ ;\n"
      "r : 'import' x {import_(); } ;\n";
  EXPECT_EQ(G4Imports(g4), (std::vector<std::string>{"A", "C"}));
  EXPECT_TRUE(G4Imports("grammar G; r : 'a' ;").empty());
}

TEST(G4Semantics, DeclaredTokensAreTheNamesOfTokensBlocksOnly) {
  const std::string g4 =
      "lexer grammar L; // tokens { No }\n"
      "options { superClass = B; }\n"
      "tokens { A, /* Not, */ B }\n"
      "T : 'tokens' {tokens = 1;} ;\n";
  EXPECT_EQ(G4DeclaredTokens(g4), (std::vector<std::string>{"A", "B"}));
  EXPECT_TRUE(G4DeclaredTokens("grammar G; r : 'a' ;").empty());
  EXPECT_EQ(G4CodeWords("{setType(NAME_2);}"),
            (std::vector<std::string>{"setType", "NAME_2"}));
}

TEST(G4Semantics, FindsPredicatesActionsAndNamedActionsOnly) {
  const std::string g4 =
      "grammar T;\n"
      "options { language = Java; }\n"
      "tokens { A, B }\n"
      "@members { int n = 0; /* } */ String s = \"}\"; }\n"
      "r @init { n = 1; } : 'a' {n > 0}? x | '{' x { n++; } ; // {no}\n"
      "x : 'b' ; /* { nor this } */\n"
      "C : [{}]+ {skipIt();} ;\n"
      "D : 'd' {n < 2}? ;\n";
  const std::vector<G4Semantic> found = ScanG4Semantics(g4, "T.g4");
  ASSERT_EQ(found.size(), 6u);
  EXPECT_EQ(found[0].kind, G4SemanticKind::kNamedAction);
  EXPECT_EQ(found[0].name, "members");
  EXPECT_EQ(found[0].rule, "");
  EXPECT_EQ(found[0].line, 4);
  EXPECT_EQ(found[1].kind, G4SemanticKind::kNamedAction);
  EXPECT_EQ(found[1].name, "init");
  EXPECT_EQ(found[1].rule, "r");
  EXPECT_EQ(found[2].kind, G4SemanticKind::kPredicate);
  EXPECT_EQ(found[2].text, "{n > 0}?");
  EXPECT_EQ(found[2].rule, "r");
  EXPECT_EQ(found[3].kind, G4SemanticKind::kAction);
  EXPECT_EQ(found[3].text, "{ n++; }");
  EXPECT_EQ(found[4].rule, "C");
  EXPECT_EQ(found[4].text, "{skipIt();}");
  EXPECT_EQ(found[5].kind, G4SemanticKind::kPredicate);
  EXPECT_EQ(found[5].rule, "D");
  EXPECT_EQ(found[5].line, 8);
}

}  // namespace
}  // namespace grammut
