// kpath_suite.h: a small set of inputs that covers a grammar's k-paths.
//
// BuildKPathSuite draws random derivations (rotating the probability modes
// and the nesting limit, so both shallow and deep structure turn up) in
// batches, and from each batch greedily keeps the derivation that covers
// the most k-paths not yet covered (ties: the shorter text), until every
// k-path is covered or `stall_batches` batches in a row add nothing. This
// is a greedy set cover over random derivations, not the dissertation's
// Algorithm 1 (which steers one derivation toward each uncovered path, see
// kpath_steer.h): paths that random derivations almost never contain stay
// uncovered, and the result says how many. Coverage is counted on the parse of
// each chosen input, exactly as KPathCoverage of the written suite will count
// it.
//
// Example:
//   SymbolGraph graph(grammar);
//   KPathSuiteOptions opt; opt.k = 2;
//   KPathSuite suite = BuildKPathSuite(graph, weights, opt);
#ifndef GRAMMUT_KPATH_KPATH_SUITE_H_
#define GRAMMUT_KPATH_KPATH_SUITE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kpath/kpath.h"
#include "learn/weights.h"

namespace grammut {

// What to build and how hard to try.
struct KPathSuiteOptions {
  int k = 2;
  size_t max_bytes = 4096;  // per input
  int batch = 64;           // derivations drawn per batch
  int stall_batches = 50;   // stop after this many batches without progress
  int64_t max_derivations = 100000;  // stop after this many in all
  uint64_t seed = 1;
  // Called after each batch that added an input (may be empty).
  std::function<void(uint64_t covered, size_t inputs, int64_t derivations)>
      progress;
};

// The suite and what it covers.
struct KPathSuite {
  std::vector<std::string> inputs;
  uint64_t covered = 0;        // distinct k-paths the inputs contain
  uint64_t grammar_paths = 0;  // the grammar's k-paths (saturated if huge)
  bool count_exact = true;
  int64_t derivations = 0;  // derivations drawn
  // Picked derivations left out: their text did not parse, or its parse
  // tree (shaped differently from the derivation) added no k-path.
  int64_t rejected = 0;
};

// BuildKPathSuite builds the suite for `graph`'s grammar (its start rule);
// `weights` give the learned and inverse modes their probabilities.
// Deterministic for a given seed.
KPathSuite BuildKPathSuite(const SymbolGraph& graph, const Weights& weights,
                           const KPathSuiteOptions& options);

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_SUITE_H_
