// kpath_targets.h: which k-paths the corpus has not covered yet (Havrikov),
// for the k-path-directed regeneration operator ("kpath").
//
// Every clean tree the mutator learns from adds its k-paths to the covered
// set; the grammar's k-paths (enumerated once, up to a bound) minus those
// are the targets. PickUncovered draws one at random; the operator then
// regenerates a node of the rule the target starts in, steered to the
// target's last symbol by SteerWithin (operators_kpath.cc).
#ifndef GRAMMUT_KPATH_KPATH_TARGETS_H_
#define GRAMMUT_KPATH_KPATH_TARGETS_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "grammar/grammar.h"
#include "kpath/kpath.h"
#include "kpath/kpath_route.h"
#include "base/rng.h"
#include "tree/tree.h"

namespace grammut {

class KPathTargets {
 public:
  // One target: a k-path, its hash, the rule its first symbol opens and
  // its last symbol.
  struct Target {
    uint64_t hash = 0;
    int rule = -1;  // the rule whose subtree must hold the path
    int last = -1;  // the path's last symbol
  };

  // Enumerates the k-paths of `grammar` (at most `max_paths`; beyond that
  // the rest are not targets). `grammar` must outlive this.
  KPathTargets(const Grammar& grammar, int k = 2,
               size_t max_paths = size_t{1} << 17);

  // Adds the k-paths of `tree` to the covered set.
  void AddTree(const Tree& tree);
  // PickUncovered sets `*out` to a random uncovered k-path that starts at a
  // rule reference; false if none is left.
  bool PickUncovered(Rng& rng, Target* out);
  // Whether `tree` holds the k-path with hash `hash`.
  bool Holds(const Tree& tree, uint64_t hash) const;
  // Whether a child of `tree`'s root is symbol `symbol`. For a subtree
  // generated for a 2-path's rule (the root), holding the path's last
  // symbol there is the cheap test that the path is now where the subtree
  // goes: symbols are occurrences, so that symbol only ever sits under the
  // path's rule.
  bool HasSymbol(const Tree& tree, int symbol) const;
  // SteerWithin returns a steer (owned here, valid until the next call)
  // that makes a derivation of target.rule hold the target: its last
  // symbol taken in that invocation, with random detours from `detour` on
  // the way (see RouteSteer). Null if there is no such route, or if the
  // path reaches deeper than one invocation (k > 2). Routes are planned
  // once per symbol.
  RouteSteer* SteerWithin(const Target& target, Rng* detour);

  int k() const { return k_; }
  size_t total() const { return paths_.size(); }
  size_t covered() const { return covered_count_; }
  size_t MemoryBytes() const;

 private:
  // What routes_ holds, in bytes.
  size_t RoutesBytes() const;

  int k_;
  std::unique_ptr<SymbolGraph> graph_;
  std::unique_ptr<KPathRouter> router_;  // made on first use
  std::unique_ptr<RouteSteer> steer_;
  // Per target symbol, its route (no frames: none).
  absl::flat_hash_map<int32_t, Route> routes_;
  mutable KPathScratch scratch_;  // KPathsOfTree's buffers, reused
  std::vector<Target> paths_;     // targets, in enumeration order
  absl::flat_hash_map<uint64_t, uint32_t> index_;  // hash -> paths_ index
  std::vector<uint8_t> is_covered_;                // per paths_ index
  std::vector<uint32_t> uncovered_;  // candidates (covered ones removed lazily)
  size_t covered_count_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_TARGETS_H_
