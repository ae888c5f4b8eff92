// `grammut mutate`: print N mutants of a file with the operator that made each.
#include <cstdio>

#include "absl/flags/flag.h"
#include "mutate/mutator.h"
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
  MutatorConfig config;
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
  for (int i = 0; i < absl::GetFlag(FLAGS_n); ++i) {
    std::string op;
    const std::string out = (*mutator)->MutateString(
        *input, std::max(max_size, input->size()),
        static_cast<unsigned>(seed + static_cast<uint64_t>(i)), &op);
    std::printf("--- mutant %d (%s, %zu bytes)\n%s\n", i + 1, op.c_str(),
                out.size(), out.c_str());
  }
  return 0;
}

}  // namespace grammut::cli
