// aflpp_glue.cc: the AFL++ custom mutator API over grammut::Mutator.
//
// What AFL++ (4.04c, src/afl-fuzz-one.c) does with a custom mutator, and so
// what each call tells:
//   - fuzz_one(entry) asks afl_custom_queue_get(entry), trims the entry if
//     it is new (our trim functions), then runs the custom stage: N =
//     afl_custom_fuzz_count(entry) times afl_custom_fuzz(entry bytes,
//     another entry as add_buf), each output run at once; then its own
//     havoc stage, and in splice cycles the custom stage again on a
//     spliced buffer (for which we return N = 0), then havoc again.
//   - An output that adds coverage is written to the queue and
//     afl_custom_queue_new_entry(file) is called while AFL++ handles that
//     run (afl_custom_describe names it just before). Nothing else of ours
//     is called in between, so the first event after an output settles its
//     fate: a queue_new_entry whose file holds our output -> kept; anything
//     else -> discarded.
//   - Its cost is the mutation time plus the wall time from our return to
//     that event when the event follows the run directly: the next
//     afl_custom_fuzz of the same stage (same input) or the queue_new_entry
//     of our output. When AFL++ did other work in between (the last output
//     of a stage is followed by its havoc stage), the run time is estimated
//     by the running mean of the measured ones.
#include "aflpp/aflpp_glue.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "base/rng.h"
#include "base/settings.h"
#include "mutate/config.h"
#include "mutate/front_end.h"

namespace grammut {
namespace {

// Weight of the newest measurement in the running mean of run times.
constexpr double kRunTimeAlpha = 1.0 / 16;
// Outputs per custom stage. Without afl_custom_fuzz_count, AFL++ doubles
// the stage on every find, so a mutator that keeps finding never leaves the
// first entry; with it, grammut sets the stage's length so that its stages
// get the share of the time their finds per second earn against the rest
// of AFL++'s work (havoc, splicing, calibration, trimming), between
// kMinShare and kMaxShare. It starts at kFuzzCount (AFL++'s HAVOC_CYCLES).
constexpr uint32_t kFuzzCount = 256;
constexpr uint32_t kMinFuzzCount = 32, kMaxFuzzCount = 16384;
constexpr double kMinShare = 0.1, kMaxShare = 0.9;
// Stages and outputs seen before the count adapts.
constexpr uint64_t kWarmupStages = 4, kWarmupOutputs = 512;

// Reads file `path` if it is exactly `size` bytes long.
bool ReadIfSize(const char* path, size_t size, std::string* out) {
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  bool ok = fstat(fd, &st) == 0 && static_cast<size_t>(st.st_size) == size;
  if (ok) {
    out->resize(size);
    size_t done = 0;
    while (done < size) {
      const ssize_t r = read(fd, out->data() + done, size - done);
      if (r <= 0) break;
      done += static_cast<size_t>(r);
    }
    ok = done == size;
  }
  close(fd);
  return ok;
}

// Reads all of file `path`.
bool ReadFile(const char* path, std::string* out) {
  struct stat st;
  if (stat(path, &st) != 0) return false;
  return ReadIfSize(path, static_cast<size_t>(st.st_size), out);
}

// A fixed number of outputs per custom stage: the afl_fuzz_count experiment
// (GRAMMUT_EXPERIMENTS; formerly GRAMMUT_AFL_FUZZ_COUNT), or 0 (adaptive) if
// unset.
uint32_t FuzzCountFromEnvironment() {
  const std::string value = SettingValue("GRAMMUT_AFL_FUZZ_COUNT");
  const char* v = value.c_str();
  if (*v == '\0') return 0;
  char* end = nullptr;
  const unsigned long n = std::strtoul(v, &end, 10);
  if (end == v || *end != '\0' || n == 0 || n > (1u << 20)) {
    ExitWithError(std::string("GRAMMUT_AFL_FUZZ_COUNT='") + v +
                  "' is not a number of calls between 1 and 1048576");
  }
  return static_cast<uint32_t>(n);
}

class AflGlue {
 public:
  AflGlue(const MutatorConfig& config, unsigned seed)
      : config_(config),
        mutator_(CreateMutatorOrExit(config)),
        meter_(config),
        rng_(seed) {
    // AFL++ has no LLVMFuzzerMutate: grammut's own byte mutator.
    mutator_->set_byte_mutator(nullptr);
    fixed_count_ = FuzzCountFromEnvironment();
    // GRAMMUT_DETERMINISTIC: no measured time decides anything.
    if (fixed_count_ == 0 && config.deterministic) fixed_count_ = kFuzzCount;
    start_ns_ = NowNanos();
    std::fprintf(stderr,
                 "grammut: %s, own byte mutator; AFL++ custom mutator with "
                 "grammar-aware trimming\n",
                 DescribeMutator(*mutator_).c_str());
  }

  ~AflGlue() {
    Settle(Mutator::Fate::kUnknown, EstimatedRun(), false, /*tell=*/false);
    meter_.SaveAtExit(*mutator_);
    const MutatorStats& s = mutator_->stats();
    const GrammarTrimmer::Totals t =
        trimmer_ ? trimmer_->totals() : GrammarTrimmer::Totals();
    std::fprintf(
        stderr,
        "grammut: %llu outputs: kept %llu, discarded %llu, unknown %llu, late "
        "%llu; trimmed %llu inputs (%llu as trees): %llu steps, %llu "
        "accepted, %llu of %llu bytes removed; %llu splice stages left to "
        "AFL++; %llu stages, last of %u calls; AFL++'s other finds %llu; cpu "
        "%.1f%%\n",
        static_cast<unsigned long long>(s.mutations),
        static_cast<unsigned long long>(s.kept),
        static_cast<unsigned long long>(s.discarded),
        static_cast<unsigned long long>(s.unknown),
        static_cast<unsigned long long>(s.late_credit),
        static_cast<unsigned long long>(t.inputs),
        static_cast<unsigned long long>(t.by_tree),
        static_cast<unsigned long long>(t.steps),
        static_cast<unsigned long long>(t.accepted),
        static_cast<unsigned long long>(t.bytes_removed),
        static_cast<unsigned long long>(t.bytes_in),
        static_cast<unsigned long long>(splice_stages_skipped_),
        static_cast<unsigned long long>(stages_), last_count_,
        static_cast<unsigned long long>(other_finds_),
        meter_.CpuPercent(*mutator_));
  }

  size_t Fuzz(const uint8_t* buf, size_t size, uint8_t** out_buf,
              const uint8_t* add, size_t add_size, size_t max_size) {
    const int64_t start = meter_.Begin();
    const absl::string_view input(reinterpret_cast<const char*>(buf), size);
    // Same input as the last call: the same stage, so nothing but the
    // target ran our last output since we returned it.
    const bool same_stage = stage_open_ && input == stage_input_;
    if (pending_) {
      Settle(Mutator::Fate::kDiscarded,
             same_stage ? meter_.RunSeconds(start) : EstimatedRun(),
             same_stage);
    }
    Mutator::Input kind = Mutator::Input::kCorpusEntry;
    if (mutator_->has_last_output() && !last_kept_ &&
        input == mutator_->last_output()) {
      kind = Mutator::Input::kLastOutput;  // AFL++ stacked on our output
    }
    if (!same_stage) {
      stage_input_.assign(input.data(), input.size());
      stage_open_ = true;
    }
    if (out_.size() < std::max(size, max_size)) {
      out_.resize(std::max(size, max_size));
    }
    const unsigned seed = static_cast<unsigned>(rng_.Next());
    size_t n;
    if (add != nullptr && add_size > 0) {
      n = mutator_->CrossOver(buf, size, add, add_size, out_.data(), max_size,
                              seed, kind);
    } else {
      if (size > 0) std::memcpy(out_.data(), buf, size);
      n = mutator_->Mutate(out_.data(), size, max_size, seed, kind);
    }
    if (n == 0 && max_size > 0) {
      // AFL++ wants a non-empty output: one byte of the input, or a space.
      out_[0] = size > 0 ? buf[0] : ' ';
      n = 1;
    }
    out_size_ = n;
    pending_ = mutator_->has_last_output();
    last_kept_ = false;
    meter_.End(start, n, *mutator_);
    *out_buf = out_.data();
    return n;
  }

  const char* Describe(size_t max_len) {
    describe_ = "grammut-";
    for (char c : mutator_->last_operator()) {
      const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '-' || c == '_';
      describe_.push_back(safe ? c : '-');
    }
    if (describe_.size() > max_len) describe_.resize(max_len);
    return describe_.c_str();
  }

  void QueueGet(const char* filename) {
    // A new fuzz_one round: AFL++ did other work since our last call.
    if (pending_) Settle(Mutator::Fate::kDiscarded, EstimatedRun(), false);
    stage_open_ = false;
    // The entry's bytes, to tell its custom stages from splice cycles.
    entry_known_ = filename != nullptr && ReadFile(filename, &entry_);
  }

  uint32_t FuzzCount(const uint8_t* buf, size_t size) {
    // In splice cycles AFL++ runs the custom stage on a byte-level splice
    // of two entries: not a queue entry, and rarely valid. grammut's own
    // crossover (add_buf) is its splice, so it sits those out.
    if (entry_known_ &&
        absl::string_view(reinterpret_cast<const char*>(buf), size) != entry_) {
      ++splice_stages_skipped_;
      return 0;
    }
    ++stages_;
    last_count_ = fixed_count_ > 0 ? fixed_count_ : AdaptiveCount();
    return last_count_;
  }

  void QueueNewEntry(const char* filename) {
    const int64_t now = NowNanos();
    bool ours = false;
    if (pending_) {
      if (filename != nullptr && ReadIfSize(filename, out_size_, &file_) &&
          std::memcmp(file_.data(), out_.data(), out_size_) == 0) {
        ours = true;
        Settle(Mutator::Fate::kKept, meter_.RunSeconds(now), true);
        last_kept_ = true;
      } else if (filename == nullptr || access(filename, R_OK) != 0) {
        // Cannot tell: if it was ours, it comes back as an entry (late).
        Settle(Mutator::Fate::kUnknown, EstimatedRun(), false);
      } else {
        // Not ours: AFL++ ran our output before it got to this one.
        Settle(Mutator::Fate::kDiscarded, EstimatedRun(), false);
      }
    }
    if (!ours) ++other_finds_;
    // After someone else's entry, the stage (if any) was interrupted.
    if (!ours) stage_open_ = false;
  }

  int32_t InitTrim(const uint8_t* buf, size_t size) {
    if (pending_) Settle(Mutator::Fate::kDiscarded, EstimatedRun(), false);
    stage_open_ = false;
    if (!trimmer_) {
      trimmer_ = std::make_unique<GrammarTrimmer>(mutator_->grammar(),
                                                  mutator_->weights(), config_);
    }
    const int32_t steps = trimmer_->Start(
        absl::string_view(reinterpret_cast<const char*>(buf), size));
    entry_.assign(trimmer_->current());
    entry_known_ = true;
    return steps;
  }

  size_t Trim(uint8_t** out_buf) {
    if (!trimmer_) {  // AFL++ always calls init_trim first
      *out_buf = out_.data();
      return 0;
    }
    // Past the end (AFL++ does not ask then): the input as trimmed.
    const absl::string_view s = trimmer_->done()
                                    ? absl::string_view(trimmer_->current())
                                    : trimmer_->candidate();
    *out_buf = reinterpret_cast<uint8_t*>(const_cast<char*>(s.data()));
    return s.size();
  }

  int32_t PostTrim(bool success) {
    if (!trimmer_) return 0;
    const int32_t next = trimmer_->Result(success);
    if (success) entry_.assign(trimmer_->current());  // AFL++ keeps it
    return next;
  }

  const Mutator& mutator() const { return *mutator_; }
  const GrammarTrimmer* trimmer() const { return trimmer_.get(); }

 private:
  double EstimatedRun() const { return mean_run_ >= 0 ? mean_run_ : 0.0; }

  // The stage length that gives grammut's stages the share of the time
  // their finds per second earn: with r = (finds + 1) / (seconds + 1) for
  // grammut's outputs and for everything else AFL++ did, grammut's share
  // s = r_g / (r_g + r_o), and a stage of n outputs costing c each beside
  // the rest's time per stage T: n c / (n c + T) = s.
  uint32_t AdaptiveCount() const {
    if (stages_ <= kWarmupStages || settled_ < kWarmupOutputs) {
      return kFuzzCount;
    }
    const double wall = 1e-9 * static_cast<double>(NowNanos() - start_ns_);
    const double other = std::max(0.0, wall - our_seconds_);
    const double rg =
        (static_cast<double>(our_finds_) + 1) / (our_seconds_ + 1);
    const double ro = (static_cast<double>(other_finds_) + 1) / (other + 1);
    const double share =
        std::min(kMaxShare, std::max(kMinShare, rg / (rg + ro)));
    const double per_call = our_seconds_ / static_cast<double>(settled_);
    const double other_per_stage = other / static_cast<double>(stages_ - 1);
    if (per_call <= 0) return kMaxFuzzCount;
    const double n = share * other_per_stage / ((1 - share) * per_call);
    return static_cast<uint32_t>(
        std::min<double>(kMaxFuzzCount, std::max<double>(kMinFuzzCount, n)));
  }

  // Reports the fate of the pending output (if any) with the target's run
  // time; `measured`: the run time was measured, not estimated.
  void Settle(Mutator::Fate fate, double run_seconds, bool measured,
              bool tell = true) {
    if (!pending_) return;
    pending_ = false;
    if (measured) {
      mean_run_ = mean_run_ < 0
                      ? run_seconds
                      : mean_run_ + kRunTimeAlpha * (run_seconds - mean_run_);
    }
    if (!tell) return;
    const double cost = meter_.Cost(run_seconds);
    mutator_->ReportOutcome(fate, cost);
    ++settled_;
    our_seconds_ += cost;
    if (fate == Mutator::Fate::kKept) ++our_finds_;
  }

  MutatorConfig config_;
  std::unique_ptr<Mutator> mutator_;
  CallMeter meter_;
  Rng rng_;
  std::unique_ptr<GrammarTrimmer> trimmer_;
  std::vector<uint8_t> out_;  // the last output
  size_t out_size_ = 0;
  bool pending_ = false;    // the last output's fate is not reported yet
  bool last_kept_ = false;  // the last output became a queue entry
  bool stage_open_ = false;
  std::string stage_input_;  // the input of the current stage
  double mean_run_ = -1;     // running mean of measured run times (s)
  std::string describe_, file_;
  std::string entry_;  // the queue entry being fuzzed (as trimmed)
  bool entry_known_ = false;
  uint64_t splice_stages_skipped_ = 0;
  // The stage length (afl_custom_fuzz_count) and what decides it.
  uint32_t fixed_count_ = 0, last_count_ = 0;
  int64_t start_ns_ = 0;
  uint64_t stages_ = 0, settled_ = 0, our_finds_ = 0, other_finds_ = 0;
  double our_seconds_ = 0;
};

AflGlue* Glue(void* data) { return static_cast<AflGlue*>(data); }

}  // namespace

const Mutator& AflMutator(void* data) { return Glue(data)->mutator(); }
const GrammarTrimmer* AflTrimmer(void* data) { return Glue(data)->trimmer(); }

}  // namespace grammut

extern "C" {

void* afl_custom_init(void* /*afl*/, unsigned int seed) {
  return new grammut::AflGlue(grammut::ConfigFromEnvironmentOrExit(), seed);
}

size_t afl_custom_fuzz(void* data, uint8_t* buf, size_t buf_size,
                       uint8_t** out_buf, uint8_t* add_buf, size_t add_buf_size,
                       size_t max_size) {
  return grammut::Glue(data)->Fuzz(buf, buf_size, out_buf, add_buf,
                                   add_buf_size, max_size);
}

const char* afl_custom_describe(void* data, size_t max_description_len) {
  return grammut::Glue(data)->Describe(max_description_len);
}

uint8_t afl_custom_queue_get(void* data, const uint8_t* filename) {
  grammut::Glue(data)->QueueGet(reinterpret_cast<const char*>(filename));
  return 1;
}

uint32_t afl_custom_fuzz_count(void* data, const uint8_t* buf,
                               size_t buf_size) {
  return grammut::Glue(data)->FuzzCount(buf, buf_size);
}

uint8_t afl_custom_queue_new_entry(void* data,
                                   const uint8_t* filename_new_queue,
                                   const uint8_t* /*filename_orig_queue*/) {
  grammut::Glue(data)->QueueNewEntry(
      reinterpret_cast<const char*>(filename_new_queue));
  return 0;
}

int32_t afl_custom_init_trim(void* data, uint8_t* buf, size_t buf_size) {
  return grammut::Glue(data)->InitTrim(buf, buf_size);
}

size_t afl_custom_trim(void* data, uint8_t** out_buf) {
  return grammut::Glue(data)->Trim(out_buf);
}

int32_t afl_custom_post_trim(void* data, uint8_t success) {
  return grammut::Glue(data)->PostTrim(success != 0);
}

void afl_custom_deinit(void* data) { delete grammut::Glue(data); }

}  // extern "C"
