#include "mutator/donor_pool.h"

#include "absl/hash/hash.h"

namespace grammut {

DonorPool::DonorPool(int num_rules, size_t max_bytes, size_t per_rule,
                     size_t max_subtree_bytes)
    : max_bytes_(max_bytes),
      per_rule_(per_rule),
      max_subtree_bytes_(max_subtree_bytes),
      donors_(static_cast<size_t>(num_rules)),
      seen_(static_cast<size_t>(num_rules)) {}

void DonorPool::AddTree(const Tree& tree, uint64_t salt) {
  Rng rng(salt);
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (!n.is_rule || n.symbol < 0 ||
        n.symbol >= static_cast<int>(donors_.size())) {
      continue;
    }
    const absl::string_view text = tree.SubtreeText(i);
    if (text.empty() || text.size() > max_subtree_bytes_) continue;
    auto& seen = seen_[n.symbol];
    if (!seen.insert(absl::HashOf(text)).second) continue;
    if (seen.size() > 16 * per_rule_) seen.clear();
    auto& list = donors_[n.symbol];
    const bool full = list.size() >= per_rule_ || bytes_ >= max_bytes_;
    if (full && list.empty()) continue;
    // A full rule's donor is overwritten in place: its buffers are reused,
    // so a pool that follows the corpus allocates little once it is full.
    Tree* slot;
    if (!full) {
      if (list.empty()) list.reserve(per_rule_);
      slot = &list.emplace_back();
    } else {
      slot = &list[rng.Below(list.size())];
      bytes_ -= slot->MemoryBytes();
    }
    slot->AssignSubtree(tree, i);
    bytes_ += slot->MemoryBytes();
  }
}

const Tree* DonorPool::Pick(int rule, Rng& rng) const {
  if (rule < 0 || rule >= static_cast<int>(donors_.size())) return nullptr;
  const auto& list = donors_[rule];
  if (list.empty()) return nullptr;
  return &list[rng.Below(list.size())];
}

}  // namespace grammut
