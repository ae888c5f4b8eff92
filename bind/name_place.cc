// name_place.cc: which token types name things.
#include "bind/name_place.h"

namespace grammut {

std::vector<bool> NameTokenTypes(const Grammar& grammar,
                                 TokenGenerator& tokens) {
  std::vector<bool> names(static_cast<size_t>(grammar.max_token_type()) + 1,
                          false);
  for (size_t t = 1; t < names.size(); ++t) {
    const int type = static_cast<int>(t);
    names[t] = tokens.HasOpenText(type) && tokens.Accepts(type, "abc") &&
               tokens.Accepts(type, "x1") && !tokens.Accepts(type, "a b");
  }
  return names;
}

}  // namespace grammut
