// mutator_corpus.cc: Mutator's corpus trees: the tree cache, parsing
// corpus entries (here or in the parse helper) within the parse budget,
// trees of kept outputs, and the k-path features of an input.
#include <algorithm>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "mutate/internal/mutator_internal.h"
#include "mutate/mutator.h"

namespace grammut {
namespace {

using mutator_internal::ParserOptions;

// Parse helpers started in one run at most: past that, parse in-process.
constexpr int kMaxHelperStarts = 8;
// GRAMMUT_DETERMINISTIC's parse cost: 100 ns a byte.
constexpr double kParseSecondsPerByte = 1e-7;

}  // namespace

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

}  // namespace grammut
