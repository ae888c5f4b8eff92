// selffuzz_target.cc: libFuzzer fuzzing grammut's own C ABI.
//
// The ABI functions are compiled into this binary under other names (so
// libFuzzer does not take them as its custom mutator) together with the
// whole library, built with AddressSanitizer and UBSan. The input is
// decoded as: op byte, two bytes of MaxSize, four bytes of seed, then the
// data (split in two for crossover). With bit 1 of the op byte, the output
// is mutated once more as libFuzzer's next chain step, after a report that
// the target read only part of it (grammut_report_read). Any crash or an
// output over MaxSize is a finding.
#include <cstdint>
#include <cstring>
#include <vector>

extern "C" size_t grammut_selffuzz_mutator(uint8_t* data, size_t size,
                                           size_t max_size, unsigned int seed);
extern "C" size_t grammut_selffuzz_crossover(const uint8_t* d1, size_t s1,
                                             const uint8_t* d2, size_t s2,
                                             uint8_t* out, size_t max_out,
                                             unsigned int seed);
extern "C" void grammut_feedback_read(size_t bytes);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 7) return 0;
  const uint8_t op = data[0];
  const size_t max_size = (static_cast<size_t>(data[1]) << 8 | data[2]) % 9000;
  unsigned seed;
  std::memcpy(&seed, data + 3, 4);
  data += 7;
  size -= 7;
  if (op & 1) {
    const size_t half = size / 2;
    std::vector<uint8_t> out(max_size + 1, 0xAB);
    const size_t n = grammut_selffuzz_crossover(
        data, half, data + half, size - half, out.data(), max_size, seed);
    if (n > max_size || out[max_size] != 0xAB) __builtin_trap();
  } else {
    std::vector<uint8_t> buf(std::max(size, max_size) + 1, 0xAB);
    std::memcpy(buf.data(), data, size);
    const size_t cap = std::max(size, max_size);
    const size_t n = grammut_selffuzz_mutator(buf.data(), size, max_size, seed);
    if (n > max_size || buf[cap] != 0xAB) __builtin_trap();
    if (op & 2) {
      grammut_feedback_read(seed % (n + 1));  // while the target runs it
      const size_t m = grammut_selffuzz_mutator(buf.data(), n, max_size, ~seed);
      if (m > max_size || buf[cap] != 0xAB) __builtin_trap();
    }
  }
  return 0;
}
