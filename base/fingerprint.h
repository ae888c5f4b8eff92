// fingerprint.h: stable 64-bit hashes (FNV-1a) for cache keys and files.
//
// Unlike absl::Hash these do not change between builds or processes, so they
// can name files and be written into weights files.
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

}  // namespace grammut

#endif  // GRAMMUT_BASE_FINGERPRINT_H_
