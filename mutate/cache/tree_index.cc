#include "mutate/cache/tree_index.h"

#include <algorithm>

namespace grammut {
namespace {

// The Build passes' stack of open rule nodes: one per thread, so that
// indexing a tree allocates only the index itself.
std::vector<int32_t>& OpenRules() {
  thread_local std::vector<int32_t> open;
  return open;
}

// Makes room for `n` entries: exactly in a new index (a cached tree's,
// built once), doubling in a reused one (an output slot's, which meets
// ever larger trees).
void Reserve(std::vector<int32_t>* v, size_t n) {
  if (v->capacity() >= n) return;
  v->reserve(v->capacity() == 0 ? n : std::max(n, 2 * v->capacity()));
}

}  // namespace

void TreeIndex::BuildAll(const Tree& tree, const Grammar& grammar) const {
  if (!built_rules_) BuildRules(tree, grammar);
  if (!built_tokens_) BuildTokens(tree, grammar);
}

int TreeIndex::RandomRuleNode(const Tree& tree, Rng& rng, int limit) {
  const int n = std::min(tree.size(), limit);
  if (n <= 0) return -1;
  int i = static_cast<int>(rng.Below(n));
  while (i >= 0 && !tree.node(i).is_rule) --i;
  return i;
}

void TreeIndex::BuildRules(const Tree& tree, const Grammar& grammar) const {
  built_rules_ = true;
  const int num_rules = grammar.num_rules();
  rule_begin_.assign(num_rules + 1, 0);
  int count = 0, loops = 0;
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (!n.is_rule || n.symbol < 0 || n.symbol >= num_rules) continue;
    ++rule_begin_[n.symbol + 1];
    ++count;
    if (n.steps_size >= 2) ++loops;
  }
  // Sized before filling: no regrowth, nothing to give back.
  loop_nodes_.clear();
  Reserve(&loop_nodes_, loops);
  for (int r = 0; r < num_rules; ++r) rule_begin_[r + 1] += rule_begin_[r];
  by_rule_.resize(count);
  places_.resize(static_cast<size_t>(count) * kRulePlaceDepth);
  // Counting sort, stable: each group stays in preorder. rule_begin_[r] is
  // the insertion cursor of group r, restored afterwards.
  ForEachNodeWithEnclosingRules(
      tree, 0, &OpenRules(), [&](int i, absl::Span<const int> enclosing) {
        const Node& n = tree.node(i);
        if (!n.is_rule || n.symbol < 0 || n.symbol >= num_rules) return;
        if (n.steps_size >= 2) loop_nodes_.push_back(i);
        const int slot = rule_begin_[n.symbol]++;
        by_rule_[slot] = i;
        WritePlace(tree, enclosing, kRulePlaceDepth,
                   &places_[static_cast<size_t>(slot) * kRulePlaceDepth]);
      });
  for (int r = num_rules; r > 0; --r) rule_begin_[r] = rule_begin_[r - 1];
  rule_begin_[0] = 0;
}

void TreeIndex::BuildTokens(const Tree& tree, const Grammar& grammar) const {
  built_tokens_ = true;
  auto has_text = [&](const Node& n) {
    return !n.is_rule && n.symbol > 0 && n.text_size != n.trivia_size;
  };
  size_t count = 0, free = 0;
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (!has_text(n)) continue;
    ++count;
    if (!grammar.is_literal(n.symbol)) ++free;
  }
  // Sized before filling: no regrowth, nothing to give back.
  tokens_.clear();
  free_tokens_.clear();
  free_token_rules_.clear();
  Reserve(&tokens_, count);
  Reserve(&free_tokens_, free);
  Reserve(&free_token_rules_, free * kTokenPlaceDepth);
  ForEachNodeWithEnclosingRules(
      tree, 0, &OpenRules(), [&](int i, absl::Span<const int> enclosing) {
        const Node& n = tree.node(i);
        if (!has_text(n)) return;
        tokens_.push_back(i);
        if (grammar.is_literal(n.symbol)) return;
        free_tokens_.push_back(i);
        free_token_rules_.resize(free_token_rules_.size() + kTokenPlaceDepth);
        WritePlace(
            tree, enclosing, kTokenPlaceDepth,
            &free_token_rules_[free_token_rules_.size() - kTokenPlaceDepth]);
      });
}

absl::Span<const int32_t> TreeIndex::OfRule(const Tree& tree,
                                            const Grammar& grammar,
                                            int rule) const {
  if (!built_rules_) BuildRules(tree, grammar);
  if (rule < 0 || rule + 1 >= static_cast<int>(rule_begin_.size())) return {};
  return absl::Span<const int32_t>(by_rule_.data() + rule_begin_[rule],
                                   rule_begin_[rule + 1] - rule_begin_[rule]);
}

absl::Span<const int32_t> TreeIndex::PlacesOfRule(const Tree& tree,
                                                  const Grammar& grammar,
                                                  int rule) const {
  if (!built_rules_) BuildRules(tree, grammar);
  if (rule < 0 || rule + 1 >= static_cast<int>(rule_begin_.size())) return {};
  return absl::Span<const int32_t>(
      places_.data() + static_cast<size_t>(rule_begin_[rule]) * kRulePlaceDepth,
      static_cast<size_t>(rule_begin_[rule + 1] - rule_begin_[rule]) *
          kRulePlaceDepth);
}

absl::Span<const int32_t> TreeIndex::PlaceOf(const Tree& tree,
                                             const Grammar& grammar,
                                             int node) const {
  const int rule = tree.node(node).symbol;
  const absl::Span<const int32_t> nodes = OfRule(tree, grammar, rule);
  const auto it = std::lower_bound(nodes.begin(), nodes.end(), node);
  if (it == nodes.end() || *it != node) return {};
  return PlacesOfRule(tree, grammar, rule)
      .subspan(static_cast<size_t>(it - nodes.begin()) * kRulePlaceDepth,
               kRulePlaceDepth);
}

absl::Span<const int32_t> TreeIndex::OfRuleWithin(const Tree& tree,
                                                  const Grammar& grammar,
                                                  int rule, int begin,
                                                  int end) const {
  absl::Span<const int32_t> all = OfRule(tree, grammar, rule);
  auto lo = std::lower_bound(all.begin(), all.end(), begin);
  auto hi = std::lower_bound(lo, all.end(), end);
  return absl::Span<const int32_t>(lo, static_cast<size_t>(hi - lo));
}

const std::vector<int32_t>& TreeIndex::Tokens(const Tree& tree,
                                              const Grammar& grammar) const {
  if (!built_tokens_) BuildTokens(tree, grammar);
  return tokens_;
}

const std::vector<int32_t>& TreeIndex::FreeTokens(
    const Tree& tree, const Grammar& grammar) const {
  if (!built_tokens_) BuildTokens(tree, grammar);
  return free_tokens_;
}

const std::vector<int32_t>& TreeIndex::FreeTokenRules(
    const Tree& tree, const Grammar& grammar) const {
  if (!built_tokens_) BuildTokens(tree, grammar);
  return free_token_rules_;
}

const std::vector<int32_t>& TreeIndex::LoopNodes(const Tree& tree,
                                                 const Grammar& grammar) const {
  if (!built_rules_) BuildRules(tree, grammar);
  return loop_nodes_;
}

void TreeIndex::ShrinkToFit() const {
  by_rule_.shrink_to_fit();
  places_.shrink_to_fit();
  rule_begin_.shrink_to_fit();
  loop_nodes_.shrink_to_fit();
  tokens_.shrink_to_fit();
  free_tokens_.shrink_to_fit();
  free_token_rules_.shrink_to_fit();
}

size_t TreeIndex::MemoryBytes() const {
  return sizeof(int32_t) *
         (by_rule_.capacity() + places_.capacity() + rule_begin_.capacity() +
          loop_nodes_.capacity() + tokens_.capacity() +
          free_tokens_.capacity() + free_token_rules_.capacity());
}

}  // namespace grammut
