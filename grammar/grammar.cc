#include "grammar/grammar.h"

#include <algorithm>
#include <filesystem>
#include <functional>

#include "Vocabulary.h"
#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "atn/ATN.h"
#include "atn/ATNDeserializer.h"
#include "atn/ATNType.h"
#include "base/fingerprint.h"
#include "base/report_once.h"
#include "grammar/antlr/atn_convert.h"
#include "grammar/antlr/lexer_eof_loops.h"
#include "grammar/g4_compiler.h"
#include "grammar/lexer_actions.h"
#include "grammar/lexer_check.h"
#include "grammar/lexer_dfa.h"
#include "grammar/min_cost.h"
#include "grammar/predicate_table.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {
namespace fs = std::filesystem;
namespace {

// The text of a literal token name such as '\n' or '\u00E9' ("" if it is
// not a quoted literal). ANTLR writes C-style escapes.
std::string UnquoteLiteral(absl::string_view quoted) {
  if (quoted.size() < 2 || quoted.front() != '\'' || quoted.back() != '\'') {
    return "";
  }
  std::string out;
  if (!absl::CUnescape(quoted.substr(1, quoted.size() - 2), &out)) return "";
  return out;
}

// Finds the parser and lexer `.interp` files in `dir`.
absl::Status FindInterpFiles(const std::string& dir, std::string* parser,
                             std::string* lexer) {
  std::vector<std::string> parsers, lexers;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() != ".interp") continue;
    absl::StatusOr<InterpData> data = ReadInterpFile(entry.path().string());
    if (!data.ok()) return data.status();
    (data->mode_names.empty() ? parsers : lexers)
        .push_back(entry.path().string());
  }
  if (ec) {
    return absl::NotFoundError(
        absl::StrCat("cannot read directory ", dir, ": ", ec.message()));
  }
  std::sort(parsers.begin(), parsers.end());
  std::sort(lexers.begin(), lexers.end());
  if (parsers.size() != 1 || lexers.size() != 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        dir, " must hold exactly one parser and one lexer .interp file; found ",
        parsers.size(), " parser (", absl::StrJoin(parsers, ", "), ") and ",
        lexers.size(), " lexer (", absl::StrJoin(lexers, ", "), ")"));
  }
  *parser = parsers[0];
  *lexer = lexers[0];
  return absl::OkStatus();
}

}  // namespace

Grammar::Grammar() : predicates_(std::make_unique<PredicateTable>()) {}

void Grammar::SetPredicates(PredicateTable table) {
  *predicates_ = std::move(table);
}
Grammar::~Grammar() = default;

absl::StatusOr<std::unique_ptr<Grammar>> Grammar::Load(
    absl::string_view spec, absl::string_view start_rule) {
  if (spec.empty()) {
    return absl::InvalidArgumentError(
        "no grammar given (a .g4 file, comma-separated .g4 files, or a "
        "directory of .interp or .g4 files)");
  }
  std::string dir;
  if (absl::EndsWith(spec, ".g4") || absl::StrContains(spec, ".g4,")) {
    std::vector<std::string> files =
        absl::StrSplit(spec, ',', absl::SkipEmpty());
    for (const std::string& f : files) {
      if (!fs::is_regular_file(f)) {
        return absl::NotFoundError(absl::StrCat("grammar file not found: ", f));
      }
    }
    absl::StatusOr<std::string> compiled = CompileG4(files);
    if (!compiled.ok()) return compiled.status();
    dir = *compiled;
  } else if (fs::is_directory(std::string(spec))) {
    dir = std::string(spec);
    // A directory of .g4 files (and no .interp file) is compiled.
    std::vector<std::string> g4s;
    bool interp = false;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".g4") g4s.push_back(entry.path());
      interp |= entry.path().extension() == ".interp";
    }
    if (!interp && !g4s.empty()) {
      std::sort(g4s.begin(), g4s.end());
      absl::StatusOr<std::string> compiled = CompileG4(g4s);
      if (!compiled.ok()) return compiled.status();
      dir = *compiled;
    }
  } else {
    return absl::NotFoundError(absl::StrCat(
        "grammar not found: '", spec,
        "' is neither a .g4 file nor a directory of .interp files"));
  }
  std::string parser_path, lexer_path;
  absl::Status found = FindInterpFiles(dir, &parser_path, &lexer_path);
  if (!found.ok()) return found;
  absl::StatusOr<InterpData> parser = ReadInterpFile(parser_path);
  if (!parser.ok()) return parser.status();
  absl::StatusOr<InterpData> lexer = ReadInterpFile(lexer_path);
  if (!lexer.ok()) return lexer.status();
  std::string name = fs::path(parser_path).stem().string();
  if (absl::EndsWith(name, "Parser") && name.size() > 6) {
    name.resize(name.size() - 6);
  }
  absl::StatusOr<std::unique_ptr<Grammar>> g =
      FromInterp(name, *std::move(parser), *std::move(lexer), start_rule);
  if (!g.ok()) return g;
  // Predicates: texts from the .g4 source, meanings from the vocabulary.
  PredicateMappings user;
  (*g)->UseSemantics(ReadPredicateSources(spec, &user), &user);
  ReportUnknownPredicates((*g)->predicates(), (*g)->name());
  const std::vector<std::string> g4 = G4FilesOf(spec);
  if (!g4.empty()) {
    (*g)->LeaveOutImplicitTokens(G4TokensCodeMayMake(g4, (*g)->semantics()));
  }
  return g;
}

void Grammar::LeaveOutImplicitTokens(
    const absl::flat_hash_set<std::string>& code_may_make) {
  if (start_needs_unmakeable_) return;
  std::vector<int> implicit;
  for (int t = 1; t <= max_token_type_; ++t) {
    if (token_from_code(t) && !indentation_.IsLayout(t) &&
        !code_may_make.contains(token_name(t))) {
      implicit.push_back(t);
    }
  }
  if (implicit.empty()) return;
  const std::vector<bool> unmakeable = token_unmakeable_;
  token_unmakeable_.resize(max_token_type_ + 1, false);
  for (int t : implicit) {
    token_from_code_[t] = false;
    token_unmakeable_[t] = true;
  }
  ComputeParserCosts();
  if (rule_min_cost(start_rule_).bytes < kUnreachableCost) return;
  // The start rule cannot do without them: keep them as they were.
  for (int t : implicit) token_from_code_[t] = true;
  token_unmakeable_ = unmakeable;
  ComputeParserCosts();
}

void Grammar::UseSemantics(std::vector<G4Semantic> source,
                           const PredicateMappings* user) {
  PredicateTable table = BuildPredicateTable(*this, source, user);
  if (CloseLexerPredicatesFalseAtStart(table)) AnalyseTokens();
  indentation_ = DetectIndentation(*this, source);
  const IndentationScheme& layout = indentation_;
  if (layout.active() && separator_.empty()) {
    // The line-break rule of such grammars also takes the blanks at the
    // start of the input (`{this.atStartOfInput()}? SPACES`); the DFA,
    // which takes predicates as true, then reads " " as a line break. Past
    // the start the skipped rule takes it: it is the separator.
    LexerDfa dfa(lexer_graph_);
    const int32_t rule = dfa.AcceptedRule(dfa.Run(dfa.Start(0), " "));
    if (rule >= 0 && lexer_rule_token_type(rule) == layout.newline) {
      separator_ = " ";
      separator_ok_.assign(separator_ok_.size(), false);
      if (!separator_ok_.empty()) separator_ok_[0] = true;
    }
  }
  SetPredicates(std::move(table));
  DropSplittingLexerRules(source);
  semantics_ = std::move(source);
}

void Grammar::DropSplittingLexerRules(const std::vector<G4Semantic>& source) {
  // A rule whose action splits its token (emitDot) makes two tokens, never
  // one of its type: its texts are no texts of the type to generate.
  for (const G4Semantic& s : source) {
    if (s.kind != G4SemanticKind::kAction ||
        LookUpLexerAction(NormalizePredicateText(s.text)) !=
            LexerActionKind::kEmitDot) {
      continue;
    }
    const auto& names = lexer_.rule_names;
    const auto it = std::find(names.begin(), names.end(), s.rule);
    if (it == names.end()) continue;
    const int rule = static_cast<int>(it - names.begin());
    const int type = lexer_rule_token_type(rule);
    if (type <= 0 || type > max_token_type_) continue;
    std::vector<int32_t>& rules = token_lexer_rules_[type];
    if (rules.size() < 2) continue;  // the only way to make the type
    rules.erase(std::remove(rules.begin(), rules.end(), rule), rules.end());
  }
}

absl::StatusOr<std::unique_ptr<Grammar>> Grammar::FromInterp(
    std::string name, InterpData parser, InterpData lexer,
    absl::string_view start_rule) {
  std::unique_ptr<Grammar> g(new Grammar());
  g->name_ = std::move(name);
  g->parser_ = std::move(parser);
  g->lexer_ = std::move(lexer);
  absl::Status st = g->Init(start_rule);
  if (!st.ok()) return st;
  return g;
}

absl::Status Grammar::Init(absl::string_view start_rule) {
  if (parser_.rule_names.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": the parser grammar has no rules"));
  }
  if (!lexer_.mode_names.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": the lexer .interp has no modes"));
  }
  try {
    antlr4::atn::ATNDeserializer deserializer;
    parser_atn_ = std::make_unique<antlr4::atn::ATN>(
        deserializer.deserialize(parser_.atn));
    antlr4::atn::ATNDeserializer lexer_deserializer;
    lexer_atn_ = std::make_unique<antlr4::atn::ATN>(
        lexer_deserializer.deserialize(lexer_.atn));
  } catch (const std::exception& e) {
    return absl::DataLossError(absl::StrCat(
        name_, ": cannot deserialize the ATN (", e.what(),
        "). The .interp files must come from an ANTLR 4.7-4.13 tool "
        "(serialization version 3 or 4)."));
  }
  if (parser_atn_->grammarType != antlr4::atn::ATNType::PARSER ||
      lexer_atn_->grammarType != antlr4::atn::ATNType::LEXER) {
    return absl::InvalidArgumentError(
        absl::StrCat(name_, ": expected one parser and one lexer ATN"));
  }
  // ANTLR's lexer would recurse without end at the end of every input on a
  // loop that matches EOF (lexer_eof_loops.h).
  std::vector<std::string> emptied;
  atn_internal::RepairLexerEofLoops(*lexer_atn_, lexer_.rule_names, &emptied);
  for (const std::string& rule : emptied) {
    ReportOnce(absl::StrCat(
        "grammut: ", name_, ": lexer rule ", rule,
        " matches EOF alone inside a loop, where ANTLR's lexer interpreter "
        "would recurse without end at the end of every input: that EOF is "
        "taken out (a text that ends inside the rule no longer lexes as "
        "it)"));
  }
  vocabulary_ = std::make_unique<antlr4::dfa::Vocabulary>(
      parser_.literal_names, parser_.symbolic_names);
  fingerprint_ = kFnvOffset;
  for (const InterpData* d : {&parser_, &lexer_}) {
    fingerprint_ =
        Fnv1a64(absl::string_view(reinterpret_cast<const char*>(d->atn.data()),
                                  d->atn.size() * sizeof(uint16_t)),
                fingerprint_);
  }
  parser_graph_ = atn_internal::ConvertAtn(*parser_atn_);
  lexer_graph_ = atn_internal::ConvertAtn(*lexer_atn_);
  lexer_chains_ = FindLexerChains(lexer_graph_);

  if (start_rule.empty()) {
    start_rule_ = 0;
  } else {
    start_rule_ = FindRule(start_rule);
    if (start_rule_ < 0) {
      return absl::NotFoundError(absl::StrCat(
          name_, " has no parser rule '", start_rule,
          "'; its rules are: ", absl::StrJoin(parser_.rule_names, ", ")));
    }
  }
  AnalyseTokens();
  BuildDecisions();
  return absl::OkStatus();
}

void Grammar::AnalyseTokens() {
  BuildTokenTables();
  FindUnmakeableTokens();
  ComputeParserCosts();
  start_needs_unmakeable_ = false;
  if (rule_min_cost(start_rule_).bytes >= kUnreachableCost &&
      !token_unmakeable_.empty()) {
    // The start rule cannot do without them: generate them all the same.
    token_unmakeable_.clear();
    start_needs_unmakeable_ = true;
    ComputeParserCosts();
  }
}

bool Grammar::CloseLexerPredicatesFalseAtStart(const PredicateTable& table) {
  int32_t empty_set = -1;
  for (const PredicateSite& site : table.sites()) {
    if (!site.lexer || !site.meaning || site.edge < 0 ||
        site.edge >= static_cast<int32_t>(lexer_graph_.edges.size()) ||
        !CounterFalseAtStart(*site.meaning)) {
      continue;
    }
    if (empty_set < 0) {
      empty_set = static_cast<int32_t>(lexer_graph_.sets.size());
      lexer_graph_.sets.emplace_back();
    }
    AtnEdge& e = lexer_graph_.edges[site.edge];
    e.kind = EdgeKind::kSet;
    e.set = empty_set;
  }
  if (empty_set < 0) return false;
  lexer_chains_ = FindLexerChains(lexer_graph_);
  return true;
}

void Grammar::ComputeParserCosts() {
  parser_cost_ = ComputeMinCosts(parser_graph_, [this](const AtnEdge& e) {
    if (e.kind == EdgeKind::kAtom && e.label == -1) return int64_t{0};  // EOF
    const int64_t len = MinSymbolLength(e);
    return len >= kUnreachableCost
               ? kUnreachableCost
               : len + static_cast<int64_t>(separator_.size());
  });
}

void Grammar::FindUnmakeableTokens() {
  token_unmakeable_.clear();
  // Code in the lexer may make a token an earlier rule seems to take.
  if (atn_internal::LexerRunsCode(*lexer_atn_)) return;
  // A bounded search, over the rules of the tokens the parser refers to
  // (grammars-v4's XPath 3.1: NCName, always read as a QName, was past the
  // steps rules it never uses had taken): a lexer of thousands of keywords
  // would take seconds to decide whole; what is not decided counts as
  // makeable.
  const LexerCheck check = CheckLexerRules(*this, /*max_pairs=*/4000,
                                           /*max_steps=*/uint64_t{1} << 22,
                                           /*parser_tokens_only=*/true);
  std::vector<bool> never(lexer_rule_type_.size(), false);
  for (const auto* found : {&check.shadowed, &check.no_text}) {
    for (const ShadowedLexerRule& s : *found) {
      if (s.rule_index >= 0 && s.rule_index < static_cast<int>(never.size())) {
        never[s.rule_index] = true;
      }
    }
  }
  for (int t = 1; t <= max_token_type_; ++t) {
    const std::vector<int32_t>& rules = token_lexer_rules_[t];
    bool none = !rules.empty();
    for (int32_t r : rules) none = none && never[r];
    if (!none) continue;
    token_unmakeable_.resize(max_token_type_ + 1, false);
    token_unmakeable_[t] = true;
  }
}

int64_t Grammar::MinSymbolLength(const AtnEdge& e) const {
  if (e.kind == EdgeKind::kAtom) {
    return token_makeable(e.label) ? min_token_length(e.label)
                                   : kUnreachableCost;
  }
  int64_t best = kUnreachableCost;
  for (int t = 1; t <= max_token_type_; ++t) {
    if (literal_text_[t].empty() && token_lexer_rules_[t].empty() &&
        !token_from_code(t)) {
      continue;
    }
    if (token_hidden(t)) continue;  // the generator never makes these
    if (!token_makeable(t)) continue;
    const bool in = e.kind == EdgeKind::kWildcard ||
                    (e.kind == EdgeKind::kNotSet
                         ? !SetContains(parser_graph_.sets[e.set], t)
                         : SetContains(parser_graph_.sets[e.set], t));
    if (in) best = std::min(best, min_token_length(t));
  }
  return best;
}

int Grammar::FindRule(absl::string_view name) const {
  for (size_t i = 0; i < parser_.rule_names.size(); ++i) {
    if (parser_.rule_names[i] == name) return static_cast<int>(i);
  }
  return -1;
}

const std::string& Grammar::literal_text(int token_type) const {
  static const std::string kEmpty;
  if (token_type <= 0 || token_type >= static_cast<int>(literal_text_.size())) {
    return kEmpty;
  }
  return literal_text_[token_type];
}

int Grammar::token_type_named(absl::string_view name) const {
  for (int t = 1; t <= max_token_type_; ++t) {
    if (token_name(t) == name) return t;
  }
  return -1;
}

std::string Grammar::token_name(int token_type) const {
  if (token_type == -1) return "EOF";
  if (token_type > 0 &&
      token_type < static_cast<int>(parser_.symbolic_names.size()) &&
      !parser_.symbolic_names[token_type].empty()) {
    return parser_.symbolic_names[token_type];
  }
  if (token_type > 0 &&
      token_type < static_cast<int>(parser_.literal_names.size()) &&
      !parser_.literal_names[token_type].empty()) {
    return parser_.literal_names[token_type];
  }
  return absl::StrCat("<token ", token_type, ">");
}

int Grammar::token_mode(int token_type) const {
  if (token_type <= 0 || token_type >= static_cast<int>(token_mode_.size())) {
    return 0;
  }
  return token_mode_[token_type];
}

void Grammar::BuildTokenTables() {
  max_token_type_ = static_cast<int>(parser_atn_->maxTokenType);
  max_token_type_ = std::max<int>(
      max_token_type_, static_cast<int>(parser_.literal_names.size()) - 1);
  max_token_type_ = std::max<int>(
      max_token_type_, static_cast<int>(parser_.symbolic_names.size()) - 1);
  literal_text_.assign(max_token_type_ + 1, "");
  for (int t = 1; t <= max_token_type_; ++t) {
    if (t < static_cast<int>(parser_.literal_names.size())) {
      literal_text_[t] = UnquoteLiteral(parser_.literal_names[t]);
    }
  }
  lexer_cost_ = ComputeMinCosts(lexer_graph_, [this](const AtnEdge& e) {
    // An empty set (a predicate closed: CloseLexerPredicatesFalseAtStart)
    // cannot be passed.
    return (e.kind == EdgeKind::kSet || e.kind == EdgeKind::kRange) &&
                   lexer_graph_.sets[e.set].empty()
               ? kUnreachableCost
               : int64_t{1};
  });
  const std::vector<int> rule_types =
      atn_internal::LexerRuleTokenTypes(*lexer_atn_);
  lexer_rule_type_ = rule_types;
  token_lexer_rules_.assign(max_token_type_ + 1, {});
  token_min_length_.assign(max_token_type_ + 1, 1);
  std::vector<bool> has_min(max_token_type_ + 1, false);
  for (size_t r = 0; r < rule_types.size(); ++r) {
    const int t = rule_types[r];
    if (t <= 0 || t > max_token_type_) continue;
    token_lexer_rules_[t].push_back(static_cast<int32_t>(r));
    int64_t len = lexer_cost_[lexer_graph_.rule_start[r]].bytes;
    if (len >= kUnreachableCost) continue;
    if (lexer_chains_.needed[r]) {
      // Its token starts with the shortest rule entering its mode.
      int64_t entry = kUnreachableCost;
      for (int32_t e : lexer_chains_.entries[lexer_chains_.rule_mode[r]]) {
        entry = std::min(entry, lexer_cost_[lexer_graph_.rule_start[e]].bytes);
      }
      if (entry >= kUnreachableCost) continue;
      len += entry;
    }
    if (!has_min[t] || len < token_min_length_[t]) {
      token_min_length_[t] = std::max<int64_t>(len, 1);
      has_min[t] = true;
    }
  }
  // A literal token the lexer makes only after `more` rules (XML's `?>`
  // closing a processing instruction) is not its literal alone.
  for (int t = 1; t <= max_token_type_; ++t) {
    const std::vector<int32_t>& rules = token_lexer_rules_[t];
    if (!literal_text_[t].empty() && !rules.empty() &&
        std::all_of(rules.begin(), rules.end(),
                    [&](int32_t r) { return lexer_chains_.needed[r]; })) {
      literal_text_[t].clear();
    }
  }
  // Token types the parser names (atoms and sets; not complements).
  std::vector<bool> named(max_token_type_ + 1, false);
  for (const AtnEdge& e : parser_graph_.edges) {
    if (e.kind == EdgeKind::kAtom && e.label > 0 &&
        e.label <= max_token_type_) {
      named[e.label] = true;
    } else if (e.kind == EdgeKind::kSet || e.kind == EdgeKind::kRange) {
      for (const auto& [first, last] : parser_graph_.sets[e.set]) {
        for (int t = std::max(first, 1); t <= std::min(last, max_token_type_);
             ++t) {
          named[t] = true;
        }
      }
    }
  }
  token_from_code_.assign(max_token_type_ + 1, false);
  for (int t = 1; t <= max_token_type_; ++t) {
    if (!literal_text_[t].empty()) {
      token_min_length_[t] = static_cast<int64_t>(literal_text_[t].size());
    } else if (named[t] && token_lexer_rules_[t].empty() &&
               t < static_cast<int>(parser_.symbolic_names.size()) &&
               !parser_.symbolic_names[t].empty()) {
      token_from_code_[t] = true;
      token_min_length_[t] =
          static_cast<int64_t>(parser_.symbolic_names[t].size());
    }
  }
  ChooseSeparator();
  BuildTokenModes();
}

void Grammar::ChooseSeparator() {
  // A separator is a short string the default mode lexes as hidden tokens.
  const std::vector<bool> hidden = atn_internal::LexerRulesHidden(*lexer_atn_);
  token_hidden_.assign(max_token_type_ + 1, false);
  for (int t = 1; t <= max_token_type_; ++t) {
    const std::vector<int32_t>& rules = token_lexer_rules_[t];
    bool all_hidden = !rules.empty();
    for (int32_t r : rules) {
      all_hidden =
          all_hidden && r < static_cast<int>(hidden.size()) && hidden[r];
    }
    token_hidden_[t] = all_hidden;
  }
  LexerDfa dfa(lexer_graph_);
  auto hidden_in_mode = [&](size_t mode, const std::string& text) {
    const int32_t rule =
        dfa.AcceptedRule(dfa.Run(dfa.Start(static_cast<int>(mode)), text));
    return rule >= 0 && hidden[rule];
  };
  // The default mode's, else that of the first mode that hides one: an
  // island grammar (XML, HTML) reads blanks as text outside tags and skips
  // them only inside, where names still need one between them.
  separator_.clear();
  const size_t modes = std::max<size_t>(lexer_graph_.mode_start.size(), 1);
  for (size_t m = 0; m < modes && separator_.empty(); ++m) {
    for (const char* candidate : {" ", "\n", "\t", "\r\n"}) {
      if (hidden_in_mode(m, candidate)) {
        separator_ = candidate;
        break;
      }
    }
  }
  separator_ok_.assign(modes, false);
  other_blanks_.assign(modes, {});
  for (size_t m = 0; m < separator_ok_.size() && !separator_.empty(); ++m) {
    separator_ok_[m] = hidden_in_mode(m, separator_);
    for (const char* blank : {" ", "\t", "\f", "\n", "\r"}) {
      if (blank != separator_ && hidden_in_mode(m, blank)) {
        other_blanks_[m].push_back(blank);
      }
    }
  }
  // A mode's closer: a one-character text it skips and leaves by (a line
  // mode's `EOL: [\r\n]+ -> skip, popMode`).
  using Change = LexerRuleCommands::ModeChange;
  const std::vector<LexerRuleCommands>& commands = lexer_graph_.rule_commands;
  mode_closer_.assign(modes, "");
  for (size_t m = 0; m < modes && !commands.empty(); ++m) {
    for (const char* candidate : {" ", "\n", "\t"}) {
      const int32_t rule =
          dfa.AcceptedRule(dfa.Run(dfa.Start(static_cast<int>(m)), candidate));
      if (rule < 0 || static_cast<size_t>(rule) >= commands.size() ||
          !hidden[rule]) {
        continue;
      }
      const LexerRuleCommands& c = commands[rule];
      if (c.mode_change == Change::kPop ||
          (c.mode_change == Change::kSet && c.mode != static_cast<int>(m))) {
        mode_closer_[m] = candidate;
        break;
      }
    }
  }
}

absl::string_view Grammar::mode_closer(int mode) const {
  return mode >= 0 && mode < static_cast<int>(mode_closer_.size())
             ? absl::string_view(mode_closer_[mode])
             : absl::string_view();
}

const std::vector<int>& Grammar::token_start_modes(int token_type) const {
  static const std::vector<int>* const kDefault = new std::vector<int>{0};
  if (token_type <= 0 ||
      token_type >= static_cast<int>(token_start_modes_.size())) {
    return *kDefault;
  }
  return token_start_modes_[token_type];
}

const std::vector<std::string>& Grammar::other_blanks(int mode) const {
  static const std::vector<std::string>* const kNone =
      new std::vector<std::string>();
  return mode >= 0 && mode < static_cast<int>(other_blanks_.size())
             ? other_blanks_[mode]
             : *kNone;
}

int Grammar::token_mode_after(int token_type) const {
  return token_type > 0 && token_type < static_cast<int>(mode_after_.size())
             ? mode_after_[token_type]
             : -1;
}

void Grammar::BuildTokenModes() {
  // The mode in which a token of each type starts: the lowest mode other
  // than the default one that a lexer rule producing it starts in (a rule
  // after `more` rules starts in theirs), else the default mode.
  token_mode_.assign(max_token_type_ + 1, 0);
  token_start_modes_.assign(max_token_type_ + 1, {0});
  for (int t = 1; t <= max_token_type_; ++t) {
    std::vector<int>& modes = token_start_modes_[t];
    if (!token_lexer_rules_[t].empty()) modes.clear();
    for (int32_t r : token_lexer_rules_[t]) {
      const int m = lexer_chains_.StartMode(r);
      if (m > 0 && (token_mode_[t] == 0 || m < token_mode_[t])) {
        token_mode_[t] = m;
      }
      if (m >= 0) modes.push_back(m);
    }
    std::sort(modes.begin(), modes.end());
    modes.erase(std::unique(modes.begin(), modes.end()), modes.end());
    if (modes.empty()) modes.push_back(token_mode_[t]);
  }
  // The mode after each token type: its rules' mode with their mode change
  // applied, where all its rules agree and none pops.
  using Change = LexerRuleCommands::ModeChange;
  const std::vector<LexerRuleCommands>& commands = lexer_graph_.rule_commands;
  mode_after_.assign(max_token_type_ + 1, commands.empty() ? 0 : -1);
  for (int t = 1; t <= max_token_type_ && !commands.empty(); ++t) {
    int after = -2;  // none seen yet
    for (int32_t r : token_lexer_rules_[t]) {
      const LexerRuleCommands& c = commands[r];
      const int m = c.mode_change == Change::kPop ? -1
                    : c.mode_change == Change::kNone
                        ? lexer_chains_.rule_mode[r]
                        : c.mode;
      after = after == -2 || after == m ? m : -1;
    }
    mode_after_[t] = after == -2 ? -1 : after;
  }
}

void Grammar::BuildDecisions() {
  const AtnGraph& g = parser_graph_;
  decisions_.resize(g.decision_state.size());
  for (size_t d = 0; d < g.decision_state.size(); ++d) {
    DecisionInfo& info = decisions_[d];
    info.state = g.decision_state[d];
    const AtnState& s = g.states[info.state];
    info.rule = s.rule;
    info.num_alts = static_cast<int32_t>(s.num_edges);
    if (s.kind == StateKind::kStarLoopEntry) {
      info.kind = s.precedence_decision ? DecisionKind::kPrecedence
                                        : DecisionKind::kStarEntry;
    } else if (s.kind == StateKind::kPlusLoopBack) {
      info.kind = DecisionKind::kPlusLoopBack;
    }
    if (info.kind == DecisionKind::kBlock) {
      info.part_start = info.state;
      info.end_state = s.block_end;
    } else if (info.kind == DecisionKind::kStarEntry ||
               info.kind == DecisionKind::kPlusLoopBack) {
      for (uint32_t i = 0; i < s.num_edges; ++i) {
        const int32_t target = g.Edge(info.state, i).target;
        const AtnState& t = g.states[target];
        if (t.kind == StateKind::kStarBlockStart) {
          info.part_start = info.state;
          info.end_state = t.block_end;
        } else if (t.kind == StateKind::kPlusBlockStart) {
          info.part_start = target;
          info.end_state = t.block_end;
        }
      }
    }
    if (info.end_state < 0) info.part_start = -1;
    if (info.kind == DecisionKind::kBlock && info.end_state >= 0) {
      for (uint32_t i = 0; i < s.num_edges; ++i) {
        // Crosses states with one epsilon-like edge and no decision.
        int32_t cur = g.Edge(info.state, i).target;
        for (int hops = 0; hops < 64 && cur != info.end_state; ++hops) {
          const AtnState& cs = g.states[cur];
          if (cs.decision >= 0 || cs.num_edges != 1 ||
              !IsEpsilonLike(g.Edge(cur, 0).kind)) {
            break;
          }
          cur = g.Edge(cur, 0).target;
        }
        info.empty_alt.push_back(cur == info.end_state ? 1 : 0);
      }
    }
    for (uint32_t i = 0; i < s.num_edges; ++i) {
      const AtnEdge& e = g.Edge(info.state, i);
      if (info.kind != DecisionKind::kBlock &&
          g.states[e.target].kind == StateKind::kLoopEnd) {
        info.exit_alt = static_cast<int32_t>(i + 1);
      }
      if (info.kind == DecisionKind::kPlusLoopBack &&
          g.states[e.target].kind == StateKind::kPlusBlockStart) {
        info.iteration_decision = g.states[e.target].decision;
      }
      // Describe the alternative by the first symbols it reaches.
      std::vector<std::string> parts;
      int32_t cur = e.target;
      const AtnEdge* edge = &e;
      for (int steps = 0; steps < 32 && parts.size() < 2; ++steps) {
        if (edge->kind == EdgeKind::kAtom) {
          parts.push_back(token_name(edge->label));
        } else if (edge->kind == EdgeKind::kRule) {
          parts.push_back(parser_.rule_names[edge->label]);
          cur = edge->follow;
        } else if (IsSymbolEdge(edge->kind)) {
          parts.push_back("<set>");
        }
        const AtnState& cs = g.states[cur];
        if (cs.kind == StateKind::kRuleStop || cs.num_edges != 1 ||
            cs.kind == StateKind::kLoopEnd ||
            cs.kind == StateKind::kStarLoopEntry ||
            cs.kind == StateKind::kPlusLoopBack) {
          break;
        }
        edge = &g.Edge(cur, 0);
        cur = edge->target;
      }
      std::string label = parts.empty() ? "ε" : absl::StrJoin(parts, " ");
      if (info.kind != DecisionKind::kBlock) {
        label = (static_cast<int32_t>(i + 1) == info.exit_alt)
                    ? "exit"
                    : absl::StrCat("loop: ", label);
      }
      info.alt_labels.push_back(label);
    }
  }
}

}  // namespace grammut
