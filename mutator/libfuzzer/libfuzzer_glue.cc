// libfuzzer_glue.cc: the libFuzzer C ABI, a thin layer over grammut::Mutator.
//
// The mutator is created once, at load time (so a misconfiguration stops
// the process with one clear line before fuzzing starts), from the
// GRAMMUT_* environment variables or the embedded grammar.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "grammar_runtime/grammar.h"
#include "grammar_runtime/interp_file.h"
#include "mutator/config.h"
#include "mutator/embedded_grammar.h"
#include "mutator/mutator.h"

// libFuzzer's own mutator: present when libFuzzer is linked in, null when
// this library is LD_PRELOADed into a binary that does not export it.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size)
    __attribute__((weak));

namespace {

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "grammut: %s\n", message.c_str());
  std::exit(1);
}

grammut::Mutator* CreateMutator() {
  absl::StatusOr<grammut::MutatorConfig> config =
      grammut::ConfigFromEnvironment();
  if (!config.ok()) Fail(std::string(config.status().message()));
  absl::StatusOr<std::unique_ptr<grammut::Grammar>> grammar;
  const GrammutEmbeddedGrammar* embedded =
      grammut_embedded_grammar ? grammut_embedded_grammar() : nullptr;
  if (!config->grammar.empty()) {
    grammar = grammut::Grammar::Load(config->grammar, config->start_rule);
  } else if (embedded != nullptr) {
    auto parser =
        grammut::ParseInterp(embedded->parser_interp, "embedded parser");
    auto lexer = grammut::ParseInterp(embedded->lexer_interp, "embedded lexer");
    if (!parser.ok() || !lexer.ok()) Fail("the embedded grammar is corrupt");
    grammar = grammut::Grammar::FromInterp(
        embedded->name, *std::move(parser), *std::move(lexer),
        config->start_rule.empty() ? embedded->start_rule : config->start_rule);
  } else {
    Fail(
        "no grammar: set GRAMMUT_GRAMMAR to a .g4 file or a directory of "
        ".interp files, or link a grammut_grammar_<name> library");
  }
  if (!grammar.ok()) Fail(std::string(grammar.status().message()));
  auto mutator = grammut::Mutator::Create(*config, *std::move(grammar));
  if (!mutator.ok()) Fail(std::string(mutator.status().message()));
  (*mutator)->set_byte_mutator(LLVMFuzzerMutate ? &LLVMFuzzerMutate : nullptr);
  return mutator->release();
}

grammut::Mutator* GetMutator() {
  static grammut::Mutator* mutator = CreateMutator();
  return mutator;
}

void SaveAtExit() {
  absl::Status st = GetMutator()->SaveWeights();
  if (!st.ok()) {
    std::fprintf(stderr, "grammut: cannot save weights: %s\n",
                 std::string(st.message()).c_str());
  }
}

__attribute__((constructor)) void InitAtLoad() {
  // Only when running under a fuzzer entry point: skip if told to.
  const char* skip = std::getenv("GRAMMUT_DISABLE");
  if (skip != nullptr && *skip == '1') return;
  GetMutator();
  std::atexit(SaveAtExit);
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,
                                          size_t max_size, unsigned int seed) {
  return GetMutator()->Mutate(data, size, max_size, seed);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size,
                                            unsigned int seed) {
  return GetMutator()->CrossOver(data1, size1, data2, size2, out, max_out_size,
                                 seed);
}
