#include "grammar_runtime/separator_oracle.h"

#include "grammar_runtime/internal/lexer_closure.h"

namespace grammut {

bool SeparatorOracle::Needs(int prev_type, absl::string_view prev_text,
                            int next_type, absl::string_view next_text) {
  if (prev_text.empty() || next_text.empty()) return false;
  if (grammar_.separator().empty()) return false;
  if (!grammar_.separator_ok_in_mode(grammar_.token_mode(next_type))) {
    return false;
  }
  const int mode = grammar_.token_mode(prev_type);
  const AtnGraph& lexer = grammar_.lexer_graph();
  if (mode < 0 || mode >= static_cast<int>(lexer.mode_start.size())) {
    return false;
  }
  if (cache_.size() > 50000) cache_.clear();
  auto key = std::make_pair(mode, std::string(prev_text));
  auto it = cache_.find(key);
  if (it == cache_.end()) {
    it = cache_
             .emplace(key, lexer_internal::ContinuationBytes(
                               lexer, lexer.mode_start[mode], key.second))
             .first;
  }
  return it->second.test(static_cast<unsigned char>(next_text.front()));
}

}  // namespace grammut
