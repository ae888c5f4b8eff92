// input_size.h: how big a whole generated input may be.
//
// Under probabilities learned from a corpus a derivation ends by itself,
// at about the size of the corpus's inputs. Under inverse or uniform ones
// (or learned ones with nothing counted) most grammars grow without end:
// an expression may hold two expressions, each may hold two more. Every
// such walk would run on until the byte budget closes it off, so nearly
// every input would be as large as allowed, mostly the cheapest
// completions, and among the slowest for a parser to read (ANTLR's full-LL
// prediction on a 4 KB input of a deep expression grammar takes seconds).
// There, each whole input gets its own cap, drawn log-uniformly between the
// start rule's shortest input and the largest allowed, so sizes spread over
// the range as a corpus's do.
#ifndef GRAMMUT_GENERATE_INPUT_SIZE_H_
#define GRAMMUT_GENERATE_INPUT_SIZE_H_

#include <cstddef>
#include <cstdint>

#include "base/rng.h"
#include "generate/probability_mode.h"
#include "learn/weights.h"

namespace grammut {

// The byte cap of one whole input generated in `mode` from `weights`, at
// most `max_bytes`: `max_bytes` itself when the walk follows a corpus
// (learned mode, something counted), else drawn as the file comment says;
// never under `shortest` (the start rule's shortest input) or 1 byte.
size_t WholeInputCap(ProbabilityMode mode, const Weights& weights,
                     size_t max_bytes, int64_t shortest, Rng& rng);

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_INPUT_SIZE_H_
