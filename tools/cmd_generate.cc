// `grammut generate`: write N inputs generated from the grammar.
#include <cstdio>
#include <filesystem>

#include "absl/flags/flag.h"
#include "absl/strings/str_format.h"
#include "bind/binder.h"
#include "bind/define_first.h"
#include "generate/generator.h"
#include "generate/input_size.h"
#include "grammar/indentation.h"
#include "kpath/kpath.h"
#include "kpath/kpath_steer.h"
#include "kpath/kpath_suite.h"
#include "mutate/cache/tree_index.h"
#include "mutate/token_repair.h"
#include "parse/parser.h"
#include "tools/cli_common.h"

ABSL_FLAG(bool, bind, true,
          "bind names to definitions before them (the model `grammut learn` "
          "saved beside --weights; --nobind: names as generated)");
ABSL_FLAG(bool, singles, true,
          "with --bind, take out a second of a token its rule holds once "
          "(one PRIMARY KEY per table, learned beside --weights; --nosingles: "
          "repeats stay)");
ABSL_FLAG(int, kpath, 0,
          "instead of -n random inputs, a suite covering the grammar's "
          "k-paths for this k (1..8)");
ABSL_FLAG(int64_t, max_derivations, 100000,
          "with --kpath --kpath_strategy greedy: stop after drawing this many "
          "derivations");
ABSL_FLAG(std::string, kpath_strategy, "steered",
          "with --kpath: steered (the dissertation's Algorithm 1: one "
          "derivation steered toward each uncovered k-path) or greedy (a "
          "greedy cover over random derivations)");
ABSL_FLAG(std::string, closeoff, "bounded",
          "with --kpath_strategy steered: how the slots off the route are "
          "filled: shortest, bounded (random within --kpath_depth) or "
          "learned (--weights, within --kpath_depth)");
ABSL_FLAG(int, kpath_depth, 8,
          "with --closeoff bounded or learned: the nesting depth limit");

namespace grammut::cli {
namespace {

// Writes the suite's inputs to `out`; returns their bytes, or -1.
int64_t WriteSuite(const KPathSuite& suite, const std::string& out, int k) {
  int64_t bytes = 0;
  for (size_t i = 0; i < suite.inputs.size(); ++i) {
    bytes += static_cast<int64_t>(suite.inputs[i].size());
    absl::Status st = WriteFile(absl::StrFormat("%s/kpath%d_%06d", out, k, i),
                                suite.inputs[i]);
    if (!st.ok()) {
      std::fprintf(stderr, "grammut generate: %s\n",
                   std::string(st.message()).c_str());
      return -1;
    }
  }
  return bytes;
}

// Prints "wrote N inputs (B bytes) to DIR covering C of the grammar's T
// k-paths (P%)", without a line end: the caller adds its own details.
void PrintSuiteWritten(const KPathSuite& suite, int64_t bytes,
                       const std::string& out, int k) {
  std::printf(
      "wrote %zu inputs (%lld bytes) to %s covering %llu of the grammar's "
      "%llu%s %d-paths (%.1f%%)",
      suite.inputs.size(), static_cast<long long>(bytes), out.c_str(),
      static_cast<unsigned long long>(suite.covered),
      static_cast<unsigned long long>(suite.grammar_paths),
      suite.count_exact ? "" : "+", k,
      suite.grammar_paths ? 100.0 * suite.covered / suite.grammar_paths : 0.0);
}

// `generate --kpath K --kpath_strategy steered`: Algorithm 1.
int GenerateSteeredSuite(const Grammar& g, const Weights& weights,
                         const std::string& out, int k, size_t max_size) {
  auto close_off = ParseCloseOff(absl::GetFlag(FLAGS_closeoff));
  if (!close_off.ok()) {
    std::fprintf(stderr, "grammut generate: %s\n",
                 std::string(close_off.status().message()).c_str());
    return 2;
  }
  SymbolGraph graph(g);
  SteeredSuiteOptions opt;
  opt.k = k;
  opt.max_bytes = max_size;
  opt.close_off = *close_off;
  opt.depth = absl::GetFlag(FLAGS_kpath_depth);
  opt.seed = absl::GetFlag(FLAGS_seed);
  const uint64_t total = graph.Count(k);
  opt.progress = [total](uint64_t covered, size_t inputs, uint64_t left) {
    if (inputs % 100 != 0) return;
    std::fprintf(stderr,
                 "grammut generate: %zu inputs cover %llu of %llu k-paths "
                 "(%llu targets left to try)\n",
                 inputs, static_cast<unsigned long long>(covered),
                 static_cast<unsigned long long>(total),
                 static_cast<unsigned long long>(left));
  };
  const SteeredSuite steered = BuildSteeredKPathSuite(graph, weights, opt);
  const KPathSuite& suite = steered.suite;
  const int64_t bytes = WriteSuite(suite, out, k);
  if (bytes < 0) return 1;
  PrintSuiteWritten(suite, bytes, out, k);
  std::printf("; steered, %s close-off; %lld derivations\n",
              CloseOffName(*close_off),
              static_cast<long long>(suite.derivations));
  if (steered.enumerated < suite.grammar_paths) {
    std::printf("only the first %llu k-paths were targeted\n",
                static_cast<unsigned long long>(steered.enumerated));
  }
  if (!steered.given_up_paths.empty()) {
    std::printf(
        "given up (no derivation of at most %zu bytes whose parse holds "
        "them): %zu k-paths: no route %llu, over budget %llu, does not "
        "parse %llu, not in the parse %llu; e.g.\n",
        max_size, steered.given_up_paths.size(),
        static_cast<unsigned long long>(steered.given_up[0]),
        static_cast<unsigned long long>(steered.given_up[1]),
        static_cast<unsigned long long>(steered.given_up[2]),
        static_cast<unsigned long long>(steered.given_up[3]));
    for (size_t i = 0; i < steered.given_up_paths.size() && i < 5; ++i) {
      const GivenUpPath& p = steered.given_up_paths[i];
      std::printf("  %s (%s)\n", graph.Describe(p.path).c_str(),
                  GiveUpReasonName(p.reason));
    }
  }
  return 0;
}

// `generate --kpath K --kpath_strategy greedy`: the greedy cover.
int GenerateKPathSuite(const Grammar& g, const Weights& weights,
                       const std::string& out, int k, size_t max_size) {
  SymbolGraph graph(g);
  KPathSuiteOptions opt;
  opt.k = k;
  opt.max_bytes = max_size;
  opt.seed = absl::GetFlag(FLAGS_seed);
  opt.max_derivations = absl::GetFlag(FLAGS_max_derivations);
  const uint64_t total = graph.Count(k);
  opt.progress = [total](uint64_t covered, size_t inputs, int64_t drawn) {
    std::fprintf(stderr,
                 "grammut generate: %zu inputs cover %llu of %llu k-paths "
                 "(%lld derivations drawn)\n",
                 inputs, static_cast<unsigned long long>(covered),
                 static_cast<unsigned long long>(total),
                 static_cast<long long>(drawn));
  };
  KPathSuite suite = BuildKPathSuite(graph, weights, opt);
  const int64_t bytes = WriteSuite(suite, out, k);
  if (bytes < 0) return 1;
  PrintSuiteWritten(suite, bytes, out, k);
  std::printf(
      "; %lld derivations drawn, %lld picks left out (their parse added "
      "nothing)\n",
      static_cast<long long>(suite.derivations),
      static_cast<long long>(suite.rejected));
  if (suite.covered < suite.grammar_paths) {
    std::printf(
        "the other k-paths never turned up in the parse of a derivation of "
        "at most %zu bytes within --max_derivations (list them: grammut "
        "kpath --k %d %s)\n",
        max_size, k, out.c_str());
  }
  return 0;
}

}  // namespace

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
  const int kpath = absl::GetFlag(FLAGS_kpath);
  if (kpath < 0 || kpath > 8) {
    std::fprintf(stderr, "grammut generate: --kpath takes 1..8\n");
    return 2;
  }
  if (kpath > 0) {
    const std::string strategy = absl::GetFlag(FLAGS_kpath_strategy);
    if (strategy == "steered") {
      return GenerateSteeredSuite(g, **weights, out, kpath,
                                  static_cast<size_t>(max_size));
    }
    if (strategy == "greedy") {
      return GenerateKPathSuite(g, **weights, out, kpath,
                                static_cast<size_t>(max_size));
    }
    std::fprintf(stderr,
                 "grammut generate: --kpath_strategy is steered or greedy\n");
    return 2;
  }
  Parser reparser(g);
  if ((*weights)->trees() == 0 && *mode != ProbabilityMode::kUniform) {
    std::fprintf(stderr,
                 "grammut generate: no --weights: every alternative is "
                 "unseen, so %s mode is uniform (learn weights with "
                 "`grammut learn`)\n",
                 ProbabilityModeName(*mode));
  }
  // The corpus's token texts `grammut learn` saved: reused, and walks keep
  // to the lexer steps they take (except in the inverse and uniform modes).
  TokenPool pool(g.max_token_type());
  GeneratorKit kit(g, **weights, &pool);
  if (absl::Status st = LoadTokenTextsBesideWeights(g, &pool, kit.tokens);
      !st.ok()) {
    std::fprintf(stderr, "grammut generate: %s\n",
                 std::string(st.message()).c_str());
    return 2;
  }
  // Names bound to definitions before them, by what `grammut learn` saved
  // beside the weights (and the grammar's binding file).
  auto bindings = LoadBindings(g, kit.tokens);
  if (!bindings.ok()) {
    std::fprintf(stderr, "grammut generate: %s\n",
                 std::string(bindings.status().message()).c_str());
    return 2;
  }
  Binder binder(**bindings, kit.tokens, kit.separators);
  Parser unit_parser(g);
  DefinitionsFirst definitions(g, **bindings, binder, kit.generator,
                               unit_parser);
  const bool bind = absl::GetFlag(FLAGS_bind);
  const bool singles = absl::GetFlag(FLAGS_singles);
  GenerateOptions opt;
  opt.max_bytes = static_cast<size_t>(max_size);
  opt.mode = *mode;
  Rng rng(absl::GetFlag(FLAGS_seed));
  int valid = 0, written = 0, used_ll = 0, definitions_put = 0;
  int singles_removed = 0, unenclosed_removed = 0;
  OperatorScratch scratch;
  std::string unused_bytes;
  TokenRepair token_repair;
  size_t largest = 0;
  const IndentationScheme& layout = g.indentation();
  for (int i = 0; i < n; ++i) {
    Tree t;
    const bool made =
        GenerateWholeInput(kit.generator, g, g.start_rule(), **weights,
                           static_cast<size_t>(max_size), rng, &opt, &t);
    if (!made) {
      if (g.rule_min_cost(g.start_rule()).bytes >
          static_cast<int64_t>(max_size)) {
        std::fprintf(stderr,
                     "grammut generate: the shortest input of rule %s is "
                     "over --max_size %d\n",
                     g.rule_name(g.start_rule()).c_str(), max_size);
      } else {
        std::fprintf(stderr,
                     "grammut generate: %d walks from rule %s in a row "
                     "ended where a semantic predicate could not hold "
                     "(--max_size %d)\n",
                     kWholeInputWalks, g.rule_name(g.start_rule()).c_str(),
                     max_size);
      }
      return 1;
    }
    if (bind) {
      // A second of a token its rule holds once (one PRIMARY KEY per
      // table) goes, names are bound, then a token outside what it needs
      // (`break` outside a loop) goes.
      TreeIndex index;
      MutationContext ctx =
          MakeContext(g, kit, rng, static_cast<size_t>(max_size), opt.mode,
                      opt.max_depth, index, scratch, &unused_bytes);
      if (singles) {
        singles_removed += token_repair.RemoveRepeats(
            ctx, (*bindings)->singles(), &t, 0, t.text().size());
      }
      definitions_put +=
          definitions.Bind(&t, rng, static_cast<size_t>(max_size), opt);
      // After the units it moved (a definition moved out of its loop takes
      // its `break` along).
      unenclosed_removed += token_repair.RemoveUnenclosed(
          ctx, (*bindings)->enclosed(), &t, 0, t.text().size());
    }
    // Units moved or taken out: indentation of their level again.
    if (layout.active() && (bind || singles)) FixIndentation(layout, &t);
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
  if (bind) {
    std::printf(
        "names: %lld bound, %d defining units put first, %lld uses with "
        "nothing to bind to taken out; %d repeats of single tokens and %d "
        "tokens outside what they need taken out\n",
        static_cast<long long>(binder.renamed()), definitions_put,
        static_cast<long long>(definitions.dropped()), singles_removed,
        unenclosed_removed);
  }
  return 0;
}

}  // namespace grammut::cli
