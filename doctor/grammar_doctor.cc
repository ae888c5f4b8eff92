// grammar_doctor.cc: see grammar_doctor.h. The corpus and generation runs
// are in doctor_runs.cc.
#include "doctor/grammar_doctor.h"

#include <algorithm>
#include <cctype>
#include <memory>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "base/file_io.h"
#include "doctor/internal/doctor_runs.h"
#include "generate/token_pool.h"
#include "grammar/antlr/atn_semantics.h"
#include "grammar/g4_semantics.h"
#include "grammar/grammar.h"
#include "grammar/grammar_dictionary.h"
#include "grammar/lexer_actions.h"
#include "grammar/lexer_check.h"
#include "grammar/predicate_table.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {
namespace {

// Whitespace runs made one space, cut at 160 characters.
std::string OneLine(absl::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = true;
      continue;
    }
    if (space && !out.empty()) out += ' ';
    space = false;
    out += c;
  }
  if (out.size() > 160) out = out.substr(0, 157) + "...";
  return out;
}

std::string Treatment(bool predicate, bool lexer) {
  if (!predicate) return "ignored: not run";
  return lexer ? "unknown: treated as true (the lexer may make tokens the "
                 "real lexer would refuse here)"
               : "unknown: treated as true (generation and parsing take the "
                 "alternatives it guards as if it held)";
}

// How grammut handles predicate site `s` (predicate_table.h).
std::string PredicateTreatment(const PredicateSite& s) {
  if (!s.meaning) return Treatment(true, s.lexer);
  return absl::StrCat("known: evaluated as ", s.meaning->name, " (",
                      s.handled_by == "built-in" ? "built-in vocabulary"
                                                 : "mapping at " + s.handled_by,
                      ")");
}

// Predicates and actions from the .g4 source if there is one, else from
// the ATN (where they are, not their text).
void FindSemantics(const Grammar& g, const std::string& spec,
                   DoctorReport* report) {
  for (const std::string& file : G4FilesOf(spec)) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) continue;
    report->have_source = true;
    for (const G4Semantic& s : ScanG4Semantics(*text, file)) {
      SemanticFinding f;
      f.kind = s.kind == G4SemanticKind::kPredicate ? "predicate"
               : s.kind == G4SemanticKind::kAction  ? "action"
                                                    : "named action";
      f.rule = s.rule;
      f.lexer = !s.rule.empty() &&
                std::isupper(static_cast<unsigned char>(s.rule[0]));
      f.where = absl::StrCat(file, ":", s.line);
      f.text = OneLine(s.text);
      if (s.kind == G4SemanticKind::kNamedAction)
        f.text = "@" + s.name + " " + f.text;
      f.treatment = Treatment(s.kind == G4SemanticKind::kPredicate, f.lexer);
      const IndentationScheme& layout = g.indentation();
      if (s.kind == G4SemanticKind::kAction && f.lexer &&
          layout.Handles(s.rule)) {
        f.known = true;
        f.treatment = absl::StrCat(
            "known: not run; grammut makes ", g.token_name(layout.indent), "/",
            g.token_name(layout.dedent), " itself (see indentation below)");
      }
      if (s.kind == G4SemanticKind::kAction && f.lexer) {
        const LexerActionKind kind =
            LookUpLexerAction(NormalizePredicateText(s.text));
        if (kind != LexerActionKind::kUnknown) {
          f.known = true;
          f.treatment =
              absl::StrCat("known: carried out as ", LexerActionName(kind));
        }
      }
      if (s.kind == G4SemanticKind::kPredicate) {
        // Several predicates on one line: the first with the same text.
        const PredicateSite* site = nullptr;
        for (const PredicateSite& p : g.predicates().sites()) {
          if (p.file == file && p.line == s.line && p.text == s.text) {
            site = &p;
            break;
          }
        }
        if (site != nullptr) {
          f.treatment = PredicateTreatment(*site);
          f.known = site->meaning.has_value();
          if (f.known) f.entry = site->meaning->name;
        } else if (std::optional<PredicateMeaning> m =
                       LookUpPredicate(NormalizePredicateText(s.text))) {
          // Text known, but the grammar's predicate edges did not match
          // the source's (a different number in this rule).
          f.treatment =
              absl::StrCat("unknown: treated as true (would be ", m->name,
                           ", but the compiled grammar's predicates of rule ",
                           s.rule, " do not match the source's)");
        }
      }
      report->semantics.push_back(std::move(f));
    }
  }
  if (report->have_source) return;
  for (const atn_internal::AtnSemantic& s : atn_internal::ListAtnSemantics(g)) {
    SemanticFinding f;
    f.kind = s.predicate ? "predicate" : "action";
    f.lexer = s.lexer;
    const std::vector<std::string>& names =
        s.lexer ? g.lexer_interp().rule_names : g.parser_interp().rule_names;
    f.rule = s.rule >= 0 && s.rule < static_cast<int>(names.size())
                 ? names[s.rule]
                 : "?";
    f.treatment = Treatment(s.predicate, s.lexer);
    report->semantics.push_back(std::move(f));
  }
}

// Parser rules no derivation of `start` uses.
std::vector<std::string> UnreachableRules(const Grammar& g, int start) {
  const AtnGraph& p = g.parser_graph();
  std::vector<std::vector<int>> callees(g.num_rules());
  for (size_t s = 0; s < p.states.size(); ++s) {
    const AtnState& st = p.states[s];
    if (st.rule < 0 || st.rule >= g.num_rules()) continue;
    for (uint32_t k = 0; k < st.num_edges; ++k) {
      const AtnEdge& e = p.edges[st.first_edge + k];
      if (e.kind == EdgeKind::kRule) callees[st.rule].push_back(e.label);
    }
  }
  std::vector<bool> seen(g.num_rules(), false);
  std::vector<int> work{start};
  seen[start] = true;
  while (!work.empty()) {
    const int r = work.back();
    work.pop_back();
    for (int c : callees[r]) {
      if (!seen[c]) {
        seen[c] = true;
        work.push_back(c);
      }
    }
  }
  std::vector<std::string> out;
  for (int r = 0; r < g.num_rules(); ++r) {
    if (!seen[r]) out.push_back(g.rule_name(r));
  }
  return out;
}

void CheckLexer(const Grammar& g, DoctorReport* report) {
  const LexerCheck check = CheckLexerRules(g);
  auto generated = [&](const ShadowedLexerRule& s) {
    return g.token_makeable(g.lexer_rule_token_type(s.rule_index));
  };
  for (const ShadowedLexerRule& s : check.shadowed) {
    report->shadowed.push_back(LexerFinding{s.rule, s.mode, s.by, s.example,
                                            s.parser_uses, generated(s)});
  }
  // Rules guarded by counter predicates that do not hold at the start
  // (`{listDepth > 0}?`) make their tokens only where the counters allow,
  // which the check does not follow: no finding.
  absl::flat_hash_set<int> counted;
  for (const PredicateSite& p : g.predicates().sites()) {
    if (p.lexer && p.meaning && CounterFalseAtStart(*p.meaning)) {
      counted.insert(p.rule);
    }
  }
  for (const ShadowedLexerRule& s : check.no_text) {
    if (counted.contains(s.rule_index)) continue;
    report->no_text.push_back(
        LexerFinding{s.rule, s.mode, "", "", s.parser_uses, generated(s)});
  }
  // INDENT/DEDENT (and a made line break) come from the layout.
  const IndentationScheme& layout = g.indentation();
  for (const std::string& t : check.parser_tokens_not_made) {
    const int type = g.token_type_named(t);
    if (layout.IsLayout(type)) continue;
    report->tokens_not_made.push_back(t);
    if (!g.token_from_code(type)) report->tokens_implicit.push_back(t);
  }
  report->indentation = DescribeIndentation(layout, g);
  report->lexer_undecided = check.undecided;
}

// The warnings and blocking problems, from the findings.
void Judge(const DoctorOptions& opt, DoctorReport* r) {
  int predicates = 0, actions = 0;
  for (const SemanticFinding& s : r->semantics) {
    if (s.kind == "predicate") {
      predicates += s.known ? 0 : 1;
    } else if (!s.known) {
      ++actions;
    }
  }
  if (predicates > 0) {
    r->warnings.push_back(absl::StrCat(
        predicates, " semantic predicate(s) unknown, taken as always true"));
  }
  if (actions > 0) {
    r->warnings.push_back(absl::StrCat(actions, " action(s) not run"));
  }
  for (const LexerFinding& s : r->shadowed) {
    r->warnings.push_back(
        absl::StrFormat("lexer rule %s is shadowed by %s%s", s.rule, s.by,
                        s.parser_uses ? " (the parser needs it)" : ""));
  }
  for (const LexerFinding& s : r->no_text) {
    r->warnings.push_back(
        absl::StrFormat("lexer rule %s matches no text", s.rule));
  }
  for (const std::string& t : r->tokens_not_made) {
    r->warnings.push_back(
        absl::StrFormat("the parser uses token %s, which no lexer rule makes%s",
                        t, ImplicitNote(*r, t)));
  }
  if (!r->unreachable_rules.empty()) {
    r->warnings.push_back(
        absl::StrFormat("%d parser rule(s) unreachable from %s: %s",
                        r->unreachable_rules.size(), r->start_rule,
                        absl::StrJoin(r->unreachable_rules, ", ")));
  }
  if (r->have_corpus && !r->corpus.failures.empty() &&
      r->corpus.parse_rate() >= opt.min_parse_rate) {
    r->warnings.push_back(absl::StrFormat("%d corpus file(s) do not parse",
                                          r->corpus.failures.size()));
  }
  if (!r->start_found) {
    r->blocking.push_back(
        absl::StrFormat("start rule %s not found", r->start_rule));
    return;
  }
  if (r->accepts_no_input) {
    std::vector<std::string> needed;
    for (const auto* found : {&r->shadowed, &r->no_text}) {
      for (const LexerFinding& s : *found) {
        if (s.parser_uses) needed.push_back(s.rule);
      }
    }
    r->blocking.push_back(absl::StrFormat(
        "no input parses: rule %s cannot do without a token of lexer "
        "rule(s) %s, which no input makes (see the lexer rules above)",
        r->start_rule, absl::StrJoin(needed, ", ")));
  }
  if (r->have_corpus && r->corpus.parse_rate() < opt.min_parse_rate) {
    r->blocking.push_back(absl::StrFormat(
        "corpus parse rate %.1f%% is under %.0f%%",
        100 * r->corpus.parse_rate(), 100 * opt.min_parse_rate));
  }
  for (const GenerationFindings& gen : r->generation) {
    if (gen.mode != "learned") continue;
    if (gen.valid_rate() < opt.min_valid_rate) {
      r->blocking.push_back(absl::StrFormat(
          "%.1f%% of learned-mode inputs re-parse, under %.0f%%",
          100 * gen.valid_rate(), 100 * opt.min_valid_rate));
    }
  }
}

}  // namespace

absl::StatusOr<DoctorReport> ExamineGrammar(const DoctorOptions& opt) {
  absl::StatusOr<std::unique_ptr<Grammar>> loaded = Grammar::Load(opt.grammar);
  if (!loaded.ok()) return loaded.status();
  const Grammar& g = **loaded;
  DoctorReport report;
  report.grammar = g.name();
  report.spec = opt.grammar;
  report.parser_rules = g.num_rules();
  report.lexer_rules = static_cast<int>(g.lexer_interp().rule_names.size());
  int start = g.start_rule();
  if (!opt.start_rule.empty()) start = g.FindRule(opt.start_rule);
  report.start_found = start >= 0;
  report.start_rule = start >= 0 ? g.rule_name(start) : opt.start_rule;
  FindSemantics(g, opt.grammar, &report);
  CheckLexer(g, &report);
  report.accepts_no_input =
      g.start_needs_unmakeable() && start == g.start_rule();
  if (report.start_found) {
    report.unreachable_rules = UnreachableRules(g, start);
    report.have_corpus = !opt.corpus.empty();
    Weights weights(g);
    TokenPool pool(g.max_token_type());
    if (report.have_corpus) {
      report.corpus =
          doctor_internal::ParseCorpus(g, start, opt.corpus, &weights, &pool);
    }
    report.generation = doctor_internal::GenerateAll(
        g, start, weights, report.have_corpus ? &pool : nullptr, opt);
  }
  report.dictionary = GrammarDictionaryWords(g);
  Judge(opt, &report);
  return report;
}

std::string ImplicitNote(const DoctorReport& report, absl::string_view token) {
  const auto& implicit = report.tokens_implicit;
  return std::find(implicit.begin(), implicit.end(), token) == implicit.end()
             ? ""
             : " (an implicit definition, which no lexer makes: generation "
               "leaves out what needs it)";
}

}  // namespace grammut
