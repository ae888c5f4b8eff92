// `grammut bindings`: what grammut learns of a grammar's names from sample
// files: the name token types, the places names stand at (with how often
// a name there is a first occurrence, a definition used later or a use),
// which places each use draws from, and each definition's scope. `-o FILE`
// writes the same as a binding file to edit (bindings.txt beside the
// grammar is read at start-up).
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "bind/enclosed_tokens.h"
#include "generate/generator.h"
#include "parse/parser.h"
#include "tools/cli_common.h"

namespace grammut::cli {

int RunBindings(const std::vector<std::string>& args) {
  auto fail = [](const absl::Status& st, int code) {
    std::fprintf(stderr, "grammut bindings: %s\n",
                 std::string(st.message()).c_str());
    return code;
  };
  auto grammar = LoadGrammar();
  if (!grammar.ok()) return fail(grammar.status(), 2);
  const Grammar& g = **grammar;
  auto weights = LoadWeights(g);
  if (!weights.ok()) return fail(weights.status(), 2);
  GeneratorKit kit(g, **weights, nullptr);
  auto model = LoadBindings(g, kit.tokens);
  if (!model.ok()) return fail(model.status(), 2);
  BindingModel& m = **model;
  auto files = ExpandInputs(args);
  if (!files.ok()) return fail(files.status(), 2);
  if (files->empty() && m.num_places() == 0) {
    std::fprintf(stderr,
                 "grammut bindings: give sample files (or --weights W with a "
                 "W.bindings from `grammut learn`)\n");
    return 2;
  }
  Parser parser(g, ParseOptions::ForFiles());
  int used = 0, skipped = 0;
  for (const std::string& f : *files) {
    auto bytes = ReadFile(f);
    auto r = bytes.ok() ? parser.Parse(*bytes)
                        : absl::StatusOr<ParseResult>(bytes.status());
    if (!r.ok() || r->syntax_errors > 0) {
      ++skipped;
      continue;
    }
    m.AddTree(r->tree);
    ++used;
  }
  if (!files->empty()) {
    std::printf("learned from %d files (%d skipped: syntax errors)\n\n", used,
                skipped);
  }
  std::string names;
  for (size_t t = 1; t < m.name_types().size(); ++t) {
    if (m.name_types()[t]) {
      absl::StrAppend(&names, names.empty() ? "" : ", ",
                      g.token_name(static_cast<int>(t)));
    }
  }
  std::printf("name token types: %s\n\n",
              names.empty() ? "(none: this grammar has no identifier-like "
                              "token, nothing is bound)"
                            : names.c_str());
  std::vector<int> order(static_cast<size_t>(m.num_places()));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return m.place(a).count > m.place(b).count;
  });
  std::printf("%4s %7s %6s %6s %6s  %-10s %s\n", "id", "names", "first",
              "define", "use", "role", "place");
  for (int id : order) {
    const BindingModel::PlaceStats& p = m.place(id);
    const char* role = m.Defines(id)
                           ? (m.UseShare(id) > 0.05 ? "def+use" : "defines")
                           : (m.UseShare(id) > 0.05 ? "uses" : "-");
    std::printf("%4d %7.0f %5.0f%% %5.0f%% %5.0f%%  %-10s %s%s\n", id, p.count,
                100.0 * p.first / std::max(1.0, p.count),
                100.0 * p.defines / std::max(1.0, p.count),
                100.0 * m.UseShare(id), role, m.Describe(id).c_str(),
                p.pinned ? "  (binding file)" : "");
    if (m.Defines(id)) {
      const int scope = m.ScopeRule(id);
      std::printf("%41s seen within: %s\n", "",
                  scope < 0 ? "the whole input" : g.rule_name(scope).c_str());
    }
    std::vector<std::pair<int32_t, double>> links = p.links;
    std::stable_sort(
        links.begin(), links.end(),
        [](const auto& a, const auto& b) { return a.second > b.second; });
    for (size_t k = 0; k < links.size() && k < 4; ++k) {
      std::printf("%41s uses %.0f x names from %d: %s\n", "", links[k].second,
                  links[k].first, m.Describe(links[k].first).c_str());
    }
  }
  // The tokens a rule holds once (bind/single_tokens.h).
  const auto& singles = m.singles().Singles();
  std::printf("\nheld once (%zu):%s\n", singles.size(),
              singles.empty() ? " none" : "");
  for (const auto& [type, rule] : singles) {
    std::printf("  %s in %s (%s)\n", g.token_name(type).c_str(),
                g.rule_name(rule).c_str(),
                m.singles().Evidence(type, rule).c_str());
  }
  // The tokens that stand only inside some constructs
  // (bind/enclosed_tokens.h).
  const auto& enclosed = m.enclosed().Rules();
  std::printf("\nenclosed (%zu):%s\n", enclosed.size(),
              enclosed.empty()
                  ? " none (one is learned for a token that stood in 8 or more "
                    "inputs, in enough distinct places: docs/usage.md)"
                  : "");
  auto rule_names = [&](const std::vector<int32_t>& rules) {
    return absl::StrJoin(rules, ", ", [&](std::string* o, int32_t r) {
      absl::StrAppend(o, g.rule_name(r));
    });
  };
  for (const EnclosedTokens::Rule& r : enclosed) {
    std::printf("  %s under %s: inside %s before %s (%.0f contexts)\n",
                g.token_name(r.type).c_str(), g.rule_name(r.parent).c_str(),
                rule_names(r.witnesses).c_str(), rule_names(r.bounds).c_str(),
                r.contexts);
  }
  const std::string out = absl::GetFlag(FLAGS_o);
  if (!out.empty()) {
    absl::Status st = m.Save(out);
    if (!st.ok()) return fail(st, 1);
    std::printf(
        "\nwrote %s (edit it and save it as bindings.txt beside the "
        "grammar to fix what learning got wrong)\n",
        out.c_str());
  }
  return 0;
}

}  // namespace grammut::cli
