// enclosed_tokens.h: tokens that stand only inside some constructs, learned
// from inputs.
//
// `break` stands inside a loop, not in a function body outside one; a
// JavaScript `return` inside a function. The grammar lets a statement stand
// in any block, so a regenerated function body writes `break` as often as
// the corpus writes it in loops, and the target rejects the whole input.
// From the inputs themselves, per token type T under a parent rule P: the
// chain of rules above each occurrence, innermost first (a run of one rule
// counts once). Past the chains' common start (what the grammar puts
// around every such token, up to its anchor: `block` for `break`), a few
// witness rules are chosen greedily that together stand above every
// occurrence while standing above a small share of all anchor nodes: each
// time the rule with the most occurrences newly covered per share of
// anchor nodes it covers (the loops: every `break`, a fifth of all blocks;
// not `if`, which holds most breaks but also half of all blocks). The rules
// seen only above an occurrence's first witness, never between it and the
// token, are bounds (a function body, the chunk). A token of T under P is
// enclosed when, walking up from P, a witness comes before a bound.
// Evidence counts in distinct chains (contexts), not occurrences: a
// hundred fields of one table constructor are one. A pair is learned when
// it stood in kMinTrees inputs, had its contexts stood like all anchor
// nodes kMinExpected of them would have stood outside the witnesses, and
// the chance of all standing inside, times the witness sets of that size
// the search could have picked, is under 1/1000.
//
//   EnclosedTokens enclosed(grammar);
//   enclosed.AddTree(tree);                       // learning, like Weights
//   int bound;
//   if (!enclosed.Enclosed(tree, open, token, &bound)) ...
//
// The binding model (binding_model.h) owns one and keeps its rules in its
// text form as `enclosed` lines, so `grammut learn` saves them and a binding
// file can declare one by hand (`enclosed KW_BREAK breakStat in whileStat
// not funcBody`).
#ifndef GRAMMUT_BIND_ENCLOSED_TOKENS_H_
#define GRAMMUT_BIND_ENCLOSED_TOKENS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/types/span.h"
#include "base/text_form.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

class EnclosedTokens {
 public:
  // Occurrences independent placement would have put outside the
  // witnesses before a pair is learned.
  static constexpr double kMinExpected = 3;
  // Inputs a pair must stand in before it is learned (three files of one
  // author's style teach style, not the language).
  static constexpr double kMinTrees = 8;
  // Rule levels above a token that are looked at.
  static constexpr int kMaxLevels = 24;

  // What a (token type, parent rule) pair needs above it.
  struct Rule {
    int32_t type = 0;
    int32_t parent = 0;
    std::vector<int32_t> witnesses;  // sorted
    std::vector<int32_t> bounds;     // sorted
    double contexts = 0;  // distinct chains learned from (0: declared)
    double expected = 0;  // ... that would have stood outside
  };

  explicit EnclosedTokens(const Grammar& grammar) : grammar_(&grammar) {}

  // Counts the tokens of `tree` (a parsed or generated input), `times`
  // over.
  void AddTree(const Tree& tree, double times = 1.0);

  // The learned and declared rules, sorted by (type, parent).
  const std::vector<Rule>& Rules() const;

  // Whether token node `token` of `tree` may stand where it does: `open`
  // holds its enclosing rule nodes, outermost first (its parent last).
  // When not, writes the bound node the walk up met to `*bound`.
  bool Enclosed(const Tree& tree, absl::Span<const int> open, int token,
                int* bound) const;

  // `enclosed TOKEN PARENT in RULES not RULES contexts N expected N` lines,
  // sorted; declared rules without counts.
  std::string ToText() const;
  // Reads one `enclosed` line (its fields `f`). A read rule holds whatever
  // learning sees later.
  absl::Status ParseLine(absl::Span<const absl::string_view> f, LineError bad);
  // Forgets everything (before reading a text form).
  void Clear();

 private:
  struct Pair {
    // Distinct rule chains above the occurrences (evidence counts in
    // chains, not occurrences).
    absl::flat_hash_set<std::vector<int32_t>> chains;
    double trees = 0;        // inputs that held the pair
    uint64_t last_tree = 0;  // the last one (tree_stamp_)
    bool overflow = false;   // more distinct chains than kept
  };
  static uint64_t Key(int32_t type, int32_t rule) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(type)) << 32) |
           static_cast<uint32_t>(rule);
  }
  // Counts chain_ for the pair `key`, `times` over.
  void AddChain(uint64_t key, double times);
  // The rule `pair` makes, if its occurrences show one.
  bool Learn(const Pair& pair, Rule* rule) const;

  const Grammar* grammar_;
  absl::flat_hash_map<uint64_t, Pair> pairs_;
  std::vector<Rule> declared_;
  // Rule nodes counted per rule, and per (rule, rule above) those the
  // second stood above: the share of all nodes of the rule the chains
  // start with that a witness stands above.
  absl::flat_hash_map<int32_t, double> nodes_;
  absl::flat_hash_map<uint64_t, double> nodes_under_;
  size_t chains_kept_ = 0;
  uint64_t tree_stamp_ = 0;  // AddTree calls so far
  // Rules() is made again once this many more trees were added.
  mutable std::vector<Rule> rules_;
  mutable absl::flat_hash_map<uint64_t, size_t> rule_of_;
  mutable double trees_ = 0;
  mutable double trees_at_rules_ = -1;
  // AddTree's buffers.
  std::vector<int> open_;
  std::vector<int32_t> chain_;
};

}  // namespace grammut

#endif  // GRAMMUT_BIND_ENCLOSED_TOKENS_H_
