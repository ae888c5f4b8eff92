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
#include "generate/generator.h"
#include "generate/probability_mode.h"
#include "learn/weights.h"
#include "tree/tree.h"

namespace grammut {

// The byte cap of one whole input generated in `mode` from `weights`, at
// most `max_bytes`: `max_bytes` itself when the walk follows a corpus
// (learned mode, something counted), else drawn as the file comment says;
// never under `shortest` (the start rule's shortest input) or 1 byte.
size_t WholeInputCap(ProbabilityMode mode, const Weights& weights,
                     size_t max_bytes, int64_t shortest, Rng& rng);

// Walks tried for one whole input (GenerateWholeInput).
inline constexpr int kWholeInputWalks = 64;
// Of them, the walks that give up rather than write a text that would not
// read back (GenerateOptions::readable_or_fail).
inline constexpr int kReadableWalks = 8;

// Generates a whole input of `rule` into `out` as `grammut generate` and
// the doctor do: `options->max_bytes` set by WholeInputCap (from
// `max_bytes`), then up to kWholeInputWalks walks, the Rng moving on: a
// walk may end unfinished where a semantic predicate cannot hold, or, in
// the first kReadableWalks, where only text that would not read back fits
// (the cap doubles, up to `max_bytes`, half way through those). Text that
// reads back may run past the cap up to `max_bytes`
// (GenerateOptions::readable_max_bytes). A walk that writes nothing (a
// block of no statements) is walked again: the empty input is one input,
// the fuzzer runs it by itself, and a corpus has it once at most; it is
// the answer only when no walk writes more. False if no walk made one.
bool GenerateWholeInput(Generator& generator, const Grammar& grammar, int rule,
                        const Weights& weights, size_t max_bytes, Rng& rng,
                        GenerateOptions* options, Tree* out);

}  // namespace grammut

#endif  // GRAMMUT_GENERATE_INPUT_SIZE_H_
