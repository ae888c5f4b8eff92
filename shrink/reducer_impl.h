// reducer_impl.h: the state of one reduction (see reducer.h), shared by
// reducer.cc (the passes, testing, bytes), reducer_nodes.cc (the edits at a
// rule node) and reducer_tokens.cc (token texts and trivia). Internal.
#ifndef GRAMMUT_SHRINK_REDUCER_IMPL_H_
#define GRAMMUT_SHRINK_REDUCER_IMPL_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "parse/parser.h"
#include "base/rng.h"
#include "tree/tree.h"
#include "learn/weights.h"
#include "mutate/loops.h"
#include "mutate/operators/operators.h"
#include "shrink/ddmin.h"
#include "shrink/reducer.h"
#include "mutate/cache/tree_index.h"

namespace grammut::reduce_internal {

// Runs of up to this many children are tried after ddmin, in nodes with at
// most kMaxWindowChildren children.
constexpr int kMaxWindow = 3;
constexpr size_t kMaxWindowChildren = 256;
// Seed of the generator's token choices in shortest mode (determinism).
constexpr uint64_t kShortestSeed = 0x5eed;
// Ddmin inside a token text works on at most this many pieces.
constexpr size_t kMaxTokenPieces = 64;

// The reduction of one input; see reducer.h.
class Reducer {
 public:
  Reducer(const Grammar& grammar, const InterestingFn& interesting,
          const ReduceOptions& options)
      : grammar_(grammar),
        interesting_(interesting),
        options_(options),
        parser_(grammar, ParserOptions(options)),
        weights_(grammar),
        kit_(grammar, weights_, /*pool=*/nullptr, size_t{4} << 20) {}

  absl::StatusOr<ReduceResult> Run(absl::string_view input);

 private:
  // What visiting a node did.
  enum class Outcome { kSame, kReplaced, kRemoved, kStop };
  // The outcome of one test: `yes` if it was interesting.
  static Outcome OutcomeOf(DdminVerdict v, Outcome yes) {
    return v == DdminVerdict::kStop          ? Outcome::kStop
           : v == DdminVerdict::kInteresting ? yes
                                             : Outcome::kSame;
  }

  static ParseOptions ParserOptions(const ReduceOptions& o) {
    ParseOptions p;
    p.max_bytes = o.max_parse_bytes;
    return p;
  }
  int StartRule() const {
    return options_.start_rule >= 0 ? options_.start_rule
                                    : grammar_.start_rule();
  }
  // Parses `text` into `*out`; true if it parsed without errors.
  bool ParseClean(absl::string_view text, Tree* out);
  // Tests `text` unless it is not smaller, was seen before or (tree mode)
  // does not parse; an interesting text becomes the current input.
  DdminVerdict Try(const std::string& text);

  void ReduceBytes();
  void ReduceTree();
  // Rule nodes (with text) at nesting `depth` of the current tree.
  void NodesAt(int depth, std::vector<int>* out) const;
  int MaxDepth() const;
  // An edit tried at one rule node.
  using NodeStep = Outcome (Reducer::*)(int node);
  // Applies `step` to every rule node, top-down by level; a replaced node
  // is visited again.
  Outcome Sweep(NodeStep step);
  // Shortest, then (if that failed) RemoveChildren.
  Outcome ShortestOrRemove(int node);
  Outcome Shortest(int node);
  Outcome Hoist(int node);
  Outcome RemoveChildren(int node);
  // Every occurrence of one token text becomes its type's shortest text
  // (names stay consistent); the texts saving most first.
  Outcome ShortenTokens();
  // Ddmin over the bytes of each non-literal token text (chunks for long
  // texts), one token at a time.
  Outcome ShrinkTokens();
  // All trivia (whitespace, comments) and the trailer go; the separator
  // stays where tokens would run together.
  Outcome DropTrivia();
  // The text of `t` with token i's text `texts[i]` where that is given,
  // without trivia if `strip`.
  std::string Rewrite(const Tree& t,
                      const std::vector<const std::string*>& texts, bool strip);
  // Tests base_ with only children `kept` (ordinals, increasing) of `node`.
  DdminVerdict TryChildren(int node, const std::vector<int>& kept);
  MutationContext Context(Rng& rng);

  const Grammar& grammar_;
  const InterestingFn& interesting_;
  const ReduceOptions& options_;
  Parser parser_;
  Weights weights_;
  GeneratorKit kit_;
  OperatorScratch scratch_;
  TreeIndex index_;  // empty: Splice does not use it
  std::string unused_bytes_;

  ReduceResult result_;
  bool by_tree_ = false;
  std::string current_;  // == result_.output while running
  Tree cur_, parsed_, cand_, base_;
  absl::flat_hash_set<std::string> seen_;
  // RemoveChildren scratch.
  Loops loops_;
  std::vector<int> kids_, ends_, hoists_;
  std::vector<std::pair<int, int>> units_;
  std::vector<int> kept_, unit_of_;
  std::vector<bool> selected_;
  std::vector<const std::string*> texts_;
};

}  // namespace grammut::reduce_internal

#endif  // GRAMMUT_SHRINK_REDUCER_IMPL_H_
