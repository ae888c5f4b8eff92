// With learning off (GRAMMUT_MODE=uniform, no weights file: set by ctest),
// the same Data and Seed always give the same output through the C ABI,
// whatever was mutated before.
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "libfuzzer/libfuzzer_abi.h"


namespace {

std::string Mutate(const std::string& in, unsigned seed) {
  std::vector<uint8_t> buf(4096);
  std::memcpy(buf.data(), in.data(), in.size());
  const size_t n = LLVMFuzzerCustomMutator(buf.data(), in.size(), 4096, seed);
  return std::string(reinterpret_cast<char*>(buf.data()), n);
}

TEST(AbiUniform, SameDataAndSeedSameOutput) {
  const std::vector<std::string> inputs = {
      "[1, 2, 3]", "{\"a\": {\"b\": [true, false, null]}}", "\"text\"",
      "{\"k\": -1.5e3, \"list\": [[], {}, [1]]}"};
  std::map<std::pair<size_t, unsigned>, std::string> first;
  for (int round = 0; round < 4; ++round) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      for (unsigned seed = 0; seed < 25; ++seed) {
        const std::string out =
            Mutate(inputs[(i + round) % inputs.size()], seed);
        auto key = std::make_pair((i + round) % inputs.size(), seed);
        auto [it, fresh] = first.emplace(key, out);
        if (!fresh) EXPECT_EQ(it->second, out);
      }
    }
  }
}

}  // namespace
