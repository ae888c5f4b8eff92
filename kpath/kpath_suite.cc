#include "kpath/kpath_suite.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "generate/generator.h"
#include "kpath/kpath_coverage.h"
#include "parse/parser.h"
#include "base/rng.h"

namespace grammut {
namespace {

constexpr ProbabilityMode kModes[] = {ProbabilityMode::kUniform,
                                      ProbabilityMode::kInverse,
                                      ProbabilityMode::kLearned};
// Nesting limits to rotate through: shallow derivations are short and
// cover the top of the grammar, deep ones reach the long paths.
constexpr int kDepths[] = {4, 8, 16, 32, 64};

}  // namespace

KPathSuite BuildKPathSuite(const SymbolGraph& graph, const Weights& weights,
                           const KPathSuiteOptions& options) {
  const Grammar& grammar = graph.grammar();
  KPathSuite suite;
  suite.grammar_paths = graph.Count(options.k, &suite.count_exact);
  KPathCoverage coverage(graph, options.k);
  GeneratorKit kit(grammar, weights, nullptr);
  Parser parser(grammar);
  Rng rng(options.seed);
  const int batch = std::max(1, options.batch);
  std::vector<Tree> trees(batch);
  std::vector<int> fresh(batch);
  // k-paths a derivation had but the parse of its text did not (the
  // derivation's shape differs from the parse, e.g. where precedence makes
  // a path impossible): not counted as new any more, so that derivations
  // holding them are not chosen and parsed again and again.
  absl::flat_hash_set<uint64_t> phantom;
  std::vector<uint64_t> derived;
  auto count_new = [&](const Tree& tree) {
    int n = 0;
    for (uint64_t h : coverage.DistinctPaths(tree)) {
      n += !coverage.CoversHash(h) && !phantom.contains(h);
    }
    return n;
  };
  int stalled = 0;
  for (int64_t round = 0;
       suite.covered < suite.grammar_paths && stalled < options.stall_batches &&
       suite.derivations < options.max_derivations;
       ++round) {
    GenerateOptions gen;
    gen.max_bytes = options.max_bytes;
    gen.mode = kModes[round % 3];
    gen.max_depth = kDepths[(round / 3) % 5];
    int drawn = 0;
    for (int i = 0; i < batch; ++i) {
      if (!kit.generator.Generate(grammar.start_rule(), rng, gen, &trees[i]))
        break;
      ++drawn;
    }
    suite.derivations += std::max(drawn, 1);
    // Greedy: keep the best tree of the batch while one adds something.
    bool added = false;
    for (int i = 0; i < drawn; ++i) fresh[i] = count_new(trees[i]);
    while (true) {
      int best = -1;
      size_t best_size = 0;
      for (int i = 0; i < drawn; ++i) {
        if (fresh[i] <= 0) continue;
        const size_t size = trees[i].TextSize();
        if (best < 0 || fresh[i] > fresh[best] ||
            (fresh[i] == fresh[best] && size < best_size)) {
          best = i;
          best_size = size;
        }
      }
      if (best < 0) break;
      fresh[best] = 0;
      // What counts is the parse of the text, as `grammut kpath` sees it:
      // a generated tree may be shaped differently from its parse.
      std::string text = trees[best].Text();
      derived = coverage.DistinctPaths(trees[best]);
      auto parsed = parser.Parse(text);
      if (!parsed.ok() || parsed->syntax_errors > 0) {
        ++suite.rejected;
        continue;
      }
      const std::vector<uint64_t>& real = coverage.DistinctPaths(parsed->tree);
      for (uint64_t h : derived) {
        if (!std::binary_search(real.begin(), real.end(), h)) phantom.insert(h);
      }
      if (coverage.Add(parsed->tree) == 0) {
        ++suite.rejected;
        continue;
      }
      suite.inputs.push_back(std::move(text));
      added = true;
      for (int i = 0; i < drawn; ++i) {
        if (fresh[i] > 0) fresh[i] = count_new(trees[i]);
      }
    }
    suite.covered = coverage.covered();
    stalled = added ? 0 : stalled + 1;
    if (added && options.progress) {
      options.progress(suite.covered, suite.inputs.size(), suite.derivations);
    }
  }
  return suite;
}

}  // namespace grammut
