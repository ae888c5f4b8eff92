#include "kpath/kpath_targets.h"

#include <utility>

namespace grammut {

KPathTargets::KPathTargets(const Grammar& grammar, int k, size_t max_paths)
    : k_(k), graph_(std::make_unique<SymbolGraph>(grammar)) {
  graph_->Enumerate(k, max_paths, [&](absl::Span<const int32_t> path) {
    const KSymbol& first = graph_->symbol(path[0]);
    // Paths that start at a token cannot be steered by regenerating a rule.
    if (first.kind == KSymbol::Kind::kToken) return;
    Target t;
    t.hash = KPathHash(path);
    t.rule = first.target;
    t.last = path[path.size() - 1];
    if (t.rule < 0 || !index_.emplace(t.hash, paths_.size()).second) return;
    paths_.push_back(t);
  });
  is_covered_.assign(paths_.size(), 0);
  uncovered_.reserve(paths_.size());
  for (uint32_t i = 0; i < paths_.size(); ++i) uncovered_.push_back(i);
}

void KPathTargets::AddTree(const Tree& tree) {
  KPathsOfTree(
      *graph_, tree, k_,
      [this](absl::Span<const int32_t> path) {
        auto it = index_.find(KPathHash(path));
        if (it == index_.end() || is_covered_[it->second]) return;
        is_covered_[it->second] = 1;
        ++covered_count_;
      },
      &scratch_);
}

bool KPathTargets::PickUncovered(Rng& rng, Target* out) {
  while (!uncovered_.empty()) {
    const size_t i = rng.Below(uncovered_.size());
    const uint32_t p = uncovered_[i];
    if (is_covered_[p]) {  // covered since: drop it
      uncovered_[i] = uncovered_.back();
      uncovered_.pop_back();
      continue;
    }
    *out = paths_[p];
    return true;
  }
  return false;
}

bool KPathTargets::Holds(const Tree& tree, uint64_t hash) const {
  bool found = false;
  KPathsOfTree(
      *graph_, tree, k_,
      [&found, hash](absl::Span<const int32_t> path) {
        if (!found && KPathHash(path) == hash) found = true;
      },
      &scratch_);
  return found;
}

bool KPathTargets::HasSymbol(const Tree& tree, int symbol) const {
  return !tree.empty() && NodeHasSymbol(*graph_, tree, 0, symbol, &scratch_);
}

RouteSteer* KPathTargets::SteerWithin(const Target& target, Rng* detour) {
  if (target.last < 0 || graph_->symbol(target.last).rule != target.rule) {
    return nullptr;
  }
  if (router_ == nullptr) router_ = std::make_unique<KPathRouter>(*graph_);
  auto [it, added] = routes_.try_emplace(target.last);
  if (added && !router_->PlanInRule(target.last, &it->second)) {
    it->second.frames.clear();
  }
  const Route& route = it->second;
  if (route.frames.empty()) return nullptr;
  if (steer_ == nullptr) {
    steer_ = std::make_unique<RouteSteer>(*router_, route, detour);
  } else {
    steer_->Reset(route, detour);
  }
  return steer_.get();
}

size_t KPathTargets::RoutesBytes() const {
  size_t bytes = routes_.capacity() * (sizeof(int32_t) + sizeof(Route) + 1);
  for (const auto& [symbol, route] : routes_) {
    bytes += route.frames.capacity() * sizeof(RouteFrame);
    for (const RouteFrame& f : route.frames) {
      bytes += f.waypoints.capacity() * sizeof(RouteWaypoint);
    }
  }
  return bytes;
}

size_t KPathTargets::MemoryBytes() const {
  return paths_.capacity() * sizeof(Target) +
         index_.capacity() * (sizeof(uint64_t) + sizeof(uint32_t) + 1) +
         is_covered_.capacity() + uncovered_.capacity() * sizeof(uint32_t) +
         RoutesBytes() + scratch_.MemoryBytes();
}

}  // namespace grammut
