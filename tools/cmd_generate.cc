// `grammut generate`: write N inputs generated from the grammar.
#include <cstdio>
#include <filesystem>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "grammar_runtime/generator.h"
#include "grammar_runtime/parser.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunGenerate(const std::vector<std::string>& /*args*/) {
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut generate: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  const Grammar& g = **grammar;
  auto weights = LoadWeights(g);
  auto mode = ParseProbabilityMode(absl::GetFlag(FLAGS_mode));
  const std::string out = absl::GetFlag(FLAGS_out);
  const int n = absl::GetFlag(FLAGS_n);
  const int max_size = absl::GetFlag(FLAGS_max_size);
  if (!weights.ok() || !mode.ok()) {
    std::fprintf(
        stderr, "grammut generate: %s\n",
        std::string(
            (!weights.ok() ? weights.status() : mode.status()).message())
            .c_str());
    return 2;
  }
  if (out.empty() || n < 0 || max_size <= 0) {
    std::fprintf(
        stderr,
        "grammut generate: needs --out DIR, -n >= 0 and --max_size > 0\n");
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::fprintf(stderr, "grammut generate: cannot create %s: %s\n",
                 out.c_str(), ec.message().c_str());
    return 1;
  }
  Parser reparser(g);
  if ((*weights)->trees() == 0 && *mode != ProbabilityMode::kUniform) {
    std::fprintf(stderr,
                 "grammut generate: no --weights: every alternative is "
                 "unseen, so %s mode is uniform (learn weights with "
                 "`grammut learn`)\n",
                 ProbabilityModeName(*mode));
  }
  GeneratorKit kit(g, **weights, nullptr);
  GenerateOptions opt;
  opt.max_bytes = static_cast<size_t>(max_size);
  opt.mode = *mode;
  Rng rng(absl::GetFlag(FLAGS_seed));
  int valid = 0, written = 0, used_ll = 0;
  size_t largest = 0;
  for (int i = 0; i < n; ++i) {
    Tree t;
    if (!kit.generator.Generate(g.start_rule(), rng, opt, &t)) {
      std::fprintf(stderr,
                   "grammut generate: the shortest input of rule %s is over "
                   "--max_size %d\n",
                   g.rule_name(g.start_rule()).c_str(), max_size);
      return 1;
    }
    const std::string text = t.Text();
    largest = std::max(largest, text.size());
    auto r = reparser.Parse(text);
    valid += r.ok() && r->syntax_errors == 0;
    used_ll += r.ok() && r->used_ll;
    absl::Status st = WriteFile(absl::StrFormat("%s/gen_%06d", out, i), text);
    if (!st.ok()) {
      std::fprintf(stderr, "grammut generate: %s\n",
                   std::string(st.message()).c_str());
      return 1;
    }
    ++written;
  }
  std::printf(
      "wrote %d inputs to %s (%s mode): %d re-parse with 0 errors (%.1f%%), "
      "largest %zu bytes\n",
      written, out.c_str(), ProbabilityModeName(*mode), valid,
      written ? 100.0 * valid / written : 100.0, largest);
  std::printf(
      "re-parsing: %d needed full LL; prediction caches cleared %d times\n",
      used_ll, reparser.dfa_clears());
  return 0;
}

}  // namespace grammut::cli
