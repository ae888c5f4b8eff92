// bounded_map.h: a hash map with a size bound and first-in-first-out
// eviction, for every bounded table the mutator keeps (parsed trees,
// outputs awaiting credit, inputs already seen).
//
// Each entry has a cost (1 for tables bounded by count, bytes for the tree
// cache); Put evicts the oldest entries while the total is over the bound.
// Entries looked up with Touch get a second chance: when their turn to go
// comes, they go to the back of the line instead, once (an approximation
// of least-recently-used at FIFO cost). Insertion order lives in a ring
// buffer that only grows, so a map that stays at its bound allocates
// nothing.
//
// Example:
//   BoundedMap<int> pending(/*max_cost=*/4096);
//   pending.Put(hash, arm);
//   if (std::optional<int> arm = pending.Take(hash)) { ... }
#ifndef GRAMMUT_BASE_BOUNDED_MAP_H_
#define GRAMMUT_BASE_BOUNDED_MAP_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"

namespace grammut {

template <typename V>
class BoundedMap {
 public:
  explicit BoundedMap(size_t max_cost) : max_cost_(max_cost) {}

  // Find returns the value for `key`, or null.
  V* Find(uint64_t key) {
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : &it->second.value;
  }
  const V* Find(uint64_t key) const {
    auto it = map_.find(key);
    return it == map_.end() ? nullptr : &it->second.value;
  }
  bool Contains(uint64_t key) const { return map_.contains(key); }
  // Touch is Find that also gives the entry a second chance at eviction.
  V* Touch(uint64_t key) {
    auto it = map_.find(key);
    if (it == map_.end()) return nullptr;
    it->second.referenced = true;
    return &it->second.value;
  }

  // Put adds or replaces the entry for `key` (a replaced entry keeps its
  // place in the eviction order), then evicts while over the bound.
  void Put(uint64_t key, V value, size_t cost = 1) {
    Put(key, std::move(value), cost, [](uint64_t, V&&) {});
  }
  // Put that hands each evicted entry to on_evict(key, V&&) (e.g. to keep
  // it elsewhere in another form).
  template <typename OnEvict>
  void Put(uint64_t key, V value, size_t cost, OnEvict on_evict) {
    auto [it, inserted] = map_.try_emplace(key);
    if (!inserted) {
      cost_ -= it->second.cost;
    } else {
      it->second.seq = next_seq_++;
      PushOrder(key, it->second.seq);
    }
    it->second.value = std::move(value);
    it->second.cost = cost;
    cost_ += cost;
    // Each pass over the ring clears second chances, so this ends.
    EvictToBound(on_evict);
  }

  // Take removes the entry for `key` and returns its value.
  std::optional<V> Take(uint64_t key) {
    auto it = map_.find(key);
    if (it == map_.end()) return std::nullopt;
    std::optional<V> out(std::move(it->second.value));
    cost_ -= it->second.cost;
    map_.erase(it);  // its slot in the order ring is skipped later
    return out;
  }

  void Clear() {
    map_.clear();
    head_ = count_ = 0;
    cost_ = 0;
  }

  size_t size() const { return map_.size(); }
  size_t cost() const { return cost_; }
  size_t max_cost() const { return max_cost_; }
  // Slots of the order ring (for tests).
  size_t ring_capacity() const { return ring_.size(); }
  // A new bound; entries over it go at the next Put or EvictToBound.
  void set_max_cost(size_t max_cost) { max_cost_ = max_cost; }
  // Evicts (as Put does, handing each to on_evict) while over the bound.
  template <typename OnEvict>
  void EvictToBound(OnEvict on_evict) {
    while (cost_ > max_cost_ && count_ > 0) EvictOldest(on_evict);
  }

  // Calls fn(key, value) for every entry (unspecified order).
  template <typename Fn>
  void ForEach(Fn fn) const {
    for (const auto& [key, entry] : map_) fn(key, entry.value);
  }

 private:
  struct Entry {
    V value{};
    size_t cost = 0;
    uint64_t seq = 0;
    bool referenced = false;
  };
  struct Slot {
    uint64_t key;
    uint64_t seq;
  };

  void PushOrder(uint64_t key, uint64_t seq) {
    // Entries taken leave their slots behind; when those dominate, drop
    // them (otherwise a map kept under its bound by Take would grow its
    // ring forever).
    if (count_ == ring_.size() && count_ >= 2 * map_.size() + 64) Compact();
    if (count_ == ring_.size()) {
      // Grow, unrolling the ring so the oldest entry comes first.
      std::vector<Slot> bigger;
      bigger.reserve(ring_.empty() ? 64 : 2 * ring_.size());
      for (size_t k = 0; k < count_; ++k) {
        bigger.push_back(ring_[(head_ + k) % ring_.size()]);
      }
      bigger.resize(bigger.capacity());
      ring_ = std::move(bigger);
      head_ = 0;
    }
    ring_[(head_ + count_) % ring_.size()] = Slot{key, seq};
    ++count_;
  }

  // Keeps only the slots of live entries, in order.
  void Compact() {
    size_t kept = 0;
    for (size_t k = 0; k < count_; ++k) {
      const Slot slot = ring_[(head_ + k) % ring_.size()];
      auto it = map_.find(slot.key);
      if (it == map_.end() || it->second.seq != slot.seq) continue;
      ring_[(head_ + kept) % ring_.size()] = slot;
      ++kept;
    }
    count_ = kept;
  }

  template <typename OnEvict>
  void EvictOldest(OnEvict& on_evict) {
    const Slot slot = ring_[head_];
    head_ = (head_ + 1) % ring_.size();
    --count_;
    auto it = map_.find(slot.key);
    // Skip slots of entries taken (or taken and put again) since.
    if (it == map_.end() || it->second.seq != slot.seq) return;
    if (it->second.referenced) {  // a second chance: back of the line
      it->second.referenced = false;
      ring_[(head_ + count_) % ring_.size()] = slot;
      ++count_;
      return;
    }
    cost_ -= it->second.cost;
    V value = std::move(it->second.value);
    map_.erase(it);
    on_evict(slot.key, std::move(value));
  }

  size_t max_cost_;
  size_t cost_ = 0;
  uint64_t next_seq_ = 0;
  absl::flat_hash_map<uint64_t, Entry> map_;
  std::vector<Slot> ring_;
  size_t head_ = 0, count_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_BASE_BOUNDED_MAP_H_
