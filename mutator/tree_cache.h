// tree_cache.h: parsed corpus trees by a hash of their bytes.
//
// libFuzzer picks the same corpus entries again and again; the cache keeps
// the tree (and its TreeIndex) of every corpus entry the mutator parsed or
// saw kept, so none is parsed twice while it fits. The cache is bounded by
// the memory its entries really hold; the oldest entries go first, except
// that an entry used since it was added gets a second chance.
// (The mutator's own last outputs are not here: they live in two reused
// output slots until libFuzzer says what became of them.)
#ifndef GRAMMUT_MUTATOR_TREE_CACHE_H_
#define GRAMMUT_MUTATOR_TREE_CACHE_H_

#include <cstdint>
#include <memory>

#include "grammar_runtime/tree.h"
#include "mutator/bounded_map.h"
#include "mutator/tree_index.h"

namespace grammut {

// A cached corpus entry: its tree, its index and how it was made.
struct CachedTree {
  Tree tree;
  TreeIndex index;
  int syntax_errors = 0;
  // A clean derivation (parsed without errors, or built by tree operators
  // from clean trees): safe to learn from.
  bool clean = false;

  size_t MemoryBytes() const {
    return sizeof(CachedTree) + 64 + tree.MemoryBytes() + index.MemoryBytes();
  }
};

class TreeCache {
 public:
  explicit TreeCache(size_t max_bytes) : map_(max_bytes) {}

  // The entry for `hash`, or null.
  std::shared_ptr<const CachedTree> Find(uint64_t hash);
  // Adds (or replaces) the entry for `hash`, evicting the oldest entries
  // while over the bound.
  void Put(uint64_t hash, std::shared_ptr<const CachedTree> entry);

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  size_t size() const { return map_.size(); }
  size_t bytes() const { return map_.cost(); }
  size_t max_bytes() const { return map_.max_cost(); }

 private:
  BoundedMap<std::shared_ptr<const CachedTree>> map_;
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_TREE_CACHE_H_
