// donor_pool.h: subtrees from the corpus, by rule, for splicing.
//
// Every clean corpus input contributes its rule subtrees. The pool keeps at
// most `per_rule` distinct subtrees per rule (by text), each at most
// `max_subtree_bytes` long, and at most `max_bytes` of trees in all; when a
// rule (or the pool) is full, a new subtree replaces a random old one of
// its rule, so the pool follows the corpus.
#ifndef GRAMMUT_MUTATE_DONOR_POOL_H_
#define GRAMMUT_MUTATE_DONOR_POOL_H_

#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "tree/tree.h"

namespace grammut {

class DonorPool {
 public:
  DonorPool(int num_rules, size_t max_bytes, size_t per_rule = 32,
            size_t max_subtree_bytes = 1024);

  // Adds the rule subtrees of `tree`. `salt` makes replacement choices
  // deterministic.
  void AddTree(const Tree& tree, uint64_t salt);
  // A random donor for `rule` (its root is node 0), or null. With a place
  // `want` (the rules enclosing where it goes, innermost first), donors
  // that stood in the same place are preferred (place_match.h).
  const Tree* Pick(int rule, Rng& rng,
                   absl::Span<const int32_t> want = {}) const;
  // Number of donors kept for `rule`.
  size_t count(int rule) const { return donors_[rule].size(); }
  // Heap bytes the donors hold.
  size_t bytes() const { return bytes_; }

 private:
  // AddTree's step for rule node `i` of `tree`, which the rule nodes
  // `enclosing` enclose (outermost first).
  void AddSubtree(const Tree& tree, int i, absl::Span<const int> enclosing,
                  Rng& rng);

  size_t max_bytes_;
  size_t per_rule_;
  size_t max_subtree_bytes_;
  size_t bytes_ = 0;
  std::vector<std::vector<Tree>> donors_;
  // Per rule, kRulePlaceDepth rules per donor: where it stood.
  std::vector<std::vector<int32_t>> places_;
  std::vector<int> open_;  // AddTree's open rule nodes
  std::vector<absl::flat_hash_set<uint64_t>> seen_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_DONOR_POOL_H_
