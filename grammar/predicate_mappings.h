// predicate_mappings.h: user mappings of predicate texts onto the
// predicate vocabulary (predicate_vocabulary.h).
//
// A grammar whose base class names its checks differently can still have
// them evaluated: a file ($GRAMMUT_PREDICATES, or `--predicates FILE` on
// the command line) maps predicate texts onto vocabulary entries, one per
// line, `TEXT = ENTRY`:
//
//   # comments and blank lines are ignored
//   this.isNotNewLine()        = notLineTerminator()
//   {this.nextIs("of")}?       = next("of")
//   !this.inStrictMode()       = !IsStrictMode()
//   this.alwaysTrue()          = true
//
// Both sides are normalized as NormalizePredicateText does. The entry must
// be one LookUpPredicate knows; other lines are reported as
// "FILE:LINE: ..." and left out.
#ifndef GRAMMUT_GRAMMAR_PREDICATE_MAPPINGS_H_
#define GRAMMUT_GRAMMAR_PREDICATE_MAPPINGS_H_

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "grammar/predicate_vocabulary.h"

namespace grammut {

// The mappings read from one file.
struct PredicateMappings {
  // Normalized predicate text -> its meaning.
  absl::flat_hash_map<std::string, PredicateMeaning> by_text;
  // Where each mapping came from, "FILE:LINE", by normalized text.
  absl::flat_hash_map<std::string, std::string> origin;
  // One message per bad line, "FILE:LINE: what is wrong".
  std::vector<std::string> errors;
};

// ParsePredicateMappings reads mapping lines from `content`; `file` names
// it in origins and messages. Never fails: bad lines go to `errors`.
PredicateMappings ParsePredicateMappings(absl::string_view content,
                                         absl::string_view file);

// LoadPredicateMappings reads the file at `path`. NotFound if it cannot be
// read.
absl::StatusOr<PredicateMappings> LoadPredicateMappings(absl::string_view path);

// The environment variable naming a mappings file.
inline constexpr char kPredicatesEnv[] = "GRAMMUT_PREDICATES";

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_PREDICATE_MAPPINGS_H_
