#include "kpath/kpath.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "grammar/min_cost.h"

namespace grammut {
namespace {

uint64_t Key(int a, int b) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) |
         static_cast<uint32_t>(b);
}

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

namespace {

// A search state of MatchChildren: how it got to (state, child position).
struct MatchBack {
  int32_t state, pos;
  int32_t symbol;      // symbol consumed on the way here, or -1
  int32_t iteration;   // operator alternative entered here, or -1
  bool virtual_child;  // the child was the left operand itself
};

// One operator-loop iteration found by MatchChildren.
struct MatchIteration {
  int alt;
  int start;  // first child position of the iteration
  bool virtual_child;
};

// How the children of one rule node map to symbols.
struct ChildMatch {
  std::vector<int32_t> symbol;    // per child; -1: unknown
  std::vector<int32_t> wrappers;  // per child: implicit self-refs above it
  std::vector<int32_t> chain;     // the self-refs, outermost first
};

// MatchChildren's buffers, reused from node to node (clear keeps their
// capacity: the search would otherwise spend its time growing them).
struct MatchScratch {
  std::vector<MatchIteration> iterations;
  absl::flat_hash_map<uint64_t, MatchBack> back;
  std::vector<std::pair<int32_t, int32_t>> queue;  // BFS: read from `head`
  std::vector<int> kids;
  // Matches already made, by rule and children's symbols (a match depends
  // on nothing else): the same shapes recur in every tree, and the search
  // was most of a learned tree's k-path walk. Only nodes of at most
  // kMatchMemoChildren children are kept (long lists seldom repeat
  // exactly), and the memo is emptied when its entries would pass
  // kMatchMemoBytes, or when it is used with another grammar.
  std::string key;
  absl::flat_hash_map<std::string, ChildMatch> memo;
  size_t memo_bytes = 0;  // the entries' keys and vectors, roughly
  const SymbolGraph* memo_graph = nullptr;
};

constexpr size_t kMatchMemoChildren = 64;
constexpr size_t kMatchMemoBytes = 1 << 20;

// MatchChildren's memo key: the rule, then per child its kind and symbol.
void MatchKey(const Tree& tree, int rule, absl::Span<const int> kids,
              std::string* key) {
  key->clear();
  auto put = [key](int32_t v) {
    key->append(reinterpret_cast<const char*>(&v), sizeof(v));
  };
  put(rule);
  for (int c : kids) {
    const Node& n = tree.node(c);
    put(n.is_error ? 2 : n.is_rule ? 1 : 0);
    put(n.symbol);
  }
}

void SearchChildren(const SymbolGraph& graph, const Tree& tree, int rule,
                    MatchScratch* scratch, ChildMatch* out);

// Matches the children of rule node `node` against its rule's ATN (a
// search over (state, child position)), recovering the edge that consumed
// each child and the operator-loop iterations of a left-recursive rule.
void MatchChildren(const SymbolGraph& graph, const Tree& tree, int node,
                   MatchScratch* scratch, ChildMatch* out) {
  const int rule = tree.node(node).symbol;
  std::vector<int>& kids = scratch->kids;
  kids.clear();
  for (int c = node + 1; c < tree.End(node); c = tree.End(c)) {
    kids.push_back(c);
  }
  if (kids.size() > kMatchMemoChildren) {
    SearchChildren(graph, tree, rule, scratch, out);
    return;
  }
  if (scratch->memo_graph != &graph) {
    scratch->memo.clear();
    scratch->memo_bytes = 0;
    scratch->memo_graph = &graph;
  }
  MatchKey(tree, rule, kids, &scratch->key);
  const auto it = scratch->memo.find(scratch->key);
  if (it != scratch->memo.end()) {
    const ChildMatch& known = it->second;
    out->symbol.assign(known.symbol.begin(), known.symbol.end());
    out->wrappers.assign(known.wrappers.begin(), known.wrappers.end());
    out->chain.assign(known.chain.begin(), known.chain.end());
    return;
  }
  SearchChildren(graph, tree, rule, scratch, out);
  const size_t entry_bytes =
      sizeof(std::pair<std::string, ChildMatch>) + scratch->key.size() +
      (out->symbol.size() + out->wrappers.size() + out->chain.size()) *
          sizeof(int32_t);
  if (scratch->memo_bytes + entry_bytes > kMatchMemoBytes) {
    scratch->memo.clear();
    scratch->memo_bytes = 0;
  }
  scratch->memo.emplace(scratch->key, *out);
  scratch->memo_bytes += entry_bytes;
}

// MatchChildren's search over the children in scratch->kids.
void SearchChildren(const SymbolGraph& graph, const Tree& tree, int rule,
                    MatchScratch* scratch, ChildMatch* out) {
  const Grammar& grammar = graph.grammar();
  const AtnGraph& g = grammar.parser_graph();
  const std::vector<int>& kids = scratch->kids;
  const int m = static_cast<int>(kids.size());
  out->symbol.assign(m, -1);
  out->wrappers.assign(m, 0);
  out->chain.clear();
  if (rule < 0 || rule >= grammar.num_rules()) return;
  const int32_t block = graph.OperatorBlock(rule);
  // ANTLR's parse trees nest a left-recursive rule: a first child of the
  // same rule is the left operand of the node's operator (its implicit
  // self-reference), and the node has no primary part.
  const bool nested = block >= 0 && m > 0 && tree.node(kids[0]).is_rule &&
                      tree.node(kids[0]).symbol == rule;
  // Breadth-first search with back pointers.
  using Back = MatchBack;
  absl::flat_hash_map<uint64_t, Back>& back = scratch->back;
  std::vector<std::pair<int32_t, int32_t>>& queue = scratch->queue;
  // Emptied keeping its table (absl's clear() frees large tables, and
  // walking a large, mostly empty table costs its whole capacity: it took
  // 4% of a sqlite3 fuzzer's CPU). The last search's keys are its queue.
  for (const auto& [state, pos] : queue) back.erase(Key(state, pos));
  queue.clear();
  const int32_t start = g.rule_start[rule], stop = g.rule_stop[rule];
  back[Key(start, 0)] = Back{-1, -1, -1, -1, false};
  queue.emplace_back(start, 0);
  auto visit = [&](int32_t state, int32_t pos, Back b) {
    if (back.try_emplace(Key(state, pos), b).second) {
      queue.emplace_back(state, pos);
    }
  };
  bool found = false;
  for (size_t head = 0; head < queue.size() && back.size() < 200000;) {
    const auto [s, pos] = queue[head++];
    if (s == stop && pos == m) {
      found = true;
      break;
    }
    const AtnState& st = g.states[s];
    if (s == start && pos == 0 && nested) {
      // The left operand, then straight into an operator alternative.
      const AtnState& b = g.states[block];
      for (uint32_t i = 0; i < b.num_edges; ++i) {
        visit(g.edges[b.first_edge + i].target, 1,
              Back{s, pos, graph.SelfRefSymbol(rule, static_cast<int>(i)),
                   static_cast<int32_t>(i), true});
      }
    }
    for (uint32_t i = 0; i < st.num_edges; ++i) {
      const int32_t edge = static_cast<int32_t>(st.first_edge + i);
      const AtnEdge& e = g.edges[edge];
      if (s == block) {  // entering an operator alternative: an iteration
        visit(e.target, pos, Back{s, pos, -1, static_cast<int32_t>(i), false});
        continue;
      }
      if (IsEpsilonLike(e.kind)) {
        visit(e.target, pos, Back{s, pos, -1, -1, false});
        continue;
      }
      if (pos >= m) continue;
      const Node& child = tree.node(kids[pos]);
      if (e.kind == EdgeKind::kRule) {
        if (child.is_rule && child.symbol == e.label) {
          visit(e.follow, pos + 1,
                Back{s, pos, graph.EdgeSymbol(edge, 0), -1, false});
        }
      } else if (!child.is_rule && !child.is_error) {
        const int sym = graph.EdgeSymbol(edge, child.symbol);
        if (sym >= 0) visit(e.target, pos + 1, Back{s, pos, sym, -1, false});
      }
    }
  }
  if (!found) return;
  // Walk back: symbols per child and the iterations in order.
  std::vector<MatchIteration>& iterations = scratch->iterations;
  iterations.clear();
  int32_t s = stop, pos = m;
  while (!(s == start && pos == 0)) {
    const Back& b = back.at(Key(s, pos));
    if (b.symbol >= 0 && pos > 0) out->symbol[pos - 1] = b.symbol;
    if (b.iteration >= 0) {
      iterations.push_back(MatchIteration{b.iteration, b.pos, b.virtual_child});
    }
    s = b.state;
    pos = b.pos;
  }
  std::reverse(iterations.begin(), iterations.end());
  // Implicit self-references: the j-th operator wraps everything before
  // it, so a child of iteration j sits under the self-refs of iterations
  // j+1..n (outermost, the last, first); the primary's children under all.
  const int n = static_cast<int>(iterations.size());
  for (int j = n - 1; j >= 0; --j) {
    out->chain.push_back(graph.SelfRefSymbol(rule, iterations[j].alt));
  }
  for (int c = 0; c < m; ++c) {
    int j = 0;  // iterations started at or before c
    while (j < n && iterations[j].start <= c) ++j;
    // A first child that is the left operand is iteration 1's self-ref
    // itself: only the later iterations wrap it.
    if (c == 0 && n > 0 && iterations[0].virtual_child) j = 1;
    out->wrappers[c] = n - j;
  }
}

}  // namespace

// One rule node being walked by KPathsOfTree.
struct KPathFrame {
  int node = 0;
  ChildMatch match;
  int next = 0;         // next child position
  int child_node = -1;  // node index of that child
  int wrappers = 0;     // implicit self-refs pushed for this frame
  bool child_pushed = false;
};

struct KPathScratch::Buffers {
  std::vector<int32_t> anc;        // symbolic ancestors, -1 where unknown
  std::vector<KPathFrame> frames;  // frames[0, depth) in use; kept for reuse
  MatchScratch match;
  ChildMatch one;  // NodeHasSymbol's
};

KPathScratch::KPathScratch() : buffers(std::make_unique<Buffers>()) {}
KPathScratch::~KPathScratch() = default;

size_t KPathScratch::MemoryBytes() const {
  const MatchScratch& m = buffers->match;
  size_t bytes = buffers->anc.capacity() * sizeof(int32_t) +
                 buffers->frames.capacity() * sizeof(KPathFrame) +
                 m.back.capacity() * (sizeof(uint64_t) + sizeof(MatchBack)) +
                 m.queue.capacity() * sizeof(m.queue[0]) +
                 m.memo.capacity() * sizeof(*m.memo.begin());
  return bytes + m.memo_bytes;
}

void KPathsOfTree(const SymbolGraph& graph, const Tree& tree, int k,
                  const std::function<void(absl::Span<const int32_t>)>& fn) {
  KPathScratch scratch;
  KPathsOfTree(graph, tree, k, fn, &scratch);
}

void KPathsOfTree(const SymbolGraph& graph, const Tree& tree, int k,
                  const std::function<void(absl::Span<const int32_t>)>& fn,
                  KPathScratch* reuse) {
  if (tree.empty() || k < 1) return;
  KPathScratch::Buffers& buf = *reuse->buffers;
  std::vector<int32_t>& anc = buf.anc;
  anc.clear();
  auto push = [&](int32_t s) {
    anc.push_back(s);
    if (s < 0 || static_cast<int>(anc.size()) < k) return;
    absl::Span<const int32_t> path(anc.data() + anc.size() - k, k);
    for (int32_t x : path) {
      if (x < 0) return;
    }
    fn(path);
  };
  // Depth-first over rule nodes; each frame walks its node's children.
  std::vector<KPathFrame>& frames = buf.frames;
  size_t depth = 0;
  auto open = [&](int node) {
    if (depth == frames.size()) frames.emplace_back();
    KPathFrame& f = frames[depth++];
    f.node = node;
    f.next = 0;
    f.child_node = node + 1;
    f.wrappers = 0;
    f.child_pushed = false;
    MatchChildren(graph, tree, node, &buf.match, &f.match);
  };
  if (!tree.node(0).is_rule) return;
  open(0);
  while (depth > 0) {
    KPathFrame& f = frames[depth - 1];
    if (f.child_pushed) {  // back from a child
      anc.pop_back();
      f.child_pushed = false;
      f.child_node = tree.End(f.child_node);
      ++f.next;
    }
    if (f.child_node >= tree.End(f.node)) {
      anc.resize(anc.size() - f.wrappers);
      --depth;
      continue;
    }
    // Adjust the implicit self-refs above this child (their number only
    // shrinks from child to child).
    const int want = f.match.wrappers[f.next];
    while (f.wrappers < want) {
      push(f.match.chain[f.wrappers]);
      ++f.wrappers;
    }
    while (f.wrappers > want) {
      anc.pop_back();
      --f.wrappers;
    }
    push(f.match.symbol[f.next]);
    f.child_pushed = true;
    const int child = f.child_node;
    if (tree.node(child).is_rule) {
      open(child);  // `f` may dangle from here on
    }
  }
}

bool NodeHasSymbol(const SymbolGraph& graph, const Tree& tree, int node,
                   int symbol, KPathScratch* reuse) {
  const KSymbol& want = graph.symbol(symbol);
  const Node& n = tree.node(node);
  if (!n.is_rule || n.symbol != want.rule) return false;
  // Skip the match when no child is of the right kind.
  if (want.kind != KSymbol::Kind::kSelfRef) {
    const bool rule_ref = want.kind == KSymbol::Kind::kRuleRef;
    bool candidate = false;
    for (int c = node + 1; c < tree.End(node) && !candidate; c = tree.End(c)) {
      candidate = tree.node(c).is_rule == rule_ref &&
                  tree.node(c).symbol == want.target;
    }
    if (!candidate) return false;
  }
  KPathScratch::Buffers& buf = *reuse->buffers;
  ChildMatch& m = buf.one;
  MatchChildren(graph, tree, node, &buf.match, &m);
  if (std::find(m.symbol.begin(), m.symbol.end(), symbol) != m.symbol.end()) {
    return true;
  }
  int wrapped = 0;
  for (int32_t w : m.wrappers) wrapped = std::max(wrapped, w);
  return std::find(m.chain.begin(), m.chain.begin() + wrapped, symbol) !=
         m.chain.begin() + wrapped;
}

}  // namespace grammut
