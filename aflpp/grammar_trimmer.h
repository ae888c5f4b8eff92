// grammar_trimmer.h: shrinks an input step by step, keeping it in the
// grammar, for AFL++'s custom trimming (afl_custom_init_trim / trim /
// post_trim).
//
// AFL++ trims every new queue entry before fuzzing it: it runs candidates
// and keeps one whenever the coverage stays the same. Its own trimming cuts
// byte chunks, which breaks the structure grammut works on. This trimmer
// offers only candidates made with the shrinking edits of the tree
// operators, on the input's parse tree, in a fixed order:
//   at each rule node, in preorder (outer nodes first, so the biggest cuts
//   come first):
//     1. delete one iteration of a (...)* / (...)+ loop (a + loop keeps one),
//     2. hoist: replace the node by a smaller descendant of the same rule,
//     3. replace the node by its rule's shortest derivation.
// An accepted candidate becomes the current tree and the walk goes on from
// the same place (the next iteration of a loop moves into the slot of the
// deleted one, as in delta debugging); a rejected one is passed by. Every
// candidate is strictly smaller than the current input. The same input
// always gives the same candidates.
//
// Inputs that do not parse cleanly (or are over GRAMMUT_MAX_PARSE) are
// trimmed by byte chunks instead, as AFL++ would: chunks of 1/16 of the
// input's size (rounded to a power of two), halved down to 1/1024.
//
// Each step is a run of the target, and most candidates change the
// coverage (AFL++ keeps a candidate only when the coverage is the same), so
// the steps are bounded: kBaseSteps per input, kStepsPerAccept more after
// each accepted candidate, kMaxSteps at most.
#ifndef GRAMMUT_AFLPP_GRAMMAR_TRIMMER_H_
#define GRAMMUT_AFLPP_GRAMMAR_TRIMMER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "parse/parser.h"
#include "tree/tree.h"
#include "learn/weights.h"
#include "mutate/config.h"
#include "mutate/loops.h"
#include "mutate/operators/operators.h"
#include "mutate/cache/tree_index.h"

namespace grammut {

class GrammarTrimmer {
 public:
  // Candidates tried per input: kBaseSteps, kStepsPerAccept more after
  // each accepted one, kMaxSteps at most.
  static constexpr int kMaxSteps = 256;
  static constexpr int kBaseSteps = 32;
  static constexpr int kStepsPerAccept = 16;
  // Hoist candidates tried per rule node (the outermost descendants).
  static constexpr int kMaxHoists = 3;

  // `grammar` and `weights` must outlive the trimmer.
  GrammarTrimmer(const Grammar& grammar, const Weights& weights,
                 const MutatorConfig& config);
  GrammarTrimmer(const GrammarTrimmer&) = delete;
  GrammarTrimmer& operator=(const GrammarTrimmer&) = delete;

  // Start begins trimming `input` and returns the number of steps planned
  // (0: nothing to try; the trimming may end sooner). The first candidate
  // is ready.
  int Start(absl::string_view input);
  // The candidate to run now, strictly smaller than current(). Valid until
  // the next Result or Start.
  absl::string_view candidate() const { return candidate_; }
  // Result tells whether the candidate was accepted (it becomes the current
  // input) and prepares the next one. Returns the steps taken so far, or
  // the planned number once there is nothing left to try.
  int Result(bool accepted);

  bool done() const { return done_; }
  int planned() const { return planned_; }
  int steps() const { return steps_; }
  // The input as trimmed so far.
  const std::string& current() const { return current_; }
  // True when the current input is trimmed as a tree (it parsed cleanly).
  bool by_tree() const { return by_tree_; }

  // Totals over every input trimmed (for stats and tests).
  struct Totals {
    uint64_t inputs = 0, by_tree = 0, steps = 0, accepted = 0;
    uint64_t bytes_in = 0, bytes_removed = 0;
  };
  const Totals& totals() const { return totals_; }

 private:
  // Where the walk over candidates is.
  struct Cursor {
    int node = 0;               // preorder index in cur_ (tree mode)
    int phase = 0;              // 0 loop deletion, 1 hoist, 2 shortest
    int index = 0;              // which candidate of that phase at that node
    size_t pos = 0, chunk = 0;  // byte mode: chunk [pos, pos + chunk)
  };

  // Makes the candidate at or after the cursor ready (moving the cursor
  // to it); false when there is none left.
  bool Prepare();
  bool PrepareTree();
  bool PrepareBytes();
  // The candidate of `phase` number `index` at rule node `node` into
  // cand_tree_; false if there is no such candidate (`*exists` false) or it
  // does not make the input smaller (`*exists` true).
  bool TreeCandidate(int node, int phase, int index, bool* exists);
  bool DeleteIteration(int node, int index, bool* exists);
  bool Hoist(int node, int index, bool* exists);
  bool Shortest(int node, int index, bool* exists);
  // Candidates the current tree offers (for the plan).
  int CountTreeCandidates();
  int CountByteCandidates(size_t size) const;
  MutationContext Context(Rng& rng);

  const Grammar& grammar_;
  MutatorConfig config_;
  Parser parser_;
  GeneratorKit kit_;
  OperatorScratch scratch_;
  std::string unused_bytes_out_;

  bool by_tree_ = false, done_ = true;
  int planned_ = 0, steps_ = 0, budget_ = 0;
  Cursor cursor_;
  size_t min_chunk_ = 1;
  std::string current_;
  std::string candidate_;
  Tree cur_, cand_tree_;
  TreeIndex index_;
  Loops loops_;
  std::vector<int32_t> hoists_;  // Hoist's candidates at one node
  Totals totals_;
};

}  // namespace grammut

#endif  // GRAMMUT_AFLPP_GRAMMAR_TRIMMER_H_
