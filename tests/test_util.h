// test_util.h: helpers shared by the tests (grammar and sample locations).
#ifndef GRAMMUT_TESTS_TEST_UTIL_H_
#define GRAMMUT_TESTS_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "grammar_runtime/grammar.h"

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
// Reads a whole file.
std::string ReadFileOrDie(const std::string& path);
// The names of the shipped grammars.
const std::vector<std::string>& ShippedGrammars();

}  // namespace grammut::testing

#endif  // GRAMMUT_TESTS_TEST_UTIL_H_
