#include "learn/weights.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/file_io.h"
#include "base/text_form.h"

namespace grammut {

Weights::Weights(const Grammar& grammar) : grammar_(grammar) {
  counts_.resize(grammar.num_decisions());
  token_counts_.assign(grammar.max_token_type() + 1, 0.0);
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

void Weights::AddTree(const Tree& tree, double times) {
  open_.clear();
  for (int i = 0; i < tree.size(); ++i) {
    const Node& n = tree.node(i);
    if (!n.is_rule) {
      if (!n.is_error) AddToken(n.symbol, times);
      continue;
    }
    while (!open_.empty() && open_.back().end <= i) open_.pop_back();
    const DecisionPlace place =
        open_.empty() ? DecisionPlace::Root()
                      : open_.back().place.Child(open_.back().rule, n.symbol);
    open_.push_back(OpenRule{tree.End(i), n.symbol, place});
    for (const DerivationStep& s : tree.steps(i)) {
      if (s.decision < 0 || s.decision >= static_cast<int>(counts_.size()) ||
          counts_[s.decision].size() < 2) {
        continue;
      }
      Add(s.decision, s.alt, times);
      if (!by_place_[0] && !by_place_[1]) continue;
      placed_.Add(s.decision, static_cast<int>(counts_[s.decision].size()),
                  place, s.alt, times);
    }
  }
  ++trees_;
}

void Weights::ResetRule(int rule) {
  for (int d = 0; d < grammar_.num_decisions(); ++d) {
    if (grammar_.decision(d).rule != rule) continue;
    std::fill(counts_[d].begin(), counts_[d].end(), 0.0);
    Invalidate(d);
  }
  placed_.Forget([&](int d) { return grammar_.decision(d).rule == rule; });
}

void Weights::Add(int decision, int alt, double n) {
  if (decision < 0 || decision >= static_cast<int>(counts_.size())) return;
  if (alt < 1 || alt > static_cast<int>(counts_[decision].size())) return;
  counts_[decision][alt - 1] += n;
  Invalidate(decision);
}

void Weights::AddToken(int type, double n) {
  if (type <= 0 || type >= static_cast<int>(token_counts_.size())) return;
  token_counts_[type] += n;
  ++token_version_;
}

double Weights::token_count(int type) const {
  if (type <= 0 || type >= static_cast<int>(token_counts_.size())) return 0;
  return token_counts_[type];
}

void Weights::TokenTypeWeights(absl::Span<const int> types,
                               ProbabilityMode mode,
                               std::vector<double>* out) const {
  out->assign(types.size(), 1.0);
  double sum = 0;
  size_t unseen = 0;
  for (int t : types) {
    const double c = token_count(t);
    sum += c;
    unseen += c <= 0 ? 1 : 0;
  }
  if (sum <= 0 || mode == ProbabilityMode::kUniform) return;
  for (size_t i = 0; i < types.size(); ++i) {
    const double c = token_count(types[i]);
    if (mode == ProbabilityMode::kLearned) {
      (*out)[i] = c + smoothing_;
    } else {  // inverse: unseen types take all the mass (IfH Eqs. 5-7)
      (*out)[i] = unseen > 0 ? (c <= 0 ? 1.0 : 0.0) : 1.0 / c;
    }
  }
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
  ProbabilitiesFromCounts(counts_[decision], mode, smoothing_, &p);
  valid_[m][decision] = true;
  return p;
}

const std::vector<double>& Weights::Probabilities(
    int decision, ProbabilityMode mode, const DecisionPlace& place) const {
  if (by_place(mode) && mode != ProbabilityMode::kUniform) {
    if (const std::vector<double>* p =
            placed_.Probabilities(decision, place, mode, smoothing_)) {
      return *p;
    }
  }
  return Probabilities(decision, mode);
}

std::string Weights::ToText() const {
  std::string out;
  absl::StrAppend(&out, "# grammut weights: counts per decision alternative\n");
  absl::StrAppend(&out, "version 2\n");
  absl::StrAppendFormat(&out, "grammar %s %016x\n", grammar_.name(),
                        grammar_.fingerprint());
  absl::StrAppend(&out, "smoothing ", smoothing_, "\n");
  absl::StrAppend(&out, "trees ", trees_, "\n");
  int decisions = 0;
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
    ++decisions;
  }
  int tokens = 0;
  for (size_t t = 1; t < token_counts_.size(); ++t) {
    if (token_counts_[t] <= 0) continue;
    absl::StrAppend(&out, "token ", t, " ", token_counts_[t], "  # ",
                    grammar_.token_name(static_cast<int>(t)), "\n");
    ++tokens;
  }
  // The last line: a file cut short (a copy interrupted, a full disk) has
  // no end line, or one that does not match.
  absl::StrAppend(&out, "end ", decisions, " decisions ", tokens, " tokens\n");
  return out;
}

absl::Status Weights::FromText(absl::string_view text,
                               absl::string_view source) {
  std::vector<std::vector<double>> counts = counts_;
  for (auto& c : counts) std::fill(c.begin(), c.end(), 0.0);
  std::vector<double> token_counts(token_counts_.size(), 0.0);
  int version = 0, decisions = 0, tokens = 0;
  bool saw_grammar = false, saw_end = false;
  double smoothing = 0;
  int64_t trees = 0;
  absl::Status read = ForEachTextLine(
      text, source,
      [&](absl::Span<const absl::string_view> f, int,
          LineError bad) -> absl::Status {
        if (saw_end) return bad("text after the end line");
        if (f[0] == "version") {
          if (f.size() != 2 || (f[1] != "1" && f[1] != "2")) {
            return bad(
                "unsupported weights file version (this grammut reads 1, 2)");
          }
          version = f[1] == "1" ? 1 : 2;
        } else if (f[0] == "grammar") {
          const std::string mine =
              absl::StrFormat("%016x", grammar_.fingerprint());
          if (f.size() != 3 || f[2] != mine) {
            return bad(
                absl::StrCat("this weights file was made for grammar '",
                             f.size() > 1 ? f[1] : "?", "' (fingerprint ",
                             f.size() > 2 ? f[2] : "?", "), not for grammar '",
                             grammar_.name(), "' (fingerprint ", mine,
                             "); relearn it with `grammut learn`"));
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
            return bad(
                absl::StrCat("decision ", d, " belongs to rule '",
                             grammar_.rule_name(grammar_.decision(d).rule),
                             "', not '", f[2], "'"));
          }
          if (f.size() - 3 != counts[d].size()) {
            return bad(absl::StrCat("decision ", d, " has ", counts[d].size(),
                                    " alternatives, the file gives ",
                                    f.size() - 3));
          }
          for (size_t a = 0; a < counts[d].size(); ++a) {
            if (!absl::SimpleAtod(f[3 + a], &counts[d][a]) ||
                counts[d][a] < 0) {
              return bad("bad count");
            }
          }
          ++decisions;
        } else if (f[0] == "token" && version >= 2) {
          int t = -1;
          double c = 0;
          if (f.size() != 3 || !absl::SimpleAtoi(f[1], &t) || t <= 0 ||
              t >= static_cast<int>(token_counts.size()) ||
              !absl::SimpleAtod(f[2], &c) || c < 0) {
            return bad("bad token line");
          }
          token_counts[t] = c;
          ++tokens;
        } else if (f[0] == "end" && version >= 2) {
          int want_decisions = -1, want_tokens = -1;
          if (f.size() != 5 || !absl::SimpleAtoi(f[1], &want_decisions) ||
              !absl::SimpleAtoi(f[3], &want_tokens)) {
            return bad("bad end line");
          }
          if (want_decisions != decisions || want_tokens != tokens) {
            return bad(absl::StrCat("the file is incomplete or edited: it has ",
                                    decisions, " decision and ", tokens,
                                    " token lines, its end line says ",
                                    want_decisions, " and ", want_tokens));
          }
          saw_end = true;
        } else {
          return bad(absl::StrCat("unknown line '", f[0], "'"));
        }
        return absl::OkStatus();
      });
  if (!read.ok()) return read;
  if (version == 0 || !saw_grammar) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": not a grammut weights file (no version/grammar line)"));
  }
  if (version >= 2 && !saw_end) {
    return absl::DataLossError(
        absl::StrCat(source,
                     ": the weights file is cut short (no end line); it was "
                     "not written completely, so it is not used"));
  }
  counts_ = std::move(counts);
  placed_.Clear();  // counts by place are not saved: they restart
  token_counts_ = std::move(token_counts);
  ++token_version_;
  trees_ = trees;
  set_smoothing(smoothing);
  return absl::OkStatus();
}

absl::Status Weights::Save(const std::string& path) const {
  return WriteFileAtomically(path, ToText());
}

void Weights::AddScaled(const Weights& other, double factor) {
  for (size_t d = 0; d < counts_.size() && d < other.counts_.size(); ++d) {
    for (size_t a = 0; a < counts_[d].size() && a < other.counts_[d].size();
         ++a) {
      counts_[d][a] += factor * other.counts_[d][a];
    }
    Invalidate(static_cast<int>(d));
  }
  for (size_t t = 0; t < token_counts_.size() && t < other.token_counts_.size();
       ++t) {
    token_counts_[t] += factor * other.token_counts_[t];
  }
  ++token_version_;
  trees_ += static_cast<int64_t>(factor * static_cast<double>(other.trees_));
}

absl::Status Weights::SaveMerged(const std::string& path,
                                 const Weights& baseline) const {
  const std::string lock_path = absl::StrCat(path, ".lock");
  const int lock =
      ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock < 0) {
    return absl::PermissionDeniedError(absl::StrCat("cannot open ", lock_path));
  }
  while (::flock(lock, LOCK_EX) != 0 && errno == EINTR) {
  }
  Weights merged(grammar_);
  absl::Status st = merged.Load(path);
  if (absl::IsNotFound(st)) st = absl::OkStatus();
  if (st.ok()) {
    merged.set_smoothing(smoothing_);
    merged.AddScaled(*this, 1.0);
    merged.AddScaled(baseline, -1.0);
    st = merged.Save(path);
  }
  ::close(lock);  // releases the lock
  return st;
}

absl::Status Weights::Load(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok())
    return absl::NotFoundError(absl::StrCat("cannot open weights file ", path));
  return FromText(*text, path);
}

}  // namespace grammut
