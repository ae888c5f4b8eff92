#include "mutate/cache/tree_cache.h"

#include <utility>

#include "tree/tree_codec.h"

namespace grammut {
namespace {

// The packed tier's most: trees ready to mutate take ~24 bytes a node and
// their index, packed ones about 2, so it holds most entries. The ready
// tier has the rest of the budget, and what the packed tier leaves unused.
constexpr size_t kPackedPercent = 60;
// What a map entry costs besides its value's heap bytes.
constexpr size_t kEntryOverhead = 64;

}  // namespace

TreeCache::TreeCache(size_t max_bytes, const Grammar& grammar)
    : grammar_(&grammar),
      max_bytes_(max_bytes),
      ready_(max_bytes),
      packed_(max_bytes * kPackedPercent / 100) {}

std::shared_ptr<const CachedTree> TreeCache::Find(uint64_t hash) {
  if (std::shared_ptr<const CachedTree>* e = ready_.Touch(hash)) {
    ++hits_;
    return *e;
  }
  const PackedTree* p = packed_.Touch(hash);
  if (p == nullptr) {
    ++misses_;
    return nullptr;
  }
  auto entry = std::make_shared<CachedTree>();
  const bool inflated =
      !p->deflated || compressor_.Expand(p->bytes, p->raw_size, &scratch_);
  if (!inflated ||
      !UnpackTree(p->deflated ? absl::string_view(scratch_) : p->bytes,
                  &entry->tree)) {
    packed_.Take(hash);  // not reached: PackTree's own form
    ++misses_;
    return nullptr;
  }
  entry->syntax_errors = p->syntax_errors;
  entry->clean = p->clean;
  entry->index.BuildAll(entry->tree, *grammar_);
  entry->index.ShrinkToFit();
  ++hits_;
  ++unpacked_;
  MakeReady(hash, entry);  // its packed form stays: it may be pushed out again
  return entry;
}

void TreeCache::Put(uint64_t hash, std::shared_ptr<const CachedTree> entry) {
  packed_.Take(hash);  // a new tree for these bytes replaces the packed one
  MakeReady(hash, std::move(entry));
}

bool TreeCache::Erase(uint64_t hash) {
  const bool ready = ready_.Take(hash).has_value();
  const bool packed = packed_.Take(hash).has_value();
  return ready || packed;
}

void TreeCache::MakeReady(uint64_t hash,
                          std::shared_ptr<const CachedTree> entry) {
  const size_t cost = entry->MemoryBytes();
  auto pack = [this](uint64_t key, std::shared_ptr<const CachedTree>&& old) {
    Pack(key, *old);
  };
  ready_.set_max_cost(max_bytes_ - packed_.cost());
  ready_.Put(hash, std::move(entry), cost, pack);
  // Trees packed on the way out took room from the ready tier.
  while (ready_.cost() + packed_.cost() > max_bytes_ && ready_.size() > 0) {
    ready_.set_max_cost(max_bytes_ - packed_.cost());
    ready_.EvictToBound(pack);
  }
}

void TreeCache::Pack(uint64_t hash, const CachedTree& entry) {
  if (packed_.Contains(hash)) return;  // packed before and unpacked since
  PackedTree p;
  PackTree(entry.tree, &scratch_);
  p.deflated = compressor_.Compress(scratch_, &deflated_);
  p.raw_size = static_cast<uint32_t>(scratch_.size());
  // One allocation of the exact size (the scratch buffers keep theirs).
  p.bytes.assign(p.deflated ? deflated_ : scratch_);
  p.syntax_errors = entry.syntax_errors;
  p.clean = entry.clean;
  const size_t cost = sizeof(PackedTree) + kEntryOverhead + p.bytes.capacity();
  packed_.Put(hash, std::move(p), cost);
}

}  // namespace grammut
