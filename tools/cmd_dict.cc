// `grammut dict`: the grammar's fixed tokens as a libFuzzer/AFL++
// dictionary (grammar/grammar_dictionary.h).
#include <cstdio>

#include "absl/flags/flag.h"
#include "grammar/grammar_dictionary.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunDict(const std::vector<std::string>& /*args*/) {
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut dict: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  const std::vector<std::string> words = GrammarDictionaryWords(**grammar);
  const std::string text = FormatDictionary(words, (*grammar)->name());
  const std::string out = absl::GetFlag(FLAGS_o);
  if (out.empty() || out == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
  }
  if (absl::Status s = WriteFile(out, text); !s.ok()) {
    std::fprintf(stderr, "grammut dict: %s\n",
                 std::string(s.message()).c_str());
    return 1;
  }
  std::fprintf(stderr, "grammut dict: %zu words written to %s\n", words.size(),
               out.c_str());
  return 0;
}

}  // namespace grammut::cli
