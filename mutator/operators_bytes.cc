// operators_bytes.cc: byte-level mutation of the whole input.
//
// Grammar operators keep inputs (mostly) valid; a target's error handling
// and its lexer's corner cases want malformed inputs too. This operator
// hands the whole text to libFuzzer's own mutator (LLVMFuzzerMutate, which
// uses its dictionary and comparison hints) or to our byte mutator. The
// scheduler credits it like any other operator, so it is used as often as
// it pays off.
#include <algorithm>
#include <string>

#include "mutator/operators.h"

namespace grammut {

bool OpBytes(MutationContext& ctx, const Tree& in, Tree* out) {
  if (ctx.max_size == 0) return false;
  std::string text = in.Text();
  const size_t size = std::min(text.size(), ctx.max_size);
  text.resize(ctx.max_size);
  const size_t n =
      ctx.byte_mutate != nullptr
          ? ctx.byte_mutate(reinterpret_cast<uint8_t*>(text.data()), size,
                            ctx.max_size)
          : ByteMutate(reinterpret_cast<uint8_t*>(text.data()), size,
                       ctx.max_size, ctx.rng);
  text.resize(std::min(n, ctx.max_size));
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
