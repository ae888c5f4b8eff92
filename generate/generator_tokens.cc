// generator_tokens.cc: how Generator picks token types and texts: texts of
// the input (by place), corpus texts for a context, the rules enclosing a
// node, a token type for a set or wildcard.
#include <algorithm>
#include <vector>

#include "generate/generator.h"
#include "learn/place_match.h"

namespace grammut {

namespace {

// True if the parent of token `at` is a node of `rule`. Only a token's
// nearest nodes are looked at (a name's parent is usually right before
// it); false beyond them.
bool ParentIs(const Tree& tree, int at, int rule) {
  constexpr int kLookBack = 16;
  for (int p = at - 1; p >= 0 && p >= at - kLookBack; --p) {
    if (tree.End(p) > at) return tree.node(p).symbol == rule;
  }
  return false;
}

}  // namespace

absl::string_view PickTokenTextOfType(const Tree& tree,
                                      absl::Span<const int32_t> nodes,
                                      absl::Span<const int32_t> node_rules,
                                      int type, size_t max_len, Rng& rng,
                                      absl::Span<const int32_t> want,
                                      absl::string_view avoid) {
  const auto fits = [&](int at) {
    if (tree.node(at).is_rule || tree.node(at).symbol != type) return false;
    const absl::string_view text = tree.token_text(at);
    return !text.empty() && text.size() <= max_len &&
           (avoid.empty() || text != avoid);
  };
  if (!nodes.empty() && node_rules.size() == nodes.size() * kTokenPlaceDepth) {
    const int64_t k = PickByPlace(
        nodes.size(), kTokenPlaceDepth,
        [&](size_t k) {
          return fits(nodes[k])
                     ? PlaceMatch(want, &node_rules[k * kTokenPlaceDepth],
                                  kTokenPlaceDepth)
                     : -1;
        },
        rng);
    return k >= 0 ? tree.token_text(nodes[k]) : absl::string_view();
  }
  // Without a list, twice the looks: rule nodes and literals are drawn too.
  const int parent_rule = want.empty() ? -1 : want[0];
  const int looks = nodes.empty() ? 16 : 8;
  for (int look = 0; look < looks && !tree.empty(); ++look) {
    const int at = nodes.empty() ? static_cast<int>(rng.Below(tree.size()))
                                 : nodes[rng.Below(nodes.size())];
    if (!fits(at)) continue;
    if (parent_rule >= 0 && look < looks / 2 &&
        !ParentIs(tree, at, parent_rule)) {
      continue;
    }
    return tree.token_text(at);
  }
  return {};
}

bool Generator::PickContextText(int type, absl::Span<const int32_t> want,
                                int64_t room, const GenerateOptions& options,
                                Rng& rng) {
  if (options.context == nullptr || room <= 0 || !tokens_.TextAlone(type) ||
      !rng.Chance(options.context_probability)) {
    return false;
  }
  const absl::string_view text = PickTokenTextOfType(
      *options.context, options.context_tokens, options.context_token_rules,
      type, static_cast<size_t>(room), rng, want);
  if (text.empty() || !tokens_.StandsAlone(type, text)) return false;
  text_.assign(text.data(), text.size());
  return true;
}

absl::Span<const int32_t> Generator::WantedContext(
    const Tree& tree, const GenerateOptions& options) {
  if (options.context == nullptr || pool_ == nullptr || !pool_->by_context()) {
    return {};
  }
  wanted_.resize(kTokenPlaceDepth);
  const size_t n = InnermostFirst(Enclosing(tree, options), kTokenPlaceDepth,
                                  wanted_.data());
  return absl::Span<const int32_t>(wanted_.data(), n);
}

absl::Span<const int32_t> Generator::Enclosing(const Tree& tree,
                                               const GenerateOptions& options) {
  constexpr size_t kMax = TokenPool::kMaxContextRules;
  enclosing_.clear();
  const size_t from_frames = std::min(depth_, kMax);
  const size_t from_outer =
      std::min(options.enclosing.size(), kMax - from_frames);
  enclosing_.insert(enclosing_.end(), options.enclosing.end() - from_outer,
                    options.enclosing.end());
  for (size_t f = depth_ - from_frames; f < depth_; ++f) {
    enclosing_.push_back(tree.node(frames_[f].node).symbol);
  }
  return enclosing_;
}

int Generator::PickTokenType(const std::vector<int>& accepted, size_t fitting,
                             ProbabilityMode mode, Rng& rng) {
  const absl::Span<const int> candidates(accepted.data(), fitting);
  if (fitting < accepted.size()) {  // a prefix: weighed afresh
    weights_.TokenTypeWeights(candidates, mode, &type_weights_);
    double total = 0;
    for (double w : type_weights_) total += w;
    double r = rng.Uniform() * total;
    for (size_t k = 0; k < fitting; ++k) {
      r -= type_weights_[k];
      if (r < 0) return candidates[k];
    }
    return candidates.back();
  }
  // The whole list: its cumulative weights are kept until a count changes.
  TypeCdf& cdf = type_cdfs_[{&accepted, static_cast<int>(mode)}];
  if (cdf.version != weights_.token_version() || cdf.sums.empty()) {
    weights_.TokenTypeWeights(candidates, mode, &type_weights_);
    cdf.sums.resize(fitting);
    double total = 0;
    for (size_t k = 0; k < fitting; ++k)
      cdf.sums[k] = total += type_weights_[k];
    cdf.version = weights_.token_version();
  }
  const double r = rng.Uniform() * cdf.sums.back();
  const size_t k = static_cast<size_t>(
      std::upper_bound(cdf.sums.begin(), cdf.sums.end(), r) - cdf.sums.begin());
  return candidates[std::min(k, fitting - 1)];
}

}  // namespace grammut
