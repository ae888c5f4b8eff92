#include "mutate/mutator.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "absl/hash/hash.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "grammar/grammar_dictionary.h"

namespace grammut {
namespace {

constexpr int kAttempts = 8;
constexpr size_t kMinGrowth = 128;  // bytes an output may add to its input
constexpr size_t kPendingOutputs = 4096;
constexpr size_t kPendingTrees = 64;
constexpr size_t kCorpusEntries = size_t{1} << 16;
// Chance that an edit of an input the target read only part of goes there.
constexpr double kReadFocusChance = 0.875;
constexpr size_t kUnparsable = size_t{1} << 14;
constexpr size_t kMB = size_t{1} << 20;
// A kept output that reached no new coverage feature (it made a corpus
// entry smaller) is worth this much of one that did, to the schedule.
constexpr double kReductionWin = 0.1;
// Parse helpers started in one run at most: past that, parse in-process.
constexpr int kMaxHelperStarts = 8;
// GRAMMUT_DETERMINISTIC's parse cost: 100 ns a byte.
constexpr double kParseSecondsPerByte = 1e-7;

ParseOptions ParserOptions(const MutatorConfig& config) {
  ParseOptions o;
  o.max_bytes = config.max_parse_bytes;
  o.max_depth = 500;
  // ANTLR's prediction caches: about 1 KB a state.
  o.max_dfa_states = std::max<size_t>(5000, config.memory_mb * 100);
  return o;
}

Bandit::Options FamilyOptions(bool adaptive) {
  Bandit::Options o;
  o.policy = Bandit::Policy::kThompson;
  o.window = 100;
  o.floor = 0.03;  // of the time
  o.floor_by_time = true;
  o.refresh = 64;
  o.adaptive = adaptive;
  return o;
}

Bandit::Options OperatorOptions(bool adaptive) {
  Bandit::Options o;
  o.policy = Bandit::Policy::kProportional;
  o.window = 100;
  o.floor = 0.2;  // of the calls, by prior share
  o.refresh = 64;
  o.adaptive = adaptive;
  return o;
}

std::vector<double> ArmWeights() {
  std::vector<double> w;
  for (const Arm& a : GrammarArms()) w.push_back(a.weight);
  return w;
}

}  // namespace

uint64_t Mutator::Hash(absl::string_view bytes) { return absl::HashOf(bytes); }

Mutator::Mutator(const MutatorConfig& config, std::unique_ptr<Grammar> grammar)
    : config_(config),
      grammar_(std::move(grammar)),
      parser_(*grammar_, ParserOptions(config)),
      weights_(std::make_unique<Weights>(*grammar_)),
      token_pool_(grammar_->max_token_type()),
      kit_(*grammar_, *weights_, &token_pool_, config.memory_mb * kMB / 12),
      donors_(grammar_->num_rules(), config.memory_mb * kMB * 15 / 100),
      cache_(config.memory_mb * kMB * 55 / 100, *grammar_),
      families_({0.5, 0.5}, FamilyOptions(config.learning())),
      ops_(ArmWeights(), OperatorOptions(config.learning())),
      corpus_(kCorpusEntries),
      unparsable_(kUnparsable),
      read_bytes_(kCorpusEntries),
      pending_(kPendingOutputs),
      pending_trees_(kPendingTrees),
      parse_allowance_(config.parse_burst_seconds),
      goals_(config.goal, config.goal_plateau) {
  if (config.dictionary) words_ = GrammarDictionaryWords(*grammar_);
  if (config.token_contexts) {
    std::vector<bool> open(static_cast<size_t>(grammar_->max_token_type()) + 1);
    for (size_t t = 1; t < open.size(); ++t) {
      open[t] = kit_.tokens.HasOpenText(static_cast<int>(t));
    }
    token_pool_.SetContextTypes(std::move(open));
    token_pool_.set_neighbours(config_.word_neighbours);
  }
  byte_edits_.words = words_;
  name_types_ = NameTokenTypes(*grammar_, kit_.tokens);
  const std::vector<Arm>& arms = GrammarArms();
  for (size_t i = 0; i < arms.size(); ++i) {
    const OperatorInfo& op = Operators()[arms[i].op];
    if (op.shrinking) shrink_arms_ |= uint64_t{1} << i;
    if (op.needs_other) crossover_arms_ |= uint64_t{1} << i;
    if (op.fn == &OpTokenCompare) compare_arms_ |= uint64_t{1} << i;
    if (op.fn == &OpTokenEmbedded) embedded_arms_ |= uint64_t{1} << i;
    if (op.fn == &OpLoopSkip || op.fn == &OpStopSplice) {
      read_arms_ |= uint64_t{1} << i;
    }
  }
}

Mutator::~Mutator() = default;

absl::StatusOr<std::unique_ptr<Mutator>> Mutator::Create(
    const MutatorConfig& config, std::unique_ptr<Grammar> grammar) {
  if (grammar == nullptr) return absl::InvalidArgumentError("no grammar");
  std::unique_ptr<Mutator> m(new Mutator(config, std::move(grammar)));
  m->weights_->set_smoothing(config.smoothing);
  m->weights_->set_by_place(ProbabilityMode::kLearned, config.placed_learned);
  m->weights_->set_by_place(ProbabilityMode::kInverse, config.placed_inverse);
  if (!config.weights_file.empty()) {
    absl::Status st = m->weights_->Load(config.weights_file);
    if (!st.ok()) return st;
    m->weights_->set_smoothing(config.smoothing);
  }
  m->saved_baseline_ = std::make_unique<Weights>(*m->weights_);
  if (!config.parse_helper.empty()) m->StartHelper();
  // The kpath operator's targets: 2-paths of the grammar not yet learned.
  if (config.learning()) {
    m->kpaths_ = std::make_unique<KPathTargets>(*m->grammar_, 2);
  }
  if (config.kpath_features > 0) {
    m->structure_ = std::make_unique<StructureFeatures>(*m->grammar_,
                                                        config.kpath_features);
  }
  absl::Status st = m->RestrictArms(config.arms);
  if (!st.ok()) return st;
  const std::string embed =
      config.embed.empty() ? EmbeddedBeside(config.grammar) : config.embed;
  if (embed != "0") {
    absl::StatusOr<std::vector<std::unique_ptr<EmbeddedLanguage>>> langs =
        LoadEmbeddedLanguages(embed, *m->grammar_, m->kit_.tokens);
    if (!langs.ok()) return langs.status();
    m->embedded_ = *std::move(langs);
    for (const auto& l : m->embedded_) {
      m->kit_.tokens.AddSource(l->host_type(), l.get());
    }
  }
  return m;
}

std::string Mutator::EmbeddedDescription() const {
  std::vector<std::string> parts;
  for (const auto& l : embedded_) {
    parts.push_back(absl::StrCat(l->grammar().name(), " in ",
                                 grammar_->token_name(l->host_type())));
  }
  return absl::StrJoin(parts, ", ");
}

void Mutator::WriteStructureFeatures(absl::string_view input, uint8_t* counters,
                                     size_t size) {
  if (structure_ == nullptr) return;
  if (last_.valid && input == last_output_) {
    // Our own output: its tree, if it has one (bytes-made outputs have
    // none, and are not parsed for this).
    if (!last_.has_tree) return;
    structure_->Write(slots_[cur_].tree, counters, size);
  } else {
    // Corpus loading, merging, another process's inputs.
    std::shared_ptr<const CachedTree> tree = TreeOf(input, Hash(input));
    if (tree == nullptr) return;
    structure_->Write(tree->tree, counters, size);
  }
  ++stats_.structure_inputs;
}

absl::Status Mutator::RestrictArms(absl::string_view spec) {
  absl::StatusOr<ArmSelection> sel = SelectArms(spec, config_.mode);
  if (!sel.ok()) return sel.status();
  allowed_arms_ = 0;
  for (size_t i = 0; i < sel->arms.size(); ++i) {
    if (sel->arms[i]) allowed_arms_ |= uint64_t{1} << i;
    ops_.SetEnabled(static_cast<int>(i), sel->arms[i]);
  }
  for (int f = 0; f < kNumFamilies; ++f) {
    family_enabled_[f] = sel->families[f];
    families_.SetEnabled(f, sel->families[f]);
  }
  return absl::OkStatus();
}

const std::string& Mutator::last_operator() const {
  static const std::string kNone = "none", kBytes = "bytes";
  if (!last_.valid) return kNone;
  return last_.arm >= 0 ? GrammarArms()[last_.arm].name : kBytes;
}

void Mutator::Learn(const Tree& tree, double times) {
  if (!config_.learning() || tree.empty() || times <= 0) return;
  const uint64_t salt = stats_.learned;
  weights_->AddTree(tree, times);
  token_pool_.AddTree(tree, salt);
  donors_.AddTree(tree, salt);
  if (kpaths_ != nullptr) kpaths_->AddTree(tree);
  ++stats_.learned;
}

void Mutator::StartHelper() {
  ++helper_starts_;
  absl::StatusOr<std::unique_ptr<ParseHelper>> helper = ParseHelper::Start(
      config_.parse_helper, *grammar_, ParserOptions(config_),
      absl::Seconds(config_.parse_helper_timeout_seconds));
  if (helper.ok()) {
    helper_ = *std::move(helper);
  } else {
    helper_note_ = std::string(helper.status().message());
  }
}

absl::StatusOr<ParseResult> Mutator::ParseEntry(absl::string_view bytes) {
  if (helper_ == nullptr && !config_.parse_helper.empty() &&
      helper_starts_ < kMaxHelperStarts) {
    StartHelper();
  }
  if (helper_ != nullptr) {
    absl::StatusOr<ParseResult> r = helper_->Parse(bytes);
    if (helper_->alive()) {
      ++stats_.helper_parses;
      return r;
    }
    // Died, garbled or timed out: stopped; another starts at the next parse
    // (kMaxHelperStarts in all), then parsing is in-process.
    ++stats_.helper_failures;
    helper_done_.cpu_seconds += helper_->usage().cpu_seconds;
    helper_done_.peak_rss_mb =
        std::max(helper_done_.peak_rss_mb, helper_->usage().peak_rss_mb);
    helper_note_ = std::string(r.status().message());
    helper_.reset();
    // Not parsed here instead: an input that killed or stalled the helper
    // would crash or stall the fuzzer. It counts as unparsable.
    return r;
  }
  return parser_.Parse(bytes);
}

ServerUsage Mutator::helper_usage() const {
  ServerUsage u = helper_done_;
  if (helper_ != nullptr) {
    u.cpu_seconds += helper_->usage().cpu_seconds;
    u.peak_rss_mb = std::max(u.peak_rss_mb, helper_->usage().peak_rss_mb);
  }
  return u;
}

std::string Mutator::ParsingDescription() const {
  if (helper_ != nullptr) {
    return absl::StrCat("in a helper process (", config_.parse_helper, ")");
  }
  if (config_.parse_helper.empty()) {
    return "in-process (no parse helper: GRAMMUT_PARSE_HELPER=0, or no "
           "grammut binary beside the library)";
  }
  return absl::StrCat("in-process (parse helper failed: ", helper_note_, ")");
}

std::shared_ptr<const CachedTree> Mutator::TreeOf(absl::string_view bytes,
                                                  uint64_t hash) {
  if (auto hit = cache_.Find(hash)) return hit;
  if (unparsable_.Contains(hash)) return nullptr;
  if (config_.parse_share > 0 && parse_allowance_ <= 0) {
    ++stats_.parses_deferred;
    return nullptr;
  }
  const int64_t start = absl::GetCurrentTimeNanos();
  absl::StatusOr<ParseResult> r = ParseEntry(bytes);
  const double seconds =
      config_.deterministic
          ? kParseSecondsPerByte * static_cast<double>(bytes.size())
          : 1e-9 * static_cast<double>(absl::GetCurrentTimeNanos() - start);
  stats_.parse_seconds += seconds;
  parse_allowance_ -= seconds;
  if (!r.ok()) {
    // The parser's limits are deterministic: the same bytes fail again.
    ++stats_.parse_failures;
    unparsable_.Put(hash, true);
    return nullptr;
  }
  auto entry = std::make_shared<CachedTree>();
  entry->tree = std::move(r->tree);
  entry->syntax_errors = r->syntax_errors;
  entry->clean = r->syntax_errors == 0;
  entry->tree.ShrinkToFit();
  entry->index.BuildAll(entry->tree, *grammar_);
  entry->index.ShrinkToFit();
  bool* learned = corpus_.Find(hash);
  if (learned != nullptr && !*learned && entry->clean) {
    Learn(entry->tree);
    *learned = true;
  }
  cache_.Put(hash, entry);
  return entry;
}

void Mutator::ResetOneRule() {
  // A random decision that is a choice; its rule's decisions all reset.
  const int n = grammar_->num_decisions();
  if (n == 0) return;
  const int start = static_cast<int>(goal_rng_.Below(n));
  for (int i = 0; i < n; ++i) {
    const DecisionInfo& d = grammar_->decision((start + i) % n);
    if (d.num_alts >= 2) {
      weights_->ResetRule(d.rule);
      return;
    }
  }
}

void Mutator::AdoptTree(uint64_t hash, const Slot& slot, double learn) {
  auto entry = std::make_shared<CachedTree>();
  entry->tree.AssignCompact(slot.tree);
  entry->tree.ShrinkToFit();
  entry->index.BuildAll(entry->tree, *grammar_);
  entry->index.ShrinkToFit();
  entry->clean = slot.clean;
  entry->syntax_errors = slot.syntax_errors;
  // Clean entries are settled: learned now, or never (reported invalid).
  if (entry->clean) Learn(entry->tree, learn);
  corpus_.Put(hash, entry->clean);
  cache_.Put(hash, std::move(entry));
}

void Mutator::ForgetReplaced(uint64_t root) {
  if (cache_.Erase(root)) ++stats_.replaced_trees;
}

void Mutator::NoteCorpusEntry(uint64_t hash) {
  if (std::optional<Pending> p = pending_.Take(hash)) {
    // One of our outputs of unknown fate: libFuzzer kept it.
    families_.Win(p->family, p->win);
    if (p->arm >= 0) ops_.Win(p->arm, p->win);
    ++stats_.late_credit;
    if (p->win < 1) {
      ++stats_.reductions;
      ForgetReplaced(p->root);
    }
    if (p->ring >= 0 && pending_trees_[p->ring].gen == p->ring_gen &&
        !corpus_.Contains(hash)) {
      ++stats_.corpus_entries;
      AdoptTree(hash, pending_trees_[p->ring].slot,
                p->learnable && p->win >= 1 ? 1.0 : 0.0);
      return;
    }
  }
  if (!corpus_.Contains(hash)) {
    corpus_.Put(hash, false);
    ++stats_.corpus_entries;
  }
}

void Mutator::ReportOutcome(Fate fate, double cost,
                            const HarnessFeedback& reported) {
  HarnessFeedback feedback = reported;
  // Measured times differ between runs: not with GRAMMUT_DETERMINISTIC.
  if (config_.deterministic) feedback.run_seconds = 0;
  if (!config_.validity) feedback.verdict = HarnessFeedback::Verdict::kNone;
  parse_allowance_ = std::min(config_.parse_burst_seconds,
                              parse_allowance_ + config_.parse_share * cost);
  if (!last_.valid) return;
  last_read_ =
      feedback.read_bytes >= 0 &&
              static_cast<uint64_t>(feedback.read_bytes) < last_output_.size()
          ? feedback.read_bytes
          : -1;
  if (last_read_ >= 0) ++stats_.read_in_part;
  families_.Charge(last_.family, cost);
  if (last_.arm >= 0) ops_.Charge(last_.arm, cost);
  if (feedback.verdict == HarnessFeedback::Verdict::kValid) ++stats_.valid;
  if (feedback.verdict == HarnessFeedback::Verdict::kInvalid) ++stats_.invalid;
  // Zest: invalid inputs teach nothing about the language.
  const bool learnable = feedback.verdict != HarnessFeedback::Verdict::kInvalid;
  const bool kept = fate == Fate::kKept;
  // Kept without a new feature: a reduction (when the glue can tell); with
  // new code: worth config_.edge_win.
  const double win = feedback.new_features == 0 ? kReductionWin
                     : feedback.new_edges > 0   ? config_.edge_win
                                                : 1.0;
  if (fate == Fate::kKept && feedback.new_edges > 0) ++stats_.new_code;
  const int rules = config_.goal.complexity > 0 && last_.has_tree
                        ? CountDistinctRules(slots_[cur_].tree, &rule_seen_)
                        : 0;
  const double score = goals_.Score(kept, feedback, rules);
  if (goals_.TakePlateau()) ResetOneRule();
  if (!kept && score > 0) {
    // Serves a goal other than coverage (a failure, a slow run).
    families_.Win(last_.family);
    if (last_.arm >= 0) ops_.Win(last_.arm);
    if (learnable && last_.has_tree && slots_[cur_].clean) {
      Learn(slots_[cur_].tree, score);
    }
  }
  switch (fate) {
    case Fate::kKept: {
      ++stats_.kept;
      if (win < 1) {
        ++stats_.reductions;
        ForgetReplaced(chain_root_);
      }
      families_.Win(last_.family, win);
      if (last_.arm >= 0) ops_.Win(last_.arm, win);
      const uint64_t hash = Hash(last_output_);
      if (last_read_ >= 0) read_bytes_.Put(hash, last_read_);
      if (last_.has_tree && !corpus_.Contains(hash)) {
        ++stats_.corpus_entries;
        // A reduction is its chain's first input made smaller, and reached
        // nothing new: that input was learned, so it is not learned again.
        AdoptTree(hash, slots_[cur_], learnable && win >= 1 ? score : 0.0);
      }
      break;
    }
    case Fate::kDiscarded:
      ++stats_.discarded;
      break;
    case Fate::kUnknown: {
      ++stats_.unknown;
      Pending p;
      p.family = last_.family;
      p.arm = last_.arm;
      p.learnable = learnable;
      p.win = win;
      p.root = chain_root_;
      if (last_.has_tree) {
        // Keep its tree in the ring: swapping buffers allocates nothing.
        PendingTree& pt = pending_trees_[pending_next_];
        std::swap(pt.slot, slots_[cur_]);
        pt.gen = ++pending_gen_;
        p.ring = static_cast<int>(pending_next_);
        p.ring_gen = pt.gen;
        pending_next_ = (pending_next_ + 1) % pending_trees_.size();
        last_.has_tree = false;
      }
      const uint64_t hash = Hash(last_output_);
      if (last_read_ >= 0) read_bytes_.Put(hash, last_read_);
      pending_.Put(hash, p);
      break;
    }
  }
}

int64_t Mutator::ReadFocus(bool chained, uint64_t hash, size_t size, Rng& rng) {
  const int64_t last_read = last_read_;
  last_read_ = -1;
  if (!config_.read_focus) return -1;
  int64_t read = last_read;
  if (!chained) {
    const uint32_t* r = read_bytes_.Find(hash);
    read = r != nullptr ? *r : -1;
  }
  if (read < 0 || static_cast<uint64_t>(read) >= size) return -1;
  // Now and then anywhere: what follows may matter once an edit gets the
  // target past where it stopped.
  if (!rng.Chance(kReadFocusChance)) return -1;
  ++stats_.read_focused;
  return read;
}

const Mutator::Source* Mutator::PartnerTree(Partner& partner) {
  if (!partner.looked_up) {
    partner.looked_up = true;
    partner.source = Source::Of(TreeOf(partner.bytes, partner.hash));
  }
  return partner.source.tree != nullptr ? &partner.source : nullptr;
}

int Mutator::MutateTree(const Source& src, Rng& rng, size_t max_size,
                        bool shrink, Partner* partner, int64_t read_bytes,
                        bool* whole_input) {
  Slot& dst = slots_[1 - cur_];
  uint64_t allowed = allowed_arms_;
  if (shrink) allowed &= shrink_arms_;
  // Nodes that start where the target read.
  int read_nodes = std::numeric_limits<int>::max();
  if (read_bytes >= 0) {
    const std::vector<Node>& nodes = src.tree->nodes();
    read_nodes = static_cast<int>(
        std::partition_point(
            nodes.begin(), nodes.end(),
            [read_bytes](const Node& n) { return n.text_begin < read_bytes; }) -
        nodes.begin());
  }
  if (partner == nullptr) allowed &= ~crossover_arms_;
  if (compares_ == nullptr) allowed &= ~compare_arms_;
  if (embedded_.empty()) allowed &= ~embedded_arms_;
  if (read_nodes >= src.tree->size()) allowed &= ~read_arms_;
  const std::vector<Arm>& arms = GrammarArms();
  const Source* other = nullptr;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    const int arm = ops_.Pick(rng, allowed);
    if (arm < 0) return -1;
    if ((crossover_arms_ >> arm) & 1) {
      other = PartnerTree(*partner);
      if (other == nullptr) {
        // No tree to cross with: another arm, without using an attempt.
        allowed &= ~crossover_arms_;
        --attempt;
        continue;
      }
    }
    const OperatorInfo& op = Operators()[arms[arm].op];
    const ProbabilityMode mode = arms[arm].mode >= 0
                                     ? kArmModes[arms[arm].mode]
                                     : ProbabilityMode::kLearned;
    MutationContext ctx = MakeContext(
        *grammar_, kit_, rng, max_size, mode, config_.max_depth, *src.index,
        scratch_, &bytes_out_, config_.learning() ? &donors_ : nullptr,
        config_.learning() ? &token_pool_ : nullptr, byte_edits_);
    ctx.other = other != nullptr ? other->tree : nullptr;
    ctx.other_index = other != nullptr ? other->index : nullptr;
    ctx.kpaths = kpaths_.get();
    ctx.input_texts = config_.input_texts;
    ctx.name_types = &name_types_;
    ctx.adopt_names = config_.adopt_names;
    ctx.places = config_.places;
    ctx.read_nodes = read_nodes;
    ctx.compares = compares_;
    if (!op.fn(ctx, *src.tree, &dst.tree)) continue;
    if (op.whole_input) {
      if (bytes_out_.empty() || bytes_out_.size() > max_size) continue;
      if (shrink && bytes_out_.size() >= src.tree->TextSize()) continue;
      const absl::string_view text = src.tree->text();
      if (bytes_out_.size() == src.tree->TextSize() &&
          absl::string_view(bytes_out_).substr(0, text.size()) == text &&
          absl::string_view(bytes_out_).substr(text.size()) ==
              src.tree->trailer()) {
        continue;  // unchanged
      }
      *whole_input = true;
      return arm;
    }
    if (dst.tree.TextSize() > max_size) continue;
    if (shrink && dst.tree.TextSize() >= src.tree->TextSize()) continue;
    if (dst.tree.SameText(*src.tree)) continue;
    dst.index.Reset();
    dst.clean = src.clean && !op.byte_level;
    dst.syntax_errors = src.syntax_errors;
    *whole_input = false;
    return arm;
  }
  return -1;
}

size_t Mutator::MutateImpl(const uint8_t* in, size_t size, uint8_t* out,
                           size_t max_size, unsigned seed, Input input,
                           const uint8_t* other, size_t other_size) {
  ++stats_.mutations;
  Rng rng(seed);
  const absl::string_view bytes(reinterpret_cast<const char*>(in), size);
  const bool chained =
      input == Input::kLastOutput && last_.valid && size == last_output_.size();
  uint64_t hash = 0;
  if (!chained) {
    hash = Hash(bytes);
    NoteCorpusEntry(hash);
    chain_root_ = hash;
  }
  uint64_t other_hash = 0;
  const absl::string_view other_bytes(reinterpret_cast<const char*>(other),
                                      other_size);
  if (other != nullptr) {
    other_hash = Hash(other_bytes);
    NoteCorpusEntry(other_hash);
  }
  const bool chained_tree = chained && last_.has_tree;
  last_ = LastOutput();
  if (max_size == 0) return 0;
  const bool shrink = max_size < size;

  // The family.
  uint64_t families = 0;
  for (int f = 0; f < kNumFamilies; ++f) {
    if (family_enabled_[f]) families |= uint64_t{1} << f;
  }
  if (shrink && !family_enabled_[kGrammarFamily]) {
    families |= uint64_t{1} << kBytesFamily;  // shrinking needs something
  }
  // A chain step whose input has no tree (a bytes or encode output) is not
  // parsed: that would cost more than the mutation is worth. A grammar pick
  // mutates the tree of the chain's first input instead, so that one byte
  // edit does not hand the rest of the chain to bytes.
  const bool after_byte_edit = chained && !chained_tree && !shrink;
  if (after_byte_edit && !cache_.Contains(chain_root_)) {
    families &= ~(uint64_t{1} << kGrammarFamily);
  }
  // Shrinking (-minimize_crash) tries the shrinking tree operators first,
  // so a minimized input stays valid and readable.
  int family = shrink && family_enabled_[kGrammarFamily]
                   ? kGrammarFamily
                   : families_.Pick(rng, families);
  if (cpu_throttle_ > 0 && !shrink && family == kGrammarFamily &&
      (families & (uint64_t{1} << kBytesFamily)) != 0) {
    throttle_debt_ += cpu_throttle_;
    if (throttle_debt_ >= 1) {
      throttle_debt_ -= 1;
      family = kBytesFamily;
      ++stats_.cpu_throttled;
    }
  }
  if (family < 0) family = kBytesFamily;
  std::shared_ptr<const CachedTree> root_tree;
  if (family == kGrammarFamily && after_byte_edit) {
    root_tree = cache_.Find(chain_root_);
  }
  const bool from_root = root_tree != nullptr && !root_tree->tree.empty();
  const size_t base_size = from_root ? root_tree->tree.TextSize() : size;
  const int64_t read_bytes =
      shrink ? -1
             : ReadFocus(chained && !from_root, from_root ? chain_root_ : hash,
                         base_size, rng);

  if (family == kGrammarFamily) {
    Source src;
    if (chained_tree) {
      Slot& s = slots_[cur_];
      src.tree = &s.tree;
      src.index = &s.index;
      src.clean = s.clean;
      src.syntax_errors = s.syntax_errors;
    } else if (from_root) {
      src = Source::Of(std::move(root_tree));
    } else {
      if (chained) hash = Hash(bytes);  // a bytes output: parse it
      src = Source::Of(TreeOf(bytes, hash));
    }
    Partner partner;
    partner.bytes = other_bytes;
    partner.hash = other_hash;
    if (src.tree != nullptr) {
      // Grow gradually, as libFuzzer's -len_control would (it is off when
      // a custom mutator is present): large inputs are slow to run and
      // inputs that jump to max_len crowd out small ones.
      const size_t limit =
          shrink ? max_size
                 : std::min(max_size,
                            base_size + std::max(kMinGrowth, base_size / 4));
      bool whole_input = false;
      const int arm = MutateTree(src, rng, limit, shrink,
                                 other != nullptr ? &partner : nullptr,
                                 read_bytes, &whole_input);
      if (arm >= 0) {
        ++stats_.tree_mutations;
        last_.valid = true;
        last_.family = kGrammarFamily;
        last_.arm = arm;
        if (whole_input) {
          last_output_.assign(bytes_out_);
        } else {
          cur_ = 1 - cur_;
          last_.has_tree = true;
          const Tree& t = slots_[cur_].tree;
          last_output_.resize(t.TextSize());
          t.CopyText(last_output_.data());
        }
        std::memcpy(out, last_output_.data(), last_output_.size());
        return last_output_.size();
      }
    }
    ++stats_.fallbacks;
  }

  // Bytes: libFuzzer's own mutation of the whole input, in place.
  ++stats_.byte_mutations;
  const size_t keep = std::min(size, max_size);
  if (out != in && keep > 0) std::memmove(out, in, keep);
  size_t n;
  // (After a failed grammar step from the chain's first input, the read
  // part was that input's.)
  if (!from_root && read_bytes >= 0 && static_cast<size_t>(read_bytes) < keep) {
    // Edit the part the target read; what follows stays as it was.
    const size_t read = static_cast<size_t>(read_bytes);
    unread_.assign(reinterpret_cast<const char*>(out) + read, keep - read);
    n = MutateInPlace(out, read, max_size - unread_.size(), byte_edits_, rng);
    std::memcpy(out + n, unread_.data(), unread_.size());
    n += unread_.size();
  } else {
    n = MutateInPlace(out, keep, max_size, byte_edits_, rng);
  }
  last_.valid = true;
  last_.family = kBytesFamily;
  last_.arm = -1;
  last_output_.assign(reinterpret_cast<const char*>(out), n);
  return n;
}

size_t Mutator::Mutate(uint8_t* data, size_t size, size_t max_size,
                       unsigned seed, Input input) {
  return MutateImpl(data, size, data, max_size, seed, input, nullptr, 0);
}

size_t Mutator::CrossOver(const uint8_t* data1, size_t size1,
                          const uint8_t* data2, size_t size2, uint8_t* out,
                          size_t max_out_size, unsigned seed, Input input) {
  return MutateImpl(data1, size1, out, max_out_size, seed, input, data2, size2);
}

std::string Mutator::MutateString(absl::string_view input, size_t max_size,
                                  unsigned seed, std::string* op, Input kind) {
  std::string buf(input);
  buf.resize(std::max(input.size(), max_size));
  const size_t n = Mutate(reinterpret_cast<uint8_t*>(buf.data()), input.size(),
                          max_size, seed, kind);
  buf.resize(n);
  if (op != nullptr) *op = last_operator();
  return buf;
}

size_t Mutator::AddProgramWords(absl::Span<const std::string> words) {
  if (!config_.program_words || !config_.learning()) return 0;
  std::vector<int> open;
  for (int t = 1; t <= grammar_->max_token_type(); ++t) {
    if (kit_.tokens.HasOpenText(t)) open.push_back(t);
  }
  size_t kept = 0;
  std::string quoted;
  for (const std::string& w : words) {
    bool any = false;
    for (int t : open) {
      if (kit_.tokens.Accepts(t, w)) {
        token_pool_.AddProgramText(t, w);
        any = true;
      }
      // Inside quotes, for string tokens: a format, a path, a command or
      // an option name the program reads from a string argument.
      for (const char q : {'\'', '"'}) {
        if (absl::StrContains(w, q) || absl::StrContains(w, '\\')) continue;
        quoted.assign(1, q);
        quoted.append(w);
        quoted.push_back(q);
        if (!kit_.tokens.Accepts(t, quoted)) continue;
        token_pool_.AddProgramText(t, quoted);
        any = true;
      }
    }
    kept += any;
  }
  return kept;
}

size_t Mutator::MemoryBytes() const {
  size_t ring = 0;
  for (const PendingTree& p : pending_trees_) {
    ring += p.slot.tree.MemoryBytes() + p.slot.index.MemoryBytes();
  }
  for (const Slot& s : slots_) {
    ring += s.tree.MemoryBytes() + s.index.MemoryBytes();
  }
  return cache_.bytes() + donors_.bytes() + kit_.dfa.memory_bytes() + ring +
         token_pool_.MemoryBytes() + weights_->placed_bytes() +
         (kpaths_ != nullptr ? kpaths_->MemoryBytes() : 0);
}

std::string Mutator::StatsLine() const {
  double calls = 0, seconds = 0;
  for (int f = 0; f < kNumFamilies; ++f) {
    calls += static_cast<double>(families_.uses(f));
    seconds += families_.seconds(f);
  }
  std::string families;
  for (int f = 0; f < kNumFamilies; ++f) {
    absl::StrAppendFormat(
        &families, "%s%s %.0f%% calls %.0f%% time %d kept", f ? " | " : "",
        FamilyName(f),
        calls > 0 ? 100.0 * static_cast<double>(families_.uses(f)) / calls
                  : 0.0,
        seconds > 0 ? 100.0 * families_.seconds(f) / seconds : 0.0,
        families_.wins(f));
  }
  // The parse helper's part of the parsing stats.
  std::string helper;
  if (!config_.parse_helper.empty()) {
    const ServerUsage u = helper_usage();
    helper = absl::StrFormat(" helper %d (%s, %.0f MB, %.1f cpu s, %d failed),",
                             stats_.helper_parses,
                             helper_ != nullptr ? "up" : "down", u.peak_rss_mb,
                             u.cpu_seconds, stats_.helper_failures);
  }
  // Per grammar arm: its share of the grammar family's calls and time.
  std::string ops;
  const std::vector<Arm>& arms = GrammarArms();
  double op_calls = 0, op_seconds = 0;
  for (int a = 0; a < ops_.size(); ++a) {
    op_calls += static_cast<double>(ops_.uses(a));
    op_seconds += ops_.seconds(a);
  }
  for (size_t i = 0; i < arms.size(); ++i) {
    const int a = static_cast<int>(i);
    if (ops_.uses(a) == 0) continue;
    absl::StrAppendFormat(
        &ops, " %s %.0f%%/%.0f%%/%d", arms[i].name,
        100.0 * static_cast<double>(ops_.uses(a)) / op_calls,
        op_seconds > 0 ? 100.0 * ops_.seconds(a) / op_seconds : 0.0,
        ops_.wins(a));
  }
  return absl::StrFormat(
             "%s | fallback %d throttled %d | trees %d (%.0f MB of %.0f; %d "
             "packed, %d "
             "unpacked, %d replaced) parses %d (%.1f s, "
             "%d deferred,%s cache %d states %d configs, %d clears) fail %d | "
             "corpus "
             "%d learned %d%s | kept "
             "%d late %d reductions %d new code %d | grammar ops "
             "(calls/time/kept)%s",
             families, stats_.fallbacks, stats_.cpu_throttled, cache_.size(),
             static_cast<double>(cache_.bytes()) / kMB,
             static_cast<double>(cache_.max_bytes()) / kMB,
             cache_.packed_size(), cache_.unpacked(), stats_.replaced_trees,
             parses(), stats_.parse_seconds, stats_.parses_deferred, helper,
             parser_.CacheStates(), parser_.CacheConfigs(),
             parser_.dfa_clears(), stats_.parse_failures, stats_.corpus_entries,
             stats_.learned,
             weights_->placed_entries() > 0
                 ? absl::StrFormat(" (%d places)", weights_->placed_entries())
                 : std::string(),
             stats_.kept, stats_.late_credit, stats_.reductions,
             stats_.new_code, ops) +
         (kpaths_ != nullptr
              ? absl::StrFormat(" | 2-paths covered %d of %d",
                                kpaths_->covered(), kpaths_->total())
              : std::string()) +
         (structure_ != nullptr
              ? absl::StrFormat(" | %d-path features of %d inputs",
                                structure_->k(), stats_.structure_inputs)
              : std::string()) +
         FeedbackStats();
}

std::string Mutator::FeedbackStats() const {
  std::string read;
  if (stats_.read_in_part > 0) {
    read = absl::StrFormat(" | read in part: %d outputs, %d edits kept there",
                           stats_.read_in_part, stats_.read_focused);
  }
  if (stats_.valid + stats_.invalid == 0 && goals_.failures() == 0 &&
      config_.goal.coverage_only()) {
    return read;
  }
  return read +
         absl::StrFormat(
             " | feedback: valid %d invalid %d, failures %d at %d sites, "
             "slowest %.1f ms | goal %s: wins %d, rule resets %d",
             stats_.valid, stats_.invalid, goals_.failures(),
             goals_.failure_sites(), 1e3 * goals_.slowest_seconds(),
             config_.goal.ToString(), goals_.goal_wins(), goals_.resets());
}

absl::Status Mutator::SaveWeights() const {
  if (config_.save_weights_file.empty()) return absl::OkStatus();
  // Adds what this process learned since its last save to the file, so
  // that processes sharing it (libFuzzer -fork, -jobs) add up.
  absl::Status st =
      weights_->SaveMerged(config_.save_weights_file, *saved_baseline_);
  if (st.ok()) saved_baseline_ = std::make_unique<Weights>(*weights_);
  return st;
}

}  // namespace grammut
