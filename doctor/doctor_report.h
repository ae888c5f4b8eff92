// doctor_report.h: a DoctorReport as text for people or JSON for CI.
//
// The text report has one section per check and ends with the verdict
// line, "verdict: fit for fuzzing" or "verdict: NOT fit for fuzzing: ...".
// The JSON form is one object with the same facts (grammar, start_rule,
// fit, blocking, warnings, semantics, lexer, unreachable_rules, corpus,
// generation, dictionary).
#ifndef GRAMMUT_DOCTOR_DOCTOR_REPORT_H_
#define GRAMMUT_DOCTOR_DOCTOR_REPORT_H_

#include <string>

#include "doctor/grammar_doctor.h"

namespace grammut {

// FormatDoctorText writes `report` as a readable text report, ending in the
// verdict line and a newline.
std::string FormatDoctorText(const DoctorReport& report);

// FormatDoctorJson writes `report` as one JSON object and a newline.
std::string FormatDoctorJson(const DoctorReport& report);

}  // namespace grammut

#endif  // GRAMMUT_DOCTOR_DOCTOR_REPORT_H_
