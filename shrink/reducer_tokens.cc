// Token texts and trivia: shortest token texts, ddmin inside token texts,
// no whitespace.
#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "shrink/reducer_impl.h"

namespace grammut::reduce_internal {

std::string Reducer::Rewrite(const Tree& t,
                             const std::vector<const std::string*>& texts,
                             bool strip) {
  std::string out;
  int prev = -1;
  for (int i = 0; i < t.size(); ++i) {
    const Node& n = t.node(i);
    if (n.is_rule) continue;
    const absl::string_view text =
        texts[i] != nullptr ? absl::string_view(*texts[i]) : t.token_text(i);
    const absl::string_view trivia = strip ? "" : t.token_trivia(i);
    if (trivia.empty() && prev >= 0 && !text.empty()) {
      const absl::string_view prev_text = texts[prev] != nullptr
                                              ? absl::string_view(*texts[prev])
                                              : t.token_text(prev);
      absl::StrAppend(&out,
                      kit_.separators.Separator(t.node(prev).symbol, prev_text,
                                                n.symbol, text));
    }
    absl::StrAppend(&out, trivia, text);
    if (!text.empty()) prev = i;
  }
  if (!strip) out += t.trailer();
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
    const DdminVerdict v = Try(Rewrite(cur_, texts_, /*strip=*/false));
    if (v == DdminVerdict::kStop) return Outcome::kStop;
    if (v == DdminVerdict::kInteresting) changed = true;
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

Reducer::Outcome Reducer::ShrinkTokens() {
  bool changed = false;
  std::string text, piece;
  for (int ordinal = 0;; ++ordinal) {
    int token = -1;
    for (int i = 0, k = 0; i < cur_.size() && token < 0; ++i) {
      if (!cur_.node(i).is_rule && k++ == ordinal) token = i;
    }
    if (token < 0) break;
    const Node& n = cur_.node(token);
    const absl::string_view view = cur_.token_text(token);
    text.assign(view.data(), view.size());
    if (n.is_error || text.size() < 2 ||
        !grammar_.literal_text(n.symbol).empty()) {
      continue;
    }
    // Elements: bytes, or for long texts kMaxTokenPieces chunks.
    const size_t chunk = (text.size() + kMaxTokenPieces - 1) / kMaxTokenPieces;
    const int pieces = static_cast<int>((text.size() + chunk - 1) / chunk);
    base_ = cur_;
    texts_.assign(base_.size(), nullptr);
    texts_[token] = &piece;
    bool stopped = false;
    Ddmin(
        pieces,
        [&](absl::Span<const int> kept) {
          piece.clear();
          for (int k : kept) piece.append(text, k * chunk, chunk);
          const DdminVerdict v = Try(Rewrite(base_, texts_, /*strip=*/false));
          if (v == DdminVerdict::kInteresting) changed = true;
          return v;
        },
        &stopped);
    if (stopped) return Outcome::kStop;
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

Reducer::Outcome Reducer::DropTrivia() {
  texts_.assign(cur_.size(), nullptr);
  return OutcomeOf(Try(Rewrite(cur_, texts_, /*strip=*/true)),
                   Outcome::kRemoved);
}

}  // namespace grammut::reduce_internal
