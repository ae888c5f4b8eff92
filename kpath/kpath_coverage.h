// kpath_coverage.h: which k-paths of a grammar a set of trees covers.
//
// KPathCoverage keeps the hashes of the k-paths (kpath.h) seen in the trees
// added to it, for one k, and answers the questions a user or a generator
// asks of a corpus: how many of the grammar's k-paths are covered, which ones
// are not (readable), and how many new ones a tree would add.
//
// Example:
//   SymbolGraph graph(grammar);
//   KPathCoverage cov(graph, 3);
//   for (const Tree& t : trees) cov.Add(t);
//   printf("%llu of %llu\n", cov.covered(), graph.Count(3));
#ifndef GRAMMUT_KPATH_KPATH_COVERAGE_H_
#define GRAMMUT_KPATH_KPATH_COVERAGE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "kpath/kpath.h"
#include "tree/tree.h"

namespace grammut {

class KPathCoverage {
 public:
  // `graph` must outlive the coverage; k >= 1.
  KPathCoverage(const SymbolGraph& graph, int k);

  int k() const { return k_; }
  // Distinct k-paths covered so far.
  uint64_t covered() const { return covered_.size(); }
  // Add records the k-paths of `tree`; returns how many were new.
  int Add(const Tree& tree);
  // CountNew is the number of distinct k-paths of `tree` not yet covered
  // (nothing is recorded).
  int CountNew(const Tree& tree) const;
  // Distinct k-paths of `tree` alone.
  int CountDistinct(const Tree& tree) const;
  // The distinct k-path hashes (KPathHash) of `tree`, sorted; valid until
  // the next call.
  const std::vector<uint64_t>& DistinctPaths(const Tree& tree) const;
  // Whether the k-path with hash `hash` is covered.
  bool CoversHash(uint64_t hash) const { return covered_.contains(hash); }
  // Whether the grammar k-path `path` is covered.
  bool Covers(absl::Span<const int32_t> path) const;
  // Uncovered calls fn for the grammar's uncovered k-paths in enumeration
  // order, at most `limit` of them, looking at no more than `scan` grammar
  // paths; returns the number of uncovered paths seen in the scan.
  uint64_t Uncovered(
      uint64_t limit, uint64_t scan,
      const std::function<void(absl::Span<const int32_t>)>& fn) const;

 private:
  // The distinct k-path hashes of `tree`, in `scratch_`.
  void Collect(const Tree& tree) const;

  const SymbolGraph& graph_;
  int k_;
  absl::flat_hash_set<uint64_t> covered_;
  mutable std::vector<uint64_t> scratch_;
};

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_COVERAGE_H_
