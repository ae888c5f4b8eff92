// kpath_tree.cc: the k-paths of a tree: its nodes' children matched
// against the symbol graph (MatchChildren, memoized), then the paths
// enumerated over the tree (KPathsOfTree, NodeHasSymbol).
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "kpath/internal/pair_key.h"
#include "kpath/kpath.h"

namespace grammut {

namespace {

using kpath_internal::Key;

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
