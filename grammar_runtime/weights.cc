#include "grammar_runtime/weights.h"

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace grammut {

absl::StatusOr<ProbabilityMode> ParseProbabilityMode(absl::string_view name) {
  if (name == "learned") return ProbabilityMode::kLearned;
  if (name == "inverse") return ProbabilityMode::kInverse;
  if (name == "uniform") return ProbabilityMode::kUniform;
  return absl::InvalidArgumentError(
      absl::StrCat("unknown probability mode '", name,
                   "' (expected learned, inverse or uniform)"));
}

const char* ProbabilityModeName(ProbabilityMode mode) {
  switch (mode) {
    case ProbabilityMode::kLearned:
      return "learned";
    case ProbabilityMode::kInverse:
      return "inverse";
    case ProbabilityMode::kUniform:
      return "uniform";
  }
  return "?";
}

Weights::Weights(const Grammar& grammar) : grammar_(grammar) {
  counts_.resize(grammar.num_decisions());
  for (int d = 0; d < grammar.num_decisions(); ++d) {
    counts_[d].assign(grammar.decision(d).num_alts, 0.0);
  }
  for (int m = 0; m < 3; ++m) {
    cache_[m].resize(counts_.size());
    valid_[m].assign(counts_.size(), false);
  }
}

void Weights::Invalidate(int decision) {
  for (int m = 0; m < 3; ++m) valid_[m][decision] = false;
}

void Weights::AddTree(const Tree& tree) {
  for (int i = 0; i < tree.size(); ++i) {
    if (!tree.node(i).is_rule) continue;
    for (const DerivationStep& s : tree.steps(i)) {
      if (s.decision < 0 || s.decision >= static_cast<int>(counts_.size()) ||
          counts_[s.decision].size() < 2) {
        continue;
      }
      Add(s.decision, s.alt);
    }
  }
  ++trees_;
}

void Weights::Add(int decision, int alt, double n) {
  if (decision < 0 || decision >= static_cast<int>(counts_.size())) return;
  if (alt < 1 || alt > static_cast<int>(counts_[decision].size())) return;
  counts_[decision][alt - 1] += n;
  Invalidate(decision);
}

double Weights::count(int decision, int alt) const {
  return counts_[decision][alt - 1];
}

double Weights::total(int decision) const {
  double t = 0;
  for (double c : counts_[decision]) t += c;
  return t;
}

void Weights::set_smoothing(double s) {
  smoothing_ = s < 0 ? 0 : s;
  for (size_t d = 0; d < counts_.size(); ++d) Invalidate(static_cast<int>(d));
}

const std::vector<double>& Weights::Probabilities(int decision,
                                                  ProbabilityMode mode) const {
  const int m = static_cast<int>(mode);
  std::vector<double>& p = cache_[m][decision];
  if (valid_[m][decision]) return p;
  const std::vector<double>& c = counts_[decision];
  const size_t n = c.size();
  p.assign(n, n ? 1.0 / static_cast<double>(n) : 0.0);
  double sum = 0;
  for (double v : c) sum += v;
  if (mode == ProbabilityMode::kLearned && sum > 0) {
    const double denom = sum + smoothing_ * static_cast<double>(n);
    for (size_t i = 0; i < n; ++i) p[i] = (c[i] + smoothing_) / denom;
  } else if (mode == ProbabilityMode::kInverse && sum > 0) {
    size_t zeros = 0;
    for (double v : c) zeros += v <= 0 ? 1 : 0;
    if (zeros > 0) {
      for (size_t i = 0; i < n; ++i) {
        p[i] = c[i] <= 0 ? 1.0 / static_cast<double>(zeros) : 0.0;
      }
    } else {
      double inv_sum = 0;
      for (double v : c) inv_sum += 1.0 / v;
      for (size_t i = 0; i < n; ++i) p[i] = (1.0 / c[i]) / inv_sum;
    }
  }
  valid_[m][decision] = true;
  return p;
}

std::string Weights::ToText() const {
  std::string out;
  absl::StrAppend(&out, "# grammut weights: counts per decision alternative\n");
  absl::StrAppend(&out, "version 1\n");
  absl::StrAppendFormat(&out, "grammar %s %016x\n", grammar_.name(),
                        grammar_.fingerprint());
  absl::StrAppend(&out, "smoothing ", smoothing_, "\n");
  absl::StrAppend(&out, "trees ", trees_, "\n");
  for (size_t d = 0; d < counts_.size(); ++d) {
    if (counts_[d].size() < 2) continue;
    const DecisionInfo& info = grammar_.decision(static_cast<int>(d));
    absl::StrAppend(&out, "decision ", d, " ", grammar_.rule_name(info.rule));
    for (double c : counts_[d]) absl::StrAppend(&out, " ", c);
    absl::StrAppend(&out, "  #");
    for (size_t a = 0; a < info.alt_labels.size(); ++a) {
      absl::StrAppend(&out, " ", a + 1, ":", info.alt_labels[a]);
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

absl::Status Weights::FromText(absl::string_view text,
                               absl::string_view source) {
  std::vector<std::vector<double>> counts = counts_;
  for (auto& c : counts) std::fill(c.begin(), c.end(), 0.0);
  bool saw_version = false, saw_grammar = false;
  double smoothing = 0;
  int64_t trees = 0;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_no;
    const size_t hash = line.find('#');
    if (hash != absl::string_view::npos) line = line.substr(0, hash);
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    std::vector<absl::string_view> f =
        absl::StrSplit(line, ' ', absl::SkipEmpty());
    auto bad = [&](absl::string_view why) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", line_no, ": ", why));
    };
    if (f[0] == "version") {
      if (f.size() != 2 || f[1] != "1") {
        return bad("unsupported weights file version (this grammut reads 1)");
      }
      saw_version = true;
    } else if (f[0] == "grammar") {
      const std::string mine = absl::StrFormat("%016x", grammar_.fingerprint());
      if (f.size() != 3 || f[2] != mine) {
        return bad(absl::StrCat(
            "this weights file was made for grammar '",
            f.size() > 1 ? f[1] : "?", "' (fingerprint ",
            f.size() > 2 ? f[2] : "?", "), not for grammar '", grammar_.name(),
            "' (fingerprint ", mine, "); relearn it with `grammut learn`"));
      }
      saw_grammar = true;
    } else if (f[0] == "smoothing") {
      if (f.size() != 2 || !absl::SimpleAtod(f[1], &smoothing)) {
        return bad("bad smoothing line");
      }
    } else if (f[0] == "trees") {
      if (f.size() != 2 || !absl::SimpleAtoi(f[1], &trees)) {
        return bad("bad trees line");
      }
    } else if (f[0] == "decision") {
      int d = -1;
      if (f.size() < 3 || !absl::SimpleAtoi(f[1], &d) || d < 0 ||
          d >= static_cast<int>(counts.size())) {
        return bad("bad decision number");
      }
      if (f[2] != grammar_.rule_name(grammar_.decision(d).rule)) {
        return bad(absl::StrCat("decision ", d, " belongs to rule '",
                                grammar_.rule_name(grammar_.decision(d).rule),
                                "', not '", f[2], "'"));
      }
      if (f.size() - 3 != counts[d].size()) {
        return bad(absl::StrCat("decision ", d, " has ", counts[d].size(),
                                " alternatives, the file gives ",
                                f.size() - 3));
      }
      for (size_t a = 0; a < counts[d].size(); ++a) {
        if (!absl::SimpleAtod(f[3 + a], &counts[d][a]) || counts[d][a] < 0) {
          return bad("bad count");
        }
      }
    } else {
      return bad(absl::StrCat("unknown line '", f[0], "'"));
    }
  }
  if (!saw_version || !saw_grammar) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": not a grammut weights file (no version/grammar line)"));
  }
  counts_ = std::move(counts);
  trees_ = trees;
  set_smoothing(smoothing);
  return absl::OkStatus();
}

absl::Status Weights::Save(const std::string& path) const {
  const std::string tmp = absl::StrCat(path, ".tmp.", ::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      return absl::PermissionDeniedError(absl::StrCat("cannot write ", tmp));
    out << ToText();
    if (!out.flush()) {
      return absl::DataLossError(absl::StrCat("cannot write ", tmp));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    return absl::PermissionDeniedError(absl::StrCat("cannot rename to ", path));
  }
  return absl::OkStatus();
}

absl::Status Weights::Load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return absl::NotFoundError(absl::StrCat("cannot open weights file ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  return FromText(ss.str(), path);
}

}  // namespace grammut
