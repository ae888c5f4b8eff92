// running_quantile.h: a quantile of the recent values of a stream, taken
// again every few values (cheap enough to feed on every fuzzer run).
//
//   RunningQuantile p90(/*percent=*/90, /*window=*/1024, /*every=*/256);
//   p90.Add(seconds);
//   if (p90.ready() && seconds > p90.value()) ...  // among the slowest tenth
#ifndef GRAMMUT_BASE_RUNNING_QUANTILE_H_
#define GRAMMUT_BASE_RUNNING_QUANTILE_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace grammut {

class RunningQuantile {
 public:
  // The `percent` quantile of the last `window` values, taken at the first
  // value and again every `every` values.
  RunningQuantile(int percent, size_t window, uint64_t every)
      : percent_(percent), window_size_(window), every_(every) {
    window_.reserve(window);
  }

  // Adds `v`.
  void Add(double v) {
    if (window_.size() < window_size_) {
      window_.push_back(v);
    } else {
      window_[next_] = v;
      next_ = (next_ + 1) % window_size_;
    }
    if (added_++ % every_ == 0) {
      sorted_ = window_;
      const size_t k = sorted_.size() * static_cast<size_t>(percent_) / 100;
      std::nth_element(sorted_.begin(), sorted_.begin() + k, sorted_.end());
      value_ = sorted_[k];
    }
  }
  // The quantile as last taken (0 before the first value).
  double value() const { return value_; }
  // True once `every` values were added: before, the quantile stands on
  // too few to judge by.
  bool ready() const { return added_ >= every_; }

 private:
  int percent_;
  size_t window_size_;
  uint64_t every_;
  std::vector<double> window_, sorted_;
  size_t next_ = 0;
  uint64_t added_ = 0;
  double value_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_BASE_RUNNING_QUANTILE_H_
