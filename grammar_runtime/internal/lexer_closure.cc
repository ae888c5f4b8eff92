#include "grammar_runtime/internal/lexer_closure.h"

#include <set>
#include <utility>

#include "grammar_runtime/min_cost.h"

namespace grammut {
namespace lexer_internal {
namespace {

// A position inside a token rule: an ATN state, the token rule it belongs
// to, and the return states of fragment calls.
struct Config {
  int32_t state;
  int32_t token_rule;
  std::vector<int32_t> stack;
  bool operator<(const Config& o) const {
    if (state != o.state) return state < o.state;
    if (token_rule != o.token_rule) return token_rule < o.token_rule;
    return stack < o.stack;
  }
};

constexpr size_t kMaxStack = 32;

// Adds to `out` every config reachable from `c` without consuming input and
// sitting at a state with a symbol edge, or at the token rule's stop
// (`accept` gets the token rule then).
void Closure(const AtnGraph& g, const Config& c, std::set<Config>* seen,
             std::vector<Config>* out, std::vector<int>* accept) {
  std::vector<Config> work{c};
  while (!work.empty()) {
    Config cur = std::move(work.back());
    work.pop_back();
    if (!seen->insert(cur).second) continue;
    const AtnState& s = g.states[cur.state];
    if (s.kind == StateKind::kRuleStop) {
      if (cur.stack.empty()) {
        if (accept) accept->push_back(cur.token_rule);
      } else {
        Config next = cur;
        next.state = next.stack.back();
        next.stack.pop_back();
        work.push_back(std::move(next));
      }
      continue;
    }
    bool has_symbol = false;
    for (uint32_t i = 0; i < s.num_edges; ++i) {
      const AtnEdge& e = g.edges[s.first_edge + i];
      if (IsSymbolEdge(e.kind)) {
        has_symbol = true;
      } else if (e.kind == EdgeKind::kRule) {
        if (cur.stack.size() >= kMaxStack) continue;
        Config next = cur;
        next.stack.push_back(e.follow);
        next.state = g.rule_start[e.label];
        work.push_back(std::move(next));
      } else {
        Config next = cur;
        next.state = e.target;
        work.push_back(std::move(next));
      }
    }
    if (has_symbol) out->push_back(cur);
  }
}

std::vector<Config> StartConfigs(const AtnGraph& g, int32_t mode_start) {
  std::vector<Config> starts;
  const AtnState& s = g.states[mode_start];
  for (uint32_t i = 0; i < s.num_edges; ++i) {
    const int32_t target = g.edges[s.first_edge + i].target;
    starts.push_back(Config{target, g.states[target].rule, {}});
  }
  return starts;
}

bool EdgeAccepts(const AtnGraph& g, const AtnEdge& e, int c) {
  switch (e.kind) {
    case EdgeKind::kAtom:
      return e.label == c;
    case EdgeKind::kRange:
    case EdgeKind::kSet:
      return SetContains(g.sets[e.set], c);
    case EdgeKind::kNotSet:
      return !SetContains(g.sets[e.set], c);
    case EdgeKind::kWildcard:
      return true;
    default:
      return false;
  }
}

// The configs reached from `current` by consuming symbol `c` (and their
// closures); token rules that end right there go to `accept`.
std::vector<Config> Step(const AtnGraph& g, const std::vector<Config>& current,
                         int c, std::vector<int>* accept) {
  std::set<Config> seen;
  std::vector<Config> next;
  for (const Config& config : current) {
    const AtnState& s = g.states[config.state];
    for (uint32_t k = 0; k < s.num_edges; ++k) {
      const AtnEdge& e = g.edges[s.first_edge + k];
      if (!IsSymbolEdge(e.kind) || !EdgeAccepts(g, e, c)) continue;
      Config moved = config;
      moved.state = e.target;
      Closure(g, moved, &seen, &next, accept);
    }
  }
  return next;
}

}  // namespace

std::vector<int> EdgeBytes(const AtnGraph& lexer, const AtnEdge& edge) {
  std::vector<int> out;
  for (int c = 0; c < 256; ++c) {
    if (EdgeAccepts(lexer, edge, c)) out.push_back(c);
  }
  return out;
}

std::vector<int> WholeMatchRules(const AtnGraph& g, int32_t mode_start,
                                 const std::string& text) {
  if (mode_start < 0) return {};
  std::set<Config> seen;
  std::vector<Config> current;
  for (const Config& c : StartConfigs(g, mode_start)) {
    Closure(g, c, &seen, &current, nullptr);
  }
  std::vector<int> accepted;
  for (size_t i = 0; i < text.size(); ++i) {
    const int ch = static_cast<unsigned char>(text[i]);
    const bool last = i + 1 == text.size();
    current = Step(g, current, ch, last ? &accepted : nullptr);
  }
  std::set<int> unique(accepted.begin(), accepted.end());
  return std::vector<int>(unique.begin(), unique.end());
}

std::bitset<256> ContinuationBytes(const AtnGraph& g, int32_t mode_start,
                                   const std::string& text) {
  std::bitset<256> out;
  if (mode_start < 0) return out;
  std::set<Config> seen;
  std::vector<Config> current;
  for (const Config& c : StartConfigs(g, mode_start)) {
    Closure(g, c, &seen, &current, nullptr);
  }
  // Feed `text` code point by code point (invalid UTF-8 bytes as themselves).
  size_t i = 0;
  while (i < text.size() && !current.empty()) {
    const unsigned char b = static_cast<unsigned char>(text[i]);
    int cp = b;
    size_t len = 1;
    if (b >= 0xC0 && b < 0xE0 && i + 1 < text.size()) {
      cp = ((b & 0x1F) << 6) | (text[i + 1] & 0x3F);
      len = 2;
    } else if (b >= 0xE0 && b < 0xF0 && i + 2 < text.size()) {
      cp = ((b & 0x0F) << 12) | ((text[i + 1] & 0x3F) << 6) |
           (text[i + 2] & 0x3F);
      len = 3;
    } else if (b >= 0xF0 && i + 3 < text.size()) {
      cp = ((b & 0x07) << 18) | ((text[i + 1] & 0x3F) << 12) |
           ((text[i + 2] & 0x3F) << 6) | (text[i + 3] & 0x3F);
      len = 4;
    }
    i += len;
    current = Step(g, current, cp, nullptr);
  }
  for (const Config& c : current) {
    const AtnState& s = g.states[c.state];
    for (uint32_t k = 0; k < s.num_edges; ++k) {
      const AtnEdge& e = g.edges[s.first_edge + k];
      if (!IsSymbolEdge(e.kind)) continue;
      for (int b : EdgeBytes(g, e)) out.set(b);
      // Any multi-byte code point starts with a byte >= 0xC0.
      if (e.kind == EdgeKind::kNotSet || e.kind == EdgeKind::kWildcard) {
        for (int b = 0x80; b < 256; ++b) out.set(b);
      }
    }
  }
  return out;
}

}  // namespace lexer_internal
}  // namespace grammut
