// grammut: the command line tool.
//
//   grammut parse    --grammar G [--start R] [--tree] [--decisions N] FILE...
//   grammut generate --grammar G [--start R] -n N [--seed S] [--mode M]
//                    [--weights W] [--max_size BYTES] --out DIR
//   grammut learn    --grammar G [--start R] -o W FILE_OR_DIR...
//   grammut stats    --grammar G [--weights W] [--mode M]
//   grammut mutate   --grammar G [--seed S] -n N [--out DIR] FILE
//   grammut reduce   --grammar G (--test 'CMD {}' | --fuzzer BINARY) FILE
//   grammut kpath    --grammar G [--k 1..5] [--uncovered N] [--plot F.svg]
//                    FILE_OR_DIR...
//   grammut generate --grammar G --kpath K [--kpath-strategy steered|greedy]
//                    [--closeoff shortest|bounded|learned] [--kpath-depth D]
//                    [--max_size BYTES] --out DIR
//   grammut dict     --grammar G [-o FILE]
//   grammut bindings --grammar G [--weights W] [-o FILE] [FILE_OR_DIR...]
//   grammut doctor   --grammar G [--start R] [--inputs N] [--seconds S]
//                    [--json] [FILE_OR_DIR...]
//   grammut parse-server   (started by a fuzzer's grammut; see
//                          parse/parse_service.h)
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/parse.h"
#include "absl/flags/usage.h"
#include "tools/cli_common.h"

namespace {

constexpr char kUsage[] =
    "grammut: grammar-aware input generation and mutation\n\n"
    "  grammut parse    --grammar G [--start R] [--tree] [--decisions N]\n"
    "                   FILE...\n"
    "  grammut generate --grammar G [--start R] -n N [--seed S]\n"
    "                   [--mode learned|inverse|uniform] [--weights W]\n"
    "                   [--max_size BYTES] --out DIR\n"
    "  grammut learn    --grammar G [--start R] -o W FILE_OR_DIR...\n"
    "  grammut stats    --grammar G [--weights W] [--mode M]\n"
    "  grammut mutate   --grammar G [--seed S] -n N [--weights W]\n"
    "                   [--out DIR] FILE\n"
    "  grammut reduce   --grammar G (--test 'CMD {}' | --fuzzer BINARY)\n"
    "                   [--rule R] [--out FILE] [--timeout SECONDS]\n"
    "                   [--max-tests N] [--max-time SECONDS] FILE\n"
    "  grammut kpath    --grammar G [--k 1..5] [--uncovered N]\n"
    "                   [--plot FILE.svg] FILE_OR_DIR...\n"
    "  grammut generate --grammar G --kpath K [--max_size BYTES] --out DIR\n"
    "                   [--kpath-strategy steered|greedy] [--kpath-depth D]\n"
    "                   [--closeoff shortest|bounded|learned]\n"
    "  grammut dict     --grammar G [-o FILE]   (a libFuzzer/AFL++ "
    "dictionary)\n"
    "  grammut bindings --grammar G [--weights W] [-o FILE] [FILE_OR_DIR...]\n"
    "                   (where names are defined and used, learned from the\n"
    "                   files)\n"
    "  grammut doctor   --grammar G [--start R] [--inputs N] [--seed S]\n"
    "                   [--seconds S] [--json] [FILE_OR_DIR...]\n"
    "                   (is the grammar fit for fuzzing, and what to fix;\n"
    "                   exit 0: fit, 1: not, 2: usage)\n"
    "  grammut parse-server   (not for people: a fuzzer's grammut starts it\n"
    "                   to parse its corpus entries)\n\n"
    "G is a .g4 file, comma-separated .g4 files (lexer,parser) or a\n"
    "directory of .interp files. Every command takes --predicates FILE:\n"
    "predicate texts mapped onto grammut's predicate vocabulary, one\n"
    "`TEXT = ENTRY` a line (as $GRAMMUT_PREDICATES; docs/usage.md).\n"
    "--max-size, --max-tests, --max-time,\n"
    "--kpath-strategy and --kpath-depth are accepted for the forms with\n"
    "underscores.";

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(kUsage);
  // Accept --max-size, --max-tests, --max-time, --kpath-strategy and
  // --kpath-depth as well as --max_size...
  std::vector<std::string> storage(argv, argv + argc);
  for (std::string& a : storage) {
    if (a.rfind("--max-", 0) == 0) a[5] = '_';
    if (a.rfind("--kpath-", 0) == 0) a[7] = '_';
  }
  std::vector<char*> fixed;
  for (std::string& a : storage) fixed.push_back(a.data());
  std::vector<char*> rest =
      absl::ParseCommandLine(static_cast<int>(fixed.size()), fixed.data());
  if (rest.size() < 2) {
    std::fprintf(stderr, "%s\n", kUsage);
    return 2;
  }
  const std::string command = rest[1];
  std::vector<std::string> args(rest.begin() + 2, rest.end());
  using namespace grammut::cli;
  if (command == "parse") return RunParse(args);
  if (command == "generate") return RunGenerate(args);
  if (command == "learn") return RunLearn(args);
  if (command == "stats") return RunStats(args);
  if (command == "mutate") return RunMutate(args);
  if (command == "reduce") return RunReduce(args);
  if (command == "kpath") return RunKPath(args);
  if (command == "dict") return RunDict(args);
  if (command == "bindings") return RunBindings(args);
  if (command == "doctor") return RunDoctor(args);
  if (command == "parse-server") return RunParseServer(args);
  std::fprintf(stderr, "grammut: unknown command '%s'\n\n%s\n", command.c_str(),
               kUsage);
  return 2;
}
