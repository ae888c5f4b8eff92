// place_match.h: choosing among candidates by the place they stand in.
//
// A subtree or token taken from elsewhere fits best where it stood in the
// same place: a table name where a table name was, an expression of a
// VALUES row where such an expression was. A place is the list of rules
// enclosing a node, innermost first. Candidates are drawn from those whose
// place shares the most innermost rules with the wanted one; each shorter
// match (down to "any place") takes over with probability 1/4, so other
// places are still tried.
#ifndef GRAMMUT_LEARN_PLACE_MATCH_H_
#define GRAMMUT_LEARN_PLACE_MATCH_H_

#include <cstddef>
#include <cstdint>

#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "tree/tree.h"

namespace grammut {

// Chance that a shorter place match takes over from a longer one.
inline constexpr double kPlaceBackOff = 0.25;
// The most rules a place match looks at.
inline constexpr int kMaxPlaceDepth = 4;
// Rules that make a token's place (its own rule, often a wrapper such as
// `identifier`, and two more) and a rule node's place (its parent and
// grandparent).
inline constexpr int kTokenPlaceDepth = 3;
inline constexpr int kRulePlaceDepth = 2;

// How many leading rules of `want` equal those of `have` (both innermost
// first; `have` holds `depth` entries), at most `depth`.
int PlaceMatch(absl::Span<const int32_t> want, const int32_t* have, int depth);

// Writes the place of a node of `tree` to out[0..depth): the symbols of
// the last `depth` nodes of `open` (the rule nodes enclosing it, outermost
// first), innermost first, -1 past the root.
void WritePlace(const Tree& tree, absl::Span<const int> open, int depth,
                int32_t* out);

// Writes the place of a node whose enclosing rules are `outermost_first`
// to out[0..n): its last `depth` entries at most, innermost first. Returns n.
size_t InnermostFirst(absl::Span<const int32_t> outermost_first, int depth,
                      int32_t* out);

// Draws one of `count` candidates. `level_of(k)` is -1 for a candidate that
// does not qualify, else its place match (0..max_level, at most
// kMaxPlaceDepth). The longest match present is drawn from, each shorter
// one taking over with probability kPlaceBackOff; a candidate of a longer
// match also counts for the shorter ones. Returns its index, or -1 if none
// qualifies. `level_of` is called at most twice per candidate.
int64_t PickByPlace(size_t count, int max_level,
                    absl::FunctionRef<int(size_t)> level_of, Rng& rng);

}  // namespace grammut

#endif  // GRAMMUT_LEARN_PLACE_MATCH_H_
