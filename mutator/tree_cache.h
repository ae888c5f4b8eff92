// tree_cache.h: parsed trees by a hash of their bytes.
//
// libFuzzer chains mutations (-mutate_depth) and picks the same corpus
// entries again and again. The cache keeps the Tree of every input parsed
// and of every output the mutator produced, so none is parsed twice. It is
// bounded by an estimate of its memory; the oldest entries go first.
#ifndef GRAMMUT_MUTATOR_TREE_CACHE_H_
#define GRAMMUT_MUTATOR_TREE_CACHE_H_

#include <cstdint>
#include <deque>
#include <memory>

#include "absl/container/flat_hash_map.h"
#include "grammar_runtime/tree.h"

namespace grammut {

// A cached input: its tree and how well it parsed.
struct CachedTree {
  Tree tree;
  int syntax_errors = 0;
};

class TreeCache {
 public:
  explicit TreeCache(size_t max_bytes = size_t{64} << 20)
      : max_bytes_(max_bytes) {}

  // The entry for `hash`, or null.
  std::shared_ptr<const CachedTree> Find(uint64_t hash);
  // Adds (or replaces) the entry for `hash`.
  void Put(uint64_t hash, std::shared_ptr<const CachedTree> entry);

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  size_t size() const { return map_.size(); }
  size_t bytes() const { return bytes_; }

 private:
  static size_t Cost(const CachedTree& t);
  size_t max_bytes_;
  size_t bytes_ = 0;
  uint64_t hits_ = 0, misses_ = 0;
  absl::flat_hash_map<uint64_t, std::shared_ptr<const CachedTree>> map_;
  std::deque<uint64_t> order_;  // insertion order, for eviction
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_TREE_CACHE_H_
