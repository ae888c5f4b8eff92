#include "mutate/settings.h"

#include <unistd.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "generate/probability_mode.h"
#include "parse/parse_helper.h"

namespace grammut {

absl::StatusOr<MutatorConfig> ConfigFromSettings(const Settings& s) {
  MutatorConfig c;
  c.grammar = s.Get("GRAMMUT_GRAMMAR");
  c.start_rule = s.Get("GRAMMUT_START_RULE");
  absl::StatusOr<ModePolicy> mode = ParseModePolicy(s.Get("GRAMMUT_MODE"));
  if (!mode.ok()) return mode.status();
  c.mode = *mode;
  c.weights_file = s.Get("GRAMMUT_WEIGHTS");
  c.save_weights_file = s.Get("GRAMMUT_SAVE_WEIGHTS");
  c.stats_seconds = s.Number("GRAMMUT_STATS");
  c.cpu_share = s.Number("GRAMMUT_CPU_SHARE");
  c.memory_mb = static_cast<size_t>(s.Number("GRAMMUT_MEMORY_MB"));
  c.dictionary = s.Switch("GRAMMUT_DICT");
  c.deterministic = s.Number("GRAMMUT_DETERMINISTIC") != 0;

  c.arms = s.Get("GRAMMUT_ARMS");
  c.max_depth = static_cast<int>(s.Number("GRAMMUT_MAX_DEPTH"));
  c.max_parse_bytes = static_cast<size_t>(s.Number("GRAMMUT_MAX_PARSE"));
  c.smoothing = s.Number("GRAMMUT_SMOOTHING");
  c.parse_share = s.Number("GRAMMUT_PARSE_SHARE");
  c.input_texts = s.Number("GRAMMUT_INPUT_TEXTS");
  c.adopt_names = s.Number("GRAMMUT_ADOPT_NAMES");
  c.bind_names = s.Number("GRAMMUT_BIND_NAMES");
  c.familiar_tokens = s.Number("GRAMMUT_FAMILIAR_TOKENS") > 0;
  c.single_tokens = s.Number("GRAMMUT_SINGLE_TOKENS") > 0;
  c.edge_win = s.Number("GRAMMUT_EDGE_WIN");
  absl::StatusOr<GoalMix> goal = ParseGoalMix(s.Get("GRAMMUT_GOAL"));
  if (!goal.ok()) {
    if (s.Source("GRAMMUT_GOAL") == "GRAMMUT_GOAL") return goal.status();
    return absl::InvalidArgumentError(
        absl::StrCat(s.Source("GRAMMUT_GOAL"), ": ", goal.status().message()));
  }
  c.goal = *goal;
  c.validity = s.Switch("GRAMMUT_VALIDITY");
  c.kpath_features = s.Integer("GRAMMUT_KPATH_FEATURES");
  c.read_focus = s.Switch("GRAMMUT_READ_FOCUS");
  c.slow_entries = s.Switch("GRAMMUT_SLOW_ENTRIES");
  c.embed = s.Get("GRAMMUT_EMBED");
  c.program_words = s.Switch("GRAMMUT_PROGRAM_WORDS");
  c.word_neighbours = s.Switch("GRAMMUT_WORD_NEIGHBOURS");
  c.token_contexts = s.Switch("GRAMMUT_TOKEN_CONTEXTS");
  c.places = s.Switch("GRAMMUT_PLACES");
  const std::string placed = s.Get("GRAMMUT_PLACED_WEIGHTS");
  if (placed != "0") {
    for (absl::string_view m : absl::StrSplit(placed, ',')) {
      absl::StatusOr<ProbabilityMode> mode = ParseProbabilityMode(m);
      if (!mode.ok() || *mode == ProbabilityMode::kUniform) {
        return absl::InvalidArgumentError(
            absl::StrCat(s.Source("GRAMMUT_PLACED_WEIGHTS"), "='", placed,
                         "' is not 0, learned, inverse or learned,inverse"));
      }
      (*mode == ProbabilityMode::kLearned ? c.placed_learned
                                          : c.placed_inverse) = true;
    }
  }

  const std::string helper = s.Get("GRAMMUT_PARSE_HELPER");
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

absl::StatusOr<MutatorConfig> ConfigFromEnvironment(
    std::vector<std::string>* notes) {
  absl::StatusOr<Settings> settings =
      Settings::FromEnvironment(Settings::ProcessEnvironment(), notes);
  if (!settings.ok()) return settings.status();
  return ConfigFromSettings(*settings);
}

}  // namespace grammut
