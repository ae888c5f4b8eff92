#include "mutate/front_end.h"

#include <time.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "grammar/grammar.h"
#include "grammar/interp_file.h"
#include "mutate/embedded_grammar.h"
#include "mutate/settings.h"

namespace grammut {
namespace {

int64_t CpuNanos(clockid_t clock) {
  timespec ts;
  clock_gettime(clock, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

// One call in kCpuSample has its CPU time measured (the clock is a system
// call): grammut's CPU share is estimated from those. The first
// kCpuExactCalls calls are all measured: early calls differ most (the
// first parses), and one of them counted eight times made a short run's
// estimate exceed 100%.
constexpr uint64_t kCpuSample = 8;
constexpr uint64_t kCpuExactCalls = 4096;

}  // namespace

absl::StatusOr<std::unique_ptr<Mutator>> CreateMutator(
    const MutatorConfig& config) {
  absl::StatusOr<std::unique_ptr<Grammar>> grammar;
  const GrammutEmbeddedGrammar* embedded =
      grammut_embedded_grammar ? grammut_embedded_grammar() : nullptr;
  if (!config.grammar.empty()) {
    grammar = Grammar::Load(config.grammar, config.start_rule);
  } else if (embedded != nullptr) {
    auto parser = ParseInterp(embedded->parser_interp, "embedded parser");
    auto lexer = ParseInterp(embedded->lexer_interp, "embedded lexer");
    if (!parser.ok() || !lexer.ok()) {
      return absl::DataLossError("the embedded grammar is corrupt");
    }
    grammar = Grammar::FromInterp(
        embedded->name, *std::move(parser), *std::move(lexer),
        config.start_rule.empty() ? embedded->start_rule : config.start_rule);
  } else {
    return absl::FailedPreconditionError(
        "no grammar: set GRAMMUT_GRAMMAR to a .g4 file or a directory of "
        ".interp files, or link a grammut_grammar_<name> library");
  }
  if (!grammar.ok()) return grammar.status();
  return Mutator::Create(config, *std::move(grammar));
}

void ExitWithError(const std::string& message) {
  std::fprintf(stderr, "grammut: %s\n", message.c_str());
  std::exit(1);
}

std::unique_ptr<Mutator> CreateMutatorOrExit(const MutatorConfig& config) {
  absl::StatusOr<std::unique_ptr<Mutator>> m = CreateMutator(config);
  if (!m.ok()) ExitWithError(std::string(m.status().message()));
  return *std::move(m);
}

MutatorConfig ConfigFromEnvironmentOrExit() {
  std::vector<std::string> notes;
  absl::StatusOr<MutatorConfig> config = ConfigFromEnvironment(&notes);
  for (const std::string& note : notes) {
    std::fprintf(stderr, "grammut: %s\n", note.c_str());
  }
  if (!config.ok()) ExitWithError(std::string(config.status().message()));
  return *std::move(config);
}

std::string DescribeMutator(const Mutator& mutator) {
  const Grammar& g = mutator.grammar();
  const MutatorConfig& c = mutator.config();
  const std::string embedded = mutator.EmbeddedDescription();
  return absl::StrFormat(
      "grammar %s (start rule %s)%s, arms %s, memory %zu MB, parsing %s, goal "
      "%s%s%s",
      g.name(), g.rule_name(g.start_rule()),
      embedded.empty() ? "" : absl::StrCat(" with ", embedded), c.arms,
      c.memory_mb, mutator.ParsingDescription(), c.goal.ToString(),
      c.validity ? ", validity feedback on" : "",
      c.kpath_features > 0
          ? absl::StrFormat(", %d-path features", c.kpath_features)
          : "");
}

int64_t NowNanos() { return absl::GetCurrentTimeNanos(); }

int64_t CallMeter::Begin() {
  const int64_t start = NowNanos();
  sampling_ = calls_ < kCpuExactCalls || calls_ % kCpuSample == 0;
  sample_weight_ = calls_ < kCpuExactCalls ? 1 : kCpuSample;
  cpu_start_ = sampling_ ? CpuNanos(CLOCK_THREAD_CPUTIME_ID) : 0;
  if (first_call_ == 0) {
    first_call_ = start;
    first_process_cpu_ = CpuNanos(CLOCK_PROCESS_CPUTIME_ID);
  }
  return start;
}

void CallMeter::End(int64_t start, size_t output_size, const Mutator& mutator) {
  if (sampling_) {
    own_cpu_ns_ += (CpuNanos(CLOCK_THREAD_CPUTIME_ID) - cpu_start_) *
                   static_cast<int64_t>(sample_weight_);
  }
  const int64_t end = NowNanos();
  last_mutation_ns_ = end - start;
  last_return_ = end;
  last_size_ = output_size;
  if ((++calls_ & 63) == 0 && budget_.active()) {
    int64_t own = 0, process = 0;
    CpuNanosSinceStart(mutator, &own, &process);
    budget_.Update(own, process);
  }
  if ((calls_ & 255) == 0) Periodic(end, mutator);
}

double CallMeter::RunSeconds(int64_t now) const {
  if (last_return_ == 0 || now < last_return_) return 0;
  return 1e-9 * static_cast<double>(now - last_return_);
}

double CallMeter::Cost(double run_seconds) const {
  if (config_.deterministic) return 1e-6 * (1.0 + last_size_ / 256.0);
  return 1e-9 * static_cast<double>(last_mutation_ns_) + run_seconds;
}

void CallMeter::CpuNanosSinceStart(const Mutator& mutator, int64_t* own,
                                   int64_t* process) const {
  const auto helper =
      static_cast<int64_t>(1e9 * mutator.helper_usage().cpu_seconds);
  *own = own_cpu_ns_ + helper;
  *process = CpuNanos(CLOCK_PROCESS_CPUTIME_ID) - first_process_cpu_ + helper;
}

double CallMeter::CpuPercent(const Mutator& mutator) const {
  if (first_call_ == 0) return 0;
  int64_t own = 0, process = 0;
  CpuNanosSinceStart(mutator, &own, &process);
  return process > 0
             ? 100.0 * static_cast<double>(own) / static_cast<double>(process)
             : 0.0;
}

void CallMeter::Periodic(int64_t now, const Mutator& mutator) {
  if (config_.stats_seconds > 0 &&
      now - last_stats_ >= static_cast<int64_t>(config_.stats_seconds * 1e9)) {
    last_stats_ = now;
    std::fprintf(
        stderr, "#%llu\tgrammut: cpu %.1f%%%s | %s\n",
        static_cast<unsigned long long>(calls_), CpuPercent(mutator),
        budget_.active()
            ? absl::StrFormat(" (budget %.0f%%: last %.1f%%, throttle %.0f%%)",
                              100 * config_.cpu_share,
                              100 * budget_.recent_share(),
                              100 * budget_.throttle())
                  .c_str()
            : "",
        mutator.StatsLine().c_str());
  }
  if (!config_.save_weights_file.empty() &&
      mutator.stats().learned != learned_at_save_ &&
      now - last_save_ >= int64_t{30} * 1000000000) {
    last_save_ = now;
    learned_at_save_ = mutator.stats().learned;
    (void)mutator.SaveWeights();
  }
}

void CallMeter::SaveAtExit(const Mutator& mutator) const {
  if (mutator.stats().mutations == 0) return;
  absl::Status st = mutator.SaveWeights();
  if (!st.ok()) {
    std::fprintf(stderr, "grammut: cannot save weights: %s\n",
                 std::string(st.message()).c_str());
  }
}

}  // namespace grammut
