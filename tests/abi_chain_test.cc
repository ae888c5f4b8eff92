// Credit through the C ABI: this binary plays libFuzzer 14's loop
// (MutateAndTestOne: a corpus unit, then up to -mutate_depth mutations fed
// back in, stopping early when an output adds coverage), with a scripted
// "coverage" verdict for every output, and checks that grammut's glue told
// the core exactly what happened to each output. ctest runs it with
// -mutate_depth=1, 3 and 10 on the command line and without the flag (5),
// so the glue reads the depth from /proc/self/cmdline as it would under a
// real libFuzzer.
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "base/rng.h"
#include "gtest/gtest.h"
#include "libfuzzer/libfuzzer_abi.h"
#include "libfuzzer/libfuzzer_flags.h"
#include "libfuzzer/libfuzzer_glue.h"

namespace grammut {
namespace {

struct Expected {
  uint64_t kept = 0, discarded = 0, unknown = 0, late = 0;
};

// Runs `units` iterations of libFuzzer's loop. `keep(k)` decides whether
// the k-th output adds coverage. Returns what the glue should report.
template <typename Keep>
Expected PlayLibFuzzer(int units, Keep keep, bool crossover) {
  const int depth = LibFuzzerFlags::FromProcess().mutate_depth();
  std::vector<std::string> corpus = {"[1, 2, 3]", "{\"a\": true}",
                                     "[\"x\", {\"b\": null}]"};
  // Outputs of unknown fate (the last of a full chain), by content: when a
  // corpus entry with that content shows up, the glue credits it late.
  std::set<std::string> pending;
  Expected e;
  Rng rng(99);
  constexpr size_t kMax = 4096;
  std::vector<uint8_t> data(kMax), scratch(kMax);
  int outputs = 0;
  // libFuzzer may start a chain with a unit whose bytes equal the output it
  // just kept (that output itself, or an equal entry); that one case looks
  // like a chain step to the glue, so this script does not do it.
  std::string last_out;
  uint64_t* final_fate = nullptr;
  auto see_entry = [&](const std::string& entry) {
    if (pending.erase(entry) > 0) ++e.late;
  };
  for (int u = 0; u < units; ++u) {
    size_t pick = rng.Below(corpus.size());
    while (corpus[pick] == last_out) pick = (pick + 1) % corpus.size();
    const size_t other = rng.Below(corpus.size());
    const std::string unit = corpus[pick];
    std::memcpy(data.data(), unit.data(), unit.size());
    size_t size = unit.size();
    for (int i = 0; i < depth; ++i) {
      if (i == 0) see_entry(unit);
      if (crossover && rng.Chance(0.5)) {
        const std::string o = corpus[other];
        see_entry(o);  // the partner is a corpus entry too
        size = LLVMFuzzerCustomCrossOver(
            data.data(), size, reinterpret_cast<const uint8_t*>(o.data()),
            o.size(), scratch.data(), kMax, static_cast<unsigned>(outputs));
        std::memcpy(data.data(), scratch.data(), size);
      } else {
        size = LLVMFuzzerCustomMutator(data.data(), size, kMax,
                                       static_cast<unsigned>(outputs));
      }
      const std::string out(reinterpret_cast<char*>(data.data()), size);
      const bool last = i + 1 == depth;
      const bool kept = keep(outputs++);
      if (kept) corpus.push_back(out);
      last_out = out;
      // What the next call will tell of this output.
      if (last) {
        ++e.unknown;
        pending.insert(out);
      } else if (kept) {
        ++e.kept;
      } else {
        ++e.discarded;
      }
      final_fate = last ? &e.unknown : kept ? &e.kept : &e.discarded;
      if (kept) break;
    }
  }
  // No call follows the very last output: its fate is never told.
  --*final_fate;
  return e;
}

void ExpectCredit(const Expected& e) {
  const Mutator& m = LibFuzzerMutator();
  EXPECT_EQ(m.stats().kept, e.kept);
  EXPECT_EQ(m.stats().discarded, e.discarded);
  EXPECT_EQ(m.stats().unknown, e.unknown);
  EXPECT_EQ(m.stats().late_credit, e.late);
  // Every credit went to exactly one family.
  EXPECT_EQ(m.family_bandit().wins(kGrammarFamily) +
                m.family_bandit().wins(kBytesFamily),
            e.kept + e.late);
}

TEST(AbiChains, NothingKept) {
  const Expected e = PlayLibFuzzer(
      40, [](int) { return false; }, false);
  ExpectCredit(e);
  EXPECT_EQ(e.kept, 0u);
}

TEST(AbiChains, EveryThirdOutputKept) {
  const Expected e = PlayLibFuzzer(
      60, [](int k) { return k % 3 == 2; }, false);
  ExpectCredit(e);
  EXPECT_GT(e.kept + e.late, 0u);
}

TEST(AbiChains, ScriptedVerdictsWithCrossOver) {
  Rng verdicts(5);
  std::vector<bool> script(2000);
  for (size_t k = 0; k < script.size(); ++k) script[k] = verdicts.Chance(0.2);
  const Expected e = PlayLibFuzzer(
      200, [&](int k) { return script[k]; }, true);
  ExpectCredit(e);
}

TEST(AbiChains, DepthIsReadFromTheCommandLine) {
  // ctest passes -mutate_depth=N; without it libFuzzer's default is 5.
  const LibFuzzerFlags flags = LibFuzzerFlags::FromProcess();
  const char* expected = std::getenv("GRAMMUT_TEST_EXPECTED_DEPTH");
  ASSERT_NE(expected, nullptr);
  EXPECT_EQ(flags.mutate_depth(), std::atoi(expected));
}

}  // namespace
}  // namespace grammut
