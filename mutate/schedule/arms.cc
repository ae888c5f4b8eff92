#include "mutate/schedule/arms.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "mutate/operators/operators.h"

namespace grammut {

const char* FamilyName(int family) {
  return family == kGrammarFamily ? "grammar" : "bytes";
}

const std::vector<Arm>& GrammarArms() {
  static const std::vector<Arm>* arms = [] {
    auto* out = new std::vector<Arm>;
    const auto& ops = Operators();
    for (size_t i = 0; i < ops.size(); ++i) {
      if (!ops[i].Is(kGenerates)) {
        out->push_back(
            Arm{ops[i].name, static_cast<int>(i), -1, ops[i].weight});
        continue;
      }
      for (int m = 0; m < 3; ++m) {
        out->push_back(Arm{
            absl::StrCat(ops[i].name, "/", ProbabilityModeName(kArmModes[m])),
            static_cast<int>(i), m, ops[i].weight * kArmModeWeights[m]});
      }
    }
    return out;
  }();
  return *arms;
}

absl::StatusOr<ArmSelection> SelectArms(absl::string_view spec,
                                        ModePolicy mode) {
  const std::vector<Arm>& arms = GrammarArms();
  ArmSelection sel;
  sel.arms.assign(arms.size(), true);
  spec = absl::StripAsciiWhitespace(spec);
  if (spec == "grammar") {
    sel.families[kBytesFamily] = false;
  } else if (spec == "bytes") {
    sel.families[kGrammarFamily] = false;
  } else if (!spec.empty() && spec != "all") {
    const std::vector<absl::string_view> items =
        absl::StrSplit(spec, ',', absl::SkipEmpty());
    // Only removals ("-kpath,-bytes"): start from everything.
    bool only_removals = true;
    for (absl::string_view item : items) {
      only_removals &= absl::StartsWith(absl::StripAsciiWhitespace(item), "-");
    }
    if (!only_removals) {
      sel.families[kBytesFamily] = false;
      sel.arms.assign(arms.size(), false);
    }
    for (absl::string_view item : items) {
      absl::string_view name = absl::StripAsciiWhitespace(item);
      const bool remove = absl::ConsumePrefix(&name, "-");
      if (name == "bytes") {
        sel.families[kBytesFamily] = !remove;
        continue;
      }
      bool found = false;
      for (size_t i = 0; i < arms.size(); ++i) {
        if (arms[i].name == name || Operators()[arms[i].op].name == name) {
          sel.arms[i] = !remove;
          found = true;
        }
      }
      if (!found) {
        std::vector<std::string> known = {"all", "grammar", "bytes"};
        for (const Arm& a : arms) known.push_back(a.name);
        return absl::InvalidArgumentError(
            absl::StrCat("GRAMMUT_ARMS: no operator or arm '", name,
                         "'; known: ", absl::StrJoin(known, ", ")));
      }
    }
    bool any_arm = false;
    for (bool on : sel.arms) any_arm |= on;
    sel.families[kGrammarFamily] = any_arm;
  }
  // A fixed probability mode keeps only that mode's generating arms.
  const int fixed = mode == ModePolicy::kLearned   ? 0
                    : mode == ModePolicy::kInverse ? 1
                    : mode == ModePolicy::kUniform ? 2
                                                   : -1;
  for (size_t i = 0; i < arms.size(); ++i) {
    if (fixed >= 0 && arms[i].mode >= 0 && arms[i].mode != fixed) {
      sel.arms[i] = false;
    }
  }
  return sel;
}

}  // namespace grammut
