// tree_cache.h: parsed corpus trees by a hash of their bytes.
//
// libFuzzer picks the same corpus entries again and again; the cache keeps
// the tree (and its TreeIndex) of every corpus entry the mutator parsed or
// saw kept, so none is parsed twice while it fits. It has two tiers, both
// bounded by the memory their entries really hold: trees in use, ready to
// mutate, and behind them trees packed a few bytes a node (tree_codec.h)
// and deflated (compressor.h), about 2 bytes a node, that an entry moves to
// when it is pushed out of the first tier. A packed entry that is asked for
// again is inflated, unpacked and indexed (tens of microseconds, where a
// parse of the same entry takes a millisecond or more) and comes back to the
// first tier. In each tier the oldest entries go first, except that an
// entry used since it was added gets a second chance.
// (The mutator's own last outputs are not here: they live in two reused
// output slots until libFuzzer says what became of them.)
#ifndef GRAMMUT_MUTATE_CACHE_TREE_CACHE_H_
#define GRAMMUT_MUTATE_CACHE_TREE_CACHE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "grammar/grammar.h"
#include "tree/tree.h"
#include "base/bounded_map.h"
#include "base/compressor.h"
#include "mutate/cache/tree_index.h"

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
  // `max_bytes` bounds both tiers together (the packed tier takes at most
  // 60% of it, the ready tier the rest and what the packed tier leaves
  // unused); `grammar` indexes trees unpacked from the second tier.
  TreeCache(size_t max_bytes, const Grammar& grammar);

  // The entry for `hash`, or null.
  std::shared_ptr<const CachedTree> Find(uint64_t hash);
  // Whether either tier holds `hash` (nothing unpacked, nothing counted).
  bool Contains(uint64_t hash) const {
    return ready_.Contains(hash) || packed_.Contains(hash);
  }
  // Adds (or replaces) the entry for `hash` in the first tier; entries it
  // pushes out are packed into the second, whose oldest entries go.
  void Put(uint64_t hash, std::shared_ptr<const CachedTree> entry);
  // Drops the entry for `hash` from both tiers (its bytes left the corpus);
  // true if there was one.
  bool Erase(uint64_t hash);

  uint64_t hits() const { return hits_; }
  uint64_t misses() const { return misses_; }
  // Hits served by unpacking a packed entry.
  uint64_t unpacked() const { return unpacked_; }
  // Entries and bytes of both tiers; the packed tier's share of them.
  size_t size() const { return ready_.size() + packed_.size(); }
  size_t bytes() const { return ready_.cost() + packed_.cost(); }
  size_t max_bytes() const { return max_bytes_; }
  size_t packed_size() const { return packed_.size(); }

 private:
  // A tree as the second tier keeps it: packed (tree_codec.h), then
  // deflated (compressor.h) unless zlib failed.
  struct PackedTree {
    std::string bytes;
    bool deflated = false;
    uint32_t raw_size = 0;  // packed, before deflating
    int syntax_errors = 0;
    bool clean = false;
  };
  // Puts `entry` in the first tier, packing what it pushes out.
  void MakeReady(uint64_t hash, std::shared_ptr<const CachedTree> entry);
  // Adds `entry`'s packed form to the second tier (unless there already).
  void Pack(uint64_t hash, const CachedTree& entry);

  const Grammar* grammar_;
  size_t max_bytes_;
  Compressor compressor_;
  std::string scratch_;   // a packed tree, between codec and compressor
  std::string deflated_;  // Compress's output, before it is copied to fit
  BoundedMap<std::shared_ptr<const CachedTree>> ready_;
  BoundedMap<PackedTree> packed_;
  uint64_t hits_ = 0, misses_ = 0, unpacked_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_CACHE_TREE_CACHE_H_
