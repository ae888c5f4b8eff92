#include "kpath/kpath_coverage.h"

#include <algorithm>

namespace grammut {

KPathCoverage::KPathCoverage(const SymbolGraph& graph, int k)
    : graph_(graph), k_(std::max(1, k)) {}

void KPathCoverage::Collect(const Tree& tree) const {
  scratch_.clear();
  KPathsOfTree(graph_, tree, k_, [&](absl::Span<const int32_t> path) {
    scratch_.push_back(KPathHash(path));
  });
  std::sort(scratch_.begin(), scratch_.end());
  scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
}

const std::vector<uint64_t>& KPathCoverage::DistinctPaths(
    const Tree& tree) const {
  Collect(tree);
  return scratch_;
}

int KPathCoverage::Add(const Tree& tree) {
  Collect(tree);
  int added = 0;
  for (uint64_t h : scratch_) added += covered_.insert(h).second;
  return added;
}

int KPathCoverage::CountNew(const Tree& tree) const {
  Collect(tree);
  int fresh = 0;
  for (uint64_t h : scratch_) fresh += !covered_.contains(h);
  return fresh;
}

int KPathCoverage::CountDistinct(const Tree& tree) const {
  Collect(tree);
  return static_cast<int>(scratch_.size());
}

bool KPathCoverage::Covers(absl::Span<const int32_t> path) const {
  return covered_.contains(KPathHash(path));
}

uint64_t KPathCoverage::Uncovered(
    uint64_t limit, uint64_t scan,
    const std::function<void(absl::Span<const int32_t>)>& fn) const {
  uint64_t seen = 0;
  graph_.Enumerate(k_, scan, [&](absl::Span<const int32_t> path) {
    if (Covers(path)) return;
    if (seen++ < limit) fn(path);
  });
  return seen;
}

}  // namespace grammut
