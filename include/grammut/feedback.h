/* grammut/feedback.h: what a fuzz target can tell grammut about an input.
 *
 * Call these from LLVMFuzzerTestOneInput while it runs an input:
 *
 *   #include <grammut/feedback.h>
 *   int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
 *     int rc = parse_and_check(data, size);
 *     grammut_report_valid(rc == OK);  // the target's own verdict
 *     return 0;
 *   }
 *
 * - grammut_report_valid(1) says the input passed the target's semantic
 *   checks (parsed and accepted: "valid", as Zest defines it), 0 that it was
 *   rejected. With GRAMMUT_VALIDITY=1 (off by default), the code a
 *   *valid* input reached is also counted as separate libFuzzer features,
 *   so an input that reaches known code for the first time while valid is
 *   kept (Zest's second coverage signal), and grammut learns its
 *   probabilities only from inputs not reported invalid.
 * - grammut_report_failure(site) says the input hit a failure the target
 *   handled (a caught exception, an error the code should never reach);
 *   `site` names it (any stable number, e.g. a hash of the exception type).
 *   GRAMMUT_GOAL=failures steers generation toward such inputs.
 * - grammut_report_read(bytes) says the target stopped reading the input
 *   after its first `bytes` bytes: the rest had no effect on this run (an
 *   SQL script whose execution stops at its first failing statement, a
 *   parser that gives up at its first error). grammut then puts most of
 *   its edits of that input in the part that was read, where they can
 *   change what the target does (GRAMMUT_READ_FOCUS=0: not), and now and
 *   then deletes or replaces the part where it stopped (the failing
 *   statement), so what follows runs.
 * - grammut_report_input(data, size) names the input being run (call it
 *   first). With GRAMMUT_KPATH_FEATURES=k (off by default), grammut writes
 *   the k-paths of the input's derivation tree (chains of k grammar symbols,
 *   Havrikov) into GRAMMUT_STRUCTURE_COUNTERS extra counters (default
 *   4096; hashed, presence only): an input that shows a k-path no kept
 *   input showed is kept even if it reached no new code.
 *
 * Without grammut (plain libFuzzer, or an AFL++ build) every call is a no-op:
 * the entry points below are weak references, null when nothing defines
 * them. Valid-only coverage copies the target's inline 8-bit counters
 * (-fsanitize=fuzzer) into GRAMMUT_VALID_COUNTERS extra counters (default
 * 65536; define it to 0 before including this header to leave them out;
 * define it to the same value in every file that includes the header).
 */
#ifndef GRAMMUT_FEEDBACK_H_
#define GRAMMUT_FEEDBACK_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* grammut's entry points (libfuzzer/harness_feedback.cc). */
/* Notes the running input's verdict (nonzero valid, 0 invalid); for a
 * valid input, grammut folds the target's inline 8-bit counters (found in
 * the program's own section table, never declared here: the coverage
 * instrumentation owns those symbols) into `valid_counters`. */
void grammut_feedback_verdict(int valid, uint8_t* valid_counters, size_t size)
    __attribute__((weak));
/* Notes a handled failure at `site` while the input runs. */
void grammut_feedback_failure(uint32_t site) __attribute__((weak));
/* Notes how many bytes of the running input the target read. */
void grammut_feedback_read(size_t bytes) __attribute__((weak));
/* Notes the input being run; with k-path features on, writes its k-paths
 * into `structure_counters`. */
void grammut_feedback_input(const uint8_t* data, size_t size,
                            uint8_t* structure_counters, size_t counters)
    __attribute__((weak));

#ifndef GRAMMUT_VALID_COUNTERS
#define GRAMMUT_VALID_COUNTERS 65536
#endif

#if GRAMMUT_VALID_COUNTERS > 0
/* Valid-only coverage: libFuzzer reads and clears this section per run. */
__attribute__((weak, section("__libfuzzer_extra_counters")))
uint8_t grammut_valid_counters[GRAMMUT_VALID_COUNTERS];
#define GRAMMUT_VALID_COUNTERS_ grammut_valid_counters
#else
#define GRAMMUT_VALID_COUNTERS_ NULL
#endif

#ifndef GRAMMUT_STRUCTURE_COUNTERS
#define GRAMMUT_STRUCTURE_COUNTERS 4096
#endif
#if GRAMMUT_STRUCTURE_COUNTERS > 0
/* k-path features: libFuzzer reads and clears this section per run. */
__attribute__((weak, section("__libfuzzer_extra_counters")))
uint8_t grammut_structure_counters[GRAMMUT_STRUCTURE_COUNTERS];
#define GRAMMUT_STRUCTURE_COUNTERS_ grammut_structure_counters
#else
#define GRAMMUT_STRUCTURE_COUNTERS_ NULL
#endif

/* Reports the running input as valid (nonzero) or invalid (0). */
static inline __attribute__((no_sanitize("coverage"), unused)) void
grammut_report_valid(int valid) {
  if (grammut_feedback_verdict != NULL)
    grammut_feedback_verdict(valid, GRAMMUT_VALID_COUNTERS_,
                             GRAMMUT_VALID_COUNTERS);
}

/* Reports a failure the target handled at `site` (any stable number). */
static inline __attribute__((no_sanitize("coverage"), unused)) void
grammut_report_failure(uint32_t site) {
  if (grammut_feedback_failure != NULL) grammut_feedback_failure(site);
}

/* Reports that the target read only the first `bytes` bytes of the input
 * (it stopped there: the rest had no effect on this run). */
static inline __attribute__((no_sanitize("coverage"), unused)) void
grammut_report_read(size_t bytes) {
  if (grammut_feedback_read != NULL) grammut_feedback_read(bytes);
}

/* Names the input being run (data, size as LLVMFuzzerTestOneInput got
 * them); call it first. */
static inline __attribute__((no_sanitize("coverage"), unused)) void
grammut_report_input(const uint8_t* data, size_t size) {
  if (grammut_feedback_input != NULL)
    grammut_feedback_input(data, size, GRAMMUT_STRUCTURE_COUNTERS_,
                           GRAMMUT_STRUCTURE_COUNTERS);
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GRAMMUT_FEEDBACK_H_ */
