// edit_distance.h: how far apart two short strings are.
//
// Used to suggest the closest known name for a misspelt one (settings.h).
#ifndef GRAMMUT_BASE_EDIT_DISTANCE_H_
#define GRAMMUT_BASE_EDIT_DISTANCE_H_

#include <cstddef>
#include <string>
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

}  // namespace grammut

#endif  // GRAMMUT_BASE_EDIT_DISTANCE_H_
