// libfuzzer_dictionary.h: the grammar's words in libFuzzer's -dict.
//
// libFuzzer's own mutations (LLVMFuzzerMutate: the bytes family, token byte
// edits) insert words of its -dict. libFuzzer reads that flag after calling
// LLVMFuzzerInitialize(&argc, &argv), which may change argv, so the glue
// points -dict at a file holding the grammar's fixed tokens
// (grammar_dictionary.h), after the words of the -dict the user gave, if
// any. The file lives in grammut's cache, named by a hash of its contents;
// a -dict already naming such a file (a -fork or -jobs worker, started with
// its parent's flags) is left alone.
#ifndef GRAMMUT_LIBFUZZER_LIBFUZZER_DICTIONARY_H_
#define GRAMMUT_LIBFUZZER_LIBFUZZER_DICTIONARY_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace grammut {

// What AddDictionaryFlag did.
struct DictionaryChange {
  std::vector<std::string> args;  // the new command line
  std::string description;        // for the start-up line
};

// The command line `args` (program name first) with -dict naming a file in
// `cache_dir` that holds the dictionary the user's -dict named (if any),
// then `dictionary` (the grammar's, in libFuzzer's format). `args` unchanged
// when its -dict already names a file in `cache_dir`. Errors: the user's
// dictionary cannot be read, the file cannot be written.
absl::StatusOr<DictionaryChange> AddDictionaryFlag(
    const std::vector<std::string>& args, const std::string& dictionary,
    const std::string& cache_dir);

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_LIBFUZZER_DICTIONARY_H_
