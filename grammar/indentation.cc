// indentation.cc: see indentation.h.
#include "grammar/indentation.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "grammar/grammar.h"

namespace grammut {
namespace {

bool IsBreak(char32_t c) { return c == '\n' || c == '\r'; }
bool IsBlank(char32_t c) { return c == ' ' || c == '\t' || c == '\f'; }

// Whether the line break at text[i] is joined to the next line: a backslash
// before it, with blanks between. (For "\r\n", ask at the '\r'.)
template <typename Text>
bool Joined(const Text& text, size_t i) {
  while (i > 0 && IsBlank(static_cast<char32_t>(text[i - 1]))) --i;
  return i > 0 && text[i - 1] == '\\';
}

// The action text lower-cased without spaces.
std::string Squeeze(absl::string_view text) {
  std::string out;
  for (char c : text) {
    if (!std::isspace(static_cast<unsigned char>(c))) {
      out += absl::ascii_tolower(c);
    }
  }
  return out;
}

// +1 if an action counts brackets up, -1 down, 0 if neither.
int BracketAction(absl::string_view action) {
  const std::string a = Squeeze(action);
  for (const char* down : {"close", "dec", "--", "-="}) {
    if (absl::StrContains(a, down)) return -1;
  }
  for (const char* up : {"open", "inc", "++", "+="}) {
    if (absl::StrContains(a, up)) return 1;
  }
  return 0;
}

// The token type the parser most often matches right before `type` (epsilon
// moves between), or -1.
int TokenBefore(const AtnGraph& g, int type) {
  std::map<int, int> counts;
  std::vector<int32_t> work;
  std::vector<bool> seen(g.states.size(), false);
  for (const AtnEdge& e : g.edges) {
    if (e.kind != EdgeKind::kAtom || e.label <= 0 || e.label == type) continue;
    work.assign(1, e.target);
    std::fill(seen.begin(), seen.end(), false);
    bool found = false;
    for (int steps = 0; !work.empty() && !found && steps < 64; ++steps) {
      const int32_t s = work.back();
      work.pop_back();
      if (s < 0 || seen[s]) continue;
      seen[s] = true;
      for (uint32_t k = 0; k < g.states[s].num_edges; ++k) {
        const AtnEdge& n = g.Edge(s, k);
        if (n.kind == EdgeKind::kAtom && n.label == type) found = true;
        if (IsEpsilonLike(n.kind)) work.push_back(n.target);
      }
    }
    if (found) ++counts[e.label];
  }
  int best = -1, most = 0;
  for (const auto& [t, n] : counts) {
    if (n > most) best = t, most = n;
  }
  return best;
}

// The one text lexer rule `rule` matches if its network is a chain of
// single characters (`'{'`, also where `-> type(X)` retypes it), else "".
std::string FixedText(const AtnGraph& g, int rule) {
  std::string text;
  int32_t state = g.rule_start[rule];
  for (int steps = 0; steps < 16; ++steps) {
    const AtnState& st = g.states[state];
    if (st.kind == StateKind::kRuleStop) return text;
    if (st.num_edges != 1) return "";
    const AtnEdge& e = g.Edge(state, 0);
    if (e.kind == EdgeKind::kAtom && e.label > 0 && e.label < 0x80) {
      text += static_cast<char>(e.label);
    } else if (!IsEpsilonLike(e.kind) || e.kind == EdgeKind::kPredicate) {
      return "";
    }
    state = e.target;
  }
  return "";
}

// The fixed text of token `type`: its literal, or the text every lexer
// rule making it matches.
std::string TokenText(const Grammar& g, int type) {
  if (!g.literal_text(type).empty()) return g.literal_text(type);
  std::string text;
  for (int32_t r : g.lexer_rules_for_token(type)) {
    const std::string t = FixedText(g.lexer_graph(), r);
    if (t.empty() || (!text.empty() && t != text)) return "";
    text = t;
  }
  return text;
}

}  // namespace

bool IndentationScheme::Handles(absl::string_view rule) const {
  return active() && std::find(handled_rules.begin(), handled_rules.end(),
                               rule) != handled_rules.end();
}

IndentationScheme DetectIndentation(const Grammar& grammar,
                                    absl::Span<const G4Semantic> source) {
  IndentationScheme s;
  if (std::optional<RegionTokens> r = DetectRegionLayout(grammar)) {
    s.indent = r->indent;
    s.dedent = r->dedent;
    s.newline = r->newline;
    s.newline_has_rule = true;
    s.bracket.assign(grammar.max_token_type() + 1, 0);
    for (int t : {r->lparen, r->lbracket, r->lbrace}) {
      if (t > 0) s.bracket[t] = 1;
    }
    for (int t : {r->rparen, r->rbracket, r->rbrace}) {
      if (t > 0) s.bracket[t] = -1;
    }
    s.regions = std::move(r);
    return s;
  }
  const int indent = grammar.token_type_named("INDENT");
  const int dedent = grammar.token_type_named("DEDENT");
  if (indent <= 0 || dedent <= 0 ||
      !grammar.lexer_rules_for_token(indent).empty() ||
      !grammar.lexer_rules_for_token(dedent).empty() ||
      !grammar.token_from_code(indent) || !grammar.token_from_code(dedent)) {
    return s;
  }
  int newline = TokenBefore(grammar.parser_graph(), indent);
  if (newline <= 0) newline = grammar.token_type_named("NEWLINE");
  if (newline <= 0) return s;
  s.indent = indent;
  s.dedent = dedent;
  s.newline = newline;
  s.newline_has_rule = !grammar.lexer_rules_for_token(newline).empty();
  const int end = grammar.token_type_named("ENDMARKER");
  if (end > 0 && grammar.token_from_code(end)) s.end_marker = end;
  s.bracket.assign(grammar.max_token_type() + 1, 0);
  const std::vector<std::string>& names = grammar.lexer_interp().rule_names;
  for (const G4Semantic& a : source) {
    if (a.kind != G4SemanticKind::kAction || a.rule.empty() ||
        !std::isupper(static_cast<unsigned char>(a.rule[0]))) {
      continue;
    }
    const auto it = std::find(names.begin(), names.end(), a.rule);
    const int type = it == names.end()
                         ? 0
                         : grammar.lexer_rule_token_type(
                               static_cast<int>(it - names.begin()));
    const std::string squeezed = Squeeze(a.text);
    const int b = BracketAction(a.text);
    if (b != 0 && type > 0 && type != newline) {
      s.bracket[type] = static_cast<int8_t>(b);
      s.brackets_from_actions = true;
      s.handled_rules.push_back(a.rule);
    } else if (type == newline || absl::StrContains(squeezed, "newline") ||
               absl::StrContains(squeezed, "spaces") ||
               absl::StrContains(squeezed, "indent") ||
               absl::StrContains(squeezed, "dedent")) {
      s.handled_rules.push_back(a.rule);
    }
  }
  if (!s.brackets_from_actions) {
    for (int t = 1; t <= grammar.max_token_type(); ++t) {
      const std::string lit = TokenText(grammar, t);
      if (lit == "(" || lit == "[" || lit == "{") s.bracket[t] = 1;
      if (lit == ")" || lit == "]" || lit == "}") s.bracket[t] = -1;
    }
  }
  return s;
}

std::string DescribeIndentation(const IndentationScheme& s, const Grammar& g) {
  if (!s.active()) return "";
  if (s.regions) {
    return absl::StrCat(
        g.token_name(s.indent), "/", g.token_name(s.dedent),
        " made by grammut, and ", g.token_name(s.newline),
        " kept or hidden, from the indentation and the regions (`{}`, "
        "`()`, `[]`, indented blocks) as Scala 3's scanner does; in "
        "generated and edited inputs they carry the indentation of their "
        "level");
  }
  std::vector<std::string> open, close;
  for (int t = 1; t < static_cast<int>(s.bracket.size()); ++t) {
    if (s.bracket[t] > 0) open.push_back(g.token_name(t));
    if (s.bracket[t] < 0) close.push_back(g.token_name(t));
  }
  return absl::StrCat(
      g.token_name(s.indent), "/", g.token_name(s.dedent),
      " made by grammut from the indentation after each logical ",
      g.token_name(s.newline),
      s.newline_has_rule ? " (its lexer rule's other tokens hidden)"
                         : " (made by grammut too)",
      "; line breaks inside ", absl::StrJoin(open, " "), " / ",
      absl::StrJoin(close, " "),
      s.brackets_from_actions ? " (from the lexer actions)"
                              : " (the bracket literals)",
      " are ignored; in generated and edited inputs they carry the "
      "indentation of their level",
      s.end_marker > 0 ? absl::StrCat("; ", g.token_name(s.end_marker),
                                      " made at the end of the input")
                       : "");
}

void LayOutTokens(const IndentationScheme& s, std::u32string_view text,
                  absl::Span<const RawToken> raw,
                  std::vector<LaidOutToken>* out) {
  if (s.regions) {
    LayOutRegions(*s.regions, text, raw, out);
    return;
  }
  out->clear();
  std::vector<uint32_t> stack{0};
  int depth = 0;           // open brackets
  bool content = false;    // a token on the current logical line
  bool line_start = true;  // the next token starts a logical line
  bool broken = false;     // a line break ended the logical line
  uint32_t broken_at = 0;  // where
  size_t pos = 0;
  auto scan = [&](size_t a, size_t b) {
    if (depth > 0 || !content || line_start || broken) return;
    b = std::min(b, text.size());
    for (size_t i = a; i < b; ++i) {
      if (IsBreak(text[i]) && !Joined(text, i)) {
        broken = true;
        broken_at = static_cast<uint32_t>(i);
        return;
      }
      if (text[i] == '\r' && i + 1 < b && text[i + 1] == '\n') ++i;
    }
  };
  auto end_line = [&](uint32_t at) {
    out->push_back(LaidOutToken{-1, s.newline, false, at});
    content = false;
    line_start = true;
    broken = false;
  };
  for (size_t k = 0; k < raw.size(); ++k) {
    const RawToken& t = raw[k];
    const int32_t index = static_cast<int32_t>(k);
    scan(pos, t.begin);
    pos = std::max<size_t>(pos, t.end);
    if (t.type < 0) {  // EOF
      if (content && !line_start) end_line(broken ? broken_at : t.begin);
      while (stack.size() > 1) {
        out->push_back(LaidOutToken{-1, s.dedent, false, t.begin});
        stack.pop_back();
      }
      if (s.end_marker > 0) {
        out->push_back(LaidOutToken{-1, s.end_marker, false, t.begin});
      }
      out->push_back(LaidOutToken{index, t.type, t.hidden, 0});
      continue;
    }
    if (t.hidden) {
      scan(t.begin, t.end);
      out->push_back(LaidOutToken{index, t.type, true, 0});
      continue;
    }
    if (t.type == s.newline && s.newline_has_rule) {
      const bool ends = depth == 0 && content && !line_start;
      out->push_back(LaidOutToken{index, t.type, !ends, 0});
      if (ends) {
        content = false;
        line_start = true;
        broken = false;
      }
      continue;
    }
    if (depth == 0 && content && !line_start && broken) end_line(broken_at);
    if (line_start) {
      // The blanks before the token on its line.
      size_t b = std::min<size_t>(t.begin, text.size());
      while (b > 0 && IsBlank(text[b - 1])) --b;
      const uint32_t col = IndentWidth(text.substr(b, t.begin - b));
      if (col > stack.back()) {
        stack.push_back(col);
        out->push_back(LaidOutToken{-1, s.indent, false, t.begin});
      } else {
        while (col < stack.back()) {
          stack.pop_back();
          out->push_back(LaidOutToken{-1, s.dedent, false, t.begin});
        }
      }
      line_start = false;
    }
    out->push_back(LaidOutToken{index, t.type, false, 0});
    content = true;
    depth = std::max(0, depth + s.Bracket(t.type));
  }
}

namespace {

// One level of the indentation stack: its width, its width with tabs of
// size 1 (CPython refuses, as a TabError, blanks whose order of depth
// differs between the two) and the blanks written.
struct Level {
  uint32_t width = 0;
  uint32_t alt = 0;
  std::string blanks;
};

// The position of the last line break of `text` that no backslash joins,
// or npos.
size_t LastBreak(absl::string_view text) {
  for (size_t i = text.size(); i > 0; --i) {
    const char c = text[i - 1];
    if (!IsBreak(static_cast<unsigned char>(c))) continue;
    size_t at = i - 1;
    if (c == '\n' && at > 0 && text[at - 1] == '\r') --at;
    if (!Joined(text, at)) return i - 1;
    i = at + 1;
  }
  return absl::string_view::npos;
}

// True if `text` holds a line break no backslash joins.
bool HasBreak(absl::string_view text) {
  return LastBreak(text) != absl::string_view::npos;
}

}  // namespace

bool FixIndentation(const IndentationScheme& s, Tree* tree) {
  if (!s.active() || tree->empty()) return false;
  const Tree& t = *tree;
  std::vector<int> tokens;
  for (int i = 0; i < t.size(); ++i) {
    if (!t.node(i).is_rule) tokens.push_back(i);
  }
  // New trivia and texts, by position in `tokens`.
  std::vector<std::optional<std::string>> trivia(tokens.size());
  std::vector<std::optional<std::string>> texts(tokens.size());
  std::vector<Level> stack(1);
  std::string step;  // the indentation step the tree uses
  int depth = 0;
  bool content = false;
  std::vector<size_t> run;  // layout tokens since the last token
  std::string region;
  bool changed = false;
  for (size_t k = 0; k < tokens.size(); ++k) {
    const int type = t.node(tokens[k]).symbol;
    if (type >= 0 && s.IsLayout(type)) {
      run.push_back(k);
      continue;
    }
    if (type < 0) break;  // EOF: the lexer closes what is open
    const absl::string_view own = t.token_trivia(tokens[k]);
    if (depth > 0) {
      // Inside brackets line breaks are free.
    } else if (run.empty()) {
      if (content && HasBreak(own)) {
        // A line break between two tokens of one logical line.
        trivia[k] = " ";
        changed = true;
      } else if (!content) {
        // The first token of the input: no indentation.
        const size_t br = LastBreak(own);
        const size_t from = br == absl::string_view::npos ? 0 : br + 1;
        if (from < own.size()) {
          trivia[k] = std::string(own.substr(0, from));
          changed = true;
        }
      }
    } else {
      int indents = 0, dedents = 0;
      bool has_break_token = false;
      region.clear();
      for (size_t r : run) {
        const int rt = t.node(tokens[r]).symbol;
        indents += rt == s.indent ? 1 : 0;
        dedents += rt == s.dedent ? 1 : 0;
        has_break_token |= rt == s.newline && s.newline_has_rule;
        absl::StrAppend(&region, t.token_trivia(tokens[r]),
                        t.token_text(tokens[r]));
      }
      absl::StrAppend(&region, own);
      // What the lexer reads: the blanks after the last line break.
      const size_t br = LastBreak(region);
      bool ok = br != absl::string_view::npos || !content;
      const size_t from = br == absl::string_view::npos ? 0 : br + 1;
      const absl::string_view tail = absl::string_view(region).substr(from);
      for (char c : tail) ok &= IsBlank(static_cast<unsigned char>(c));
      const uint32_t col = ok ? IndentWidth(tail) : 0;
      const uint32_t alt = ok ? IndentWidth(tail, 1) : 0;
      std::vector<Level> after = stack;
      if (ok) {
        const Level& top = stack.back();
        int pops = 0;
        while (after.size() > 1 && col < after.back().width) {
          after.pop_back();
          ++pops;
        }
        if (indents > 0) {
          ok = indents == 1 && dedents == 0 && col > top.width && alt > top.alt;
          if (ok) {
            if (step.empty() && absl::StartsWith(tail, after.back().blanks)) {
              step = std::string(tail.substr(after.back().blanks.size()));
            }
            after.push_back(Level{col, alt, std::string(tail)});
          }
        } else {
          ok = pops == dedents && col == after.back().width &&
               alt == after.back().alt;
        }
      }
      if (!ok) {
        // Write the layout the tree says.
        after = stack;
        for (int d = 0; d < dedents && after.size() > 1; ++d) after.pop_back();
        for (int i = 0; i < indents; ++i) {
          std::string blanks =
              after.back().blanks + (step.empty() ? "    " : step);
          const uint32_t w = IndentWidth(blanks);
          const uint32_t a = IndentWidth(blanks, 1);
          after.push_back(Level{w, a, std::move(blanks)});
        }
        const absl::string_view first = t.token_trivia(tokens[run[0]]);
        size_t cut = first.find_first_of("\r\n\f");
        absl::string_view pre =
            cut == absl::string_view::npos ? first : first.substr(0, cut);
        if (absl::StrContains(pre, '\\')) pre = {};
        for (size_t r : run) {
          const int rt = t.node(tokens[r]).symbol;
          trivia[r] = r == run[0] ? std::string(pre) : std::string();
          texts[r] = rt == s.newline && s.newline_has_rule ? "\n" : "";
        }
        trivia[k] =
            has_break_token ? after.back().blanks : "\n" + after.back().blanks;
        changed = true;
      }
      stack = std::move(after);
    }
    run.clear();
    content = true;
    depth = std::max(0, depth + s.Bracket(type));
  }
  if (!changed) return false;
  // Rebuild the tree with the new texts.
  Tree out;
  out.Reserve(static_cast<size_t>(t.size()), t.text().size() + 64, 0);
  std::vector<std::pair<int, int>> open;  // (new node, end in t)
  size_t k = 0;
  for (int i = 0; i < t.size(); ++i) {
    while (!open.empty() && open.back().second <= i) {
      out.EndRule(open.back().first);
      open.pop_back();
    }
    const Node& n = t.node(i);
    if (n.is_rule) {
      const int node = out.BeginRule(n.symbol);
      out.SetSteps(node, t.steps(i));
      open.emplace_back(node, t.End(i));
      continue;
    }
    const absl::string_view v =
        trivia[k] ? absl::string_view(*trivia[k]) : t.token_trivia(i);
    const absl::string_view x =
        texts[k] ? absl::string_view(*texts[k]) : t.token_text(i);
    out.AddToken(n.symbol, v, x, n.is_error);
    ++k;
  }
  while (!open.empty()) {
    out.EndRule(open.back().first);
    open.pop_back();
  }
  out.set_trailer(t.trailer());
  *tree = std::move(out);
  return true;
}

}  // namespace grammut
