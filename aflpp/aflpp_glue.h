// aflpp_glue.h: grammut as an AFL++ custom mutator (AFL++ 4.04c's API).
//
// Built as libgrammut_afl.so; afl-fuzz loads it from
// AFL_CUSTOM_MUTATOR_LIBRARY and calls the functions below. Configuration
// is the same GRAMMUT_* environment as with libFuzzer (or a grammar
// embedded by linking a grammut_grammar_<name> library into the .so).
//
// How AFL++'s events become the core's (see aflpp_glue.cc):
//   afl_custom_fuzz(buf)        Mutate/CrossOver (add_buf is the second
//                               input); buf is a queue entry
//                               (Input::kCorpusEntry), or our last output
//                               given back (kLastOutput).
//   afl_custom_queue_new_entry  the new entry is our last output: it is kept
//                               (ReportOutcome(kKept)); AFL++ runs each
//                               output before doing anything else, so any
//                               other event first means it was discarded.
//   afl_custom_init_trim/trim/post_trim
//                               grammar-aware trimming (grammar_trimmer.h).
//   afl_custom_describe         the operator that made the last output.
//   afl_custom_queue_get, afl_custom_fuzz_count
//                               stage boundaries; the custom stage's length
//                               by finds per second (AFL++ would otherwise
//                               double the stage on every find), none for
//                               splice cycles.
// Byte-level mutations are grammut's own (AFL++ has no LLVMFuzzerMutate);
// AFL++'s havoc and splice stages run after ours anyway.
//
// Several afl_custom_init calls make independent mutators (tests do that).
#ifndef GRAMMUT_AFLPP_AFLPP_GLUE_H_
#define GRAMMUT_AFLPP_AFLPP_GLUE_H_

#include <cstddef>
#include <cstdint>

#include "aflpp/grammar_trimmer.h"
#include "mutate/mutator.h"

extern "C" {

// `afl` is AFL++'s afl_state_t (not used). Returns the mutator's state.
void* afl_custom_init(void* afl, unsigned int seed);
// Writes a mutation of buf[0, buf_size) (with add_buf, another queue entry,
// as a crossover partner when given) to *out_buf; returns its size, at most
// max_size (and at least 1 when max_size > 0).
size_t afl_custom_fuzz(void* data, uint8_t* buf, size_t buf_size,
                       uint8_t** out_buf, uint8_t* add_buf, size_t add_buf_size,
                       size_t max_size);
// The operator that made the last output, filename-safe ("grammut-splice").
const char* afl_custom_describe(void* data, size_t max_description_len);
// Marks the start of the fuzzing of queue entry `filename` (read to tell
// its custom stages from splice cycles); always fuzz it (1).
uint8_t afl_custom_queue_get(void* data, const uint8_t* filename);
// Calls of afl_custom_fuzz in this custom stage: 0 for a splice cycle's
// buffer; for the queue entry, GRAMMUT_AFL_FUZZ_COUNT if set, else a count
// that gives grammut's stages the share of the time their finds per second
// earn against the rest of AFL++'s work (10% to 90%; 256 at first and with
// GRAMMUT_DETERMINISTIC).
uint32_t afl_custom_fuzz_count(void* data, const uint8_t* buf, size_t buf_size);
// A new queue entry was written to `filename_new_queue`. Returns 0 (grammut
// never changes the file).
uint8_t afl_custom_queue_new_entry(void* data,
                                   const uint8_t* filename_new_queue,
                                   const uint8_t* filename_orig_queue);
// Trimming: the number of steps planned for buf; each trim() hands out a
// smaller candidate; post_trim(success) returns the next step index (the
// planned number once done).
int32_t afl_custom_init_trim(void* data, uint8_t* buf, size_t buf_size);
size_t afl_custom_trim(void* data, uint8_t** out_buf);
int32_t afl_custom_post_trim(void* data, uint8_t success);
// Saves the weights (GRAMMUT_SAVE_WEIGHTS) and frees everything.
void afl_custom_deinit(void* data);

}  // extern "C"

namespace grammut {

// For tests and tools: the core and the trimmer behind an afl_custom_init
// state.
const Mutator& AflMutator(void* data);
const GrammarTrimmer* AflTrimmer(void* data);  // null before any trimming

}  // namespace grammut

#endif  // GRAMMUT_AFLPP_AFLPP_GLUE_H_
