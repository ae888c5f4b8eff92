// internal/atn_version.h: ANTLR ATN serialization version 4 -> version 3.
//
// ANTLR 4.10 and later serialize ATNs in version 4; Debian's C++ runtime
// (4.9) reads version 3 only. Both describe the same network in the same
// order (states, non-greedy and precedence states, rules, modes, sets,
// edges, decisions, lexer actions); version 3 differs in its framing:
//   * a feature UUID (8 words) follows the version number; we write the one
//     ANTLR 4.7-4.9 tools write, which enables every feature;
//   * every value is a 16-bit word, -1 is written as 0xFFFF, and every word
//     but the version is stored plus 2 (mod 2^16);
//   * interval sets come in two lists, first the sets whose bounds fit 16
//     bits, then sets whose bounds are written as two words (low first); set
//     edges index the concatenation, so indices are renumbered;
//   * atom and range edges carry 16-bit code points only: an edge over code
//     points above U+FFFF (which 4.10+ tools write as atoms and ranges)
//     becomes a set edge over a new set of the second list.
// Anything else that does not fit 16 bits (over 65535 states, say) cannot be
// expressed in version 3 and is reported as an error.
#ifndef GRAMMUT_GRAMMAR_ANTLR_ATN_VERSION_H_
#define GRAMMUT_GRAMMAR_ANTLR_ATN_VERSION_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace grammut {
namespace atn_internal {

// The serialization version of `atn` (its first value), or -1 if empty.
inline int64_t AtnSerializationVersion(absl::Span<const int64_t> atn) {
  return atn.empty() ? -1 : atn[0];
}

// ConvertAtnV4ToV3 rewrites a version-4 serialized ATN (the numbers of an
// `.interp` file's atn line) as the version-3 words the 4.9 runtime's
// ATNDeserializer reads. Errors (DataLoss) name what is malformed or does not
// fit.
absl::StatusOr<std::vector<uint16_t>> ConvertAtnV4ToV3(
    absl::Span<const int64_t> v4);

}  // namespace atn_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_ATN_VERSION_H_
