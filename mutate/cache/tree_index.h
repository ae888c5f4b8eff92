// tree_index.h: what operators look up in a tree, computed once per tree.
//
// Operators pick random rule nodes, nodes of a given rule, tokens and loop
// candidates. A TreeIndex lists them the first time they are asked for (in
// preorder, so "nodes of rule r inside subtree i" is a binary search) and
// keeps them with the tree: a cached corpus tree builds everything once,
// an output that is mutated once more in a chain builds only what its next
// operator needs. A random rule node needs no list at all.
//
// The index belongs to one tree, passed to every call (it does not hold a
// pointer, so it can move with its tree).
#ifndef GRAMMUT_MUTATE_CACHE_TREE_INDEX_H_
#define GRAMMUT_MUTATE_CACHE_TREE_INDEX_H_

#include <cstdint>
#include <limits>
#include <vector>

#include "absl/types/span.h"
#include "grammar/grammar.h"
#include "learn/place_match.h"
#include "base/rng.h"
#include "tree/tree.h"

namespace grammut {

class TreeIndex {
 public:
  // Reset forgets what was computed (for a new tree). Buffers are kept.
  void Reset() { built_rules_ = built_tokens_ = false; }
  // BuildAll computes everything now (for trees that are used many times).
  void BuildAll(const Tree& tree, const Grammar& grammar) const;
  // Whether the token lists are computed already.
  bool has_tokens() const { return built_tokens_; }

  // A random rule node (the rule node at or before a random node among the
  // first `limit`), or -1.
  static int RandomRuleNode(const Tree& tree, Rng& rng,
                            int limit = std::numeric_limits<int>::max());
  // Rule nodes of `rule`, in preorder.
  absl::Span<const int32_t> OfRule(const Tree& tree, const Grammar& grammar,
                                   int rule) const;
  // Per entry of OfRule(rule), the kRulePlaceDepth rules enclosing that
  // node, innermost first (-1 past the root).
  absl::Span<const int32_t> PlacesOfRule(const Tree& tree,
                                         const Grammar& grammar,
                                         int rule) const;
  // The place of rule node `node` (kRulePlaceDepth rules, innermost first).
  absl::Span<const int32_t> PlaceOf(const Tree& tree, const Grammar& grammar,
                                    int node) const;
  // Rule nodes of `rule` inside node range [begin, end).
  absl::Span<const int32_t> OfRuleWithin(const Tree& tree,
                                         const Grammar& grammar, int rule,
                                         int begin, int end) const;
  // Token nodes with text, and those of them whose type is not a literal.
  const std::vector<int32_t>& Tokens(const Tree& tree,
                                     const Grammar& grammar) const;
  const std::vector<int32_t>& FreeTokens(const Tree& tree,
                                         const Grammar& grammar) const;
  // Per entry of FreeTokens, the kTokenPlaceDepth rules enclosing it,
  // innermost first (-1 past the root; GenerateOptions::context_token_rules).
  const std::vector<int32_t>& FreeTokenRules(const Tree& tree,
                                             const Grammar& grammar) const;
  // Rule nodes with two or more derivation steps (loop candidates).
  const std::vector<int32_t>& LoopNodes(const Tree& tree,
                                        const Grammar& grammar) const;

  size_t MemoryBytes() const;
  // Gives back unused capacity (for indexes kept long).
  void ShrinkToFit() const;

 private:
  void BuildRules(const Tree& tree, const Grammar& grammar) const;
  void BuildTokens(const Tree& tree, const Grammar& grammar) const;

  mutable bool built_rules_ = false, built_tokens_ = false;
  mutable std::vector<int32_t> by_rule_;     // rule nodes grouped by rule
  mutable std::vector<int32_t> places_;      // kRulePlaceDepth per by_rule_
  mutable std::vector<int32_t> rule_begin_;  // group r: [begin[r], [r+1])
  mutable std::vector<int32_t> loop_nodes_;
  mutable std::vector<int32_t> tokens_, free_tokens_, free_token_rules_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_CACHE_TREE_INDEX_H_
