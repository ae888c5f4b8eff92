// predicate_mappings.cc: see predicate_mappings.h.
#include "grammar/predicate_mappings.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/file_io.h"

namespace grammut {
namespace {

// The position of the `=` that separates a line's two sides: the last one
// that is no part of `==`, `!=`, `<=`, `>=` or `=>`, outside quotes.
size_t SeparatorOf(absl::string_view line) {
  size_t found = absl::string_view::npos;
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      continue;
    }
    if (c != '=') continue;
    const char before = i > 0 ? line[i - 1] : ' ';
    const char after = i + 1 < line.size() ? line[i + 1] : ' ';
    if (after == '=' || after == '>' || before == '=' || before == '!' ||
        before == '<' || before == '>') {
      continue;
    }
    found = i;
  }
  return found;
}

}  // namespace

PredicateMappings ParsePredicateMappings(absl::string_view content,
                                         absl::string_view file) {
  PredicateMappings out;
  int number = 0;
  for (absl::string_view line : absl::StrSplit(content, '\n')) {
    ++number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line[0] == '#') continue;
    const std::string where = absl::StrCat(file, ":", number);
    const size_t eq = SeparatorOf(line);
    if (eq == absl::string_view::npos) {
      out.errors.push_back(absl::StrCat(
          where, ": expected `PREDICATE TEXT = ENTRY`, found no '=': ", line));
      continue;
    }
    const std::string text = NormalizePredicateText(line.substr(0, eq));
    const std::string entry = NormalizePredicateText(line.substr(eq + 1));
    if (text.empty()) {
      out.errors.push_back(
          absl::StrCat(where, ": no predicate text before '='"));
      continue;
    }
    std::optional<PredicateMeaning> meaning = LookUpPredicate(entry);
    if (!meaning) {
      out.errors.push_back(absl::StrCat(
          where, ": unknown vocabulary entry '",
          absl::StripAsciiWhitespace(line.substr(eq + 1)),
          "'; known: ", absl::StrJoin(PredicateEntryNames(), ", ")));
      continue;
    }
    out.by_text[text] = *std::move(meaning);
    out.origin[text] = where;
  }
  return out;
}

absl::StatusOr<PredicateMappings> LoadPredicateMappings(
    absl::string_view path) {
  absl::StatusOr<std::string> content = ReadFile(std::string(path));
  if (!content.ok()) {
    return absl::NotFoundError(
        absl::StrCat("cannot read the predicate mappings file ", path, ": ",
                     content.status().message()));
  }
  return ParsePredicateMappings(*content, path);
}

}  // namespace grammut
