#include "mutate/goals.h"

#include <algorithm>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace grammut {
namespace {

constexpr size_t kWindow = 1024;    // recent values a percentile looks at
constexpr uint64_t kResort = 256;   // values between re-sorting the window
constexpr double kSingleGoal = 10;  // FdLoop: the chosen goal's weight

}  // namespace

std::string GoalMix::ToString() const {
  std::vector<std::string> parts;
  for (auto [name, w] : {std::pair<const char*, double>{"coverage", coverage},
                         {"failures", failures},
                         {"time", time},
                         {"complexity", complexity}}) {
    if (w > 0) parts.push_back(absl::StrCat(name, ":", w));
  }
  return absl::StrJoin(parts, ",");
}

absl::StatusOr<GoalMix> ParseGoalMix(absl::string_view spec) {
  spec = absl::StripAsciiWhitespace(spec);
  GoalMix mix;
  if (spec.empty() || spec == "coverage") return mix;
  const bool single = spec.find_first_of(":,") == absl::string_view::npos;
  if (single)
    mix = GoalMix{1, 1, 1, 1};
  else
    mix = GoalMix{0, 0, 0, 0};
  for (absl::string_view part : absl::StrSplit(spec, ',')) {
    std::pair<absl::string_view, absl::string_view> kv =
        absl::StrSplit(part, absl::MaxSplits(':', 1));
    double weight = single ? kSingleGoal : 1;
    if (!kv.second.empty() &&
        (!absl::SimpleAtod(kv.second, &weight) || weight < 0)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "GRAMMUT_GOAL: '", part, "' needs a non-negative weight"));
    }
    const absl::string_view name = absl::StripAsciiWhitespace(kv.first);
    double* slot = name == "coverage"     ? &mix.coverage
                   : name == "failures"   ? &mix.failures
                   : name == "time"       ? &mix.time
                   : name == "complexity" ? &mix.complexity
                                          : nullptr;
    if (slot == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("GRAMMUT_GOAL: '", name,
                       "' is not one of coverage, failures, time, complexity"));
    }
    *slot = weight;
  }
  if (mix.coverage + mix.failures + mix.time + mix.complexity <= 0) {
    return absl::InvalidArgumentError("GRAMMUT_GOAL: every weight is 0");
  }
  return mix;
}

GoalTracker::GoalTracker(const GoalMix& mix, uint64_t plateau)
    : mix_(mix),
      plateau_(plateau),
      run_time_(90, kWindow, kResort),
      rules_(90, kWindow, kResort) {}

bool GoalTracker::AddAndCheck(RunningQuantile& p90, double v) {
  p90.Add(v);
  // Until a window's worth is seen, nothing counts as exceptional.
  return p90.ready() && v > p90.value();
}

double GoalTracker::Score(bool kept, const HarnessFeedback& feedback,
                          int distinct_rules) {
  double score = 0;
  if (kept) score += mix_.coverage;
  if (feedback.failures > 0) {
    failures_ += static_cast<uint64_t>(feedback.failures);
    const bool new_site = sites_.insert(feedback.failure_site).second;
    score += mix_.failures * (new_site ? 2 : 1);
  }
  const bool slowest = feedback.run_seconds > slowest_;
  if (slowest) slowest_ = feedback.run_seconds;
  if (mix_.time > 0 && feedback.run_seconds > 0) {
    const bool slow = AddAndCheck(run_time_, feedback.run_seconds);
    if (slow) score += mix_.time * (slowest ? 2 : 1);
  }
  if (mix_.complexity > 0 && distinct_rules > 0) {
    const bool rich = AddAndCheck(rules_, distinct_rules);
    if (rich && kept) score += mix_.complexity;
  }
  if (score > 0) {
    ++wins_;
    since_win_ = 0;
  } else {
    ++since_win_;
  }
  return score;
}

bool GoalTracker::TakePlateau() {
  if (mix_.coverage_only() || since_win_ < plateau_) return false;
  since_win_ = 0;
  ++resets_;
  return true;
}

int CountDistinctRules(const Tree& tree, std::vector<uint8_t>* seen) {
  seen->clear();
  int distinct = 0;
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (!n.is_rule || n.symbol < 0) continue;
    const size_t r = static_cast<size_t>(n.symbol);
    if (r >= seen->size()) seen->resize(r + 1, 0);
    if (!(*seen)[r]) {
      (*seen)[r] = 1;
      ++distinct;
    }
  }
  return distinct;
}

}  // namespace grammut
