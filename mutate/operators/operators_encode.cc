// The encode operator: the same input, written in another encoding.
//
// Text formats accept more than UTF-8 (XML and HTML: byte order marks and
// encoding declarations; JSON: UTF-16/32 under older RFCs), and a parser's
// decoders are code that UTF-8 inputs never reach. encode keeps the
// structure and changes the bytes: UTF-16 or UTF-32 (either byte order,
// with or without a byte order mark), UTF-8 with a BOM, Latin-1, or one
// token made invalid UTF-8 (overlong form, stray continuation byte,
// truncated sequence, encoded surrogate). Where the text declares its
// encoding (`encoding="..."` as in XML, `charset=` as in HTML), the
// declaration is usually changed to match, and sometimes left to disagree.
#include <string>

#include "base/utf8.h"
#include "mutate/operators/operators.h"

namespace grammut {
namespace {

enum class Encoding {
  kUtf16Le,
  kUtf16Be,
  kUtf32Le,
  kUtf32Be,
  kUtf8,
  kLatin1,
};

const char* DeclaredName(Encoding e) {
  switch (e) {
    case Encoding::kUtf16Le:
    case Encoding::kUtf16Be:
      return "UTF-16";
    case Encoding::kUtf32Le:
    case Encoding::kUtf32Be:
      return "UTF-32";
    case Encoding::kUtf8:
      return "UTF-8";
    case Encoding::kLatin1:
      return "ISO-8859-1";
  }
  return "UTF-8";
}

void PutUnit(uint32_t unit, int bytes, bool big_endian, std::string* out) {
  for (int k = 0; k < bytes; ++k) {
    const int shift = big_endian ? 8 * (bytes - 1 - k) : 8 * k;
    out->push_back(static_cast<char>((unit >> shift) & 0xFF));
  }
}

// Appends code point `cp` in encoding `e`.
void Encode(uint32_t cp, Encoding e, std::string* out) {
  switch (e) {
    case Encoding::kUtf16Le:
    case Encoding::kUtf16Be: {
      const bool be = e == Encoding::kUtf16Be;
      if (cp >= 0x10000 && cp <= 0x10FFFF) {
        const uint32_t v = cp - 0x10000;
        PutUnit(0xD800 + (v >> 10), 2, be, out);
        PutUnit(0xDC00 + (v & 0x3FF), 2, be, out);
      } else {
        PutUnit(cp & 0xFFFF, 2, be, out);
      }
      return;
    }
    case Encoding::kUtf32Le:
    case Encoding::kUtf32Be:
      PutUnit(cp, 4, e == Encoding::kUtf32Be, out);
      return;
    case Encoding::kUtf8:
      AppendUtf8(cp, out);
      return;
    case Encoding::kLatin1:
      if (IsInvalidByte(cp)) {
        out->push_back(static_cast<char>(cp - kInvalidByteBase));
      } else {
        out->push_back(cp <= 0xFF ? static_cast<char>(cp) : '?');
      }
      return;
  }
}

// Writes `text` to `out` with the value of its encoding declaration (if
// any) replaced by `name`.
void WithDeclaration(absl::string_view text, absl::string_view name,
                     std::string* out) {
  out->clear();
  for (absl::string_view key : {"encoding=", "charset="}) {
    const size_t at = text.find(key);
    if (at == absl::string_view::npos) continue;
    size_t begin = at + key.size();
    const char quote = begin < text.size() ? text[begin] : 0;
    if (quote == '"' || quote == '\'') ++begin;
    size_t end = begin;
    while (end < text.size() && text[end] != quote &&
           (quote != 0 ||
            (text[end] != ' ' && text[end] != ';' && text[end] != '>'))) {
      ++end;
    }
    out->append(text.data(), begin);
    out->append(name.data(), name.size());
    out->append(text.data() + end, text.size() - end);
    return;
  }
  out->assign(text.data(), text.size());
}

// Makes one ASCII character (or one position) of `token` invalid UTF-8.
void BreakUtf8(absl::string_view text, size_t begin, size_t end, Rng& rng,
               std::string* out) {
  out->clear();
  const size_t at = begin + rng.Below(end - begin);
  out->append(text.data(), at);
  const unsigned char c = static_cast<unsigned char>(text[at]);
  switch (rng.Below(4)) {
    case 0:  // overlong two-byte form of an ASCII character
      if (c < 0x80) {
        out->push_back(static_cast<char>(0xC0 | (c >> 6)));
        out->push_back(static_cast<char>(0x80 | (c & 0x3F)));
        out->append(text.data() + at + 1, text.size() - at - 1);
        return;
      }
      [[fallthrough]];
    case 1:  // a stray continuation byte
      out->push_back(static_cast<char>(0x80 + rng.Below(0x40)));
      break;
    case 2:  // a sequence cut short
      out->push_back(static_cast<char>(0xE2));
      out->push_back(static_cast<char>(0x82));
      break;
    default:  // an encoded surrogate
      out->append("\xED\xA0\x80");
      break;
  }
  out->append(text.data() + at, text.size() - at);
}

}  // namespace

bool OpEncode(MutationContext& ctx, const Tree& in, Tree* /*out*/) {
  std::string& out = *ctx.bytes_out;
  std::string& source = ctx.scratch.text;
  source.assign(in.text().data(), in.text().size());
  source += in.trailer();
  const uint64_t variant = ctx.rng.Below(10);
  if (variant == 9) {
    // One token's bytes made invalid UTF-8.
    const std::vector<int32_t>& tokens = ctx.index.Tokens(in, ctx.grammar);
    if (tokens.empty()) return false;
    const int tok = tokens[ctx.rng.Below(tokens.size())];
    const size_t begin = in.node(tok).text_begin + in.node(tok).trivia_size;
    const size_t end = in.node(tok).text_begin + in.node(tok).text_size;
    if (end <= begin) return false;
    BreakUtf8(source, begin, end, ctx.rng, &out);
    return !out.empty() && out.size() <= ctx.max_size;
  }
  static constexpr Encoding kEncodings[] = {
      Encoding::kUtf16Le, Encoding::kUtf16Be, Encoding::kUtf16Le,
      Encoding::kUtf16Be, Encoding::kUtf32Le, Encoding::kUtf32Be,
      Encoding::kUtf8,    Encoding::kLatin1,  Encoding::kUtf16Le};
  const Encoding e = kEncodings[variant];
  const bool bom = variant != 2 && variant != 3 && variant != 7;
  // The declaration first (in the source text), then the transcoding.
  if (ctx.rng.Chance(0.8)) {
    WithDeclaration(source, DeclaredName(e), &out);
    source.swap(out);
  }
  out.clear();
  if (bom) Encode(0xFEFF, e, &out);
  ForEachCodePoint(source, [&](uint32_t cp) {
    Encode(cp, e, &out);
    return out.size() <= ctx.max_size;
  });
  return !out.empty() && out.size() <= ctx.max_size;
}

}  // namespace grammut
