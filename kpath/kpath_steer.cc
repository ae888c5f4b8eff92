#include "kpath/kpath_steer.h"

#include <algorithm>
#include <numeric>

#include "generate/generator.h"
#include "kpath/kpath_coverage.h"
#include "kpath/kpath_route.h"
#include "parse/parser.h"
#include "base/rng.h"

namespace grammut {

absl::StatusOr<CloseOff> ParseCloseOff(absl::string_view name) {
  if (name == "shortest") return CloseOff::kShortest;
  if (name == "bounded") return CloseOff::kBounded;
  if (name == "learned") return CloseOff::kLearned;
  return absl::InvalidArgumentError(
      "close-off must be shortest, bounded or learned");
}

const char* CloseOffName(CloseOff close_off) {
  switch (close_off) {
    case CloseOff::kShortest:
      return "shortest";
    case CloseOff::kBounded:
      return "bounded";
    case CloseOff::kLearned:
      return "learned";
  }
  return "?";
}

const char* GiveUpReasonName(GiveUpReason reason) {
  switch (reason) {
    case GiveUpReason::kNoRoute:
      return "no route";
    case GiveUpReason::kOverBudget:
      return "over budget";
    case GiveUpReason::kNoParse:
      return "does not parse";
    case GiveUpReason::kPathLost:
      return "not in the parse";
  }
  return "?";
}

namespace {

// The generator's policy for the slots off the route.
GenerateOptions CloseOffOptions(CloseOff close_off,
                                const SteeredSuiteOptions& options) {
  GenerateOptions gen;
  gen.max_bytes = options.max_bytes;
  gen.shortest = close_off == CloseOff::kShortest;
  gen.fit_depth = true;
  gen.max_depth = std::max(1, options.depth);
  gen.mode = close_off == CloseOff::kLearned ? ProbabilityMode::kLearned
                                             : ProbabilityMode::kUniform;
  gen.pool_probability = 0;
  return gen;
}

}  // namespace

SteeredSuite BuildSteeredKPathSuite(const SymbolGraph& graph,
                                    const Weights& weights,
                                    const SteeredSuiteOptions& options) {
  const Grammar& grammar = graph.grammar();
  const int k = std::max(1, options.k);
  SteeredSuite out;
  KPathSuite& suite = out.suite;
  suite.grammar_paths = graph.Count(k, &suite.count_exact);
  // P: every k-path, in a seeded random order.
  std::vector<int32_t> paths;
  graph.Enumerate(k, options.max_paths, [&](absl::Span<const int32_t> p) {
    paths.insert(paths.end(), p.begin(), p.end());
  });
  out.enumerated = paths.size() / k;
  std::vector<uint32_t> order(out.enumerated);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(options.seed);
  std::shuffle(order.begin(), order.end(), rng);

  KPathCoverage coverage(graph, k);
  KPathRouter router(graph);
  GeneratorKit kit(grammar, weights, nullptr);
  Parser parser(grammar);
  Route route;
  Tree tree;
  const GenerateOptions configured =
      CloseOffOptions(options.close_off, options);
  const GenerateOptions shortest =
      CloseOffOptions(CloseOff::kShortest, options);
  const int attempts = std::max(1, options.attempts);
  for (size_t n = 0; n < order.size(); ++n) {
    const absl::Span<const int32_t> path(paths.data() + size_t{order[n]} * k,
                                         k);
    if (coverage.Covers(path)) continue;  // covered by accident
    const uint64_t target = KPathHash(path);
    GiveUpReason reason = GiveUpReason::kNoRoute;
    bool covered = false;
    if (router.Plan(path, &route)) {
      for (int a = 0; a < attempts && !covered; ++a) {
        // The first attempt follows the cheapest route, the others make
        // random detours on the way (see RouteSteer); the last one closes
        // off with the smallest derivation, to fit the budget.
        const bool last = a + 1 == attempts && a > 1;
        GenerateOptions gen = last ? shortest : configured;
        RouteSteer steer(router, route, a > 0 ? &rng : nullptr);
        gen.steer = &steer;
        ++suite.derivations;
        const bool made =
            kit.generator.Generate(grammar.start_rule(), rng, gen, &tree);
        if (!made || !steer.done() || steer.gave_up()) {
          reason = steer.done() && !steer.gave_up() ? GiveUpReason::kOverBudget
                                                    : GiveUpReason::kNoRoute;
        } else {
          std::string text = tree.Text();
          auto parsed = parser.Parse(text);
          if (!parsed.ok() || parsed->syntax_errors > 0) {
            reason = GiveUpReason::kNoParse;
          } else {
            const std::vector<uint64_t>& real =
                coverage.DistinctPaths(parsed->tree);
            if (!std::binary_search(real.begin(), real.end(), target)) {
              reason = GiveUpReason::kPathLost;
            } else {
              coverage.Add(parsed->tree);
              suite.inputs.push_back(std::move(text));
              covered = true;
              break;
            }
          }
        }
        ++suite.rejected;
      }
    }
    if (!covered) {
      out.given_up_paths.push_back(
          GivenUpPath{std::vector<int32_t>(path.begin(), path.end()), reason});
      continue;
    }
    if (options.progress) {
      options.progress(coverage.covered(), suite.inputs.size(),
                       order.size() - n - 1);
    }
  }
  // A target given up may have turned up by accident later.
  std::vector<GivenUpPath> still;
  for (GivenUpPath& p : out.given_up_paths) {
    if (!coverage.Covers(p.path)) still.push_back(std::move(p));
  }
  out.given_up_paths = std::move(still);
  for (uint64_t& n : out.given_up) n = 0;
  for (const GivenUpPath& p : out.given_up_paths) {
    ++out.given_up[static_cast<int>(p.reason)];
  }
  suite.covered = coverage.covered();
  return out;
}

}  // namespace grammut
