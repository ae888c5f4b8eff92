// decision_place.h: where a rule invocation stands, for weighing its
// decisions by place.
//
// An expression under a VALUES row is a literal far more often than one
// under WHERE; a JSON value under an object key is an object or a string
// more often than the array items beside it. A DecisionPlace names the
// distinct rules enclosing a rule invocation, innermost first: runs of one
// rule (recursion, a left-recursive operator chain) count once, and the
// invocation's own rule is skipped where it repeats directly above it, so
// the operand of `(a + b) * c` under a VALUES row has the place
// [expr, valuesRow]. A parse tree and a derivation give the same places.
#ifndef GRAMMUT_LEARN_DECISION_PLACE_H_
#define GRAMMUT_LEARN_DECISION_PLACE_H_

#include <cstdint>

#include "absl/types/span.h"

namespace grammut {

struct DecisionPlace {
  // The enclosing rules a place holds.
  static constexpr int kDepth = 2;
  // rules[i]: the i-th distinct enclosing rule, innermost first; kRoot past
  // the root, kUnknown past what the caller knew.
  static constexpr int32_t kRoot = -1;
  static constexpr int32_t kUnknown = -2;
  int32_t rules[kDepth] = {kUnknown, kUnknown};

  // The place of the root of a tree (nothing encloses it).
  static DecisionPlace Root();
  // The place of a rule node whose enclosing rules are `outermost_first`
  // (its parent last), for a node of rule `rule`; when `complete` is false
  // the list may be cut short at its outer end, and entries that would
  // come from beyond it are kUnknown.
  static DecisionPlace Of(absl::Span<const int32_t> outermost_first, int rule,
                          bool complete);
  // The place of a child of rule `child_rule` under a node of rule
  // `parent_rule` whose place this is.
  DecisionPlace Child(int parent_rule, int child_rule) const;
  // How many leading entries are known (kRoot counts as known).
  int known() const;

  bool operator==(const DecisionPlace& o) const {
    return rules[0] == o.rules[0] && rules[1] == o.rules[1];
  }
};

}  // namespace grammut

#endif  // GRAMMUT_LEARN_DECISION_PLACE_H_
