// single_repair.h: takes out the second of a token a rule holds once.
//
// The binding model learns which tokens stand at most once per node of a
// rule (bind/single_tokens.h: one PRIMARY KEY per CREATE TABLE). An edit
// that regenerates a column may write a second one, and the target then
// rejects the table and every statement that names it. After the edit,
// SingleRepair::Run finds each such repeat the edit wrote and deletes
// the innermost loop iteration around it below the holding node (the
// repeated column constraint); a repeat with no such iteration stays.
#ifndef GRAMMUT_MUTATE_SINGLE_REPAIR_H_
#define GRAMMUT_MUTATE_SINGLE_REPAIR_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "bind/single_tokens.h"
#include "mutate/operators/operators.h"
#include "tree/tree.h"

namespace grammut {

// Deletes from a tree the loop iterations around the repeats of single
// tokens that an edit wrote (see the file comment). Keeps its buffers from
// call to call, so the mutation path allocates nothing here once warm.
class SingleRepair {
 public:
  // Deletes the iterations around the repeats standing in bytes [begin,
  // end) of `tree`'s text, never over ctx.max_size. Returns how many it
  // deleted.
  int Run(MutationContext& ctx, const SingleTokens& singles, Tree* tree,
          size_t begin, size_t end);

 private:
  // The first repeat (its token node) where it or the earlier one stands in
  // bytes [begin, end), not one of failed_; writes its holding node. -1 if
  // none.
  int FindRepeat(const Tree& t, size_t begin, size_t end, int* holder);

  std::vector<std::vector<int32_t>> rules_of_;  // token type -> rules
  std::vector<int32_t> open_;
  absl::flat_hash_map<std::pair<int32_t, int32_t>, int32_t> first_;
  std::vector<int> failed_;
  Tree out_;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_SINGLE_REPAIR_H_
