// kpath.h: k-path coverage (Havrikov, "Grammar-Based Fuzzing Using Input
// Features", ch. 2-3) over ANTLR's ATN.
//
// A *symbol* is one occurrence of a grammar element in a rule's right-hand
// side: a rule reference (one ATN rule transition), a token (one ATN atom
// transition, or one token type of a set transition: ANTLR merges
// single-token alternatives like ('+' | '-') into one set), or, in a
// left-recursive rule, the implicit self-reference that each operator
// alternative starts with (ANTLR rewrites `e : e '+' e | INT` into a loop,
// but its parse trees still nest one `e` per operator). So binary '+' and
// unary '+' are different symbols, as in the dissertation.
//
// A *k-path* is a chain of k symbols, each the nearest symbolic ancestor of
// the next; in the grammar they are the walks of k symbols where a
// reference to rule R leads to every symbol of R's right-hand side. Lexer
// rules are opaque (a token is one symbol), and the absence of an optional
// element is not a symbol (both are the dissertation's defaults).
//
// Example (the dissertation's JavaScript expression grammar): 39, 125, 523,
// 2331 and 10245 k-paths for k = 1..5; "x+42" covers 12 of the 2-paths.
#ifndef GRAMMUT_KPATH_KPATH_H_
#define GRAMMUT_KPATH_KPATH_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/types/span.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// One symbol of the grammar graph.
struct KSymbol {
  enum class Kind : uint8_t { kRuleRef, kToken, kSelfRef };
  Kind kind = Kind::kToken;
  int32_t rule = -1;    // the rule whose right-hand side holds it
  int32_t edge = -1;    // parser ATN edge (-1 for self-references)
  int32_t target = -1;  // referenced rule (references), token type (tokens)
  int32_t alt = -1;     // self-references: operator-loop alternative
  std::string label;    // readable: "rule/name", with "#n" if repeated
};

class SymbolGraph {
 public:
  // Builds the graph of the rules reachable from the grammar's start rule.
  explicit SymbolGraph(const Grammar& grammar);

  const Grammar& grammar() const { return grammar_; }
  int num_symbols() const { return static_cast<int>(symbols_.size()); }
  const KSymbol& symbol(int s) const { return symbols_[s]; }
  // The symbols of rule `rule`'s right-hand side.
  absl::Span<const int32_t> Rhs(int rule) const;
  // The symbols a k-path may continue with after `s` (the right-hand side
  // of the rule it references; none for tokens).
  absl::Span<const int32_t> Successors(int s) const;

  // Count is the number of k-paths of the grammar, or UINT64_MAX when the
  // count does not fit (`*exact` says which).
  uint64_t Count(int k, bool* exact = nullptr) const;
  // Enumerate calls fn(path) for every k-path, in a fixed order, stopping
  // after `limit` paths (returns false if it stopped early).
  bool Enumerate(
      int k, uint64_t limit,
      const std::function<void(absl::Span<const int32_t>)>& fn) const;
  // A readable form: the symbols' labels joined by " -> ".
  std::string Describe(absl::Span<const int32_t> path) const;

  // Symbol ids of ATN edges (for trees): a rule or atom edge, a set edge's
  // token type, an operator-loop alternative's self-reference. -1 if none.
  int EdgeSymbol(int edge, int token_type) const;
  int SelfRefSymbol(int rule, int alt) const;
  // The state whose edges are the operator alternatives of left-recursive
  // rule `rule`, or -1.
  int32_t OperatorBlock(int rule) const { return operator_block_[rule]; }

 private:
  int Add(KSymbol s);
  const Grammar& grammar_;
  std::vector<KSymbol> symbols_;
  std::vector<std::vector<int32_t>> rhs_;             // per rule
  std::vector<int32_t> operator_block_;               // per rule
  absl::flat_hash_map<uint64_t, int32_t> by_edge_;    // (edge, type)
  absl::flat_hash_map<uint64_t, int32_t> self_refs_;  // (rule, alt)
  std::vector<int32_t> empty_;
};

// KPathsOfTree calls fn(path) for every k-path of `tree` (a parse or a
// derivation tree of the graph's grammar): for every symbolic node, the
// chain of it and its k-1 nearest symbolic ancestors. Nodes whose symbol
// cannot be recovered (error tokens, error recovery) break the chain.
// O(nodes * k) once each rule node's children are matched to symbols.
void KPathsOfTree(const SymbolGraph& graph, const Tree& tree, int k,
                  const std::function<void(absl::Span<const int32_t>)>& fn);

// Buffers KPathsOfTree reuses from call to call: a caller that walks many
// trees with one scratch allocates nothing once the buffers have grown.
class KPathScratch {
 public:
  KPathScratch();
  ~KPathScratch();
  KPathScratch(const KPathScratch&) = delete;
  KPathScratch& operator=(const KPathScratch&) = delete;

  // Bytes the buffers and the match memo hold (roughly: vectors by
  // capacity, memo entries by their contents).
  size_t MemoryBytes() const;

  struct Buffers;  // defined in kpath.cc
  std::unique_ptr<Buffers> buffers;
};

// KPathsOfTree with reused buffers (`fn` should capture little: a
// std::function holds two references without allocating).
void KPathsOfTree(const SymbolGraph& graph, const Tree& tree, int k,
                  const std::function<void(absl::Span<const int32_t>)>& fn,
                  KPathScratch* scratch);

// NodeHasSymbol is whether a child of rule node `node` (or one of its
// implicit self-references) is symbol `symbol`: what KPathsOfTree with
// k = 1 finds under that node, matching only its children, and only when
// it is a node of the rule that holds the symbol.
bool NodeHasSymbol(const SymbolGraph& graph, const Tree& tree, int node,
                   int symbol, KPathScratch* scratch);

// A stable 64-bit hash of a path (for coverage sets).
uint64_t KPathHash(absl::Span<const int32_t> path);

}  // namespace grammut

#endif  // GRAMMUT_KPATH_KPATH_H_
