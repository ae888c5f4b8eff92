// mutator_outcome.cc: the events Mutator gets: corpus entries (late credit
// for outputs of unknown fate), the outcome of the last output (credit to
// the family and arm, goals, learning, adoption of kept trees) and where
// the target stopped reading.
#include <algorithm>
#include <optional>
#include <utility>

#include "mutate/mutator.h"

namespace grammut {
namespace {

// Chance that an edit of an input the target read only part of goes there.
constexpr double kReadFocusChance = 0.875;
// A kept output that reached no new coverage feature (it made a corpus
// entry smaller) is worth this much of one that did, to the schedule.
constexpr double kReductionWin = 0.1;

}  // namespace

void Mutator::NoteCorpusEntry(uint64_t hash) {
  if (std::optional<Pending> p = pending_.Take(hash)) {
    // One of our outputs of unknown fate: libFuzzer kept it.
    families_.Win(p->family, p->win);
    if (p->arm >= 0) ops_.Win(p->arm, p->win);
    ++stats_.late_credit;
    if (p->win < 1) {
      ++stats_.reductions;
      ForgetReplaced(p->root);
    }
    if (p->ring >= 0 && pending_trees_[p->ring].gen == p->ring_gen &&
        !corpus_.Contains(hash)) {
      ++stats_.corpus_entries;
      AdoptTree(hash, pending_trees_[p->ring].slot,
                p->learnable && p->win >= 1 ? 1.0 : 0.0);
      return;
    }
  }
  if (!corpus_.Contains(hash)) {
    corpus_.Put(hash, false);
    ++stats_.corpus_entries;
  }
}

void Mutator::ReportOutcome(Fate fate, double cost,
                            const HarnessFeedback& reported) {
  HarnessFeedback feedback = reported;
  // Measured times differ between runs: not with GRAMMUT_DETERMINISTIC.
  if (config_.deterministic) feedback.run_seconds = 0;
  if (!config_.validity) feedback.verdict = HarnessFeedback::Verdict::kNone;
  parse_allowance_ = std::min(config_.parse_burst_seconds,
                              parse_allowance_ + config_.parse_share * cost);
  if (!last_.valid) return;
  if (config_.slow_entries) slow_.Add(chain_root_, feedback.run_seconds);
  last_read_ =
      feedback.read_bytes >= 0 &&
              static_cast<uint64_t>(feedback.read_bytes) < last_output_.size()
          ? feedback.read_bytes
          : -1;
  if (last_read_ >= 0) ++stats_.read_in_part;
  families_.Charge(last_.family, cost);
  if (last_.arm >= 0) ops_.Charge(last_.arm, cost);
  if (feedback.verdict == HarnessFeedback::Verdict::kValid) ++stats_.valid;
  if (feedback.verdict == HarnessFeedback::Verdict::kInvalid) ++stats_.invalid;
  // Zest: invalid inputs teach nothing about the language.
  const bool learnable = feedback.verdict != HarnessFeedback::Verdict::kInvalid;
  const bool kept = fate == Fate::kKept;
  // Kept without a new feature: a reduction (when the glue can tell); with
  // new code: worth config_.edge_win.
  const double win = feedback.new_features == 0 ? kReductionWin
                     : feedback.new_edges > 0   ? config_.edge_win
                                                : 1.0;
  if (fate == Fate::kKept && feedback.new_edges > 0) ++stats_.new_code;
  const int rules = config_.goal.complexity > 0 && last_.has_tree
                        ? CountDistinctRules(slots_[cur_].tree, &rule_seen_)
                        : 0;
  const double score = goals_.Score(kept, feedback, rules);
  if (goals_.TakePlateau()) ResetOneRule();
  if (!kept && score > 0) {
    // Serves a goal other than coverage (a failure, a slow run).
    families_.Win(last_.family);
    if (last_.arm >= 0) ops_.Win(last_.arm);
    if (learnable && last_.has_tree && slots_[cur_].clean) {
      Learn(slots_[cur_].tree, score);
    }
  }
  switch (fate) {
    case Fate::kKept: {
      ++stats_.kept;
      if (win < 1) {
        ++stats_.reductions;
        ForgetReplaced(entry_root_);
      }
      families_.Win(last_.family, win);
      if (last_.arm >= 0) ops_.Win(last_.arm, win);
      const uint64_t hash = Hash(last_output_);
      if (last_read_ >= 0) read_bytes_.Put(hash, last_read_);
      if (last_.has_tree && !corpus_.Contains(hash)) {
        ++stats_.corpus_entries;
        // A reduction is its chain's first input made smaller, and reached
        // nothing new: that input was learned, so it is not learned again.
        AdoptTree(hash, slots_[cur_], learnable && win >= 1 ? score : 0.0);
      }
      break;
    }
    case Fate::kDiscarded:
      ++stats_.discarded;
      break;
    case Fate::kUnknown: {
      ++stats_.unknown;
      Pending p;
      p.family = last_.family;
      p.arm = last_.arm;
      p.learnable = learnable;
      p.win = win;
      p.root = entry_root_;
      if (last_.has_tree) {
        // Keep its tree in the ring: swapping buffers allocates nothing.
        PendingTree& pt = pending_trees_[pending_next_];
        std::swap(pt.slot, slots_[cur_]);
        pt.gen = ++pending_gen_;
        p.ring = static_cast<int>(pending_next_);
        p.ring_gen = pt.gen;
        pending_next_ = (pending_next_ + 1) % pending_trees_.size();
        last_.has_tree = false;
      }
      const uint64_t hash = Hash(last_output_);
      if (last_read_ >= 0) read_bytes_.Put(hash, last_read_);
      pending_.Put(hash, p);
      break;
    }
  }
}

int64_t Mutator::ReadFocus(bool chained, uint64_t hash, size_t size, Rng& rng) {
  const int64_t last_read = last_read_;
  last_read_ = -1;
  if (!config_.read_focus) return -1;
  int64_t read = last_read;
  if (!chained) {
    const uint32_t* r = read_bytes_.Find(hash);
    read = r != nullptr ? *r : -1;
  }
  if (read < 0 || static_cast<uint64_t>(read) >= size) return -1;
  // Now and then anywhere: what follows may matter once an edit gets the
  // target past where it stopped.
  if (!rng.Chance(kReadFocusChance)) return -1;
  ++stats_.read_focused;
  return read;
}

}  // namespace grammut
