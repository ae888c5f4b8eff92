// edit_distance.h: how far apart two strings are.
//
// Used to suggest the closest known name for a misspelt one (settings.h)
// and to find what an edit changed (ChangedSpan).
#ifndef GRAMMUT_BASE_EDIT_DISTANCE_H_
#define GRAMMUT_BASE_EDIT_DISTANCE_H_

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace grammut {

// EditDistance returns the Levenshtein distance between `a` and `b`: the
// fewest single-byte insertions, deletions and substitutions that turn one
// into the other. O(|a|·|b|) time, O(|b|) space; meant for names, not texts.
// Example: EditDistance("GRAMMUT_MODEE", "GRAMMUT_MODE") == 1.
size_t EditDistance(absl::string_view a, absl::string_view b);

// ClosestName returns the candidate nearest to `name` by EditDistance (the
// first of equals), or "" if `candidates` is empty.
std::string ClosestName(absl::string_view name,
                        const std::vector<std::string>& candidates);

// ChangedSpan returns the bytes [begin, end) of `after` that differ from
// `before`: after the longest common prefix and before the longest common
// suffix that does not overlap it. Example: ("abcd", "abXYd") -> {2, 4}.
std::pair<size_t, size_t> ChangedSpan(absl::string_view before,
                                      absl::string_view after);

}  // namespace grammut

#endif  // GRAMMUT_BASE_EDIT_DISTANCE_H_
