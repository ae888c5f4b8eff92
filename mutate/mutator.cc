// mutator.cc: Mutator's set-up and the mutation itself (family and arm
// picks, the tree or bytes edit, the output). The rest of Mutator is in
// mutator_corpus.cc (corpus trees: cache, parsing, parse budget),
// mutator_learn.cc (weights, pools, program words, weight saving),
// mutator_outcome.cc (events: corpus entries, outcomes, read focus) and
// mutator_stats.cc (stats line, memory, descriptions).
#include "mutate/mutator.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <limits>

#include "absl/hash/hash.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "base/edit_distance.h"
#include "generate/token_texts.h"
#include "grammar/grammar_dictionary.h"
#include "grammar/indentation.h"
#include "mutate/internal/mutator_internal.h"
#include "mutate/token_repair.h"

namespace grammut {
namespace {

using mutator_internal::kMB;
using mutator_internal::ParserOptions;

constexpr int kAttempts = 8;
constexpr size_t kMinGrowth = 128;  // bytes an output may add to its input
constexpr size_t kPendingOutputs = 4096;
constexpr size_t kPendingTrees = 64;
constexpr size_t kCorpusEntries = size_t{1} << 16;
constexpr size_t kUnparsable = size_t{1} << 14;

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
  bindings_ = std::make_unique<BindingModel>(*grammar_, name_types_);
  binder_ = std::make_unique<Binder>(*bindings_, kit_.tokens, kit_.separators);
  const std::vector<Arm>& arms = GrammarArms();
  for (size_t i = 0; i < arms.size(); ++i) {
    const OperatorInfo& op = Operators()[arms[i].op];
    const uint64_t bit = uint64_t{1} << i;
    if (op.Is(kShrinks)) shrink_arms_ |= bit;
    if (op.Needs(kNeedsOther)) crossover_arms_ |= bit;
    if (op.Needs(kNeedsCompares)) compare_arms_ |= bit;
    if (op.Needs(kNeedsEmbedded)) embedded_arms_ |= bit;
    if (op.Needs(kNeedsStop)) read_arms_ |= bit;
  }
}

Mutator::~Mutator() = default;

absl::StatusOr<std::unique_ptr<Mutator>> Mutator::Create(
    const MutatorConfig& config, std::unique_ptr<Grammar> grammar) {
  if (grammar == nullptr) return absl::InvalidArgumentError("no grammar");
  std::unique_ptr<Mutator> m(new Mutator(config, std::move(grammar)));
  m->weights_->set_smoothing(config.smoothing);
  m->kit_.tokens.set_familiar(config.familiar_tokens);
  m->weights_->set_by_place(ProbabilityMode::kLearned, config.placed_learned);
  m->weights_->set_by_place(ProbabilityMode::kInverse, config.placed_inverse);
  if (!config.weights_file.empty()) {
    absl::Status st = m->weights_->Load(config.weights_file);
    if (!st.ok()) return st;
    m->weights_->set_smoothing(config.smoothing);
    // What `grammut learn` saved of the names, beside the weights.
    const std::string learned = BindingsBesideWeights(config.weights_file);
    if (std::filesystem::exists(learned)) {
      st = m->bindings_->Load(learned, /*pin=*/false);
      if (!st.ok()) return st;
    }
    // And of the token texts.
    const std::string texts = TokenTextsBesideWeights(config.weights_file);
    if (std::filesystem::exists(texts)) {
      st = LoadTokenTexts(*m->grammar_, texts, &m->token_pool_, m->kit_.tokens);
      if (!st.ok()) return st;
    }
  }
  // A binding file beside the grammar: its places are kept as written.
  const std::string pinned = BindingsBesideGrammar(config.grammar);
  if (!pinned.empty() && std::filesystem::exists(pinned)) {
    absl::Status st = m->bindings_->Load(pinned, /*pin=*/true);
    if (!st.ok()) return st;
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
    if (op.Is(kWholeInput)) {
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
    // The names of what the edit wrote refer to what the input defines.
    // Not for byte-level edits and compared values, whose texts are the
    // point, nor for shrinking.
    // First a `break` it wrote outside any loop goes (a token standing
    // where the inputs never show it: token_repair.h).
    if (!shrink && !op.Is(kByteLevel) && !op.Needs(kNeedsCompares) &&
        config_.bind_names > 0 && rng.Chance(config_.bind_names)) {
      if (!bindings_->enclosed().Rules().empty()) {
        const auto [begin, end] =
            ChangedSpan(src.tree->text(), dst.tree.text());
        stats_.unenclosed +=
            static_cast<uint64_t>(token_repair_.RemoveUnenclosed(
                ctx, bindings_->enclosed(), &dst.tree, begin, end));
      }
      if (binder_->BindChange(*src.tree, &dst.tree, rng, max_size)) {
        ++stats_.bound;
      }
    }
    // A second PRIMARY KEY in one table (a token its rule holds once) goes.
    if (!shrink && !op.Is(kByteLevel) && !op.Needs(kNeedsCompares) &&
        config_.single_tokens) {
      const auto [begin, end] = ChangedSpan(src.tree->text(), dst.tree.text());
      stats_.singles_removed +=
          static_cast<uint64_t>(token_repair_.RemoveRepeats(
              ctx, bindings_->singles(), &dst.tree, begin, end));
    }
    // Grammars with INDENT/DEDENT: what the edit (and the passes after it)
    // moved or wrote gets the indentation of its level; byte-level edits
    // stay as they are.
    if (!op.Is(kByteLevel)) {
      const IndentationScheme& layout = grammar_->indentation();
      if (layout.active() && FixIndentation(layout, &dst.tree) &&
          dst.tree.TextSize() > max_size) {
        continue;
      }
    }
    if (shrink && dst.tree.TextSize() >= src.tree->TextSize()) continue;
    if (dst.tree.SameText(*src.tree)) continue;
    dst.index.Reset();
    dst.clean = src.clean && !op.Is(kByteLevel);
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
  absl::string_view bytes(reinterpret_cast<const char*>(in), size);
  const bool chained =
      input == Input::kLastOutput && last_.valid && size == last_output_.size();
  uint64_t hash = 0;
  if (!chained) {
    hash = Hash(bytes);
    NoteCorpusEntry(hash);
    entry_root_ = hash;
    // (Mutate only: in and out are one buffer.)
    if (in == out && other == nullptr && size <= max_size) {
      if (const uint64_t fast = FastStandIn(hash, max_size, rng, out)) {
        hash = fast;
        size = last_output_.size();
        bytes = absl::string_view(reinterpret_cast<const char*>(in), size);
      }
    }
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

uint64_t Mutator::FastStandIn(uint64_t entry, size_t max_size, Rng& rng,
                              uint8_t* out) {
  // The time goal looks for slow inputs: they stay.
  if (!config_.slow_entries || config_.goal.time > 0) return 0;
  const double chance = slow_.AvoidChance(entry);
  if (chance <= 0 || !rng.Chance(chance)) return 0;
  const uint64_t fast = slow_.PickFast(rng);
  if (fast == 0 || fast == entry || !cache_.Contains(fast)) return 0;
  const std::shared_ptr<const CachedTree> t = cache_.Find(fast);
  if (t == nullptr || t->tree.empty() || t->tree.TextSize() > max_size) {
    return 0;
  }
  // (last_output_ is free until this call's output is written.)
  last_output_.resize(t->tree.TextSize());
  t->tree.CopyText(last_output_.data());
  std::memcpy(out, last_output_.data(), last_output_.size());
  ++stats_.slow_avoided;
  return fast;
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

}  // namespace grammut
