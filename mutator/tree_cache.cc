#include "mutator/tree_cache.h"

namespace grammut {

size_t TreeCache::Cost(const CachedTree& t) {
  return sizeof(CachedTree) + t.tree.nodes().size() * sizeof(Node) +
         t.tree.TextSize() * 2 + 64;
}

std::shared_ptr<const CachedTree> TreeCache::Find(uint64_t hash) {
  auto it = map_.find(hash);
  if (it == map_.end()) {
    ++misses_;
    return nullptr;
  }
  ++hits_;
  return it->second;
}

void TreeCache::Put(uint64_t hash, std::shared_ptr<const CachedTree> entry) {
  auto [it, inserted] = map_.try_emplace(hash, entry);
  if (!inserted) {
    bytes_ -= Cost(*it->second);
    it->second = entry;
  } else {
    order_.push_back(hash);
  }
  bytes_ += Cost(*entry);
  while (bytes_ > max_bytes_ && !order_.empty()) {
    const uint64_t old = order_.front();
    order_.pop_front();
    auto victim = map_.find(old);
    if (victim == map_.end()) continue;
    bytes_ -= Cost(*victim->second);
    map_.erase(victim);
  }
}

}  // namespace grammut
