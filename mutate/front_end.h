// front_end.h: what every fuzzer front end of grammut shares.
//
// A front end (libfuzzer/, aflpp/) turns one fuzzer's calls
// into the core's events (Mutator::Input, Mutator::Fate). Around that they
// all do the same things, and do them here:
//   - CreateMutatorOrExit builds the Mutator from a MutatorConfig (usually
//     ConfigFromEnvironment()): the grammar from GRAMMUT_GRAMMAR, else the
//     embedded grammar of a linked grammut_grammar_<name> library; a
//     misconfiguration stops the process with one line "grammut: ...";
//   - CallMeter times the calls: what an output cost (the mutation plus the
//     wall time until the fuzzer came back, which is the target running it;
//     a size proxy with GRAMMUT_DETERMINISTIC), grammut's share of the
//     process's CPU time (sampled), and the periodic duties: stats lines
//     (GRAMMUT_STATS) and weight saving (GRAMMUT_SAVE_WEIGHTS).
#ifndef GRAMMUT_MUTATE_FRONT_END_H_
#define GRAMMUT_MUTATE_FRONT_END_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "mutate/config.h"
#include "mutate/cpu_budget.h"
#include "mutate/mutator.h"

namespace grammut {

// The mutator for `config`: its grammar is config.grammar if set, else the
// embedded grammar; errors say what is wrong in one sentence.
absl::StatusOr<std::unique_ptr<Mutator>> CreateMutator(
    const MutatorConfig& config);

// Prints "grammut: <message>" on stderr and exits with status 1.
[[noreturn]] void ExitWithError(const std::string& message);

// ConfigFromEnvironment (mutate/settings.h: its notes go to stderr, one
// "grammut: ..." line each) and CreateMutator, exiting on error.
std::unique_ptr<Mutator> CreateMutatorOrExit(const MutatorConfig& config);
MutatorConfig ConfigFromEnvironmentOrExit();

// "grammar G (start rule R), arms A, memory M MB": the start-up line's
// common part.
std::string DescribeMutator(const Mutator& mutator);

// Monotonic wall clock, nanoseconds.
int64_t NowNanos();

// Times a front end's calls. Use: start = Begin(); ... report the last
// output with Cost(RunSeconds(start)) ...; End(start, output_size).
class CallMeter {
 public:
  explicit CallMeter(const MutatorConfig& config)
      : config_(config), budget_(config.deterministic ? 0 : config.cpu_share) {}

  // Begin starts a call and returns its start time (NowNanos()).
  int64_t Begin();
  // End closes the call that began at `start` and returned `output_size`
  // bytes; every 256 calls it runs the periodic duties for `mutator`.
  void End(int64_t start, size_t output_size, const Mutator& mutator);

  // Seconds from the return of the last call to `now`: the target running
  // the last output, when nothing else happened in between.
  double RunSeconds(int64_t now) const;
  // What the last output cost, given the seconds the target ran it: its
  // mutation time plus `run_seconds`; with GRAMMUT_DETERMINISTIC a proxy
  // proportional to its size, so runs repeat exactly.
  double Cost(double run_seconds) const;
  // Seconds the last call spent mutating.
  double MutationSeconds() const { return 1e-9 * last_mutation_ns_; }

  // Saves the weights (GRAMMUT_SAVE_WEIGHTS) unless nothing was mutated (a
  // process that never mutated learned nothing: it must not overwrite what
  // others saved). Errors are printed, not fatal.
  void SaveAtExit(const Mutator& mutator) const;

  uint64_t calls() const { return calls_; }
  // The fraction of grammar calls to turn into byte calls to keep
  // grammut's CPU share within the budget (cpu_budget.h; updated every 64
  // calls; always 0 with no budget or with deterministic costs).
  double cpu_throttle() const { return budget_.throttle(); }
  // grammut's share of the CPU time since the first call, in %: its calls'
  // time plus all of `mutator`'s parse helpers' (counted on both sides of
  // the ratio: the helpers' time is the fuzzer's cost too).
  double CpuPercent(const Mutator& mutator) const;

 private:
  void Periodic(int64_t now, const Mutator& mutator);
  // grammut's CPU nanoseconds since the first call (its parse helpers'
  // included) and the process's (the helpers' included).
  void CpuNanosSinceStart(const Mutator& mutator, int64_t* own,
                          int64_t* process) const;

  MutatorConfig config_;
  int64_t first_call_ = 0, last_return_ = 0, last_mutation_ns_ = 0;
  int64_t own_cpu_ns_ = 0, first_process_cpu_ = 0, cpu_start_ = 0;
  int64_t last_stats_ = 0, last_save_ = 0;
  size_t last_size_ = 0;
  uint64_t calls_ = 0, learned_at_save_ = 0;
  bool sampling_ = false;
  CpuBudget budget_;
  uint64_t sample_weight_ = 1;  // calls a measured call stands for
};

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_FRONT_END_H_
