// loops.h: finds the iterations of (...)* and (...)+ loops in a rule node.
//
// A loop's iterations are contiguous ranges of the rule node's children.
// They are found from the node's derivation record: a (...)* loop decides
// "another iteration or leave" at the start of each iteration; a (...)+ loop
// passes its block start at the start of each iteration and decides at the
// end of each. Left-recursive operator loops are not listed (their
// iterations nest rather than sit side by side).
#ifndef GRAMMUT_MUTATE_LOOPS_H_
#define GRAMMUT_MUTATE_LOOPS_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "grammar/grammar.h"
#include "tree/tree.h"

namespace grammut {

// One iteration: children [first_child, end_child) and derivation steps
// [first_step, end_step) of the rule node.
struct LoopIteration {
  int first_child = 0, end_child = 0;
  int first_step = 0, end_step = 0;
};

// One run of a loop inside a rule node; its iterations are
// Loops::iterations[first, first + count).
struct LoopInstance {
  int node = -1;
  bool plus = false;  // (...)+ needs at least one iteration
  int first = 0, count = 0;
};

// The loops found in one rule node. Buffers are reused by Clear.
struct Loops {
  std::vector<LoopInstance> instances;
  std::vector<LoopIteration> iterations;
  std::vector<std::pair<int32_t, int32_t>> open;  // scratch: (decision, start)
  std::vector<std::pair<int, int>> starts;        // scratch: (child, step)

  void Clear() {
    instances.clear();
    iterations.clear();
  }
  absl::Span<const LoopIteration> of(const LoopInstance& l) const {
    return absl::Span<const LoopIteration>(iterations.data() + l.first,
                                           l.count);
  }
};

// FindLoops replaces `out`'s contents with the loop instances of rule node
// `node`.
void FindLoops(const Grammar& grammar, const Tree& tree, int node, Loops* out);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_LOOPS_H_
