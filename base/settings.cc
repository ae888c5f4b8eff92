#include "base/settings.h"

#include <cstdio>
#include <cstdlib>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/edit_distance.h"

extern char** environ;

namespace grammut {
namespace {

constexpr double kNoMax = std::numeric_limits<double>::infinity();
constexpr SettingClass U = SettingClass::kUser;
constexpr SettingClass X = SettingClass::kExperiment;
constexpr SettingClass I = SettingClass::kInternal;
constexpr SettingClass S = SettingClass::kScript;
constexpr SettingKind kText = SettingKind::kText;
constexpr SettingKind kNumber = SettingKind::kNumber;
constexpr SettingKind kInteger = SettingKind::kInteger;
constexpr SettingKind kSwitch = SettingKind::kSwitch;
constexpr SettingKind kChoice = SettingKind::kChoice;

// clang-format off
constexpr SettingRow kRows[] = {
  // name, experiment, class, kind, min, max, accepted, default, goes, doc
  {"GRAMMUT_GRAMMAR", nullptr, U, kText, 0, 0,
   "a .g4 file, Lexer.g4,Parser.g4 or an .interp directory", "",
   "MutatorConfig::grammar",
   "the grammar (default: the one embedded at build time)"},
  {"GRAMMUT_START_RULE", nullptr, U, kText, 0, 0, "a parser rule name", "",
   "MutatorConfig::start_rule",
   "the start rule (default: the parser's first rule)"},
  {"GRAMMUT_MODE", nullptr, U, kChoice, 0, 0,
   "learned|inverse|uniform|adaptive", "adaptive", "MutatorConfig::mode",
   "probabilities for generation; adaptive is a bandit over the other three"},
  {"GRAMMUT_WEIGHTS", nullptr, U, kText, 0, 0, "a weights file", "",
   "MutatorConfig::weights_file", "weights file to start from (grammut learn)"},
  {"GRAMMUT_SAVE_WEIGHTS", nullptr, U, kText, 0, 0, "a file name", "",
   "MutatorConfig::save_weights_file",
   "adds the learned weights to this file every 30 s and at exit"},
  {"GRAMMUT_STATS", nullptr, U, kNumber, 0, kNoMax,
   "a number of seconds, at least 0", "0", "MutatorConfig::stats_seconds",
   "seconds between stats lines on stderr (0: none)"},
  {"GRAMMUT_CPU_SHARE", nullptr, U, kNumber, 0, 1,
   "a share of CPU time from 0 to 1", "0.09", "MutatorConfig::cpu_share",
   "most of the CPU time grammut may take (0: no limit)"},
  {"GRAMMUT_MEMORY_MB", nullptr, U, kNumber, 16, kNoMax,
   "a number of megabytes, at least 16", "64", "MutatorConfig::memory_mb",
   "memory for trees, pools and caches"},
  {"GRAMMUT_DICT", nullptr, U, kSwitch, 0, 0, "0 or 1", "1",
   "MutatorConfig::dictionary",
   "1: the grammar's fixed tokens join libFuzzer's -dict and grammut's byte "
   "edits"},
  {"GRAMMUT_PARSE_HELPER", nullptr, U, kText, 0, 0,
   "the grammut command line tool, or 0", "", "MutatorConfig::parse_helper",
   "the grammut tool that parses corpus entries in a helper process (0: "
   "parse in the fuzzer; default: the one beside libgrammut)"},
  {"GRAMMUT_ANTLR_TOOL", nullptr, U, kText, 0, 0,
   "auto, debian, antlr4ng, antlr-ng, a .jar or a command", "auto",
   "grammar/g4_compiler.cc", "the ANTLR tool that compiles .g4 files"},
  {"GRAMMUT_DETERMINISTIC", nullptr, U, kNumber, 0, kNoMax,
   "0 or 1 (any number above 0: on)", "0", "MutatorConfig::deterministic",
   "1: cost outputs by size instead of measured time, so a run repeats "
   "exactly"},

  {"GRAMMUT_ARMS", "arms", X, kText, 0, 0,
   "all, grammar, bytes, or a comma-separated list of operator names and "
   "bytes (-name removes one)", "all", "MutatorConfig::arms",
   "which mutations the schedule may pick"},
  {"GRAMMUT_MAX_DEPTH", "max_depth", X, kNumber, 1, kNoMax,
   "a rule nesting depth, at least 1", "48", "MutatorConfig::max_depth",
   "rule nesting before generation takes the cheapest alternatives"},
  {"GRAMMUT_MAX_PARSE", "max_parse", X, kNumber, 0, kNoMax,
   "a number of bytes, at least 0", "65536", "MutatorConfig::max_parse_bytes",
   "largest input parsed as a tree (larger: byte mutations)"},
  {"GRAMMUT_SMOOTHING", "smoothing", X, kNumber, 0, kNoMax,
   "a number, at least 0", "0.5", "MutatorConfig::smoothing",
   "added to every count in learned mode"},
  {"GRAMMUT_PARSE_SHARE", "parse_share", X, kNumber, 0, 1,
   "a share of time from 0 to 1", "0.04", "MutatorConfig::parse_share",
   "most of the run's time parsing may take (0: no limit)"},
  {"GRAMMUT_INPUT_TEXTS", "input_texts", X, kNumber, 0, 1,
   "a chance from 0 to 1", "0.4", "MutatorConfig::input_texts",
   "chance that a generated token takes the text of a same-type token of "
   "the input being mutated"},
  {"GRAMMUT_ADOPT_NAMES", "adopt_names", X, kNumber, 0, 1,
   "a chance from 0 to 1", "0.5", "MutatorConfig::adopt_names",
   "chance that a part taken from another input first adopts the names of "
   "the input being mutated"},
  {"GRAMMUT_BIND_NAMES", "bind_names", X, kNumber, 0, 1,
   "a chance from 0 to 1", "0", "MutatorConfig::bind_names",
   "chance that the names in what a tree edit writes are bound to what the "
   "input defines before them (and that a token it wrote outside what the "
   "inputs show around it, `break` outside a loop, goes)"},
  {"GRAMMUT_SINGLE_TOKENS", "single_tokens", X, kNumber, 0, 1,
   "0 or 1", "0", "MutatorConfig::single_tokens",
   "1: a tree edit that writes a second of a token its rule holds once "
   "(one PRIMARY KEY per table, learned) loses the loop iteration around "
   "it (mutate/token_repair.h)"},
  {"GRAMMUT_FAMILIAR_TOKENS", "familiar_tokens", X, kNumber, 0, 1,
   "0 or 1", "1", "MutatorConfig::familiar_tokens",
   "1: in the learned mode, token texts keep to the lexer steps the "
   "corpus's texts take (TokenGenerator::Familiar)"},
  {"GRAMMUT_EDGE_WIN", "edge_win", X, kNumber, 1, kNoMax,
   "a number, at least 1 (the worth of a new hit count)", "3",
   "MutatorConfig::edge_win",
   "what a kept output that reached new code is worth to the schedule"},
  {"GRAMMUT_GOAL", "goal", X, kText, 0, 0,
   "coverage, failures, time, complexity, or a mix such as "
   "time:3,coverage:1", "coverage", "MutatorConfig::goal",
   "what learning serves"},
  {"GRAMMUT_VALIDITY", "validity", X, kSwitch, 0, 0, "0 or 1", "0",
   "MutatorConfig::validity",
   "1: use the target's validity verdicts (grammut/feedback.h)"},
  {"GRAMMUT_KPATH_FEATURES", "kpath_features", X, kInteger, 0, 5,
   "a k from 0 (off) to 5", "0", "MutatorConfig::kpath_features",
   "k: the k-paths of reported inputs become fuzzer features"},
  {"GRAMMUT_READ_FOCUS", "read_focus", X, kSwitch, 0, 0, "0 or 1", "1",
   "MutatorConfig::read_focus",
   "1: most edits go to the part of an input the target read"},
  {"GRAMMUT_SLOW_ENTRIES", "slow_entries", X, kSwitch, 0, 0, "0 or 1", "0",
   "MutatorConfig::slow_entries",
   "1: a corpus entry far slower to run than the typical one is now and "
   "then left for a fast one"},
  {"GRAMMUT_EMBED", "embed", X, kText, 0, 0,
   "TOKEN=GRAMMAR entries separated by ;, or 0", "",
   "MutatorConfig::embed",
   "languages written inside tokens (default: the grammar's embedded/ "
   "directories)"},
  {"GRAMMUT_PROGRAM_WORDS", "program_words", X, kSwitch, 0, 0, "0 or 1", "1",
   "MutatorConfig::program_words",
   "1: words in the fuzzed program's read-only data become token texts"},
  {"GRAMMUT_WORD_NEIGHBOURS", "word_neighbours", X, kSwitch, 0, 0, "0 or 1",
   "1", "MutatorConfig::word_neighbours",
   "1: offer program words next to one seen in a token's context"},
  {"GRAMMUT_TOKEN_CONTEXTS", "token_contexts", X, kSwitch, 0, 0, "0 or 1",
   "1", "MutatorConfig::token_contexts",
   "1: corpus token texts are drawn by grammar context"},
  {"GRAMMUT_PLACES", "places", X, kSwitch, 0, 0, "0 or 1", "1",
   "MutatorConfig::places",
   "1: swap, splice and crossover prefer a partner from the same place"},
  {"GRAMMUT_PLACED_WEIGHTS", "placed_weights", X, kText, 0, 0,
   "0, learned, inverse or learned,inverse", "0",
   "MutatorConfig::placed_learned, placed_inverse",
   "the modes in which generation weighs alternatives by place"},
  {"GRAMMUT_AFL_FUZZ_COUNT", "afl_fuzz_count", X, kInteger, 1, 1 << 20,
   "a number of calls from 1 to 1048576", "", "aflpp/aflpp_glue.cc",
   "AFL++ only: a fixed number of outputs per queue entry (default: "
   "adaptive)"},

  {"GRAMMUT_CACHE_DIR", nullptr, I, kText, 0, 0, "a directory", "",
   "grammar/g4_compiler.cc",
   "where compiled grammars and -dict files are cached (default: "
   "$XDG_CACHE_HOME/grammut or ~/.cache/grammut)"},
  {"GRAMMUT_TOOLS_DIR", nullptr, I, kText, 0, 0, "a directory", "",
   "grammar/g4_compiler.cc",
   "where npm installs the ANTLR 4.13 tool (default: "
   "~/.cache/grammut/tools)"},
  {"GRAMMUT_ANTLR4", nullptr, I, kText, 0, 0, "a command", "",
   "grammar/g4_compiler.cc, cmake/compile_g4.sh",
   "the command that runs Debian's ANTLR 4.7.2 tool"},
  {"GRAMMUT_DISABLE", nullptr, I, kText, 0, 0, "1 or unset", "",
   "libfuzzer/libfuzzer_glue.cc",
   "1: the library does not set itself up at load time (set by grammut for "
   "the ANTLR tool's processes)"},

  {"GRAMMUT_CMAKE_OPTIONS", nullptr, S, kText, 0, 0, "CMake options", "",
   "scripts/build.sh", "extra CMake options"},
  {"GRAMMUT_PREFIX", nullptr, S, kText, 0, 0, "a directory", "",
   "oss-fuzz/build.sh", "an installed grammut to use instead of building one"},
  {"GRAMMUT_JOBS", nullptr, S, kText, 0, 0, "a number", "",
   "oss-fuzz/build.sh", "build jobs"},
};
// clang-format on

const SettingRow& Row(absl::string_view name) {
  const SettingRow* row = FindSetting(name);
  if (row == nullptr) {
    std::fprintf(stderr, "grammut: internal error: no setting %.*s\n",
                 static_cast<int>(name.size()), name.data());
    std::abort();
  }
  return *row;
}

const SettingRow* FindExperiment(absl::string_view key) {
  for (const SettingRow& row : kRows) {
    if (row.experiment != nullptr && key == row.experiment) return &row;
  }
  return nullptr;
}

// Checks `value` against the row's kind; the error names `source`.
absl::Status Check(const SettingRow& row, const std::string& source,
                   const std::string& value) {
  bool ok = true;
  switch (row.kind) {
    case SettingKind::kText:
      break;
    case SettingKind::kNumber: {
      double v;
      ok = absl::SimpleAtod(value, &v) && v >= row.min && v <= row.max;
      break;
    }
    case SettingKind::kInteger: {
      int64_t v;
      ok = absl::SimpleAtoi(value, &v) && static_cast<double>(v) >= row.min &&
           static_cast<double>(v) <= row.max;
      break;
    }
    case SettingKind::kSwitch:
      ok = value == "0" || value == "1";
      break;
    case SettingKind::kChoice: {
      ok = false;
      for (absl::string_view word : absl::StrSplit(row.accepted, '|')) {
        ok = ok || word == value;
      }
      break;
    }
  }
  if (ok) return absl::OkStatus();
  const std::string accepted =
      row.kind == SettingKind::kChoice
          ? absl::StrCat("one of ",
                         absl::StrReplaceAll(row.accepted, {{"|", ", "}}))
          : row.accepted;
  return absl::InvalidArgumentError(
      absl::StrCat(source, "='", value, "' is not ", accepted));
}

std::vector<std::string> KnownNames() {
  std::vector<std::string> names;
  for (const SettingRow& row : kRows) names.push_back(row.name);
  names.push_back(kExperimentsVariable);
  return names;
}

// "GRAMMUT_MODE", or "GRAMMUT_EXPERIMENTS=places=..." for an experiment.
std::string Spelling(const std::string& name) {
  const SettingRow* row = FindSetting(name);
  if (row == nullptr || row->experiment == nullptr) return name;
  return absl::StrCat(kExperimentsVariable, "=", row->experiment, "=...");
}

// The entries of a GRAMMUT_EXPERIMENTS value as (key, value) pairs. A ';'
// inside an embed value (TOKEN=GRAMMAR;TOKEN=GRAMMAR) continues it when
// what follows is not an experiment's name.
absl::StatusOr<std::vector<std::pair<std::string, std::string>>>
SplitExperiments(absl::string_view text) {
  std::vector<std::pair<std::string, std::string>> entries;
  for (absl::string_view piece : absl::StrSplit(text, ';')) {
    piece = absl::StripAsciiWhitespace(piece);
    if (piece.empty()) continue;
    const size_t eq = piece.find('=');
    const std::string key(
        eq == absl::string_view::npos
            ? piece
            : absl::StripAsciiWhitespace(piece.substr(0, eq)));
    if (!entries.empty() && entries.back().first == "embed" &&
        FindExperiment(key) == nullptr) {
      absl::StrAppend(&entries.back().second, ";", piece);
      continue;
    }
    if (eq == absl::string_view::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat(kExperimentsVariable, ": '", piece,
                       "' is not name=value (entries are separated by ';')"));
    }
    entries.emplace_back(
        key, std::string(absl::StripAsciiWhitespace(piece.substr(eq + 1))));
  }
  return entries;
}

}  // namespace

absl::Span<const SettingRow> SettingsTable() { return kRows; }

const SettingRow* FindSetting(absl::string_view name) {
  for (const SettingRow& row : kRows) {
    if (name == row.name) return &row;
  }
  return nullptr;
}

absl::StatusOr<Settings> Settings::FromEnvironment(
    const Environment& env, std::vector<std::string>* notes) {
  std::vector<std::string> discard;
  if (notes == nullptr) notes = &discard;
  Settings s;
  std::string experiments;
  for (const auto& [name, value] : env) {
    if (!absl::StartsWith(name, "GRAMMUT_")) continue;
    if (name == kExperimentsVariable) {
      experiments = value;
      continue;
    }
    const SettingRow* row = FindSetting(name);
    if (row == nullptr) {
      notes->push_back(
          absl::StrCat("unknown setting ", name, " ignored (did you mean ",
                       Spelling(ClosestName(name, KnownNames())), "?)"));
      continue;
    }
    if (value.empty()) continue;
    if (row->experiment != nullptr) {
      notes->push_back(absl::StrCat(name, " is now ", kExperimentsVariable, "=",
                                    row->experiment, "=", value));
    }
    if (absl::Status st = Check(*row, name, value); !st.ok()) return st;
    s.values_[row->name] = Value{value, name};
  }
  absl::StatusOr<std::vector<std::pair<std::string, std::string>>> entries =
      SplitExperiments(experiments);
  if (!entries.ok()) return entries.status();
  std::vector<std::string> keys;
  for (const SettingRow& row : kRows) {
    if (row.experiment != nullptr) keys.push_back(row.experiment);
  }
  for (const auto& [key, value] : *entries) {
    const SettingRow* row = FindExperiment(key);
    if (row == nullptr) {
      notes->push_back(absl::StrCat("unknown experiment ", key,
                                    " ignored (did you mean ",
                                    ClosestName(key, keys), "?)"));
      continue;
    }
    const std::string source =
        absl::StrCat(kExperimentsVariable, " entry ", key);
    if (absl::Status st = Check(*row, source, value); !st.ok()) return st;
    if (value.empty()) {
      s.values_.erase(row->name);
    } else {
      s.values_[row->name] = Value{value, source};
    }
  }
  return s;
}

Settings::Environment Settings::ProcessEnvironment() {
  Environment env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const absl::string_view entry(*e);
    if (!absl::StartsWith(entry, "GRAMMUT_")) continue;
    const size_t eq = entry.find('=');
    if (eq == absl::string_view::npos) continue;
    env.emplace_back(std::string(entry.substr(0, eq)),
                     std::string(entry.substr(eq + 1)));
  }
  return env;
}

std::string Settings::Get(absl::string_view name) const {
  const SettingRow& row = Row(name);
  auto it = values_.find(row.name);
  return it != values_.end() ? it->second.text : row.default_value;
}

bool Settings::IsSet(absl::string_view name) const {
  return values_.contains(Row(name).name);
}

double Settings::Number(absl::string_view name) const {
  double v = 0;
  if (!absl::SimpleAtod(Get(name), &v)) v = 0;
  return v;
}

int Settings::Integer(absl::string_view name) const {
  int v = 0;
  if (!absl::SimpleAtoi(Get(name), &v)) v = 0;
  return v;
}

bool Settings::Switch(absl::string_view name) const { return Get(name) == "1"; }

std::string Settings::Source(absl::string_view name) const {
  const SettingRow& row = Row(name);
  auto it = values_.find(row.name);
  return it != values_.end() ? it->second.source : row.name;
}

std::string SettingValue(absl::string_view name) {
  const SettingRow& row = Row(name);
  std::string value;
  if (const char* v = std::getenv(row.name); v != nullptr) value = v;
  if (row.experiment != nullptr) {
    const char* x = std::getenv(kExperimentsVariable);
    if (x != nullptr) {
      absl::StatusOr<std::vector<std::pair<std::string, std::string>>> entries =
          SplitExperiments(x);
      if (entries.ok()) {
        for (const auto& [key, v] : *entries) {
          if (key == row.experiment) value = v;
        }
      }
    }
  }
  return value.empty() ? row.default_value : value;
}

}  // namespace grammut
