// settings.h: the one table of grammut's environment variables.
//
// libFuzzer owns argv, so grammut is configured by environment variables.
// Every GRAMMUT_* name grammut knows is a row of SettingsTable(): its name,
// its kind and accepted values, its default, a one-line doc and where it
// goes. Nothing else reads the environment for GRAMMUT_* names.
//
// Twelve rows are user settings (GRAMMUT_GRAMMAR, GRAMMUT_MODE, ...).
// Experiment switches are written as entries of one variable,
//   GRAMMUT_EXPERIMENTS="places=0;edge_win=2"
// Their former names (GRAMMUT_PLACES=0) still work, with a one-line note.
// A few rows are paths and internals (the ANTLR tool's cache, the guard
// that keeps the ANTLR tool's processes from loading grammut again), and a
// few are names only scripts and CMake read, listed so that they are not
// reported as unknown.
//
// Settings::FromEnvironment checks an environment once, at start-up:
// unknown GRAMMUT_* names and unknown experiment names become notes with the
// closest known name; a bad value is an error naming the variable and what
// it accepts.
#ifndef GRAMMUT_BASE_SETTINGS_H_
#define GRAMMUT_BASE_SETTINGS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"

namespace grammut {

// Who a row is for.
enum class SettingClass {
  kUser,        // a user setting, read under its own name
  kExperiment,  // an entry of GRAMMUT_EXPERIMENTS (or its former name)
  kInternal,    // paths of the ANTLR toolchain, and grammut's own guard
  kScript,      // read by scripts or CMake only; listed to be known
};

// How a row's value is checked.
enum class SettingKind {
  kText,     // anything; the reader checks it (its error names the variable)
  kNumber,   // a decimal number within [min, max]
  kInteger,  // an integer within [min, max]
  kSwitch,   // 0 or 1
  kChoice,   // one of the '|'-separated words of `accepted`
};

// SettingRow: one row of the table.
struct SettingRow {
  const char* name;        // the environment name, e.g. "GRAMMUT_PLACES"
  const char* experiment;  // kExperiment: the GRAMMUT_EXPERIMENTS key
  SettingClass cls;
  SettingKind kind;
  double min, max;            // kNumber, kInteger
  const char* accepted;       // what values are accepted (errors, docs)
  const char* default_value;  // "" for none
  const char* goes;           // where the value goes
  const char* doc;            // one line
};

// SettingsTable returns every row, user settings first.
absl::Span<const SettingRow> SettingsTable();

// FindSetting returns the row named `name` (a GRAMMUT_* name), or nullptr.
const SettingRow* FindSetting(absl::string_view name);

// The name of the experiments variable.
inline constexpr char kExperimentsVariable[] = "GRAMMUT_EXPERIMENTS";

// Settings: the values of an environment, resolved and checked.
class Settings {
 public:
  using Environment = std::vector<std::pair<std::string, std::string>>;

  // FromEnvironment reads the GRAMMUT_* entries of `env` (other names are
  // ignored). `notes` (if not null) gets one line, without a prefix, per
  // unknown name (with the closest known one) and per former experiment
  // name. A value a row does not accept is an error that names the
  // variable (or the GRAMMUT_EXPERIMENTS entry) and what it accepts.
  // An experiment given both in GRAMMUT_EXPERIMENTS and under its former
  // name takes the GRAMMUT_EXPERIMENTS value.
  static absl::StatusOr<Settings> FromEnvironment(
      const Environment& env, std::vector<std::string>* notes);

  // The process's GRAMMUT_* environment variables.
  static Environment ProcessEnvironment();

  // Get returns the value of the row `name` (its GRAMMUT_* name, for an
  // experiment too), or its default when unset. `name` must be a row.
  std::string Get(absl::string_view name) const;
  // IsSet is true if the environment gave the row a value.
  bool IsSet(absl::string_view name) const;
  // Typed values of checked rows (the default when unset).
  double Number(absl::string_view name) const;
  int Integer(absl::string_view name) const;
  bool Switch(absl::string_view name) const;
  // Where the value came from, for error messages: "GRAMMUT_MODE",
  // "GRAMMUT_EXPERIMENTS entry places" or the name when unset.
  std::string Source(absl::string_view name) const;

 private:
  struct Value {
    std::string text;
    std::string source;
  };
  absl::flat_hash_map<std::string, Value> values_;
};

// SettingValue returns the process's value of the row `name`, or its
// default: for code below the front ends (the ANTLR tool runner, the load
// hook) that runs without a Settings. Unchecked; no notes.
std::string SettingValue(absl::string_view name);

}  // namespace grammut

#endif  // GRAMMUT_BASE_SETTINGS_H_
