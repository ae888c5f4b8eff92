#include "base/edit_distance.h"

#include <algorithm>
#include <numeric>

namespace grammut {

size_t EditDistance(absl::string_view a, absl::string_view b) {
  // row[j]: distance between the first i bytes of a and the first j of b.
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];  // distance(a[0, i-1), b[0, j-1))
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string ClosestName(absl::string_view name,
                        const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = 0;
  for (const std::string& c : candidates) {
    const size_t d = EditDistance(name, c);
    if (best.empty() || d < best_distance) {
      best = c;
      best_distance = d;
    }
  }
  return best;
}

std::pair<size_t, size_t> ChangedSpan(absl::string_view before,
                                      absl::string_view after) {
  const size_t common = std::min(before.size(), after.size());
  size_t prefix = 0;
  while (prefix < common && before[prefix] == after[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < common - prefix && before[before.size() - 1 - suffix] ==
                                         after[after.size() - 1 - suffix]) {
    ++suffix;
  }
  return {prefix, after.size() - suffix};
}

}  // namespace grammut
