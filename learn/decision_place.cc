#include "learn/decision_place.h"

namespace grammut {

DecisionPlace DecisionPlace::Root() {
  DecisionPlace p;
  for (int32_t& r : p.rules) r = kRoot;
  return p;
}

DecisionPlace DecisionPlace::Of(absl::Span<const int32_t> outermost_first,
                                int rule, bool complete) {
  DecisionPlace p = complete ? Root() : DecisionPlace();
  for (size_t i = 0; i < outermost_first.size(); ++i) {
    const int next =
        i + 1 < outermost_first.size() ? outermost_first[i + 1] : rule;
    p = p.Child(outermost_first[i], next);
  }
  return p;
}

DecisionPlace DecisionPlace::Child(int parent_rule, int child_rule) const {
  if (parent_rule == child_rule) return *this;
  DecisionPlace p;
  p.rules[0] = parent_rule;
  for (int i = 1; i < kDepth; ++i) p.rules[i] = rules[i - 1];
  return p;
}

int DecisionPlace::known() const {
  int n = 0;
  while (n < kDepth && rules[n] != kUnknown) ++n;
  return n;
}

}  // namespace grammut
