#include "aflpp/grammar_trimmer.h"

#include <algorithm>
#include <utility>

#include "base/rng.h"
#include "mutate/operators/shrink_edits.h"

namespace grammut {
namespace {

constexpr size_t kMB = size_t{1} << 20;

ParseOptions TrimParseOptions(const MutatorConfig& config) {
  ParseOptions o;
  o.max_bytes = config.max_parse_bytes;
  o.max_depth = 500;
  // A few MB of ANTLR prediction cache (about 1 KB a state).
  o.max_dfa_states = 5000;
  return o;
}

size_t NextPow2(size_t n) {
  size_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

}  // namespace

GrammarTrimmer::GrammarTrimmer(const Grammar& grammar, const Weights& weights,
                               const MutatorConfig& config)
    : grammar_(grammar),
      config_(config),
      parser_(grammar, TrimParseOptions(config)),
      kit_(grammar, weights, /*pool=*/nullptr, 4 * kMB) {}

MutationContext GrammarTrimmer::Context(Rng& rng) {
  // Every candidate must be smaller than the input.
  return MakeContext(grammar_, kit_, rng, cur_.TextSize() - 1,
                     ProbabilityMode::kUniform, config_.max_depth, index_,
                     scratch_, &unused_bytes_out_);
}

int GrammarTrimmer::Start(absl::string_view input) {
  ++totals_.inputs;
  totals_.bytes_in += input.size();
  current_.assign(input.data(), input.size());
  candidate_.clear();
  steps_ = 0;
  planned_ = 0;
  done_ = true;
  cursor_ = Cursor();
  by_tree_ = false;
  if (input.size() >= 2 && input.size() <= config_.max_parse_bytes) {
    absl::StatusOr<ParseResult> r = parser_.Parse(input);
    if (r.ok() && r->syntax_errors == 0 && !r->tree.empty() &&
        r->tree.TextSize() == input.size()) {
      cur_ = std::move(r->tree);
      index_.Reset();
      by_tree_ = true;
    }
  }
  if (by_tree_) {
    ++totals_.by_tree;
    planned_ = CountTreeCandidates();
  } else {
    const size_t p2 = NextPow2(input.size());
    cursor_.chunk = std::max<size_t>(1, p2 / 16);
    min_chunk_ = std::max<size_t>(1, p2 / 1024);
    planned_ = CountByteCandidates(input.size());
  }
  planned_ = std::min(planned_, kMaxSteps);
  if (planned_ == 0 || !Prepare()) {
    planned_ = 0;
    candidate_.clear();
    return 0;
  }
  done_ = false;
  budget_ = std::min(planned_, kBaseSteps);
  return planned_;
}

int GrammarTrimmer::Result(bool accepted) {
  if (done_) return planned_;
  ++steps_;
  ++totals_.steps;
  if (accepted) {
    ++totals_.accepted;
    budget_ = std::min(planned_, budget_ + kStepsPerAccept);
    totals_.bytes_removed += current_.size() - candidate_.size();
    current_ = candidate_;
    if (by_tree_) {
      cur_.AssignCompact(cand_tree_);
      index_.Reset();
      // A hoisted or shortened node is a new subtree: all of its
      // candidates are new. After a loop deletion the next iteration has
      // moved into the slot of the deleted one: stay.
      if (cursor_.phase != 0) {
        cursor_.phase = 0;
        cursor_.index = 0;
      }
    }
  } else if (by_tree_) {
    ++cursor_.index;
  } else {
    cursor_.pos += cursor_.chunk;
  }
  if (steps_ >= budget_ || !Prepare()) {
    done_ = true;
    candidate_.clear();
    return planned_;
  }
  return steps_;
}

bool GrammarTrimmer::Prepare() {
  return by_tree_ ? PrepareTree() : PrepareBytes();
}

bool GrammarTrimmer::PrepareTree() {
  while (cursor_.node < cur_.size()) {
    const int node = cursor_.node;
    if (cur_.node(node).is_rule && cur_.SubtreeSize(node) > 0) {
      while (cursor_.phase < 3) {
        bool exists = false;
        if (TreeCandidate(node, cursor_.phase, cursor_.index, &exists)) {
          candidate_.resize(cand_tree_.TextSize());
          cand_tree_.CopyText(candidate_.data());
          return true;
        }
        if (exists) {
          ++cursor_.index;  // there, but not smaller: the next one
        } else {
          ++cursor_.phase;
          cursor_.index = 0;
        }
      }
    }
    ++cursor_.node;
    cursor_.phase = 0;
    cursor_.index = 0;
  }
  return false;
}

bool GrammarTrimmer::PrepareBytes() {
  while (cursor_.chunk >= min_chunk_ && cursor_.chunk > 0) {
    if (cursor_.pos < current_.size()) {
      const size_t n = std::min(cursor_.chunk, current_.size() - cursor_.pos);
      if (current_.size() - n >= 1) {
        candidate_.assign(current_, 0, cursor_.pos);
        candidate_.append(current_, cursor_.pos + n, std::string::npos);
        return true;
      }
      cursor_.pos += cursor_.chunk;
      continue;
    }
    cursor_.chunk /= 2;
    cursor_.pos = 0;
  }
  return false;
}

bool GrammarTrimmer::TreeCandidate(int node, int phase, int index,
                                   bool* exists) {
  *exists = false;
  switch (phase) {
    case 0:
      return DeleteIteration(node, index, exists);
    case 1:
      return Hoist(node, index, exists);
    default:
      return Shortest(node, index, exists);
  }
}

bool GrammarTrimmer::DeleteIteration(int node, int index, bool* exists) {
  if (cur_.steps(node).size() < 2) return false;
  FindLoops(grammar_, cur_, node, &loops_);
  int k = 0;
  for (const LoopInstance& inst : loops_.instances) {
    if (inst.plus && inst.count < 2) continue;  // a + loop keeps one
    for (const LoopIteration& it : loops_.of(inst)) {
      if (it.end_child == it.first_child) continue;
      if (k++ != index) continue;
      *exists = true;
      Rng rng(0);
      MutationContext ctx = Context(rng);
      return shrink_edits::DeleteIteration(ctx, cur_, inst, it, &cand_tree_);
    }
  }
  return false;
}

bool GrammarTrimmer::Hoist(int node, int index, bool* exists) {
  Rng rng(0);
  MutationContext ctx = Context(rng);
  shrink_edits::SmallerSameRule(ctx, cur_, node, kMaxHoists, &hoists_);
  if (index >= static_cast<int>(hoists_.size())) return false;
  *exists = true;
  return shrink_edits::Hoist(ctx, cur_, node, hoists_[index], &cand_tree_);
}

bool GrammarTrimmer::Shortest(int node, int index, bool* exists) {
  if (index > 0) return false;
  const int rule = cur_.node(node).symbol;
  if (grammar_.rule_min_cost(rule).bytes >=
      static_cast<int64_t>(cur_.SubtreeSize(node))) {
    return false;
  }
  *exists = true;
  // A fixed seed per node: the same input gives the same candidates.
  Rng rng(static_cast<uint64_t>(node) * 0x9e3779b97f4a7c15ULL + 1);
  MutationContext ctx = Context(rng);
  return shrink_edits::ReplaceByShortest(ctx, cur_, node, config_.max_depth,
                                         &cand_tree_);
}

int GrammarTrimmer::CountTreeCandidates() {
  int64_t n = 0;
  for (int node = 0; node < cur_.size() && n < kMaxSteps; ++node) {
    if (!cur_.node(node).is_rule) continue;
    const size_t size = cur_.SubtreeSize(node);
    if (size == 0) continue;
    if (cur_.steps(node).size() >= 2) {
      FindLoops(grammar_, cur_, node, &loops_);
      for (const LoopInstance& inst : loops_.instances) {
        if (inst.plus && inst.count < 2) continue;
        for (const LoopIteration& i : loops_.of(inst)) {
          if (i.end_child != i.first_child) ++n;
        }
      }
    }
    Rng rng(0);
    MutationContext ctx = Context(rng);
    shrink_edits::SmallerSameRule(ctx, cur_, node, kMaxHoists, &hoists_);
    n += static_cast<int64_t>(hoists_.size());
    if (grammar_.rule_min_cost(cur_.node(node).symbol).bytes <
        static_cast<int64_t>(size)) {
      ++n;
    }
  }
  return static_cast<int>(std::min<int64_t>(n, kMaxSteps));
}

int GrammarTrimmer::CountByteCandidates(size_t size) const {
  if (size < 2) return 0;
  int64_t n = 0;
  for (size_t chunk = cursor_.chunk; chunk >= min_chunk_ && chunk > 0;
       chunk /= 2) {
    n += static_cast<int64_t>((size + chunk - 1) / chunk);
    if (n >= kMaxSteps) break;
  }
  return static_cast<int>(std::min<int64_t>(n, kMaxSteps));
}

}  // namespace grammut
