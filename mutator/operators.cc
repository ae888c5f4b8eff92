#include "mutator/operators.h"

#include <cstring>

namespace grammut {

const std::vector<OperatorInfo>& Operators() {
  static const std::vector<OperatorInfo>* table = new std::vector<OperatorInfo>{
      // name  function  shrink  bytes  generates  whole_input
      {"regenerate", OpRegenerate, false, false, true, false},
      {"swap", OpSwap, false, false, false, false},
      {"splice", OpSplice, false, false, false, false},
      {"hoist", OpHoist, true, false, false, false},
      {"recursive", OpRecursive, false, false, false, false},
      {"shortest", OpShortest, true, false, false, false},
      {"loop-delete", OpLoopDelete, true, false, false, false},
      {"loop-duplicate", OpLoopDuplicate, false, false, false, false},
      {"loop-swap", OpLoopSwap, false, false, false, false},
      {"token-regenerate", OpTokenRegenerate, false, true, false, false},
      {"token-bytes", OpTokenBytes, false, true, false, false},
      {"crossover", OpCrossover, false, false, false, false},
      {"bytes", OpBytes, false, true, false, true},
  };
  return *table;
}

int FindOperator(const char* name) {
  const auto& ops = Operators();
  for (size_t i = 0; i < ops.size(); ++i) {
    if (std::strcmp(ops[i].name, name) == 0) return static_cast<int>(i);
  }
  return -1;
}

namespace op_internal {

std::vector<int> RuleNodes(const Tree& t, int rule) {
  std::vector<int> out;
  for (int i = 0; i < t.size(); ++i) {
    const Node& n = t.node(i);
    if (n.is_rule && (rule < 0 || n.symbol == rule)) out.push_back(i);
  }
  return out;
}

bool Splice(MutationContext& ctx, const Tree& t, int at, const Tree& donor,
            int from, Tree* out) {
  // Quick reject: the result keeps the old leading trivia and may gain two
  // separators, so it is at least this big.
  const size_t donor_size = donor.SubtreeSize(from);
  const int donor_first = donor.FirstToken(from);
  const size_t donor_trivia =
      donor_first >= 0 ? donor.token_trivia(donor_first).size() : 0;
  if (t.TextSize() - t.SubtreeSize(at) + donor_size - donor_trivia >
      ctx.max_size) {
    return false;
  }
  SeparatorOracle& seps = ctx.separators;
  *out = t.ReplaceSubtree(
      at, donor, from,
      [&seps](int a_type, absl::string_view a, int b_type,
              absl::string_view b) { return seps.Needs(a_type, a, b_type, b); },
      ctx.grammar.separator());
  return out->TextSize() <= ctx.max_size;
}

}  // namespace op_internal
}  // namespace grammut
