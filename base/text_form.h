// text_form.h: reading grammut's line-based text files (weights, bindings).
//
// A line is space-separated fields; '#' starts a comment to the end of the
// line; blank lines are skipped. Errors name the file and the line:
// "<source>:<line>: why".
#ifndef GRAMMUT_BASE_TEXT_FORM_H_
#define GRAMMUT_BASE_TEXT_FORM_H_

#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace grammut {

// Makes the error of the line being read from a reason.
using LineError = absl::FunctionRef<absl::Status(absl::string_view why)>;

// Calls line(fields, line_no, bad) for every line of `text` with fields,
// in order; returns the first error a call returns, else OK.
absl::Status ForEachTextLine(
    absl::string_view text, absl::string_view source,
    absl::FunctionRef<absl::Status(absl::Span<const absl::string_view> fields,
                                   int line_no, LineError bad)>
        line);

// A text as one field of a line: in double quotes, C-escaped, with no
// space or '#' left (octal escapes: a hex one would run on into hex
// digits). UnquoteField reads it back; false if `field` is not one.
std::string QuotedField(absl::string_view text);
bool UnquoteField(absl::string_view field, std::string* out);

}  // namespace grammut

#endif  // GRAMMUT_BASE_TEXT_FORM_H_
