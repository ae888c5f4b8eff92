#include "grammar_runtime/token_pool.h"

namespace grammut {

TokenPool::TokenPool(int max_token_type, size_t per_type, size_t max_text)
    : per_type_(per_type),
      max_text_(max_text),
      texts_(static_cast<size_t>(max_token_type) + 1),
      seen_(static_cast<size_t>(max_token_type) + 1) {}

void TokenPool::AddTree(const Tree& tree, uint64_t salt) {
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (n.is_rule || n.is_error || n.symbol <= 0) continue;
    Add(n.symbol, tree.token_text(i), salt + static_cast<uint64_t>(i));
  }
}

void TokenPool::Add(int type, absl::string_view text, uint64_t salt) {
  if (type <= 0 || type >= static_cast<int>(texts_.size())) return;
  if (text.empty() || text.size() > max_text_) return;
  auto& seen = seen_[type];
  if (seen.contains(text)) return;
  auto& list = texts_[type];
  if (list.size() < per_type_) {
    list.emplace_back(text);
    seen.insert(std::string(text));
    return;
  }
  // Full: replace a slot chosen by the salt (deterministic).
  Rng rng(salt ^ (static_cast<uint64_t>(type) << 32));
  std::string& slot = list[rng.Below(list.size())];
  seen.erase(slot);
  slot = std::string(text);
  seen.insert(slot);
}

const std::string* TokenPool::Pick(int type, size_t max_len, Rng& rng) const {
  if (type <= 0 || type >= static_cast<int>(texts_.size())) return nullptr;
  const auto& list = texts_[type];
  if (list.empty()) return nullptr;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const std::string& s = list[rng.Below(list.size())];
    if (s.size() <= max_len) return &s;
  }
  return nullptr;
}

size_t TokenPool::count(int type) const {
  if (type <= 0 || type >= static_cast<int>(texts_.size())) return 0;
  return texts_[type].size();
}

}  // namespace grammut
