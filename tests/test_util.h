// test_util.h: helpers shared by the tests (grammar and sample locations).
#ifndef GRAMMUT_TESTS_TEST_UTIL_H_
#define GRAMMUT_TESTS_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "base/text_form.h"
#include "generate/generator.h"
#include "grammar/grammar.h"
#include "learn/weights.h"
#include "parse/parser.h"

namespace grammut::testing {

// Directory of the compiled .interp files of a shipped grammar.
std::string GrammarDir(const std::string& name);
// Source directory of a shipped grammar.
std::string GrammarSourceDir(const std::string& name);
// Path of a file under tests/data.
std::string TestData(const std::string& file);
// Loads a shipped grammar (fails the test on error).
std::unique_ptr<Grammar> LoadShipped(const std::string& name);
// The sample files of a shipped grammar, sorted.
std::vector<std::string> Samples(const std::string& name);
// The texts of the sample files of a shipped grammar, in Samples' order.
std::vector<std::string> SampleTexts(const std::string& name);
// Loads tests/data/<prefix>Lexer.g4 and <prefix>Parser.g4 (prefix
// "modes/Ini"), start rule s; null (and a failed expectation) on error.
std::unique_ptr<Grammar> LoadSplitTestGrammar(const std::string& prefix);
// Reads a whole file.
std::string ReadFileOrDie(const std::string& path);
// Reads `text` as a file named `source` into `reader`, one
// `reader->ParseLine(fields, bad)` call per line (the binding model's
// `single` and `enclosed` readers).
template <typename Reader>
absl::Status ReadTextLines(absl::string_view text, absl::string_view source,
                           Reader* reader) {
  return ForEachTextLine(
      text, source,
      [&](absl::Span<const absl::string_view> f, int, LineError bad) {
        return reader->ParseLine(f, bad);
      });
}
// Writes `g4` (a grammar's text) to `file` (e.g. "Expr.g4") in the test's
// temporary directory and loads it from there with `start_rule`. Compiled
// grammars are cached under the temporary directory too (GRAMMUT_CACHE_DIR),
// apart from other test runs.
absl::StatusOr<std::unique_ptr<Grammar>> LoadG4Text(
    const std::string& file, const std::string& g4,
    const std::string& start_rule = "");
// The names of the shipped grammars.
const std::vector<std::string>& ShippedGrammars();
// Expects every field of every node, the text, the trailer and each rule
// node's steps of `a` and `b` equal (the pools' layout may differ).
void ExpectSameTree(const Tree& a, const Tree& b);

// Generates `inputs` inputs of at most `max_bytes` from `grammar`'s start
// rule in uniform mode (seeded with `seed`) and expects each to parse again
// with no syntax error; the first that does not is shown.
void ExpectGeneratedInputsParse(const Grammar& grammar, int inputs,
                                uint64_t seed, size_t max_bytes = 4096);
// The same under `options` (mode, size) with a token pool (may be null);
// with `whole`, each input made as `grammut generate` makes one
// (GenerateWholeInput: a cap drawn up to options.max_bytes, walks tried
// again).
void ExpectGeneratedInputsParse(const Grammar& grammar, int inputs,
                                uint64_t seed, GenerateOptions options,
                                const TokenPool* pool, bool whole);

// A shipped grammar with its parser, weights learned from its samples (the
// clean parses) and a generator over them.
struct LearnedKit {
  explicit LearnedKit(const std::string& name);
  std::unique_ptr<Grammar> grammar;
  Parser parser;
  Weights weights;
  GeneratorKit gen;
  Generator& generator;
};

}  // namespace grammut::testing

#endif  // GRAMMUT_TESTS_TEST_UTIL_H_
