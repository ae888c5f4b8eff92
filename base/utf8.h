// utf8.h: the one UTF-8 codec of grammut.
//
// Inputs are arbitrary bytes, so decoding never fails: each byte of an
// invalid or overlong sequence (and of an encoded surrogate) decodes to the
// code point U+DC80 + byte (a lone surrogate), which no ordinary grammar set
// matches, and encoding that code point gives the byte back. The parser, the
// lexer DFA and the separator logic all decode through here, so they agree on
// what invalid UTF-8 means.
#ifndef GRAMMUT_BASE_UTF8_H_
#define GRAMMUT_BASE_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"

namespace grammut {

// Invalid byte b (always >= 0x80) decodes to U+DC80 + b.
inline constexpr uint32_t kInvalidByteBase = 0xDC80;

// True if `cp` stands for an invalid byte.
inline bool IsInvalidByte(uint32_t cp) {
  return cp >= kInvalidByteBase + 0x80 && cp < kInvalidByteBase + 0x100;
}

// DecodeUtf8 reads one code point from bytes[pos, size) (pos < size) and
// returns it; *len gets the number of bytes it took (at least 1).
uint32_t DecodeUtf8(const unsigned char* bytes, size_t size, size_t pos,
                    size_t* len);

// AppendUtf8 appends the encoding of `cp` to `out`. A code point that
// stands for an invalid byte is written back as that byte.
void AppendUtf8(uint32_t cp, std::string* out);

// Utf8Length is the number of bytes AppendUtf8 writes for `cp`.
inline size_t Utf8Length(uint32_t cp) {
  if (IsInvalidByte(cp)) return 1;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

// ForEachCodePoint calls fn(cp) for each code point of `text`; stops early
// (returning false) when fn returns false.
template <typename Fn>
bool ForEachCodePoint(absl::string_view text, Fn fn) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  size_t len = 0;
  for (size_t i = 0; i < text.size(); i += len) {
    if (!fn(DecodeUtf8(s, text.size(), i, &len))) return false;
  }
  return true;
}

}  // namespace grammut

#endif  // GRAMMUT_BASE_UTF8_H_
