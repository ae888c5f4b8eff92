// program_words.h: words the fuzzed program itself contains.
//
// A grammar knows a language's syntax, not the names a program gives
// meaning to: SQLite's pragma and function names, a JavaScript engine's
// built-in methods, an XML parser's encoding names. Those names sit in the
// program's read-only data (the engine glue finds it: libfuzzer/
// main_program.h), as NUL-terminated strings. Mutator::AddProgramWords keeps
// each for the open token types (identifiers, numbers...) whose lexer reads
// it whole as one token, and generation offers them beside the corpus's
// texts, as libFuzzer's comparison tracing and AFL++'s auto-dictionary offer
// them to byte mutations.
#ifndef GRAMMUT_MUTATE_PROGRAM_WORDS_H_
#define GRAMMUT_MUTATE_PROGRAM_WORDS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace grammut {

// Bounds on the words taken.
struct ProgramWordLimits {
  size_t min_length = 3;
  size_t max_length = 40;
  size_t max_words = 20000;  // distinct words, first seen first
};

// The distinct runs of printable, non-space ASCII in `data` that end at a
// NUL (C strings) and fit `limits`, in order.
std::vector<std::string> ProgramWords(absl::string_view data,
                                      const ProgramWordLimits& limits = {});

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_PROGRAM_WORDS_H_
