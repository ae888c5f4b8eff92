// aflpp_glue.cc: the AFL++ custom mutator API over grammut::Mutator.
//
// What AFL++ (4.04c, src/afl-fuzz-one.c) does with a custom mutator, and so
// what each call tells:
//   - fuzz_one(entry) asks afl_custom_queue_get(entry), trims the entry if
//     it is new (our trim functions), then runs the custom stage: N times
//     afl_custom_fuzz(entry bytes, another entry as add_buf), each output
//     run at once; then its own havoc stage, and in splice cycles the
//     custom stage again on a spliced buffer, then havoc again.
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
#include "mutator/aflpp/aflpp_glue.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "grammar_runtime/rng.h"
#include "mutator/config.h"
#include "mutator/front_end.h"

namespace grammut {
namespace {

// Weight of the newest measurement in the running mean of run times.
constexpr double kRunTimeAlpha = 1.0 / 16;

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

class AflGlue {
 public:
  AflGlue(const MutatorConfig& config, unsigned seed)
      : config_(config),
        mutator_(CreateMutatorOrExit(config)),
        meter_(config),
        rng_(seed) {
    // AFL++ has no LLVMFuzzerMutate: grammut's own byte mutator.
    mutator_->set_byte_mutator(nullptr);
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
        "accepted, %llu of %llu bytes removed; cpu %.1f%%\n",
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
        static_cast<unsigned long long>(t.bytes_in), meter_.CpuPercent());
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

  void QueueGet() {
    // A new fuzz_one round: AFL++ did other work since our last call.
    if (pending_) Settle(Mutator::Fate::kDiscarded, EstimatedRun(), false);
    stage_open_ = false;
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
    return trimmer_->Start(
        absl::string_view(reinterpret_cast<const char*>(buf), size));
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
    return trimmer_ ? trimmer_->Result(success) : 0;
  }

  const Mutator& mutator() const { return *mutator_; }
  const GrammarTrimmer* trimmer() const { return trimmer_.get(); }

 private:
  double EstimatedRun() const { return mean_run_ >= 0 ? mean_run_ : 0.0; }

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
    if (tell) mutator_->ReportOutcome(fate, meter_.Cost(run_seconds));
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

uint8_t afl_custom_queue_get(void* data, const uint8_t* /*filename*/) {
  grammut::Glue(data)->QueueGet();
  return 1;
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
