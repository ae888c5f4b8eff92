// grammar_doctor.h: is a grammar fit for fuzzing, and what to fix.
//
// ExamineGrammar loads a grammar and checks what decides how well grammut
// can fuzz with it: predicates and actions (grammut runs neither), lexer
// rules no input can make a token of, parser rules the start rule never
// reaches, how much of a corpus parses (and the first error of each file
// that does not), how many generated inputs parse again in each probability
// mode and how fast they come, and the dictionary words of the grammar.
// The report is plain data; doctor_report.h writes it as text or JSON.
// Nothing here knows libFuzzer.
//
// Example:
//   DoctorOptions opt;
//   opt.grammar = "Expr.g4";
//   opt.corpus = {"seeds/a.txt"};
//   absl::StatusOr<DoctorReport> r = ExamineGrammar(opt);
//   if (r.ok() && r->fit()) { ... }
#ifndef GRAMMUT_DOCTOR_GRAMMAR_DOCTOR_H_
#define GRAMMUT_DOCTOR_GRAMMAR_DOCTOR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "parse/parser.h"

namespace grammut {

// What to examine and how hard.
struct DoctorOptions {
  std::string grammar;              // as Grammar::Load takes it
  std::string start_rule;           // empty: the first parser rule
  std::vector<std::string> corpus;  // files (directories already expanded)
  int inputs = 200;                 // generated inputs per mode
  uint64_t seed = 1;                // generation seed (each mode starts here)
  size_t max_bytes = 4096;          // largest generated input
  double seconds_per_mode = 2.0;    // generation stops past this
  // The limits of the re-parse that checks each generated input: those of
  // a user's file (`grammut parse`), so generated inputs are judged as the
  // corpus is; an input past the fuzzer's own limits is counted apart
  // (GenerationFindings::over_fuzzer_budget).
  ParseOptions reparse_limits = ParseOptions::ForFiles();
  // Corpus share that must parse (fuzzing corpora hold invalid inputs on
  // purpose: below this the grammar is not the corpus's language).
  double min_parse_rate = 0.50;
  double min_valid_rate = 0.95;  // learned-mode share that must re-parse
};

// A predicate or action of the grammar and what grammut does with it.
struct SemanticFinding {
  std::string kind;       // "predicate", "action" or "named action"
  bool lexer = false;     // in a lexer rule
  std::string rule;       // the rule (empty for a top-level named action)
  std::string where;      // "File.g4:12", or empty without the source
  std::string text;       // as written (whitespace runs made one space),
                          // or empty without the source
  std::string treatment;  // e.g. "unknown: treated as true"
  bool known = false;     // a predicate grammut evaluates, or an action
                          // it stands in for (indentation.h)
  std::string entry;      // then the vocabulary entry that handles it
};

// A lexer rule that never makes a token.
struct LexerFinding {
  std::string rule;
  std::string mode;
  std::string by;            // the earlier rule that takes its texts, or
                             // empty: it matches no text
  std::string example;       // a text of the rule that `by` takes
  bool parser_uses = false;  // the parser needs its token
  // Generation still writes its token (false: it takes the alternatives
  // that do without it, Grammar::token_makeable).
  bool generated = true;
};

// A corpus file that did not parse cleanly.
struct CorpusFailure {
  std::string file;
  std::string error;  // "line:column: message", or why it was not parsed
};

// A parser decision and the prediction (DFA) states it built.
struct CostlyDecision {
  int decision = 0;
  std::string rule;
  size_t states = 0;
};

// How the corpus parsed.
struct CorpusFindings {
  int files = 0;
  int parsed = 0;   // with no syntax error and an exact round trip
  int used_ll = 0;  // parses that needed full LL (SLL failed)
  std::vector<CorpusFailure> failures;
  std::vector<CostlyDecision> costly;  // at most 3, costliest first
  double parse_rate() const {
    return files == 0 ? 1.0 : static_cast<double>(parsed) / files;
  }
};

// Generation in one probability mode.
struct GenerationFindings {
  std::string mode;     // "learned", "inverse" or "uniform"
  std::string weights;  // "corpus" or "none" (every alternative unseen)
  int wanted = 0;       // inputs asked for
  int generated = 0;    // inputs made (fewer: cut short by time)
  int valid = 0;        // of those, re-parsed with no error
  // Of the others, those the re-parse refused at grammut's limits (the
  // prediction budget, the nesting depth) rather than by a syntax error:
  // inputs the grammar may well accept, but too costly to parse.
  int over_limits = 0;
  // Of the valid ones, those whose parse took more prediction work than
  // the fuzzer's parse allows (ParseOptions{}): valid, but the fuzzer
  // cannot take them apart to mutate them.
  int over_fuzzer_budget = 0;
  int too_big = 0;     // generations that did not fit max_bytes
  double seconds = 0;  // spent generating (re-parsing not counted)
  bool cut_short = false;
  std::string first_error;    // the first invalid input's first error
  std::string first_invalid;  // that input (at most 200 bytes of it)
  double valid_rate() const {
    return generated == 0 ? 0.0 : static_cast<double>(valid) / generated;
  }
  double per_second() const { return seconds > 0 ? generated / seconds : 0.0; }
};

// Everything ExamineGrammar found.
struct DoctorReport {
  std::string grammar;     // the grammar's name
  std::string spec;        // as given
  std::string start_rule;  // as used (or as asked for, when not found)
  bool start_found = true;
  int parser_rules = 0;
  int lexer_rules = 0;
  bool have_source = false;  // .g4 text was read for predicates/actions
  std::vector<SemanticFinding> semantics;
  // How grammut makes the grammar's INDENT/DEDENT tokens (indentation.h),
  // one sentence; empty for grammars without them.
  std::string indentation;
  std::vector<LexerFinding> shadowed;        // taken by an earlier rule
  std::vector<LexerFinding> no_text;         // match no text
  std::vector<std::string> tokens_not_made;  // parser tokens, no lexer rule
  // Of tokens_not_made, those no `tokens {}` block declares and no action
  // names: ANTLR's implicit definitions, which generation leaves out
  // (Grammar::LeaveOutImplicitTokens).
  std::vector<std::string> tokens_implicit;
  std::vector<std::string> lexer_undecided;  // search cut short
  // The start rule cannot do without a token no input can make.
  bool accepts_no_input = false;
  std::vector<std::string> unreachable_rules;
  bool have_corpus = false;
  CorpusFindings corpus;
  std::vector<GenerationFindings> generation;  // learned, inverse, uniform
  std::vector<std::string> dictionary;
  // Blocking problems, each one sentence; empty: fit for fuzzing.
  std::vector<std::string> blocking;
  // Non-blocking findings worth fixing, each one short sentence.
  std::vector<std::string> warnings;

  // True when nothing blocks fuzzing with the grammar.
  bool fit() const { return blocking.empty(); }
};

// ExamineGrammar runs every check on `options.grammar`. Errors: the grammar
// cannot be loaded (NotFound, InvalidArgument, ...). A start rule that does
// not exist is a blocking finding and a corpus file that cannot be read a
// corpus failure, not errors.
absl::StatusOr<DoctorReport> ExamineGrammar(const DoctorOptions& options);

// ImplicitNote says how generation treats `token`, one of the report's
// tokens_not_made: "" for a token the lexer's code may make (written as
// its name), else a note that it is an implicit definition left out.
std::string ImplicitNote(const DoctorReport& report, absl::string_view token);

}  // namespace grammut

#endif  // GRAMMUT_DOCTOR_GRAMMAR_DOCTOR_H_
