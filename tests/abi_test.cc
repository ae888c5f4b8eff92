// Tests that call the libFuzzer C ABI directly, as libFuzzer does. This
// binary links grammut::libfuzzer and the embedded JSON grammar, but not
// libFuzzer itself (so LLVMFuzzerMutate is absent and grammut's own byte
// mutator is used).
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "base/rng.h"
#include "gtest/gtest.h"
#include "libfuzzer/libfuzzer_abi.h"
#include "libfuzzer/libfuzzer_glue.h"

// grammut/feedback.h's entry point for grammut_report_read.
extern "C" void grammut_feedback_read(size_t bytes);

namespace {

const char kDoc[] =
    "{\"name\": \"grammut\", \"tags\": [\"fuzz\", \"grammar\"], "
    "\"n\": [1, 2.5, -3e2], \"ok\": true, \"nested\": {\"a\": null}}";

std::string Mutate(const std::string& in, size_t max_size, unsigned seed) {
  std::vector<uint8_t> buf(std::max(in.size(), max_size) + 1);
  std::memcpy(buf.data(), in.data(), in.size());
  const size_t n =
      LLVMFuzzerCustomMutator(buf.data(), in.size(), max_size, seed);
  EXPECT_LE(n, max_size);
  return std::string(reinterpret_cast<char*>(buf.data()),
                     std::min(n, max_size));
}

TEST(Abi, NeverOverMaxSizeFromZeroTo64KiB) {
  const std::string doc = kDoc;
  for (size_t max_size = 0; max_size <= 65536;) {
    for (unsigned seed = 0; seed < 8; ++seed) {
      EXPECT_LE(Mutate(doc, max_size, seed).size(), max_size);
    }
    max_size = max_size < 300 ? max_size + 1 : max_size + 997;
  }
}

TEST(Abi, MutatesValidInputIntoSomethingElse) {
  int changed = 0;
  for (unsigned seed = 0; seed < 100; ++seed) {
    changed += Mutate(kDoc, 4096, seed) != kDoc;
  }
  EXPECT_GT(changed, 95);
}

TEST(Abi, WhatTheTargetReadReachesTheMutator) {
  const grammut::MutatorStats& stats = grammut::LibFuzzerMutator().stats();
  const uint64_t before = stats.read_in_part;
  std::string out = Mutate(kDoc, 4096, 1);
  grammut_feedback_read(out.size() / 2);  // while the target runs `out`
  out = Mutate(out, 4096, 2);  // libFuzzer hands it back: a chain step
  EXPECT_EQ(stats.read_in_part, before + 1);
  grammut_feedback_read(out.size());  // read whole: not "in part"
  Mutate(out, 4096, 3);
  EXPECT_EQ(stats.read_in_part, before + 1);
}

TEST(Abi, GarbageIsHandled) {
  grammut::Rng rng(99);
  for (int i = 0; i < 300; ++i) {
    std::string junk(rng.Below(3000), '\0');
    for (char& c : junk) c = static_cast<char>(rng.Next());
    const size_t max_size = rng.Below(4096);
    EXPECT_LE(Mutate(junk, max_size, i).size(), max_size);
  }
  const std::string deep(100000, '[');
  EXPECT_LE(Mutate(deep, 200000, 1).size(), 200000u);
  EXPECT_LE(Mutate("", 10, 1).size(), 10u);
}

TEST(Abi, CrossOverStaysWithinTheLimit) {
  const std::string a = kDoc, b = "[{\"x\": [1, [2, [3]]]}, \"tail\"]";
  for (size_t max_out = 0; max_out < 400; max_out += 7) {
    std::vector<uint8_t> out(max_out + 1);
    const size_t n = LLVMFuzzerCustomCrossOver(
        reinterpret_cast<const uint8_t*>(a.data()), a.size(),
        reinterpret_cast<const uint8_t*>(b.data()), b.size(), out.data(),
        max_out, static_cast<unsigned>(max_out));
    EXPECT_LE(n, max_out);
  }
}

}  // namespace
