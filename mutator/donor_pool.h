// donor_pool.h: subtrees from the corpus, by rule, for splicing.
//
// Every corpus input that parses contributes its rule subtrees. The pool
// keeps at most `per_rule` distinct subtrees per rule (by text), each at
// most `max_bytes` long; when a rule is full, a new subtree replaces a
// random old one, so the pool follows the corpus.
#ifndef GRAMMUT_MUTATOR_DONOR_POOL_H_
#define GRAMMUT_MUTATOR_DONOR_POOL_H_

#include <vector>

#include "absl/container/flat_hash_set.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/tree.h"

namespace grammut {

class DonorPool {
 public:
  DonorPool(int num_rules, size_t per_rule = 32, size_t max_bytes = 1024);

  // Adds the rule subtrees of `tree`. `salt` makes replacement choices
  // deterministic.
  void AddTree(const Tree& tree, uint64_t salt);
  // A random donor for `rule` (its root is node 0), or null.
  const Tree* Pick(int rule, Rng& rng) const;
  // Number of donors kept for `rule`.
  size_t count(int rule) const { return donors_[rule].size(); }

 private:
  size_t per_rule_;
  size_t max_bytes_;
  std::vector<std::vector<Tree>> donors_;
  std::vector<absl::flat_hash_set<uint64_t>> seen_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_DONOR_POOL_H_
