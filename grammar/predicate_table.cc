// predicate_table.cc: see predicate_table.h.
#include "grammar/predicate_table.h"

#include <algorithm>
#include <cstdlib>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "base/file_io.h"
#include "base/report_once.h"
#include "grammar/antlr/atn_semantics.h"
#include "grammar/grammar.h"
#include "grammar/lexer_actions.h"

namespace grammut {
namespace {

uint64_t Key(bool lexer, int rule, int index) {
  return (uint64_t{lexer} << 63) | (static_cast<uint64_t>(rule) << 32) |
         static_cast<uint32_t>(index);
}

// The source predicates of one rule in ANTLR's numbering order.
std::vector<const G4Semantic*> InNumberingOrder(
    std::vector<const G4Semantic*> preds, bool left_recursive) {
  if (!left_recursive) return preds;
  auto rank = [](const G4Semantic* s) {
    if (!s->alt_begins_with_rule) return 0;  // primary alternatives
    return s->alt_ends_with_rule ? 1 : 2;    // binary, then suffix
  };
  std::stable_sort(preds.begin(), preds.end(),
                   [&](const G4Semantic* a, const G4Semantic* b) {
                     return rank(a) < rank(b);
                   });
  return preds;
}

}  // namespace

const PredicateMeaning* PredicateTable::Find(bool lexer, int rule,
                                             int index) const {
  const auto it = by_key_.find(Key(lexer, rule, index));
  if (it == by_key_.end()) return nullptr;
  const PredicateSite& s = sites_[it->second];
  return s.meaning ? &*s.meaning : nullptr;
}

const PredicateMeaning* PredicateTable::Parser(int rule, int index) const {
  return by_key_.empty() ? nullptr : Find(false, rule, index);
}

const PredicateMeaning* PredicateTable::Lexer(int rule, int index) const {
  return by_key_.empty() ? nullptr : Find(true, rule, index);
}

PredicateTable BuildPredicateTable(const Grammar& grammar,
                                   absl::Span<const G4Semantic> source,
                                   const PredicateMappings* user) {
  PredicateTable t;
  // Source predicates by rule name (lexer and parser rule names differ).
  absl::flat_hash_map<std::string, std::vector<const G4Semantic*>> by_rule;
  for (const G4Semantic& s : source) {
    if (s.kind == G4SemanticKind::kPredicate) by_rule[s.rule].push_back(&s);
  }
  // ATN predicate edges by (lexer, rule).
  std::vector<atn_internal::AtnSemantic> edges;
  for (const atn_internal::AtnSemantic& s :
       atn_internal::ListAtnSemantics(grammar)) {
    if (s.predicate) edges.push_back(s);
  }
  std::stable_sort(edges.begin(), edges.end(),
                   [](const auto& a, const auto& b) {
                     return std::make_tuple(a.lexer, a.rule, a.index) <
                            std::make_tuple(b.lexer, b.rule, b.index);
                   });
  t.parser_edge_.assign(grammar.parser_graph().edges.size(), -1);
  // Counters some lexer action changes: only lexer predicates on those are
  // counter comparisons.
  absl::flat_hash_set<std::string> counters;
  for (const CounterChange& c : LexerCounterChanges(
           std::vector<G4Semantic>(source.begin(), source.end()))) {
    if (!c.counter.empty()) counters.insert(c.counter);
  }
  for (size_t i = 0; i < edges.size();) {
    size_t j = i;
    while (j < edges.size() && edges[j].lexer == edges[i].lexer &&
           edges[j].rule == edges[i].rule) {
      ++j;
    }
    const bool lexer = edges[i].lexer;
    const int rule = edges[i].rule;
    const std::vector<std::string>& names =
        lexer ? grammar.lexer_interp().rule_names
              : grammar.parser_interp().rule_names;
    const std::string name =
        rule >= 0 && rule < static_cast<int>(names.size()) ? names[rule] : "";
    const bool left_recursive =
        !lexer && rule >= 0 &&
        rule < static_cast<int>(grammar.parser_graph().left_recursive.size()) &&
        grammar.parser_graph().left_recursive[rule];
    const auto found = by_rule.find(name);
    std::vector<const G4Semantic*> texts;
    if (found != by_rule.end() && found->second.size() == j - i) {
      texts = InNumberingOrder(found->second, left_recursive);
    }
    for (size_t k = i; k < j; ++k) {
      PredicateSite site;
      site.lexer = lexer;
      site.rule = rule;
      site.index = edges[k].index;
      site.edge = edges[k].edge;
      if (!texts.empty()) {
        const G4Semantic& s = *texts[k - i];
        site.text = s.text;
        site.file = s.file;
        site.line = s.line;
        const std::string key = NormalizePredicateText(s.text);
        if (user != nullptr && user->by_text.contains(key)) {
          site.meaning = user->by_text.at(key);
          site.handled_by = user->origin.at(key);
        } else if ((site.meaning = LookUpPredicate(key))) {
          site.handled_by = "built-in";
          if (site.meaning->entry == PredicateEntry::kCounterCompare &&
              (!lexer || !counters.contains(site.meaning->texts.front()))) {
            site.meaning.reset();
            site.handled_by.clear();
          }
        }
      }
      const int32_t at = static_cast<int32_t>(t.sites_.size());
      t.by_key_[Key(lexer, rule, site.index)] = at;
      if (site.meaning) {
        (lexer ? t.any_lexer_ : t.any_parser_) = true;
        if (!lexer && site.edge >= 0 &&
            site.edge < static_cast<int32_t>(t.parser_edge_.size())) {
          t.parser_edge_[site.edge] = at;
        }
      }
      t.sites_.push_back(std::move(site));
    }
    i = j;
  }
  return t;
}

std::vector<G4Semantic> ReadPredicateSources(absl::string_view spec,
                                             PredicateMappings* user) {
  std::vector<G4Semantic> out;
  for (const std::string& file : G4FilesOf(spec)) {
    absl::StatusOr<std::string> text = ReadFile(file);
    if (!text.ok()) continue;
    std::vector<G4Semantic> found = ScanG4Semantics(*text, file);
    out.insert(out.end(), std::make_move_iterator(found.begin()),
               std::make_move_iterator(found.end()));
  }
  const char* path = std::getenv(kPredicatesEnv);
  if (path != nullptr && *path != '\0') {
    absl::StatusOr<PredicateMappings> read = LoadPredicateMappings(path);
    if (!read.ok()) {
      ReportOnce(absl::StrCat("grammut: ", read.status().message()));
    } else {
      for (const std::string& e : read->errors) {
        ReportOnce(absl::StrCat("grammut: ", e));
      }
      *user = *std::move(read);
    }
  }
  return out;
}

void ReportUnknownPredicates(const PredicateTable& table,
                             const std::string& grammar_name) {
  int textless = 0;
  for (const PredicateSite& s : table.sites()) {
    if (s.meaning) continue;
    if (s.text.empty()) {
      ++textless;
      continue;
    }
    ReportOnce(absl::StrCat("grammut: ", grammar_name, ": predicate ", s.text,
                            " (", s.file, ":", s.line,
                            ") is unknown: treated as true"));
  }
  if (textless > 0) {
    ReportOnce(absl::StrCat(
        "grammut: ", grammar_name, ": ", textless,
        " predicate(s) whose text is not known (no matching .g4 source "
        "beside the grammar): treated as true"));
  }
}

}  // namespace grammut
