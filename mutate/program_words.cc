#include "mutate/program_words.h"

#include <utility>

#include "absl/container/flat_hash_set.h"

namespace grammut {

std::vector<std::string> ProgramWords(absl::string_view data,
                                      const ProgramWordLimits& limits) {
  std::vector<std::string> words;
  absl::flat_hash_set<absl::string_view> seen;
  size_t start = 0;
  for (size_t k = 0; k < data.size() && words.size() < limits.max_words; ++k) {
    const unsigned char c = static_cast<unsigned char>(data[k]);
    if (c > 0x20 && c < 0x7f) continue;
    const size_t length = k - start;
    if (c == '\0' && length >= limits.min_length &&
        length <= limits.max_length) {
      const absl::string_view word = data.substr(start, length);
      if (seen.insert(word).second) words.emplace_back(word);
    }
    start = k + 1;
  }
  return words;
}

}  // namespace grammut
