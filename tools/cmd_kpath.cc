// `grammut kpath`: k-path coverage of a corpus (Havrikov's input coverage):
// per k, the grammar's k-paths, how many the corpus covers (in all and per
// input), the uncovered ones as readable symbol chains, and a plot.
#include <cstdio>
#include <fstream>

#include "absl/flags/flag.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "kpath/kpath.h"
#include "kpath/kpath_coverage.h"
#include "parse/parser.h"
#include "tools/cli_common.h"

ABSL_FLAG(std::string, k, "1..5",
          "k values: one (3), a range (1..5) or a list (1,2,3); 1..8");
ABSL_FLAG(int, uncovered, 10,
          "uncovered k-paths to list per k (0: none, -1: all)");
ABSL_FLAG(std::string, plot, "", "write an SVG plot of coverage vs k here");

namespace grammut::cli {
namespace {

constexpr int kMaxK = 8;
// Grammar paths scanned for uncovered ones, per k.
constexpr uint64_t kScanLimit = 20'000'000;

absl::StatusOr<std::vector<int>> ParseKs(const std::string& spec) {
  std::vector<int> ks;
  for (absl::string_view part : absl::StrSplit(spec, ',')) {
    std::vector<absl::string_view> range = absl::StrSplit(part, "..");
    int lo = 0, hi = 0;
    if (range.size() > 2 || !absl::SimpleAtoi(range.front(), &lo) ||
        !absl::SimpleAtoi(range.back(), &hi) || lo < 1 || hi > kMaxK ||
        lo > hi) {
      return absl::InvalidArgumentError(
          absl::StrCat("--k '", spec,
                       "': expected 3, 1..5 or 1,2,3 with 1 <= k <= ", kMaxK));
    }
    for (int k = lo; k <= hi; ++k) ks.push_back(k);
  }
  return ks;
}

struct Row {
  int k;
  uint64_t grammar_paths;
  bool exact;
  uint64_t covered;
  double mean_input;  // mean per-input coverage
  double max_input;
};

double Percent(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / whole;
}

// A line chart of union and mean per-input coverage (percent) against k.
std::string Svg(const std::vector<Row>& rows, const std::string& title) {
  const int w = 480, h = 320, left = 60, right = 20, top = 40, bottom = 50;
  const int kmin = rows.front().k, kmax = rows.back().k;
  auto x = [&](int k) {
    return kmax == kmin
               ? left + (w - left - right) / 2.0
               : left + (w - left - right) * static_cast<double>(k - kmin) /
                            (kmax - kmin);
  };
  auto y = [&](double pct) {
    return top + (h - top - bottom) * (1 - pct / 100);
  };
  std::string s = absl::StrFormat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n"
      "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
      "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>\n",
      w, h, left, title);
  for (int pct = 0; pct <= 100; pct += 25) {
    absl::StrAppendFormat(
        &s,
        "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>\n",
        left, y(pct), w - right, y(pct), left - 6, y(pct) + 4, pct);
  }
  for (const Row& r : rows) {
    absl::StrAppendFormat(&s,
                          "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">k="
                          "%d</text>\n",
                          x(r.k), h - bottom + 18, r.k);
  }
  auto series = [&](auto value, const char* color, const char* label,
                    int legend_y) {
    std::string points;
    for (const Row& r : rows) {
      absl::StrAppendFormat(&points, "%.1f,%.1f ", x(r.k), y(value(r)));
      absl::StrAppendFormat(
          &s, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", x(r.k),
          y(value(r)), color);
    }
    absl::StrAppendFormat(&s,
                          "<polyline points=\"%s\" fill=\"none\" "
                          "stroke=\"%s\" stroke-width=\"2\"/>\n"
                          "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n",
                          points, color, left + 10, legend_y, color, label);
  };
  series([](const Row& r) { return Percent(r.covered, r.grammar_paths); },
         "#1f77b4", "corpus (union)", h - 12);
  series([](const Row& r) { return r.mean_input; }, "#d62728", "mean per input",
         h - 26);
  s += "</svg>\n";
  return s;
}

}  // namespace

int RunKPath(const std::vector<std::string>& args) {
  auto grammar = LoadGrammar();
  auto ks = ParseKs(absl::GetFlag(FLAGS_k));
  auto files = ExpandInputs(args);
  if (!grammar.ok() || !ks.ok() || !files.ok() || files->empty()) {
    const std::string why =
        !grammar.ok() ? std::string(grammar.status().message())
        : !ks.ok()    ? std::string(ks.status().message())
        : !files.ok() ? std::string(files.status().message())
                      : "no input files (give corpus files or directories)";
    std::fprintf(stderr, "grammut kpath: %s\n", why.c_str());
    return 2;
  }
  const Grammar& g = **grammar;
  SymbolGraph graph(g);
  Parser parser(g);
  std::vector<Tree> trees;
  int with_errors = 0, unparsed = 0;
  for (size_t i = 0; i < files->size(); ++i) {
    const std::string& f = (*files)[i];
    auto bytes = ReadFile(f);
    if (!bytes.ok()) {
      std::fprintf(stderr, "grammut kpath: %s\n",
                   std::string(bytes.status().message()).c_str());
      return 1;
    }
    auto r = parser.Parse(*bytes);
    if (!r.ok()) {
      ++unparsed;
      continue;
    }
    with_errors += r->syntax_errors > 0;
    trees.push_back(std::move(r->tree));
    if ((i + 1) % 1000 == 0) {
      std::fprintf(stderr, "grammut kpath: parsed %zu of %zu files\n", i + 1,
                   files->size());
    }
  }
  std::printf(
      "grammar %s (start rule %s), %zu files: %zu parsed (%d with syntax "
      "errors: their recoverable parts count), %d not parsed\n\n",
      g.name().c_str(), g.rule_name(g.start_rule()).c_str(), files->size(),
      trees.size(), with_errors, unparsed);
  std::vector<Row> rows;
  std::vector<std::string> uncovered_lists;
  const int list = absl::GetFlag(FLAGS_uncovered);
  for (int k : *ks) {
    Row row{k, 0, true, 0, 0.0, 0.0};
    row.grammar_paths = graph.Count(k, &row.exact);
    KPathCoverage coverage(graph, k);
    double sum = 0;
    for (const Tree& t : trees) {
      const double pct = Percent(coverage.CountDistinct(t), row.grammar_paths);
      sum += pct;
      row.max_input = std::max(row.max_input, pct);
      coverage.Add(t);
    }
    row.covered = coverage.covered();
    row.mean_input = trees.empty() ? 0 : sum / trees.size();
    rows.push_back(row);
    if (list == 0) continue;
    std::string text;
    const uint64_t limit = list < 0 ? UINT64_MAX : static_cast<uint64_t>(list);
    const uint64_t missing = coverage.Uncovered(
        limit, kScanLimit, [&](absl::Span<const int32_t> path) {
          absl::StrAppend(&text, "  ", graph.Describe(path), "\n");
        });
    const bool scanned_all = row.grammar_paths <= kScanLimit;
    absl::StrAppendFormat(
        &text, "%s",
        missing > limit
            ? absl::StrFormat("  ... and %u more%s\n", missing - limit,
                              scanned_all ? "" : " (at least)")
            : "");
    uncovered_lists.push_back(absl::StrFormat(
        "uncovered %d-paths (%s%u):\n%s", k, scanned_all ? "" : "at least ",
        missing, missing == 0 ? "  none\n" : text));
  }
  std::printf("%-3s %16s %12s %9s %16s %15s\n", "k", "grammar k-paths",
              "covered", "coverage", "mean per input", "best input");
  for (const Row& r : rows) {
    std::printf("%-3d %15llu%s %12llu %8.1f%% %15.1f%% %14.1f%%\n", r.k,
                static_cast<unsigned long long>(r.grammar_paths),
                r.exact ? " " : "+", static_cast<unsigned long long>(r.covered),
                Percent(r.covered, r.grammar_paths), r.mean_input, r.max_input);
  }
  if (!rows.empty() && !rows.back().exact) {
    std::printf("(+: more than 2^64 paths; the count is a lower bound)\n");
  }
  for (const std::string& u : uncovered_lists) std::printf("\n%s", u.c_str());
  const std::string plot = absl::GetFlag(FLAGS_plot);
  if (!plot.empty()) {
    absl::Status st = WriteFile(
        plot, Svg(rows, absl::StrFormat("k-path coverage: %s, %zu inputs",
                                        g.name(), trees.size())));
    if (!st.ok()) {
      std::fprintf(stderr, "grammut kpath: %s\n",
                   std::string(st.message()).c_str());
      return 1;
    }
    std::printf("\nplot: %s\n", plot.c_str());
  }
  return 0;
}

}  // namespace grammut::cli
