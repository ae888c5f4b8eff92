#include "generate/token_pool.h"

#include <algorithm>
#include <array>
#include <utility>

#include "base/fingerprint.h"

namespace grammut {
namespace {

// Per context: fewer and shorter texts than per type, and a bounded number
// of contexts, so a large grammar's many places cannot grow the pool
// without limit (at most ~kMaxContexts * kPerContext * kMaxContextText).
constexpr size_t kPerContext = 32;
constexpr size_t kMaxContextText = 64;
constexpr size_t kMaxContexts = 2048;
// Approximate heap cost of a kept text (the string twice, list and set),
// and of a context's table entry.
size_t TextCost(absl::string_view text) {
  return 2 * (sizeof(std::string) + text.size()) + 8;
}
constexpr size_t kContextCost = sizeof(uint64_t) + 2 * sizeof(void*) + 96;

}  // namespace

TokenPool::TokenPool(int max_token_type, size_t per_type, size_t max_text)
    : per_type_(per_type),
      max_text_(max_text),
      by_type_(static_cast<size_t>(max_token_type) + 1),
      wide_(static_cast<size_t>(max_token_type) + 1, false),
      program_(static_cast<size_t>(max_token_type) + 1),
      program_places_(static_cast<size_t>(max_token_type) + 1) {}

void TokenPool::AddProgramText(int type, absl::string_view text) {
  if (type <= 0 || type >= static_cast<int>(program_.size())) return;
  if (text.empty() || text.size() > max_text_) return;
  std::vector<std::string>& list = program_[type];
  if (list.size() >= kMaxProgramTexts) return;
  if (program_places_[type]
          .try_emplace(text, static_cast<uint32_t>(list.size()))
          .second) {
    bytes_ += sizeof(std::string) + text.size() + 8;
  }
  list.emplace_back(text);
  bytes_ += sizeof(std::string) + text.size();
}

size_t TokenPool::program_count(int type) const {
  if (type <= 0 || type >= static_cast<int>(program_.size())) return 0;
  return program_[type].size();
}

bool TokenPool::IsProgramText(int type, absl::string_view text) const {
  if (type <= 0 || type >= static_cast<int>(program_places_.size())) {
    return false;
  }
  return program_places_[type].contains(text);
}

void TokenPool::SetContextTypes(std::vector<bool> types) {
  context_types_ = std::move(types);
}

uint64_t TokenPool::ContextKey(int type, absl::Span<const int32_t> rules,
                               int depth) {
  // Stable across processes: the key salts which text a full context
  // replaces (absl::HashOf, seeded per process, made two runs differ).
  uint64_t h =
      StableHash64(StableHash64(kFnvOffset, static_cast<uint32_t>(type)),
                   static_cast<uint32_t>(depth));
  for (int32_t r : rules.subspan(rules.size() - depth)) {
    h = StableHash64(h, static_cast<uint32_t>(r));
  }
  return h;
}

void TokenPool::AddTree(const Tree& tree, uint64_t salt) {
  ForEachNodeWithEnclosingRules(
      tree, 0, &open_, [&](int i, absl::Span<const int> enclosing) {
        const Node& n = tree.node(i);
        if (n.is_rule || n.is_error || n.symbol <= 0) return;
        const absl::string_view text = tree.token_text(i);
        const uint64_t token_salt = salt + static_cast<uint64_t>(i);
        Add(n.symbol, text, token_salt);
        if (static_cast<size_t>(n.symbol) >= context_types_.size() ||
            !context_types_[n.symbol] || text.empty() ||
            text.size() > kMaxContextText) {
          return;
        }
        // The innermost enclosing rules, outermost first.
        const int depth_max =
            std::min<int>(kMaxContextRules, static_cast<int>(enclosing.size()));
        std::array<int32_t, kMaxContextRules> rules;
        for (int k = 0; k < depth_max; ++k) {
          rules[k] =
              tree.node(enclosing[enclosing.size() - depth_max + k]).symbol;
        }
        const absl::Span<const int32_t> innermost(rules.data(), depth_max);
        for (int depth = 1; depth <= depth_max; ++depth) {
          const uint64_t key = ContextKey(n.symbol, innermost, depth);
          auto it = by_context_.find(key);
          if (it == by_context_.end()) {
            if (by_context_.size() >= kMaxContexts) continue;
            it = by_context_.try_emplace(key).first;
            bytes_ += kContextCost;
          }
          Insert(it->second, kPerContext, text, token_salt ^ key);
        }
      });
}

void TokenPool::Add(int type, absl::string_view text, uint64_t salt) {
  if (type <= 0 || type >= static_cast<int>(by_type_.size())) return;
  if (text.empty() || text.size() > max_text_) return;
  if (!wide_[type] && std::any_of(text.begin(), text.end(), [](char c) {
        return static_cast<unsigned char>(c) >= 0x80;
      })) {
    wide_[type] = true;
  }
  Insert(by_type_[type], per_type_, text,
         salt ^ (static_cast<uint64_t>(type) << 32));
}

void TokenPool::Insert(Texts& texts, size_t cap, absl::string_view text,
                       uint64_t salt) {
  if (texts.seen.contains(text)) return;
  bytes_ += TextCost(text);
  if (texts.list.size() < cap) {
    texts.list.emplace_back(text);
    texts.seen.insert(std::string(text));
    return;
  }
  // Full: replace a slot chosen by the salt (deterministic).
  Rng rng(salt);
  std::string& slot = texts.list[rng.Below(texts.list.size())];
  bytes_ -= TextCost(slot);
  texts.seen.erase(slot);
  slot.assign(text.data(), text.size());
  texts.seen.insert(slot);
}

const std::string* TokenPool::PickFrom(const std::vector<std::string>& list,
                                       size_t max_len, Rng& rng) {
  if (list.empty()) return nullptr;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const std::string& s = list[rng.Below(list.size())];
    if (s.size() <= max_len) return &s;
  }
  return nullptr;
}

const std::string* TokenPool::Pick(int type, size_t max_len, Rng& rng) const {
  if (type <= 0 || type >= static_cast<int>(by_type_.size())) return nullptr;
  return PickFrom(by_type_[type].list, max_len, rng);
}

const std::string* TokenPool::PickNeighbour(int type,
                                            absl::Span<const int32_t> rules,
                                            size_t max_len, Rng& rng) const {
  const auto& places = program_places_[type];
  const std::vector<std::string>& program = program_[type];
  const int depth_max =
      std::min<int>(kMaxContextRules, static_cast<int>(rules.size()));
  for (int depth = depth_max; depth >= 1; --depth) {
    const std::vector<std::string>* texts =
        ContextTexts(type, rules.subspan(rules.size() - depth));
    if (texts == nullptr || texts->empty()) continue;
    // The longest known context only: shorter ones mix kinds of names.
    const std::vector<std::string>& seen = *texts;
    for (int attempt = 0; attempt < 4; ++attempt) {
      const auto at = places.find(seen[rng.Below(seen.size())]);
      if (at == places.end()) continue;
      const int64_t step = 1 + static_cast<int64_t>(rng.Below(kNeighbourSpan));
      const int64_t k =
          static_cast<int64_t>(at->second) + (rng.Chance(0.5) ? step : -step);
      if (k < 0 || k >= static_cast<int64_t>(program.size())) continue;
      if (program[k].size() <= max_len) return &program[k];
    }
    return nullptr;
  }
  return nullptr;
}

const std::string* TokenPool::Pick(int type, absl::Span<const int32_t> rules,
                                   size_t max_len, Rng& rng) const {
  const bool contexts = !by_context_.empty() &&
                        static_cast<size_t>(type) < context_types_.size() &&
                        type > 0 && context_types_[type];
  if (contexts && neighbours_ &&
      static_cast<size_t>(type) < program_places_.size() &&
      !program_places_[type].empty() && rng.Chance(kNeighbourShare)) {
    if (const std::string* s = PickNeighbour(type, rules, max_len, rng)) {
      return s;
    }
  }
  if (type > 0 && type < static_cast<int>(program_.size()) &&
      !program_[type].empty() && rng.Chance(kProgramShare)) {
    if (const std::string* s = PickFrom(program_[type], max_len, rng)) {
      return s;
    }
  }
  if (contexts) {
    const int depth_max =
        std::min<int>(kMaxContextRules, static_cast<int>(rules.size()));
    for (int depth = depth_max; depth >= 1; --depth) {
      const auto it = by_context_.find(ContextKey(type, rules, depth));
      if (it == by_context_.end() || it->second.list.empty()) continue;
      if (!rng.Chance(0.75)) continue;
      if (const std::string* s = PickFrom(it->second.list, max_len, rng)) {
        return s;
      }
    }
  }
  return Pick(type, max_len, rng);
}

size_t TokenPool::count(int type) const {
  if (type <= 0 || type >= static_cast<int>(by_type_.size())) return 0;
  return by_type_[type].list.size();
}

absl::Span<const std::string> TokenPool::texts(int type) const {
  if (type <= 0 || type >= static_cast<int>(by_type_.size())) return {};
  return by_type_[type].list;
}

const std::vector<std::string>* TokenPool::ContextTexts(
    int type, absl::Span<const int32_t> rules) const {
  if (rules.empty() || static_cast<int>(rules.size()) > kMaxContextRules) {
    return nullptr;
  }
  const auto it =
      by_context_.find(ContextKey(type, rules, static_cast<int>(rules.size())));
  return it == by_context_.end() ? nullptr : &it->second.list;
}

}  // namespace grammut
