#include "mutate/schedule/bandit.h"

#include <algorithm>
#include <cmath>

namespace grammut {
namespace {

constexpr int kThompsonDraws = 64;
constexpr int kMinPicksBetweenRefreshes = 8;
constexpr double kPriorWins = 1.0;  // pseudo-wins per arm

double SampleNormal(Rng& rng) {
  const double u1 = 1.0 - rng.Uniform();  // (0, 1]
  const double u2 = rng.Uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

}  // namespace

double SampleGamma(double shape, Rng& rng) {
  if (shape < 1.0) {
    const double u = 1.0 - rng.Uniform();
    return SampleGamma(shape + 1.0, rng) * std::pow(u, 1.0 / shape);
  }
  const double d = shape - 1.0 / 3.0;
  const double c = 1.0 / std::sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = SampleNormal(rng);
      v = 1.0 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = 1.0 - rng.Uniform();
    if (u < 1.0 - 0.0331 * x * x * x * x) return d * v;
    if (std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) return d * v;
  }
}

Bandit::Bandit(std::vector<double> prior, Options options)
    : prior_(std::move(prior)), options_(options) {
  const size_t n = prior_.size();
  double sum = 0;
  for (double& p : prior_) {
    p = std::max(0.0, p);
    sum += p;
  }
  if (sum > 0) {
    for (double& p : prior_) p /= sum;
  }
  enabled_.assign(n, true);
  wins_.assign(n, 0);
  seconds_.assign(n, 0);
  uses_.assign(n, 0);
  total_uses_.assign(n, 0);
  total_wins_.assign(n, 0);
  total_seconds_.assign(n, 0);
  p_ = prior_;
  draws_.assign(n, 0);
  best_count_.assign(n, 0);
}

void Bandit::SetEnabled(int arm, bool enabled) {
  enabled_[arm] = enabled;
  dirty_ = true;
  since_refresh_ = options_.refresh;  // refresh at the next pick
}

void Bandit::Charge(int arm, double seconds) {
  seconds_[arm] += seconds;
  uses_[arm] += 1;
  total_seconds_[arm] += seconds;
  ++total_uses_[arm];
}

void Bandit::Win(int arm, double amount) {
  const double keep = 1.0 - amount / std::max(1.0, options_.window);
  for (size_t i = 0; i < prior_.size(); ++i) {
    wins_[i] *= keep;
    seconds_[i] *= keep;
    uses_[i] *= keep;
  }
  wins_[arm] += amount;
  ++total_wins_[arm];
  dirty_ = true;
}

void Bandit::Refresh(Rng& rng) {
  since_refresh_ = 0;
  dirty_ = false;
  const size_t n = prior_.size();
  double prior_sum = 0, all_wins = 0, all_seconds = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!enabled(static_cast<int>(i))) continue;
    prior_sum += prior_[i];
    all_wins += wins_[i];
    all_seconds += seconds_[i];
  }
  for (size_t i = 0; i < n; ++i) {
    p_[i] = enabled(static_cast<int>(i)) && prior_sum > 0
                ? prior_[i] / prior_sum
                : 0.0;
  }
  if (!options_.adaptive || prior_sum <= 0) return;
  // Pooled rate: what an arm without data is assumed to achieve.
  const double pooled = (all_wins + 1.0) / (all_seconds + 1e-3);
  const double b0 = kPriorWins / pooled;
  if (options_.policy == Policy::kThompson) {
    std::fill(best_count_.begin(), best_count_.end(), 0);
    for (int d = 0; d < kThompsonDraws; ++d) {
      int best = -1;
      double best_rate = -1;
      for (size_t i = 0; i < n; ++i) {
        if (p_[i] <= 0) continue;
        const double rate =
            SampleGamma(wins_[i] + kPriorWins, rng) / (seconds_[i] + b0);
        if (rate > best_rate) {
          best_rate = rate;
          best = static_cast<int>(i);
        }
      }
      if (best >= 0) ++best_count_[best];
    }
    for (size_t i = 0; i < n; ++i) {
      if (p_[i] > 0)
        p_[i] = static_cast<double>(best_count_[i]) / kThompsonDraws;
    }
  } else {
    double total = 0;
    for (size_t i = 0; i < n; ++i) {
      if (p_[i] <= 0) continue;
      draws_[i] = p_[i] * (wins_[i] + kPriorWins) / (seconds_[i] + b0);
      total += draws_[i];
    }
    for (size_t i = 0; i < n; ++i) {
      if (p_[i] > 0 && total > 0) p_[i] = draws_[i] / total;
    }
  }
  if (options_.floor_by_time) {
    ApplyTimeFloor();
  } else {
    for (size_t i = 0; i < n; ++i) {
      if (!enabled(static_cast<int>(i))) continue;
      p_[i] =
          options_.floor * prior_[i] / prior_sum + (1 - options_.floor) * p_[i];
    }
  }
}

void Bandit::ApplyTimeFloor() {
  const size_t n = prior_.size();
  double all_seconds = 0, all_uses = 0;
  for (size_t i = 0; i < n; ++i) {
    all_seconds += seconds_[i];
    all_uses += uses_[i];
  }
  const double mean_cost = all_uses > 0 ? all_seconds / all_uses : 1.0;
  std::vector<double>& cost = draws_;
  for (size_t i = 0; i < n; ++i) {
    // Average cost of one output; the pooled average until it has data.
    cost[i] = (seconds_[i] + mean_cost) / (uses_[i] + 1.0);
  }
  for (int round = 0; round < 2; ++round) {
    double time_total = 0;
    for (size_t i = 0; i < n; ++i) time_total += p_[i] * cost[i];
    for (size_t i = 0; i < n; ++i) {
      if (!enabled(static_cast<int>(i))) continue;
      const double share = time_total > 0 ? p_[i] * cost[i] / time_total : 0.0;
      if (share >= options_.floor) continue;
      const double others = time_total - p_[i] * cost[i];
      p_[i] = options_.floor * others / (cost[i] * (1 - options_.floor));
      if (others <= 0) p_[i] = 1.0;
    }
    double sum = 0;
    for (size_t i = 0; i < n; ++i) sum += p_[i];
    if (sum > 0) {
      for (size_t i = 0; i < n; ++i) p_[i] /= sum;
    }
  }
}

int Bandit::Pick(Rng& rng, uint64_t allowed) {
  ++since_refresh_;
  if (since_refresh_ >= options_.refresh ||
      (dirty_ && since_refresh_ >= kMinPicksBetweenRefreshes)) {
    Refresh(rng);
  }
  const size_t n = prior_.size();
  auto is_allowed = [&](size_t i) {
    return enabled(static_cast<int>(i)) &&
           (i >= 64 || ((allowed >> i) & 1) != 0);
  };
  double total = 0;
  size_t live = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!is_allowed(i)) continue;
    total += p_[i];
    ++live;
  }
  if (live == 0) return -1;
  if (total <= 0) {  // only arms with no probability left: uniform
    size_t k = rng.Below(live);
    for (size_t i = 0; i < n; ++i) {
      if (is_allowed(i) && k-- == 0) return static_cast<int>(i);
    }
  }
  double r = rng.Uniform() * total;
  int last = -1;
  for (size_t i = 0; i < n; ++i) {
    if (!is_allowed(i) || p_[i] <= 0) continue;
    last = static_cast<int>(i);
    r -= p_[i];
    if (r < 0) break;
  }
  return last;
}

}  // namespace grammut
