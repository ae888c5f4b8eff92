// tree_cache.h: parsed trees by a hash of their bytes.
//
// libFuzzer chains mutations (-mutate_depth) and picks the same corpus
// entries again and again. The cache keeps the Tree of every input parsed
// and of every output the mutator produced, so none is parsed twice.
//
// It has two tiers. Outputs go to a small tier of recent outputs: most are
// discarded by libFuzzer and must not push out the trees of corpus entries,
// which are kept in the large tier (inputs we parsed, and outputs promoted
// when libFuzzer hands them back). Each tier is bounded by an estimate of
// its memory; the oldest entries go first.
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

// One memory-bounded FIFO map from hash to tree.
class TreeCacheTier {
 public:
  explicit TreeCacheTier(size_t max_bytes) : max_bytes_(max_bytes) {}

  // The entry for `hash`, or null.
  std::shared_ptr<const CachedTree> Find(uint64_t hash) const;
  // Adds (or replaces) the entry for `hash`, evicting the oldest entries
  // while over the bound.
  void Put(uint64_t hash, std::shared_ptr<const CachedTree> entry);
  // Removes and returns the entry for `hash`, or null.
  std::shared_ptr<const CachedTree> Take(uint64_t hash);

  size_t size() const { return map_.size(); }
  size_t bytes() const { return bytes_; }

 private:
  static size_t Cost(const CachedTree& t);
  size_t max_bytes_;
  size_t bytes_ = 0;
  absl::flat_hash_map<uint64_t, std::shared_ptr<const CachedTree>> map_;
  std::deque<uint64_t> order_;  // insertion order, for eviction
};

class TreeCache {
 public:
  // Outputs are needed only until libFuzzer's next call (a chain step or
  // a promotion), so their tier is small.
  explicit TreeCache(size_t corpus_bytes = size_t{128} << 20,
                     size_t output_bytes = size_t{8} << 20)
      : corpus_(corpus_bytes), outputs_(output_bytes) {}

  // The entry for `hash` in either tier, or null.
  std::shared_ptr<const CachedTree> Find(uint64_t hash);
  // Adds the tree of an input (a corpus entry) to the large tier.
  void Put(uint64_t hash, std::shared_ptr<const CachedTree> entry);
  // Adds the tree of an output to the tier of recent outputs.
  void PutOutput(uint64_t hash, std::shared_ptr<const CachedTree> entry);
  // Moves an output that libFuzzer kept to the large tier; true if found.
  bool Promote(uint64_t hash);

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  size_t size() const { return corpus_.size() + outputs_.size(); }
  size_t bytes() const { return corpus_.bytes() + outputs_.bytes(); }
  // Entries in the large tier.
  size_t corpus_size() const { return corpus_.size(); }

 private:
  TreeCacheTier corpus_;
  TreeCacheTier outputs_;
  uint64_t hits_ = 0, misses_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_TREE_CACHE_H_
