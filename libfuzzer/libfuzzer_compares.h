// libfuzzer_compares.h: libFuzzer's tables of recent compares, read for the
// token-compare operator (recent_compares.h).
//
// With -use_cmp (on by default) libFuzzer records the operands of the
// target's integer comparisons and of its memcmp/strcmp-family calls in
// fixed tables at the start of its global `fuzzer::TPC`, and its own CMP
// mutation writes them into inputs. The program does not export that
// object, so the glue finds it in the program's symbol table
// (main_program.h) and reads the tables in the layout libFuzzer has kept
// since LLVM 6: 32 pairs of uint32, 32 pairs of uint64, then 32 pairs of
// words (a size byte, then up to 64 bytes). A table that does not fit that
// layout (a word over 64 bytes) is never read again.
#ifndef GRAMMUT_LIBFUZZER_LIBFUZZER_COMPARES_H_
#define GRAMMUT_LIBFUZZER_LIBFUZZER_COMPARES_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/types/span.h"
#include "mutate/recent_compares.h"

namespace grammut {

// Bytes of the tables at the start of fuzzer::TPC.
inline constexpr size_t kLibFuzzerCompareTablesBytes =
    32 * 2 * 4 + 32 * 2 * 8 + 32 * 2 * 65;

// Decodes the tables (the first kLibFuzzerCompareTablesBytes of `tables`)
// into `out`: the word pairs, then the integer pairs as decimal text. Pairs
// with equal sides and integer pairs of two values below 2 are left out.
// False (and `out` empty) if `tables` is too short or does not fit the
// layout.
bool DecodeLibFuzzerCompares(absl::Span<const uint8_t> tables,
                             std::vector<ComparedPair>* out);

// The tables of the running libFuzzer.
class LibFuzzerCompares : public RecentCompares {
 public:
  // The running program's tables, or null when its symbol table does not
  // have fuzzer::TPC (a stripped program, or no libFuzzer).
  static std::unique_ptr<LibFuzzerCompares> Find();

  explicit LibFuzzerCompares(absl::Span<const uint8_t> tables)
      : tables_(tables) {}
  void Read(std::vector<ComparedPair>* out) override;
  // False once a read found a layout it does not know.
  bool usable() const { return usable_; }

 private:
  absl::Span<const uint8_t> tables_;
  bool usable_ = true;
};

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_LIBFUZZER_COMPARES_H_
