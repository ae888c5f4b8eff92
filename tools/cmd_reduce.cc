// `grammut reduce`: shrink an input while a test says it is still
// interesting (shrink/reducer.h; the tests: tools/reduce_oracle.h).
#include <chrono>
#include <cstdio>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "shrink/reducer.h"
#include "tools/cli_common.h"
#include "tools/reduce_oracle.h"

ABSL_FLAG(std::string, test, "",
          "reduce: shell command, {} replaced by the candidate's path; "
          "interesting = exit status 0");
ABSL_FLAG(std::string, fuzzer, "",
          "reduce: libFuzzer binary; interesting = the same crash (kind and "
          "top frame) as the original");
ABSL_FLAG(std::string, rule, "", "reduce: start rule (same as --start)");
ABSL_FLAG(double, timeout, 10, "reduce: seconds per test");
ABSL_FLAG(int64_t, max_tests, 0, "reduce: stop after N tests (0: no limit)");
ABSL_FLAG(double, max_time, 0,
          "reduce: start no test after S seconds (0: no limit); the output "
          "is the smallest interesting input so far");

namespace grammut::cli {

int RunReduce(const std::vector<std::string>& args) {
  auto fail = [](const std::string& message, int code) {
    std::fprintf(stderr, "grammut reduce: %s\n", message.c_str());
    return code;
  };
  if (args.size() != 1) return fail("give exactly one input FILE", 2);
  if (!absl::GetFlag(FLAGS_rule).empty()) {
    absl::SetFlag(&FLAGS_start, absl::GetFlag(FLAGS_rule));
  }
  absl::StatusOr<std::string> input = ReadFile(args[0]);
  if (!input.ok()) return fail(std::string(input.status().message()), 2);
  auto grammar = LoadGrammar();
  if (!grammar.ok()) return fail(std::string(grammar.status().message()), 2);
  OracleOptions oracle_options;
  oracle_options.test_command = absl::GetFlag(FLAGS_test);
  oracle_options.fuzzer = absl::GetFlag(FLAGS_fuzzer);
  oracle_options.timeout_seconds = absl::GetFlag(FLAGS_timeout);
  oracle_options.input_path = args[0];
  auto oracle = Oracle::Create(oracle_options);
  if (!oracle.ok()) return fail(std::string(oracle.status().message()), 2);

  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  double last_line = 0;
  ReduceOptions options;
  options.max_tests = absl::GetFlag(FLAGS_max_tests);
  const double max_time = absl::GetFlag(FLAGS_max_time);
  bool out_of_time = false;
  if (max_time > 0) {
    options.stop = [&] { return out_of_time = seconds() >= max_time; };
  }
  options.progress = [&](const ReduceProgress& p) {
    if (p.tests == 1 || (p.accepted && seconds() - last_line >= 0.5) ||
        seconds() - last_line >= 5) {
      last_line = seconds();
      std::fprintf(stderr, "grammut reduce: %zu bytes, %lld tests, %.1f s\n",
                   p.size, static_cast<long long>(p.tests), last_line);
    }
  };
  absl::StatusOr<ReduceResult> r = Reduce(
      **grammar, *input,
      [&](absl::string_view s) { return (*oracle)->Interesting(s); }, options);
  if (!r.ok()) {
    if (r.status().code() == absl::StatusCode::kFailedPrecondition) {
      return fail(absl::StrFormat("%s is not interesting: %s; nothing to do",
                                  args[0], (*oracle)->why_not()),
                  1);
    }
    return fail(std::string(r.status().message()), 2);
  }
  std::string out = absl::GetFlag(FLAGS_out);
  if (out.empty()) out = args[0] + ".reduced";
  absl::Status written = WriteFile(out, r->output);
  if (!written.ok()) return fail(std::string(written.message()), 2);
  if ((*oracle)->signature().has_value()) {
    std::fprintf(stderr, "grammut reduce: crash: %s\n",
                 (*oracle)->signature()->ToString().c_str());
  }
  std::fprintf(
      stderr,
      "grammut reduce: %zu -> %zu bytes (%s), %lld tests, %lld cached, "
      "%lld not parsing, %d passes, %.1f s%s; wrote %s\n",
      input->size(), r->output.size(),
      r->by_tree ? "on the parse tree" : "by bytes: the input does not parse",
      static_cast<long long>(r->tests), static_cast<long long>(r->cache_hits),
      static_cast<long long>(r->unparsed), r->passes, seconds(),
      !r->stopped   ? ""
      : out_of_time ? ", stopped by --max-time"
                    : ", stopped by --max-tests",
      out.c_str());
  return 0;
}

}  // namespace grammut::cli
