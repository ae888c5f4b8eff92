#include "mutate/cpu_budget.h"

#include <algorithm>
#include <cmath>

namespace grammut {

void CpuBudget::Update(int64_t own_ns, int64_t process_ns) {
  if (!active()) return;
  if (first_process_ < 0) first_process_ = process_ns;
  if (1e-9 * static_cast<double>(process_ns - first_process_) <
      kWarmUpSeconds) {
    return;
  }
  if (window_own_ < 0) {  // the first window starts after the warm-up
    window_own_ = own_ns;
    window_process_ = process_ns;
    return;
  }
  const double process = static_cast<double>(process_ns - window_process_);
  if (1e-9 * process < kWindowSeconds) return;
  recent_share_ =
      std::clamp(static_cast<double>(own_ns - window_own_) / process, 0.0, 1.0);
  window_own_ = own_ns;
  window_process_ = process_ns;
  // What is not throttled scales by the square root of budget / share: half
  // the gap (in logarithms) closes each window. A share of zero (nothing
  // measured) releases the throttle.
  const double ratio =
      recent_share_ > 0 ? std::sqrt(share_ / recent_share_) : 1e9;
  const double open =
      std::clamp((1 - throttle_) * ratio, 1 - kMaxThrottle, 1.0);
  throttle_ = 1 - open;
}

}  // namespace grammut
