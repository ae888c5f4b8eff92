// mutator_stats.cc: what Mutator tells about itself: the stats line, its
// memory estimate and the embedded languages.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "mutate/internal/mutator_internal.h"
#include "mutate/mutator.h"

namespace grammut {
namespace {

using mutator_internal::kMB;

}  // namespace

std::string Mutator::EmbeddedDescription() const {
  std::vector<std::string> parts;
  for (const auto& l : embedded_) {
    parts.push_back(absl::StrCat(l->grammar().name(), " in ",
                                 grammar_->token_name(l->host_type())));
  }
  return absl::StrJoin(parts, ", ");
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
  if (stats_.slow_avoided > 0) {
    read +=
        absl::StrFormat(" | slow entries left %d times (median run %.2f ms)",
                        stats_.slow_avoided, 1e3 * slow_.median());
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

}  // namespace grammut
