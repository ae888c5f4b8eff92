// token-compare: input-to-state replacement at the token level.
//
// libFuzzer's own comparison mutation writes one side of a recent
// comparison wherever it finds the other in the input's bytes. Here the
// side found must lie inside one token's text, and the token must still
// lex as its type after the edit, so the output keeps its tree and stays a
// clean derivation: "tokenize=simple" becomes "tokenize=porter" when the
// target compared "simple" with "porter", and a later splice can carry the
// new word elsewhere.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "mutate/operators/operators.h"

namespace grammut {
namespace {

// Occurrences of one side of a word pair looked at, from a random place on.
constexpr int kOccurrencesPerSide = 8;
// Sites gathered at most, and tried before giving up.
constexpr size_t kMaxSites = 256;
constexpr int kTries = 4;

using Site = OperatorScratch::CompareSite;

// The token of `tokens` (ascending nodes of `in`) whose text (not its
// trivia) holds bytes [pos, pos + len) of in.text(), or -1.
int TokenHolding(const Tree& in, absl::Span<const int32_t> tokens, size_t pos,
                 size_t len) {
  const auto it = std::upper_bound(
      tokens.begin(), tokens.end(), pos,
      [&in](size_t p, int32_t t) { return p < in.node(t).text_begin; });
  if (it == tokens.begin()) return -1;
  const Node& n = in.node(*(it - 1));
  const size_t begin = n.text_begin + n.trivia_size;
  const size_t end = n.text_begin + n.text_size;
  return pos >= begin && pos + len <= end ? *(it - 1) : -1;
}

// Adds the sites where side `found_b` of word pair `p` stands inside a
// token of `tokens`.
void FindWordSites(MutationContext& ctx, const Tree& in,
                   absl::Span<const int32_t> tokens, uint32_t p, bool found_b,
                   size_t start) {
  const ComparedPair& pair = ctx.scratch.compared[p];
  const absl::string_view side = found_b ? pair.b : pair.a;
  const absl::string_view text = in.text();
  if (side.size() < 2 || side.size() > text.size()) return;
  std::vector<Site>& sites = ctx.scratch.compare_sites;
  // From `start` to the end, then from the beginning.
  size_t pos = start;
  bool wrapped = false;
  for (int k = 0; k < kOccurrencesPerSide && sites.size() < kMaxSites; ++k) {
    pos = text.find(side, pos);
    if (pos == absl::string_view::npos || (wrapped && pos >= start)) {
      if (wrapped || start == 0) return;
      wrapped = true;
      pos = text.find(side, 0);
      if (pos == absl::string_view::npos || pos >= start) return;
    }
    const int token = TokenHolding(in, tokens, pos, side.size());
    if (token >= 0) {
      const size_t offset =
          pos - in.node(token).text_begin - in.node(token).trivia_size;
      sites.push_back(Site{p, token, static_cast<uint32_t>(offset), found_b});
    }
    ++pos;
  }
}

// Adds the sites where a number pair's side is a whole token of `tokens`.
void FindNumberSites(MutationContext& ctx, const Tree& in,
                     absl::Span<const int32_t> tokens) {
  std::vector<Site>& sites = ctx.scratch.compare_sites;
  const std::vector<ComparedPair>& pairs = ctx.scratch.compared;
  for (const int32_t t : tokens) {
    const absl::string_view text = in.token_text(t);
    if (text.empty() || text.size() > 20 ||
        !absl::ascii_isdigit(static_cast<unsigned char>(text[0]))) {
      continue;
    }
    for (uint32_t p = 0; p < pairs.size() && sites.size() < kMaxSites; ++p) {
      if (!pairs[p].number) continue;
      if (text == pairs[p].a) sites.push_back(Site{p, t, 0, false});
      if (text == pairs[p].b) sites.push_back(Site{p, t, 0, true});
    }
  }
}

}  // namespace

bool OpTokenCompare(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.compares == nullptr || in.text().empty()) return false;
  std::vector<ComparedPair>& pairs = ctx.scratch.compared;
  ctx.compares->Read(&pairs);
  std::vector<Site>& sites = ctx.scratch.compare_sites;
  sites.clear();
  const absl::Span<const int32_t> tokens =
      op_internal::ReadPart(ctx, ctx.index.FreeTokens(in, ctx.grammar));
  if (tokens.empty()) return false;
  const size_t start = ctx.rng.Below(in.text().size());
  for (uint32_t p = 0; p < pairs.size(); ++p) {
    if (pairs[p].number || pairs[p].a == pairs[p].b) continue;
    FindWordSites(ctx, in, tokens, p, false, start);
    FindWordSites(ctx, in, tokens, p, true, start);
  }
  FindNumberSites(ctx, in, tokens);
  const size_t total = in.TextSize();
  std::string& text = ctx.scratch.text;
  for (int attempt = 0; attempt < kTries && !sites.empty(); ++attempt) {
    const size_t k = ctx.rng.Below(sites.size());
    const Site site = sites[k];
    sites[k] = sites.back();
    sites.pop_back();
    const ComparedPair& pair = pairs[site.pair];
    const absl::string_view found = site.found_b ? pair.b : pair.a;
    const absl::string_view wanted = site.found_b ? pair.a : pair.b;
    const absl::string_view old_text = in.token_text(site.token);
    if (total - found.size() + wanted.size() > ctx.max_size) continue;
    text.assign(old_text.data(), site.offset);
    text.append(wanted.data(), wanted.size());
    const absl::string_view tail = old_text.substr(site.offset + found.size());
    text.append(tail.data(), tail.size());
    if (!ctx.tokens.Accepts(in.node(site.token).symbol, text)) continue;
    if (op_internal::ReplaceToken(ctx, in, site.token, text, out)) return true;
  }
  return false;
}

}  // namespace grammut
