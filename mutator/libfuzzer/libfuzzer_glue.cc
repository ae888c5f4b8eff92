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
#include "mutator/libfuzzer/libfuzzer_glue.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/strings/str_format.h"
#include "mutator/config.h"
#include "mutator/front_end.h"
#include "mutator/libfuzzer/chain_tracker.h"
#include "mutator/libfuzzer/coverage_novelty.h"
#include "mutator/libfuzzer/harness_feedback.h"
#include "mutator/libfuzzer/libfuzzer_flags.h"
#include "mutator/libfuzzer/main_program.h"
#include "mutator/mutator.h"

// libFuzzer's own mutator: present when libFuzzer is linked in, null when
// this library is LD_PRELOADed into a binary that does not export it.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size)
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
      : mutator_(CreateMutatorOrExit(config)),
        chains_(flags.mutate_depth(), flags.chains_are_reliable()),
        novelty_(TargetCounters()),
        meter_(config) {
    const char* byte_mutator_source = "";
    mutator_->set_byte_mutator(FindLibFuzzerMutate(&byte_mutator_source));
    SetValidCoverageEnabled(config.validity);
    if (config.kpath_features > 0) SetInputObserver(&ObserveInput);
    std::fprintf(
        stderr, "grammut: %s%s%s; libFuzzer flags:%s\n",
        DescribeMutator(*mutator_).c_str(),
        config.cpu_share > 0 && !config.deterministic
            ? absl::StrFormat(", CPU budget %.0f%%", 100 * config.cpu_share)
                  .c_str()
            : "",
        byte_mutator_source, flags.Describe().c_str());
  }

  size_t Call(const uint8_t* data, size_t size, uint8_t* out, size_t max_size,
              unsigned seed, const uint8_t* other, size_t other_size) {
    const int64_t start = meter_.Begin();
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

  // The target runs `input` (grammut_report_input): its k-paths as features.
  static void ObserveInput(absl::string_view input, uint8_t* counters,
                           size_t size);

  void SaveAtExit() { meter_.SaveAtExit(*mutator_); }

 private:
  std::unique_ptr<Mutator> mutator_;
  ChainTracker chains_;
  CoverageNovelty novelty_;
  CallMeter meter_;
};

Glue* CreateGlue() {
  return new Glue(ConfigFromEnvironmentOrExit(), LibFuzzerFlags::FromProcess());
}

Glue& GetGlue() {
  static Glue* glue = CreateGlue();
  return *glue;
}

void SaveAtExit() { GetGlue().SaveAtExit(); }

void Glue::ObserveInput(absl::string_view input, uint8_t* counters,
                        size_t size) {
  GetGlue().mutator_->WriteStructureFeatures(input, counters, size);
}

__attribute__((constructor)) void InitAtLoad() {
  // Only when running under a fuzzer entry point: skip if told to.
  const char* skip = std::getenv("GRAMMUT_DISABLE");
  if (skip != nullptr && *skip == '1') return;
  GetGlue();
  std::atexit(SaveAtExit);
}

}  // namespace

const Mutator& LibFuzzerMutator() { return GetGlue().mutator(); }

}  // namespace grammut

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
