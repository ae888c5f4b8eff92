// compressor.h: deflates and inflates byte strings (zlib, raw deflate at
// its fastest level), for what the mutator keeps long and reads seldom.
//
// The tree cache keeps most corpus trees packed (tree_codec.h); packed
// trees repeat the same rule chains and derivation steps over and over, so
// deflating them holds about three times more trees in the same memory,
// and a tree the cache no longer holds must be parsed again (a
// millisecond, against tens of microseconds to inflate). One Compressor
// keeps its zlib streams between calls, so a call allocates nothing but
// its output. Not thread-safe.
//
// Example:
//   Compressor z;
//   std::string small, back;
//   if (z.Compress(packed, &small) &&
//       z.Expand(small, packed.size(), &back)) { ... back == packed ... }
#ifndef GRAMMUT_BASE_COMPRESSOR_H_
#define GRAMMUT_BASE_COMPRESSOR_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/strings/string_view.h"

namespace grammut {

class Compressor {
 public:
  Compressor();
  ~Compressor();
  Compressor(const Compressor&) = delete;
  Compressor& operator=(const Compressor&) = delete;

  // Replaces *out with `in` deflated; false (and *out unspecified) if zlib
  // failed, which it does only when out of memory.
  bool Compress(absl::string_view in, std::string* out);
  // Replaces *out with `in` inflated, which must come to exactly `size`
  // bytes; false (and *out unspecified) for anything else, such as bytes
  // Compress did not make.
  bool Expand(absl::string_view in, size_t size, std::string* out);

 private:
  struct Streams;
  std::unique_ptr<Streams> streams_;
};

}  // namespace grammut

#endif  // GRAMMUT_BASE_COMPRESSOR_H_
