// Token texts and trivia: shortest token texts, no whitespace.
#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "mutator/reduce/internal/reducer_impl.h"

namespace grammut::reduce_internal {

std::string Reducer::Rewrite(const std::vector<const std::string*>& texts,
                             bool strip) {
  std::string out;
  int prev = -1;
  for (int i = 0; i < cur_.size(); ++i) {
    const Node& n = cur_.node(i);
    if (n.is_rule) continue;
    const absl::string_view text =
        texts[i] != nullptr ? absl::string_view(*texts[i]) : cur_.token_text(i);
    const absl::string_view trivia = strip ? "" : cur_.token_trivia(i);
    if (trivia.empty() && prev >= 0 && !text.empty()) {
      const absl::string_view prev_text = texts[prev] != nullptr
                                              ? absl::string_view(*texts[prev])
                                              : cur_.token_text(prev);
      if (kit_.separators.Needs(cur_.node(prev).symbol, prev_text, n.symbol,
                                text)) {
        out += grammar_.separator();
      }
    }
    absl::StrAppend(&out, trivia, text);
    if (!text.empty()) prev = i;
  }
  if (!strip) out += cur_.trailer();
  return out;
}

Reducer::Outcome Reducer::ShortenTokens() {
  // (bytes saved, first token) per distinct shortenable token text.
  absl::flat_hash_map<absl::string_view, std::pair<size_t, int>> by_text;
  for (int i = 0; i < cur_.size(); ++i) {
    const Node& n = cur_.node(i);
    if (n.is_rule || n.is_error || !kit_.tokens.CanGenerate(n.symbol)) continue;
    const std::string& shortest = kit_.tokens.Shortest(n.symbol);
    const absl::string_view text = cur_.token_text(i);
    if (shortest.empty() || shortest.size() >= text.size()) continue;
    auto [it, added] = by_text.try_emplace(text, 0, i);
    it->second.first += text.size() - shortest.size();
  }
  std::vector<std::pair<size_t, int>> order;
  for (const auto& [text, saved_first] : by_text) order.push_back(saved_first);
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<std::pair<std::string, int>> names;  // (text, type)
  for (const auto& [saved, first] : order) {
    names.emplace_back(cur_.token_text(first), cur_.node(first).symbol);
  }
  bool changed = false;
  for (const auto& [name, type] : names) {
    texts_.assign(cur_.size(), nullptr);
    for (int i = 0; i < cur_.size(); ++i) {
      const Node& n = cur_.node(i);
      if (!n.is_rule && n.symbol == type && cur_.token_text(i) == name) {
        texts_[i] = &kit_.tokens.Shortest(type);
      }
    }
    const DdminVerdict v = Try(Rewrite(texts_, /*strip=*/false));
    if (v == DdminVerdict::kStop) return Outcome::kStop;
    if (v == DdminVerdict::kInteresting) changed = true;
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

Reducer::Outcome Reducer::DropTrivia() {
  texts_.assign(cur_.size(), nullptr);
  return OutcomeOf(Try(Rewrite(texts_, /*strip=*/true)), Outcome::kRemoved);
}

}  // namespace grammut::reduce_internal
