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
  std::vector<int> tokens, free_text;
  for (int i = 0; i < in.size(); ++i) {
    const Node& n = in.node(i);
    if (n.is_rule || n.symbol <= 0 || in.token_text(i).empty()) continue;
    tokens.push_back(i);
    if (ctx.grammar.literal_text(n.symbol).empty()) free_text.push_back(i);
  }
  const std::vector<int>& from =
      !free_text.empty() && ctx.rng.Chance(0.8) ? free_text : tokens;
  return from.empty() ? -1 : from[ctx.rng.Below(from.size())];
}

// Replaces token `at` by `text` (same type, same trivia).
bool ReplaceToken(MutationContext& ctx, const Tree& in, int at,
                  const std::string& text, Tree* out) {
  if (text == in.token_text(at)) return false;
  Tree donor;
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
  for (int attempt = 0; attempt < 3; ++attempt) {
    const std::string text =
        ctx.tokens.Generate(in.node(at).symbol, ctx.rng, room, ctx.pool, 0.5);
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
  const std::string text = MutateBytes(old_text, cap, ctx.byte_mutate, ctx.rng);
  return ReplaceToken(ctx, in, at, text, out);
}

}  // namespace grammut
