// rng.h: the one seeded random generator every randomized step uses.
//
// xoshiro256** seeded through splitmix64: fast, small, and the same sequence
// for the same seed on every platform and build, which is what makes
// mutations reproducible from libFuzzer's `Seed`.
#ifndef GRAMMUT_BASE_RNG_H_
#define GRAMMUT_BASE_RNG_H_

#include <cstdint>
#include <limits>

namespace grammut {

class Rng {
 public:
  using result_type = uint64_t;

  explicit Rng(uint64_t seed) { Seed(seed); }

  // Seed restarts the sequence from `seed`.
  void Seed(uint64_t seed) {
    for (uint64_t& s : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      s = z ^ (z >> 31);
    }
  }

  // Next 64 random bits.
  uint64_t Next() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // A number in [0, n); 0 when n is 0.
  uint64_t Below(uint64_t n) {
    if (n == 0) return 0;
    return static_cast<uint64_t>((static_cast<unsigned __int128>(Next()) * n) >>
                                 64);
  }

  // A number in [lo, hi] (inclusive).
  int64_t Range(int64_t lo, int64_t hi) {
    if (hi <= lo) return lo;
    return lo + static_cast<int64_t>(Below(static_cast<uint64_t>(hi - lo) + 1));
  }

  // A double in [0, 1).
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

  // True with probability p.
  bool Chance(double p) { return Uniform() < p; }

  // UniformRandomBitGenerator interface (for std::shuffle).
  static constexpr uint64_t min() { return 0; }
  static constexpr uint64_t max() {
    return std::numeric_limits<uint64_t>::max();
  }
  uint64_t operator()() { return Next(); }

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
};

}  // namespace grammut

#endif  // GRAMMUT_BASE_RNG_H_
