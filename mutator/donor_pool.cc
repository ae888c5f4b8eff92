#include "mutator/donor_pool.h"

#include "grammar_runtime/fingerprint.h"

namespace grammut {

DonorPool::DonorPool(int num_rules, size_t per_rule, size_t max_bytes)
    : per_rule_(per_rule),
      max_bytes_(max_bytes),
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
    const size_t bytes = tree.SubtreeSize(i);
    if (bytes == 0 || bytes > max_bytes_) continue;
    const uint64_t key = Fnv1a64(tree.SubtreeText(i));
    if (!seen_[n.symbol].insert(key).second) continue;
    Tree copy;
    copy.AppendSubtree(tree, i, 0);
    auto& list = donors_[n.symbol];
    if (list.size() < per_rule_) {
      list.push_back(std::move(copy));
    } else {
      list[rng.Below(list.size())] = std::move(copy);
    }
    if (seen_[n.symbol].size() > 16 * per_rule_) seen_[n.symbol].clear();
  }
}

const Tree* DonorPool::Pick(int rule, Rng& rng) const {
  if (rule < 0 || rule >= static_cast<int>(donors_.size())) return nullptr;
  const auto& list = donors_[rule];
  if (list.empty()) return nullptr;
  return &list[rng.Below(list.size())];
}

}  // namespace grammut
