// doctor_runs.cc: see doctor_runs.h.
#include "doctor/internal/doctor_runs.h"

#include <algorithm>
#include <chrono>

#include "absl/status/status.h"
#include "base/file_io.h"
#include "base/rng.h"
#include "generate/generator.h"
#include "generate/input_size.h"
#include "generate/token_texts.h"
#include "parse/parser.h"

namespace grammut {
namespace doctor_internal {
namespace {

using Clock = std::chrono::steady_clock;

double Seconds(Clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

CorpusFindings ParseCorpus(const Grammar& grammar, int start,
                           const std::vector<std::string>& files,
                           Weights* weights, TokenPool* pool) {
  CorpusFindings out;
  Parser parser(grammar, ParseOptions::ForFiles());
  for (const std::string& f : files) {
    ++out.files;
    absl::StatusOr<std::string> bytes = ReadFile(f);
    if (!bytes.ok()) {
      out.failures.push_back({f, std::string(bytes.status().message())});
      continue;
    }
    absl::StatusOr<ParseResult> r = parser.Parse(*bytes, start);
    if (!r.ok()) {
      out.failures.push_back(
          {f, "not parsed: " + std::string(r.status().message())});
      continue;
    }
    out.used_ll += r->used_ll;
    if (r->syntax_errors > 0) {
      out.failures.push_back({f, r->first_error});
    } else if (r->tree.Text() != *bytes) {
      out.failures.push_back({f, "the parse tree does not give the file back"});
    } else {
      weights->AddTree(r->tree);
      pool->AddTree(r->tree, static_cast<uint64_t>(out.parsed));
      ++out.parsed;
    }
  }
  const std::vector<size_t> states = parser.DecisionDfaStates();
  std::vector<int> order(states.size());
  for (size_t d = 0; d < order.size(); ++d) order[d] = static_cast<int>(d);
  std::stable_sort(order.begin(), order.end(),
                   [&states](int a, int b) { return states[a] > states[b]; });
  for (size_t k = 0; k < order.size() && k < 3; ++k) {
    const int d = order[k];
    if (states[d] == 0) break;
    out.costly.push_back(
        {d, grammar.rule_name(grammar.decision(d).rule), states[d]});
  }
  return out;
}

std::vector<GenerationFindings> GenerateAll(const Grammar& grammar, int start,
                                            const Weights& weights,
                                            const TokenPool* pool,
                                            const DoctorOptions& options) {
  std::vector<GenerationFindings> out;
  Parser reparser(grammar, options.reparse_limits);
  const ParseOptions fuzzer_limits;
  for (ProbabilityMode mode :
       {ProbabilityMode::kLearned, ProbabilityMode::kInverse,
        ProbabilityMode::kUniform}) {
    GenerationFindings f;
    f.mode = ProbabilityModeName(mode);
    f.weights = weights.trees() > 0 ? "corpus" : "none";
    f.wanted = options.inputs;
    GeneratorKit kit(grammar, weights, pool);
    if (pool != nullptr) LearnPoolTexts(grammar, *pool, kit.tokens);
    GenerateOptions gen;
    gen.max_bytes = options.max_bytes;
    gen.mode = mode;
    Rng rng(options.seed);
    Tree tree;
    const Clock::time_point begin = Clock::now();
    Clock::duration generating{};
    for (int i = 0; i < options.inputs; ++i) {
      if (Seconds(Clock::now() - begin) > options.seconds_per_mode) {
        f.cut_short = true;
        break;
      }
      const Clock::time_point t0 = Clock::now();
      const bool made =
          GenerateWholeInput(kit.generator, grammar, start, weights,
                             options.max_bytes, rng, &gen, &tree);
      generating += Clock::now() - t0;
      if (!made) {
        ++f.too_big;
        continue;
      }
      ++f.generated;
      absl::StatusOr<ParseResult> r = reparser.Parse(tree.Text(), start);
      if (r.ok() && r->syntax_errors == 0) {
        ++f.valid;
        int64_t tokens = 0;
        for (int n = 0; n < r->tree.size(); ++n) {
          tokens += r->tree.node(n).is_rule ? 0 : 1;
        }
        if (r->prediction_work >
            fuzzer_limits.prediction_steps +
                fuzzer_limits.prediction_steps_per_token * tokens) {
          ++f.over_fuzzer_budget;
        }
        continue;
      }
      if (!r.ok() && absl::IsResourceExhausted(r.status())) ++f.over_limits;
      if (f.first_error.empty()) {
        f.first_error =
            r.ok() ? r->first_error : std::string(r.status().message());
        f.first_invalid = tree.Text().substr(0, 200);
      }
    }
    f.seconds = Seconds(generating);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace doctor_internal
}  // namespace grammut
