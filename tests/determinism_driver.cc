// determinism_driver: calls the libFuzzer C ABI of libgrammut.so as a fuzzer
// would, from a fixed sequence of seeds, and prints a hash of every output.
//
// Usage: determinism_driver SAMPLES_DIR [CALLS]
// The grammar and settings come from the environment, as in a fuzz target
// (GRAMMUT_GRAMMAR, GRAMMUT_DETERMINISTIC=1, GRAMMUT_PARSE_HELPER, ...).
// The samples are the first corpus; an output "is kept" (joins the corpus)
// when its hash says so, and each output "runs": the driver reports a
// verdict, a handled failure and how much was read (grammut/feedback.h)
// before the next call, as a target would. Chains of up to five in-place
// mutations imitate libFuzzer's -mutate_depth. Two processes given the same
// arguments must print the same lines (deterministic_across_processes).
#include <dirent.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "libfuzzer/libfuzzer_abi.h"
#include "grammut/feedback.h"


namespace {

constexpr size_t kMaxLen = 4096;
constexpr size_t kMaxCorpus = 128;
constexpr int kDepth = 5;

uint64_t Fnv1a(const uint8_t* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

// The fixed sequence of seeds and choices (splitmix64).
uint64_t Next(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::vector<std::string> ReadSamples(const char* dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir)) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  std::vector<std::string> samples;
  for (const std::string& name : names) {
    std::ifstream in(std::string(dir) + "/" + name, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    std::string bytes = s.str();
    if (bytes.size() > kMaxLen) bytes.resize(kMaxLen);
    samples.push_back(std::move(bytes));
  }
  return samples;
}

// What a target says while it runs `out` (a function of its bytes only).
void Run(const uint8_t* out, size_t n, uint64_t h) {
  grammut_report_input(out, n);
  grammut_report_valid(h % 3 != 0);
  if (h % 7 == 0) grammut_report_failure(static_cast<uint32_t>(h >> 40) % 5);
  if (n > 0 && h % 4 == 0) grammut_report_read((h >> 8) % n);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SAMPLES_DIR [CALLS]\n", argv[0]);
    return 2;
  }
  std::vector<std::string> corpus = ReadSamples(argv[1]);
  const long calls = argc > 2 ? std::strtol(argv[2], nullptr, 10) : 3000;
  if (corpus.empty()) {
    std::fprintf(stderr, "no samples in %s\n", argv[1]);
    return 2;
  }
  uint64_t state = 48;
  std::vector<uint8_t> buf(kMaxLen), out(kMaxLen);
  long made = 0;
  while (made < calls) {
    const std::string& unit = corpus[Next(&state) % corpus.size()];
    const bool cross = Next(&state) % 4 == 0;
    size_t size = unit.size();
    std::memcpy(buf.data(), unit.data(), size);
    // libFuzzer mutates its copy of a unit up to -mutate_depth times in
    // place, and stops at the first output that is kept.
    for (int step = 0; step < kDepth && made < calls; ++step, ++made) {
      const unsigned seed = static_cast<unsigned>(Next(&state));
      // Now and then MaxSize < Size, as -minimize_crash asks (shrink).
      const size_t max_size =
          Next(&state) % 8 == 0 && size > 1 ? size - 1 : kMaxLen;
      size_t n;
      if (cross) {
        const std::string& other = corpus[Next(&state) % corpus.size()];
        n = LLVMFuzzerCustomCrossOver(
            buf.data(), size, reinterpret_cast<const uint8_t*>(other.data()),
            other.size(), out.data(), max_size, seed);
        n = std::min(n, max_size);
        std::memcpy(buf.data(), out.data(), n);
      } else {
        n = LLVMFuzzerCustomMutator(buf.data(), size, max_size, seed);
        n = std::min(n, max_size);
      }
      size = n;
      const uint64_t h = Fnv1a(buf.data(), n);
      std::printf("%ld %c %zu %016llx\n", made, cross ? 'x' : 'm', n,
                  static_cast<unsigned long long>(h));
      Run(buf.data(), n, h);
      if (h % 16 == 0 && n > 0) {
        std::string kept(reinterpret_cast<const char*>(buf.data()), n);
        if (corpus.size() < kMaxCorpus) {
          corpus.push_back(std::move(kept));
        } else {
          corpus[Next(&state) % corpus.size()] = std::move(kept);
        }
        ++made;
        break;
      }
    }
  }
  return 0;
}
