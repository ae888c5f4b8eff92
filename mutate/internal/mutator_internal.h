// mutator_internal.h: what the files of Mutator (mutate/mutator*.cc)
// share. Internal.
#ifndef GRAMMUT_MUTATE_INTERNAL_MUTATOR_INTERNAL_H_
#define GRAMMUT_MUTATE_INTERNAL_MUTATOR_INTERNAL_H_

#include <algorithm>
#include <cstddef>

#include "mutate/config.h"
#include "parse/parser.h"

namespace grammut::mutator_internal {

// Bytes in a megabyte.
inline constexpr size_t kMB = size_t{1} << 20;

// ParserOptions: the parser's limits for corpus entries (here and in the
// parse helper), its prediction caches sized by config.memory_mb.
inline ParseOptions ParserOptions(const MutatorConfig& config) {
  ParseOptions o;
  o.max_bytes = config.max_parse_bytes;
  o.max_depth = 500;
  // ANTLR's prediction caches: about 1 KB a state.
  o.max_dfa_states = std::max<size_t>(5000, config.memory_mb * 100);
  return o;
}

}  // namespace grammut::mutator_internal

#endif  // GRAMMUT_MUTATE_INTERNAL_MUTATOR_INTERNAL_H_
