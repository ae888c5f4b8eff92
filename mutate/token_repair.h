// token_repair.h: takes out the tokens an edit wrote where the inputs show
// they cannot stand.
//
// The binding model learns two kinds of rules about single tokens: those
// a rule holds at most once (bind/single_tokens.h: one PRIMARY KEY per
// CREATE TABLE) and those that stand only inside some constructs
// (bind/enclosed_tokens.h: `break` inside a loop). An edit that
// regenerates a column may write a second PRIMARY KEY, one that
// regenerates a function body a `break` outside any loop, and the target
// then rejects the whole input. After the edit, TokenRepair finds each
// such token the edit wrote and deletes the innermost loop iteration
// around it below the node that holds it (the repeated column constraint,
// the statement that breaks); one with no such iteration stays.
#ifndef GRAMMUT_MUTATE_TOKEN_REPAIR_H_
#define GRAMMUT_MUTATE_TOKEN_REPAIR_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "bind/enclosed_tokens.h"
#include "bind/single_tokens.h"
#include "mutate/operators/operators.h"
#include "tree/tree.h"

namespace grammut {

// Deletes from a tree the loop iterations around the tokens an edit wrote
// that break a learned rule (see the file comment). Keeps its buffers from
// call to call, so the mutation path allocates nothing here once warm.
class TokenRepair {
 public:
  // Deletes the iterations around the repeats of single tokens standing in
  // bytes [begin, end) of `tree`'s text, never over ctx.max_size. Returns
  // how many it deleted.
  int RemoveRepeats(MutationContext& ctx, const SingleTokens& singles,
                    Tree* tree, size_t begin, size_t end);
  // Deletes the iterations around the tokens in bytes [begin, end) that
  // stand outside the constructs they need. Returns how many it deleted.
  int RemoveUnenclosed(MutationContext& ctx, const EnclosedTokens& enclosed,
                       Tree* tree, size_t begin, size_t end);

 private:
  // Finds the first token to take out in [begin, end) that is not one of
  // failed_, and the node it may not be deleted above; -1 if none.
  using Finder = absl::FunctionRef<int(const Tree& t, size_t begin, size_t end,
                                       int* holder)>;
  // Deletes around what `find` finds until it finds nothing.
  int Run(MutationContext& ctx, Finder find, Tree* tree, size_t begin,
          size_t end);
  // The first repeat (its token node) where it or the earlier one stands in
  // bytes [begin, end); writes its holding node.
  int FindRepeat(const Tree& t, size_t begin, size_t end, int* holder);
  // The first token in bytes [begin, end) that stands outside what it
  // needs; writes the bound node above it.
  int FindUnenclosed(const EnclosedTokens& enclosed, const Tree& t,
                     size_t begin, size_t end, int* holder);

  std::vector<std::vector<int32_t>> rules_of_;  // token type -> rules
  std::vector<int> open_;
  absl::flat_hash_map<std::pair<int32_t, int32_t>, int32_t> first_;
  std::vector<int> failed_;
  Tree out_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_TOKEN_REPAIR_H_
