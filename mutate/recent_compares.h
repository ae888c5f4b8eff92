// recent_compares.h: what the target lately compared its input with.
//
// A fuzzing engine that instruments comparisons keeps the last ones it saw:
// libFuzzer's tables of recent compares hold the two sides of recent
// memcmp/strcmp calls and of integer comparisons. One side is often a piece
// of the input and the other what the target wanted there: a keyword, a
// name it knows, a magic number. The token-compare operator writes the
// wanted side into the token that holds the other, so the input keeps its
// structure (operators_compare.cc). The core reads the pairs through this
// interface; the engine's glue implements it (libfuzzer/libfuzzer_compares.h).
#ifndef GRAMMUT_MUTATE_RECENT_COMPARES_H_
#define GRAMMUT_MUTATE_RECENT_COMPARES_H_

#include <string>
#include <vector>

namespace grammut {

// The two sides of one comparison.
struct ComparedPair {
  std::string a, b;
  // Integers, as decimal text: they stand for a whole token, never for a
  // part of one (a "1" inside "210" is not the value 1).
  bool number = false;
};

// A source of recent comparisons.
class RecentCompares {
 public:
  virtual ~RecentCompares() = default;
  // Replaces `*out` with the pairs recorded now (reusing its entries'
  // buffers), in a fixed order for the same recorded state.
  virtual void Read(std::vector<ComparedPair>* out) = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_RECENT_COMPARES_H_
