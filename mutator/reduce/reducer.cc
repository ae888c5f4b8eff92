#include "mutator/reduce/reducer.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "grammar_runtime/generator.h"
#include "grammar_runtime/parser.h"
#include "grammar_runtime/rng.h"
#include "grammar_runtime/tree.h"
#include "grammar_runtime/weights.h"
#include "mutator/loops.h"
#include "mutator/operators.h"
#include "mutator/reduce/ddmin.h"
#include "mutator/tree_index.h"

namespace grammut {
namespace {

// Runs of up to this many children are tried after ddmin, in nodes with at
// most kMaxWindowChildren children.
constexpr int kMaxWindow = 3;
constexpr size_t kMaxWindowChildren = 256;
// Seed of the generator's token choices in shortest mode (determinism).
constexpr uint64_t kShortestSeed = 0x5eed;

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
  Outcome VisitNode(int node);
  Outcome Shortest(int node);
  Outcome Hoist(int node);
  Outcome RemoveChildren(int node);
  // Every occurrence of one token text becomes its type's shortest text
  // (names stay consistent); the texts saving most first.
  Outcome ShortenTokens();
  // All trivia (whitespace, comments) and the trailer go; the separator
  // stays where tokens would run together.
  Outcome DropTrivia();
  // The current tree's text with token i's text `texts[i]` where that is
  // given, without trivia if `strip`.
  std::string Rewrite(const std::vector<const std::string*>& texts, bool strip);
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
  Tree cur_, parsed_, cand_, base_, fresh_;
  absl::flat_hash_set<std::string> seen_;
  // RemoveChildren scratch.
  Loops loops_;
  std::vector<int> kids_, ends_, hoists_;
  std::vector<std::pair<int, int>> units_;
  std::vector<int> kept_, parts_, seams_, unit_of_;
  std::vector<bool> selected_;
  std::vector<const std::string*> texts_;
};

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
  std::vector<int> nodes;
  for (;;) {
    ++result_.passes;
    bool changed = false;
    for (int depth = 0; depth <= MaxDepth(); ++depth) {
      NodesAt(depth, &nodes);
      for (size_t k = 0; k < nodes.size();) {
        const Outcome o = VisitNode(nodes[k]);
        if (o == Outcome::kStop) return;
        if (o != Outcome::kSame) {
          changed = true;
          NodesAt(depth, &nodes);
        }
        // A replaced node is a new subtree: visit it again.
        if (o != Outcome::kReplaced) ++k;
      }
    }
    for (auto step : {&Reducer::ShortenTokens, &Reducer::DropTrivia}) {
      const Outcome o = (this->*step)();
      if (o == Outcome::kStop) return;
      if (o != Outcome::kSame) changed = true;
    }
    if (!changed) return;
  }
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

Reducer::Outcome Reducer::VisitNode(int node) {
  Outcome o = Shortest(node);
  if (o == Outcome::kSame) o = Hoist(node);
  if (o == Outcome::kSame) o = RemoveChildren(node);
  return o;
}

MutationContext Reducer::Context(Rng& rng) {
  return MutationContext{grammar_,
                         kit_.generator,
                         kit_.tokens,
                         kit_.separators,
                         /*donors=*/nullptr,
                         /*pool=*/nullptr,
                         /*byte_mutate=*/nullptr,
                         rng,
                         cur_.TextSize(),
                         ProbabilityMode::kUniform,
                         options_.max_depth,
                         index_,
                         scratch_,
                         &unused_bytes_};
}

Reducer::Outcome Reducer::Shortest(int node) {
  const int rule = cur_.node(node).symbol;
  const size_t size = cur_.SubtreeSize(node);
  if (grammar_.rule_min_cost(rule).bytes >= static_cast<int64_t>(size)) {
    return Outcome::kSame;
  }
  GenerateOptions g;
  g.shortest = true;
  g.max_bytes = size;
  g.max_depth = options_.max_depth;
  Rng rng(kShortestSeed);
  if (!kit_.generator.Generate(rule, rng, g, &fresh_)) return Outcome::kSame;
  MutationContext ctx = Context(rng);
  if (!op_internal::Splice(ctx, cur_, node, fresh_, 0, &cand_)) {
    return Outcome::kSame;
  }
  switch (Try(cand_.Text())) {
    case DdminVerdict::kStop:
      return Outcome::kStop;
    case DdminVerdict::kInteresting:
      return Outcome::kReplaced;
    default:
      return Outcome::kSame;
  }
}

Reducer::Outcome Reducer::Hoist(int node) {
  const int rule = cur_.node(node).symbol;
  const size_t size = cur_.SubtreeSize(node);
  // The outermost descendants of the same rule, in preorder.
  hoists_.clear();
  for (int d = node + 1; d < cur_.End(node);) {
    const Node& n = cur_.node(d);
    if (n.is_rule && n.symbol == rule) {
      if (cur_.SubtreeSize(d) < size) hoists_.push_back(d);
      d = cur_.End(d);
    } else {
      ++d;
    }
  }
  Rng rng(kShortestSeed);
  for (int d : hoists_) {
    MutationContext ctx = Context(rng);
    if (!op_internal::Splice(ctx, cur_, node, cur_, d, &cand_)) continue;
    switch (Try(cand_.Text())) {
      case DdminVerdict::kStop:
        return Outcome::kStop;
      case DdminVerdict::kInteresting:
        return Outcome::kReplaced;
      default:
        break;
    }
  }
  return Outcome::kSame;
}

DdminVerdict Reducer::TryChildren(int node, const std::vector<int>& kept) {
  parts_.clear();
  for (int c : kept) parts_.push_back(kids_[c]);
  cand_.AssignChildren(base_, node, 0, static_cast<int>(kids_.size()), parts_,
                       base_.steps(node));
  // Where children were removed, two tokens may now meet: separate them
  // if the lexer would run them together.
  seams_.clear();
  int prev = -1, c = node + 1;
  for (int k : kept) {
    if (k != prev + 1) seams_.push_back(cand_.TokenFrom(c));
    prev = k;
    c = cand_.End(c);
  }
  if (prev + 1 != static_cast<int>(kids_.size()) &&
      cand_.End(node) < cand_.size()) {
    seams_.push_back(cand_.TokenFrom(cand_.End(node)));
  }
  Rng rng(kShortestSeed);
  MutationContext ctx = Context(rng);
  op_internal::FixSeams(ctx, seams_, &cand_);
  return Try(cand_.Text());
}

Reducer::Outcome Reducer::RemoveChildren(int node) {
  base_ = cur_;
  kids_ = base_.Children(node);
  const int n = static_cast<int>(kids_.size());
  // Elements: a loop iteration (the longest one starting at a child), or a
  // single child; children without text are always kept.
  FindLoops(grammar_, base_, node, &loops_);
  ends_.assign(n, 0);
  for (const LoopIteration& it : loops_.iterations) {
    if (it.first_child < n) {
      ends_[it.first_child] = std::max(ends_[it.first_child], it.end_child);
    }
  }
  units_.clear();
  for (int c = 0; c < n;) {
    const int e = std::min(n, std::max(c + 1, ends_[c]));
    size_t bytes = 0;
    for (int k = c; k < e; ++k) bytes += base_.SubtreeSize(kids_[k]);
    if (bytes > 0) units_.emplace_back(c, e);
    c = e;
  }
  if (units_.empty()) return Outcome::kSame;
  // Child ordinals kept when only `units` (indices into units_) are kept.
  unit_of_.assign(n, -1);
  for (size_t u = 0; u < units_.size(); ++u) {
    for (int c = units_[u].first; c < units_[u].second; ++c) {
      unit_of_[c] = static_cast<int>(u);
    }
  }
  auto children_of = [&](absl::Span<const int> units) {
    selected_.assign(units_.size(), false);
    for (int u : units) selected_[u] = true;
    kept_.clear();
    for (int c = 0; c < n; ++c) {
      if (unit_of_[c] < 0 || selected_[unit_of_[c]]) kept_.push_back(c);
    }
    return kept_;
  };
  bool changed = false, stopped = false;
  const std::vector<int> kept_units = Ddmin(
      static_cast<int>(units_.size()),
      [&](absl::Span<const int> units) {
        const DdminVerdict v = TryChildren(node, children_of(units));
        if (v == DdminVerdict::kInteresting) changed = true;
        return v;
      },
      &stopped);
  if (stopped) return Outcome::kStop;
  std::vector<int> kept = children_of(kept_units);
  // Runs of one to three children: optional elements, list heads with
  // their separator.
  if (kept.size() <= kMaxWindowChildren) {
    std::vector<int> fewer;
    for (int w = 1; w <= kMaxWindow; ++w) {
      for (size_t i = 0; i + w <= kept.size();) {
        size_t bytes = 0;
        for (size_t k = i; k < i + w; ++k) {
          bytes += base_.SubtreeSize(kids_[kept[k]]);
        }
        if (bytes == 0) {
          ++i;
          continue;
        }
        fewer.assign(kept.begin(), kept.begin() + i);
        fewer.insert(fewer.end(), kept.begin() + i + w, kept.end());
        const DdminVerdict v = TryChildren(node, fewer);
        if (v == DdminVerdict::kStop) return Outcome::kStop;
        if (v == DdminVerdict::kInteresting) {
          changed = true;
          kept.swap(fewer);
        } else {
          ++i;
        }
      }
    }
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

std::string Reducer::Rewrite(const std::vector<const std::string*>& texts,
                             bool strip) {
  std::string out;
  int prev = -1;
  for (int i = 0; i < cur_.size(); ++i) {
    const Node& n = cur_.node(i);
    if (n.is_rule) continue;
    const absl::string_view text =
        texts[i] != nullptr ? absl::string_view(*texts[i]) : cur_.token_text(i);
    const absl::string_view trivia = strip ? "" : cur_.token_trivia(i);
    if (trivia.empty() && prev >= 0 && !text.empty()) {
      const absl::string_view prev_text = texts[prev] != nullptr
                                              ? absl::string_view(*texts[prev])
                                              : cur_.token_text(prev);
      if (kit_.separators.Needs(cur_.node(prev).symbol, prev_text, n.symbol,
                                text)) {
        out += grammar_.separator();
      }
    }
    absl::StrAppend(&out, trivia, text);
    if (!text.empty()) prev = i;
  }
  if (!strip) out += cur_.trailer();
  return out;
}

Reducer::Outcome Reducer::ShortenTokens() {
  // (bytes saved, first token) per distinct shortenable token text.
  absl::flat_hash_map<absl::string_view, std::pair<size_t, int>> by_text;
  for (int i = 0; i < cur_.size(); ++i) {
    const Node& n = cur_.node(i);
    if (n.is_rule || n.is_error || !kit_.tokens.CanGenerate(n.symbol)) continue;
    const std::string& shortest = kit_.tokens.Shortest(n.symbol);
    const absl::string_view text = cur_.token_text(i);
    if (shortest.empty() || shortest.size() >= text.size()) continue;
    auto [it, added] = by_text.try_emplace(text, 0, i);
    it->second.first += text.size() - shortest.size();
  }
  std::vector<std::pair<size_t, int>> order;
  for (const auto& [text, saved_first] : by_text) order.push_back(saved_first);
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<std::pair<std::string, int>> names;  // (text, type)
  for (const auto& [saved, first] : order) {
    names.emplace_back(cur_.token_text(first), cur_.node(first).symbol);
  }
  bool changed = false;
  for (const auto& [name, type] : names) {
    texts_.assign(cur_.size(), nullptr);
    for (int i = 0; i < cur_.size(); ++i) {
      const Node& n = cur_.node(i);
      if (!n.is_rule && n.symbol == type && cur_.token_text(i) == name) {
        texts_[i] = &kit_.tokens.Shortest(type);
      }
    }
    const DdminVerdict v = Try(Rewrite(texts_, /*strip=*/false));
    if (v == DdminVerdict::kStop) return Outcome::kStop;
    if (v == DdminVerdict::kInteresting) changed = true;
  }
  return changed ? Outcome::kRemoved : Outcome::kSame;
}

Reducer::Outcome Reducer::DropTrivia() {
  texts_.assign(cur_.size(), nullptr);
  switch (Try(Rewrite(texts_, /*strip=*/true))) {
    case DdminVerdict::kStop:
      return Outcome::kStop;
    case DdminVerdict::kInteresting:
      return Outcome::kRemoved;
    default:
      return Outcome::kSame;
  }
}

}  // namespace

absl::StatusOr<ReduceResult> Reduce(const Grammar& grammar,
                                    absl::string_view input,
                                    const InterestingFn& interesting,
                                    const ReduceOptions& options) {
  Reducer reducer(grammar, interesting, options);
  return reducer.Run(input);
}

}  // namespace grammut
