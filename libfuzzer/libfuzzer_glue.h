// libfuzzer_glue.h: the C++ side of grammut's libFuzzer glue.
//
// The C ABI (LLVMFuzzerCustomMutator, LLVMFuzzerCustomCrossOver) is all
// libFuzzer needs. Tests and tools linked with grammut::libfuzzer can look
// at the mutator behind it.
#ifndef GRAMMUT_LIBFUZZER_LIBFUZZER_GLUE_H_
#define GRAMMUT_LIBFUZZER_LIBFUZZER_GLUE_H_

#include "mutate/mutator.h"

namespace grammut {

// LibFuzzerMutator is the mutator the C ABI uses (created on first use from
// the GRAMMUT_* environment or the embedded grammar).
const Mutator& LibFuzzerMutator();

}  // namespace grammut

#endif  // GRAMMUT_LIBFUZZER_LIBFUZZER_GLUE_H_
