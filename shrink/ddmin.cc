#include "shrink/ddmin.h"

#include <algorithm>

namespace grammut {

std::vector<int> Ddmin(int n, const DdminTest& test, bool* stopped) {
  if (stopped != nullptr) *stopped = false;
  std::vector<int> current(static_cast<size_t>(std::max(n, 0)));
  for (int i = 0; i < n; ++i) current[i] = i;
  std::vector<int> candidate;
  size_t parts = 2;
  while (current.size() >= 2) {
    parts = std::min(parts, current.size());
    // Part i is current[bounds(i), bounds(i + 1)): sizes differ by one.
    const size_t size = current.size();
    auto bound = [&](size_t i) { return i * size / parts; };
    // Tests `candidate`; if interesting, it becomes current with
    // `next_parts` parts. False when the search must end (kStop).
    bool reduced = false;
    auto attempt = [&](size_t next_parts) {
      const DdminVerdict v = test(candidate);
      if (v == DdminVerdict::kInteresting) {
        current.swap(candidate);
        parts = next_parts;
        reduced = true;
      }
      return v != DdminVerdict::kStop;
    };
    // Parts alone (with two parts, these are the complements below).
    for (size_t i = 0; parts > 2 && i < parts && !reduced; ++i) {
      candidate.assign(current.begin() + bound(i),
                       current.begin() + bound(i + 1));
      if (!attempt(2)) {
        if (stopped != nullptr) *stopped = true;
        return current;
      }
    }
    // Complements: everything but part i.
    for (size_t i = 0; i < parts && !reduced; ++i) {
      candidate.assign(current.begin(), current.begin() + bound(i));
      candidate.insert(candidate.end(), current.begin() + bound(i + 1),
                       current.end());
      if (!attempt(std::max<size_t>(parts - 1, 2))) {
        if (stopped != nullptr) *stopped = true;
        return current;
      }
    }
    if (reduced) continue;
    if (parts >= current.size()) break;
    parts = std::min(parts * 2, current.size());
  }
  return current;
}

}  // namespace grammut
