// predicate_table.h: a grammar's semantic predicates and their meanings.
//
// ANTLR's .interp files say where predicates are (a rule and a predicate
// index per edge) but not what they say. BuildPredicateTable matches the
// ATN's predicate edges with the predicate texts of the grammar's .g4
// source (ScanG4Semantics), rule by rule in ANTLR's numbering order, and
// looks each text up in the user's mappings, then in the built-in
// vocabulary (predicate_vocabulary.h). A predicate without a meaning is
// treated as true, as ANTLR's interpreter does; ReportUnknownPredicates
// says so once per process on stderr.
//
// Example:
//   const PredicateTable& t = grammar.predicates();
//   if (const PredicateMeaning* m = t.Parser(rule, pred_index)) { ... }
#ifndef GRAMMUT_GRAMMAR_PREDICATE_TABLE_H_
#define GRAMMUT_GRAMMAR_PREDICATE_TABLE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"
#include "grammar/g4_semantics.h"
#include "grammar/predicate_mappings.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {

class Grammar;

// One predicate edge of the grammar.
struct PredicateSite {
  bool lexer = false;
  int rule = -1;      // rule index (lexer or parser)
  int index = -1;     // ANTLR's predicate index
  int32_t edge = -1;  // edge index in the parser (or lexer) graph
  std::string text;   // as written in the .g4 file; empty: not found
  std::string file;   // where it is written
  int line = 0;
  std::optional<PredicateMeaning> meaning;  // nullopt: unknown, true
  std::string handled_by;  // "built-in" or the mapping's "FILE:LINE"
};

// The predicates of one grammar. Immutable once built.
class PredicateTable {
 public:
  // All predicate edges, parser ones first.
  const std::vector<PredicateSite>& sites() const { return sites_; }
  // The meaning of parser (lexer) predicate `index` of `rule`, or null
  // when grammut does not know it (then it holds).
  const PredicateMeaning* Parser(int rule, int index) const;
  const PredicateMeaning* Lexer(int rule, int index) const;
  // The meaning of the predicate on parser edge `edge`, or null.
  const PredicateMeaning* ParserEdge(uint32_t edge) const {
    return edge < parser_edge_.size() && parser_edge_[edge] >= 0
               ? &*sites_[parser_edge_[edge]].meaning
               : nullptr;
  }
  // True if any lexer (parser) predicate has a meaning.
  bool any_lexer() const { return any_lexer_; }
  bool any_parser() const { return any_parser_; }

 private:
  friend PredicateTable BuildPredicateTable(const Grammar&,
                                            absl::Span<const G4Semantic>,
                                            const PredicateMappings*);
  const PredicateMeaning* Find(bool lexer, int rule, int index) const;
  std::vector<PredicateSite> sites_;
  absl::flat_hash_map<uint64_t, int32_t> by_key_;  // (lexer, rule, index)
  std::vector<int32_t> parser_edge_;  // per parser edge: known site or -1
  bool any_lexer_ = false;
  bool any_parser_ = false;
};

// BuildPredicateTable gives `grammar`'s predicate edges their texts from
// `source` (the semantics of its .g4 files; empty: none known) and their
// meanings from `user` (may be null), then the built-in vocabulary.
// Within a rule, ANTLR numbers predicates in source order, except that a
// left-recursive rule's alternatives that begin with the rule come after
// the others (binary ones first, then suffix ones); a rule whose count of
// predicates differs from the source's gets no texts.
PredicateTable BuildPredicateTable(const Grammar& grammar,
                                   absl::Span<const G4Semantic> source,
                                   const PredicateMappings* user);

// ReadPredicateSources scans the .g4 files of `spec` (G4FilesOf) and, if
// $GRAMMUT_PREDICATES names a file, reads it into `user` (its bad lines and
// a missing file are printed on stderr once). Returns the semantics found.
std::vector<G4Semantic> ReadPredicateSources(absl::string_view spec,
                                             PredicateMappings* user);

// ReportUnknownPredicates prints one line on stderr per predicate text of
// `table` that has no meaning ("... treated as true"), once per process.
void ReportUnknownPredicates(const PredicateTable& table,
                             const std::string& grammar_name);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_PREDICATE_TABLE_H_
