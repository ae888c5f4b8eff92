// Token operators: make a token's text anew from the lexer (or the corpus
// pool), or mutate its bytes with libFuzzer's own mutator (which brings its
// comparison dictionary to tokens) or grammut's fallback.
#include <algorithm>
#include <string>

#include "mutator/operators.h"

namespace grammut {
namespace {

// A random token node with text, preferring non-literal tokens, or -1.
int PickToken(MutationContext& ctx, const Tree& in) {
  const std::vector<int32_t>& free_text = ctx.index.FreeTokens(in, ctx.grammar);
  const std::vector<int32_t>& from = !free_text.empty() && ctx.rng.Chance(0.8)
                                         ? free_text
                                         : ctx.index.Tokens(in, ctx.grammar);
  return from.empty() ? -1 : from[ctx.rng.Below(from.size())];
}

// Replaces token `at` by `text` (same type, same trivia).
bool ReplaceToken(MutationContext& ctx, const Tree& in, int at,
                  absl::string_view text, Tree* out) {
  if (text == in.token_text(at)) return false;
  Tree& donor = ctx.scratch.fresh;
  donor.Clear();
  donor.AddToken(in.node(at).symbol, "", text);
  return op_internal::Splice(ctx, in, at, donor, 0, out);
}

}  // namespace

bool OpTokenRegenerate(MutationContext& ctx, const Tree& in, Tree* out) {
  const int at = PickToken(ctx, in);
  if (at < 0) return false;
  const size_t rest = in.TextSize() - in.SubtreeSize(at);
  if (rest >= ctx.max_size) return false;
  const size_t room = std::min<size_t>(ctx.max_size - rest, 256);
  std::string& text = ctx.scratch.text;
  for (int attempt = 0; attempt < 3; ++attempt) {
    ctx.tokens.Generate(in.node(at).symbol, ctx.rng, room, ctx.pool, 0.5,
                        &text);
    if (ReplaceToken(ctx, in, at, text, out)) return true;
  }
  return false;
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
  MutateBytes(old_text, cap, ctx.byte_mutate, ctx.rng, &text);
  return ReplaceToken(ctx, in, at, text, out);
}

}  // namespace grammut
