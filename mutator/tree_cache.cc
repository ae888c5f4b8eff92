#include "mutator/tree_cache.h"

#include <utility>

namespace grammut {

std::shared_ptr<const CachedTree> TreeCache::Find(uint64_t hash) {
  std::shared_ptr<const CachedTree>* e = map_.Touch(hash);
  ++(e == nullptr ? misses_ : hits_);
  return e == nullptr ? nullptr : *e;
}

void TreeCache::Put(uint64_t hash, std::shared_ptr<const CachedTree> entry) {
  const size_t cost = entry->MemoryBytes();
  map_.Put(hash, std::move(entry), cost);
}

}  // namespace grammut
