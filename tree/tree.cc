#include "tree/tree.h"

#include <algorithm>
#include <cstring>

namespace grammut {

void Tree::Clear() {
  nodes_.clear();
  text_.clear();
  steps_.clear();
  trailer_.clear();
  open_.clear();
}

int Tree::BeginRule(int rule) {
  Node n;
  n.symbol = rule;
  n.is_rule = true;
  n.depth = static_cast<uint16_t>(std::min<size_t>(open_.size(), 0xFFFF));
  n.text_begin = static_cast<uint32_t>(text_.size());
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

int Tree::AppendSubtree(const Tree& src, int node, int* depth) {
  const Node& root = src.nodes_[node];
  const int end = src.End(node);
  const uint32_t at = static_cast<uint32_t>(text_.size());
  const int base_depth =
      static_cast<int>(std::min<size_t>(open_.size(), 0xFFFF));
  int last_token = -1, deepest = 0;
  nodes_.reserve(nodes_.size() + (end - node));
  for (int i = node; i < end; ++i) {
    Node n = src.nodes_[i];
    const int rel = static_cast<int>(n.depth) - static_cast<int>(root.depth);
    deepest = std::max(deepest, rel);
    n.depth = static_cast<uint16_t>(std::clamp(base_depth + rel, 0, 0xFFFF));
    n.text_begin = at + (n.text_begin - root.text_begin);
    if (n.is_rule) {
      CopySteps(src, i, &n);
    } else {
      last_token = static_cast<int>(nodes_.size());
    }
    nodes_.push_back(n);
  }
  const absl::string_view text = src.SubtreeText(node);
  text_.append(text.data(), text.size());
  if (depth != nullptr) *depth = deepest;
  return last_token;
}

int Tree::AddToken(int type, absl::string_view trivia, absl::string_view text,
                   bool is_error) {
  Node n;
  n.symbol = type;
  n.is_error = is_error;
  n.depth = static_cast<uint16_t>(std::min<size_t>(open_.size(), 0xFFFF));
  n.text_begin = static_cast<uint32_t>(text_.size());
  n.trivia_size = static_cast<uint32_t>(trivia.size());
  n.text_size = static_cast<uint32_t>(trivia.size() + text.size());
  text_.append(trivia.data(), trivia.size());
  text_.append(text.data(), text.size());
  nodes_.push_back(n);
  return static_cast<int>(nodes_.size()) - 1;
}

bool Tree::ReplaceLastTokenText(absl::string_view text) {
  if (nodes_.empty() || nodes_.back().is_rule) return false;
  Node& n = nodes_.back();
  text_.resize(n.text_begin + n.trivia_size);
  text_.append(text.data(), text.size());
  n.text_size = static_cast<uint32_t>(n.trivia_size + text.size());
  return true;
}

void Tree::AddStep(int node, DerivationStep step) {
  Node& n = nodes_[node];
  if (n.steps_begin + n.steps_size != steps_.size()) {
    // Move this node's steps to the end so they stay contiguous.
    const uint32_t old = n.steps_begin;
    n.steps_begin = static_cast<uint32_t>(steps_.size());
    for (uint32_t k = 0; k < n.steps_size; ++k) {
      const DerivationStep copy = steps_[old + k];
      steps_.push_back(copy);
    }
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
  if (!n.is_rule) return {};
  return absl::Span<const DerivationStep>(steps_.data() + n.steps_begin,
                                          n.steps_size);
}

std::vector<int> Tree::Children(int i) const {
  std::vector<int> out;
  for (int c = i + 1; c < End(i); c = End(c)) out.push_back(c);
  return out;
}

int Tree::ChildCount(int i) const {
  int count = 0;
  for (int c = i + 1; c < End(i); c = End(c)) ++count;
  return count;
}

int Tree::Parent(int i) const {
  for (int p = i - 1; p >= 0; --p) {
    if (End(p) > i) return p;
  }
  return -1;
}

int Tree::FirstToken(int i) const {
  const int end = End(i);
  for (int k = i; k < end; ++k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

int Tree::LastToken(int i) const {
  for (int k = End(i) - 1; k >= i; --k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

int Tree::TokenBefore(int i) const {
  for (int k = i - 1; k >= 0; --k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

int Tree::TokenFrom(int i) const {
  for (int k = i; k < size(); ++k) {
    if (!nodes_[k].is_rule) return k;
  }
  return -1;
}

size_t Tree::SubtreeSize(int i) const {
  const int end = End(i);
  const size_t stop = end < size() ? nodes_[end].text_begin : text_.size();
  return stop - nodes_[i].text_begin;
}

absl::string_view Tree::SubtreeText(int i) const {
  return absl::string_view(text_).substr(nodes_[i].text_begin, SubtreeSize(i));
}

void Tree::CopyText(char* out) const {
  if (!text_.empty()) std::memcpy(out, text_.data(), text_.size());
  if (!trailer_.empty()) {
    std::memcpy(out + text_.size(), trailer_.data(), trailer_.size());
  }
}

void Tree::GrowAncestors(int i, int delta) {
  // Descend from the root to i; every node passed is an ancestor.
  int p = 0;
  while (p < i) {
    nodes_[p].size =
        static_cast<uint32_t>(static_cast<int>(nodes_[p].size) + delta);
    int c = p + 1;
    // The size of p was already changed: compare against the old end.
    while (c + static_cast<int>(nodes_[c].size) <= i) c = End(c);
    p = c;
  }
}

void Tree::CopySteps(const Tree& src, int src_node, Node* n) {
  const Node& s = src.nodes_[src_node];
  n->steps_begin = static_cast<uint32_t>(steps_.size());
  steps_.insert(steps_.end(), src.steps_.begin() + s.steps_begin,
                src.steps_.begin() + s.steps_begin + s.steps_size);
}

void Tree::AssignSplice(const Tree& base, int at, const Tree& donor, int from,
                        absl::string_view lead, absl::string_view right_sep) {
  Clear();
  const Node& old = base.nodes_[at];
  const int at_end = base.End(at);
  const Node& dn = donor.nodes_[from];
  const int d_end = donor.End(from);
  const uint32_t seam = old.text_begin;
  const size_t old_len = base.SubtreeSize(at);
  const int d_first = donor.FirstToken(from);
  const uint32_t d_trivia =
      d_first >= 0 ? donor.nodes_[d_first].trivia_size : 0;
  const absl::string_view d_body =
      d_first >= 0 ? donor.SubtreeText(from).substr(d_trivia)
                   : absl::string_view();
  const size_t repl_len = d_first >= 0 ? lead.size() + d_body.size() : 0;

  // Text: prefix, replacement, separator, suffix.
  text_.reserve(base.text_.size() - old_len + repl_len + right_sep.size());
  text_.append(base.text_, 0, seam);
  if (d_first >= 0) {
    text_.append(lead.data(), lead.size());
    text_.append(d_body.data(), d_body.size());
  }
  const int suffix_token = base.TokenFrom(at_end);
  const bool sep = !right_sep.empty() && suffix_token >= 0;
  if (sep) text_.append(right_sep.data(), right_sep.size());
  text_.append(base.text_, seam + old_len, std::string::npos);

  // Nodes: prefix (ancestors grow), replacement, suffix (shifted).
  steps_ = base.steps_;  // prefix and suffix rule nodes keep their steps
  nodes_.reserve(base.nodes_.size() + dn.size);
  nodes_.insert(nodes_.end(), base.nodes_.begin(), base.nodes_.begin() + at);
  const int depth_shift = static_cast<int>(old.depth) - dn.depth;
  const uint32_t d_text_begin = dn.text_begin;
  for (int i = from; i < d_end; ++i) {
    Node n = donor.nodes_[i];
    n.depth = static_cast<uint16_t>(std::max(0, n.depth + depth_shift));
    if (n.text_begin <= d_text_begin || d_first < 0) {
      n.text_begin = seam;
    } else {
      n.text_begin = seam + static_cast<uint32_t>(lead.size()) +
                     (n.text_begin - d_text_begin - d_trivia);
    }
    if (i == d_first) {
      n.text_size =
          static_cast<uint32_t>(lead.size()) + (n.text_size - n.trivia_size);
      n.trivia_size = static_cast<uint32_t>(lead.size());
    }
    if (n.is_rule) CopySteps(donor, i, &n);
    nodes_.push_back(n);
  }
  const int64_t shift =
      static_cast<int64_t>(repl_len) - static_cast<int64_t>(old_len);
  const size_t suffix_start = nodes_.size();
  nodes_.insert(nodes_.end(), base.nodes_.begin() + at_end, base.nodes_.end());
  for (size_t k = suffix_start; k < nodes_.size(); ++k) {
    Node& n = nodes_[k];
    const int base_index = static_cast<int>(k - suffix_start) + at_end;
    int64_t s = shift;
    if (sep && base_index > suffix_token) s += right_sep.size();
    n.text_begin = static_cast<uint32_t>(n.text_begin + s);
    if (sep && base_index == suffix_token) {
      n.trivia_size += static_cast<uint32_t>(right_sep.size());
      n.text_size += static_cast<uint32_t>(right_sep.size());
    }
  }
  if (at > 0) {
    GrowAncestors(at, static_cast<int>(dn.size) - static_cast<int>(old.size));
  }
  trailer_ = base.trailer_;
}

void Tree::AssignChildren(const Tree& base, int parent, int first_child,
                          int end_child, absl::Span<const int> parts,
                          absl::Span<const DerivationStep> parent_steps) {
  Clear();
  // Node ranges of the kept children before and after the replaced ones.
  const int parent_end = base.End(parent);
  int cut_begin = parent + 1, k = 0;
  while (k < first_child && cut_begin < parent_end) {
    cut_begin = base.End(cut_begin);
    ++k;
  }
  int cut_end = cut_begin;
  while (k < end_child && cut_end < parent_end) {
    cut_end = base.End(cut_end);
    ++k;
  }
  const uint32_t text_cut_begin =
      cut_begin < base.size() ? base.nodes_[cut_begin].text_begin
                              : static_cast<uint32_t>(base.text_.size());
  const uint32_t text_cut_end = cut_end < base.size()
                                    ? base.nodes_[cut_end].text_begin
                                    : static_cast<uint32_t>(base.text_.size());
  steps_ = base.steps_;
  text_.reserve(base.text_.size());
  text_.append(base.text_, 0, text_cut_begin);
  nodes_.reserve(base.nodes_.size());
  nodes_.insert(nodes_.end(), base.nodes_.begin(),
                base.nodes_.begin() + cut_begin);
  int added = 0;
  const int child_depth = base.nodes_[parent].depth + 1;
  for (int p : parts) {
    added += static_cast<int>(base.nodes_[p].size);
    AppendSubtree(base, p, child_depth);
  }
  const int removed = cut_end - cut_begin;
  const int64_t shift = static_cast<int64_t>(text_.size()) - text_cut_end;
  text_.append(base.text_, text_cut_end, std::string::npos);
  const size_t suffix_start = nodes_.size();
  nodes_.insert(nodes_.end(), base.nodes_.begin() + cut_end, base.nodes_.end());
  for (size_t i = suffix_start; i < nodes_.size(); ++i) {
    nodes_[i].text_begin = static_cast<uint32_t>(nodes_[i].text_begin + shift);
  }
  Node& p = nodes_[parent];
  p.steps_begin = static_cast<uint32_t>(steps_.size());
  p.steps_size = static_cast<uint32_t>(parent_steps.size());
  steps_.insert(steps_.end(), parent_steps.begin(), parent_steps.end());
  nodes_[parent].size = static_cast<uint32_t>(
      static_cast<int>(nodes_[parent].size) + added - removed);
  if (parent > 0) GrowAncestors(parent, added - removed);
  trailer_ = base.trailer_;
}

void Tree::InsertTrivia(int token, absl::string_view s) {
  if (s.empty()) return;
  Node& t = nodes_[token];
  text_.insert(t.text_begin, s.data(), s.size());
  t.trivia_size += static_cast<uint32_t>(s.size());
  t.text_size += static_cast<uint32_t>(s.size());
  for (int k = token + 1; k < size(); ++k) {
    nodes_[k].text_begin += static_cast<uint32_t>(s.size());
  }
}

int Tree::AppendSubtree(const Tree& src, int from, int depth) {
  const int shift = depth - static_cast<int>(src.nodes_[from].depth);
  const int end = src.End(from);
  const int first = size();
  const int64_t text_shift = static_cast<int64_t>(text_.size()) -
                             static_cast<int64_t>(src.nodes_[from].text_begin);
  const absl::string_view body = src.SubtreeText(from);
  text_.append(body.data(), body.size());
  for (int i = from; i < end; ++i) {
    Node n = src.nodes_[i];
    n.depth = static_cast<uint16_t>(std::max(0, n.depth + shift));
    n.text_begin = static_cast<uint32_t>(n.text_begin + text_shift);
    if (n.is_rule) CopySteps(src, i, &n);
    nodes_.push_back(n);
  }
  return first;
}

void Tree::AssignSubtree(const Tree& src, int from) {
  Clear();
  const int end = src.End(from);
  Reserve(static_cast<size_t>(end - from), src.SubtreeSize(from),
          src.StepsIn(from, end));
  AppendSubtree(src, from, 0);
}

void Tree::AssignSubtreeWithTexts(
    const Tree& src, int from,
    absl::Span<const std::pair<int, absl::string_view>> texts) {
  Clear();
  const int end = src.End(from);
  Reserve(static_cast<size_t>(end - from), src.SubtreeSize(from),
          src.StepsIn(from, end));
  const int root_depth = src.nodes_[from].depth;
  size_t k = 0;
  for (int i = from; i < end; ++i) {
    Node n = src.nodes_[i];
    n.depth = static_cast<uint16_t>(std::max(0, n.depth - root_depth));
    n.text_begin = static_cast<uint32_t>(text_.size());
    if (n.is_rule) {
      CopySteps(src, i, &n);
    } else {
      while (k < texts.size() && texts[k].first < i) ++k;
      const absl::string_view trivia = src.token_trivia(i);
      const absl::string_view text = k < texts.size() && texts[k].first == i
                                         ? texts[k].second
                                         : src.token_text(i);
      text_.append(trivia.data(), trivia.size());
      text_.append(text.data(), text.size());
      n.text_size = static_cast<uint32_t>(trivia.size() + text.size());
    }
    nodes_.push_back(n);
  }
}

size_t Tree::StepsIn(int begin, int end) const {
  size_t steps = 0;
  for (int i = begin; i < end; ++i) {
    if (nodes_[i].is_rule) steps += nodes_[i].steps_size;
  }
  return steps;
}

void Tree::Reserve(size_t nodes, size_t text_bytes, size_t steps) {
  nodes_.reserve(nodes);
  text_.reserve(text_bytes);
  steps_.reserve(steps);
}

void Tree::ShrinkToFit() {
  nodes_.shrink_to_fit();
  text_.shrink_to_fit();
  steps_.shrink_to_fit();
  trailer_.shrink_to_fit();
  open_.clear();
  open_.shrink_to_fit();
}

void Tree::AssignCompact(const Tree& src) {
  Clear();
  if (!src.empty()) {
    Reserve(src.nodes_.size(), src.text_.size(), src.StepsIn(0, src.size()));
    AppendSubtree(src, 0, src.nodes_[0].depth);
    // Nodes after the root's subtree (none in well-formed trees).
    for (int i = src.End(0); i < src.size(); i = src.End(i)) {
      AppendSubtree(src, i, src.nodes_[i].depth);
    }
  }
  trailer_ = src.trailer_;
}

}  // namespace grammut
