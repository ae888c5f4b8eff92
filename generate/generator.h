// generator.h: random derivations from the parser ATN.
//
// Generate walks the parser ATN from a rule's start state to its stop state.
// At each decision it samples an alternative from the Weights (in the chosen
// probability mode) among the alternatives that still fit the byte budget;
// once the nesting or step limits are reached it takes only the cheapest
// alternative (per-state minimum costs, see min_cost.h), so every walk ends
// and no output exceeds the budget. Precedence predicates of left-recursive
// rules are honoured, so generated expressions re-parse with the same shape.
// The result is a Tree with the derivation recorded on every rule node;
// tokens get a separator only where two would otherwise run together.
//
// Example:
//   Generator gen(grammar, weights, token_generator, separators, &pool);
//   GenerateOptions opt; opt.max_bytes = 512;
//   Tree t;
//   if (gen.Generate(grammar.start_rule(), rng, opt, &t)) { ... }
#ifndef GRAMMUT_GENERATE_GENERATOR_H_
#define GRAMMUT_GENERATE_GENERATOR_H_

#include <cstddef>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/types/span.h"
#include "base/rng.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "grammar/predicate_vocabulary.h"
#include "grammar/separator_oracle.h"
#include "learn/decision_place.h"
#include "learn/place_match.h"
#include "learn/weights.h"
#include "tree/tree.h"

namespace grammut {

class ChoiceReplay;
struct ChoiceSequence;

// GenerationSteer forces choices of one derivation (kpath_steer.h steers one
// toward a k-path). The generator reports the rule invocations it opens and
// closes, and asks at every ATN state it leaves, so a steer can follow the
// walk; wherever the steer answers -1 the generator chooses as usual. A
// forced choice beats the byte budget and the nesting limit (Generate still
// fails if the text ends up over budget).
class GenerationSteer {
 public:
  virtual ~GenerationSteer() = default;
  // EnterRule: the generator opened an invocation of `rule` through parser
  // edge `edge` (-1 for the rule Generate was called with).
  virtual void EnterRule(int rule, int32_t edge) = 0;
  // ExitRule: the innermost invocation ended.
  virtual void ExitRule() = 0;
  // Force is asked at `state` (of the innermost invocation, with at least
  // one edge): the edge to take (0-based), -1 to let the generator choose,
  // or kGiveUp to end the generation (Generate returns false).
  static constexpr int kGiveUp = -2;
  virtual int Force(int32_t state) = 0;
  // ForceTokenType is asked when the walk takes a set or wildcard edge
  // `edge` (absolute): the token type to emit, or -1 to let it choose.
  virtual int ForceTokenType(int32_t edge) = 0;
};

// Budget and policy for one generation. Nesting counts rule invocations and
// the iterations of left-recursive operator loops (ANTLR's parse tree nests
// one level per operator), so a generated input never nests deeper than the
// parser will accept.
struct GenerateOptions {
  size_t max_bytes = 4096;  // hard cap on the serialized size
  int max_depth = 64;       // rule nesting before cheapest-only
  ProbabilityMode mode = ProbabilityMode::kLearned;
  double pool_probability = 0.5;  // chance to reuse a corpus token text
  // Texts of the tokens `context_tokens` (nodes of `context`, typically
  // the input being mutated; empty: any of its nodes) are tried first, with
  // probability `context_probability`, for generated tokens of the same
  // type: a new subtree then names the tables, variables and elements its
  // input defines. Not owned; null: none.
  const Tree* context = nullptr;
  absl::Span<const int32_t> context_tokens;
  // Optional, kTokenPlaceDepth per entry of `context_tokens`: the rules
  // enclosing that token, innermost first (-1 past the root). With them a
  // name is taken from the input where it stood in the same place (a table
  // name for a table name), backing off to fewer enclosing rules.
  absl::Span<const int32_t> context_token_rules;
  double context_probability = 0;
  int precedence = 0;  // precedence argument of the start rule
  // The rules enclosing the generated one where its tree goes (outermost
  // first; empty: unknown), so pool texts come from the same place.
  absl::Span<const int32_t> enclosing;
  // Where the generated rule's tree goes, for weighing its decisions by
  // place (decision_place.h). Unknown by default; a generation of the start
  // rule with nothing enclosing it is taken to be a whole input.
  DecisionPlace place;
  bool shortest = false;  // take only the cheapest alternatives
  // Zest-style replay: take the choices from here while it has any, then
  // go on with the Rng (see choice_replay.h). Not owned; null: none.
  ChoiceReplay* replay = nullptr;
  // Algorithm 3 of Havrikov's dissertation (BoundedTree): at a decision,
  // choose only among the alternatives whose shallowest completion stays
  // within `max_depth` nesting levels, when there is any (past the limit:
  // the cheapest of those), so rule nodes nest at most max_depth - 1
  // below the root where the grammar allows it.
  bool fit_depth = false;
  // Where alternatives that would read back (generator_open_ends.cc) exist
  // but none fits the budget, end the walk unfinished (false) instead of
  // taking one that would not read back: for callers that walk again
  // (GenerateWholeInput).
  bool readable_or_fail = false;
  // Where the only alternatives that would read back do not fit
  // `max_bytes`, one is still taken if the walk's text can stay within
  // this many bytes (0: `max_bytes`), the rest of the walk then taking the
  // cheapest ways on: for a cap drawn under the true limit
  // (GenerateWholeInput), where shortest completions leave no room for an
  // optional separator the walk arrives at. The text is at most this.
  size_t readable_max_bytes = 0;
  // Forces choices (see GenerationSteer); not owned; null: none. Not
  // combined with `replay`.
  GenerationSteer* steer = nullptr;
  // A part of the rule instead of all of it: the walk starts at decision
  // state `start_state` of the rule, takes its edge `start_edge` (0-based)
  // first, and ends where the rule's own walk reaches `stop_state` (a
  // block's end). The root node then holds that part's children and steps
  // (the first step is the start decision's, at child 0). -1: the rule.
  int32_t start_state = -1;
  int32_t start_edge = -1;
  int32_t stop_state = -1;
};

// The text of a token of `type` among token nodes `nodes` of `tree` (empty:
// among all its nodes), not empty and at most `max_len` bytes, or an empty
// view. `want` holds the rules enclosing the token to be written, innermost
// first (at most kTokenPlaceDepth; may be empty).
//
// With `node_rules` (kTokenPlaceDepth per entry of `nodes`, innermost
// first), every token of `nodes` is looked at: the candidates enclosed by
// the most rules of `want` in order are drawn from, each shorter match
// (then any token of the type) taking over with probability 1/4.
// Without, a few random nodes are looked at, the first half taking only a
// token whose parent is a node of rule want[0]. A text equal to `avoid`
// (the one being replaced) is never returned.
absl::string_view PickTokenTextOfType(const Tree& tree,
                                      absl::Span<const int32_t> nodes,
                                      absl::Span<const int32_t> node_rules,
                                      int type, size_t max_len, Rng& rng,
                                      absl::Span<const int32_t> want,
                                      absl::string_view avoid = {});

class Generator {
 public:
  // All references must outlive the generator. `pool` may be null.
  Generator(const Grammar& grammar, const Weights& weights,
            TokenGenerator& tokens, SeparatorOracle& separators,
            const TokenPool* pool);

  // Generate writes to `out` (cleared first; its buffers are reused) a
  // derivation of `rule` whose text has at most `options.max_bytes` bytes.
  // Returns false if even the shortest derivation does not fit.
  bool Generate(int rule, Rng& rng, const GenerateOptions& options, Tree* out);
  // The same, returning a new tree or nullopt (for tools and tests).
  std::optional<Tree> Generate(int rule, Rng& rng,
                               const GenerateOptions& options);

  // Work done so far: ATN states walked and edge costs looked up. Tests
  // bound generation work with this.
  uint64_t work() const { return work_; }

  // The weights it draws by.
  const Weights& weights() const { return weights_; }

 private:
  // One rule invocation being generated.
  struct Frame {
    int32_t follow;     // state to continue at in the caller (-1: none)
    int node;           // tree node
    uint16_t children;  // children added so far
    int precedence;
    int64_t reserve;  // minimum bytes owed after returning (follow's cost)
    // Nesting as ANTLR's parse tree will have it: the frame's own depth,
    // and the deepest point of what it generated so far. Each iteration of
    // a left-recursive operator loop wraps everything generated so far in
    // the frame in one more context, so it raises `peak` by one.
    int base;
    int peak;
    // Replay: the node of the replayed tree this invocation reproduces (-1:
    // none), and where the search for its next rule child starts.
    int32_t source;
    int32_t source_cursor;
    DecisionPlace place;  // where the invocation stands
    std::vector<DerivationStep> steps;
  };
  // Replay: the child of the frame's source node that a call of `rule`
  // after `consumed` choices reproduces, or -1; advances the cursor.
  int32_t SourceChild(Frame& frame, const ChoiceSequence& seq, int rule,
                      size_t consumed);
  // Opens a frame (reusing the buffers of an earlier one).
  Frame& PushFrame(int32_t follow, int node, int precedence, int64_t reserve,
                   int base, const DecisionPlace& place);

  // Minimum cost of taking parser edge `k` (bytes to the rule's end),
  // honouring precedence predicates met within a few epsilon steps;
  // unreachable if they fail. Constant time for edges no precedence
  // predicate can affect.
  MinCost EdgeCost(uint32_t k, int precedence, int depth);
  void PrecomputeEdgeCosts();
  // A token type among the first `fitting` of `accepted` (a member of
  // set_types_, not_set_types_ or wildcard_types_), weighed in `mode`.
  int PickTokenType(const std::vector<int>& accepted, size_t fitting,
                    ProbabilityMode mode, Rng& rng);
  // With probability options.context_probability, sets text_ to the text
  // of a token of `type` from options.context that fits `room`, preferably
  // one enclosed as `want` (innermost first); false if none was taken.
  bool PickContextText(int type, absl::Span<const int32_t> want, int64_t room,
                       const GenerateOptions& options, Rng& rng);
  // The rules enclosing the next token, innermost first, at most
  // kTokenPlaceDepth (for PickContextText; empty without token contexts).
  absl::Span<const int32_t> WantedContext(const Tree& tree,
                                          const GenerateOptions& options);
  // The last TokenPool::kMaxContextRules rules enclosing the next token
  // (options.enclosing, then the open frames), outermost first.
  absl::Span<const int32_t> Enclosing(const Tree& tree,
                                      const GenerateOptions& options);
  // Per parser edge: the fewest nesting levels a walk that takes it needs
  // below the current invocation to reach the rule's end (fit_depth).
  void PrecomputeEdgeDepths();

  // How WalkToFirstSymbols ended.
  enum class FirstWalk {
    kDone,     // every first symbol edge was visited
    kStopped,  // `visit` asked to stop
    kGaveUp,   // past `limit` states: too far to tell
  };
  // Walks from parser state `state` (all of its edges), or where `state`
  // is -1 from parser edge `edge`, over the edges that write nothing (into
  // rules, past rules that may be empty) and calls visit(e) on each symbol
  // edge it meets first, until visit returns false; `*rule_end` is set if
  // the walk reached the rule's end (what follows is the caller's).
  // (generator_costs.cc)
  FirstWalk WalkToFirstSymbols(int32_t state, uint32_t edge, int limit,
                               absl::FunctionRef<bool(const AtnEdge&)> visit,
                               bool* rule_end) const;

  // Semantic predicates (generator_predicates.cc).
  void PrecomputePredicates();
  void ResetPredicateState();
  // The view of a predicate after token node `last_token` (-1: none);
  // with `two_back`, also the token before it (a walk back over the tree).
  PredicateView ViewAfter(const Tree& tree, int last_token,
                          bool two_back = false) const;
  // Whether a token of `type` meets next-token check `m` (a name can take
  // any text).
  bool TypeMeets(int type, const PredicateMeaning& m) const;
  // Whether symbol edge `e` may write a token whose TypeMeets is `meet`.
  bool EdgeMayBegin(const AtnEdge& e, const PredicateMeaning& m,
                    bool meet) const;
  // Whether a walk taking parser edge `edge` may write first a token whose
  // TypeMeets is `meet` (cached; true when the search runs too long).
  bool MayBegin(uint32_t edge, const PredicateMeaning& m, bool meet);
  // Whether the alternative through parser edge `edge` can satisfy its
  // known predicates and the next-token checks pending.
  bool AltAllowed(uint32_t edge, const Tree& tree, int last_token);
  // Takes predicate edge `edge`: notes what the next token must meet, or
  // fixes the token just written; false if the predicate cannot hold.
  bool TakePredicate(uint32_t edge, Tree& tree, int last_token);
  // Fits the next token (`type`, `*text`) to the pending checks, changing
  // the text of a name; false if it cannot meet them. Clears the checks.
  bool NextTokenFits(int type, const Tree& tree, int last_token,
                     std::string* text);
  // True if a token of `type` can be written next: not TypeBlocked, and
  // meeting the pending next-token checks.
  bool TypeFits(int type, const Tree& tree, int last_token) const;
  // True if `type`'s lexer rule has a known predicate that fails after
  // `last_token` (the lexer would not make that token there).
  bool TypeBlocked(int type, const Tree& tree, int last_token) const;
  // The next token's trivia given the pending line-break check (cleared).
  absl::string_view FitTrivia(absl::string_view trivia,
                              absl::string_view separator);

  // Open ends (generator_open_ends.cc): tokens no blank keeps apart from
  // the next. The token types an alternative (or a state) may begin with,
  // before its rule's end, and whether it may reach the end first
  // (`reaches_end`: the caller's continuation comes next); or may_be_empty
  // where it may end the input, write an empty token or the search gave up.
  struct FirstTypes {
    std::vector<int> types;
    bool may_be_empty = false;
    bool reaches_end = false;
  };
  // The lexer DFA's state after token node `last_token` if nothing can keep
  // the next token apart from it (SeparatorOracle::OpenEnd), else -1;
  // computed once per token.
  int32_t OpenState(const Tree& tree, int last_token);
  // Whether the shortest text of `type` would join the token before, at
  // DFA `state` (cached per state and type).
  bool TypeRunsOn(int type, int32_t state);
  // Whether every token the alternative through parser edge `edge` may
  // begin with would join the token before (false if it may begin with
  // none). Where the alternative may reach its rule's end first, the callers'
  // continuations (the frames' follow states, innermost first) must join
  // too: a blank rule of the parser's own (`ws : (SPACE | COMMENT)*`) may
  // be left empty only where what comes next would not join.
  bool EdgeRunsOn(uint32_t edge, int32_t state);
  // Whether every first type of `first` joins at `state` (false if it may
  // be empty).
  bool AllRunOn(const FirstTypes& first, int32_t state);
  const FirstTypes& EdgeFirstTypes(uint32_t edge);   // cached per edge
  const FirstTypes& StateFirstTypes(int32_t state);  // cached per state
  // Computes them from `state` if it is >= 0, else from `edge`.
  FirstTypes FindFirstTypes(int32_t state, uint32_t edge);
  // Whether the lexer's mode is known here (a whole input) and has no
  // closer to leave it by.
  bool ModeKnown() const;
  // Whether the shortest text of `type` reads as a token of it in the
  // lexer's current mode (cached per mode and type).
  bool TypeMadeHere(int type);
  // Whether no token the alternative through `edge` may begin with is made
  // in the lexer's current mode (false if it may begin with none).
  bool EdgeNotMadeHere(uint32_t edge);
  // Where the lexer's mode is known, makes text_ (a new text of `type`)
  // again when the mode reads it as another type (a STRING_ID `$` seen in
  // a mode of its own is a DOLLAR in the default mode): up to kRemakes
  // times, then the type's shortest text if the mode reads that one.
  void RemakeIfNotMadeHere(int type, int64_t room,
                           const GenerateOptions& options, Rng& rng,
                           absl::Span<const int32_t> enclosing);
  static constexpr int kRemakes = 4;

  const Grammar& grammar_;
  const Weights& weights_;
  TokenGenerator& tokens_;
  SeparatorOracle& separators_;
  LexerPosition lexer_at_;  // where the lexer is in the output (Generate)
  const TokenPool* pool_;
  std::vector<int> generable_types_;
  // Per parser set (AtnGraph::sets), the generable types it holds and those
  // it does not, and all generable types (for wildcards): what a set,
  // not-set or wildcard edge accepts, without a set lookup per type at every
  // token. Each list is sorted by shortest text, shortest first (ties in
  // type order).
  std::vector<std::vector<int>> set_types_;
  std::vector<std::vector<int>> not_set_types_;
  std::vector<int> wildcard_types_;
  std::vector<MinCost> edge_cost_;          // per parser edge, no predicates
  std::vector<bool> precedence_sensitive_;  // per parser edge
  std::vector<bool> fixed_costs_;    // per state: no edge precedence-sensitive
  std::vector<int32_t> edge_depth_;  // per parser edge
  // PassThroughTargets of the parser graph.
  std::vector<int32_t> pass_to_;
  // EdgeCost of precedence-sensitive edges, by (edge, precedence): at most
  // one entry per such edge and precedence level of the grammar.
  absl::flat_hash_map<uint64_t, MinCost> precedence_costs_;
  uint64_t work_ = 0;
  // Predicates: any known; states the walk must not cross; per parser edge
  // the known predicate edges met from it (left_edges_[left_begin_[k] ..
  // left_begin_[k + 1])) and whether a positive next-token check there can
  // be met; per token type a lexer predicate on the token before.
  bool has_predicates_ = false;
  std::vector<bool> keep_states_;
  std::vector<uint32_t> left_begin_;
  std::vector<uint32_t> left_edges_;
  std::vector<bool> forceable_;
  std::vector<const PredicateMeaning*> type_lexer_predicate_;
  std::vector<int32_t> first_checked_type_;  // per edge (see .cc)
  absl::flat_hash_map<std::tuple<uint32_t, const PredicateMeaning*, bool>, bool>
      may_begin_;
  // During a walk: a line break wanted before the next token (1), not
  // wanted (-1), either (0); checks on the next token's text.
  int8_t pending_newline_ = 0;
  std::vector<const PredicateMeaning*> pending_next_;
  std::vector<uint8_t> allowed_;  // per edge of the current decision
  // Open ends: the token node OpenState was last computed for (-2: none
  // this walk) and its result; EdgeFirstBytes' cache (index per edge, -1:
  // not yet).
  int open_for_ = -2;
  int open_clears_ = 0;  // the DFA's clears() when open_state_ was found
  int32_t open_state_ = -1;
  absl::flat_hash_map<std::pair<int32_t, int>, bool> joins_;  // TypeRunsOn
  absl::flat_hash_map<std::pair<int, int>, bool> made_here_;  // TypeMadeHere
  std::vector<int32_t> first_index_;        // by edge, into first_types_
  std::vector<int32_t> state_first_index_;  // by state, into first_types_
  std::vector<FirstTypes> first_types_;
  std::string predicate_text_;  // the next token's text, being fitted
  // Scratch, reused across calls.
  std::vector<Frame> frames_;
  size_t depth_ = 0;  // frames in use
  std::vector<double> weights_scratch_;
  std::vector<MinCost> costs_;
  std::vector<double> type_weights_;
  std::vector<int32_t> enclosing_;  // a token's enclosing rules
  std::vector<int32_t> wanted_;     // WantedContext's buffer
  // Cumulative TokenTypeWeights of whole type lists, by (list, mode), as of
  // Weights::token_version() `version`.
  struct TypeCdf {
    uint64_t version = 0;
    std::vector<double> sums;
  };
  absl::flat_hash_map<std::pair<const std::vector<int>*, int>, TypeCdf>
      type_cdfs_;
  std::string text_;
};

// GeneratorKit is a Generator with what it needs: the lexer DFA (bounded by
// `dfa_bytes`), the separator oracle and the token generator. `grammar`,
// `weights` and `pool` (may be null) must outlive it.
struct GeneratorKit {
  GeneratorKit(const Grammar& grammar, const Weights& weights,
               const TokenPool* pool, size_t dfa_bytes = size_t{16} << 20)
      : dfa(grammar.lexer_graph(), dfa_bytes),
        separators(grammar, &dfa),
        tokens(grammar, &dfa),
        generator(grammar, weights, tokens, separators, pool) {}
  GeneratorKit(const GeneratorKit&) = delete;
  GeneratorKit& operator=(const GeneratorKit&) = delete;

  LexerDfa dfa;
  SeparatorOracle separators;
  TokenGenerator tokens;
  Generator generator;
};

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_GENERATOR_H_
