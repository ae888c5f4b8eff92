// Token operators: make a token's text anew from the lexer (or the corpus
// pool), mutate its bytes with libFuzzer's own mutator (which brings its
// comparison dictionary to tokens) or grammut's fallback, or give a number
// an interesting value.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "mutate/operators/operators.h"

namespace grammut {
namespace {

// Splits text at every byte that is no ASCII letter, digit or '_' and no
// part of a UTF-8 sequence.
struct WordBreak {
  absl::string_view Find(absl::string_view text, size_t pos) const {
    for (size_t i = pos; i < text.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      if (!absl::ascii_isalnum(c) && c != '_' && c < 0x80) {
        return text.substr(i, 1);
      }
    }
    return absl::string_view(text.data() + text.size(), 0);
  }
};

// A random token node with text, preferring non-literal tokens, or -1.
int PickToken(MutationContext& ctx, const Tree& in) {
  const absl::Span<const int32_t> free_text =
      op_internal::ReadPart(ctx, ctx.index.FreeTokens(in, ctx.grammar));
  const absl::Span<const int32_t> from =
      !free_text.empty() && ctx.rng.Chance(0.8)
          ? free_text
          : op_internal::ReadPart(ctx, ctx.index.Tokens(in, ctx.grammar));
  return from.empty() ? -1 : from[ctx.rng.Below(from.size())];
}

// Values where code paths change: zero, integer widths' limits and their
// neighbours, powers of ten (sizes, counts, loop bounds).
constexpr const char* kInterestingNumbers[] = {"0",
                                               "1",
                                               "2",
                                               "7",
                                               "8",
                                               "15",
                                               "16",
                                               "31",
                                               "32",
                                               "63",
                                               "64",
                                               "100",
                                               "127",
                                               "128",
                                               "255",
                                               "256",
                                               "1000",
                                               "1023",
                                               "1024",
                                               "4095",
                                               "4096",
                                               "10000",
                                               "32767",
                                               "32768",
                                               "65535",
                                               "65536",
                                               "100000",
                                               "1000000",
                                               "2147483647",
                                               "2147483648",
                                               "4294967295",
                                               "4294967296",
                                               "9223372036854775807",
                                               "9223372036854775808",
                                               "18446744073709551615",
                                               "18446744073709551616"};

// True if `text` is a decimal integer (digits only).
bool IsDecimal(absl::string_view text) {
  if (text.empty() || text.size() > 20) return false;
  for (char c : text) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// A random token node whose text is a decimal integer, or -1 (looks at a
// few random candidates, not at every token).
int PickNumber(MutationContext& ctx, const Tree& in) {
  const absl::Span<const int32_t> free_text =
      op_internal::ReadPart(ctx, ctx.index.FreeTokens(in, ctx.grammar));
  if (free_text.empty()) return -1;
  for (int tries = 0; tries < 16; ++tries) {
    const int at = free_text[ctx.rng.Below(free_text.size())];
    if (IsDecimal(in.token_text(at))) return at;
  }
  return -1;
}

}  // namespace

namespace op_internal {

bool ReplaceToken(MutationContext& ctx, const Tree& in, int at,
                  absl::string_view text, Tree* out) {
  if (text == in.token_text(at)) return false;
  Tree& donor = ctx.scratch.fresh;
  donor.Clear();
  donor.AddToken(in.node(at).symbol, "", text);
  return Splice(ctx, in, at, donor, 0, out);
}

}  // namespace op_internal

using op_internal::ReplaceToken;

bool OpTokenNumber(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickNumber(ctx, in);
  if (at < 0) return false;
  const size_t rest = in.TextSize() - in.SubtreeSize(at);
  if (rest >= ctx.max_size) return false;
  uint64_t value = 0;
  const bool small = absl::SimpleAtoi(in.token_text(at), &value) &&
                     value <= (uint64_t{1} << 40);
  std::string& text = ctx.scratch.text;
  for (int attempt = 0; attempt < 3; ++attempt) {
    text.clear();
    switch (small ? ctx.rng.Below(3) : 0) {
      case 0:  // an interesting value
        text.assign(kInterestingNumbers[ctx.rng.Below(
            sizeof kInterestingNumbers / sizeof kInterestingNumbers[0])]);
        break;
      case 1:  // scaled by a power of ten: 20 -> 200, 2000, 20000
        absl::StrAppend(&text, value == 0 ? 1 : value);
        text.append(1 + ctx.rng.Below(3), '0');
        break;
      default: {  // a neighbour or a double or a half
        const uint64_t next[] = {value + 1, value > 0 ? value - 1 : 0,
                                 value * 2, value / 2};
        absl::StrAppend(&text, next[ctx.rng.Below(4)]);
        break;
      }
    }
    if (rest + text.size() > ctx.max_size) continue;
    const int type = in.node(at).symbol;
    if (!ctx.tokens.Accepts(type, text)) continue;
    if (ReplaceToken(ctx, in, at, text, out)) return true;
  }
  return false;
}

bool OpTokenRegenerate(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickToken(ctx, in);
  if (at < 0) return false;
  const size_t rest = in.TextSize() - in.SubtreeSize(at);
  if (rest >= ctx.max_size) return false;
  const size_t room = std::min<size_t>(ctx.max_size - rest, 256);
  std::string& text = ctx.scratch.text;
  const int type = in.node(at).symbol;
  const absl::Span<const int32_t> enclosing =
      op_internal::EnclosingRules(ctx, in, at);
  // The token's own place, innermost first, when names are kept by place.
  int32_t wanted[kTokenPlaceDepth];
  size_t num_wanted = 0;
  if (ctx.pool != nullptr && ctx.pool->by_context()) {
    num_wanted = InnermostFirst(enclosing, kTokenPlaceDepth, wanted);
  }
  const absl::Span<const int32_t> want(wanted, num_wanted);
  for (int attempt = 0; attempt < 3; ++attempt) {
    // Another token's text of the input (a name it defines), or a new one.
    const absl::string_view same_input =
        ctx.rng.Chance(ctx.input_texts)
            ? PickTokenTextOfType(in, ctx.index.FreeTokens(in, ctx.grammar),
                                  ctx.index.FreeTokenRules(in, ctx.grammar),
                                  type, room, ctx.rng, want, in.token_text(at))
            : absl::string_view();
    if (!same_input.empty()) {
      text.assign(same_input.data(), same_input.size());
    } else {
      ctx.tokens.Generate(type, ctx.rng, room, ctx.pool, 0.5,
                          ctx.mode != ProbabilityMode::kLearned, &text,
                          enclosing);
    }
    if (ReplaceToken(ctx, in, at, text, out)) return true;
  }
  return false;
}

bool OpTokenEmbedded(MutationContext& ctx, const Tree& in, Tree* out) {
  // A token of the part read whose type has an embedded language.
  std::vector<int32_t>& candidates = ctx.scratch.ints;
  candidates.clear();
  for (const int32_t t :
       op_internal::ReadPart(ctx, ctx.index.FreeTokens(in, ctx.grammar))) {
    if (ctx.tokens.HasSource(in.node(t).symbol)) candidates.push_back(t);
  }
  if (candidates.empty()) return false;
  const int at = candidates[ctx.rng.Below(candidates.size())];
  const size_t rest = in.TextSize() - in.SubtreeSize(at);
  if (rest >= ctx.max_size) return false;
  const size_t room = std::min<size_t>(ctx.max_size - rest, 256);
  // The input's words: the runs of letters and digits in its tokens with
  // an embedded language, and its names.
  std::vector<absl::string_view>& words = ctx.scratch.words;
  words.clear();
  for (const int32_t t : ctx.index.FreeTokens(in, ctx.grammar)) {
    const int type = in.node(t).symbol;
    const absl::string_view text = in.token_text(t);
    if (ctx.name_types != nullptr && (*ctx.name_types)[type]) {
      words.push_back(text);
    } else if (ctx.tokens.HasSource(type)) {
      for (absl::string_view w : absl::StrSplit(text, WordBreak())) {
        if (!w.empty()) words.push_back(w);
      }
    }
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  std::shuffle(words.begin(), words.end(), ctx.rng);
  std::string& text = ctx.scratch.text;
  if (!ctx.tokens.FromSource(in.node(at).symbol, ctx.rng, room, words, &text)) {
    return false;
  }
  return ReplaceToken(ctx, in, at, text, out);
}

bool OpTokenBytes(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickToken(ctx, in);
  if (at < 0) return false;
  const size_t rest = in.TextSize() - in.SubtreeSize(at);
  if (rest >= ctx.max_size) return false;
  const absl::string_view old_text = in.token_text(at);
  const size_t cap =
      std::min<size_t>(ctx.max_size - rest, old_text.size() * 2 + 16);
  if (cap == 0) return false;
  std::string& text = ctx.scratch.text;
  MutateBytes(old_text, cap, ctx.byte_edits, ctx.rng, &text);
  return ReplaceToken(ctx, in, at, text, out);
}

}  // namespace grammut
