// lexer_dfa.h: the grammar's lexer as a lazily built DFA.
//
// grammut asks the lexer two questions over and over while it generates and
// splices tokens: "would this text lex as exactly one token of type T?" and
// "would this token run together with the next byte?". LexerDfa answers both
// from the lexer ATN alone (no ANTLR runtime objects): a DFA state is the
// ordered set of lexer ATN configurations (state, token rule, fragment call
// stack, passed a non-greedy decision) that ANTLR's LexerATNSimulator would
// hold, built on first use and cached, so a question about a text of n code
// points costs n table lookups once the states it needs exist. It follows
// ANTLR's rules: the longest match wins, among matches of the same length
// the rule defined first, and a non-greedy loop stops at its first exit.
// Code points above ASCII are grouped into classes that no lexer set tells
// apart, so the DFA's size depends on the grammar, not on the inputs.
// Semantic predicates count as true and actions are ignored, as in
// grammut's parser.
//
// Memory is bounded: past `max_bytes` the DFA is dropped and rebuilt on
// demand (state ids are valid until the next Start call).
//
// Example:
//   LexerDfa dfa(grammar.lexer_graph());
//   int32_t s = dfa.Run(dfa.Start(mode), "0x1F");
//   bool one_token = s != LexerDfa::kDead && dfa.AcceptedRule(s) == rule;
#ifndef GRAMMUT_GRAMMAR_LEXER_DFA_H_
#define GRAMMUT_GRAMMAR_LEXER_DFA_H_

#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_map.h"
#include "absl/strings/string_view.h"
#include "grammar/atn_graph.h"

namespace grammut {

class LexerDfa {
 public:
  // The state after input no token can continue with.
  static constexpr int32_t kDead = -1;

  // `lexer` must outlive the DFA.
  explicit LexerDfa(const AtnGraph& lexer, size_t max_bytes = size_t{16} << 20);
  LexerDfa(const LexerDfa&) = delete;
  LexerDfa& operator=(const LexerDfa&) = delete;

  // Start is the state at the beginning of a token in lexer `mode` (kDead
  // for an unknown mode). It may drop the cache: earlier ids become invalid.
  int32_t Start(int mode);
  // Next is the state after code point `cp` (kDead stays kDead).
  int32_t Next(int32_t state, uint32_t cp);
  // Run feeds `text` (UTF-8, decoded as utf8.h says) from `state`.
  int32_t Run(int32_t state, absl::string_view text);
  // The longest token the lexer reads from `text` in lexer `mode`: its
  // length in bytes (0: none) and rule, and whether the DFA was still
  // alive at the end of `text` (a longer token could follow from input
  // after it).
  struct Match {
    size_t length = 0;
    int32_t rule = -1;
    bool alive_at_end = false;
  };
  Match LongestMatch(int mode, absl::string_view text);
  // AcceptedRule is the lexer rule a token ending in `state` would be
  // (ANTLR's choice among the rules that match), or -1.
  int32_t AcceptedRule(int32_t state) const;
  // A key of `state` that stays the same when the cache is dropped and in
  // every process (a hash of its configurations; 0 for kDead): what
  // TokenGenerator remembers of the states corpus tokens pass through.
  uint64_t StateKey(int32_t state) const {
    return state < 0 ? 0 : states_[state].key;
  }
  // Continues tells whether some token can go on from `state` with a code
  // point whose UTF-8 encoding starts with `byte` (conservative for bytes
  // >= 0x80: true if any non-ASCII code point can follow).
  bool Continues(int32_t state, unsigned char byte);
  // ClassRepresentatives lists one code point per class of code points the
  // lexer tells apart: every ASCII code point, then the first code point of
  // each class above ASCII. Feeding each to Next from a state reaches every
  // state the DFA can reach from it in one step (for exhaustive searches).
  std::vector<uint32_t> ClassRepresentatives() const;

  // Work done so far: configurations visited while building states, and
  // transitions taken. Tests bound generation work with these.
  uint64_t closure_steps() const { return closure_steps_; }
  uint64_t transitions() const { return transitions_; }
  size_t num_states() const { return states_.size(); }
  size_t memory_bytes() const { return bytes_; }
  int clears() const { return clears_; }

 private:
  // One ATN configuration. `stack` is an interned fragment-call stack (-1:
  // empty).
  struct Config {
    int32_t state;
    int32_t rule;  // the token rule (the mode's alternative)
    int32_t stack;
    bool passed_non_greedy;
    bool operator==(const Config& o) const {
      return state == o.state && rule == o.rule && stack == o.stack &&
             passed_non_greedy == o.passed_non_greedy;
    }
    template <typename H>
    friend H AbslHashValue(H h, const Config& c) {
      return H::combine(std::move(h), c.state, c.rule, c.stack,
                        c.passed_non_greedy);
    }
  };
  using Configs = std::vector<Config>;
  struct StackEntry {
    int32_t parent;
    int32_t follow;
    int32_t depth;
    uint64_t key;  // of the follow states from the bottom up (StateKey)
  };
  struct State {
    const Configs* configs = nullptr;  // the key in index_
    int32_t accept_rule = -1;
    uint64_t key = 0;  // StateKey
    bool continuation_known = false;
    std::bitset<256> continuation;
    std::array<int32_t, 128> ascii;  // kUnknown until computed
  };
  static constexpr int32_t kUnknown = -2;

  void Clear();
  // The class of a code point >= 128 (code points in one class are
  // accepted by exactly the same lexer edges).
  uint32_t ClassOf(uint32_t cp) const;
  int32_t Intern(const Configs& configs);
  int32_t Push(int32_t stack, int32_t follow);
  // Adds the closure of `c` to `out` in ANTLR's order; returns whether a
  // token rule's end was reached (ANTLR's currentAltReachedAcceptState).
  bool Closure(Config c, bool reached_accept, Configs* out);
  int32_t Compute(int32_t state, uint32_t cp);
  bool EdgeAccepts(const AtnEdge& e, uint32_t cp) const;

  const AtnGraph& g_;
  size_t max_bytes_;
  size_t bytes_ = 0;
  int clears_ = 0;
  uint64_t closure_steps_ = 0;
  uint64_t transitions_ = 0;
  std::vector<State> states_;
  absl::node_hash_map<Configs, int32_t> index_;
  absl::flat_hash_map<uint64_t, int32_t> wide_;  // (state, class of cp)
  std::vector<uint32_t> class_bounds_;           // sorted starts of the classes
  std::vector<int32_t> start_;                   // per mode
  std::vector<StackEntry> stacks_;
  absl::flat_hash_map<uint64_t, int32_t> stack_index_;
  // Scratch, kept to avoid allocating per call.
  absl::flat_hash_set<Config> seen_;
  std::vector<Config> work_;
  Configs reach_;
};

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_LEXER_DFA_H_
