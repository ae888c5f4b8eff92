// libfuzzer_glue.cc: the libFuzzer C ABI, a thin layer over grammut::Mutator.
//
// The mutator is created once, at load time (so a misconfiguration stops
// the process with one clear line before fuzzing starts), from the
// GRAMMUT_* environment variables or the embedded grammar. Each call tells
// the core what became of its last output (ChainTracker) and what that
// output cost: the mutator's own time plus the wall time until libFuzzer
// called again, which is the target running the output. The glue also
// prints stats lines (with grammut's share of the process's CPU time,
// sampled) and saves weights.
#include "mutator/libfuzzer/libfuzzer_glue.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "grammar_runtime/grammar.h"
#include "grammar_runtime/interp_file.h"
#include "mutator/config.h"
#include "mutator/embedded_grammar.h"
#include "mutator/libfuzzer/chain_tracker.h"
#include "mutator/libfuzzer/libfuzzer_flags.h"
#include "mutator/mutator.h"

// libFuzzer's own mutator: present when libFuzzer is linked in, null when
// this library is LD_PRELOADed into a binary that does not export it.
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size)
    __attribute__((weak));

namespace grammut {
namespace {

int64_t CpuNanos(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

// One call in kCpuSample has its CPU time measured (the clock is a system
// call): grammut's CPU share is estimated from those.
constexpr uint64_t kCpuSample = 8;

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "grammut: %s\n", message.c_str());
  std::exit(1);
}

std::unique_ptr<Mutator> CreateMutator(const MutatorConfig& config) {
  absl::StatusOr<std::unique_ptr<Grammar>> grammar;
  const GrammutEmbeddedGrammar* embedded =
      grammut_embedded_grammar ? grammut_embedded_grammar() : nullptr;
  if (!config.grammar.empty()) {
    grammar = Grammar::Load(config.grammar, config.start_rule);
  } else if (embedded != nullptr) {
    auto parser = ParseInterp(embedded->parser_interp, "embedded parser");
    auto lexer = ParseInterp(embedded->lexer_interp, "embedded lexer");
    if (!parser.ok() || !lexer.ok()) Fail("the embedded grammar is corrupt");
    grammar = Grammar::FromInterp(
        embedded->name, *std::move(parser), *std::move(lexer),
        config.start_rule.empty() ? embedded->start_rule : config.start_rule);
  } else {
    Fail(
        "no grammar: set GRAMMUT_GRAMMAR to a .g4 file or a directory of "
        ".interp files, or link a grammut_grammar_<name> library");
  }
  if (!grammar.ok()) Fail(std::string(grammar.status().message()));
  auto mutator = Mutator::Create(config, *std::move(grammar));
  if (!mutator.ok()) Fail(std::string(mutator.status().message()));
  (*mutator)->set_byte_mutator(LLVMFuzzerMutate ? &LLVMFuzzerMutate : nullptr);
  return *std::move(mutator);
}

// The mutator and what the glue knows of libFuzzer's loop.
class Glue {
 public:
  Glue(const MutatorConfig& config, const LibFuzzerFlags& flags)
      : config_(config),
        mutator_(CreateMutator(config)),
        chains_(flags.mutate_depth(), flags.chains_are_reliable()) {
    const Grammar& g = mutator_->grammar();
    std::fprintf(
        stderr,
        "grammut: grammar %s (start rule %s), arms %s, memory %zu "
        "MB%s; libFuzzer flags:%s\n",
        g.name().c_str(), g.rule_name(g.start_rule()).c_str(),
        config.arms.c_str(), config.memory_mb,
        LLVMFuzzerMutate ? "" : ", own byte mutator (no LLVMFuzzerMutate)",
        flags.Describe().c_str());
  }

  size_t Call(const uint8_t* data, size_t size, uint8_t* out, size_t max_size,
              unsigned seed, const uint8_t* other, size_t other_size) {
    const int64_t start = absl::GetCurrentTimeNanos();
    const bool sample = calls_ % kCpuSample == 0;
    const int64_t cpu_start = sample ? CpuNanos(CLOCK_THREAD_CPUTIME_ID) : 0;
    if (first_call_ == 0) {
      first_call_ = start;
      first_process_cpu_ = CpuNanos(CLOCK_PROCESS_CPUTIME_ID);
    }
    const absl::string_view input(reinterpret_cast<const char*>(data), size);
    const ChainTracker::Step step = chains_.OnCall(
        input,
        mutator_->has_last_output() ? &mutator_->last_output() : nullptr);
    if (step.has_outcome) {
      mutator_->ReportOutcome(step.fate, Cost(start));
    }
    const size_t n =
        other == nullptr
            ? mutator_->Mutate(out, size, max_size, seed, step.input)
            : mutator_->CrossOver(data, size, other, other_size, out, max_size,
                                  seed, step.input);
    chains_.OnOutput();
    if (sample) {
      own_cpu_ns_ += (CpuNanos(CLOCK_THREAD_CPUTIME_ID) - cpu_start) *
                     static_cast<int64_t>(kCpuSample);
    }
    const int64_t end = absl::GetCurrentTimeNanos();
    last_mutation_ns_ = end - start;
    last_return_ = end;
    last_size_ = n;
    if ((++calls_ & 255) == 0) Periodic(end);
    return n;
  }

  const Mutator& mutator() const { return *mutator_; }

  void SaveAtExit() {
    // A process that never mutated (the parent of -fork workers, a merge)
    // learned nothing: do not overwrite what the workers saved.
    if (mutator_->stats().mutations == 0) return;
    absl::Status st = mutator_->SaveWeights();
    if (!st.ok()) {
      std::fprintf(stderr, "grammut: cannot save weights: %s\n",
                   std::string(st.message()).c_str());
    }
  }

 private:
  // What the last output cost: seconds of mutation plus the target's run
  // (the wall time since it was returned). With GRAMMUT_DETERMINISTIC, a
  // proxy proportional to its size, so runs repeat exactly.
  double Cost(int64_t now) const {
    if (config_.deterministic) return 1e-6 * (1.0 + last_size_ / 256.0);
    return 1e-9 * static_cast<double>(last_mutation_ns_ + now - last_return_);
  }

  void Periodic(int64_t now) {
    if (config_.stats_seconds > 0 &&
        now - last_stats_ >=
            static_cast<int64_t>(config_.stats_seconds * 1e9)) {
      last_stats_ = now;
      // grammut's share of the process's CPU time since the first call.
      const double process = static_cast<double>(
          CpuNanos(CLOCK_PROCESS_CPUTIME_ID) - first_process_cpu_);
      std::fprintf(stderr, "#%llu\tgrammut: cpu %.1f%% | %s\n",
                   static_cast<unsigned long long>(calls_),
                   process > 0
                       ? 100.0 * static_cast<double>(own_cpu_ns_) / process
                       : 0.0,
                   mutator_->StatsLine().c_str());
    }
    if (!config_.save_weights_file.empty() &&
        mutator_->stats().learned != learned_at_save_ &&
        now - last_save_ >= int64_t{30} * 1000000000) {
      last_save_ = now;
      learned_at_save_ = mutator_->stats().learned;
      (void)mutator_->SaveWeights();
    }
  }

  MutatorConfig config_;
  std::unique_ptr<Mutator> mutator_;
  ChainTracker chains_;
  int64_t first_call_ = 0, last_return_ = 0, last_mutation_ns_ = 0;
  int64_t own_cpu_ns_ = 0, first_process_cpu_ = 0;
  int64_t last_stats_ = 0, last_save_ = 0;
  size_t last_size_ = 0;
  uint64_t calls_ = 0, learned_at_save_ = 0;
};

Glue* CreateGlue() {
  absl::StatusOr<MutatorConfig> config = ConfigFromEnvironment();
  if (!config.ok()) Fail(std::string(config.status().message()));
  return new Glue(*config, LibFuzzerFlags::FromProcess());
}

Glue& GetGlue() {
  static Glue* glue = CreateGlue();
  return *glue;
}

void SaveAtExit() { GetGlue().SaveAtExit(); }

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
