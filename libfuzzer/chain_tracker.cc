#include "libfuzzer/chain_tracker.h"

namespace grammut {

ChainTracker::Step ChainTracker::OnCall(absl::string_view data,
                                        const std::string* last_output) {
  Step s;
  if (last_output == nullptr || chain_ == 0) {
    chain_ = 0;
    return s;
  }
  s.has_outcome = true;
  const bool within = chain_ < depth_;
  if (within && data == *last_output) {
    s.fate = Mutator::Fate::kDiscarded;
    s.input = Mutator::Input::kLastOutput;
    return s;
  }
  s.fate = within && reliable_ ? Mutator::Fate::kKept : Mutator::Fate::kUnknown;
  chain_ = 0;
  return s;
}

}  // namespace grammut
