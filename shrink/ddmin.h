// ddmin.h: delta debugging minimization (Zeller and Hildebrandt, 2002)
// over a list of elements.
//
// Ddmin looks for a 1-minimal subset of the elements 0..n-1 that is still
// interesting: it splits the current subset into `g` parts (g = 2 first),
// tries each part alone, then each complement (the subset without one
// part); on success it goes on from the smaller subset (g = 2 after a part,
// g - 1 after a complement), otherwise it doubles g, until g exceeds the
// subset's size. The caller's test decides what a subset means (bytes of a
// text, children of a tree node) and must treat the whole list as
// interesting. Deterministic: the same answers give the same calls.
//
// Example (bytes of `text`):
//   std::vector<int> kept = Ddmin(text.size(), [&](absl::Span<const int> k) {
//     return Interesting(BytesAt(text, k)) ? DdminVerdict::kInteresting
//                                          : DdminVerdict::kNotInteresting;
//   });
#ifndef GRAMMUT_SHRINK_DDMIN_H_
#define GRAMMUT_SHRINK_DDMIN_H_

#include <functional>
#include <vector>

#include "absl/types/span.h"

namespace grammut {

// What a test says of a subset; kStop ends the search at once (e.g. the
// test budget is spent), keeping the last interesting subset.
enum class DdminVerdict { kInteresting, kNotInteresting, kStop };

// A test of a subset of the elements: `kept` lists them in increasing order.
using DdminTest = std::function<DdminVerdict(absl::Span<const int> kept)>;

// Ddmin returns the smallest interesting subset found (increasing order);
// all of 0..n-1 if no smaller one is. Never calls `test` on the empty set
// or on all n elements. Sets `*stopped` (if given) when a test said kStop.
std::vector<int> Ddmin(int n, const DdminTest& test, bool* stopped = nullptr);

}  // namespace grammut

#endif  // GRAMMUT_SHRINK_DDMIN_H_
