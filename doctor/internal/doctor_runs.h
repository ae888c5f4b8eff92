// internal/doctor_runs.h: the doctor's corpus parse and generation runs.
#ifndef GRAMMUT_DOCTOR_INTERNAL_DOCTOR_RUNS_H_
#define GRAMMUT_DOCTOR_INTERNAL_DOCTOR_RUNS_H_

#include <string>
#include <vector>

#include "doctor/grammar_doctor.h"
#include "generate/token_pool.h"
#include "grammar/grammar.h"
#include "learn/weights.h"

namespace grammut {
namespace doctor_internal {

// ParseCorpus parses `files` from rule `start`, records the first error of
// each file that does not parse cleanly (or why it was not read), and
// counts the clean parses into `weights` and their token texts into `pool`.
CorpusFindings ParseCorpus(const Grammar& grammar, int start,
                           const std::vector<std::string>& files,
                           Weights* weights, TokenPool* pool);

// GenerateAll generates `options.inputs` inputs of rule `start` in each
// mode (learned with `weights`, inverse, uniform), each mode from
// `options.seed` and within `options.seconds_per_mode`, and re-parses them.
// The corpus's token texts in `pool` (null: no corpus) are used as
// `grammut generate` uses those `grammut learn` saved.
std::vector<GenerationFindings> GenerateAll(const Grammar& grammar, int start,
                                            const Weights& weights,
                                            const TokenPool* pool,
                                            const DoctorOptions& options);

}  // namespace doctor_internal
}  // namespace grammut

#endif  // GRAMMUT_DOCTOR_INTERNAL_DOCTOR_RUNS_H_
