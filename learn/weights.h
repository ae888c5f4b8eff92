// weights.h: the probabilistic grammar (counts per decision alternative).
//
// Weights count how often each alternative of each parser decision was taken
// in a set of derivations (Inputs from Hell, Eq. 4) and turn the counts into
// probabilities in one of three modes:
//   kLearned  p_i = (c_i + s) / (sum_j c_j + n s), s = smoothing; a decision
//             never seen is uniform;
//   kInverse  p_i proportional to 1 / c_i; if some alternatives were never
//             seen they share all the mass (IfH Eqs. 5-7);
//   kUniform  p_i = 1 / n.
// A decision can also be weighed by where it stands (off by default; per
// mode, set_by_place): AddTree then counts each choice once more per
// DecisionPlace (placed_counts.h), and Probabilities with a place uses the
// most specific place seen often enough. Counts by place are learned in the
// run; they are not saved.
// Weights are saved as a versioned text file that names the grammar (with
// the ATN fingerprint), each decision's rule and each alternative, so a file
// made for another grammar is refused with a clear error; version 2 ends
// with a line counting what it holds, so a file cut short is refused too.
#ifndef GRAMMUT_LEARN_WEIGHTS_H_
#define GRAMMUT_LEARN_WEIGHTS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "learn/decision_place.h"
#include "grammar/grammar.h"
#include "learn/placed_counts.h"
#include "generate/probability_mode.h"
#include "tree/tree.h"

namespace grammut {

class Weights {
 public:
  // Empty counts for every decision of `grammar` (which must outlive this).
  explicit Weights(const Grammar& grammar);

  // Adds every choice recorded in `tree` `times` times (decisions with one
  // alternative are not choices and are ignored), overall and by place.
  void AddTree(const Tree& tree, double times = 1.0);
  // Forgets the counts of every decision of `rule` (its alternatives become
  // equally likely in learned mode).
  void ResetRule(int rule);
  // Adds `n` to the count of (decision, alt); alt is 1-based.
  void Add(int decision, int alt, double n = 1.0);
  // Adds `n` to the count of token type `type` (AddTree counts every token
  // of the tree: ANTLR merges single-token alternatives into one set, and
  // these counts weigh the members of such sets).
  void AddToken(int type, double n = 1.0);
  double token_count(int type) const;
  // Changes whenever a token count changes (for caches of
  // TokenTypeWeights).
  uint64_t token_version() const { return token_version_; }
  // Weights (not normalized) for choosing among token types `types` in
  // `mode`: learned: count + smoothing; inverse: unseen types share all the
  // weight, else 1/count; uniform, or nothing counted yet: equal.
  void TokenTypeWeights(absl::Span<const int> types, ProbabilityMode mode,
                        std::vector<double>* out) const;
  // Count of (decision, alt).
  double count(int decision, int alt) const;
  // Sum of the counts of a decision.
  double total(int decision) const;
  // Number of trees added (or loaded).
  int64_t trees() const { return trees_; }

  // Smoothing for kLearned (default 0, as in the paper).
  double smoothing() const { return smoothing_; }
  void set_smoothing(double s);

  // Probabilities of the alternatives of `decision` in `mode` (cached).
  const std::vector<double>& Probabilities(int decision,
                                           ProbabilityMode mode) const;
  // The same for a decision of a rule invocation standing at `place`: in a
  // mode weighed by place, from the counts of the most specific level of the
  // place seen at least PlacedCounts::kMinTotal times, if any.
  const std::vector<double>& Probabilities(int decision, ProbabilityMode mode,
                                           const DecisionPlace& place) const;
  // Whether `mode`'s probabilities depend on the place (default: no mode).
  // Counting by place starts when a mode is first set: set it before
  // adding trees.
  bool by_place(ProbabilityMode mode) const {
    return by_place_[static_cast<int>(mode)];
  }
  void set_by_place(ProbabilityMode mode, bool on) {
    by_place_[static_cast<int>(mode)] = on;
  }
  // Entries of the counts by place (for reports), and their bytes.
  size_t placed_entries() const { return placed_.size(); }
  size_t placed_bytes() const { return placed_.MemoryBytes(); }

  // Text form (see file comment) and files.
  std::string ToText() const;
  absl::Status FromText(absl::string_view text, absl::string_view source);
  // Adds `factor` times every count of `other` (same grammar) to these.
  void AddScaled(const Weights& other, double factor);
  // Save writes atomically (temporary file + rename).
  absl::Status Save(const std::string& path) const;
  // SaveMerged adds what was learned since `baseline` (these counts minus
  // the baseline's) to the weights in `path` (if any) and writes the sum,
  // under an exclusive lock on `path`.lock, so that processes saving to one
  // file (libFuzzer -fork, -jobs) add up instead of overwriting each other.
  // Afterwards the caller's baseline should be these counts.
  absl::Status SaveMerged(const std::string& path,
                          const Weights& baseline) const;
  absl::Status Load(const std::string& path);

  const Grammar& grammar() const { return grammar_; }

 private:
  void Invalidate(int decision);

  const Grammar& grammar_;
  std::vector<std::vector<double>> counts_;
  std::vector<double> token_counts_;  // per token type
  uint64_t token_version_ = 0;
  double smoothing_ = 0.0;
  int64_t trees_ = 0;
  PlacedCounts placed_;
  bool by_place_[3] = {false, false, false};
  // AddTree's scratch: the rule nodes enclosing the node it is at.
  struct OpenRule {
    int end;
    int rule;
    DecisionPlace place;
  };
  std::vector<OpenRule> open_;
  // Cached probabilities per mode (index = mode), and whether valid.
  mutable std::vector<std::vector<double>> cache_[3];
  mutable std::vector<bool> valid_[3];
};

}  // namespace grammut

#endif  // GRAMMUT_LEARN_WEIGHTS_H_
