// cli_common.h: flags and helpers shared by the `grammut` subcommands.
#ifndef GRAMMUT_TOOLS_CLI_COMMON_H_
#define GRAMMUT_TOOLS_CLI_COMMON_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "base/file_io.h"
#include "bind/binding_model.h"
#include "generate/token_generator.h"
#include "generate/token_pool.h"
#include "generate/token_texts.h"
#include "grammar/grammar.h"
#include "learn/weights.h"

ABSL_DECLARE_FLAG(std::string, grammar);
ABSL_DECLARE_FLAG(std::string, start);
ABSL_DECLARE_FLAG(std::string, weights);
ABSL_DECLARE_FLAG(std::string, mode);
ABSL_DECLARE_FLAG(double, smoothing);
ABSL_DECLARE_FLAG(uint64_t, seed);
ABSL_DECLARE_FLAG(int, n);
ABSL_DECLARE_FLAG(int, max_size);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(std::string, o);
ABSL_DECLARE_FLAG(bool, tree);
ABSL_DECLARE_FLAG(int, decisions);

namespace grammut::cli {

// Loads the grammar named by --grammar/--start (with --predicates).
absl::StatusOr<std::unique_ptr<Grammar>> LoadGrammar();
// Makes --predicates FILE the predicate mappings grammars load with.
void ApplyPredicatesFlag();
// Weights for `grammar`: from --weights if given, else empty; --smoothing.
absl::StatusOr<std::unique_ptr<Weights>> LoadWeights(const Grammar& grammar);
// Where `grammar`'s names are defined and used: what `grammut learn` saved
// beside --weights (if there is such a file), then the grammar's binding
// file (bindings.txt beside it, if any).
// Reads what `grammut learn` saved of the corpus's token texts beside
// --weights (TokenTextsBesideWeights), if there is such a file, into `pool`
// (may be null) and `tokens`.
absl::Status LoadTokenTextsBesideWeights(const Grammar& grammar,
                                         TokenPool* pool,
                                         TokenGenerator& tokens);

absl::StatusOr<std::unique_ptr<BindingModel>> LoadBindings(
    const Grammar& grammar, TokenGenerator& tokens);
// Expands files and directories (recursively, sorted) into files.
absl::StatusOr<std::vector<std::string>> ExpandInputs(
    const std::vector<std::string>& args);

// Subcommands; `args` are the positional arguments after the command name.
int RunParse(const std::vector<std::string>& args);
int RunGenerate(const std::vector<std::string>& args);
int RunLearn(const std::vector<std::string>& args);
int RunStats(const std::vector<std::string>& args);
int RunMutate(const std::vector<std::string>& args);
int RunReduce(const std::vector<std::string>& args);
int RunKPath(const std::vector<std::string>& args);
int RunDict(const std::vector<std::string>& args);
int RunBindings(const std::vector<std::string>& args);
int RunDoctor(const std::vector<std::string>& args);
int RunParseServer(const std::vector<std::string>& args);

}  // namespace grammut::cli

#endif  // GRAMMUT_TOOLS_CLI_COMMON_H_
