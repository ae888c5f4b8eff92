// mutator.h: the grammar-aware mutator (bytes in, bytes out).
//
// Mutator is the core of grammut and knows nothing of libFuzzer: the C ABI
// in libfuzzer/ is a thin layer over it. Given an input it finds the input's
// parse tree (from its cache, or by parsing), applies one tree operator
// chosen by the scheduler, and writes the new bytes. Inputs that cannot be
// handled as trees get byte-level mutations instead. It also learns: inputs
// it has not produced itself are corpus elements libFuzzer admitted for new
// coverage, and their derivations are counted into the weights; inputs it
// did produce earlier credit the operator and mode that made them.
//
// Reproducibility: a fresh Mutator given the same sequence of calls returns
// the same outputs; with learning off (see MutatorConfig::learning) the same
// input and seed always give the same output.
//
// Example:
//   auto m = Mutator::Create(config, std::move(grammar));
//   size_t n = (*m)->Mutate(data, size, max_size, seed);
#ifndef GRAMMUT_MUTATOR_MUTATOR_H_
#define GRAMMUT_MUTATOR_MUTATOR_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "grammar_runtime/generator.h"
#include "grammar_runtime/grammar.h"
#include "grammar_runtime/parser.h"
#include "grammar_runtime/token_generator.h"
#include "grammar_runtime/token_pool.h"
#include "grammar_runtime/weights.h"
#include "mutator/byte_mutator.h"
#include "mutator/config.h"
#include "mutator/donor_pool.h"
#include "mutator/scheduler.h"
#include "mutator/tree_cache.h"

namespace grammut {

// Counters shown in stats lines and read by tests and benchmarks.
struct MutatorStats {
  uint64_t mutations = 0;       // Mutate + CrossOver calls
  uint64_t tree_mutations = 0;  // made by a tree operator
  uint64_t byte_fallbacks = 0;  // made by the byte-level mutator
  uint64_t parse_failures = 0;  // inputs that could not be parsed at all
  uint64_t learned = 0;         // corpus inputs counted into the weights
  uint64_t credited = 0;        // our outputs that came back as corpus inputs
  uint64_t validity_checked = 0, validity_ok = 0;  // sampled re-parses
};

class Mutator {
 public:
  // Create loads the weights file (if any) and sets up everything.
  static absl::StatusOr<std::unique_ptr<Mutator>> Create(
      const MutatorConfig& config, std::unique_ptr<Grammar> grammar);
  ~Mutator();

  // Mutate mutates data[0, size) in place (the buffer holds max_size bytes)
  // and returns the new size, never more than max_size. max_size < size asks
  // for a smaller input (libFuzzer's -minimize_crash): only shrinking
  // operators are used.
  size_t Mutate(uint8_t* data, size_t size, size_t max_size, unsigned seed);

  // CrossOver writes into out[0, max_out_size) a mix of the two inputs: a
  // subtree of the first replaced by a same-rule subtree of the second.
  size_t CrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2,
                   size_t size2, uint8_t* out, size_t max_out_size,
                   unsigned seed);

  // MutateString is Mutate on a string; `op` gets the name of what made the
  // output ("bytes" for the byte-level fallback).
  std::string MutateString(absl::string_view input, size_t max_size,
                           unsigned seed, std::string* op = nullptr);

  // The byte-level mutator to use (LLVMFuzzerMutate when reachable).
  void set_byte_mutator(ByteMutateFn fn) { byte_mutate_ = fn; }
  // Restricts the operators to those named (empty: all). For tests.
  absl::Status RestrictOperators(const std::vector<std::string>& names);

  // A libFuzzer-style stats line.
  std::string StatsLine() const;
  // Prints a stats line to stderr if GRAMMUT_STATS seconds passed.
  void MaybePrintStats();
  // Saves the weights to GRAMMUT_SAVE_WEIGHTS (if set).
  absl::Status SaveWeights() const;

  const MutatorStats& stats() const { return stats_; }
  const Weights& weights() const { return *weights_; }
  const Grammar& grammar() const { return *grammar_; }
  const TreeCache& cache() const { return cache_; }
  const Scheduler& operator_scheduler() const { return operators_; }
  // Name of the operator that made the last output.
  const std::string& last_operator() const { return last_op_; }

 private:
  Mutator(const MutatorConfig& config, std::unique_ptr<Grammar> grammar);

  // Where an output came from.
  struct Origin {
    int op;
    int mode;
  };

  // The tree of `bytes` (cached), or null if it cannot be parsed.
  std::shared_ptr<const CachedTree> TreeOf(absl::string_view bytes,
                                           uint64_t hash);
  // Learning and credit for an input about to be mutated.
  // `primary` is the input libFuzzer is mutating (not a crossover partner):
  // when it is not our last output, the previous chain has ended.
  void Observe(absl::string_view bytes, uint64_t hash, bool primary);
  // Counts a corpus input into weights, token pool and donor pool.
  void Learn(absl::string_view bytes, uint64_t hash);
  // One mutation. Writes the output; returns false if nothing applied.
  bool MutateTree(const Tree& in, Rng& rng, size_t max_size, bool shrink,
                  const Tree* other, Tree* out, Origin* origin);
  // Byte-level mutation of `bytes` into at most max_size bytes.
  std::string ByteFallback(absl::string_view bytes, size_t max_size, Rng& rng);
  // Records an output for chaining and credit, and caches its tree.
  void Remember(const std::string& output, std::optional<Tree> tree, int errors,
                Origin origin);
  ProbabilityMode PickMode(Rng& rng, int* mode_arm) const;

  MutatorConfig config_;
  std::unique_ptr<Grammar> grammar_;
  Parser parser_;
  Parser checker_;
  std::unique_ptr<Weights> weights_;
  TokenPool token_pool_;
  TokenGenerator tokens_;
  Generator generator_;
  DonorPool donors_;
  TreeCache cache_;
  Scheduler operators_;
  Scheduler modes_;
  std::vector<bool> shrink_allowed_;
  std::vector<bool> restricted_;
  ByteMutateFn byte_mutate_ = nullptr;

  // Outputs we produced recently (hash -> origin), oldest first.
  absl::flat_hash_map<uint64_t, Origin> recent_;
  std::deque<uint64_t> recent_order_;
  absl::flat_hash_set<uint64_t> seen_;  // inputs already observed
  // Inputs the parser refused (too large or too deep): not tried again.
  absl::flat_hash_set<uint64_t> unparsable_;
  uint64_t last_output_ = 0;
  bool have_last_output_ = false;
  int chain_length_ = 0;  // outputs made since libFuzzer picked an input

  MutatorStats stats_;
  std::string last_op_;
  absl::Time last_stats_ = absl::InfinitePast();
  mutable absl::Time last_save_ = absl::InfinitePast();
  uint64_t learned_at_save_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_MUTATOR_H_
