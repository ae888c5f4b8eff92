// single_tokens.cc: learning which tokens a rule holds once.
#include "bind/single_tokens.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "bind/name_place.h"

namespace grammut {
namespace {

// Rule levels above a token's parent that are counted (deep expression
// nests would make learning quadratic; the constructs that stand once sit
// a few levels below their holder).
constexpr size_t kMaxLevels = 12;
// A pair stays single while under this share of its holding nodes hold the
// token twice (kept inputs with an error path must not undo it at once).
constexpr double kExceptionShare = 0.02;
// ... and while its repeats stay under this share of what independent
// placement would make: a pair that repeats at a twentieth of that rate or
// more is allowed, only less common (two function arguments in one call,
// `return nil, nil` in a corpus of real programs), whereas the error paths
// a fuzzer keeps repeat a real single far more rarely.
constexpr double kMaxShareOfExpected = 0.05;

// Whether counts say single once `min_expected` repeats were due.
bool RarelyTwice(double holding, double twice, double expected,
                 double min_expected) {
  return expected >= min_expected && twice <= kExceptionShare * holding &&
         twice < kMaxShareOfExpected * expected;
}

}  // namespace

void SingleTokens::AddTree(const Tree& t, double times) {
  in_node_.clear();
  rules_in_node_.clear();
  child_of_.clear();
  open_.clear();
  for (int i = 0; i < t.size(); ++i) {
    while (!open_.empty() && i >= t.End(open_.back())) open_.pop_back();
    const Node& n = t.node(i);
    const size_t first =
        open_.size() > kMaxLevels + 1 ? open_.size() - kMaxLevels - 1 : 0;
    if (n.is_rule) {
      rule_nodes_[n.symbol] += times;
      for (size_t k = first; k < open_.size(); ++k) {
        ++rules_in_node_[Key(open_[k], n.symbol)];
      }
      open_.push_back(i);
      continue;
    }
    if (n.is_error || n.symbol <= 0 || open_.empty()) continue;
    const int32_t parent_rule = t.node(open_.back()).symbol;
    if (child_of_.insert(Key(open_.back(), n.symbol)).second) {
      holding_child_[Key(n.symbol, parent_rule)] += times;
    }
    // The proper ancestors of its parent.
    for (size_t k = first; k + 1 < open_.size(); ++k) {
      auto [it, fresh] =
          in_node_.try_emplace(Key(open_[k], n.symbol), 0, parent_rule);
      ++it->second.first;
    }
  }
  for (const auto& [key, seen] : in_node_) {
    const int32_t node = static_cast<int32_t>(key >> 32);
    const int32_t type = static_cast<int32_t>(key & 0xffffffffu);
    Counts& c = counts_[Key(type, t.node(node).symbol)];
    c.holding += times;
    if (seen.first >= 2) {
      c.twice += times;
      continue;
    }
    auto it = rules_in_node_.find(Key(node, seen.second));
    if (it == rules_in_node_.end() || it->second < 2) continue;
    const double p = holding_child_[Key(type, seen.second)] /
                     std::max(1.0, rule_nodes_[seen.second]);
    c.expected += times * (1 - std::pow(1 - std::min(p, 1.0), it->second - 1));
  }
  dirty_ = true;
}

const std::vector<std::pair<int32_t, int32_t>>& SingleTokens::Singles() const {
  if (!dirty_) return singles_;
  dirty_ = false;
  singles_.clear();
  for (const auto& [key, c] : counts_) {
    if (c.pinned || RarelyTwice(c.holding, c.twice, c.expected, kMinExpected)) {
      singles_.emplace_back(static_cast<int32_t>(key >> 32),
                            static_cast<int32_t>(key & 0xffffffffu));
    }
  }
  std::sort(singles_.begin(), singles_.end());
  return singles_;
}

std::string SingleTokens::Evidence(int32_t type, int32_t rule) const {
  auto it = counts_.find(Key(type, rule));
  if (it == counts_.end()) return "not seen";
  const Counts& c = it->second;
  if (c.pinned) return "declared";
  return absl::StrFormat("%.0f holding, %.0f twice, %.1f expected", c.holding,
                         c.twice, c.expected);
}

std::string SingleTokens::ToText() const {
  std::vector<std::pair<uint64_t, Counts>> rows;
  for (const auto& [key, c] : counts_) {
    if (c.pinned || RarelyTwice(c.holding, c.twice, c.expected, 1)) {
      rows.emplace_back(key, c);
    }
  }
  std::sort(rows.begin(), rows.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string out;
  for (const auto& [key, c] : rows) {
    absl::StrAppend(&out, "single ",
                    TokenField(*grammar_, static_cast<int>(key >> 32)), " ",
                    grammar_->rule_name(static_cast<int>(key & 0xffffffffu)));
    if (!c.pinned) {
      absl::StrAppend(&out, " holding ", c.holding, " twice ", c.twice,
                      " expected ", c.expected);
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

absl::Status SingleTokens::ParseLine(absl::Span<const absl::string_view> f,
                                     LineError bad) {
  int type = 0;
  const int rule = f.size() >= 3 ? grammar_->FindRule(f[2]) : -1;
  if (f.size() < 3 || !ReadTokenField(*grammar_, f[1], &type) || rule < 0) {
    return bad(absl::StrCat(
        "single takes TOKEN RULE [holding N twice N expected N] with a token "
        "and a rule of grammar ",
        grammar_->name()));
  }
  Counts c;
  if (f.size() == 3) {
    c.pinned = true;
  } else if (f.size() != 9 || f[3] != "holding" || f[5] != "twice" ||
             f[7] != "expected" || !absl::SimpleAtod(f[4], &c.holding) ||
             !absl::SimpleAtod(f[6], &c.twice) ||
             !absl::SimpleAtod(f[8], &c.expected)) {
    return bad("single's counts are: holding N twice N expected N");
  }
  counts_[Key(type, rule)] = c;
  dirty_ = true;
  return absl::OkStatus();
}

void SingleTokens::Clear() {
  counts_.clear();
  rule_nodes_.clear();
  holding_child_.clear();
  dirty_ = true;
}

}  // namespace grammut
