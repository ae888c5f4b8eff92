#include "grammar_runtime/tree.h"

#include <algorithm>

namespace grammut {

int Tree::BeginRule(int rule) {
  Node n;
  n.symbol = rule;
  n.is_rule = true;
  n.depth = static_cast<uint16_t>(std::min<int>(open_.size(), 0xFFFF));
  n.steps_begin = static_cast<uint32_t>(steps_.size());
  nodes_.push_back(n);
  open_.push_back(static_cast<int>(nodes_.size()) - 1);
  return open_.back();
}

void Tree::EndRule(int node) {
  // Close every rule node opened after `node` too (defensive).
  while (!open_.empty()) {
    const int top = open_.back();
    open_.pop_back();
    nodes_[top].size = static_cast<uint32_t>(nodes_.size() - top);
    if (top == node) break;
  }
}

int Tree::AddToken(int type, absl::string_view trivia, absl::string_view text,
                   bool is_error) {
  Node n;
  n.symbol = type;
  n.is_error = is_error;
  n.depth = static_cast<uint16_t>(std::min<int>(open_.size(), 0xFFFF));
  n.text_begin = static_cast<uint32_t>(text_.size());
  n.trivia_size = static_cast<uint32_t>(trivia.size());
  n.text_size = static_cast<uint32_t>(trivia.size() + text.size());
  text_.append(trivia.data(), trivia.size());
  text_.append(text.data(), text.size());
  token_bytes_ += n.text_size;
  nodes_.push_back(n);
  return static_cast<int>(nodes_.size()) - 1;
}

void Tree::AddStep(int node, DerivationStep step) {
  Node& n = nodes_[node];
  // Steps of a node are contiguous only while it is the innermost open rule;
  // callers record steps before opening children, or via a side buffer.
  if (n.steps_begin + n.steps_size != steps_.size()) {
    // Move this node's steps to the end so they stay contiguous.
    std::vector<DerivationStep> mine(
        steps_.begin() + n.steps_begin,
        steps_.begin() + n.steps_begin + n.steps_size);
    n.steps_begin = static_cast<uint32_t>(steps_.size());
    steps_.insert(steps_.end(), mine.begin(), mine.end());
  }
  steps_.push_back(step);
  ++n.steps_size;
}

void Tree::SetSteps(int node, absl::Span<const DerivationStep> steps) {
  Node& n = nodes_[node];
  n.steps_begin = static_cast<uint32_t>(steps_.size());
  n.steps_size = static_cast<uint32_t>(steps.size());
  steps_.insert(steps_.end(), steps.begin(), steps.end());
}

absl::string_view Tree::token_text(int i) const {
  const Node& n = nodes_[i];
  return absl::string_view(text_).substr(n.text_begin + n.trivia_size,
                                         n.text_size - n.trivia_size);
}

absl::string_view Tree::token_trivia(int i) const {
  const Node& n = nodes_[i];
  return absl::string_view(text_).substr(n.text_begin, n.trivia_size);
}

absl::Span<const DerivationStep> Tree::steps(int i) const {
  const Node& n = nodes_[i];
  return absl::Span<const DerivationStep>(steps_.data() + n.steps_begin,
                                          n.steps_size);
}

std::vector<int> Tree::Children(int i) const {
  std::vector<int> out;
  const int end = i + static_cast<int>(nodes_[i].size);
  for (int c = i + 1; c < end; c += static_cast<int>(nodes_[c].size)) {
    out.push_back(c);
  }
  return out;
}

int Tree::Parent(int i) const {
  for (int p = i - 1; p >= 0; --p) {
    if (p + static_cast<int>(nodes_[p].size) > i) return p;
  }
  return -1;
}

int Tree::FirstToken(int i) const {
  const int end = i + static_cast<int>(nodes_[i].size);
  for (int k = i; k < end; ++k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

int Tree::LastToken(int i) const {
  const int end = i + static_cast<int>(nodes_[i].size);
  for (int k = end - 1; k >= i; --k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

std::string Tree::SubtreeText(int i) const {
  std::string out;
  const int end = i + static_cast<int>(nodes_[i].size);
  for (int k = i; k < end; ++k) {
    const Node& n = nodes_[k];
    if (!n.is_rule) out.append(text_, n.text_begin, n.text_size);
  }
  return out;
}

size_t Tree::SubtreeSize(int i) const {
  size_t total = 0;
  const int end = i + static_cast<int>(nodes_[i].size);
  for (int k = i; k < end; ++k) {
    if (!nodes_[k].is_rule) total += nodes_[k].text_size;
  }
  return total;
}

std::string Tree::Text() const {
  std::string out;
  out.reserve(TextSize());
  for (const Node& n : nodes_) {
    if (!n.is_rule) out.append(text_, n.text_begin, n.text_size);
  }
  out += trailer_;
  return out;
}

int Tree::AppendSubtree(const Tree& src, int from, int depth) {
  const int shift = depth - static_cast<int>(src.nodes_[from].depth);
  const int end = from + static_cast<int>(src.nodes_[from].size);
  const int first = static_cast<int>(nodes_.size());
  for (int i = from; i < end; ++i) CopyNode(src, i, shift);
  return first;
}

void Tree::SetLastTokenTrivia(int i, absl::string_view trivia) {
  Node& n = nodes_[i];
  std::string body(token_text(i));
  text_.resize(n.text_begin);
  text_.append(trivia.data(), trivia.size());
  text_ += body;
  token_bytes_ -= n.text_size;
  n.trivia_size = static_cast<uint32_t>(trivia.size());
  n.text_size = static_cast<uint32_t>(trivia.size() + body.size());
  token_bytes_ += n.text_size;
}

void Tree::CopyNode(const Tree& src, int i, int depth_shift) {
  Node n = src.nodes_[i];
  n.depth = static_cast<uint16_t>(std::max(0, n.depth + depth_shift));
  if (!n.is_rule) {
    n.text_begin = static_cast<uint32_t>(text_.size());
    text_.append(src.text_, src.nodes_[i].text_begin, n.text_size);
    token_bytes_ += n.text_size;
  } else {
    n.steps_begin = static_cast<uint32_t>(steps_.size());
    steps_.insert(
        steps_.end(), src.steps_.begin() + src.nodes_[i].steps_begin,
        src.steps_.begin() + src.nodes_[i].steps_begin + n.steps_size);
  }
  nodes_.push_back(n);
}

Tree Tree::ReplaceChildren(
    int parent, int first_child, int end_child, const std::vector<int>& parts,
    const std::vector<DerivationStep>& parent_steps) const {
  const std::vector<int> kids = Children(parent);
  int old_size = 0;
  for (int k = first_child; k < end_child; ++k)
    old_size += nodes_[kids[k]].size;
  int new_size = 0;
  for (int p : parts) new_size += nodes_[p].size;
  const int delta = new_size - old_size;
  Tree out;
  out.nodes_.reserve(nodes_.size() + std::max(delta, 0));
  for (int i = 0; i <= parent; ++i) {
    out.CopyNode(*this, i, 0);
    if (i + static_cast<int>(nodes_[i].size) > parent) {  // ancestor or self
      out.nodes_.back().size =
          static_cast<uint32_t>(static_cast<int>(nodes_[i].size) + delta);
    }
  }
  Node& p = out.nodes_[parent];
  p.steps_begin = static_cast<uint32_t>(out.steps_.size() - p.steps_size);
  out.steps_.resize(p.steps_begin);
  out.steps_.insert(out.steps_.end(), parent_steps.begin(), parent_steps.end());
  p.steps_size = static_cast<uint32_t>(parent_steps.size());
  const int child_depth = nodes_[parent].depth + 1;
  for (int k = 0; k < first_child; ++k) {
    out.AppendSubtree(*this, kids[k], child_depth);
  }
  for (int part : parts) out.AppendSubtree(*this, part, child_depth);
  for (int k = end_child; k < static_cast<int>(kids.size()); ++k) {
    out.AppendSubtree(*this, kids[k], child_depth);
  }
  for (int i = parent + static_cast<int>(nodes_[parent].size);
       i < static_cast<int>(nodes_.size()); ++i) {
    out.CopyNode(*this, i, 0);
  }
  out.trailer_ = trailer_;
  return out;
}

}  // namespace grammut
