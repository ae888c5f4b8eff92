// arms.h: the mutations grammut's bandits choose among.
//
// Two families: `grammar` (the tree operators of operators.h) and `bytes`
// (libFuzzer's own whole-input mutations through LLVMFuzzerMutate, or
// grammut's byte mutator). Within the grammar family every operator is an
// arm, and an operator that generates is one arm per probability mode
// (regenerate/learned, regenerate/inverse, regenerate/uniform), so the
// bandit learns which mode pays as well as which operator.
#ifndef GRAMMUT_MUTATE_SCHEDULE_ARMS_H_
#define GRAMMUT_MUTATE_SCHEDULE_ARMS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "learn/weights.h"
#include "mutate/config.h"

namespace grammut {

// The two families, as arms of the top-level bandit.
enum Family : int { kGrammarFamily = 0, kBytesFamily = 1, kNumFamilies = 2 };
const char* FamilyName(int family);

// One arm of the grammar family.
struct Arm {
  std::string name;   // "splice", "regenerate/inverse"
  int op = -1;        // index in Operators()
  int mode = -1;      // index in kArmModes, or -1 (operator does not generate)
  double weight = 1;  // prior share (relative)
};

// The probability modes of generating arms, with their prior shares.
inline constexpr ProbabilityMode kArmModes[] = {ProbabilityMode::kLearned,
                                                ProbabilityMode::kInverse,
                                                ProbabilityMode::kUniform};
inline constexpr double kArmModeWeights[] = {0.5, 0.2, 0.3};

// GrammarArms lists the grammar family's arms (fixed order).
const std::vector<Arm>& GrammarArms();

// Which families and grammar arms are in use.
struct ArmSelection {
  bool families[kNumFamilies] = {true, true};
  std::vector<bool> arms;  // per GrammarArms() entry
};

// SelectArms reads a GRAMMUT_ARMS value ("all", "grammar", "bytes", or a
// comma-separated list of operator names, arm names and "bytes"; a name
// with a leading '-' is removed, and a list of removals only, such as
// "-kpath", starts from everything) and the
// probability mode policy (a fixed mode keeps only that mode's arms).
absl::StatusOr<ArmSelection> SelectArms(absl::string_view spec,
                                        ModePolicy mode);

}  // namespace grammut

#endif  // GRAMMUT_MUTATE_SCHEDULE_ARMS_H_
