// slow_entries.h: corpus entries far slower to run than the run's typical
// input, so that grammut mutates a faster entry in their place.
//
// A fuzz target whose inputs are programs (Lua, JavaScript, SQL) runs some
// of them for a long time: nested protected calls, loops up to the
// harness's instruction budget. Their mutants run as long, so a few such
// entries take most of the run's time (Lua at 568 executions per second
// where libFuzzer alone makes 2,458), and some go on past -timeout.
// libFuzzer's -entropic_scale_per_exec_time weighs every entry by its
// speed, favouring the fast ones too, which on sqlite3 are the scripts it
// rejects early (bench/results/2026-12-06-exec-time-sqlite3). This only
// holds back the few far slower than the rest: per corpus entry, the mean
// run time of the outputs made from it; when that is over kSlowFactor
// (4) times the median of recent runs, an entry is replaced by a recent fast
// one with chance 1 - kSlowFactor * median / mean.
//
//   SlowEntries slow;
//   slow.Add(root, run_seconds);        // each output's measured run
//   if (rng.Chance(slow.AvoidChance(entry))) {
//     uint64_t other = slow.PickFast(rng);  // mutate this one instead
//   }
//
// Off by default (MutatorConfig::slow_entries): in 10-minute runs it made
// 4-9% more executions a second and reached less, on Lua and sqlite3
// (bench/results/2026-12-06-slow-entries).
#ifndef GRAMMUT_MUTATE_SLOW_ENTRIES_H_
#define GRAMMUT_MUTATE_SLOW_ENTRIES_H_

#include <cstdint>
#include <vector>

#include "base/bounded_map.h"
#include "base/rng.h"
#include "base/running_quantile.h"

namespace grammut {

class SlowEntries {
 public:
  // An entry whose outputs run this many times longer than the median is
  // slow. (With 10, short Lua runs left too few entries to change their
  // speed.)
  static constexpr double kSlowFactor = 4;
  // Outputs of an entry measured before it is judged.
  static constexpr uint32_t kMinRuns = 3;
  // Recent runs the median is taken over, and how often it is taken.
  static constexpr size_t kWindow = 256;
  static constexpr uint64_t kResort = 64;
  // Entries remembered, and recent fast ones kept to stand in.
  static constexpr size_t kMaxEntries = 1 << 16;
  static constexpr size_t kFastRing = 64;

  SlowEntries();

  // Notes that an output made from corpus entry `root` ran `seconds`
  // (nothing when `seconds` is not above 0: not measured).
  void Add(uint64_t root, double seconds);
  // The chance to mutate a fast entry in place of `root`: 0 until the
  // median is known and `root` has kMinRuns runs, and while its mean is
  // within kSlowFactor times the median.
  double AvoidChance(uint64_t root) const;
  // A recent entry whose mean run time is within twice the median, or 0
  // when none is known.
  uint64_t PickFast(Rng& rng) const;
  // The median of recent runs (0 until kResort runs were added).
  double median() const { return median_.ready() ? median_.value() : 0; }

 private:
  struct Runs {
    double seconds = 0;  // their sum
    uint32_t count = 0;
  };

  BoundedMap<Runs> entries_;
  RunningQuantile median_;
  std::vector<uint64_t> fast_;  // a ring of recent fast entries
  size_t fast_next_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_SLOW_ENTRIES_H_
