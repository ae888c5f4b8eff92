// pair_key.h: one 64-bit map key for a pair of 32-bit ints (kpath.cc,
// kpath_tree.cc). Internal.
#ifndef GRAMMUT_KPATH_INTERNAL_PAIR_KEY_H_
#define GRAMMUT_KPATH_INTERNAL_PAIR_KEY_H_

#include <cstdint>

namespace grammut::kpath_internal {

// Key: `a` in the high 32 bits, `b` in the low ones.
inline uint64_t Key(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) |
         static_cast<uint32_t>(b);
}

}  // namespace grammut::kpath_internal

#endif  // GRAMMUT_KPATH_INTERNAL_PAIR_KEY_H_
