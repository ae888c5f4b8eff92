// text_form.cc: the line reader of grammut's text files.
#include "base/text_form.h"

#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"

namespace grammut {

absl::Status ForEachTextLine(
    absl::string_view text, absl::string_view source,
    absl::FunctionRef<absl::Status(absl::Span<const absl::string_view> fields,
                                   int line_no, LineError bad)>
        line) {
  int line_no = 0;
  std::vector<absl::string_view> fields;
  for (absl::string_view l : absl::StrSplit(text, '\n')) {
    ++line_no;
    const size_t hash = l.find('#');
    if (hash != absl::string_view::npos) l = l.substr(0, hash);
    l = absl::StripAsciiWhitespace(l);
    if (l.empty()) continue;
    fields = absl::StrSplit(l, ' ', absl::SkipEmpty());
    auto bad = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", line_no, ": ", why));
    };
    absl::Status st = line(fields, line_no, bad);
    if (!st.ok()) return st;
  }
  return absl::OkStatus();
}

std::string QuotedField(absl::string_view text) {
  return absl::StrCat("\"",
                      absl::StrReplaceAll(absl::CEscape(text),
                                          {{" ", "\\040"}, {"#", "\\043"}}),
                      "\"");
}

bool UnquoteField(absl::string_view field, std::string* out) {
  return field.size() >= 2 && field.front() == '"' && field.back() == '"' &&
         absl::CUnescape(field.substr(1, field.size() - 2), out);
}

}  // namespace grammut
