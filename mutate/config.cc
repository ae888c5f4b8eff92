#include "mutate/config.h"

#include <unistd.h>

#include <cstdlib>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "generate/probability_mode.h"
#include "parse/parse_helper.h"

namespace grammut {
namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

}  // namespace

absl::StatusOr<ModePolicy> ParseModePolicy(const std::string& name) {
  if (name == "learned") return ModePolicy::kLearned;
  if (name == "inverse") return ModePolicy::kInverse;
  if (name == "uniform") return ModePolicy::kUniform;
  if (name == "adaptive" || name.empty()) return ModePolicy::kAdaptive;
  return absl::InvalidArgumentError(
      absl::StrCat("GRAMMUT_MODE='", name,
                   "' is not one of learned, inverse, uniform, adaptive"));
}

absl::StatusOr<MutatorConfig> ConfigFromEnvironment() {
  MutatorConfig c;
  c.parse_share = 0.04;
  c.cpu_share = 0.09;
  c.grammar = Env("GRAMMUT_GRAMMAR");
  c.start_rule = Env("GRAMMUT_START_RULE");
  absl::StatusOr<ModePolicy> mode = ParseModePolicy(Env("GRAMMUT_MODE"));
  if (!mode.ok()) return mode.status();
  c.mode = *mode;
  c.weights_file = Env("GRAMMUT_WEIGHTS");
  c.save_weights_file = Env("GRAMMUT_SAVE_WEIGHTS");
  auto number = [](const char* name, double* out) -> absl::Status {
    const std::string v = Env(name);
    if (v.empty()) return absl::OkStatus();
    if (!absl::SimpleAtod(v, out) || *out < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(name, "='", v, "' is not a non-negative number"));
    }
    return absl::OkStatus();
  };
  double depth = c.max_depth, parse = static_cast<double>(c.max_parse_bytes);
  double memory = static_cast<double>(c.memory_mb), deterministic = 0;
  for (auto [name, out] :
       {std::pair<const char*, double*>{"GRAMMUT_STATS", &c.stats_seconds},
        {"GRAMMUT_MAX_DEPTH", &depth},
        {"GRAMMUT_MAX_PARSE", &parse},
        {"GRAMMUT_SMOOTHING", &c.smoothing},
        {"GRAMMUT_MEMORY_MB", &memory},
        {"GRAMMUT_DETERMINISTIC", &deterministic},
        {"GRAMMUT_PARSE_SHARE", &c.parse_share},
        {"GRAMMUT_CPU_SHARE", &c.cpu_share},
        {"GRAMMUT_INPUT_TEXTS", &c.input_texts},
        {"GRAMMUT_ADOPT_NAMES", &c.adopt_names},
        {"GRAMMUT_EDGE_WIN", &c.edge_win}}) {
    absl::Status st = number(name, out);
    if (!st.ok()) return st;
  }
  if (depth < 1) {
    return absl::InvalidArgumentError("GRAMMUT_MAX_DEPTH must be at least 1");
  }
  c.max_depth = static_cast<int>(depth);
  c.max_parse_bytes = static_cast<size_t>(parse);
  if (memory < 16) {
    return absl::InvalidArgumentError(
        "GRAMMUT_MEMORY_MB must be at least 16 (megabytes)");
  }
  c.memory_mb = static_cast<size_t>(memory);
  c.deterministic = deterministic != 0;
  if (c.parse_share > 1) {
    return absl::InvalidArgumentError(
        "GRAMMUT_PARSE_SHARE must be a share of time between 0 and 1");
  }
  if (c.cpu_share > 1) {
    return absl::InvalidArgumentError(
        "GRAMMUT_CPU_SHARE must be a share of CPU time between 0 and 1");
  }
  if (c.input_texts > 1) {
    return absl::InvalidArgumentError(
        "GRAMMUT_INPUT_TEXTS must be a chance between 0 and 1");
  }
  if (c.adopt_names > 1) {
    return absl::InvalidArgumentError(
        "GRAMMUT_ADOPT_NAMES must be a chance between 0 and 1");
  }
  if (c.edge_win < 1) {
    return absl::InvalidArgumentError(
        "GRAMMUT_EDGE_WIN must be at least 1 (the worth of a new hit count)");
  }
  c.embed = Env("GRAMMUT_EMBED");
  const std::string arms = Env("GRAMMUT_ARMS");
  if (!arms.empty()) c.arms = arms;
  absl::StatusOr<GoalMix> goal = ParseGoalMix(Env("GRAMMUT_GOAL"));
  if (!goal.ok()) return goal.status();
  c.goal = *goal;
  for (auto [name, out] :
       {std::pair<const char*, bool*>{"GRAMMUT_VALIDITY", &c.validity},
        {"GRAMMUT_DICT", &c.dictionary},
        {"GRAMMUT_TOKEN_CONTEXTS", &c.token_contexts},
        {"GRAMMUT_PLACES", &c.places},
        {"GRAMMUT_PROGRAM_WORDS", &c.program_words},
        {"GRAMMUT_WORD_NEIGHBOURS", &c.word_neighbours},
        {"GRAMMUT_READ_FOCUS", &c.read_focus}}) {
    const std::string v = Env(name);
    if (v != "" && v != "0" && v != "1") {
      return absl::InvalidArgumentError(
          absl::StrCat(name, "='", v, "' is not 0 or 1"));
    }
    if (!v.empty()) *out = v == "1";
  }
  const std::string placed = Env("GRAMMUT_PLACED_WEIGHTS");
  if (!placed.empty() && placed != "0") {
    for (absl::string_view m : absl::StrSplit(placed, ',')) {
      absl::StatusOr<ProbabilityMode> mode = ParseProbabilityMode(m);
      if (!mode.ok() || *mode == ProbabilityMode::kUniform) {
        return absl::InvalidArgumentError(
            absl::StrCat("GRAMMUT_PLACED_WEIGHTS='", placed,
                         "' is not 0, learned, inverse or learned,inverse"));
      }
      (*mode == ProbabilityMode::kLearned ? c.placed_learned
                                          : c.placed_inverse) = true;
    }
  }
  const std::string kpath = Env("GRAMMUT_KPATH_FEATURES");
  if (!kpath.empty() && (!absl::SimpleAtoi(kpath, &c.kpath_features) ||
                         c.kpath_features < 0 || c.kpath_features > 5)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "GRAMMUT_KPATH_FEATURES='", kpath, "' is not a k from 0 (off) to 5"));
  }
  const std::string helper = Env("GRAMMUT_PARSE_HELPER");
  if (helper.empty()) {
    c.parse_helper = FindParseHelperBinary();
  } else if (helper != "0") {
    if (access(helper.c_str(), X_OK) != 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "GRAMMUT_PARSE_HELPER='", helper,
          "' is not an executable file (the grammut command line tool; 0: "
          "parse in the fuzzer's process)"));
    }
    c.parse_helper = helper;
  }
  return c;
}

}  // namespace grammut
