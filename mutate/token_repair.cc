// token_repair.cc: deleting the tokens an edit wrote against a learned rule.
#include "mutate/token_repair.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "mutate/loops.h"
#include "mutate/operators/shrink_edits.h"

namespace grammut {
namespace {

// Repairs (and failed attempts) per call.
constexpr int kMaxRounds = 8;

// Whether token node i's text (without trivia) overlaps bytes [begin, end).
bool InSpan(const Tree& t, int i, size_t begin, size_t end) {
  const Node& n = t.node(i);
  return n.text_begin + n.text_size > begin &&
         n.text_begin + n.trivia_size < end;
}

// Makes `out` = `tree` without the innermost loop iteration around token
// `victim` whose loop lies in `holder` or below it. False if none.
bool DeleteAround(MutationContext& ctx, const Tree& tree, int victim,
                  int holder, Tree* out) {
  Loops& loops = ctx.scratch.loops;
  int child = victim;
  for (int node = tree.Parent(child); node >= 0;
       child = node, node = tree.Parent(node)) {
    FindLoops(ctx.grammar, tree, node, &loops);
    int index = 0;
    for (int c = node + 1; c < child; c = tree.End(c)) ++index;
    for (const LoopInstance& loop : loops.instances) {
      for (const LoopIteration& it : loops.of(loop)) {
        if (it.first_child <= index && index < it.end_child &&
            shrink_edits::DeleteIteration(ctx, tree, loop, it, out)) {
          return true;
        }
      }
    }
    if (node == holder) break;
  }
  return false;
}

}  // namespace

int TokenRepair::FindRepeat(const Tree& t, size_t begin, size_t end,
                            int* holder) {
  open_.clear();
  first_.clear();
  for (int i = 0; i < t.size(); ++i) {
    while (!open_.empty() && i >= t.End(open_.back())) open_.pop_back();
    const Node& n = t.node(i);
    if (n.is_rule) {
      open_.push_back(i);
      continue;
    }
    if (n.is_error || n.symbol <= 0 ||
        static_cast<size_t>(n.symbol) >= rules_of_.size()) {
      continue;
    }
    for (const int32_t rule : rules_of_[n.symbol]) {
      int at = -1;
      for (size_t k = open_.size(); k-- > 0;) {
        if (t.node(open_[k]).symbol == rule) {
          at = open_[k];
          break;
        }
      }
      if (at < 0) continue;
      auto [it, fresh] = first_.try_emplace({at, n.symbol}, i);
      if (fresh) continue;
      const int victim = InSpan(t, i, begin, end)            ? i
                         : InSpan(t, it->second, begin, end) ? it->second
                                                             : -1;
      if (victim >= 0 && !absl::c_linear_search(failed_, victim)) {
        *holder = at;
        return victim;
      }
    }
  }
  return -1;
}

int TokenRepair::FindUnenclosed(const EnclosedTokens& enclosed, const Tree& t,
                                size_t begin, size_t end, int* holder) {
  int found = -1;
  ForEachNodeWithEnclosingRules(
      t, 0, &open_, [&](int i, absl::Span<const int> enclosing) {
        const Node& n = t.node(i);
        if (found >= 0 || n.is_rule || n.is_error || n.symbol <= 0 ||
            !InSpan(t, i, begin, end) || absl::c_linear_search(failed_, i)) {
          return;
        }
        if (!enclosed.Enclosed(t, enclosing, i, holder)) found = i;
      });
  return found;
}

int TokenRepair::RemoveRepeats(MutationContext& ctx,
                               const SingleTokens& singles, Tree* tree,
                               size_t begin, size_t end) {
  const std::vector<std::pair<int32_t, int32_t>>& pairs = singles.Singles();
  if (pairs.empty() || begin >= end) return 0;
  rules_of_.resize(static_cast<size_t>(ctx.grammar.max_token_type()) + 1);
  for (std::vector<int32_t>& rules : rules_of_) rules.clear();
  for (const auto& [type, rule] : pairs) {
    if (static_cast<size_t>(type) < rules_of_.size()) {
      rules_of_[type].push_back(rule);
    }
  }
  return Run(
      ctx,
      [&](const Tree& t, size_t b, size_t e, int* holder) {
        return FindRepeat(t, b, e, holder);
      },
      tree, begin, end);
}

int TokenRepair::RemoveUnenclosed(MutationContext& ctx,
                                  const EnclosedTokens& enclosed, Tree* tree,
                                  size_t begin, size_t end) {
  if (enclosed.Rules().empty() || begin >= end) return 0;
  return Run(
      ctx,
      [&](const Tree& t, size_t b, size_t e, int* holder) {
        return FindUnenclosed(enclosed, t, b, e, holder);
      },
      tree, begin, end);
}

int TokenRepair::Run(MutationContext& ctx, Finder find, Tree* tree,
                     size_t begin, size_t end) {
  failed_.clear();
  int removed = 0;
  for (int round = 0; round < kMaxRounds; ++round) {
    int holder = -1;
    const int victim = find(*tree, begin, end, &holder);
    if (victim < 0) break;
    if (!DeleteAround(ctx, *tree, victim, holder, &out_)) {
      failed_.push_back(victim);
      continue;
    }
    // The span ends earlier by what was cut (node numbers moved: the
    // failed ones are looked for again).
    const int64_t cut = static_cast<int64_t>(tree->TextSize()) -
                        static_cast<int64_t>(out_.TextSize());
    end = static_cast<size_t>(std::max<int64_t>(
        static_cast<int64_t>(begin),
        static_cast<int64_t>(end) - std::max<int64_t>(cut, 0)));
    std::swap(*tree, out_);
    failed_.clear();
    ++removed;
  }
  return removed;
}

}  // namespace grammut
