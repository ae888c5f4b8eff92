// token_chains.cc: texts of tokens the lexer builds over several rules
// (`more`; grammar/lexer_chains.h): a rule entering the token's mode, rules
// of the modes the chain is in (pushing and popping as their commands say,
// back to the entered mode), then the token's own rule; each piece checked
// against the lexer DFA of its mode (the longest match there is exactly
// that piece, made by that rule).
#include <algorithm>
#include <string>

#include "generate/token_generator.h"

namespace grammut {

using Change = LexerRuleCommands::ModeChange;

bool TokenGenerator::MakeChain(int rule, Rng* rng, size_t max_len,
                               std::string* out) {
  const std::vector<LexerRuleCommands>& commands =
      grammar_.lexer_graph().rule_commands;
  const LexerChains& chains = grammar_.lexer_chains();
  const int target = rule_mode_[rule];
  const std::vector<int32_t>& entries = chains.entries[target];
  out->clear();
  chain_.clear();
  chain_stack_.clear();
  int mode = 0;
  std::string piece;
  // Appends a text of `r` read in the current mode, then applies r's mode
  // change; false if it does not fit or pops an empty stack.
  auto take = [&](int r) {
    if (out->size() >= max_len) return false;
    // Random pieces are short (8 bytes, or the rule's shortest text).
    const size_t room = max_len - out->size();
    const int64_t shortest =
        grammar_.lexer_min_cost()[grammar_.lexer_graph().rule_start[r]].bytes;
    const size_t cap =
        rng != nullptr ? std::min<size_t>(room, std::max<int64_t>(8, shortest))
                       : room;
    if (!Walk(r, rng, cap, &piece) || piece.empty()) {
      return false;
    }
    chain_.push_back({r, mode, out->size(), out->size() + piece.size()});
    out->append(piece);
    return ApplyModeChange(commands[r], &mode, &chain_stack_);
  };
  const int entry = entries[rng != nullptr ? rng->Below(entries.size()) : 0];
  mode = rule_mode_[entry];
  if (!take(entry) || mode != target) return false;
  const size_t base = chain_stack_.size();
  std::vector<int32_t>& options = chain_options_;
  for (int step = 0; step < kChainSteps; ++step) {
    const bool at_base = mode == target && chain_stack_.size() == base;
    if (at_base &&
        (rng == nullptr || step + 1 == kChainSteps || rng->Chance(1.0 / 3))) {
      return take(rule) && ChainReads(*out);
    }
    // The `more` rules of this mode that keep a way back: at the entered
    // level none that leaves the mode, deeper none past kChainDepth.
    options.clear();
    bool can_pop = false;
    for (int32_t r : chains.more_rules[mode]) {
      const LexerRuleCommands& c = commands[r];
      const bool leaves = c.mode_change == Change::kPop ||
                          (c.mode_change == Change::kSet && c.mode != mode);
      if (at_base && leaves) continue;
      if (c.mode_change == Change::kPush &&
          chain_stack_.size() - base >= kChainDepth) {
        continue;
      }
      can_pop = can_pop || c.mode_change == Change::kPop;
      options.push_back(r);
    }
    if (options.empty()) {
      if (at_base) return take(rule) && ChainReads(*out);
      return false;
    }
    int32_t next = options[rng->Below(options.size())];
    if (!at_base && can_pop && rng->Chance(0.5)) {
      for (int32_t r : options) {
        if (commands[r].mode_change == Change::kPop) next = r;
      }
    }
    if (!take(next)) return false;
  }
  return false;
}

void TokenGenerator::ShortestChain(int rule, std::string* text) {
  constexpr size_t kUnbounded = size_t{1} << 20;
  if (MakeChain(rule, nullptr, kUnbounded, text)) return;
  Rng rng(static_cast<uint64_t>(rule));
  std::string best, chain;
  for (int k = 0; k < kReadableTries; ++k) {
    if (MakeChain(rule, &rng, best.empty() ? 64 : best.size(), &chain) &&
        (best.empty() || chain.size() < best.size())) {
      best = chain;
    }
  }
  if (!best.empty()) {
    *text = best;
  } else {
    Walk(rule, nullptr, kUnbounded, text);
  }
}

bool TokenGenerator::ChainReads(absl::string_view text) {
  if (dfa_ == nullptr) return true;
  for (const ChainPiece& p : chain_) {
    const LexerDfa::Match m = dfa_->LongestMatch(p.mode, text.substr(p.begin));
    if (m.length != p.end - p.begin || m.rule != p.rule) return false;
    // A piece before the last whose match could still grow past the
    // chain's text (`"` then `""` inside a string is `"""`, which a
    // `'"""' .*? '"""'` rule reads on into the input after it).
    if (m.alive_at_end && &p != &chain_.back()) return false;
  }
  return true;
}

}  // namespace grammut
