// coverage_novelty.h: did the run of our last output add coverage, or only
// make a corpus entry smaller?
//
// libFuzzer keeps an output for two reasons: it reached a feature no input
// reached before (NEW), or it reached the same unique features as its
// corpus entry in fewer bytes (REDUCE, which replaces the entry). The chain
// tracker sees both as "kept"; but only the first is coverage, and in a
// grammar run most kept outputs are reductions (sqlite3, 10 minutes: 8,427
// REDUCE vs 2,988 NEW), so a schedule rewarded by "kept" favours the arms
// that shrink. libFuzzer leaves the target's inline 8-bit counters as the
// last run set them until the next run starts, so at the next mutator call
// the glue reads them and counts the features libFuzzer would call new:
// (counter, hit-count bucket) pairs never seen before, with libFuzzer's
// buckets 1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+. The set of pairs seen
// is built from the runs the glue reads (our outputs that libFuzzer kept;
// a discarded one reached nothing new, and one of unknown fate is not read:
// one call in -mutate_depth, few of them kept, and a pass over all counters
// was 2% of a sqlite3 fuzzer's CPU), so early in a run, or after features
// first reached by an unread run, a reduction can look new; it converges
// as the runs go on.
#ifndef GRAMMUT_LIBFUZZER_COVERAGE_NOVELTY_H_
#define GRAMMUT_LIBFUZZER_COVERAGE_NOVELTY_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"

namespace grammut {

class CoverageNovelty {
 public:
  // `counters`: the target's inline 8-bit counters (empty if not found).
  explicit CoverageNovelty(absl::Span<const uint8_t> counters)
      : counters_(counters), seen_(counters.size(), 0) {}

  // Scan counts the features the counters hold now that no earlier scan
  // saw, and marks them seen; -1 when there are no counters to read.
  int Scan();
  // Of the features the last Scan counted, those of counters no earlier
  // scan saw at all (new code, not a new hit count); -1 without counters.
  int last_new_edges() const { return counters_.empty() ? -1 : edges_; }

 private:
  absl::Span<const uint8_t> counters_;
  std::vector<uint8_t> seen_;  // per counter: bit b = bucket b was seen
  int edges_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_COVERAGE_NOVELTY_H_
