// `grammut parse`: parse files, report errors and check the exact round trip.
#include <algorithm>
#include <cstdio>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "parse/parser.h"
#include "tools/cli_common.h"

namespace grammut::cli {
namespace {

std::string Escape(absl::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '\t')
      out += "\\t";
    else if (c == '\r')
      out += "\\r";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += absl::StrCat("\\x", static_cast<int>(c));
    else
      out += c;
  }
  return out;
}

void PrintTree(const Grammar& g, const Tree& t) {
  for (int i = 0; i < t.size(); ++i) {
    const Node& n = t.node(i);
    std::string indent(2 * n.depth, ' ');
    if (n.is_rule) {
      std::string steps;
      for (const DerivationStep& s : t.steps(i)) {
        if (g.decision(s.decision).num_alts < 2) continue;
        absl::StrAppend(&steps, " d", s.decision, "=", s.alt);
      }
      std::printf("%s%s%s%s\n", indent.c_str(), g.rule_name(n.symbol).c_str(),
                  steps.empty() ? "" : "  [",
                  steps.empty() ? "" : (steps.substr(1) + "]").c_str());
    } else {
      std::printf("%s%s%s \"%s\"\n", indent.c_str(), n.is_error ? "ERROR " : "",
                  g.token_name(n.symbol).c_str(),
                  Escape(t.token_text(i)).c_str());
    }
  }
}

// Prints the `n` decisions that built the most DFA states, costliest first.
void PrintCostliestDecisions(const Grammar& g, const Parser& parser, int n) {
  const std::vector<size_t> states = parser.DecisionDfaStates();
  std::vector<int> order(states.size());
  for (size_t d = 0; d < order.size(); ++d) order[d] = static_cast<int>(d);
  std::stable_sort(order.begin(), order.end(),
                   [&states](int a, int b) { return states[a] > states[b]; });
  std::printf(
      "decisions that built the most prediction states (a decision that "
      "must read far ahead to choose builds states for nearly every new "
      "input; left-factor its alternatives so a few tokens tell them "
      "apart):\n");
  for (int k = 0; k < n && k < static_cast<int>(order.size()); ++k) {
    const int d = order[k];
    if (states[d] == 0) break;
    const DecisionInfo& info = g.decision(d);
    std::printf("  %8zu states  decision %d in rule %s (%d alternatives)\n",
                states[d], d, g.rule_name(info.rule).c_str(), info.num_alts);
  }
}

}  // namespace

int RunParse(const std::vector<std::string>& args) {
  auto grammar = LoadGrammar();
  if (!grammar.ok()) {
    std::fprintf(stderr, "grammut parse: %s\n",
                 std::string(grammar.status().message()).c_str());
    return 2;
  }
  auto files = ExpandInputs(args);
  if (!files.ok() || files->empty()) {
    std::fprintf(stderr, "grammut parse: %s\n",
                 files.ok() ? "no input files"
                            : std::string(files.status().message()).c_str());
    return 2;
  }
  Parser parser(**grammar, ParseOptions::ForFiles());
  int bad = 0;
  for (const std::string& f : *files) {
    auto bytes = ReadFile(f);
    if (!bytes.ok()) {
      std::printf("%s: %s\n", f.c_str(),
                  std::string(bytes.status().message()).c_str());
      ++bad;
      continue;
    }
    auto result = parser.Parse(*bytes);
    if (!result.ok()) {
      std::printf("%s: not parsed: %s\n", f.c_str(),
                  std::string(result.status().message()).c_str());
      ++bad;
      continue;
    }
    const bool same = result->tree.Text() == *bytes;
    if (result->syntax_errors == 0 && same) {
      std::printf("%s: OK\n", f.c_str());
    } else {
      std::printf("%s: %d syntax errors%s (first at %s)\n", f.c_str(),
                  result->syntax_errors, same ? "" : ", ROUND TRIP DIFFERS",
                  result->first_error.c_str());
      ++bad;
    }
    if (absl::GetFlag(FLAGS_tree)) PrintTree(**grammar, result->tree);
  }
  if (absl::GetFlag(FLAGS_decisions) > 0) {
    PrintCostliestDecisions(**grammar, parser, absl::GetFlag(FLAGS_decisions));
  }
  if (files->size() > 1) {
    std::printf("%zu files, %zu OK, %d not\n", files->size(),
                files->size() - static_cast<size_t>(bad), bad);
  }
  return bad == 0 ? 0 : 1;
}

}  // namespace grammut::cli
