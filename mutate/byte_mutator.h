// byte_mutator.h: a small byte-level mutator.
//
// Used for token text edits and as the fallback for inputs that cannot be
// handled as trees, when libFuzzer's LLVMFuzzerMutate is not reachable (an
// LD_PRELOADed plugin cannot see it). Deterministic for a given Rng state.
#ifndef GRAMMUT_MUTATE_BYTE_MUTATOR_H_
#define GRAMMUT_MUTATE_BYTE_MUTATOR_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/rng.h"

namespace grammut {

// A function with LLVMFuzzerMutate's contract: mutates data[0, size) in
// place, returns the new size (at most max_size).
using ByteMutateFn = size_t (*)(uint8_t* data, size_t size, size_t max_size);

// Where byte-level edits come from: `fn` (libFuzzer's LLVMFuzzerMutate,
// which has its own -dict) or, when it is null, ByteMutate with `words`.
struct ByteEdits {
  ByteMutateFn fn = nullptr;
  absl::Span<const std::string> words;  // the grammar's (grammar_dictionary.h)
};

// For users of the operators that make no byte edits (trimming, reducing).
inline constexpr ByteEdits kNoByteEdits{};

// ByteMutate applies one random edit (bit flip, byte set, insert, erase,
// duplicate a chunk, interesting value, ASCII digit/letter change, and with
// `words` a word inserted or written over the bytes at a random place) and
// returns the new size, at most `max_size`.
size_t ByteMutate(uint8_t* data, size_t size, size_t max_size, Rng& rng,
                  absl::Span<const std::string> words = {});

// MutateBytes writes to `out` one edit of `text` (cut to `max_size` first)
// by `edits`. The result is at most `max_size` bytes. `out` must not alias
// `text`.
void MutateBytes(absl::string_view text, size_t max_size,
                 const ByteEdits& edits, Rng& rng, std::string* out);

// MutateInPlace applies one edit to data[0, size) (a buffer of `max_size`
// bytes; size may exceed max_size: the input is cut first) and returns the
// new size, at most max_size.
size_t MutateInPlace(uint8_t* data, size_t size, size_t max_size,
                     const ByteEdits& edits, Rng& rng);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_BYTE_MUTATOR_H_
