// The edits at one rule node: shortest derivation, hoisting, removal of
// children (ddmin, then runs of children). The edits themselves are
// mutate/operators/shrink_edits.h's; this file chooses where.
#include <algorithm>

#include "mutate/operators/shrink_edits.h"
#include "shrink/reducer_impl.h"

namespace grammut::reduce_internal {

Reducer::Outcome Reducer::ShortestOrRemove(int node) {
  const Outcome o = Shortest(node);
  return o == Outcome::kSame ? RemoveChildren(node) : o;
}

MutationContext Reducer::Context(Rng& rng) {
  return MakeContext(grammar_, kit_, rng, cur_.TextSize(),
                     ProbabilityMode::kUniform, options_.max_depth, index_,
                     scratch_, &unused_bytes_);
}

Reducer::Outcome Reducer::Shortest(int node) {
  Rng rng(kShortestSeed);
  MutationContext ctx = Context(rng);
  if (!shrink_edits::ReplaceByShortest(ctx, cur_, node, options_.max_depth,
                                       &cand_)) {
    return Outcome::kSame;
  }
  return OutcomeOf(Try(cand_.Text()), Outcome::kReplaced);
}

Reducer::Outcome Reducer::Hoist(int node) {
  const int rule = cur_.node(node).symbol;
  const size_t size = cur_.SubtreeSize(node);
  // The outermost descendants of the same rule, in preorder.
  hoists_.clear();
  for (int d = node + 1; d < cur_.End(node);) {
    const Node& n = cur_.node(d);
    if (n.is_rule && n.symbol == rule) {
      if (cur_.SubtreeSize(d) < size) hoists_.push_back(d);
      d = cur_.End(d);
    } else {
      ++d;
    }
  }
  Rng rng(kShortestSeed);
  for (int d : hoists_) {
    MutationContext ctx = Context(rng);
    if (!shrink_edits::Hoist(ctx, cur_, node, d, &cand_)) continue;
    const Outcome o = OutcomeOf(Try(cand_.Text()), Outcome::kReplaced);
    if (o != Outcome::kSame) return o;
  }
  return Outcome::kSame;
}

DdminVerdict Reducer::TryChildren(int node, const std::vector<int>& kept) {
  Rng rng(kShortestSeed);
  MutationContext ctx = Context(rng);
  shrink_edits::KeepChildren(ctx, base_, node, kids_, kept, &cand_);
  return Try(cand_.Text());
}

Reducer::Outcome Reducer::RemoveChildren(int node) {
  base_ = cur_;
  kids_ = base_.Children(node);
  const int n = static_cast<int>(kids_.size());
  // Elements: a loop iteration (the longest one starting at a child), or a
  // single child; children without text are always kept.
  FindLoops(grammar_, base_, node, &loops_);
  ends_.assign(n, 0);
  for (const LoopIteration& it : loops_.iterations) {
    if (it.first_child < n) {
      ends_[it.first_child] = std::max(ends_[it.first_child], it.end_child);
    }
  }
  units_.clear();
  for (int c = 0; c < n;) {
    const int e = std::min(n, std::max(c + 1, ends_[c]));
    size_t bytes = 0;
    for (int k = c; k < e; ++k) bytes += base_.SubtreeSize(kids_[k]);
    if (bytes > 0) units_.emplace_back(c, e);
    c = e;
  }
  if (units_.empty()) return Outcome::kSame;
  // Child ordinals kept when only `units` (indices into units_) are kept.
  unit_of_.assign(n, -1);
  for (size_t u = 0; u < units_.size(); ++u) {
    for (int c = units_[u].first; c < units_[u].second; ++c) {
      unit_of_[c] = static_cast<int>(u);
    }
  }
  auto children_of = [&](absl::Span<const int> units) {
    selected_.assign(units_.size(), false);
    for (int u : units) selected_[u] = true;
    kept_.clear();
    for (int c = 0; c < n; ++c) {
      if (unit_of_[c] < 0 || selected_[unit_of_[c]]) kept_.push_back(c);
    }
    return kept_;
  };
  bool changed = false, stopped = false;
  const std::vector<int> kept_units = Ddmin(
      static_cast<int>(units_.size()),
      [&](absl::Span<const int> units) {
        const DdminVerdict v = TryChildren(node, children_of(units));
        if (v == DdminVerdict::kInteresting) changed = true;
        return v;
      },
      &stopped);
  if (stopped) return Outcome::kStop;
  std::vector<int> kept = children_of(kept_units);
  // Runs of one to three children: optional elements, list heads with
  // their separator.
  if (kept.size() <= kMaxWindowChildren) {
    std::vector<int> fewer;
    for (int w = 1; w <= kMaxWindow; ++w) {
      for (size_t i = 0; i + w <= kept.size();) {
        size_t bytes = 0;
        for (size_t k = i; k < i + w; ++k) {
          bytes += base_.SubtreeSize(kids_[kept[k]]);
        }
        if (bytes == 0) {
          ++i;
          continue;
        }
        fewer.assign(kept.begin(), kept.begin() + i);
        fewer.insert(fewer.end(), kept.begin() + i + w, kept.end());
        const DdminVerdict v = TryChildren(node, fewer);
        if (v == DdminVerdict::kStop) return Outcome::kStop;
        if (v == DdminVerdict::kInteresting) {
          changed = true;
          kept.swap(fewer);
        } else {
          ++i;
        }
      }
    }
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

}  // namespace grammut::reduce_internal
