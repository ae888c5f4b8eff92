#include "mutator/tree_cache.h"

#include <utility>

namespace grammut {

size_t TreeCacheTier::Cost(const CachedTree& t) {
  // The entry, its control block and map slot, and the tree's buffers.
  return sizeof(CachedTree) + 64 + t.tree.MemoryBytes();
}

std::shared_ptr<const CachedTree> TreeCacheTier::Find(uint64_t hash) const {
  auto it = map_.find(hash);
  return it == map_.end() ? nullptr : it->second;
}

void TreeCacheTier::Put(uint64_t hash,
                        std::shared_ptr<const CachedTree> entry) {
  const size_t cost = Cost(*entry);
  // try_emplace leaves `entry` alone when the key exists.
  auto [it, inserted] = map_.try_emplace(hash, entry);
  if (!inserted) {
    bytes_ -= Cost(*it->second);
    it->second = std::move(entry);
  } else {
    order_.push_back(hash);
  }
  bytes_ += cost;
  while (bytes_ > max_bytes_ && !order_.empty()) {
    const uint64_t old = order_.front();
    order_.pop_front();
    Take(old);
  }
}

std::shared_ptr<const CachedTree> TreeCacheTier::Take(uint64_t hash) {
  auto it = map_.find(hash);
  if (it == map_.end()) return nullptr;
  std::shared_ptr<const CachedTree> entry = std::move(it->second);
  bytes_ -= Cost(*entry);
  map_.erase(it);
  return entry;  // its slot in order_ is skipped when it comes up
}

std::shared_ptr<const CachedTree> TreeCache::Find(uint64_t hash) {
  std::shared_ptr<const CachedTree> e = corpus_.Find(hash);
  if (e == nullptr) e = outputs_.Find(hash);
  ++(e == nullptr ? misses_ : hits_);
  return e;
}

void TreeCache::Put(uint64_t hash, std::shared_ptr<const CachedTree> entry) {
  corpus_.Put(hash, std::move(entry));
}

void TreeCache::PutOutput(uint64_t hash,
                          std::shared_ptr<const CachedTree> entry) {
  outputs_.Put(hash, std::move(entry));
}

bool TreeCache::Promote(uint64_t hash) {
  std::shared_ptr<const CachedTree> e = outputs_.Take(hash);
  if (e == nullptr) return false;
  corpus_.Put(hash, std::move(e));
  return true;
}

}  // namespace grammut
