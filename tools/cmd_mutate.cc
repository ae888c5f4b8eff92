// `grammut mutate`: print N mutants of a file with the operator that made
// each, or with --out DIR write them there (DIR/<file>.mutant_<i>), and
// the operator of each to DIR/operators.tsv (appended: one line per
// mutant, `<file>.mutant_<i>\t<operator>`).
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mutate/mutator.h"
#include "mutate/settings.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunMutate(const std::vector<std::string>& args) {
  if (args.size() != 1) {
    std::fprintf(stderr, "grammut mutate: give exactly one FILE\n");
    return 2;
  }
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut mutate: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  auto input = ReadFile(args[0]);
  if (!input.ok()) {
    std::fprintf(stderr, "grammut mutate: %s\n",
                 std::string(input.status().message()).c_str());
    return 2;
  }
  // The experiments of GRAMMUT_EXPERIMENTS apply here as in a fuzzer; the
  // flags say the rest.
  absl::StatusOr<MutatorConfig> from_env = ConfigFromEnvironment();
  if (!from_env.ok()) {
    std::fprintf(stderr, "grammut mutate: %s\n",
                 std::string(from_env.status().message()).c_str());
    return 2;
  }
  MutatorConfig config = *from_env;
  config.parse_helper.clear();  // this process parses its one input
  auto mode = ParseModePolicy(absl::GetFlag(FLAGS_mode) == "learned"
                                  ? "adaptive"
                                  : absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) {
    std::fprintf(stderr, "grammut mutate: %s\n",
                 std::string(mode.status().message()).c_str());
    return 2;
  }
  config.mode = *mode;
  config.weights_file = absl::GetFlag(FLAGS_weights);
  config.grammar = absl::GetFlag(FLAGS_grammar);  // for its embedded languages
  auto mutator = Mutator::Create(config, *std::move(grammar));
  if (!mutator.ok()) {
    std::fprintf(stderr, "grammut mutate: %s\n",
                 std::string(mutator.status().message()).c_str());
    return 2;
  }
  const size_t max_size = static_cast<size_t>(absl::GetFlag(FLAGS_max_size));
  const uint64_t seed = absl::GetFlag(FLAGS_seed);
  const std::string dir = absl::GetFlag(FLAGS_out);
  std::error_code ec;
  if (!dir.empty() && !std::filesystem::create_directories(dir, ec) && ec) {
    std::fprintf(stderr, "grammut mutate: cannot create %s: %s\n", dir.c_str(),
                 ec.message().c_str());
    return 1;
  }
  const std::string name = std::filesystem::path(args[0]).filename().string();
  std::string operators;  // lines of DIR/operators.tsv
  for (int i = 0; i < absl::GetFlag(FLAGS_n); ++i) {
    std::string op;
    const std::string out = (*mutator)->MutateString(
        *input, std::max(max_size, input->size()),
        static_cast<unsigned>(seed + static_cast<uint64_t>(i)), &op);
    if (!dir.empty()) {
      const std::string file = absl::StrFormat("%s.mutant_%04d", name, i + 1);
      absl::StrAppend(&operators, file, "\t", op, "\n");
      absl::Status st = WriteFile(absl::StrCat(dir, "/", file), out);
      if (!st.ok()) {
        std::fprintf(stderr, "grammut mutate: %s\n",
                     std::string(st.message()).c_str());
        return 1;
      }
      continue;
    }
    std::printf("--- mutant %d (%s, %zu bytes)\n%s\n", i + 1, op.c_str(),
                out.size(), out.c_str());
  }
  if (!dir.empty()) {
    std::ofstream tsv(dir + "/operators.tsv", std::ios::app);
    tsv << operators;
    if (!tsv) {
      std::fprintf(stderr, "grammut mutate: cannot write %s/operators.tsv\n",
                   dir.c_str());
      return 1;
    }
    const MutatorStats& s = (*mutator)->stats();
    std::printf(
        "%s: %d mutants in %s (%llu by tree operators, %llu with "
        "names bound)\n",
        args[0].c_str(), absl::GetFlag(FLAGS_n), dir.c_str(),
        static_cast<unsigned long long>(s.tree_mutations),
        static_cast<unsigned long long>(s.bound));
  }
  return 0;
}

}  // namespace grammut::cli
