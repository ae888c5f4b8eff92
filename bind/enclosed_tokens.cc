// enclosed_tokens.cc: learning which tokens stand only inside some
// constructs.
#include "bind/enclosed_tokens.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "bind/name_place.h"

namespace grammut {
namespace {

// Distinct chains kept per pair and in all; a pair with more is not
// learned (a token that stands everywhere needs nothing around it).
constexpr size_t kMaxChainsPerPair = 256;
constexpr size_t kMaxChains = size_t{1} << 16;
// Witnesses a rule may have.
constexpr size_t kMaxWitnesses = 8;
// Share of occurrences that may stand outside the witnesses (kept inputs
// with an error path must not undo a rule at once).
constexpr double kExceptionShare = 0.02;
// The most of all tokens the witnesses may stand above: past it, a token
// that stands nearly everywhere would be taken out where it is fine.
constexpr double kMaxCover = 0.75;
// The most chance a learned rule may have of being the search's luck: that
// its chains all stood inside the witnesses had they stood like anchor
// nodes, times the witness sets of its size there were to pick from.
constexpr double kMaxChance = 1e-3;

bool Has(const std::vector<int32_t>& sorted, int32_t rule) {
  return std::binary_search(sorted.begin(), sorted.end(), rule);
}

void SortUnique(std::vector<int32_t>* v) {
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}

}  // namespace

void EnclosedTokens::AddTree(const Tree& t, double times) {
  if (t.empty()) return;
  trees_ += times;
  ++tree_stamp_;
  ForEachNodeWithEnclosingRules(
      t, 0, &open_, [&](int i, absl::Span<const int> enclosing) {
        const Node& n = t.node(i);
        if (!n.is_rule && (n.is_error || n.symbol <= 0)) return;
        if (enclosing.empty()) {
          if (n.is_rule) nodes_[n.symbol] += times;
          return;
        }
        // The rules above node i, innermost first, a run of one rule once.
        chain_.clear();
        for (size_t k = enclosing.size();
             k-- > 0 && chain_.size() < kMaxLevels;) {
          const int32_t rule = t.node(enclosing[k]).symbol;
          if (chain_.empty() || chain_.back() != rule) chain_.push_back(rule);
        }
        if (n.is_rule) {
          nodes_[n.symbol] += times;
          for (size_t k = 0; k < chain_.size(); ++k) {
            if (std::find(chain_.begin(), chain_.begin() + k, chain_[k]) ==
                chain_.begin() + k) {
              nodes_under_[Key(n.symbol, chain_[k])] += times;
            }
          }
          return;
        }
        AddChain(Key(n.symbol, chain_.front()), times);
      });
}

void EnclosedTokens::AddChain(uint64_t key, double times) {
  Pair& pair = pairs_[key];
  if (pair.last_tree != tree_stamp_) {
    pair.last_tree = tree_stamp_;
    pair.trees += times;
  }
  if (pair.overflow) return;
  if (pair.chains.contains(chain_)) return;
  if (pair.chains.size() < kMaxChainsPerPair && chains_kept_ < kMaxChains) {
    pair.chains.insert(chain_);
    ++chains_kept_;
  } else {
    pair.overflow = true;
    chains_kept_ -= pair.chains.size();
    pair.chains.clear();
  }
}

bool EnclosedTokens::Learn(const Pair& pair, Rule* rule) const {
  // Evidence comes in distinct chains: a hundred `a = 1` fields of one
  // table constructor are one context, not a hundred.
  const double n = static_cast<double>(pair.chains.size());
  if (pair.overflow || n < kMinExpected || pair.trees < kMinTrees) {
    return false;
  }
  std::vector<const std::vector<int32_t>*> chains;
  for (const std::vector<int32_t>& chain : pair.chains)
    chains.push_back(&chain);
  // Deterministic order whatever the table's.
  std::sort(chains.begin(), chains.end(),
            [](const auto* a, const auto* b) { return *a < *b; });
  // What every chain starts with is the grammar's doing.
  const std::vector<int32_t>& first = *chains.front();
  size_t common = first.size();
  for (const std::vector<int32_t>* chain : chains) {
    size_t k = 0;
    while (k < common && k < chain->size() && (*chain)[k] == first[k]) ++k;
    common = k;
  }
  auto in_common = [&](int32_t r) {
    return std::find(first.begin(), first.begin() + common, r) !=
           first.begin() + common;
  };
  // The share of anchor nodes (the common start's outermost rule) rule r
  // stands above.
  const int32_t anchor = first[common - 1];
  const auto anchors = nodes_.find(anchor);
  if (anchors == nodes_.end() || anchors->second <= 0) return false;
  auto base = [&](int32_t r) {
    auto it = nodes_under_.find(Key(anchor, r));
    return it == nodes_under_.end() ? 0.0 : it->second / anchors->second;
  };
  // Greedy cover: the rule that newly covers the most chains per share of
  // anchor nodes it stands above, until (nearly) every chain is covered.
  std::vector<bool> covered(chains.size(), false);
  double uncovered = n;
  std::vector<int32_t> witnesses;
  absl::flat_hash_map<int32_t, double> gain;
  absl::flat_hash_set<int32_t> candidates;
  while (uncovered > kExceptionShare * n && witnesses.size() < kMaxWitnesses) {
    gain.clear();
    for (size_t c = 0; c < chains.size(); ++c) {
      const std::vector<int32_t>& chain = *chains[c];
      for (size_t k = common; k < chain.size(); ++k) {
        if (in_common(chain[k]) ||
            std::find(chain.begin() + common, chain.begin() + k, chain[k]) !=
                chain.begin() + k) {
          continue;
        }
        candidates.insert(chain[k]);
        if (!covered[c]) gain[chain[k]] += 1;
      }
    }
    int32_t best = -1;
    double best_score = 0;
    for (const auto& [r, g] : gain) {
      const double score = g / std::max(base(r), 1.0 / anchors->second);
      if (score > best_score || (score == best_score && r < best)) {
        best = r;
        best_score = score;
      }
    }
    if (best < 0) break;
    witnesses.push_back(best);
    for (size_t c = 0; c < chains.size(); ++c) {
      if (!covered[c] && absl::c_linear_search(*chains[c], best)) {
        covered[c] = true;
        uncovered -= 1;
      }
    }
  }
  if (uncovered > kExceptionShare * n) return false;
  double cover = 0;
  for (const int32_t r : witnesses) cover += base(r);
  if (cover > kMaxCover) return false;
  const double expected = n * (1 - cover);
  if (expected < kMinExpected) return false;
  // Chance that n chains placed like anchor nodes all fall inside, times
  // the witness sets of that size the search could have picked.
  double log_sets = 0;
  for (size_t k = 0; k < witnesses.size(); ++k) {
    log_sets += std::log(static_cast<double>(candidates.size() - k)) -
                std::log(static_cast<double>(k + 1));
  }
  if ((n - uncovered) * std::log(std::max(cover, 1e-9)) + log_sets >
      std::log(kMaxChance)) {
    return false;
  }
  SortUnique(&witnesses);
  // Bounds: seen above an occurrence's first witness, never below one.
  std::vector<int32_t> between, above;
  for (const std::vector<int32_t>* chain : chains) {
    size_t w = common;
    while (w < chain->size() && !Has(witnesses, (*chain)[w])) ++w;
    if (w == chain->size()) continue;  // an exception
    between.insert(between.end(), chain->begin(), chain->begin() + w);
    above.insert(above.end(), chain->begin() + w + 1, chain->end());
  }
  SortUnique(&between);
  SortUnique(&above);
  rule->bounds.clear();
  for (const int32_t r : above) {
    if (!Has(between, r) && !Has(witnesses, r)) rule->bounds.push_back(r);
  }
  if (rule->bounds.empty()) return false;
  rule->witnesses = std::move(witnesses);
  rule->contexts = n;
  rule->expected = expected;
  return true;
}

const std::vector<EnclosedTokens::Rule>& EnclosedTokens::Rules() const {
  // Made again as the trees grow by an eighth (learning all pairs is a
  // greedy cover each; kept inputs come often early in a run).
  if (trees_at_rules_ >= 0 && trees_ < trees_at_rules_ * 9 / 8 + 1) {
    return rules_;
  }
  trees_at_rules_ = trees_;
  rules_.clear();
  rule_of_.clear();
  for (const auto& [key, pair] : pairs_) {
    Rule r;
    r.type = static_cast<int32_t>(key >> 32);
    r.parent = static_cast<int32_t>(key & 0xffffffffu);
    if (Learn(pair, &r)) rules_.push_back(std::move(r));
  }
  for (const Rule& d : declared_) {
    auto it = absl::c_find_if(rules_, [&](const Rule& r) {
      return r.type == d.type && r.parent == d.parent;
    });
    if (it != rules_.end()) {
      *it = d;
    } else {
      rules_.push_back(d);
    }
  }
  absl::c_sort(rules_, [](const Rule& a, const Rule& b) {
    return std::make_pair(a.type, a.parent) < std::make_pair(b.type, b.parent);
  });
  for (size_t i = 0; i < rules_.size(); ++i) {
    rule_of_[Key(rules_[i].type, rules_[i].parent)] = i;
  }
  return rules_;
}

bool EnclosedTokens::Enclosed(const Tree& t, absl::Span<const int> open,
                              int token, int* bound) const {
  if (open.empty() || t.node(token).is_rule) return true;
  Rules();
  auto it =
      rule_of_.find(Key(t.node(token).symbol, t.node(open.back()).symbol));
  if (it == rule_of_.end()) return true;
  const Rule& r = rules_[it->second];
  // All the way up: learning saw kMaxLevels, but a bound past them (a
  // `break` in ten nested ifs of a function body) is still one.
  for (size_t k = open.size(); k-- > 0;) {
    const int32_t rule = t.node(open[k]).symbol;
    if (Has(r.witnesses, rule)) return true;
    if (Has(r.bounds, rule)) {
      *bound = open[k];
      return false;
    }
  }
  return true;
}

std::string EnclosedTokens::ToText() const {
  std::string out;
  auto names = [&](const std::vector<int32_t>& rules) {
    return absl::StrJoin(rules, ",", [&](std::string* o, int32_t r) {
      absl::StrAppend(o, grammar_->rule_name(r));
    });
  };
  for (const Rule& r : Rules()) {
    absl::StrAppend(&out, "enclosed ", TokenField(*grammar_, r.type), " ",
                    grammar_->rule_name(r.parent), " in ", names(r.witnesses),
                    " not ", names(r.bounds));
    if (r.contexts > 0) {
      absl::StrAppend(&out, " contexts ", r.contexts, " expected ", r.expected);
    }
    absl::StrAppend(&out, "\n");
  }
  return out;
}

absl::Status EnclosedTokens::ParseLine(absl::Span<const absl::string_view> f,
                                       LineError bad) {
  Rule r;
  const int parent = f.size() >= 3 ? grammar_->FindRule(f[2]) : -1;
  if ((f.size() != 7 && f.size() != 11) ||
      !ReadTokenField(*grammar_, f[1], &r.type) || parent < 0 || f[3] != "in" ||
      f[5] != "not") {
    return bad(absl::StrCat(
        "enclosed takes TOKEN PARENT in RULE,... not RULE,... [contexts N "
        "expected N] with a token and rules of grammar ",
        grammar_->name()));
  }
  r.parent = parent;
  for (const auto& [field, out] :
       {std::make_pair(f[4], &r.witnesses), std::make_pair(f[6], &r.bounds)}) {
    for (absl::string_view name : absl::StrSplit(field, ',')) {
      const int rule = grammar_->FindRule(name);
      if (rule < 0) {
        return bad(absl::StrCat("unknown rule ", name, " (grammar ",
                                grammar_->name(), ")"));
      }
      out->push_back(rule);
    }
    SortUnique(out);
  }
  if (f.size() == 11 && (f[7] != "contexts" || f[9] != "expected" ||
                         !absl::SimpleAtod(f[8], &r.contexts) ||
                         !absl::SimpleAtod(f[10], &r.expected))) {
    return bad("enclosed's counts are: contexts N expected N");
  }
  declared_.push_back(std::move(r));
  trees_at_rules_ = -1;
  return absl::OkStatus();
}

void EnclosedTokens::Clear() {
  pairs_.clear();
  declared_.clear();
  nodes_.clear();
  nodes_under_.clear();
  chains_kept_ = 0;
  trees_ = 0;
  trees_at_rules_ = -1;
}

}  // namespace grammut
