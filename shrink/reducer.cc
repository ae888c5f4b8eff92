#include "shrink/reducer.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "shrink/reducer_impl.h"

namespace grammut {
namespace reduce_internal {

bool Reducer::ParseClean(absl::string_view text, Tree* out) {
  absl::StatusOr<ParseResult> r = parser_.Parse(text, StartRule());
  if (!r.ok() || r->syntax_errors != 0 || r->tree.empty() ||
      r->tree.TextSize() != text.size()) {
    return false;
  }
  *out = std::move(r->tree);
  return true;
}

DdminVerdict Reducer::Try(const std::string& text) {
  if (text.size() >= current_.size()) return DdminVerdict::kNotInteresting;
  if (options_.max_tests > 0 && result_.tests >= options_.max_tests) {
    result_.stopped = true;
    return DdminVerdict::kStop;
  }
  if (!seen_.insert(text).second) {
    ++result_.cache_hits;
    return DdminVerdict::kNotInteresting;
  }
  if (by_tree_ && !ParseClean(text, &parsed_)) {
    ++result_.unparsed;
    return DdminVerdict::kNotInteresting;
  }
  if (options_.stop && options_.stop()) {
    result_.stopped = true;
    return DdminVerdict::kStop;
  }
  ++result_.tests;
  const bool yes = interesting_(text);
  if (yes) {
    current_ = text;
    if (by_tree_) std::swap(cur_, parsed_);
  }
  if (options_.progress) {
    options_.progress(ReduceProgress{current_.size(), result_.tests, yes});
  }
  return yes ? DdminVerdict::kInteresting : DdminVerdict::kNotInteresting;
}

absl::StatusOr<ReduceResult> Reducer::Run(absl::string_view input) {
  if (StartRule() < 0 || StartRule() >= grammar_.num_rules()) {
    return absl::InvalidArgumentError(
        absl::StrCat("no parser rule number ", options_.start_rule));
  }
  current_.assign(input.data(), input.size());
  seen_.insert(current_);
  result_.tests = 1;
  const bool yes = interesting_(current_);
  if (options_.progress) {
    options_.progress(ReduceProgress{current_.size(), 1, yes});
  }
  if (!yes) {
    return absl::FailedPreconditionError(
        "the original input is not interesting (the test fails on it); "
        "nothing to reduce");
  }
  by_tree_ =
      input.size() <= options_.max_parse_bytes && ParseClean(current_, &cur_);
  result_.by_tree = by_tree_;
  if (by_tree_) {
    ReduceTree();
  } else {
    ReduceBytes();
  }
  result_.output = std::move(current_);
  return std::move(result_);
}

void Reducer::ReduceBytes() {
  result_.passes = 1;
  const std::string original = current_;
  std::string text;
  Ddmin(static_cast<int>(original.size()), [&](absl::Span<const int> kept) {
    text.clear();
    for (int i : kept) text.push_back(original[i]);
    return Try(text);
  });
}

void Reducer::ReduceTree() {
  for (;;) {
    ++result_.passes;
    bool changed = false;
    // Removal everywhere first (a long list shrinks in a logarithmic number
    // of tests), then hoisting over what is left, then the token steps.
    for (NodeStep step : {&Reducer::ShortestOrRemove, &Reducer::Hoist}) {
      const Outcome o = Sweep(step);
      if (o == Outcome::kStop) return;
      if (o != Outcome::kSame) changed = true;
    }
    for (auto step : {&Reducer::ShortenTokens, &Reducer::ShrinkTokens,
                      &Reducer::DropTrivia}) {
      const Outcome o = (this->*step)();
      if (o == Outcome::kStop) return;
      if (o != Outcome::kSame) changed = true;
    }
    if (!changed) return;
  }
}

Reducer::Outcome Reducer::Sweep(NodeStep step) {
  std::vector<int> nodes;
  bool changed = false;
  for (int depth = 0; depth <= MaxDepth(); ++depth) {
    NodesAt(depth, &nodes);
    for (size_t k = 0; k < nodes.size();) {
      const Outcome o = (this->*step)(nodes[k]);
      if (o == Outcome::kStop) return o;
      if (o != Outcome::kSame) {
        changed = true;
        NodesAt(depth, &nodes);
      }
      // A replaced node is a new subtree: visit it again.
      if (o != Outcome::kReplaced) ++k;
    }
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

void Reducer::NodesAt(int depth, std::vector<int>* out) const {
  out->clear();
  for (int i = 0; i < cur_.size(); ++i) {
    const Node& n = cur_.node(i);
    if (n.is_rule && n.depth == depth && cur_.SubtreeSize(i) > 0) {
      out->push_back(i);
    }
  }
}

int Reducer::MaxDepth() const {
  int d = 0;
  for (const Node& n : cur_.nodes()) d = std::max<int>(d, n.depth);
  return d;
}

}  // namespace reduce_internal

absl::StatusOr<ReduceResult> Reduce(const Grammar& grammar,
                                    absl::string_view input,
                                    const InterestingFn& interesting,
                                    const ReduceOptions& options) {
  reduce_internal::Reducer reducer(grammar, interesting, options);
  return reducer.Run(input);
}

}  // namespace grammut
