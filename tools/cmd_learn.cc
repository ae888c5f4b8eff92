// `grammut learn`: count the derivations of sample files into a weights file,
// and where their names are defined and used into <weights>.bindings.
#include <cstdio>

#include "absl/flags/flag.h"
#include "generate/generator.h"
#include "parse/parser.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunLearn(const std::vector<std::string>& args) {
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut learn: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  const std::string out = absl::GetFlag(FLAGS_o);
  if (out.empty()) {
    std::fprintf(stderr, "grammut learn: -o WEIGHTS_FILE is required\n");
    return 2;
  }
  auto files = ExpandInputs(args);
  if (!files.ok() || files->empty()) {
    std::fprintf(stderr, "grammut learn: %s\n",
                 files.ok() ? "no sample files given"
                            : std::string(files.status().message()).c_str());
    return 2;
  }
  auto weights = LoadWeights(**grammar);
  if (!weights.ok()) {
    std::fprintf(stderr, "grammut learn: %s\n",
                 std::string(weights.status().message()).c_str());
    return 2;
  }
  GeneratorKit kit(**grammar, **weights, nullptr);
  auto bindings = LoadBindings(**grammar, kit.tokens);
  if (!bindings.ok()) {
    std::fprintf(stderr, "grammut learn: %s\n",
                 std::string(bindings.status().message()).c_str());
    return 2;
  }
  Parser parser(**grammar, ParseOptions::ForFiles());
  TokenPool pool((*grammar)->max_token_type());
  int used = 0, skipped = 0;
  for (const std::string& f : *files) {
    auto bytes = ReadFile(f);
    if (!bytes.ok()) {
      ++skipped;
      continue;
    }
    auto r = parser.Parse(*bytes);
    if (!r.ok() || r->syntax_errors > 0) {
      std::fprintf(
          stderr, "grammut learn: skipping %s (%s)\n", f.c_str(),
          r.ok() ? "syntax errors" : std::string(r.status().message()).c_str());
      ++skipped;
      continue;
    }
    (*weights)->AddTree(r->tree);
    (*bindings)->AddTree(r->tree);
    pool.AddTree(r->tree, static_cast<uint64_t>(used));
    ++used;
  }
  absl::Status st = (*weights)->Save(out);
  if (st.ok()) st = (*bindings)->Save(BindingsBesideWeights(out));
  if (st.ok()) {
    st = SaveTokenTexts(**grammar, kit.tokens, pool,
                        TokenTextsBesideWeights(out));
  }
  if (!st.ok()) {
    std::fprintf(stderr, "grammut learn: %s\n",
                 std::string(st.message()).c_str());
    return 1;
  }
  std::printf("learned from %d files (%d skipped); wrote %s, %s and %s\n", used,
              skipped, out.c_str(), BindingsBesideWeights(out).c_str(),
              TokenTextsBesideWeights(out).c_str());
  // What the names model holds, in a line (`grammut bindings` shows it).
  std::printf(
      "names: %d places; %zu tokens a rule holds once, %zu that stand only "
      "inside some constructs (grammut bindings --grammar G FILES... shows "
      "them)\n",
      (*bindings)->num_places(), (*bindings)->singles().Singles().size(),
      (*bindings)->enclosed().Rules().size());
  return used > 0 ? 0 : 1;
}

}  // namespace grammut::cli
