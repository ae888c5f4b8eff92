// libfuzzer_glue.cc: the libFuzzer C ABI, a thin layer over grammut::Mutator.
//
// The mutator is created once, at load time (so a misconfiguration stops
// the process with one clear line before fuzzing starts), from the
// GRAMMUT_* environment variables or the embedded grammar (front_end.h,
// shared with the AFL++ front end). Each call tells the core what became of
// its last output (ChainTracker) and what that output cost: the mutator's
// own time plus the wall time until libFuzzer called again, which is the
// target running the output. CallMeter (front_end.h) also prints stats
// lines, saves weights and says when grammut is over its CPU budget
// (GRAMMUT_CPU_SHARE); then the core takes libFuzzer's own mutations.
#include "libfuzzer/libfuzzer_glue.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "base/settings.h"
#include "grammar/g4_compiler.h"
#include "grammar/grammar_dictionary.h"
#include "libfuzzer/chain_tracker.h"
#include "libfuzzer/coverage_novelty.h"
#include "libfuzzer/harness_feedback.h"
#include "libfuzzer/libfuzzer_abi.h"
#include "libfuzzer/libfuzzer_compares.h"
#include "libfuzzer/libfuzzer_dictionary.h"
#include "libfuzzer/libfuzzer_flags.h"
#include "libfuzzer/main_program.h"
#include "mutate/config.h"
#include "mutate/front_end.h"
#include "mutate/mutator.h"
#include "mutate/program_words.h"

// libFuzzer's own mutator: present when libFuzzer is linked in, null when
// this library is LD_PRELOADed into a binary that does not export it.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size)
    __attribute__((weak));
// The fuzz target's entry point: resolved when grammut is linked into it.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
    __attribute__((weak));

namespace grammut {
namespace {

// libFuzzer's LLVMFuzzerMutate: linked with us, or (LD_PRELOAD into a
// program that does not export it) found in the program's symbol table;
// null when stripped away. `how` says which, for the start-up line.
ByteMutateFn FindLibFuzzerMutate(const char** how) {
  if (LLVMFuzzerMutate != nullptr) {
    *how = "";
    return &LLVMFuzzerMutate;
  }
  auto* found =
      reinterpret_cast<ByteMutateFn>(MainProgramFunction("LLVMFuzzerMutate"));
  *how = found != nullptr
             ? ", LLVMFuzzerMutate found in the program's symbol table"
             : ", own byte mutator (no LLVMFuzzerMutate)";
  return found;
}

// The mutator and what the glue knows of libFuzzer's loop.
class Glue {
 public:
  Glue(const MutatorConfig& config, const LibFuzzerFlags& flags)
      : compares_(LibFuzzerCompares::Find()),
        mutator_(CreateMutatorOrExit(config)),
        dictionary_wanted_(config.dictionary),
        chains_(flags.mutate_depth(), flags.chains_are_reliable()),
        novelty_(TargetCounters()),
        meter_(config) {
    const char* byte_mutator_source = "";
    mutator_->set_byte_mutator(FindLibFuzzerMutate(&byte_mutator_source));
    mutator_->set_recent_compares(compares_.get());
    SetValidCoverageEnabled(config.validity);
    if (config.kpath_features > 0) SetInputObserver(&ObserveInput);
    std::string program_words;
    if (config.program_words) {
      const size_t kept = mutator_->AddProgramWords(
          ProgramWords(MainProgramSectionBytes(".rodata")));
      program_words = absl::StrFormat(", %zu words from the program", kept);
    }
    std::fprintf(
        stderr, "grammut: %s%s%s%s%s; libFuzzer flags:%s\n",
        DescribeMutator(*mutator_).c_str(),
        config.cpu_share > 0 && !config.deterministic
            ? absl::StrFormat(", CPU budget %.0f%%", 100 * config.cpu_share)
                  .c_str()
            : "",
        program_words.c_str(), byte_mutator_source,
        compares_ != nullptr ? ", recent compares from libFuzzer's tables"
                             : ", no table of recent compares (token-compare "
                               "off)",
        flags.Describe().c_str());
  }

  size_t Call(const uint8_t* data, size_t size, uint8_t* out, size_t max_size,
              unsigned seed, const uint8_t* other, size_t other_size) {
    const int64_t start = meter_.Begin();
    if (!dictionary_done_) NoteDictionaryAtFirstCall();
    const absl::string_view input(reinterpret_cast<const char*>(data), size);
    const ChainTracker::Step step = chains_.OnCall(
        input,
        mutator_->has_last_output() ? &mutator_->last_output() : nullptr);
    // What the target said while it ran our last output (feedback.h).
    HarnessFeedback feedback = TakeHarnessFeedback();
    // The counters still hold that run's coverage. A discarded output
    // reached nothing new, so only kept outputs' runs need reading (and the
    // one before our first output, whose features are known). Outputs of
    // unknown fate (one call in -mutate_depth) are not read: few of them
    // were kept, reading the counters costs a pass over all of them, and a
    // late-credited one counts as new coverage.
    if (!step.has_outcome || step.fate == Mutator::Fate::kKept) {
      feedback.new_features = novelty_.Scan();
      feedback.new_edges = novelty_.last_new_edges();
    }
    if (step.has_outcome) {
      // The wall time since the last return is the target running it.
      feedback.run_seconds = meter_.RunSeconds(start);
      mutator_->ReportOutcome(step.fate, meter_.Cost(feedback.run_seconds),
                              feedback);
    }
    mutator_->set_cpu_throttle(meter_.cpu_throttle());
    const size_t n =
        other == nullptr
            ? mutator_->Mutate(out, size, max_size, seed, step.input)
            : mutator_->CrossOver(data, size, other, other_size, out, max_size,
                                  seed, step.input);
    chains_.OnOutput();
    meter_.End(start, n, *mutator_);
    return n;
  }

  const Mutator& mutator() const { return *mutator_; }

  // Points libFuzzer's -dict at the grammar's words (before libFuzzer reads
  // its flags; libfuzzer_dictionary.h).
  void AddDictionary(int* argc, char*** argv);

  // The target runs `input` (grammut_report_input): its k-paths as features.
  static void ObserveInput(absl::string_view input, uint8_t* counters,
                           size_t size);

  void SaveAtExit() { meter_.SaveAtExit(*mutator_); }

 private:
  // Says once, at the first call, why the grammar's words are not in
  // libFuzzer's dictionary when LLVMFuzzerInitialize was never ours to run.
  void NoteDictionaryAtFirstCall();

  // libFuzzer's tables of recent compares (null: not found); before
  // mutator_, which reads them, so that it outlives it.
  std::unique_ptr<LibFuzzerCompares> compares_;
  std::unique_ptr<Mutator> mutator_;
  bool dictionary_wanted_;
  bool dictionary_done_ = false;
  // The command line handed back to libFuzzer (it keeps the pointers).
  std::vector<std::string> args_;
  std::vector<char*> argv_;
  ChainTracker chains_;
  CoverageNovelty novelty_;
  CallMeter meter_;
};

void SaveAtExit();

Glue* CreateGlue() {
  Glue* glue =
      new Glue(ConfigFromEnvironmentOrExit(), LibFuzzerFlags::FromProcess());
  // Only once the glue exists: a set-up that exits (a bad configuration)
  // must not come back here from its exit handlers.
  std::atexit(SaveAtExit);
  return glue;
}

Glue& GetGlue() {
  static Glue* glue = CreateGlue();
  return *glue;
}

void SaveAtExit() { GetGlue().SaveAtExit(); }

void Glue::AddDictionary(int* argc, char*** argv) {
  dictionary_done_ = true;
  if (!dictionary_wanted_ || argc == nullptr || argv == nullptr) return;
  const std::vector<std::string> words =
      GrammarDictionaryWords(mutator_->grammar());
  if (words.empty()) return;
  std::vector<std::string> args(*argv, *argv + *argc);
  absl::StatusOr<DictionaryChange> change = AddDictionaryFlag(
      args, FormatDictionary(words, mutator_->grammar().name()), G4CacheRoot());
  if (!change.ok()) {
    std::fprintf(stderr,
                 "grammut: %s; libFuzzer's -dict is left as given "
                 "(GRAMMUT_DICT=0 silences this)\n",
                 std::string(change.status().message()).c_str());
    return;
  }
  std::fprintf(stderr, "grammut: %zu %s\n", words.size(),
               change->description.c_str());
  if (change->args == args) return;
  args_ = std::move(change->args);
  argv_.clear();
  for (std::string& a : args_) argv_.push_back(a.data());
  argv_.push_back(nullptr);
  *argc = static_cast<int>(args_.size());
  *argv = argv_.data();
}

void Glue::NoteDictionaryAtFirstCall() {
  dictionary_done_ = true;
  if (!dictionary_wanted_) return;
  std::fprintf(stderr,
               "grammut: libFuzzer's -dict does not hold the grammar's words: "
               "grammut's LLVMFuzzerInitialize was not called (the target "
               "defines its own). `grammut dict --grammar G -o F` writes "
               "them; pass -dict=F\n");
}

void Glue::ObserveInput(absl::string_view input, uint8_t* counters,
                        size_t size) {
  GetGlue().mutator_->WriteStructureFeatures(input, counters, size);
}

// True if the running program is a fuzz target. Under LD_PRELOAD every
// program the fuzzer starts (llvm-symbolizer for NEW_FUNC lines, a shell)
// loads this library too, and none of them should load a grammar.
bool RunningInFuzzTarget() {
  return LLVMFuzzerTestOneInput != nullptr ||
         MainProgramFunction("LLVMFuzzerTestOneInput") != nullptr;
}

// The mutator is made at load time, so a misconfiguration stops a fuzz
// target before libFuzzer starts (else at the first call: a stripped
// target under LD_PRELOAD).
__attribute__((constructor)) void InitAtLoad() {
  if (SettingValue("GRAMMUT_DISABLE") == "1") return;
  if (!RunningInFuzzTarget()) return;
  GetGlue();
}

}  // namespace

const Mutator& LibFuzzerMutator() { return GetGlue().mutator(); }

}  // namespace grammut

// libFuzzer calls LLVMFuzzerInitialize before it reads its flags. Weak: a
// fuzz target's own definition takes precedence (grammut then says so at its
// first call).
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc,
                                                          char*** argv) {
  grammut::GetGlue().AddDictionary(argc, argv);
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,
                                          size_t max_size, unsigned int seed) {
  return grammut::GetGlue().Call(data, size, data, max_size, seed, nullptr, 0);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size,
                                            unsigned int seed) {
  return grammut::GetGlue().Call(data1, size1, out, max_out_size, seed, data2,
                                 size2);
}
