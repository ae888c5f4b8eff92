#include "grammar_runtime/atn_graph.h"

#include <algorithm>

namespace grammut {

bool SetContains(const SymbolSet& set, int32_t symbol) {
  auto it =
      std::upper_bound(set.begin(), set.end(), symbol,
                       [](int32_t v, const std::pair<int32_t, int32_t>& iv) {
                         return v < iv.first;
                       });
  if (it == set.begin()) return false;
  --it;
  return symbol >= it->first && symbol <= it->second;
}

}  // namespace grammut
