#include "base/utf8.h"

namespace grammut {

uint32_t DecodeUtf8(const unsigned char* s, size_t n, size_t i, size_t* len) {
  const unsigned char c = s[i];
  if (c < 0x80) {
    *len = 1;
    return c;
  }
  uint32_t cp = 0;
  size_t need = 0;
  if ((c & 0xE0) == 0xC0) {
    cp = c & 0x1F;
    need = 2;
  } else if ((c & 0xF0) == 0xE0) {
    cp = c & 0x0F;
    need = 3;
  } else if ((c & 0xF8) == 0xF0) {
    cp = c & 0x07;
    need = 4;
  }
  bool ok = need > 0 && i + need <= n;
  for (size_t k = 1; ok && k < need; ++k) {
    if ((s[i + k] & 0xC0) != 0x80) ok = false;
    cp = (cp << 6) | (s[i + k] & 0x3F);
  }
  if (ok && ((need == 2 && cp < 0x80) || (need == 3 && cp < 0x800) ||
             (need == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
             (cp >= 0xD800 && cp <= 0xDFFF))) {
    ok = false;
  }
  if (!ok) {
    *len = 1;
    return kInvalidByteBase + c;
  }
  *len = need;
  return cp;
}

void AppendUtf8(uint32_t cp, std::string* out) {
  if (IsInvalidByte(cp)) {
    out->push_back(static_cast<char>(cp - kInvalidByteBase));
  } else if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace grammut
