// runtime_bench.cc: speed of parsing, generation and mutation, and memory
// growth over a long run (Google Benchmark). Run by scripts/bench_runtime.sh.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "mutate/mutator.h"
#include "mutate/operators/operators.h"
#include "parse/parser.h"

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
  Parser parser(*g);
  Weights w(*g);
  for (const std::string& s : Samples(name)) w.AddTree(parser.Parse(s)->tree);
  GeneratorKit kit(*g, w, nullptr);
  Generator& gen = kit.generator;
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

// libFuzzer-like use: pick a corpus entry, chain up to 5 mutations, each
// output discarded (the steady state: no new coverage). `arms` as in
// GRAMMUT_ARMS; the default "grammar" measures the tree operators only.
void RunMutations(benchmark::State& state,
                  const std::vector<std::string>& corpus,
                  const std::string& name, const std::string& arms) {
  MutatorConfig config;
  auto m = std::move(*Mutator::Create(config, Load(name)));
  if (!m->RestrictArms(arms).ok()) std::abort();
  std::vector<uint8_t> buf(4096);
  size_t size = 0;
  uint64_t i = 0;
  auto step = [&]() {
    Mutator::Input input = Mutator::Input::kLastOutput;
    if (i % 5 == 0) {
      const std::string& s = corpus[(i / 5) % corpus.size()];
      std::memcpy(buf.data(), s.data(), s.size());
      size = s.size();
      input = Mutator::Input::kCorpusEntry;
    }
    if (i > 0) {
      m->ReportOutcome(input == Mutator::Input::kCorpusEntry
                           ? Mutator::Fate::kUnknown
                           : Mutator::Fate::kDiscarded,
                       1e-4);
    }
    size = m->Mutate(buf.data(), size, buf.size(), static_cast<unsigned>(i),
                     input);
    ++i;
  };
  // Warm up: every corpus entry parsed and learned once.
  for (size_t k = 0; k < 5 * corpus.size(); ++k) step();
  for (auto _ : state) step();
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(name + " " + arms);
}

void BM_Mutate(benchmark::State& state) {
  const std::string name = kGrammars[state.range(0)];
  RunMutations(state, Samples(name), name, "grammar");
}
BENCHMARK(BM_Mutate)->DenseRange(0, 3);

void BM_MutateOperator(benchmark::State& state) {
  const std::string name = kGrammars[state.range(0)];
  const auto& ops = Operators();
  const std::string op = ops[state.range(1)].name;
  if (op == "crossover") {  // needs a second input: not through Mutate
    state.SkipWithError("crossover runs through CrossOver");
    return;
  }
  RunMutations(state, Samples(name), name, op);
}
BENCHMARK(BM_MutateOperator)
    ->ArgsProduct({{0, 1, 2, 3},
                   benchmark::CreateDenseRange(
                       0, static_cast<int>(Operators().size()) - 1, 1)});

// The bytes family alone: libFuzzer's mutations through grammut's call path
// (here grammut's own byte mutator: no libFuzzer in this binary).
void BM_MutateBytesFamily(benchmark::State& state) {
  RunMutations(state, Samples("json"), "json", "bytes");
}
BENCHMARK(BM_MutateBytesFamily);

// One 1 KB JSON document mutated over and over (the 200k/s goal), with
// the samples as the rest of the corpus (donors, tokens, weights).
void BM_MutateJson1KB(benchmark::State& state) {
  std::string doc = "{\"items\": [";
  for (int i = 0; doc.size() < 1000; ++i) {
    doc += (i ? ", " : "") + std::string("{\"id\": ") + std::to_string(i) +
           ", \"name\": \"item\", \"ok\": true}";
  }
  doc += "]}";
  std::vector<std::string> corpus = Samples("json");
  corpus.insert(corpus.begin(), doc);
  // Chains start from `doc` every time after the warm-up.
  MutatorConfig config;
  auto m = std::move(*Mutator::Create(config, Load("json")));
  if (!m->RestrictArms("grammar").ok()) std::abort();
  std::vector<uint8_t> buf(4096);
  size_t size = 0;
  uint64_t i = 0;
  for (const std::string& s : corpus) m->MutateString(s, 4096, 1);
  for (auto _ : state) {
    Mutator::Input input = Mutator::Input::kLastOutput;
    if (i % 5 == 0) {
      std::memcpy(buf.data(), doc.data(), doc.size());
      size = doc.size();
      input = Mutator::Input::kCorpusEntry;
    }
    m->ReportOutcome(input == Mutator::Input::kCorpusEntry
                         ? Mutator::Fate::kUnknown
                         : Mutator::Fate::kDiscarded,
                     1e-4);
    size = m->Mutate(buf.data(), size, buf.size(), static_cast<unsigned>(i++),
                     input);
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
    auto step = [&](int i) {
      const bool start = i % 5 == 0;
      if (start) cur = samples[(i / 5) % samples.size()];
      if (i > 0) {
        m->ReportOutcome(
            start ? Mutator::Fate::kUnknown : Mutator::Fate::kDiscarded, 1e-4);
      }
      cur = m->MutateString(
          cur, 4096, i, nullptr,
          start ? Mutator::Input::kCorpusEntry : Mutator::Input::kLastOutput);
    };
    for (int i = 0; i < 20000; ++i) step(i);  // warm up
    const long before = RssKb();
    for (int i = 0; i < 1000000; ++i) step(i);
    state.counters["rss_growth_MB"] = (RssKb() - before) / 1024.0;
    state.counters["rss_MB"] = RssKb() / 1024.0;
  }
}
BENCHMARK(BM_RssGrowthOneMillion)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace grammut

BENCHMARK_MAIN();
