#include "mutate/donor_pool.h"

#include "absl/hash/hash.h"
#include "learn/place_match.h"

namespace grammut {

DonorPool::DonorPool(int num_rules, size_t max_bytes, size_t per_rule,
                     size_t max_subtree_bytes)
    : max_bytes_(max_bytes),
      per_rule_(per_rule),
      max_subtree_bytes_(max_subtree_bytes),
      donors_(static_cast<size_t>(num_rules)),
      places_(static_cast<size_t>(num_rules)),
      seen_(static_cast<size_t>(num_rules)) {}

void DonorPool::AddTree(const Tree& tree, uint64_t salt) {
  Rng rng(salt);
  ForEachNodeWithEnclosingRules(tree, 0, &open_,
                                [&](int i, absl::Span<const int> enclosing) {
                                  AddSubtree(tree, i, enclosing, rng);
                                });
}

void DonorPool::AddSubtree(const Tree& tree, int i,
                           absl::Span<const int> enclosing, Rng& rng) {
  const Node& n = tree.node(i);
  if (!n.is_rule || n.symbol < 0 ||
      n.symbol >= static_cast<int>(donors_.size())) {
    return;
  }
  const absl::string_view text = tree.SubtreeText(i);
  if (text.empty() || text.size() > max_subtree_bytes_) return;
  auto& seen = seen_[n.symbol];
  if (!seen.insert(absl::HashOf(text)).second) return;
  if (seen.size() > 16 * per_rule_) seen.clear();
  auto& list = donors_[n.symbol];
  const bool full = list.size() >= per_rule_ || bytes_ >= max_bytes_;
  if (full && list.empty()) return;
  // A full rule's donor is overwritten in place: its buffers are reused,
  // so a pool that follows the corpus allocates little once it is full.
  auto& places = places_[n.symbol];
  size_t slot;
  if (!full) {
    if (list.empty()) {
      list.reserve(per_rule_);
      places.reserve(per_rule_ * kRulePlaceDepth);
    }
    slot = list.size();
    list.emplace_back();
    places.resize(places.size() + kRulePlaceDepth);
  } else {
    slot = rng.Below(list.size());
    bytes_ -= list[slot].MemoryBytes();
  }
  list[slot].AssignSubtree(tree, i);
  WritePlace(tree, enclosing, kRulePlaceDepth, &places[slot * kRulePlaceDepth]);
  bytes_ += list[slot].MemoryBytes();
}

const Tree* DonorPool::Pick(int rule, Rng& rng,
                            absl::Span<const int32_t> want) const {
  if (rule < 0 || rule >= static_cast<int>(donors_.size())) return nullptr;
  const auto& list = donors_[rule];
  if (list.empty()) return nullptr;
  if (want.empty()) return &list[rng.Below(list.size())];
  const std::vector<int32_t>& places = places_[rule];
  const int64_t k = PickByPlace(
      list.size(), kRulePlaceDepth,
      [&](size_t k) {
        return PlaceMatch(want, &places[k * kRulePlaceDepth], kRulePlaceDepth);
      },
      rng);
  return &list[static_cast<size_t>(k)];
}

}  // namespace grammut
