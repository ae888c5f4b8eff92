// config.h: how the mutator is configured.
//
// libFuzzer owns argv, so grammut reads environment variables (or an
// embedded grammar):
//   GRAMMUT_GRAMMAR       .g4 file(s) (comma-separated) or .interp directory
//   GRAMMUT_START_RULE    start rule (default: the parser's first rule)
//   GRAMMUT_MODE          learned | inverse | uniform | adaptive (default)
//   GRAMMUT_WEIGHTS       weights file to start from
//   GRAMMUT_SAVE_WEIGHTS  where to save learned weights (periodically, at exit)
//   GRAMMUT_STATS         seconds between stats lines on stderr (0: off)
//   GRAMMUT_MAX_DEPTH     rule nesting before generation takes the cheapest
//                         alternatives (default 48)
//   GRAMMUT_MAX_PARSE     largest input parsed, in bytes (default 65536)
//   GRAMMUT_SMOOTHING     added to counts in learned mode (default 0.5)
//   GRAMMUT_ARMS          which mutations to use: all (default), grammar
//                         (tree operators only), bytes (libFuzzer's own
//                         mutations only), or a comma-separated list of
//                         operator names and "bytes" (a leading '-'
//                         removes one: "-kpath" is everything but kpath)
//   GRAMMUT_MEMORY_MB     memory budget for trees, pools and caches
//                         (default 64)
//   GRAMMUT_DETERMINISTIC 1: cost outputs (and parses) by their size
//                         instead of the measured time, so runs repeat
//                         exactly
//   GRAMMUT_GOAL          what the probabilities learn toward: coverage
//                         (default), failures, time, complexity, or a mix
//                         such as time:3,coverage:1 (goals.h)
//   GRAMMUT_VALIDITY      1: use the target's validity verdicts
//                         (grammut/feedback.h): count the coverage of valid
//                         inputs as extra features and learn only from
//                         valid inputs; 0 (default): ignore them
//   GRAMMUT_KPATH_FEATURES k (1-5): the k-paths of each input's derivation
//                         tree become fuzzer features when the harness
//                         calls grammut_report_input (structure_features.h);
//                         0 (default): off
//   GRAMMUT_PARSE_SHARE   most of the run's time parsing may take
//                         (default 0.04; 0: no limit); beyond it, entries
//                         without a cached tree get byte-level mutations
//   GRAMMUT_CPU_SHARE     most of the fuzzer's CPU time grammut (its calls
//                         and its parse helper) may take (default 0.09;
//                         0: no limit); a controller turns that much of
//                         the grammar calls into libFuzzer's own mutations
//                         (cpu_budget.h; libFuzzer only; off with
//                         GRAMMUT_DETERMINISTIC)
//   GRAMMUT_READ_FOCUS    1 (default): when the target reports it read only
//                         part of an input (grammut_report_read), most
//                         edits of that input go there; 0: anywhere
//   GRAMMUT_DICT          1 (default): the grammar's fixed tokens join
//                         libFuzzer's -dict (libfuzzer_dictionary.h) and
//                         grammut's own byte edits; 0: neither
//   GRAMMUT_EMBED         languages written inside tokens:
//                         TOKEN=GRAMMAR;... (default: those in the
//                         grammar's embedded/<TOKEN>/<name> directories;
//                         0: none; embedded_language.h)
//   GRAMMUT_PARSE_HELPER  the grammut command line tool that parses corpus
//                         entries in a helper process (parse_helper.h);
//                         default: the one beside libgrammut (or the
//                         fuzzer), if any; 0: parse in the fuzzer's process
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
  // Parse budget (MutatorConfig's default: none; ConfigFromEnvironment's:
  // 4% of the time, 0.5 s banked at most).
  double parse_share = 0;
  double parse_burst_seconds = 0.5;
  // CPU budget: grammut's share of the process's CPU time (its calls and
  // its parse helper's time; cpu_budget.h); 0: none (MutatorConfig's
  // default; ConfigFromEnvironment's: 0.09, GRAMMUT_CPU_SHARE).
  double cpu_share = 0;
  // Chance that a token made by a generating operator takes the text of a
  // token of the same type in the input being mutated (GRAMMUT_INPUT_TEXTS).
  double input_texts = 0.4;
  // Chance that a part splice or crossover takes from another input first
  // adopts the names of the input being mutated, where it names what that
  // input does not define (GRAMMUT_ADOPT_NAMES; op_internal::AdoptNames).
  double adopt_names = 0.5;
  // What a kept output that reached new code (a counter no earlier run
  // reached at all) is worth to the schedule, against 1 for one that only
  // reached a new hit count of known code and 0.1 for a reduction
  // (GRAMMUT_EDGE_WIN; at least 1: 1 treats both alike).
  double edge_win = 3;
  // The grammut binary to parse in (see parse_helper.h); empty: parse
  // in-process (MutatorConfig's default; ConfigFromEnvironment's is the
  // binary FindParseHelperBinary finds).
  std::string parse_helper;
  // A helper's parse that takes longer is abandoned (the helper is
  // restarted and the input is not parsed again).
  double parse_helper_timeout_seconds = 10;
  // What learning serves (GRAMMUT_GOAL; see goals.h).
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
  // not only by token type (GRAMMUT_TOKEN_CONTEXTS).
  bool token_contexts = true;
  // Swap, splice and crossover prefer a partner subtree that stood in the
  // same place, under the same parent and grandparent rules
  // (GRAMMUT_PLACES; place_match.h).
  bool places = true;
  // The probability modes in which generation weighs a decision's
  // alternatives by the place its rule stands in (GRAMMUT_PLACED_WEIGHTS:
  // 0, learned, inverse or learned,inverse; placed_counts.h). Off by
  // default: neutral on sqlite3 coverage (bench/results/2026-11-26-placed).
  bool placed_learned = false;
  bool placed_inverse = false;
  // Offer words found in the fuzzed program's read-only data to generation
  // (GRAMMUT_PROGRAM_WORDS; program_words.h).
  bool program_words = true;
  // Offer the program words next to one seen in a token's context
  // (GRAMMUT_WORD_NEIGHBOURS; TokenPool::kNeighbourShare).
  bool word_neighbours = true;
  // Languages written inside tokens (GRAMMUT_EMBED; embedded_language.h):
  // "TOKEN=GRAMMAR;...", "0" for none, empty for those found beside the
  // grammar (EmbeddedBeside).
  std::string embed;
  // Put most edits of an input in the part the target read, when it says
  // it read only part of it (grammut_report_read; GRAMMUT_READ_FOCUS).
  bool read_focus = true;
  // k of the k-paths exported as fuzzer features (0: none).
  int kpath_features = 0;

  // Learning (and everything else that depends on inputs seen before) is
  // off when the mode is uniform and no weights file is given: then the same
  // input and seed always give the same output.
  bool learning() const {
    return !(mode == ModePolicy::kUniform && weights_file.empty());
  }
};

// Reads the GRAMMUT_* environment variables. Errors name the variable.
absl::StatusOr<MutatorConfig> ConfigFromEnvironment();

// Parses "learned", "inverse", "uniform" or "adaptive".
absl::StatusOr<ModePolicy> ParseModePolicy(const std::string& name);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_CONFIG_H_
