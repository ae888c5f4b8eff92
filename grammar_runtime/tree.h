// tree.h: the compact parse tree every mutation works on.
//
// A Tree keeps its nodes in one vector in preorder. Each node knows the size
// of its subtree, so the children of node i are i+1, then i+1+size(i+1), and
// so on; a subtree is a contiguous range and copying one is copying a range.
// Token nodes hold their text and the leading trivia (skipped or hidden text
// before them) in one string pool; concatenating all token texts in order,
// plus the tree's trailer, gives the serialized bytes.
//
// Rule nodes hold their derivation record: the (decision, alternative,
// child position) steps taken inside that rule invocation, in order. It is
// what learning counts and what loop edits use.
#ifndef GRAMMUT_GRAMMAR_RUNTIME_TREE_H_
#define GRAMMUT_GRAMMAR_RUNTIME_TREE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace grammut {

// One step of a derivation: at `decision` the parser or generator took
// alternative `alt` (1-based) when the rule node had `child` children.
struct DerivationStep {
  int32_t decision = 0;
  uint16_t alt = 0;
  uint16_t child = 0;
};

// One node of a Tree.
struct Node {
  uint32_t size = 1;   // nodes in this subtree, itself included
  int32_t symbol = 0;  // rule index (rule nodes) or token type (tokens)
  bool is_rule = false;
  bool is_error = false;    // a token the parser could not place
  uint16_t depth = 0;       // rule nesting depth (saturating)
  uint32_t text_begin = 0;  // tokens: trivia + text in Tree::text()
  uint32_t text_size = 0;
  uint32_t trivia_size = 0;  // tokens: leading trivia length
  uint32_t steps_begin = 0;  // rules: derivation steps
  uint32_t steps_size = 0;
};

// A parse or derivation tree. Value type; copies are deep.
class Tree {
 public:
  Tree() = default;

  // Building (preorder). Begin/EndRule bracket a rule node's children.
  int BeginRule(int rule);
  void EndRule(int node);
  // Appends a token node with leading `trivia` and `text`.
  int AddToken(int type, absl::string_view trivia, absl::string_view text,
               bool is_error = false);
  // Appends a derivation step to rule node `node` (must be the last open
  // rule node when building).
  void AddStep(int node, DerivationStep step);
  // Sets the derivation steps of rule node `node` (appended to the pool, so
  // they stay contiguous whatever was added since).
  void SetSteps(int node, absl::Span<const DerivationStep> steps);
  // Text after the last token (e.g. trailing whitespace).
  void set_trailer(absl::string_view t) { trailer_ = std::string(t); }
  const std::string& trailer() const { return trailer_; }

  // Access.
  int size() const { return static_cast<int>(nodes_.size()); }
  bool empty() const { return nodes_.empty(); }
  const Node& node(int i) const { return nodes_[i]; }
  const std::vector<Node>& nodes() const { return nodes_; }
  // Token text without trivia, and trivia alone.
  absl::string_view token_text(int i) const;
  absl::string_view token_trivia(int i) const;
  absl::Span<const DerivationStep> steps(int i) const;
  // Children of node i, in order.
  std::vector<int> Children(int i) const;
  // Parent of node i (-1 for the root). Linear time.
  int Parent(int i) const;
  // First and last token node inside subtree i, or -1.
  int FirstToken(int i) const;
  int LastToken(int i) const;
  // Bytes of subtree i (tokens with their trivia).
  std::string SubtreeText(int i) const;
  // Number of bytes of subtree i (without building them).
  size_t SubtreeSize(int i) const;
  // Serialized bytes of the whole tree.
  std::string Text() const;
  // Bytes the serialized tree has (without building it). Constant time.
  size_t TextSize() const { return token_bytes_ + trailer_.size(); }
  // Heap bytes the tree holds (capacities, not sizes).
  size_t MemoryBytes() const {
    return nodes_.capacity() * sizeof(Node) + text_.capacity() +
           steps_.capacity() * sizeof(DerivationStep) + trailer_.capacity() +
           open_.capacity() * sizeof(int);
  }

  // ReplaceSubtree returns a copy of this tree with subtree `at` replaced by
  // subtree `from` of `donor` (which may be *this). The replaced subtree's
  // leading trivia is kept. `need_space(prev_type, prev_text, next_type,
  // next_text)` tells whether two adjacent tokens need `separator` between
  // them; it is inserted at both seams when they have no trivia.
  template <typename NeedSpace>
  Tree ReplaceSubtree(int at, const Tree& donor, int from, NeedSpace need_space,
                      absl::string_view separator) const;

  // ReplaceChildren returns a copy with children [first_child, end_child)
  // of rule node `parent` replaced by the subtrees `parts` (nodes of *this),
  // in order, and `parent`'s derivation steps replaced by `parent_steps`.
  Tree ReplaceChildren(int parent, int first_child, int end_child,
                       const std::vector<int>& parts,
                       const std::vector<DerivationStep>& parent_steps) const;

  // Raw building blocks for operators.
  // Appends subtree `from` of `src` as a new subtree (depths shifted so that
  // its root has `depth`). Returns the new node's index.
  int AppendSubtree(const Tree& src, int from, int depth);
  // Overrides the trivia of token node `i` (which must be the last token
  // appended).
  void SetLastTokenTrivia(int i, absl::string_view trivia);

 private:
  // Appends a copy of node `i` of `src` alone (size unchanged).
  void CopyNode(const Tree& src, int i, int depth_shift);

  std::vector<Node> nodes_;
  std::string text_;
  size_t token_bytes_ = 0;  // sum of the token nodes' text_size
  std::vector<DerivationStep> steps_;
  std::string trailer_;
  std::vector<int> open_;  // rule nodes being built
};

// ---- implementation of the template ----

template <typename NeedSpace>
Tree Tree::ReplaceSubtree(int at, const Tree& donor, int from,
                          NeedSpace need_space,
                          absl::string_view separator) const {
  Tree out;
  out.nodes_.reserve(nodes_.size() + donor.nodes_[from].size);
  out.text_.reserve(text_.size() + donor.text_.size());
  const int at_end = at + static_cast<int>(nodes_[at].size);
  const int delta = static_cast<int>(donor.nodes_[from].size) -
                    static_cast<int>(nodes_[at].size);
  // Trivia kept from the replaced subtree's first token.
  const int old_first = FirstToken(at);
  std::string lead =
      old_first >= 0 ? std::string(token_trivia(old_first)) : std::string();
  // The token just before the seam, to decide on a separator.
  int prev_token = -1;
  for (int i = 0; i < at; ++i) {
    if (!nodes_[i].is_rule) prev_token = i;
  }
  auto copy_node = [&](const Tree& src, int i, int depth_shift) {
    out.CopyNode(src, i, depth_shift);
  };
  for (int i = 0; i < at; ++i) {
    copy_node(*this, i, 0);
    Node& n = out.nodes_.back();
    if (i + static_cast<int>(nodes_[i].size) > at) {  // ancestor of `at`
      n.size = static_cast<uint32_t>(static_cast<int>(n.size) + delta);
    }
  }
  const int shift = static_cast<int>(nodes_[at].depth) -
                    static_cast<int>(donor.nodes_[from].depth);
  const int donor_end = from + static_cast<int>(donor.nodes_[from].size);
  bool first = true;
  int last_new_token = -1;
  for (int i = from; i < donor_end; ++i) {
    copy_node(donor, i, shift);
    Node& n = out.nodes_.back();
    if (!n.is_rule) {
      last_new_token = static_cast<int>(out.nodes_.size()) - 1;
      if (first) {
        first = false;
        // Replace the donor's leading trivia by the kept one.
        std::string body(donor.token_text(i));
        std::string trivia = lead;
        if (trivia.empty() && prev_token >= 0 && !body.empty()) {
          absl::string_view prev = token_text(prev_token);
          if (!prev.empty() &&
              need_space(nodes_[prev_token].symbol, prev,
                         donor.nodes_[i].symbol, absl::string_view(body))) {
            trivia = std::string(separator);
          }
        }
        out.text_.resize(n.text_begin);
        out.text_ += trivia;
        out.text_ += body;
        out.token_bytes_ -= n.text_size;
        n.trivia_size = static_cast<uint32_t>(trivia.size());
        n.text_size = static_cast<uint32_t>(trivia.size() + body.size());
        out.token_bytes_ += n.text_size;
      }
    }
  }
  for (int i = at_end; i < static_cast<int>(nodes_.size()); ++i) {
    copy_node(*this, i, 0);
    Node& n = out.nodes_.back();
    if (!n.is_rule && last_new_token >= 0 && n.trivia_size == 0) {
      absl::string_view prev = out.token_text(last_new_token);
      absl::string_view body = token_text(i);
      if (!prev.empty() && !body.empty() &&
          need_space(out.nodes_[last_new_token].symbol, prev, n.symbol, body)) {
        std::string text = std::string(separator) + std::string(body);
        out.text_.resize(n.text_begin);
        out.text_ += text;
        out.token_bytes_ -= n.text_size;
        n.trivia_size = static_cast<uint32_t>(separator.size());
        n.text_size = static_cast<uint32_t>(text.size());
        out.token_bytes_ += n.text_size;
      }
      last_new_token = -1;
    } else if (!n.is_rule) {
      last_new_token = -1;
    }
  }
  out.trailer_ = trailer_;
  return out;
}

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_RUNTIME_TREE_H_
