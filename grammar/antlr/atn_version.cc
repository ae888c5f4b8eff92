#include "grammar/antlr/atn_version.h"

#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace grammut {
namespace atn_internal {
namespace {

// The feature UUID ANTLR 4.7-4.9 tools write (the one that adds 32-bit
// sets), as the eight words that follow the version, before the +2 shift.
constexpr uint16_t kV3Uuid[8] = {0x6089, 0xA728, 0x8131, 0xB9EB,
                                 0x417A, 0x3BE5, 0x7784, 0x5962};

// Values taken from ANTLR's serialization (the same in both versions).
constexpr int64_t kLexerGrammar = 0;
constexpr int64_t kStateInvalid = 0;
constexpr int64_t kStateBlockStart = 3;
constexpr int64_t kStatePlusBlockStart = 4;
constexpr int64_t kStateStarBlockStart = 5;
constexpr int64_t kStateLoopEnd = 12;
constexpr int64_t kEdgeRange = 2;
constexpr int64_t kEdgeAtom = 5;
constexpr int64_t kEdgeSet = 7;
constexpr int64_t kEdgeNotSet = 8;
constexpr int64_t kMaxWord = 0xFFFF;
constexpr int64_t kMaxCodePoint = 0x10FFFF;

struct Set {
  bool has_eof = false;
  std::vector<std::pair<int64_t, int64_t>> intervals;
  bool wide = false;  // some bound above 0xFFFF: goes to the second list
};

// Reads the version-4 numbers in order, failing on a short input.
class Reader {
 public:
  explicit Reader(absl::Span<const int64_t> data) : data_(data) {}

  // The next value, or an error naming `what`.
  absl::StatusOr<int64_t> Next(const char* what) {
    if (pos_ >= data_.size()) {
      return absl::DataLossError(
          absl::StrCat("the version-4 ATN ends early (reading ", what, ")"));
    }
    return data_[pos_++];
  }
  // A count: a non-negative value no larger than what is left.
  absl::StatusOr<int64_t> Count(const char* what) {
    absl::StatusOr<int64_t> n = Next(what);
    if (!n.ok()) return n;
    if (*n < 0 || *n > static_cast<int64_t>(data_.size() - pos_) + 1) {
      return absl::DataLossError(
          absl::StrCat("the version-4 ATN has a bad count ", *n, " of ", what));
    }
    return n;
  }
  bool AtEnd() const { return pos_ == data_.size(); }

 private:
  absl::Span<const int64_t> data_;
  size_t pos_ = 0;
};

// Collects version-3 words before the shift.
class Writer {
 public:
  // Appends `v` as one word: -1 becomes 0xFFFF; other values must fit.
  absl::Status Word(int64_t v, const char* what) {
    if (v == -1) v = kMaxWord;
    if (v < 0 || v > kMaxWord) {
      return absl::DataLossError(absl::StrCat(
          "the ATN cannot be converted to serialization version 3: ", what, " ",
          v, " does not fit 16 bits"));
    }
    words_.push_back(static_cast<uint16_t>(v));
    return absl::OkStatus();
  }
  void Raw(uint16_t w) { words_.push_back(w); }
  std::vector<uint16_t>& words() { return words_; }

 private:
  std::vector<uint16_t> words_;
};

#define GRAMMUT_ASSIGN(var, expr)                     \
  do {                                                \
    auto grammut_v_ = (expr);                         \
    if (!grammut_v_.ok()) return grammut_v_.status(); \
    var = *grammut_v_;                                \
  } while (0)

#define GRAMMUT_RETURN_IF_ERROR(expr)        \
  do {                                       \
    absl::Status grammut_s_ = (expr);        \
    if (!grammut_s_.ok()) return grammut_s_; \
  } while (0)

// Copies `n` values one to one (state numbers and the like).
absl::Status CopyList(Reader& in, Writer& out, int64_t n, const char* what) {
  for (int64_t i = 0; i < n; ++i) {
    int64_t v;
    GRAMMUT_ASSIGN(v, in.Next(what));
    GRAMMUT_RETURN_IF_ERROR(out.Word(v, what));
  }
  return absl::OkStatus();
}

// Writes one set: interval count, EOF flag, bounds (two words each if wide).
absl::Status WriteSet(const Set& set, Writer& out) {
  absl::Status st = out.Word(static_cast<int64_t>(set.intervals.size()),
                             "number of intervals in a set");
  if (!st.ok()) return st;
  out.Raw(set.has_eof ? 1 : 0);
  for (const auto& [a, b] : set.intervals) {
    for (int64_t v : {a, b}) {
      out.Raw(static_cast<uint16_t>(v & kMaxWord));
      if (set.wide) out.Raw(static_cast<uint16_t>(v >> 16));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<uint16_t>> ConvertAtnV4ToV3(
    absl::Span<const int64_t> v4) {
  Reader in(v4);
  Writer out;
  int64_t version;
  GRAMMUT_ASSIGN(version, in.Next("the version"));
  if (version != 4) {
    return absl::InvalidArgumentError(
        absl::StrCat("expected ATN serialization version 4, got ", version));
  }
  out.Raw(3);
  for (uint16_t w : kV3Uuid) out.Raw(w);

  int64_t grammar_type, max_token_type;
  GRAMMUT_ASSIGN(grammar_type, in.Next("the grammar type"));
  GRAMMUT_ASSIGN(max_token_type, in.Next("the largest token type"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(grammar_type, "grammar type"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(max_token_type, "largest token type"));
  const bool lexer = grammar_type == kLexerGrammar;

  // States: type, rule, and for loop ends and block starts one more state.
  int64_t num_states;
  GRAMMUT_ASSIGN(num_states, in.Count("states"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(num_states, "number of states"));
  for (int64_t i = 0; i < num_states; ++i) {
    int64_t type;
    GRAMMUT_ASSIGN(type, in.Next("a state type"));
    GRAMMUT_RETURN_IF_ERROR(out.Word(type, "state type"));
    if (type == kStateInvalid) continue;
    const bool extra = type == kStateLoopEnd || type == kStateBlockStart ||
                       type == kStatePlusBlockStart ||
                       type == kStateStarBlockStart;
    GRAMMUT_RETURN_IF_ERROR(CopyList(in, out, extra ? 2 : 1, "state"));
  }
  // Non-greedy decision states, then left-recursive rule start states.
  for (const char* what : {"non-greedy states", "precedence states"}) {
    int64_t n;
    GRAMMUT_ASSIGN(n, in.Count(what));
    GRAMMUT_RETURN_IF_ERROR(out.Word(n, what));
    GRAMMUT_RETURN_IF_ERROR(CopyList(in, out, n, what));
  }
  // Rules: start state, and for lexers the token type (-1 for EOF).
  int64_t num_rules;
  GRAMMUT_ASSIGN(num_rules, in.Count("rules"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(num_rules, "number of rules"));
  GRAMMUT_RETURN_IF_ERROR(
      CopyList(in, out, num_rules * (lexer ? 2 : 1), "rule"));
  // Modes: their start states.
  int64_t num_modes;
  GRAMMUT_ASSIGN(num_modes, in.Count("modes"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(num_modes, "number of modes"));
  GRAMMUT_RETURN_IF_ERROR(CopyList(in, out, num_modes, "mode"));

  // Sets are written after the edges are read: edges may add sets.
  int64_t num_sets;
  GRAMMUT_ASSIGN(num_sets, in.Count("sets"));
  std::vector<Set> sets(static_cast<size_t>(num_sets));
  for (Set& set : sets) {
    int64_t num_intervals, eof;
    GRAMMUT_ASSIGN(num_intervals, in.Count("set intervals"));
    GRAMMUT_ASSIGN(eof, in.Next("a set's EOF flag"));
    set.has_eof = eof != 0;
    for (int64_t j = 0; j < num_intervals; ++j) {
      int64_t a, b;
      GRAMMUT_ASSIGN(a, in.Next("a set interval"));
      GRAMMUT_ASSIGN(b, in.Next("a set interval"));
      if (a < 0 || b < a || b > kMaxCodePoint) {
        return absl::DataLossError(absl::StrCat(
            "the version-4 ATN has a bad set interval ", a, "..", b));
      }
      set.wide |= b > kMaxWord;
      set.intervals.emplace_back(a, b);
    }
  }

  int64_t num_edges;
  GRAMMUT_ASSIGN(num_edges, in.Count("edges"));
  std::vector<int64_t> edges;
  edges.reserve(static_cast<size_t>(num_edges) * 6);
  for (int64_t i = 0; i < num_edges; ++i) {
    int64_t e[6];  // source, target, type, three arguments
    for (int64_t& v : e) GRAMMUT_ASSIGN(v, in.Next("an edge"));
    const int64_t type = e[2];
    if ((type == kEdgeAtom && e[3] > kMaxWord) ||
        (type == kEdgeRange && (e[3] > kMaxWord || e[4] > kMaxWord))) {
      // A code point edge above U+FFFF: a set edge over a new wide set.
      Set set;
      set.wide = true;
      set.has_eof = e[5] != 0;  // the edge's lower bound is EOF
      const int64_t hi = type == kEdgeAtom ? e[3] : e[4];
      if (e[3] < 0 || hi < e[3] || hi > kMaxCodePoint) {
        return absl::DataLossError(absl::StrCat(
            "the version-4 ATN has a bad code point edge ", e[3], "..", hi));
      }
      set.intervals.emplace_back(e[3], hi);
      sets.push_back(std::move(set));
      e[2] = kEdgeSet;
      e[3] = static_cast<int64_t>(sets.size()) - 1;
      e[4] = e[5] = 0;
    } else if ((type == kEdgeSet || type == kEdgeNotSet) &&
               (e[3] < 0 || e[3] >= num_sets)) {
      return absl::DataLossError(absl::StrCat(
          "the version-4 ATN has an edge to a missing set ", e[3]));
    }
    edges.insert(edges.end(), e, e + 6);
  }

  // Narrow sets first, then wide ones; renumber set edges to match.
  std::vector<int64_t> new_index(sets.size());
  int64_t next = 0;
  for (bool wide : {false, true}) {
    for (size_t s = 0; s < sets.size(); ++s) {
      if (sets[s].wide == wide) new_index[s] = next++;
    }
  }
  for (bool wide : {false, true}) {
    int64_t n = 0;
    for (const Set& set : sets) n += set.wide == wide;
    GRAMMUT_RETURN_IF_ERROR(out.Word(n, "number of sets"));
    for (const Set& set : sets) {
      if (set.wide == wide) GRAMMUT_RETURN_IF_ERROR(WriteSet(set, out));
    }
  }

  GRAMMUT_RETURN_IF_ERROR(out.Word(num_edges, "number of edges"));
  for (size_t i = 0; i < edges.size(); i += 6) {
    if (edges[i + 2] == kEdgeSet || edges[i + 2] == kEdgeNotSet) {
      edges[i + 3] = new_index[static_cast<size_t>(edges[i + 3])];
    }
    for (size_t k = 0; k < 6; ++k) {
      GRAMMUT_RETURN_IF_ERROR(out.Word(edges[i + k], "edge value"));
    }
  }

  int64_t num_decisions;
  GRAMMUT_ASSIGN(num_decisions, in.Count("decisions"));
  GRAMMUT_RETURN_IF_ERROR(out.Word(num_decisions, "number of decisions"));
  GRAMMUT_RETURN_IF_ERROR(CopyList(in, out, num_decisions, "decision"));

  if (lexer) {  // lexer actions: type and two operands (-1 for none)
    int64_t num_actions;
    GRAMMUT_ASSIGN(num_actions, in.Count("lexer actions"));
    GRAMMUT_RETURN_IF_ERROR(out.Word(num_actions, "number of lexer actions"));
    GRAMMUT_RETURN_IF_ERROR(CopyList(in, out, num_actions * 3, "lexer action"));
  }
  if (!in.AtEnd()) {
    return absl::DataLossError(
        "the version-4 ATN has data after its last section");
  }

  std::vector<uint16_t> words = std::move(out.words());
  for (size_t i = 1; i < words.size(); ++i) {
    words[i] = static_cast<uint16_t>(words[i] + 2);
  }
  return words;
}

#undef GRAMMUT_ASSIGN
#undef GRAMMUT_RETURN_IF_ERROR

}  // namespace atn_internal
}  // namespace grammut
