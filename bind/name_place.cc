// name_place.cc: which token types name things.
#include "bind/name_place.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

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

std::string TokenField(const Grammar& grammar, int type) {
  const std::string name = grammar.token_name(type);
  const bool word = !name.empty() && name.find('#') == std::string::npos &&
                    std::none_of(name.begin(), name.end(), [](char c) {
                      return absl::ascii_isspace(static_cast<unsigned char>(c));
                    });
  return word ? absl::StrCat("T:", name) : absl::StrCat("T=", type);
}

bool ReadTokenField(const Grammar& grammar, absl::string_view field,
                    int* type) {
  if (absl::StartsWith(field, "T=")) {
    return absl::SimpleAtoi(field.substr(2), type) && *type > 0 &&
           *type <= grammar.max_token_type();
  }
  absl::ConsumePrefix(&field, "T:");
  *type = grammar.token_type_named(field);
  return *type > 0;
}

}  // namespace grammut
