#include "grammar/lexer_dfa.h"

#include <algorithm>

#include "base/fingerprint.h"
#include "base/utf8.h"
#include "grammar/min_cost.h"

namespace grammut {
namespace {

constexpr int32_t kMaxStackDepth = 32;
constexpr uint32_t kMaxCodePoint = 0x10FFFF;

}  // namespace

LexerDfa::LexerDfa(const AtnGraph& lexer, size_t max_bytes)
    : g_(lexer), max_bytes_(max_bytes) {
  // Every place where some edge starts or stops accepting starts a class.
  class_bounds_ = {128, kMaxCodePoint + 1};
  for (const AtnEdge& e : g_.edges) {
    if (e.kind == EdgeKind::kAtom && e.label >= 128) {
      class_bounds_.push_back(static_cast<uint32_t>(e.label));
      class_bounds_.push_back(static_cast<uint32_t>(e.label) + 1);
    }
  }
  for (const SymbolSet& set : g_.sets) {
    for (const auto& [first, last] : set) {
      if (last >= 128) {
        class_bounds_.push_back(static_cast<uint32_t>(std::max(first, 128)));
        class_bounds_.push_back(static_cast<uint32_t>(last) + 1);
      }
    }
  }
  std::sort(class_bounds_.begin(), class_bounds_.end());
  class_bounds_.erase(std::unique(class_bounds_.begin(), class_bounds_.end()),
                      class_bounds_.end());
  Clear();
  clears_ = 0;
}

uint32_t LexerDfa::ClassOf(uint32_t cp) const {
  return static_cast<uint32_t>(
      std::upper_bound(class_bounds_.begin(), class_bounds_.end(), cp) -
      class_bounds_.begin());
}

std::vector<uint32_t> LexerDfa::ClassRepresentatives() const {
  std::vector<uint32_t> out;
  for (uint32_t cp = 0; cp < 128; ++cp) out.push_back(cp);
  // class_bounds_ starts at 128 and ends past the last code point; each
  // bound but the last starts a class.
  for (size_t i = 0; i + 1 < class_bounds_.size(); ++i) {
    out.push_back(class_bounds_[i]);
  }
  return out;
}

void LexerDfa::Clear() {
  states_.clear();
  index_.clear();
  wide_.clear();
  stacks_.clear();
  stack_index_.clear();
  start_.assign(g_.mode_start.size(), kUnknown);
  bytes_ = 0;
  ++clears_;
}

int32_t LexerDfa::Push(int32_t stack, int32_t follow) {
  const uint64_t key =
      (static_cast<uint64_t>(static_cast<uint32_t>(stack)) << 32) |
      static_cast<uint32_t>(follow);
  auto [it, inserted] =
      stack_index_.try_emplace(key, static_cast<int32_t>(stacks_.size()));
  if (inserted) {
    const int32_t depth = stack < 0 ? 1 : stacks_[stack].depth + 1;
    const uint64_t parent_key = stack < 0 ? 0 : stacks_[stack].key;
    stacks_.push_back(
        StackEntry{stack, follow, depth,
                   StableHash64(parent_key, static_cast<uint32_t>(follow))});
    bytes_ += sizeof(StackEntry) + 16;
  }
  return it->second;
}

bool LexerDfa::EdgeAccepts(const AtnEdge& e, uint32_t cp) const {
  switch (e.kind) {
    case EdgeKind::kAtom:
      return static_cast<uint32_t>(e.label) == cp;
    case EdgeKind::kRange:
    case EdgeKind::kSet:
      return SetContains(g_.sets[e.set], static_cast<int32_t>(cp));
    case EdgeKind::kNotSet:
      return cp <= kMaxCodePoint &&
             !SetContains(g_.sets[e.set], static_cast<int32_t>(cp));
    case EdgeKind::kWildcard:
      return cp <= kMaxCodePoint;
    default:
      return false;
  }
}

bool LexerDfa::Closure(Config c, bool reached_accept, Configs* out) {
  work_.clear();
  work_.push_back(c);
  while (!work_.empty()) {
    Config cur = work_.back();
    work_.pop_back();
    ++closure_steps_;
    if (!seen_.insert(cur).second) continue;
    const AtnState& s = g_.states[cur.state];
    if (s.kind == StateKind::kRuleStop) {
      if (cur.stack < 0) {  // the token rule ends here: an accept
        out->push_back(cur);
        reached_accept = true;
      } else {  // a fragment returns to its caller
        const StackEntry& top = stacks_[cur.stack];
        work_.push_back(
            Config{top.follow, cur.rule, top.parent, cur.passed_non_greedy});
      }
      continue;
    }
    bool has_symbol = false;
    // Push in reverse so that edges are explored in order (ANTLR's DFS).
    for (uint32_t k = s.num_edges; k-- > 0;) {
      const AtnEdge& e = g_.edges[s.first_edge + k];
      if (IsSymbolEdge(e.kind)) {
        has_symbol = true;
        continue;
      }
      Config next = cur;
      if (e.kind == EdgeKind::kRule) {
        if (cur.stack >= 0 && stacks_[cur.stack].depth >= kMaxStackDepth) {
          continue;
        }
        next.stack = Push(cur.stack, e.follow);
        next.state = g_.rule_start[e.label];
      } else if (IsEpsilonLike(e.kind)) {
        next.state = e.target;
      } else {
        continue;
      }
      next.passed_non_greedy =
          cur.passed_non_greedy || g_.states[next.state].non_greedy;
      work_.push_back(next);
    }
    if (has_symbol && !(reached_accept && cur.passed_non_greedy)) {
      out->push_back(cur);
    }
  }
  return reached_accept;
}

int32_t LexerDfa::Intern(const Configs& configs) {
  if (configs.empty()) return kDead;
  auto it = index_.find(configs);
  if (it != index_.end()) return it->second;
  const int32_t id = static_cast<int32_t>(states_.size());
  auto inserted = index_.emplace(configs, id).first;
  State st;
  st.configs = &inserted->first;
  st.ascii.fill(kUnknown);
  for (const Config& c : *st.configs) {
    if (g_.states[c.state].kind == StateKind::kRuleStop) {
      st.accept_rule = c.rule;
      break;
    }
  }
  // The configurations in order, their stacks by content (ids depend on
  // the order states were built in).
  uint64_t key = 0x9e3779b97f4a7c15ULL;
  for (const Config& c : *st.configs) {
    key = StableHash64(key, static_cast<uint32_t>(c.state));
    key = StableHash64(key,
                       static_cast<uint32_t>(c.rule) * 2 + c.passed_non_greedy);
    key = StableHash64(key, c.stack < 0 ? 0 : stacks_[c.stack].key);
  }
  st.key = key == 0 ? 1 : key;
  bytes_ += sizeof(State) + 64 + st.configs->size() * sizeof(Config) * 2;
  states_.push_back(st);
  return id;
}

int32_t LexerDfa::Start(int mode) {
  if (bytes_ > max_bytes_) Clear();
  if (mode < 0 || mode >= static_cast<int>(start_.size())) return kDead;
  if (start_[mode] != kUnknown) return start_[mode];
  reach_.clear();
  seen_.clear();
  const AtnState& s = g_.states[g_.mode_start[mode]];
  for (uint32_t k = 0; k < s.num_edges; ++k) {
    const int32_t target = g_.edges[s.first_edge + k].target;
    Closure(Config{target, g_.states[target].rule, -1,
                   g_.states[target].non_greedy},
            false, &reach_);
  }
  start_[mode] = Intern(reach_);
  return start_[mode];
}

int32_t LexerDfa::Compute(int32_t state, uint32_t cp) {
  Configs& reach = reach_;
  reach.clear();
  seen_.clear();
  int32_t skip_rule = -1;
  // Copy: Intern may reallocate states_, not the configs (node map).
  const Configs& from = *states_[state].configs;
  for (const Config& c : from) {
    const bool reached = c.rule == skip_rule;
    if (reached && c.passed_non_greedy) continue;
    const AtnState& s = g_.states[c.state];
    for (uint32_t k = 0; k < s.num_edges; ++k) {
      const AtnEdge& e = g_.edges[s.first_edge + k];
      if (!IsSymbolEdge(e.kind) || !EdgeAccepts(e, cp)) continue;
      Config next{e.target, c.rule, c.stack,
                  c.passed_non_greedy || g_.states[e.target].non_greedy};
      if (Closure(next, reached, &reach)) {
        // The rest of this rule's configurations have lower priority than
        // the one that just reached the rule's end.
        skip_rule = c.rule;
        break;
      }
    }
  }
  return Intern(reach);
}

int32_t LexerDfa::Next(int32_t state, uint32_t cp) {
  if (state < 0) return kDead;
  ++transitions_;
  if (cp < 128) {
    int32_t t = states_[state].ascii[cp];
    if (t == kUnknown) {
      t = Compute(state, cp);
      states_[state].ascii[cp] = t;
    }
    return t;
  }
  const uint64_t key =
      (static_cast<uint64_t>(static_cast<uint32_t>(state)) << 32) | ClassOf(cp);
  auto it = wide_.find(key);
  if (it != wide_.end()) return it->second;
  const int32_t t = Compute(state, cp);
  wide_.emplace(key, t);
  bytes_ += 24;
  return t;
}

int32_t LexerDfa::Run(int32_t state, absl::string_view text) {
  ForEachCodePoint(text, [&](uint32_t cp) {
    state = Next(state, cp);
    return state != kDead;
  });
  return state;
}

LexerDfa::Match LexerDfa::LongestMatch(int mode, absl::string_view text) {
  Match m;
  int32_t state = Start(mode);
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  size_t len = 0;
  for (size_t pos = 0; pos < text.size() && state != kDead; pos += len) {
    state = Next(state, DecodeUtf8(bytes, text.size(), pos, &len));
    const int32_t rule = AcceptedRule(state);
    if (rule >= 0) {
      m.length = pos + len;
      m.rule = rule;
    }
  }
  m.alive_at_end = state != kDead;
  return m;
}

int32_t LexerDfa::AcceptedRule(int32_t state) const {
  return state < 0 ? -1 : states_[state].accept_rule;
}

bool LexerDfa::Continues(int32_t state, unsigned char byte) {
  if (state < 0) return false;
  State& st = states_[state];
  if (!st.continuation_known) {
    st.continuation_known = true;
    for (const Config& c : *st.configs) {
      const AtnState& s = g_.states[c.state];
      for (uint32_t k = 0; k < s.num_edges; ++k) {
        const AtnEdge& e = g_.edges[s.first_edge + k];
        if (!IsSymbolEdge(e.kind)) continue;
        for (uint32_t b = 0; b < 128; ++b) {
          if (EdgeAccepts(e, b)) st.continuation.set(b);
        }
        // Any code point >= 0x80 (or invalid byte) the edge takes starts
        // with a byte >= 0x80.
        bool wide = e.kind == EdgeKind::kNotSet ||
                    e.kind == EdgeKind::kWildcard ||
                    (e.kind == EdgeKind::kAtom && e.label >= 128);
        if (e.kind == EdgeKind::kRange || e.kind == EdgeKind::kSet) {
          const SymbolSet& set = g_.sets[e.set];
          wide = !set.empty() && set.back().second >= 128;
        }
        if (wide) {
          for (int b = 0x80; b < 0x100; ++b) st.continuation.set(b);
        }
      }
    }
  }
  return st.continuation.test(byte);
}

}  // namespace grammut
