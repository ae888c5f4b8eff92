// kpath.cc: the grammar's symbol graph (SymbolGraph: symbols, right-hand
// sides, successors, counting and enumerating k-paths) and k-path hashes.
// Matching trees against it is in kpath_tree.cc.
#include "kpath/kpath.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "grammar/min_cost.h"
#include "kpath/internal/pair_key.h"

namespace grammut {
namespace {

using kpath_internal::Key;

// The states of each rule, in state order.
std::vector<std::vector<int32_t>> StatesByRule(const AtnGraph& g,
                                               int num_rules) {
  std::vector<std::vector<int32_t>> out(num_rules);
  for (size_t s = 0; s < g.states.size(); ++s) {
    const int r = g.states[s].rule;
    if (r >= 0 && r < num_rules) out[r].push_back(static_cast<int32_t>(s));
  }
  return out;
}

// The start of the operator loop's block in a left-recursive rule (the
// state whose edges are the operator alternatives), or -1.
int32_t FindOperatorBlock(const AtnGraph& g,
                          const std::vector<int32_t>& states) {
  for (int32_t s : states) {
    const AtnState& st = g.states[s];
    if (!st.precedence_decision) continue;
    for (uint32_t i = 0; i < st.num_edges; ++i) {
      const int32_t t = g.edges[st.first_edge + i].target;
      if (g.states[t].kind == StateKind::kStarBlockStart) return t;
    }
  }
  return -1;
}

// Token types a symbol edge accepts (hidden types never: the parser does
// not see them).
void EdgeTokenTypes(const Grammar& grammar, const AtnEdge& e,
                    std::vector<int>* out) {
  out->clear();
  const AtnGraph& g = grammar.parser_graph();
  if (e.kind == EdgeKind::kAtom) {
    out->push_back(e.label);
    return;
  }
  for (int t = 1; t <= grammar.max_token_type(); ++t) {
    if (grammar.token_hidden(t)) continue;
    if (grammar.literal_text(t).empty() &&
        grammar.lexer_rules_for_token(t).empty()) {
      continue;
    }
    const bool in =
        e.kind == EdgeKind::kWildcard ||
        (e.kind == EdgeKind::kNotSet ? !SetContains(g.sets[e.set], t)
                                     : SetContains(g.sets[e.set], t));
    if (in) out->push_back(t);
  }
}

}  // namespace

SymbolGraph::SymbolGraph(const Grammar& grammar) : grammar_(grammar) {
  const AtnGraph& g = grammar.parser_graph();
  const int num_rules = grammar.num_rules();
  rhs_.assign(num_rules, {});
  const std::vector<std::vector<int32_t>> states = StatesByRule(g, num_rules);
  operator_block_.assign(num_rules, -1);
  for (int r = 0; r < num_rules; ++r) {
    if (g.left_recursive[r])
      operator_block_[r] = FindOperatorBlock(g, states[r]);
  }
  // Rules reachable from the start rule.
  std::vector<bool> reachable(num_rules, false);
  std::vector<int> work = {grammar.start_rule()};
  reachable[grammar.start_rule()] = true;
  while (!work.empty()) {
    const int r = work.back();
    work.pop_back();
    for (int32_t s : states[r]) {
      const AtnState& st = g.states[s];
      for (uint32_t i = 0; i < st.num_edges; ++i) {
        const AtnEdge& e = g.edges[st.first_edge + i];
        if (e.kind == EdgeKind::kRule && !reachable[e.label]) {
          reachable[e.label] = true;
          work.push_back(e.label);
        }
      }
    }
  }
  std::vector<int> types;
  for (int r = 0; r < num_rules; ++r) {
    if (!reachable[r]) continue;
    const int32_t block = operator_block_[r];
    for (int32_t s : states[r]) {
      const AtnState& st = g.states[s];
      if (s == block) {  // each operator alternative: an implicit self-ref
        for (uint32_t a = 0; a < st.num_edges; ++a) {
          KSymbol k;
          k.kind = KSymbol::Kind::kSelfRef;
          k.rule = r;
          k.target = r;
          k.alt = static_cast<int32_t>(a);
          self_refs_[Key(r, a)] = Add(k);
        }
      }
      for (uint32_t i = 0; i < st.num_edges; ++i) {
        const int32_t edge = static_cast<int32_t>(st.first_edge + i);
        const AtnEdge& e = g.edges[edge];
        if (e.kind == EdgeKind::kRule) {
          KSymbol k;
          k.kind = KSymbol::Kind::kRuleRef;
          k.rule = r;
          k.edge = edge;
          k.target = e.label;
          by_edge_[Key(edge, 0)] = Add(k);
        } else if (IsSymbolEdge(e.kind)) {
          EdgeTokenTypes(grammar, e, &types);
          for (int t : types) {
            KSymbol k;
            k.kind = KSymbol::Kind::kToken;
            k.rule = r;
            k.edge = edge;
            k.target = t;
            by_edge_[Key(edge, t)] = Add(k);
          }
        }
      }
    }
  }
  // Labels: "rule/name", numbered where a name repeats within a rule.
  for (int r = 0; r < num_rules; ++r) {
    absl::flat_hash_map<std::string, int> seen, total;
    auto name = [&](const KSymbol& k) {
      switch (k.kind) {
        case KSymbol::Kind::kRuleRef:
          return grammar.rule_name(k.target);
        case KSymbol::Kind::kSelfRef:
          return absl::StrCat(grammar.rule_name(r), "(left)");
        case KSymbol::Kind::kToken:
          return k.target == -1 ? std::string("EOF")
                                : grammar.token_name(k.target);
      }
      return std::string();
    };
    for (int32_t s : rhs_[r]) ++total[name(symbols_[s])];
    for (int32_t s : rhs_[r]) {
      const std::string n = name(symbols_[s]);
      const int index = ++seen[n];
      symbols_[s].label = absl::StrCat(grammar.rule_name(r), "/", n);
      if (total[n] > 1) absl::StrAppend(&symbols_[s].label, "#", index);
    }
  }
}

int SymbolGraph::Add(KSymbol s) {
  const int id = static_cast<int>(symbols_.size());
  rhs_[s.rule].push_back(id);
  symbols_.push_back(std::move(s));
  return id;
}

absl::Span<const int32_t> SymbolGraph::Rhs(int rule) const {
  if (rule < 0 || rule >= static_cast<int>(rhs_.size())) return empty_;
  return rhs_[rule];
}

absl::Span<const int32_t> SymbolGraph::Successors(int s) const {
  const KSymbol& k = symbols_[s];
  if (k.kind == KSymbol::Kind::kToken) return empty_;
  return Rhs(k.target);
}

int SymbolGraph::EdgeSymbol(int edge, int token_type) const {
  const EdgeKind kind = grammar_.parser_graph().edges[edge].kind;
  auto it = by_edge_.find(Key(edge, kind == EdgeKind::kRule ? 0 : token_type));
  return it == by_edge_.end() ? -1 : it->second;
}

int SymbolGraph::SelfRefSymbol(int rule, int alt) const {
  auto it = self_refs_.find(Key(rule, alt));
  return it == self_refs_.end() ? -1 : it->second;
}

uint64_t SymbolGraph::Count(int k, bool* exact) const {
  using Wide = unsigned __int128;
  const Wide kCap = static_cast<Wide>(UINT64_MAX);
  std::vector<Wide> ways(symbols_.size(), 1), next(symbols_.size());
  for (int step = 1; step < k; ++step) {
    for (size_t s = 0; s < symbols_.size(); ++s) {
      Wide sum = 0;
      for (int32_t t : Successors(static_cast<int>(s))) {
        sum = std::min(kCap, sum + ways[t]);
      }
      next[s] = sum;
    }
    ways.swap(next);
  }
  Wide total = 0;
  for (Wide w : ways) total = std::min(kCap, total + w);
  if (exact != nullptr) *exact = total < kCap && k >= 1;
  return k < 1 ? 0 : static_cast<uint64_t>(total);
}

bool SymbolGraph::Enumerate(
    int k, uint64_t limit,
    const std::function<void(absl::Span<const int32_t>)>& fn) const {
  if (k < 1) return true;
  std::vector<int32_t> path;
  std::vector<size_t> next;  // per depth: index of the next successor
  uint64_t emitted = 0;
  for (int s = 0; s < num_symbols(); ++s) {
    path.assign(1, s);
    next.assign(1, 0);
    while (!path.empty()) {
      if (static_cast<int>(path.size()) == k) {
        if (emitted++ >= limit) return false;
        fn(path);
        path.pop_back();
        next.pop_back();
        continue;
      }
      absl::Span<const int32_t> succ = Successors(path.back());
      size_t& i = next.back();
      if (i >= succ.size()) {
        path.pop_back();
        next.pop_back();
        continue;
      }
      path.push_back(succ[i++]);
      next.push_back(0);
    }
  }
  return true;
}

std::string SymbolGraph::Describe(absl::Span<const int32_t> path) const {
  std::vector<std::string> parts;
  for (int32_t s : path) {
    parts.push_back(s >= 0 && s < num_symbols() ? symbols_[s].label : "?");
  }
  return absl::StrJoin(parts, " -> ");
}

uint64_t KPathHash(absl::Span<const int32_t> path) {
  // FNV-1a over the ids: stable across processes (reports, files).
  uint64_t h = 0xcbf29ce484222325ULL;
  for (int32_t s : path) {
    uint32_t v = static_cast<uint32_t>(s);
    for (int b = 0; b < 4; ++b) {
      h ^= (v >> (8 * b)) & 0xFF;
      h *= 0x100000001b3ULL;
    }
  }
  return h;
}

}  // namespace grammut
