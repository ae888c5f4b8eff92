// `grammut stats`: rules, decisions and the probability table.
#include <cstdio>

#include "absl/flags/flag.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunStats(const std::vector<std::string>& /*args*/) {
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut stats: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  const Grammar& g = **grammar;
  auto weights = LoadWeights(g);
  if (!weights.ok()) {
    std::fprintf(stderr, "grammut stats: %s\n",
                 std::string(weights.status().message()).c_str());
    return 2;
  }
  auto mode = ParseProbabilityMode(absl::GetFlag(FLAGS_mode));
  if (!mode.ok()) {
    std::fprintf(stderr, "grammut stats: %s\n",
                 std::string(mode.status().message()).c_str());
    return 2;
  }
  int choices = 0;
  for (int d = 0; d < g.num_decisions(); ++d)
    choices += g.decision(d).num_alts > 1;
  std::printf(
      "grammar %s: %d parser rules, %d token types, %d decisions (%d "
      "choices)\n",
      g.name().c_str(), g.num_rules(), g.max_token_type(), g.num_decisions(),
      choices);
  std::printf("start rule: %s; separator: %s\n",
              g.rule_name(g.start_rule()).c_str(),
              g.separator().empty()
                  ? "(none)"
                  : ("\"" +
                     std::string(g.separator() == "\n"   ? "\\n"
                                 : g.separator() == "\t" ? "\\t"
                                                         : g.separator()) +
                     "\"")
                        .c_str());
  std::printf("\n%-28s %10s %10s\n", "rule", "min bytes", "decisions");
  for (int r = 0; r < g.num_rules(); ++r) {
    int n = 0;
    for (int d = 0; d < g.num_decisions(); ++d)
      n += g.decision(d).rule == r && g.decision(d).num_alts > 1;
    std::printf("%-28s %10lld %10d\n", g.rule_name(r).c_str(),
                static_cast<long long>(g.rule_min_cost(r).bytes), n);
  }
  std::printf("\nprobabilities (%s mode, %lld trees learned)\n",
              ProbabilityModeName(*mode),
              static_cast<long long>((*weights)->trees()));
  std::printf("%-5s %-22s %-4s %10s %8s  %s\n", "dec", "rule", "alt", "count",
              "p", "alternative");
  for (int d = 0; d < g.num_decisions(); ++d) {
    const DecisionInfo& info = g.decision(d);
    if (info.num_alts < 2) continue;
    const std::vector<double>& p = (*weights)->Probabilities(d, *mode);
    for (int a = 1; a <= info.num_alts; ++a) {
      std::printf("%-5d %-22s %-4d %10.0f %8.3f  %s\n", d,
                  a == 1 ? g.rule_name(info.rule).c_str() : "", a,
                  (*weights)->count(d, a), p[a - 1],
                  info.alt_labels[a - 1].c_str());
    }
  }
  return 0;
}

}  // namespace grammut::cli
