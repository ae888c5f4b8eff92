// The steady-state mutation path allocates nothing: this binary counts every
// operator new and checks that 10,000 mutations of cached corpus trees (in
// libFuzzer-style chains, outputs discarded or of unknown fate) allocate at
// most a small fixed number of times. In sanitizer builds every allocation
// costs stack unwinding and quarantine, so this is speed, not tidiness.
#include <atomic>
#include <cstdlib>
#include <new>

#include "parse/parser.h"
#include "gtest/gtest.h"
#include "mutate/donor_pool.h"
#include "mutate/mutator.h"
#include "tests/test_util.h"

namespace {
std::atomic<uint64_t> g_allocations{0};
}  // namespace

void* operator new(size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }

namespace grammut {
namespace {

// Plays `n` mutations over `corpus` as libFuzzer would (chains of 5).
void Play(Mutator& m, const std::vector<std::string>& corpus, int n,
          uint64_t* step) {
  static uint8_t buf[4096];
  static size_t size = 0;
  for (int k = 0; k < n; ++k, ++*step) {
    const uint64_t i = *step;
    Mutator::Input input = Mutator::Input::kLastOutput;
    if (i % 5 == 0) {
      const std::string& s = corpus[(i / 5) % corpus.size()];
      std::memcpy(buf, s.data(), s.size());
      size = s.size();
      input = Mutator::Input::kCorpusEntry;
    }
    if (i > 0) {
      m.ReportOutcome(input == Mutator::Input::kCorpusEntry
                          ? Mutator::Fate::kUnknown
                          : Mutator::Fate::kDiscarded,
                      1e-4);
    }
    size = m.Mutate(buf, size, sizeof buf, static_cast<unsigned>(i), input);
  }
}

class SteadyState : public ::testing::TestWithParam<std::string> {};

TEST_P(SteadyState, TenThousandMutationsAllocateAlmostNothing) {
  const std::string name = GetParam();
  MutatorConfig config;
  auto m = std::move(*Mutator::Create(config, testing::LoadShipped(name)));
  std::vector<std::string> corpus;
  for (const std::string& s : testing::SampleTexts(name)) {
    if (s.size() < 2048) corpus.push_back(s);
  }
  ASSERT_GE(corpus.size(), 5u);
  uint64_t step = 0;
  // Warm up: every entry parsed, learned and cached; buffers at full size;
  // the lexer DFA has met most token texts (it converges to a size set by
  // the grammar: code points are grouped into classes).
  Play(*m, corpus, 100000, &step);
  ASSERT_EQ(m->cache().size(), corpus.size());
  const int64_t parses = m->parses();
  const uint64_t before = g_allocations.load();
  Play(*m, corpus, 10000, &step);
  const uint64_t allocations = g_allocations.load() - before;
  EXPECT_EQ(m->parses(), parses);  // nothing parsed in steady state
  // A bound, not a rate: what remains are buffers meeting their largest
  // input yet (trees, their steps and indexes, generator frames, as chains
  // grow outputs) and the last few lexer DFA states: 10-101 per grammar
  // over repeated runs (json 62-74, sqlite 45-101), depending on how far
  // the random walk has grown its largest output. One allocation per
  // mutation would count 10,000.
  EXPECT_LE(allocations, 160u) << name;
  std::printf("%s: %llu allocations in 10,000 mutations\n", name.c_str(),
              static_cast<unsigned long long>(allocations));
}

// The donor pool learns from every kept output. Once a rule's donors are
// all taken, a new subtree overwrites an old donor in place, reusing its
// buffers: a pool that follows the corpus allocates little. (Copying each
// donor afresh cost three or more allocations per subtree: tens of
// thousands for these passes.)
TEST(DonorPoolSteadyState, FullPoolReplacesDonorsWithoutAllocating) {
  auto grammar = testing::LoadShipped("sqlite");
  Parser parser(*grammar);
  std::vector<Tree> trees;
  for (const std::string& f : testing::Samples("sqlite")) {
    auto r = parser.Parse(testing::ReadFileOrDie(f));
    ASSERT_TRUE(r.ok());
    trees.push_back(std::move(r->tree));
  }
  // Two donors per rule: the pool is full after the first pass, and its
  // memory of texts seen (16 per donor slot) forgets often enough that
  // every pass replaces donors again.
  DonorPool pool(grammar->num_rules(), size_t{64} << 20, 2);
  uint64_t salt = 0;
  auto pass = [&] {
    for (const Tree& t : trees) pool.AddTree(t, ++salt);
  };
  for (int k = 0; k < 3; ++k) pass();
  const uint64_t before = g_allocations.load();
  for (int k = 0; k < 3; ++k) pass();
  const uint64_t allocations = g_allocations.load() - before;
  // What remains: a donor meeting a larger subtree than it held, and the
  // seen-text sets growing again after they forget.
  EXPECT_LE(allocations, 200u);
  std::printf("donor pool: %llu allocations in 3 passes over %zu trees\n",
              static_cast<unsigned long long>(allocations), trees.size());
}

INSTANTIATE_TEST_SUITE_P(Shipped, SteadyState,
                         ::testing::Values("json", "xml", "sqlite", "lua"));

}  // namespace
}  // namespace grammut
