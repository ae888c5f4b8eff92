// mutator.h: the grammar-aware mutator (bytes in, bytes out; events in).
//
// Mutator is the core of grammut and knows nothing of libFuzzer: the engine
// glue (libfuzzer/) tells it what each input is and what became of each
// output, in plain events:
//   - Mutate / CrossOver get an input that is either a corpus entry or the
//     mutator's own last output (a chain step);
//   - ReportOutcome says whether the last output was kept (it added
//     coverage), discarded, or is of unknown fate, and what it cost
//     (seconds of mutation plus target execution).
// Each call picks a family (grammar: a tree operator on the input's parse
// tree; bytes: libFuzzer's own mutations of the whole input) and, within
// the grammar family, an operator, with bandits whose reward is coverage
// gained per second (see bandit.h, arms.h). Kept outputs credit the arm that
// made them and, when they are clean derivations, teach the probabilistic
// grammar, the token pool and the donor pool.
//
// Costs: a bytes mutation never parses or hashes a chain step's input; a
// tree mutation of a cached tree copies arrays once and allocates nothing.
// Memory is bounded by MutatorConfig::memory_mb.
//
// Reproducibility: a fresh Mutator given the same sequence of calls and
// events returns the same outputs; with learning off (MutatorConfig::
// learning) the same input and seed always give the same output.
//
// Example:
//   auto m = Mutator::Create(config, std::move(grammar));
//   size_t n = (*m)->Mutate(data, size, max_size, seed);
//   ... run data[0, n) ...
//   (*m)->ReportOutcome(Mutator::Fate::kDiscarded, seconds);
#ifndef GRAMMUT_MUTATE_MUTATOR_H_
#define GRAMMUT_MUTATE_MUTATOR_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/bounded_map.h"
#include "bind/binder.h"
#include "bind/binding_model.h"
#include "generate/generator.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "grammar/embedded_language.h"
#include "grammar/grammar.h"
#include "grammar/lexer_dfa.h"
#include "grammar/separator_oracle.h"
#include "kpath/kpath_targets.h"
#include "learn/weights.h"
#include "mutate/byte_mutator.h"
#include "mutate/cache/tree_cache.h"
#include "mutate/config.h"
#include "mutate/donor_pool.h"
#include "mutate/goals.h"
#include "mutate/operators/operators.h"
#include "mutate/recent_compares.h"
#include "mutate/schedule/arms.h"
#include "mutate/schedule/bandit.h"
#include "mutate/slow_entries.h"
#include "mutate/structure_features.h"
#include "mutate/token_repair.h"
#include "parse/parse_helper.h"
#include "parse/parser.h"

namespace grammut {

// Counters shown in stats lines and read by tests and benchmarks.
struct MutatorStats {
  uint64_t mutations = 0;         // Mutate + CrossOver calls
  uint64_t tree_mutations = 0;    // made by a grammar-family operator
  uint64_t byte_mutations = 0;    // made by the bytes family
  uint64_t fallbacks = 0;         // grammar picked, nothing applied: bytes
  uint64_t cpu_throttled = 0;     // bytes instead: the CPU budget's throttle
  uint64_t parse_failures = 0;    // inputs that could not be parsed at all
  uint64_t corpus_entries = 0;    // distinct corpus entries seen
  uint64_t learned = 0;           // clean trees counted into the weights
  uint64_t bound = 0;             // tree outputs whose names were bound
  uint64_t singles_removed = 0;   // repeats of single tokens taken out
  uint64_t unenclosed = 0;        // tokens outside what they need, out
  uint64_t kept = 0;              // outputs reported kept
  uint64_t discarded = 0;         // ... discarded
  uint64_t unknown = 0;           // ... of unknown fate
  uint64_t late_credit = 0;       // unknown outputs that came back as entries
  uint64_t reductions = 0;        // kept outputs that reached no new feature
  uint64_t replaced_trees = 0;    // trees dropped: a reduction replaced them
  uint64_t new_code = 0;          // kept outputs that reached new code
  double parse_seconds = 0;       // time spent parsing inputs
  uint64_t parses_deferred = 0;   // parses skipped: over the parse budget
  uint64_t valid = 0;             // outputs the target reported valid
  uint64_t invalid = 0;           // ... invalid (grammut/feedback.h)
  uint64_t structure_inputs = 0;  // inputs whose k-paths were exported
  uint64_t read_in_part = 0;      // outputs the target read only part of
  uint64_t read_focused = 0;      // edits kept to the part the target read
  uint64_t helper_parses = 0;     // parses made by the parse helper
  uint64_t helper_failures = 0;   // helpers that died or timed out
  uint64_t slow_avoided = 0;      // a fast entry mutated for a slow one
};

class Mutator {
 public:
  // What the input of a Mutate/CrossOver call is.
  enum class Input {
    kCorpusEntry,  // an entry of the fuzzer's corpus
    kLastOutput,   // this mutator's last output, given back (a chain step)
  };
  // What became of the last output.
  enum class Fate { kKept, kDiscarded, kUnknown };

  // Create loads the weights file (if any) and sets up everything.
  static absl::StatusOr<std::unique_ptr<Mutator>> Create(
      const MutatorConfig& config, std::unique_ptr<Grammar> grammar);
  ~Mutator();

  // Mutate mutates data[0, size) in place (the buffer holds max_size bytes)
  // and returns the new size, never more than max_size. max_size < size
  // asks for a smaller input (libFuzzer's -minimize_crash): only shrinking
  // operators are used.
  size_t Mutate(uint8_t* data, size_t size, size_t max_size, unsigned seed,
                Input input = Input::kCorpusEntry);

  // CrossOver writes into out[0, max_out_size) a mutation of the first
  // input that may use the second (a corpus entry): a subtree of the first
  // replaced by a same-rule subtree of the second, or any other mutation.
  size_t CrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2,
                   size_t size2, uint8_t* out, size_t max_out_size,
                   unsigned seed, Input input = Input::kCorpusEntry);

  // ReportOutcome tells what became of the last output, what it cost
  // (seconds of mutation and target execution, or any consistent unit) and
  // what the target reported while running it. Outputs reported invalid
  // are not learned from; the goals (goals.h) score the rest.
  void ReportOutcome(Fate fate, double cost,
                     const HarnessFeedback& feedback = {});

  // WriteStructureFeatures sets counters[h % size] for the hash h of every
  // k-path (MutatorConfig::kpath_features; nothing when 0) of `input`'s
  // tree: the last output's own, or, for an input that is not the last
  // output, its cached tree or a parse within the parse budget. Call it
  // while the target runs `input`.
  void WriteStructureFeatures(absl::string_view input, uint8_t* counters,
                              size_t size);

  // MutateString is Mutate on a string; `op` gets the name of what made
  // the output (an arm name, or "bytes").
  std::string MutateString(absl::string_view input, size_t max_size,
                           unsigned seed, std::string* op = nullptr,
                           Input kind = Input::kCorpusEntry);

  // The bytes of the last output (valid until the next call).
  const std::string& last_output() const { return last_output_; }
  bool has_last_output() const { return last_.valid; }

  // The byte-level mutator to use (LLVMFuzzerMutate when reachable).
  void set_byte_mutator(ByteMutateFn fn) { byte_edits_.fn = fn; }
  // Where the token-compare arm reads what the target compared lately
  // (recent_compares.h; not owned, must outlive the mutator); without one
  // the arm is never picked.
  void set_recent_compares(RecentCompares* compares) { compares_ = compares; }
  // The front end's throttle for grammut's CPU budget (GRAMMUT_CPU_SHARE,
  // cpu_budget.h): this fraction of the calls whose family pick is the
  // grammar take the bytes family (the cheapest) instead, unless it is
  // disabled or the call must shrink. Which calls is decided by a running
  // sum, not by the seed: with a throttle of 0, outputs are as without it.
  void set_cpu_throttle(double fraction) { cpu_throttle_ = fraction; }
  // Restricts the arms as GRAMMUT_ARMS does. For tests and tools.
  absl::Status RestrictArms(absl::string_view spec);

  // A stats line: per family share of calls and time and kept outputs,
  // cache and learning counters, per-operator uses/kept.
  std::string StatsLine() const;
  // Adds the weights learned since the last save to GRAMMUT_SAVE_WEIGHTS
  // (if set; see Weights::SaveMerged).
  absl::Status SaveWeights() const;

  const MutatorStats& stats() const { return stats_; }
  const Weights& weights() const { return *weights_; }
  const Grammar& grammar() const { return *grammar_; }
  const TreeCache& cache() const { return cache_; }
  const Bandit& family_bandit() const { return families_; }
  const Bandit& operator_bandit() const { return ops_; }
  const LexerDfa& lexer_dfa() const { return kit_.dfa; }
  const MutatorConfig& config() const { return config_; }
  const GoalTracker& goals() const { return goals_; }
  // Inputs parsed so far (here or in the parse helper).
  int64_t parses() const {
    return parser_.parses() + static_cast<int64_t>(stats_.helper_parses);
  }
  // What the parse helpers (parse_helper.h) used so far: CPU seconds of
  // all of them, the largest peak RSS.
  ServerUsage helper_usage() const;
  // The parse helper's process id, or -1 when there is none.
  pid_t helper_pid() const { return helper_ ? helper_->pid() : -1; }
  // Where corpus entries are parsed: "in a helper process (<binary>)" or
  // "in-process" with the reason a helper is not used.
  std::string ParsingDescription() const;
  // "SQLiteStrings in STRING_LITERAL, ...": the embedded languages; empty
  // if none.
  std::string EmbeddedDescription() const;
  // Name of what made the last output.
  const std::string& last_operator() const;
  // Where names are defined and used, as learned so far.
  const BindingModel& bindings() const { return *bindings_; }
  // The last output's tree, when a grammar operator made it; else null.
  // For tests and tools.
  const Tree* last_output_tree() const {
    return last_.valid && last_.has_tree ? &slots_[cur_].tree : nullptr;
  }
  // Offers words the fuzzed program contains (program_words.h) to
  // generation: each is kept for every open token type that lexes it whole,
  // as it is or inside '' or "" quotes (a string token: a format, a path,
  // an option the program reads from a string), with
  // MutatorConfig::program_words. Returns how many were kept for at least
  // one type.
  size_t AddProgramWords(absl::Span<const std::string> words);
  // Heap bytes held by trees, pools and caches (an estimate; ANTLR's own
  // prediction caches are bounded by state count, see ParseOptions).
  size_t MemoryBytes() const;

 private:
  Mutator(const MutatorConfig& config, std::unique_ptr<Grammar> grammar);

  // An output tree slot (two alternate: the last output and the next).
  struct Slot {
    Tree tree;
    TreeIndex index;
    bool clean = false;
    int syntax_errors = 0;
  };
  // What the last output was.
  struct LastOutput {
    bool valid = false;
    bool has_tree = false;  // its tree is in slots_[cur_]
    int family = kBytesFamily;
    int arm = -1;  // grammar arm, or -1
  };
  // An output of unknown fate, remembered for late credit.
  struct Pending {
    int family = 0;
    int arm = -1;
    int ring = -1;          // its tree in pending_trees_, or -1
    bool learnable = true;  // not reported invalid
    uint64_t ring_gen = 0;  // generation of that ring slot
    double win = 1;         // its worth if kept (less for a reduction)
    uint64_t root = 0;      // hash of the corpus entry libFuzzer handed in
  };
  struct PendingTree {
    Slot slot;
    uint64_t gen = 0;
  };
  // A tree to mutate: borrowed from a slot or from the cache.
  struct Source {
    const Tree* tree = nullptr;
    const TreeIndex* index = nullptr;
    bool clean = false;
    int syntax_errors = 0;
    std::shared_ptr<const CachedTree> hold;  // keeps a cache entry alive

    // A source borrowing `entry` (no tree if it is null or empty).
    static Source Of(std::shared_ptr<const CachedTree> entry) {
      Source s;
      s.hold = std::move(entry);
      if (s.hold != nullptr && !s.hold->tree.empty()) {
        s.tree = &s.hold->tree;
        s.index = &s.hold->index;
        s.clean = s.hold->clean;
        s.syntax_errors = s.hold->syntax_errors;
      }
      return s;
    }
  };
  // The second input of a crossover call. Its tree is looked up (or parsed)
  // only when an arm that needs it is picked: most arms do not, and a
  // lookup can cost an unpack or a parse.
  struct Partner {
    absl::string_view bytes;
    uint64_t hash = 0;
    bool looked_up = false;
    Source source;  // tree null: none (unparsable, deferred)
  };

  size_t MutateImpl(const uint8_t* in, size_t size, uint8_t* out,
                    size_t max_size, unsigned seed, Input input,
                    const uint8_t* other, size_t other_size);
  // When corpus entry `entry` runs far slower than the run's typical input
  // (slow_entries.h), sometimes writes a recent fast entry's text to
  // out[0, max_size) and returns its hash; else 0.
  uint64_t FastStandIn(uint64_t entry, size_t max_size, Rng& rng, uint8_t* out);
  // Notes a corpus entry: late credit for our output, first sighting.
  void NoteCorpusEntry(uint64_t hash);
  // A kept output that reached no new feature replaced the corpus entry its
  // chain began at (libFuzzer's -reduce_inputs): that entry's tree goes, so
  // the cache's room holds trees of entries libFuzzer can still pick.
  void ForgetReplaced(uint64_t root);
  // Parses a corpus entry: in the helper process while there is one (and
  // starts one if it may), else here. An entry the helper failed on is an
  // error (never parsed here: it may have killed the helper).
  absl::StatusOr<ParseResult> ParseEntry(absl::string_view bytes);
  void StartHelper();
  // The tree of corpus entry `bytes` (cached, or parsed now), or null.
  std::shared_ptr<const CachedTree> TreeOf(absl::string_view bytes,
                                           uint64_t hash);
  // One grammar-family mutation of `src` into the free slot (or
  // bytes_out_ for whole-input operators). Returns the arm, or -1.
  int MutateTree(const Source& src, Rng& rng, size_t max_size, bool shrink,
                 Partner* partner, int64_t read_bytes, bool* whole_input);
  // `partner`'s tree, looked up at the first call; null if it has none.
  const Source* PartnerTree(Partner& partner);
  // Bytes of the input of this call the target read when it ran it (the
  // last output's, or a corpus entry's we made), if it read only part of
  // it and edits should go there this time; else -1.
  int64_t ReadFocus(bool chained, uint64_t hash, size_t size, Rng& rng);
  // Adds a kept or late-credited output's tree to the cache and, if clean,
  // learns it `learn` times (0: not at all).
  void AdoptTree(uint64_t hash, const Slot& slot, double learn);
  // Counts a clean corpus tree into weights (`times` times), token pool and
  // donor pool.
  void Learn(const Tree& tree, double times = 1.0);
  // FdLoop's grammar mutation: forgets the counts of one random rule.
  void ResetOneRule();
  // The stats line's part on harness feedback and goals ("" if none).
  std::string FeedbackStats() const;
  static uint64_t Hash(absl::string_view bytes);

  MutatorConfig config_;
  std::unique_ptr<Grammar> grammar_;
  Parser parser_;
  // The helper process parsing corpus entries (null: parse with parser_).
  std::unique_ptr<ParseHelper> helper_;
  int helper_starts_ = 0;
  std::string helper_note_;  // why the last helper failed, if one did
  ServerUsage helper_done_;  // what stopped helpers used
  std::unique_ptr<Weights> weights_;
  // The counts as of the last save (or the start): a save adds only what
  // was learned since.
  mutable std::unique_ptr<Weights> saved_baseline_;
  TokenPool token_pool_;
  GeneratorKit kit_;
  // Languages written inside tokens (embedded_language.h); kit_.tokens
  // holds pointers to them.
  std::vector<std::unique_ptr<EmbeddedLanguage>> embedded_;
  DonorPool donors_;
  TreeCache cache_;
  Bandit families_;
  Bandit ops_;
  uint64_t allowed_arms_ = 0;    // grammar arms in use (bit per arm)
  uint64_t shrink_arms_ = 0;     // arms that only shrink
  uint64_t crossover_arms_ = 0;  // arms that need a second input
  uint64_t compare_arms_ = 0;    // arms that need recent comparisons
  uint64_t embedded_arms_ = 0;   // arms that need an embedded language
  uint64_t read_arms_ = 0;       // arms that need where the target stopped
  RecentCompares* compares_ = nullptr;
  // Token types that name things (MutationContext::name_types).
  std::vector<bool> name_types_;
  // Where names are defined and used (learned like the weights), and the
  // pass that binds the names of what an edit writes.
  std::unique_ptr<BindingModel> bindings_;
  std::unique_ptr<Binder> binder_;
  TokenRepair token_repair_;
  bool family_enabled_[kNumFamilies] = {true, true};
  // Byte edits: libFuzzer's (set_byte_mutator), else ours with the
  // grammar's words.
  std::vector<std::string> words_;
  ByteEdits byte_edits_;
  double cpu_throttle_ = 0;
  double throttle_debt_ = 0;  // throttled calls owed (running sum)

  // Corpus entries seen (value: learned).
  BoundedMap<bool> corpus_;
  // Inputs the parser refused (too large or too deep): not tried again.
  BoundedMap<bool> unparsable_;
  // Bytes the target read of our outputs it kept (or may have kept), when
  // it read only part of them (grammut_report_read).
  BoundedMap<uint32_t> read_bytes_;
  // The same for the last output (-1: read whole, or not reported).
  int64_t last_read_ = -1;
  // Outputs of unknown fate (hash -> who made them).
  BoundedMap<Pending> pending_;
  std::vector<PendingTree> pending_trees_;  // a ring
  size_t pending_next_ = 0;
  uint64_t pending_gen_ = 0;

  std::array<Slot, 2> slots_;
  int cur_ = 0;  // slot of the last output
  LastOutput last_;
  // Run times of the outputs made from each corpus entry.
  SlowEntries slow_;
  // Hash of the corpus entry the current chain of calls began at, and of
  // the one libFuzzer handed in for it (another when a fast entry stood
  // in for a slow one: the one a reduction replaces).
  uint64_t chain_root_ = 0;
  uint64_t entry_root_ = 0;
  std::string last_output_;
  std::string bytes_out_;  // whole-input operators write here
  std::string unread_;     // a byte edit's input past where the target read
  OperatorScratch scratch_;

  // Seconds of parsing still allowed: grows with the run's time (by
  // config.parse_share of each output's cost), shrinks with each parse.
  double parse_allowance_;

  MutatorStats stats_;
  GoalTracker goals_;
  // k-paths the learned trees cover (null when learning is off).
  std::unique_ptr<KPathTargets> kpaths_;
  // k-paths exported as features (null when off).
  std::unique_ptr<StructureFeatures> structure_;
  Rng goal_rng_{0x9e3779b9};        // picks the rule a plateau resets
  std::vector<uint8_t> rule_seen_;  // scratch of CountDistinctRules
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_MUTATOR_H_
