// config.h: how the mutator is configured.
//
// MutatorConfig is the core's options; it reads no environment. The
// front ends fill it from the environment (mutate/settings.h), whose
// variables are the table in base/settings.h and docs/configuration.md.
#ifndef GRAMMUT_MUTATE_CONFIG_H_
#define GRAMMUT_MUTATE_CONFIG_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "mutate/goals.h"

namespace grammut {

// How probabilities are chosen for generation.
enum class ModePolicy { kLearned, kInverse, kUniform, kAdaptive };

// The mutator's configuration.
struct MutatorConfig {
  std::string grammar;  // spec for Grammar::Load; empty: embedded
  std::string start_rule;
  ModePolicy mode = ModePolicy::kAdaptive;
  std::string weights_file;
  std::string save_weights_file;
  double stats_seconds = 0;
  int max_depth = 48;
  size_t max_parse_bytes = 65536;
  double smoothing = 0.5;
  std::string arms = "all";
  size_t memory_mb = 64;
  bool deterministic = false;
  // Parse budget (MutatorConfig's default: none; the environment's:
  // 4% of the time, 0.5 s banked at most).
  double parse_share = 0;
  double parse_burst_seconds = 0.5;
  // CPU budget: grammut's share of the process's CPU time (its calls and
  // its parse helper's time; cpu_budget.h); 0: none (MutatorConfig's
  // default; the environment's: 0.09, GRAMMUT_CPU_SHARE).
  double cpu_share = 0;
  // Chance that a token made by a generating operator takes the text of a
  // token of the same type in the input being mutated (experiment input_texts).
  double input_texts = 0.4;
  // Chance that a part splice or crossover takes from another input first
  // adopts the names of the input being mutated, where it names what that
  // input does not define (experiment adopt_names; op_internal::AdoptNames).
  double adopt_names = 0.5;
  // Chance that the names in what a tree edit writes are bound to what the
  // input defines before them (experiment bind_names; bind/binder.h), a
  // token it wrote outside the constructs it needs (`break` outside a loop;
  // bind/enclosed_tokens.h) going first. Off until a coverage benchmark
  // shows it helps.
  double bind_names = 0.0;
  // Whether learned-mode token texts keep to the lexer steps the corpus's
  // texts take (experiment familiar_tokens; TokenGenerator::Familiar).
  bool familiar_tokens = true;
  // Whether a tree edit's second of a token its rule holds once loses the
  // loop iteration around it (experiment single_tokens; token_repair.h).
  // Off until a coverage benchmark shows it helps: a small corpus makes
  // some constructs look single that are not.
  bool single_tokens = false;
  // What a kept output that reached new code (a counter no earlier run
  // reached at all) is worth to the schedule, against 1 for one that only
  // reached a new hit count of known code and 0.1 for a reduction
  // (experiment edge_win; at least 1: 1 treats both alike).
  double edge_win = 3;
  // The grammut binary to parse in (see parse_helper.h); empty: parse
  // in-process (MutatorConfig's default; the environment's is the
  // binary FindParseHelperBinary finds).
  std::string parse_helper;
  // A helper's parse that takes longer is abandoned (the helper is
  // restarted and the input is not parsed again).
  double parse_helper_timeout_seconds = 10;
  // What learning serves (experiment goal; see goals.h).
  GoalMix goal;
  // Outputs in a row without a goal score before a rule is reset.
  uint64_t goal_plateau = 20000;
  // Use the target's validity verdicts (grammut/feedback.h): valid-only
  // coverage for the fuzzer, learning only from valid inputs.
  // Off by default: on SQLite it cost 3x the executions per second and
  // reached less (bench/results/2026-11-22-zest).
  bool validity = false;
  // Add the grammar's fixed tokens to libFuzzer's dictionary and to
  // grammut's own byte edits (GRAMMUT_DICT).
  bool dictionary = true;
  // Draw corpus token texts by grammar context (the rules around a token),
  // not only by token type (experiment token_contexts).
  bool token_contexts = true;
  // Swap, splice and crossover prefer a partner subtree that stood in the
  // same place, under the same parent and grandparent rules
  // (experiment places; place_match.h).
  bool places = true;
  // The probability modes in which generation weighs a decision's
  // alternatives by the place its rule stands in (experiment placed_weights:
  // 0, learned, inverse or learned,inverse; placed_counts.h). Off by
  // default: neutral on sqlite3 coverage (bench/results/2026-11-26-placed).
  bool placed_learned = false;
  bool placed_inverse = false;
  // Offer words found in the fuzzed program's read-only data to generation
  // (experiment program_words; program_words.h).
  bool program_words = true;
  // Offer the program words next to one seen in a token's context
  // (experiment word_neighbours; TokenPool::kNeighbourShare).
  bool word_neighbours = true;
  // Languages written inside tokens (experiment embed; embedded_language.h):
  // "TOKEN=GRAMMAR;...", "0" for none, empty for those found beside the
  // grammar (EmbeddedBeside).
  std::string embed;
  // Put most edits of an input in the part the target read, when it says
  // it read only part of it (grammut_report_read; experiment read_focus).
  bool read_focus = true;
  // Mutate a recent fast corpus entry, now and then, in place of one whose
  // outputs run far slower than the run's typical input (experiment
  // slow_entries; slow_entries.h). Measured run times only: never with
  // `deterministic`. Off: level or behind on Lua and sqlite3
  // (bench/results/2026-12-06-slow-entries).
  bool slow_entries = false;
  // k of the k-paths exported as fuzzer features (0: none).
  int kpath_features = 0;

  // Learning (and everything else that depends on inputs seen before) is
  // off when the mode is uniform and no weights file is given: then the same
  // input and seed always give the same output.
  bool learning() const {
    return !(mode == ModePolicy::kUniform && weights_file.empty());
  }
};

// Parses "learned", "inverse", "uniform" or "adaptive".
absl::StatusOr<ModePolicy> ParseModePolicy(const std::string& name);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_CONFIG_H_
