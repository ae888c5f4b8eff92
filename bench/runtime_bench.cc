// runtime_bench.cc: speed of parsing, generation and mutation, and memory
// growth over a long run (Google Benchmark). Run by scripts/bench_runtime.sh.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "grammar_runtime/generator.h"
#include "grammar_runtime/grammar.h"
#include "grammar_runtime/parser.h"
#include "mutator/mutator.h"
#include "mutator/operators.h"

namespace grammut {
namespace {

const char* kGrammars[] = {"json", "xml", "sqlite", "lua"};

std::unique_ptr<Grammar> Load(const std::string& name) {
  auto g = Grammar::Load(std::string(GRAMMUT_BINARY_DIR) + "/grammars/" + name);
  if (!g.ok()) std::abort();
  return std::move(*g);
}

std::vector<std::string> Samples(const std::string& name) {
  std::vector<std::string> out;
  const std::string dir =
      std::string(GRAMMUT_SOURCE_DIR) + "/antlr_grammars/" + name + "/samples";
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

void BM_Parse(benchmark::State& state) {
  const std::string name = kGrammars[state.range(0)];
  auto g = Load(name);
  Parser parser(*g);
  const auto samples = Samples(name);
  size_t bytes = 0, i = 0;
  for (auto _ : state) {
    const std::string& s = samples[i++ % samples.size()];
    auto r = parser.Parse(s);
    benchmark::DoNotOptimize(r);
    bytes += s.size();
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.SetLabel(name);
}
BENCHMARK(BM_Parse)->DenseRange(0, 3);

void BM_Generate(benchmark::State& state) {
  const std::string name = kGrammars[state.range(0)];
  auto g = Load(name);
  Parser parser(*g), checker(*g);
  Weights w(*g);
  for (const std::string& s : Samples(name)) w.AddTree(parser.Parse(s)->tree);
  TokenGenerator tokens(*g, &checker);
  Generator gen(*g, w, tokens, nullptr);
  GenerateOptions options;
  options.max_bytes = 1024;
  options.mode = static_cast<ProbabilityMode>(state.range(1));
  Rng rng(1);
  size_t bytes = 0;
  for (auto _ : state) {
    auto t = gen.Generate(g->start_rule(), rng, options);
    bytes += t->TextSize();
  }
  state.SetItemsProcessed(state.iterations());
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
  state.SetLabel(name + "/" + ProbabilityModeName(options.mode));
}
BENCHMARK(BM_Generate)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}});

// libFuzzer-like use: pick a corpus entry, chain up to 5 mutations.
void RunMutations(benchmark::State& state, const std::string& name,
                  const std::string& op) {
  MutatorConfig config;
  auto m = std::move(*Mutator::Create(config, Load(name)));
  if (!op.empty() && !m->RestrictOperators({op}).ok()) std::abort();
  const auto samples = Samples(name);
  std::string cur;
  uint64_t i = 0;
  for (auto _ : state) {
    if (i % 5 == 0) cur = samples[(i / 5) % samples.size()];
    cur = m->MutateString(cur, 4096, static_cast<unsigned>(i));
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(name + (op.empty() ? " (all operators)" : " " + op));
}

void BM_Mutate(benchmark::State& state) {
  RunMutations(state, kGrammars[state.range(0)], "");
}
BENCHMARK(BM_Mutate)->DenseRange(0, 3);

void BM_MutateOperator(benchmark::State& state) {
  const std::string name = state.range(0) == 0 ? "json" : "sqlite";
  const auto& ops = Operators();
  if (state.range(1) >= static_cast<int64_t>(ops.size()) - 1) return;
  RunMutations(state, name, ops[state.range(1)].name);
}
BENCHMARK(BM_MutateOperator)
    ->ArgsProduct({{0, 1}, benchmark::CreateDenseRange(0, 10, 1)});

// One 1 KB JSON document mutated over and over (the 200k/s goal).
void BM_MutateJson1KB(benchmark::State& state) {
  MutatorConfig config;
  auto m = std::move(*Mutator::Create(config, Load("json")));
  std::string doc = "{\"items\": [";
  for (int i = 0; doc.size() < 1000; ++i) {
    doc += (i ? ", " : "") + std::string("{\"id\": ") + std::to_string(i) +
           ", \"name\": \"item\", \"ok\": true}";
  }
  doc += "]}";
  std::string cur = doc;
  uint64_t i = 0;
  for (auto _ : state) {
    if (i % 5 == 0) cur = doc;
    cur = m->MutateString(cur, 4096, static_cast<unsigned>(i++));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MutateJson1KB);

long RssKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

// RSS growth over one million mutations (goal: < 50 MB).
void BM_RssGrowthOneMillion(benchmark::State& state) {
  for (auto _ : state) {
    MutatorConfig config;
    auto m = std::move(*Mutator::Create(config, Load("json")));
    const auto samples = Samples("json");
    std::string cur;
    for (int i = 0; i < 20000; ++i) {  // warm up
      if (i % 5 == 0) cur = samples[(i / 5) % samples.size()];
      cur = m->MutateString(cur, 4096, i);
    }
    const long before = RssKb();
    for (int i = 0; i < 1000000; ++i) {
      if (i % 5 == 0) cur = samples[(i / 5) % samples.size()];
      cur = m->MutateString(cur, 4096, i);
    }
    state.counters["rss_growth_MB"] = (RssKb() - before) / 1024.0;
    state.counters["rss_MB"] = RssKb() / 1024.0;
  }
}
BENCHMARK(BM_RssGrowthOneMillion)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace grammut

BENCHMARK_MAIN();
