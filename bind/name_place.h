// name_place.h: name token types and the place a name token stands at.
//
// A name is a token of an identifier-like type (an open text that a bare
// word matches whole: IDENTIFIER, NAME, an XML element name). Its place is
// what the parse tree says about its role: its token type, the symbol just
// before it under the same parent (`'.' NAME` is a field, `'goto' NAME` a
// label) and its innermost enclosing rules (a run of the same rule counts
// once, so `expr` nested in `expr` is one level). `CREATE TABLE t` and
// `FROM t` stand at different places; every `local x` at one.
#ifndef GRAMMUT_BIND_NAME_PLACE_H_
#define GRAMMUT_BIND_NAME_PLACE_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/hash/hash.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "generate/token_generator.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// The token types that name things, indexed by type: open-text types whose
// lexer reads a bare word ("abc", "x1") whole but not two ("a b"):
// identifiers and element names, not numbers, quoted strings or running
// text.
std::vector<bool> NameTokenTypes(const Grammar& grammar,
                                 TokenGenerator& tokens);

// Where a name token stands (see the file comment).
struct NamePlace {
  static constexpr int kRules = 4;
  int32_t type = 0;
  // The sibling before it: a token type (> 0), rule r as -(r + 1), or 0
  // when the token is its parent's first child.
  int32_t before = 0;
  // Innermost enclosing rules, innermost first; -1 past the root.
  std::array<int32_t, kRules> rules = {-1, -1, -1, -1};

  bool operator==(const NamePlace& o) const {
    return type == o.type && before == o.before && rules == o.rules;
  }
  template <typename H>
  friend H AbslHashValue(H h, const NamePlace& p) {
    return H::combine(std::move(h), p.type, p.before, p.rules);
  }
};

// A token type as the binding text forms write it: `T:NAME` when its name
// is one word without '#', else `T=TYPE`.
std::string TokenField(const Grammar& grammar, int type);
// Reads a TokenField (or a bare token name) into `*type`; false if the
// grammar has no such token.
bool ReadTokenField(const Grammar& grammar, absl::string_view field, int* type);

// Whether `node` is a name token: a token (not an error one) of a type
// `is_name` marks.
inline bool IsNameToken(const Node& node, const std::vector<bool>& is_name) {
  return !node.is_rule && !node.is_error && node.symbol > 0 &&
         static_cast<size_t>(node.symbol) < is_name.size() &&
         is_name[node.symbol];
}

// Writes to `rules` (if not null) the innermost NamePlace::kRules rules of
// `enclosing` (rule nodes, outermost first), a run of one rule once, and
// returns the node of the outermost of them (-1: none).
inline int32_t PlaceRules(const Tree& tree, absl::Span<const int32_t> enclosing,
                          std::array<int32_t, NamePlace::kRules>* rules) {
  int k = 0;
  int32_t last = -1, anchor = -1;
  for (size_t j = enclosing.size(); j-- > 0 && k < NamePlace::kRules;) {
    const int32_t rule = tree.node(enclosing[j]).symbol;
    if (k > 0 && rule == last) continue;
    if (rules != nullptr) (*rules)[k] = rule;
    last = rule;
    anchor = enclosing[j];
    ++k;
  }
  return anchor;
}

// Calls visit(node, place, enclosing) for every name token of `tree` (a
// token whose type `is_name` marks, not an error token), in order, where
// `enclosing` holds the rule nodes around it, outermost first. `walk`
// holds the caller's buffers, reused from call to call. Only nodes before
// `end_node` are visited (the rest of the tree when it is -1).
struct NameWalk {
  std::vector<int32_t> stack;  // pairs: an open rule node, its last child
  std::vector<int32_t> enclosing;
};
template <typename Visit>
void ForEachName(const Tree& tree, const std::vector<bool>& is_name,
                 NameWalk* walk, Visit visit, int end_node = -1) {
  std::vector<int32_t>& s = walk->stack;
  std::vector<int32_t>& enclosing = walk->enclosing;
  s.clear();
  const int n = end_node < 0 ? tree.size() : std::min(end_node, tree.size());
  for (int i = 0; i < n; ++i) {
    while (!s.empty() && tree.End(s[s.size() - 2]) <= i) s.resize(s.size() - 2);
    const Node& node = tree.node(i);
    int32_t before = 0;
    if (!s.empty()) {
      const int32_t last = s.back();
      if (last >= 0) {
        const Node& b = tree.node(last);
        before = b.is_rule ? -(b.symbol + 1) : b.symbol;
      }
      s.back() = i;
    }
    if (node.is_rule) {
      s.push_back(i);
      s.push_back(-1);
      continue;
    }
    if (!IsNameToken(node, is_name)) continue;
    NamePlace place;
    place.type = node.symbol;
    place.before = before;
    enclosing.clear();
    for (size_t j = 0; j < s.size(); j += 2) enclosing.push_back(s[j]);
    PlaceRules(tree, enclosing, &place.rules);
    visit(i, place, absl::Span<const int32_t>(enclosing));
  }
}

// The node of a name's place's outermost rule, among the rule nodes
// `enclosing` it (outermost first): the column list of a column name, the
// statement of a table name.
inline int32_t PlaceAnchor(const Tree& tree,
                           absl::Span<const int32_t> enclosing) {
  return PlaceRules(tree, enclosing, nullptr);
}

}  // namespace grammut

#endif  // GRAMMUT_BIND_NAME_PLACE_H_
