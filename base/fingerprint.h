// fingerprint.h: stable 64-bit hashes for cache keys, files and salts.
//
// Unlike absl::Hash these do not change between builds or processes, so they
// can name files, be written into weights files, and steer random choices
// (with GRAMMUT_DETERMINISTIC=1 two processes must make the same ones:
// absl::Hash is seeded per process, by address randomization).
#ifndef GRAMMUT_BASE_FINGERPRINT_H_
#define GRAMMUT_BASE_FINGERPRINT_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace grammut {

inline constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;

// Fnv1a64 hashes `bytes`, continuing from `seed`.
inline uint64_t Fnv1a64(absl::string_view bytes, uint64_t seed = kFnvOffset) {
  uint64_t h = seed;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// StableHash64 mixes the word `value` into `seed` (a combine step and the
// splitmix64 finalizer), the same in every process. Chain it to hash a
// tuple of integers:
//   uint64_t h = StableHash64(StableHash64(kFnvOffset, type), depth);
inline constexpr uint64_t StableHash64(uint64_t seed, uint64_t value) {
  uint64_t z =
      seed ^ (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace grammut

#endif  // GRAMMUT_BASE_FINGERPRINT_H_
