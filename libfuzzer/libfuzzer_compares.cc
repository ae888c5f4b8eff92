// libfuzzer_compares.cc: see libfuzzer_compares.h.
#include "libfuzzer/libfuzzer_compares.h"

#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "libfuzzer/main_program.h"

namespace grammut {
namespace {

constexpr size_t kPairs = 32;
constexpr size_t kWordBytes = 64;  // libFuzzer's Word::kMaxSize
constexpr size_t kWordsOffset = kPairs * 2 * 4 + kPairs * 2 * 8;

// The next entry of `out` to fill (its buffers reused).
ComparedPair& NextPair(std::vector<ComparedPair>* out, size_t* used) {
  if (*used == out->size()) out->emplace_back();
  return (*out)[(*used)++];
}

template <typename T>
void AddNumbers(const uint8_t* table, std::vector<ComparedPair>* out,
                size_t* used) {
  for (size_t i = 0; i < kPairs; ++i) {
    T a, b;
    std::memcpy(&a, table + (2 * i) * sizeof(T), sizeof(T));
    std::memcpy(&b, table + (2 * i + 1) * sizeof(T), sizeof(T));
    if (a == b || (a < 2 && b < 2)) continue;
    ComparedPair& p = NextPair(out, used);
    p.a = absl::StrCat(a);
    p.b = absl::StrCat(b);
    p.number = true;
  }
}

}  // namespace

bool DecodeLibFuzzerCompares(absl::Span<const uint8_t> tables,
                             std::vector<ComparedPair>* out) {
  size_t used = 0;
  if (tables.size() < kLibFuzzerCompareTablesBytes) {
    out->clear();
    return false;
  }
  const uint8_t* words = tables.data() + kWordsOffset;
  for (size_t i = 0; i < 2 * kPairs; ++i) {
    if (words[i * (kWordBytes + 1)] > kWordBytes) {
      out->clear();
      return false;
    }
  }
  for (size_t i = 0; i < kPairs; ++i) {
    const uint8_t* a = words + (2 * i) * (kWordBytes + 1);
    const uint8_t* b = a + kWordBytes + 1;
    if (a[0] == 0 || b[0] == 0) continue;
    const absl::string_view wa(reinterpret_cast<const char*>(a + 1), a[0]);
    const absl::string_view wb(reinterpret_cast<const char*>(b + 1), b[0]);
    if (wa == wb) continue;
    ComparedPair& p = NextPair(out, &used);
    p.a.assign(wa.data(), wa.size());
    p.b.assign(wb.data(), wb.size());
    p.number = false;
  }
  AddNumbers<uint32_t>(tables.data(), out, &used);
  AddNumbers<uint64_t>(tables.data() + kPairs * 2 * 4, out, &used);
  out->resize(used);
  return true;
}

std::unique_ptr<LibFuzzerCompares> LibFuzzerCompares::Find() {
  const absl::Span<const uint8_t> tpc = MainProgramObject("_ZN6fuzzer3TPCE");
  if (tpc.size() < kLibFuzzerCompareTablesBytes) return nullptr;
  return std::make_unique<LibFuzzerCompares>(
      tpc.first(kLibFuzzerCompareTablesBytes));
}

void LibFuzzerCompares::Read(std::vector<ComparedPair>* out) {
  if (!usable_) {
    out->clear();
    return;
  }
  usable_ = DecodeLibFuzzerCompares(tables_, out);
}

}  // namespace grammut
