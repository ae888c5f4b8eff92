// kpath_steer.h: Algorithm 1 of Havrikov's dissertation (ch. 3): a suite
// covering a grammar's k-paths, one steered derivation per path not yet
// covered.
//
// BuildSteeredKPathSuite enumerates the grammar's k-paths, shuffles them
// (seeded), and for each one not yet covered builds one derivation that
// holds it: the generator is forced along the path's route (kpath_route.h:
// the cheapest chain of references from the start rule to the path's first
// symbol, then the path's own symbols) and every slot off the route is
// left to a close-off, which is the same generator run with a policy:
//   kShortest  Algorithm 2 (ShortestTree): the cheapest completion;
//   kBounded   Algorithm 3 (BoundedTree(d)): at each decision a uniformly
//              random alternative among those whose shallowest completion
//              fits the depth limit d;
//   kLearned   as kBounded, with the Weights' learned probabilities.
// The text of the derivation must parse back (within max_bytes) and its
// parse must hold the target path; then every k-path the parse holds is
// covered, so paths covered by accident are never targeted (coverage is
// counted exactly as KPathCoverage of the written suite counts it). A
// failed target is tried again, up to `attempts` derivations in all, with
// random detours on its route (RouteSteer), the last one (of three or
// more) with the shortest close-off; then it is given up and counted, not
// retried: the symbol graph over-approximates the language (precedence,
// predicates, lexer modes), so some k-paths occur in no parse.
//
// Example:
//   SymbolGraph graph(grammar);
//   SteeredSuiteOptions opt; opt.k = 2;
//   SteeredSuite s = BuildSteeredKPathSuite(graph, weights, opt);
//   // s.suite.inputs cover s.suite.covered of s.suite.grammar_paths
#ifndef GRAMMUT_KPATH_KPATH_STEER_H_
#define GRAMMUT_KPATH_KPATH_STEER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "kpath/kpath.h"
#include "kpath/kpath_suite.h"
#include "learn/weights.h"

namespace grammut {

// How the open slots of a steered derivation are filled (see above).
enum class CloseOff { kShortest, kBounded, kLearned };

// Parses "shortest", "bounded" or "learned".
absl::StatusOr<CloseOff> ParseCloseOff(absl::string_view name);
// The name of a close-off.
const char* CloseOffName(CloseOff close_off);

// What to build and how.
struct SteeredSuiteOptions {
  int k = 2;
  size_t max_bytes = 4096;  // per input
  CloseOff close_off = CloseOff::kBounded;
  int depth = 8;     // kBounded, kLearned: Algorithm 3's depth limit d
  int attempts = 4;  // derivations per target before it is given up
  uint64_t seed = 1;
  uint64_t max_paths = uint64_t{1} << 22;  // k-paths enumerated at most
  // Called after each input (covered paths, inputs, targets left to try).
  std::function<void(uint64_t covered, size_t inputs, uint64_t left)> progress;
};

// Why a target k-path was given up (the last attempt's failure).
enum class GiveUpReason {
  kNoRoute,     // the route could not be followed (e.g. precedence)
  kOverBudget,  // no derivation holding it fit max_bytes
  kNoParse,     // the text did not parse back
  kPathLost,    // it parsed, but the parse does not hold the path
};

// One target given up.
struct GivenUpPath {
  std::vector<int32_t> path;
  GiveUpReason reason;
};

// The suite, and the targets given up.
struct SteeredSuite {
  // inputs, covered, grammar_paths, count_exact; derivations: derivations
  // generated; rejected: those that did not hold their target.
  KPathSuite suite;
  uint64_t enumerated = 0;  // k-paths enumerated (max_paths cap)
  // The targets given up and still uncovered at the end, in the order
  // tried, and their number per GiveUpReason.
  std::vector<GivenUpPath> given_up_paths;
  uint64_t given_up[4] = {0, 0, 0, 0};
};

// BuildSteeredKPathSuite builds the suite for `graph`'s grammar (its start
// rule); `weights` serve the learned close-off. Deterministic for a seed.
SteeredSuite BuildSteeredKPathSuite(const SymbolGraph& graph,
                                    const Weights& weights,
                                    const SteeredSuiteOptions& options);

// A readable name of a GiveUpReason ("no route", "over budget", ...).
const char* GiveUpReasonName(GiveUpReason reason);

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_STEER_H_
