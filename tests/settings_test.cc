// The settings table (base/settings.h) and the environment's MutatorConfig
// (mutate/settings.h).
#include "base/settings.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/edit_distance.h"
#include "gtest/gtest.h"
#include "mutate/settings.h"

namespace grammut {
namespace {

using Env = Settings::Environment;

TEST(EditDistance, CountsEdits) {
  EXPECT_EQ(EditDistance("", ""), 0u);
  EXPECT_EQ(EditDistance("abc", ""), 3u);
  EXPECT_EQ(EditDistance("", "abc"), 3u);
  EXPECT_EQ(EditDistance("GRAMMUT_MODEE", "GRAMMUT_MODE"), 1u);
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(ClosestName("plcaes", {"places", "arms", "goal"}), "places");
}

TEST(Settings, AtMostTwelveUserSettings) {
  int user = 0;
  for (const SettingRow& row : SettingsTable()) {
    EXPECT_TRUE(absl::StartsWith(row.name, "GRAMMUT_")) << row.name;
    EXPECT_EQ(row.experiment != nullptr, row.cls == SettingClass::kExperiment)
        << row.name;
    if (row.cls == SettingClass::kUser) ++user;
  }
  EXPECT_LE(user, 12);
}

TEST(Settings, ATypoIsReportedWithTheClosestName) {
  std::vector<std::string> notes;
  absl::StatusOr<Settings> s =
      Settings::FromEnvironment({{"GRAMMUT_MODEE", "uniform"}}, &notes);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0],
            "unknown setting GRAMMUT_MODEE ignored (did you mean "
            "GRAMMUT_MODE?)");
  EXPECT_EQ(s->Get("GRAMMUT_MODE"), "adaptive");
  // A typo of a former experiment name points to GRAMMUT_EXPERIMENTS.
  notes.clear();
  ASSERT_TRUE(
      Settings::FromEnvironment({{"GRAMMUT_PLACEZ", "0"}}, &notes).ok());
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_TRUE(absl::StrContains(notes[0], "GRAMMUT_EXPERIMENTS=places="))
      << notes[0];
  // Names of other programs are not ours to judge.
  notes.clear();
  ASSERT_TRUE(Settings::FromEnvironment({{"HOME", "/x"}}, &notes).ok());
  EXPECT_TRUE(notes.empty());
}

TEST(Settings, AFormerNameMapsOntoItsExperiment) {
  std::vector<std::string> notes;
  absl::StatusOr<Settings> s =
      Settings::FromEnvironment({{"GRAMMUT_PLACES", "0"}}, &notes);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "GRAMMUT_PLACES is now GRAMMUT_EXPERIMENTS=places=0");
  EXPECT_FALSE(s->Switch("GRAMMUT_PLACES"));
  absl::StatusOr<MutatorConfig> c = ConfigFromSettings(*s);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->places);
  // GRAMMUT_EXPERIMENTS wins over the former name.
  s = Settings::FromEnvironment(
      {{"GRAMMUT_PLACES", "0"}, {"GRAMMUT_EXPERIMENTS", "places=1"}}, &notes);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(s->Switch("GRAMMUT_PLACES"));
}

TEST(Settings, ABadValueNamesTheVariable) {
  for (const auto& [name, value, accepted] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"GRAMMUT_MEMORY_MB", "8", "at least 16"},
           {"GRAMMUT_MODE", "learnt", "one of learned, inverse"},
           {"GRAMMUT_DICT", "yes", "0 or 1"},
           {"GRAMMUT_CPU_SHARE", "2", "from 0 to 1"},
           {"GRAMMUT_STATS", "soon", "seconds"},
           {"GRAMMUT_KPATH_FEATURES", "6", "from 0 (off) to 5"}}) {
    absl::StatusOr<Settings> s =
        Settings::FromEnvironment({{name, value}}, nullptr);
    ASSERT_FALSE(s.ok()) << name;
    const std::string message(s.status().message());
    EXPECT_TRUE(absl::StartsWith(message, name + "='" + value + "'"))
        << message;
    EXPECT_TRUE(absl::StrContains(message, accepted)) << message;
  }
}

TEST(Settings, ExperimentsTakeSeveralEntries) {
  std::vector<std::string> notes;
  absl::StatusOr<Settings> s = Settings::FromEnvironment(
      {{"GRAMMUT_EXPERIMENTS",
        "places=0; edge_win=2;arms=grammar,-kpath;"
        "embed=STRING=fts5.g4;NUMBER=num.g4;goal=time:3,coverage:1;"}},
      &notes);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(notes.empty());
  absl::StatusOr<MutatorConfig> c = ConfigFromSettings(*s);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_FALSE(c->places);
  EXPECT_EQ(c->edge_win, 2);
  EXPECT_EQ(c->arms, "grammar,-kpath");
  EXPECT_EQ(c->embed, "STRING=fts5.g4;NUMBER=num.g4");
  EXPECT_EQ(c->goal.time, 3);
  EXPECT_EQ(s->Source("GRAMMUT_EDGE_WIN"),
            "GRAMMUT_EXPERIMENTS entry edge_win");
}

TEST(Settings, UnknownExperimentsAreReported) {
  std::vector<std::string> notes;
  absl::StatusOr<Settings> s = Settings::FromEnvironment(
      {{"GRAMMUT_EXPERIMENTS", "plcaes=0;edge_win=2"}}, &notes);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0],
            "unknown experiment plcaes ignored (did you mean places?)");
  EXPECT_TRUE(s->Switch("GRAMMUT_PLACES"));
  EXPECT_EQ(s->Number("GRAMMUT_EDGE_WIN"), 2);
}

TEST(Settings, BadExperimentValuesAreRefused) {
  absl::StatusOr<Settings> s = Settings::FromEnvironment(
      {{"GRAMMUT_EXPERIMENTS", "places=maybe"}}, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            "GRAMMUT_EXPERIMENTS entry places='maybe' is not 0 or 1");
  s = Settings::FromEnvironment({{"GRAMMUT_EXPERIMENTS", "edge_win=0.5"}},
                                nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.status().message(), "edge_win"));
  s = Settings::FromEnvironment({{"GRAMMUT_EXPERIMENTS", "places"}}, nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.status().message(), "name=value"));
  // Values checked past the table name the entry too.
  s = Settings::FromEnvironment(
      {{"GRAMMUT_EXPERIMENTS", "placed_weights=uniform"}}, nullptr);
  ASSERT_TRUE(s.ok());
  absl::StatusOr<MutatorConfig> c = ConfigFromSettings(*s);
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(absl::StrContains(c.status().message(),
                                "GRAMMUT_EXPERIMENTS entry placed_weights"));
}

// The defaults are those the environment gave before the table.
TEST(Settings, DefaultsAreUnchanged) {
  absl::StatusOr<Settings> s = Settings::FromEnvironment({}, nullptr);
  ASSERT_TRUE(s.ok());
  absl::StatusOr<MutatorConfig> c = ConfigFromSettings(*s);
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->grammar, "");
  EXPECT_EQ(c->start_rule, "");
  EXPECT_EQ(c->mode, ModePolicy::kAdaptive);
  EXPECT_EQ(c->weights_file, "");
  EXPECT_EQ(c->save_weights_file, "");
  EXPECT_EQ(c->stats_seconds, 0);
  EXPECT_EQ(c->max_depth, 48);
  EXPECT_EQ(c->max_parse_bytes, 65536u);
  EXPECT_EQ(c->smoothing, 0.5);
  EXPECT_EQ(c->arms, "all");
  EXPECT_EQ(c->memory_mb, 64u);
  EXPECT_FALSE(c->deterministic);
  EXPECT_EQ(c->parse_share, 0.04);
  EXPECT_EQ(c->parse_burst_seconds, 0.5);
  EXPECT_EQ(c->cpu_share, 0.09);
  EXPECT_EQ(c->input_texts, 0.4);
  EXPECT_EQ(c->adopt_names, 0.5);
  EXPECT_EQ(c->edge_win, 3);
  EXPECT_EQ(c->goal.ToString(), GoalMix().ToString());
  EXPECT_FALSE(c->validity);
  EXPECT_TRUE(c->dictionary);
  EXPECT_TRUE(c->token_contexts);
  EXPECT_TRUE(c->places);
  EXPECT_FALSE(c->placed_learned);
  EXPECT_FALSE(c->placed_inverse);
  EXPECT_TRUE(c->program_words);
  EXPECT_TRUE(c->word_neighbours);
  EXPECT_EQ(c->embed, "");
  EXPECT_TRUE(c->read_focus);
  EXPECT_EQ(c->kpath_features, 0);
  EXPECT_EQ(s->Get("GRAMMUT_AFL_FUZZ_COUNT"), "");
  EXPECT_EQ(s->Get("GRAMMUT_ANTLR_TOOL"), "auto");
}

// Code below the front ends reads through SettingValue, which resolves
// GRAMMUT_EXPERIMENTS and former names alike.
TEST(Settings, SettingValueReadsTheProcess) {
  unsetenv("GRAMMUT_EXPERIMENTS");
  unsetenv("GRAMMUT_AFL_FUZZ_COUNT");
  EXPECT_EQ(SettingValue("GRAMMUT_AFL_FUZZ_COUNT"), "");
  setenv("GRAMMUT_AFL_FUZZ_COUNT", "40", 1);
  EXPECT_EQ(SettingValue("GRAMMUT_AFL_FUZZ_COUNT"), "40");
  setenv("GRAMMUT_EXPERIMENTS", "places=0;afl_fuzz_count=7", 1);
  EXPECT_EQ(SettingValue("GRAMMUT_AFL_FUZZ_COUNT"), "7");
  unsetenv("GRAMMUT_EXPERIMENTS");
  unsetenv("GRAMMUT_AFL_FUZZ_COUNT");
  EXPECT_EQ(SettingValue("GRAMMUT_ANTLR_TOOL"), "auto");
}

// docs/configuration.md lists every user setting and experiment.
TEST(Settings, TheDocsListEveryRow) {
  std::ifstream in(std::string(GRAMMUT_SOURCE_DIR) + "/docs/configuration.md");
  ASSERT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  for (const SettingRow& row : SettingsTable()) {
    if (row.cls == SettingClass::kScript) continue;
    const std::string cell = row.experiment != nullptr
                                 ? absl::StrCat("| `", row.experiment, "` |")
                                 : absl::StrCat("| `", row.name, "` |");
    EXPECT_TRUE(absl::StrContains(text.str(), cell)) << cell;
  }
}

}  // namespace
}  // namespace grammut
