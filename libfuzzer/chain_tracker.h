// chain_tracker.h: infers what libFuzzer did with each output.
//
// libFuzzer 14's MutateAndTestOne copies a corpus unit, then up to
// -mutate_depth times mutates the buffer in place and runs it, and stops
// early only when an output added coverage (it is then a corpus entry). So
// at each mutator call: input equal to our last output, within the depth
// -> that output ran and was not kept, and the input is our output (a chain
// step); a different input within the depth -> our last output was kept
// and a new chain starts with a corpus entry; after a full chain -> a new
// chain, and the fate of our last output is unknown (it is credited later
// if it comes back as a corpus entry). With -reduce_depth or outside
// fuzzing (merge, crash minimization) an early end means nothing, so fates
// are unknown.
#ifndef GRAMMUT_LIBFUZZER_CHAIN_TRACKER_H_
#define GRAMMUT_LIBFUZZER_CHAIN_TRACKER_H_

#include <string>

#include "absl/strings/string_view.h"
#include "mutate/mutator.h"

namespace grammut {

class ChainTracker {
 public:
  // `depth`: libFuzzer's -mutate_depth; `reliable`: early ends mean kept.
  ChainTracker(int depth, bool reliable) : depth_(depth), reliable_(reliable) {}

  // What a call tells about the last output, and what its input is.
  struct Step {
    bool has_outcome = false;  // false before the first output
    Mutator::Fate fate = Mutator::Fate::kUnknown;
    Mutator::Input input = Mutator::Input::kCorpusEntry;
  };

  // OnCall reads a mutator call with input `data`; `last_output` is the
  // bytes of our last output (null if none).
  Step OnCall(absl::string_view data, const std::string* last_output);
  // OnOutput notes that the call returned an output.
  void OnOutput() { ++chain_; }

  int depth() const { return depth_; }
  // Outputs made in the current chain.
  int chain_length() const { return chain_; }

 private:
  int depth_;
  bool reliable_;
  int chain_ = 0;
};

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_CHAIN_TRACKER_H_
