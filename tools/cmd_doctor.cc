// `grammut doctor`: is a grammar fit for fuzzing, and what to fix
// (doctor/grammar_doctor.h). Exit 0: fit; 1: a blocking problem; 2: usage.
#include <cstdio>

#include "absl/flags/flag.h"
#include "doctor/doctor_report.h"
#include "doctor/grammar_doctor.h"
#include "tools/cli_common.h"

ABSL_FLAG(bool, json, false, "doctor: write the report as one JSON object");
ABSL_FLAG(int, inputs, 200, "doctor: inputs generated per probability mode");
ABSL_FLAG(double, seconds, 2.0,
          "doctor: most seconds of generation per probability mode");

namespace grammut::cli {

int RunDoctor(const std::vector<std::string>& args) {
  DoctorOptions opt;
  opt.grammar = absl::GetFlag(FLAGS_grammar);
  ApplyPredicatesFlag();
  opt.start_rule = absl::GetFlag(FLAGS_start);
  opt.inputs = absl::GetFlag(FLAGS_inputs);
  opt.seed = absl::GetFlag(FLAGS_seed);
  opt.max_bytes = static_cast<size_t>(absl::GetFlag(FLAGS_max_size));
  opt.seconds_per_mode = absl::GetFlag(FLAGS_seconds);
  if (opt.grammar.empty()) {
    std::fprintf(stderr,
                 "grammut doctor: --grammar is required (a .g4 file, "
                 "lexer.g4,parser.g4, or a directory of .interp files)\n");
    return 2;
  }
  if (opt.inputs < 0 || absl::GetFlag(FLAGS_max_size) <= 0 ||
      opt.seconds_per_mode <= 0) {
    std::fprintf(stderr,
                 "grammut doctor: needs --inputs >= 0, --max_size > 0 and "
                 "--seconds > 0\n");
    return 2;
  }
  auto files = ExpandInputs(args);
  if (!files.ok()) {
    std::fprintf(stderr, "grammut doctor: %s\n",
                 std::string(files.status().message()).c_str());
    return 2;
  }
  opt.corpus = *files;
  absl::StatusOr<DoctorReport> report = ExamineGrammar(opt);
  if (!report.ok()) {
    std::fprintf(stderr, "grammut doctor: %s\n",
                 std::string(report.status().message()).c_str());
    return 2;
  }
  const std::string text = absl::GetFlag(FLAGS_json)
                               ? FormatDoctorJson(*report)
                               : FormatDoctorText(*report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return report->fit() ? 0 : 1;
}

}  // namespace grammut::cli
