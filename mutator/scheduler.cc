#include "mutator/scheduler.h"

namespace grammut {

Scheduler::Scheduler(std::vector<double> base, bool adaptive, double floor)
    : base_(std::move(base)),
      adaptive_(adaptive),
      floor_(floor),
      uses_(base_.size(), 0),
      wins_(base_.size(), 0) {}

int Scheduler::Pick(Rng& rng, const std::vector<bool>& allowed) const {
  const size_t n = base_.size();
  std::vector<double> w(n, 0.0);
  double base_sum = 0, rate_sum = 0;
  size_t live = 0;
  for (size_t i = 0; i < n; ++i) {
    if (base_[i] <= 0 || (!allowed.empty() && !allowed[i])) continue;
    ++live;
    base_sum += base_[i];
    rate_sum += base_[i] * (static_cast<double>(wins_[i]) + 1) /
                (static_cast<double>(uses_[i]) + 2);
  }
  if (live == 0) return -1;
  for (size_t i = 0; i < n; ++i) {
    if (base_[i] <= 0 || (!allowed.empty() && !allowed[i])) continue;
    const double fixed = base_[i] / base_sum;
    if (!adaptive_) {
      w[i] = fixed;
      continue;
    }
    const double rate = base_[i] * (static_cast<double>(wins_[i]) + 1) /
                        (static_cast<double>(uses_[i]) + 2) / rate_sum;
    w[i] = floor_ * fixed + (1 - floor_) * rate;
  }
  double r = rng.Uniform();
  int last = -1;
  for (size_t i = 0; i < n; ++i) {
    if (w[i] <= 0) continue;
    last = static_cast<int>(i);
    r -= w[i];
    if (r < 0) return last;
  }
  return last;
}

}  // namespace grammut
