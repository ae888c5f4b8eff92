#include "mutator/mutator.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "grammar_runtime/fingerprint.h"
#include "mutator/operators.h"

namespace grammut {
namespace {

constexpr size_t kRecentOutputs = 4096;
constexpr size_t kMaxSeen = 1 << 20;
constexpr int kAttempts = 8;
// libFuzzer's default -mutate_depth: it mutates a unit up to this many
// times in a row and stops early only when an output added coverage.
constexpr int kMutateDepth = 5;
constexpr size_t kMinGrowth = 128;  // bytes an output may add to its input
constexpr ProbabilityMode kModes[] = {ProbabilityMode::kLearned,
                                      ProbabilityMode::kInverse,
                                      ProbabilityMode::kUniform};

// Base weight of each operator (index as in Operators()).
std::vector<double> OperatorBase() {
  std::vector<double> base;
  for (const OperatorInfo& op : Operators()) {
    const std::string name = op.name;
    double w = 1.0;
    if (name == "regenerate") w = 3.0;
    if (name == "splice") w = 2.0;
    if (name == "swap") w = 1.5;
    if (name == "token-bytes") w = 1.5;
    if (name == "hoist" || name == "recursive" || name == "loop-swap") w = 0.5;
    if (name == "shortest") w = 0.3;
    if (name == "crossover") w = 0.0;  // only through CrossOver()
    if (name == "bytes") w = 1.0;
    base.push_back(w);
  }
  return base;
}

ParseOptions ParserOptions(const MutatorConfig& config) {
  ParseOptions o;
  o.max_bytes = config.max_parse_bytes;
  o.max_depth = 500;
  o.max_dfa_states = 60000;
  return o;
}

}  // namespace

Mutator::Mutator(const MutatorConfig& config, std::unique_ptr<Grammar> grammar)
    : config_(config),
      grammar_(std::move(grammar)),
      parser_(*grammar_, ParserOptions(config)),
      checker_(*grammar_, ParserOptions(config)),
      weights_(std::make_unique<Weights>(*grammar_)),
      token_pool_(grammar_->max_token_type()),
      tokens_(*grammar_, &checker_),
      generator_(*grammar_, *weights_, tokens_, &token_pool_),
      donors_(grammar_->num_rules()),
      operators_(OperatorBase(), config.learning()),
      modes_({0.5, 0.2, 0.3}, config.learning()) {
  shrink_allowed_.resize(Operators().size());
  for (size_t i = 0; i < Operators().size(); ++i) {
    shrink_allowed_[i] = Operators()[i].shrinking;
  }
}

Mutator::~Mutator() = default;

absl::StatusOr<std::unique_ptr<Mutator>> Mutator::Create(
    const MutatorConfig& config, std::unique_ptr<Grammar> grammar) {
  if (grammar == nullptr) return absl::InvalidArgumentError("no grammar");
  std::unique_ptr<Mutator> m(new Mutator(config, std::move(grammar)));
  m->weights_->set_smoothing(config.smoothing);
  if (!config.weights_file.empty()) {
    absl::Status st = m->weights_->Load(config.weights_file);
    if (!st.ok()) return st;
    m->weights_->set_smoothing(config.smoothing);
  }
  return m;
}

absl::Status Mutator::RestrictOperators(const std::vector<std::string>& names) {
  restricted_.assign(Operators().size(), names.empty());
  for (const std::string& n : names) {
    const int i = FindOperator(n.c_str());
    if (i < 0) return absl::NotFoundError(absl::StrCat("no operator ", n));
    restricted_[i] = true;
  }
  return absl::OkStatus();
}

std::shared_ptr<const CachedTree> Mutator::TreeOf(absl::string_view bytes,
                                                  uint64_t hash) {
  if (auto hit = cache_.Find(hash)) return hit;
  if (unparsable_.contains(hash)) return nullptr;
  absl::StatusOr<ParseResult> r = parser_.Parse(bytes);
  if (!r.ok()) {
    // The parser's limits are deterministic: the same bytes fail again.
    ++stats_.parse_failures;
    if (unparsable_.size() >= kMaxSeen) unparsable_.clear();
    unparsable_.insert(hash);
    return nullptr;
  }
  auto entry = std::make_shared<CachedTree>();
  entry->tree = std::move(r->tree);
  entry->syntax_errors = r->syntax_errors;
  cache_.Put(hash, entry);
  return entry;
}

void Mutator::Learn(absl::string_view bytes, uint64_t hash) {
  if (!config_.learning()) return;
  // An input we parsed has exact derivations. One of our outputs carries
  // the derivations the operators recorded while building it; those are
  // grammar decisions too, so it is counted as it is rather than parsed
  // again (parsing is most of the mutator's cost).
  std::shared_ptr<const CachedTree> t = TreeOf(bytes, hash);
  if (t == nullptr || t->syntax_errors > 0 || t->tree.empty()) return;
  weights_->AddTree(t->tree);
  token_pool_.AddTree(t->tree, hash);
  donors_.AddTree(t->tree, hash);
  ++stats_.learned;
}

void Mutator::Observe(absl::string_view bytes, uint64_t hash, bool primary) {
  if (have_last_output_ && hash == last_output_) return;  // a chain step
  if (primary) {
    // A chain that ended before libFuzzer's depth ended because its last
    // output added coverage: that output is now a corpus entry.
    if (have_last_output_ && chain_length_ < kMutateDepth) {
      cache_.Promote(last_output_);
    }
    chain_length_ = 0;
  }
  auto it = recent_.find(hash);
  if (it != recent_.end()) {
    // One of our earlier outputs came back: libFuzzer kept it.
    operators_.Win(it->second.op);
    if (it->second.mode >= 0) modes_.Win(it->second.mode);
    ++stats_.credited;
    recent_.erase(it);
    cache_.Promote(hash);
    if (seen_.insert(hash).second) Learn(bytes, hash);
    return;
  }
  if (seen_.size() >= kMaxSeen) seen_.clear();
  if (seen_.insert(hash).second) {
    cache_.Promote(hash);  // an output of ours we no longer remembered
    Learn(bytes, hash);
  }
}

ProbabilityMode Mutator::PickMode(Rng& rng, int* mode_arm) const {
  switch (config_.mode) {
    case ModePolicy::kLearned:
      *mode_arm = 0;
      break;
    case ModePolicy::kInverse:
      *mode_arm = 1;
      break;
    case ModePolicy::kUniform:
      *mode_arm = 2;
      break;
    case ModePolicy::kAdaptive:
      *mode_arm = modes_.Pick(rng);
      break;
  }
  return kModes[*mode_arm];
}

bool Mutator::MutateTree(const Tree& in, Rng& rng, size_t max_size, bool shrink,
                         const Tree* other, Tree* out, Origin* origin) {
  std::vector<bool> allowed = shrink ? shrink_allowed_ : std::vector<bool>();
  if (!restricted_.empty()) {
    if (allowed.empty()) allowed = restricted_;
    for (size_t i = 0; i < allowed.size(); ++i) {
      allowed[i] = allowed[i] && restricted_[i];
    }
  }
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    int mode_arm = -1;
    const ProbabilityMode mode = PickMode(rng, &mode_arm);
    MutationContext ctx{*grammar_,
                        generator_,
                        tokens_,
                        generator_.separators(),
                        config_.learning() ? &donors_ : nullptr,
                        config_.learning() ? &token_pool_ : nullptr,
                        byte_mutate_,
                        rng,
                        max_size,
                        mode,
                        config_.max_depth,
                        other};
    int op = -1;
    if (other != nullptr) {
      op = FindOperator("crossover");
    } else {
      op = operators_.Pick(rng, allowed);
      if (op < 0) return false;
    }
    if (!Operators()[op].fn(ctx, in, out)) continue;
    if (out->TextSize() > max_size) continue;
    if (shrink && out->TextSize() >= in.TextSize()) continue;
    if (out->TextSize() == in.TextSize() && out->Text() == in.Text()) continue;
    origin->op = op;
    origin->mode = Operators()[op].generates ? mode_arm : -1;
    operators_.Use(op);
    if (origin->mode >= 0) modes_.Use(origin->mode);
    return true;
  }
  return false;
}

std::string Mutator::ByteFallback(absl::string_view bytes, size_t max_size,
                                  Rng& rng) {
  std::string buf = MutateBytes(bytes, max_size, byte_mutate_, rng);
  ++stats_.byte_fallbacks;
  return buf;
}

void Mutator::Remember(const std::string& output, std::optional<Tree> tree,
                       int errors, Origin origin) {
  const uint64_t h = Fnv1a64(output);
  last_output_ = h;
  have_last_output_ = true;
  ++chain_length_;
  if (origin.op >= 0) {
    if (recent_.size() >= kRecentOutputs && !recent_order_.empty()) {
      recent_.erase(recent_order_.front());
      recent_order_.pop_front();
    }
    if (recent_.insert_or_assign(h, origin).second) recent_order_.push_back(h);
  }
  if (tree.has_value()) {
    auto entry = std::make_shared<CachedTree>();
    entry->tree = *std::move(tree);
    entry->syntax_errors = errors;
    cache_.PutOutput(h, entry);
  }
}

std::string Mutator::MutateString(absl::string_view input, size_t max_size,
                                  unsigned seed, std::string* op_name) {
  ++stats_.mutations;
  Rng rng(seed);
  const uint64_t hash = Fnv1a64(input);
  Observe(input, hash, /*primary=*/true);
  if (max_size == 0) {
    last_op_ = "empty";
    if (op_name) *op_name = last_op_;
    return "";
  }
  const bool shrink = max_size < input.size();
  // Grow gradually, as libFuzzer's -len_control would (it is off when a
  // custom mutator is present): large inputs are slow to run and inputs
  // that jump to max_len crowd out small ones.
  const size_t growth_cap = std::min(
      max_size, input.size() + std::max<size_t>(kMinGrowth, input.size() / 4));
  std::shared_ptr<const CachedTree> entry = TreeOf(input, hash);
  Tree out;
  Origin origin{-1, -1};
  if (entry != nullptr && !entry->tree.empty() &&
      MutateTree(entry->tree, rng, shrink ? max_size : growth_cap, shrink,
                 nullptr, &out, &origin)) {
    std::string text = out.Text();
    ++stats_.tree_mutations;
    last_op_ = Operators()[origin.op].name;
    if (!Operators()[origin.op].byte_level && entry->syntax_errors == 0 &&
        (stats_.tree_mutations & 63) == 0) {
      absl::StatusOr<ParseResult> check = checker_.Parse(text);
      ++stats_.validity_checked;
      stats_.validity_ok += check.ok() && check->syntax_errors == 0;
    }
    if (Operators()[origin.op].whole_input) {
      Remember(text, std::nullopt, 0, origin);
    } else {
      Remember(text, std::move(out), entry->syntax_errors, origin);
    }
    if (op_name) *op_name = last_op_;
    MaybePrintStats();
    return text;
  }
  std::string text = ByteFallback(input, max_size, rng);
  last_op_ = "bytes";
  Remember(text, std::nullopt, 0, Origin{-1, -1});
  if (op_name) *op_name = last_op_;
  MaybePrintStats();
  return text;
}

size_t Mutator::Mutate(uint8_t* data, size_t size, size_t max_size,
                       unsigned seed) {
  const std::string out =
      MutateString(absl::string_view(reinterpret_cast<const char*>(data), size),
                   max_size, seed);
  const size_t n = std::min(out.size(), max_size);
  if (n > 0) std::memcpy(data, out.data(), n);
  return n;
}

size_t Mutator::CrossOver(const uint8_t* data1, size_t size1,
                          const uint8_t* data2, size_t size2, uint8_t* out,
                          size_t max_out_size, unsigned seed) {
  ++stats_.mutations;
  if (max_out_size == 0) return 0;
  Rng rng(seed);
  const absl::string_view a(reinterpret_cast<const char*>(data1), size1);
  const absl::string_view b(reinterpret_cast<const char*>(data2), size2);
  const uint64_t ha = Fnv1a64(a), hb = Fnv1a64(b);
  Observe(a, ha, /*primary=*/true);
  Observe(b, hb, /*primary=*/false);
  std::shared_ptr<const CachedTree> ta = TreeOf(a, ha);
  std::shared_ptr<const CachedTree> tb = TreeOf(b, hb);
  std::string text;
  Tree result;
  Origin origin{-1, -1};
  if (ta != nullptr && tb != nullptr && !ta->tree.empty() &&
      MutateTree(ta->tree, rng, max_out_size, false, &tb->tree, &result,
                 &origin)) {
    text = result.Text();
    ++stats_.tree_mutations;
    last_op_ = "crossover";
    Remember(text, std::move(result), ta->syntax_errors + tb->syntax_errors,
             origin);
  } else {
    // Bytes: a prefix of the first and a suffix of the second.
    const size_t cut1 = rng.Below(size1 + 1);
    const size_t cut2 = rng.Below(size2 + 1);
    text = std::string(a.substr(0, cut1)) + std::string(b.substr(cut2));
    if (text.size() > max_out_size) text.resize(max_out_size);
    ++stats_.byte_fallbacks;
    last_op_ = "bytes";
    Remember(text, std::nullopt, 0, Origin{-1, -1});
  }
  const size_t n = std::min(text.size(), max_out_size);
  if (n > 0) std::memcpy(out, text.data(), n);
  MaybePrintStats();
  return n;
}

std::string Mutator::StatsLine() const {
  std::string ops;
  for (size_t i = 0; i < Operators().size(); ++i) {
    if (operators_.uses(static_cast<int>(i)) == 0) continue;
    absl::StrAppendFormat(&ops, " %s:%d/%d", Operators()[i].name,
                          operators_.uses(static_cast<int>(i)),
                          operators_.wins(static_cast<int>(i)));
  }
  const uint64_t lookups = cache_.hits() + cache_.misses();
  return absl::StrFormat(
      "#%d\tgrammut: tree %d bytes %d | cache hit %.1f%% (%d trees) | "
      "parse-fail %d | valid %.1f%% of %d sampled | learned %d credited %d |"
      " ops (used/admitted)%s",
      stats_.mutations, stats_.tree_mutations, stats_.byte_fallbacks,
      lookups ? 100.0 * cache_.hits() / lookups : 0.0, cache_.size(),
      stats_.parse_failures,
      stats_.validity_checked
          ? 100.0 * stats_.validity_ok / stats_.validity_checked
          : 100.0,
      stats_.validity_checked, stats_.learned, stats_.credited, ops);
}

void Mutator::MaybePrintStats() {
  if ((stats_.mutations & 255) != 0) return;
  const absl::Time now = absl::Now();
  if (config_.stats_seconds > 0 &&
      now - last_stats_ >= absl::Seconds(config_.stats_seconds)) {
    last_stats_ = now;
    std::fprintf(stderr, "%s\n", StatsLine().c_str());
  }
  if (!config_.save_weights_file.empty() &&
      stats_.learned != learned_at_save_ &&
      now - last_save_ >= absl::Seconds(30)) {
    learned_at_save_ = stats_.learned;
    (void)SaveWeights();
  }
}

absl::Status Mutator::SaveWeights() const {
  if (config_.save_weights_file.empty()) return absl::OkStatus();
  last_save_ = absl::Now();
  return weights_->Save(config_.save_weights_file);
}

}  // namespace grammut
