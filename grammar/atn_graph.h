// atn_graph.h: a plain-data copy of an ANTLR ATN.
//
// The ANTLR tool compiles every grammar into an ATN (augmented transition
// network). grammut walks that network to generate inputs, to compute minimum
// costs and to describe decisions. `AtnGraph` holds it as flat vectors with
// integer ids so that nothing outside the loader depends on ANTLR types.
#ifndef GRAMMUT_GRAMMAR_ATN_GRAPH_H_
#define GRAMMUT_GRAMMAR_ATN_GRAPH_H_

#include <cstdint>
#include <utility>
#include <vector>

namespace grammut {

// Kinds of ATN states (same numbering as ANTLR's serialization).
enum class StateKind : uint8_t {
  kInvalid = 0,
  kBasic = 1,
  kRuleStart = 2,
  kBlockStart = 3,
  kPlusBlockStart = 4,
  kStarBlockStart = 5,
  kTokenStart = 6,
  kRuleStop = 7,
  kBlockEnd = 8,
  kStarLoopBack = 9,
  kStarLoopEntry = 10,
  kPlusLoopBack = 11,
  kLoopEnd = 12,
};

// Kinds of ATN transitions (same numbering as ANTLR's serialization).
enum class EdgeKind : uint8_t {
  kEpsilon = 1,
  kRange = 2,
  kRule = 3,
  kPredicate = 4,
  kAtom = 5,
  kAction = 6,
  kSet = 7,
  kNotSet = 8,
  kWildcard = 9,
  kPrecedence = 10,
};

// True if an edge of `kind` consumes a symbol.
inline bool IsSymbolEdge(EdgeKind kind) {
  switch (kind) {
    case EdgeKind::kAtom:
    case EdgeKind::kRange:
    case EdgeKind::kSet:
    case EdgeKind::kNotSet:
    case EdgeKind::kWildcard:
      return true;
    default:
      return false;
  }
}

// True if an edge of `kind` is crossed without a symbol or a rule call
// (epsilon, predicate, action, precedence).
inline bool IsEpsilonLike(EdgeKind kind) {
  return kind != EdgeKind::kRule && !IsSymbolEdge(kind);
}

// A sorted list of disjoint closed intervals [first, second] of symbols.
using SymbolSet = std::vector<std::pair<int32_t, int32_t>>;

// One transition. `label` is the atom symbol (kAtom), the callee rule index
// (kRule) or the precedence (kPrecedence); `set` indexes AtnGraph::sets for
// kRange/kSet/kNotSet; `follow` is the state after a rule call returns.
struct AtnEdge {
  EdgeKind kind = EdgeKind::kEpsilon;
  int32_t target = -1;
  int32_t label = 0;
  int32_t set = -1;
  int32_t follow = -1;
};

// One state. `decision` is the decision number or -1; `edges` is the range
// [first_edge, first_edge + num_edges) in AtnGraph::edges.
struct AtnState {
  StateKind kind = StateKind::kInvalid;
  bool precedence_decision = false;  // the loop of a left-recursive rule
  bool non_greedy = false;
  int32_t rule = -1;
  int32_t decision = -1;
  uint32_t first_edge = 0;
  uint32_t num_edges = 0;
  int32_t block_end = -1;  // block start states: the block's end state
};

// What a lexer rule's commands do besides making its token: `more` (the
// text joins the next rule's token) and the mode change (`pushMode(X)`,
// `popMode`, `mode(X)`).
struct LexerRuleCommands {
  enum class ModeChange { kNone, kPush, kPop, kSet };
  bool more = false;
  bool hidden = false;  // skip, or a channel other than the default
  ModeChange mode_change = ModeChange::kNone;
  int32_t mode = -1;  // the mode pushed or set
};

// A whole ATN as plain data.
struct AtnGraph {
  std::vector<AtnState> states;
  std::vector<AtnEdge> edges;
  std::vector<SymbolSet> sets;
  std::vector<int32_t> rule_start;       // rule index -> start state
  std::vector<int32_t> rule_stop;        // rule index -> stop state
  std::vector<int32_t> decision_state;   // decision number -> state
  std::vector<bool> left_recursive;      // rule index -> left-recursive?
  std::vector<int32_t> mode_start;       // lexer: mode -> tokens start state
  std::vector<int32_t> rule_token_type;  // lexer: rule -> token type (0: none)
  std::vector<LexerRuleCommands> rule_commands;  // lexer: rule -> commands

  // The edge `i` (0-based) leaving `state`.
  const AtnEdge& Edge(int32_t state, uint32_t i) const {
    return edges[states[state].first_edge + i];
  }
};

// True if `symbol` is in `set`.
bool SetContains(const SymbolSet& set, int32_t symbol);

// Per state of `graph`: the first state at or after it that a walk cannot
// cross without a choice or a record. A state is crossed when its only edge
// is an epsilon, predicate, action or precedence edge and it is neither a
// decision nor a rule's stop state. Walks use this to cross chains of such
// states in one step. States marked in `keep` (if given, one entry per
// state) are never crossed (the generator stops at predicates it knows).
std::vector<int32_t> PassThroughTargets(
    const AtnGraph& graph, const std::vector<bool>* keep = nullptr);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ATN_GRAPH_H_
