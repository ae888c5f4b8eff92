// report_once.h: one line to stderr, once per process.
//
// Loading a grammar reports what it could not follow (an unknown
// predicate, an EOF taken out of a lexer loop); a fuzzer or a server loads
// the same grammar many times, and says each thing once.
//
//   ReportOnce("grammut: G: predicate {p()}? is unknown: treated as true");
#ifndef GRAMMUT_BASE_REPORT_ONCE_H_
#define GRAMMUT_BASE_REPORT_ONCE_H_

#include <string>

namespace grammut {

// Writes `line` and a newline to stderr unless this process wrote the same
// line before (thread-safe).
void ReportOnce(const std::string& line);

}  // namespace grammut

#endif  // GRAMMUT_BASE_REPORT_ONCE_H_
