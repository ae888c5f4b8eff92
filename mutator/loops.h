// loops.h: finds the iterations of (...)* and (...)+ loops in a rule node.
//
// A loop's iterations are contiguous ranges of the rule node's children.
// They are found from the node's derivation record: a (...)* loop decides
// "another iteration or leave" at the start of each iteration; a (...)+ loop
// passes its block start at the start of each iteration and decides at the
// end of each. Left-recursive operator loops are not listed (their
// iterations nest rather than sit side by side).
#ifndef GRAMMUT_MUTATOR_LOOPS_H_
#define GRAMMUT_MUTATOR_LOOPS_H_

#include <vector>

#include "grammar_runtime/grammar.h"
#include "grammar_runtime/tree.h"

namespace grammut {

// One iteration: children [first_child, end_child) and derivation steps
// [first_step, end_step) of the rule node.
struct LoopIteration {
  int first_child = 0, end_child = 0;
  int first_step = 0, end_step = 0;
};

// One run of a loop inside a rule node.
struct LoopInstance {
  int node = -1;
  bool plus = false;  // (...)+ needs at least one iteration
  std::vector<LoopIteration> iterations;
};

// FindLoops lists the loop instances of rule node `node`.
std::vector<LoopInstance> FindLoops(const Grammar& grammar, const Tree& tree,
                                    int node);

}  // namespace grammut

#endif  // GRAMMUT_MUTATOR_LOOPS_H_
