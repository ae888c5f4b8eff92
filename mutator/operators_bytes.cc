// operators_bytes.cc: byte-level mutation of the whole input.
//
// Grammar operators keep inputs (mostly) valid; a target's error handling
// and its lexer's corner cases want malformed inputs too. This operator
// hands the whole text to libFuzzer's own mutator (LLVMFuzzerMutate, which
// uses its dictionary and comparison hints) or to our byte mutator. The
// scheduler credits it like any other operator, so it is used as often as
// it pays off.
#include <string>

#include "mutator/operators.h"

namespace grammut {

bool OpBytes(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.max_size == 0) return false;
  const std::string text =
      MutateBytes(in.Text(), ctx.max_size, ctx.byte_mutate, ctx.rng);
  // The output is bytes, not a derivation: one unparsed token under the
  // start rule. The mutator does not cache it; if libFuzzer keeps it, it
  // is parsed like any new input.
  *out = Tree();
  const int root = out->BeginRule(ctx.grammar.start_rule());
  out->AddToken(0, "", text);
  out->EndRule(root);
  return true;
}

}  // namespace grammut
