#include "tools/cli_common.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "absl/flags/flag.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "grammar/predicate_mappings.h"

ABSL_FLAG(std::string, grammar, "",
          "grammar: a .g4 file, comma-separated .g4 files (lexer,parser), or a "
          "directory of .interp files");
ABSL_FLAG(std::string, predicates, "",
          "a file mapping predicate texts onto grammut's predicate vocabulary "
          "(`TEXT = ENTRY` per line; sets $GRAMMUT_PREDICATES)");
ABSL_FLAG(std::string, start, "",
          "start rule (default: the first parser rule)");
ABSL_FLAG(std::string, weights, "", "weights file to start from");
ABSL_FLAG(std::string, mode, "learned",
          "probability mode: learned, inverse or uniform");
ABSL_FLAG(double, smoothing, 0.0,
          "added to every count in learned mode (0: unseen alternatives are "
          "never chosen)");
ABSL_FLAG(uint64_t, seed, 1, "random seed");
ABSL_FLAG(int, n, 10, "how many inputs to make");
ABSL_FLAG(int, max_size, 4096, "largest input to make, in bytes");
ABSL_FLAG(std::string, out, "", "output directory");
ABSL_FLAG(std::string, o, "", "output file");
ABSL_FLAG(bool, tree, false, "print the parse tree");
ABSL_FLAG(int, decisions, 0,
          "after parsing, list the N parser decisions that built the most "
          "prediction (DFA) states: where parsing spends its time");

namespace grammut::cli {
namespace fs = std::filesystem;

void ApplyPredicatesFlag() {
  const std::string predicates = absl::GetFlag(FLAGS_predicates);
  if (!predicates.empty()) {
    setenv(kPredicatesEnv, predicates.c_str(), /*overwrite=*/1);
  }
}

absl::StatusOr<std::unique_ptr<Grammar>> LoadGrammar() {
  ApplyPredicatesFlag();
  const std::string spec = absl::GetFlag(FLAGS_grammar);
  if (spec.empty()) {
    return absl::InvalidArgumentError(
        "--grammar is required (a .g4 file, lexer.g4,parser.g4, or a "
        "directory of .interp files)");
  }
  return Grammar::Load(spec, absl::GetFlag(FLAGS_start));
}

absl::StatusOr<std::unique_ptr<Weights>> LoadWeights(const Grammar& grammar) {
  auto w = std::make_unique<Weights>(grammar);
  const std::string path = absl::GetFlag(FLAGS_weights);
  if (!path.empty()) {
    absl::Status st = w->Load(path);
    if (!st.ok()) return st;
  }
  if (absl::GetFlag(FLAGS_smoothing) > 0 || path.empty()) {
    w->set_smoothing(absl::GetFlag(FLAGS_smoothing));
  }
  return w;
}

absl::Status LoadTokenTextsBesideWeights(const Grammar& grammar,
                                         TokenPool* pool,
                                         TokenGenerator& tokens) {
  const std::string weights = absl::GetFlag(FLAGS_weights);
  std::error_code ec;
  if (weights.empty() || !fs::exists(TokenTextsBesideWeights(weights), ec)) {
    return absl::OkStatus();
  }
  return LoadTokenTexts(grammar, TokenTextsBesideWeights(weights), pool,
                        tokens);
}

absl::StatusOr<std::unique_ptr<BindingModel>> LoadBindings(
    const Grammar& grammar, TokenGenerator& tokens) {
  auto model =
      std::make_unique<BindingModel>(grammar, NameTokenTypes(grammar, tokens));
  const std::string weights = absl::GetFlag(FLAGS_weights);
  std::error_code ec;
  if (!weights.empty() && fs::exists(BindingsBesideWeights(weights), ec)) {
    absl::Status st = model->Load(BindingsBesideWeights(weights), false);
    if (!st.ok()) return st;
  }
  const std::string file = BindingsBesideGrammar(absl::GetFlag(FLAGS_grammar));
  if (!file.empty() && fs::exists(file, ec)) {
    absl::Status st = model->Load(file, true);
    if (!st.ok()) return st;
  }
  return model;
}

absl::StatusOr<std::vector<std::string>> ExpandInputs(
    const std::vector<std::string>& args) {
  std::vector<std::string> files;
  for (const std::string& a : args) {
    std::error_code ec;
    if (fs::is_directory(a, ec)) {
      std::vector<std::string> found;
      for (const auto& e : fs::recursive_directory_iterator(a, ec)) {
        if (e.is_regular_file()) found.push_back(e.path().string());
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(a, ec)) {
      files.push_back(a);
    } else {
      return absl::NotFoundError(
          absl::StrCat("no such file or directory: ", a));
    }
  }
  return files;
}

}  // namespace grammut::cli
