#include "learn/place_match.h"

#include <algorithm>

namespace grammut {

int PlaceMatch(absl::Span<const int32_t> want, const int32_t* have, int depth) {
  const int most = std::min(static_cast<int>(want.size()), depth);
  int level = 0;
  while (level < most && have[level] == want[level]) ++level;
  return level;
}

void WritePlace(const Tree& tree, absl::Span<const int> open, int depth,
                int32_t* out) {
  for (int k = 0; k < depth; ++k) {
    const int at = static_cast<int>(open.size()) - 1 - k;
    out[k] = at >= 0 ? tree.node(open[at]).symbol : -1;
  }
}

size_t InnermostFirst(absl::Span<const int32_t> outermost_first, int depth,
                      int32_t* out) {
  const size_t n =
      std::min(outermost_first.size(), static_cast<size_t>(std::max(depth, 0)));
  std::reverse_copy(outermost_first.end() - n, outermost_first.end(), out);
  return n;
}

int64_t PickByPlace(size_t count, int max_level,
                    absl::FunctionRef<int(size_t)> level_of, Rng& rng) {
  max_level = std::clamp(max_level, 0, kMaxPlaceDepth);
  // Candidates matching at least `l` rules, per l.
  size_t at_least[kMaxPlaceDepth + 1] = {};
  for (size_t k = 0; k < count; ++k) {
    const int level = std::min(level_of(k), max_level);
    for (int l = 0; l <= level; ++l) ++at_least[l];
  }
  if (at_least[0] == 0) return -1;
  int level = max_level;
  while (level > 0 && (at_least[level] == 0 || rng.Chance(kPlaceBackOff))) {
    --level;
  }
  size_t pick = rng.Below(at_least[level]);
  for (size_t k = 0; k < count; ++k) {
    if (level_of(k) >= level && pick-- == 0) return static_cast<int64_t>(k);
  }
  return -1;
}

}  // namespace grammut
