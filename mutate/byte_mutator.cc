#include "mutate/byte_mutator.h"

#include <algorithm>
#include <cstring>

namespace grammut {

size_t ByteMutate(uint8_t* data, size_t size, size_t max_size, Rng& rng,
                  absl::Span<const std::string> words) {
  if (max_size == 0) return 0;
  size = std::min(size, max_size);
  // A word, one edit in eight when there are words (libFuzzer's dictionary
  // mutation is one of its 13).
  if (!words.empty() && rng.Below(8) == 0) {
    const std::string& w = words[rng.Below(words.size())];
    if (w.size() <= max_size) {
      const bool insert = size + w.size() <= max_size && rng.Below(2) == 0;
      if (insert) {
        const size_t at = rng.Below(size + 1);
        std::memmove(data + at + w.size(), data + at, size - at);
        std::memcpy(data + at, w.data(), w.size());
        return size + w.size();
      }
      if (w.size() <= size) {
        std::memcpy(data + rng.Below(size - w.size() + 1), w.data(), w.size());
        return size;
      }
    }
  }
  static const uint8_t kInteresting[] = {0,   1,   0x7f, 0x80, 0xff, '0',
                                         '9', '-', '"',  '\'', '\\', '<',
                                         '>', '{', '}',  '[',  ']',  '('};
  for (int attempt = 0; attempt < 8; ++attempt) {
    switch (rng.Below(7)) {
      case 0:  // flip a bit
        if (size == 0) break;
        data[rng.Below(size)] ^= static_cast<uint8_t>(1u << rng.Below(8));
        return size;
      case 1:  // set a byte
        if (size == 0) break;
        data[rng.Below(size)] = static_cast<uint8_t>(rng.Next());
        return size;
      case 2: {  // insert a byte
        if (size >= max_size) break;
        const size_t at = rng.Below(size + 1);
        std::memmove(data + at + 1, data + at, size - at);
        data[at] = kInteresting[rng.Below(sizeof kInteresting)];
        return size + 1;
      }
      case 3: {  // erase a run
        if (size <= 1) break;
        const size_t at = rng.Below(size);
        const size_t n = 1 + rng.Below(std::min<size_t>(8, size - at));
        std::memmove(data + at, data + at + n, size - at - n);
        return size - n;
      }
      case 4: {  // duplicate a chunk
        if (size == 0 || size >= max_size) break;
        const size_t from = rng.Below(size);
        const size_t n =
            1 + rng.Below(std::min<size_t>({16, size - from, max_size - size}));
        const size_t to = rng.Below(size + 1);
        uint8_t chunk[16];
        std::memcpy(chunk, data + from, n);
        std::memmove(data + to + n, data + to, size - to);
        std::memcpy(data + to, chunk, n);
        return size + n;
      }
      case 5: {  // change a digit or letter to another of its kind
        if (size == 0) break;
        const size_t at = rng.Below(size);
        const uint8_t c = data[at];
        if (c >= '0' && c <= '9') {
          data[at] = static_cast<uint8_t>('0' + rng.Below(10));
        } else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') {
          data[at] = static_cast<uint8_t>((c & 0x20) + 'A' + rng.Below(26));
        } else {
          data[at] = kInteresting[rng.Below(sizeof kInteresting)];
        }
        return size;
      }
      default:  // replace a byte by an interesting one
        if (size == 0) break;
        data[rng.Below(size)] = kInteresting[rng.Below(sizeof kInteresting)];
        return size;
    }
  }
  if (size < max_size) {
    data[size] = kInteresting[rng.Below(sizeof kInteresting)];
    return size + 1;
  }
  return size;
}

size_t MutateInPlace(uint8_t* data, size_t size, size_t max_size,
                     const ByteEdits& edits, Rng& rng) {
  if (max_size == 0) return 0;
  size = std::min(size, max_size);
  const size_t n = edits.fn != nullptr
                       ? edits.fn(data, size, max_size)
                       : ByteMutate(data, size, max_size, rng, edits.words);
  return std::min(n, max_size);
}

void MutateBytes(absl::string_view text, size_t max_size,
                 const ByteEdits& edits, Rng& rng, std::string* out) {
  out->clear();
  if (max_size == 0) return;
  out->append(text.data(), std::min(text.size(), max_size));
  const size_t size = out->size();
  out->resize(max_size);
  auto* data = reinterpret_cast<uint8_t*>(out->data());
  out->resize(MutateInPlace(data, size, max_size, edits, rng));
}

}  // namespace grammut
