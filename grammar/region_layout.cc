// region_layout.cc: see region_layout.h. Written from the published
// behaviour of grammars-v4's Scala3LexerBase (itself modelled on the Scala
// 3 compiler's Scanners.handleNewLine and the token classes of Tokens.scala).
#include "grammar/region_layout.h"

#include <initializer_list>

#include "grammar/grammar.h"
#include "grammar/indentation.h"

namespace grammut {
namespace {

// Scala 3's token classes, by the grammars-v4 grammar's token names.
// Literals and names.
constexpr std::initializer_list<const char*> kAtoms = {
    "Id",
    "Varid",
    "BacktickId",
    "Op",
    "IntegerLiteral",
    "FloatingPointLiteral",
    "BooleanLiteral",
    "CharacterLiteral",
    "StringLiteral",
    "InterpolatedStringLiteral",
    "SymbolLiteral",
    "NullLiteral",
    "QuoteId",
    "USCORE",
    "THIS",
    "SUPER"};
// What else a statement can end with (with `end if`, `end match`...).
constexpr std::initializer_list<const char*> kEnds = {
    "RETURN", "TYPE",    "GIVEN", "RPAREN",   "RBRACE", "RBRACKET",
    "DEDENT", "NEWLINE", "IF",    "WHILE",    "FOR",    "MATCH",
    "TRY",    "VAL",     "NEW",   "EXTENSION"};
// What else a statement can start with.
constexpr std::initializer_list<const char*> kStarts = {
    "NEW",       "RETURN", "THROW",    "IF",          "WHILE",   "FOR",
    "TRY",       "LBRACE", "LPAREN",   "LBRACKET",    "QUOTE",   "INDENT",
    "AT",        "CASE",   "END",      "DEF",         "VAL",     "VAR",
    "TYPE",      "GIVEN",  "ABSTRACT", "FINAL",       "PRIVATE", "PROTECTED",
    "OVERRIDE",  "SEALED", "CLASS",    "TRAIT",       "OBJECT",  "ENUM",
    "IMPORT",    "EXPORT", "PACKAGE",  "INLINE",      "LAZY",    "IMPLICIT",
    "EXTENSION", "OPEN",   "INFIX",    "TRANSPARENT", "OPAQUE",  "AS",
    "DERIVES",   "USING"};
// Tokens that continue a statement over a line break.
constexpr std::initializer_list<const char*> kContinues = {
    "THEN", "ELSE", "DO", "CATCH", "FINALLY", "YIELD", "MATCH"};
// Tokens an indented block may follow.
constexpr std::initializer_list<const char*> kOpens = {
    "THEN",  "ELSE", "DO",     "CATCH", "FINALLY",  "YIELD",  "MATCH",
    "COLON", "WITH", "ASSIGN", "ARROW", "CTXARROW", "LARROW", "WHILE",
    "TRY",   "FOR",  "IF",     "THROW", "RETURN"};

enum class Region { kTop, kIndented, kBraces, kParens };

}  // namespace

std::optional<RegionTokens> DetectRegionLayout(const Grammar& g) {
  RegionTokens r;
  r.indent = g.token_type_named("INDENT");
  r.dedent = g.token_type_named("DEDENT");
  r.newline = g.token_type_named("NEWLINE");
  if (r.indent <= 0 || r.dedent <= 0 || r.newline <= 0 ||
      !g.token_from_code(r.indent) || !g.token_from_code(r.dedent) ||
      g.lexer_rules_for_token(r.newline).empty()) {
    return std::nullopt;
  }
  for (const char* keyword : {"THEN", "MATCH", "YIELD", "GIVEN"}) {
    if (g.token_type_named(keyword) <= 0) return std::nullopt;
  }
  r.blank = g.token_type_named("WS");
  r.lparen = g.token_type_named("LPAREN");
  r.rparen = g.token_type_named("RPAREN");
  r.lbracket = g.token_type_named("LBRACKET");
  r.rbracket = g.token_type_named("RBRACKET");
  r.lbrace = g.token_type_named("LBRACE");
  r.rbrace = g.token_type_named("RBRACE");
  r.comma = g.token_type_named("COMMA");
  r.dot = g.token_type_named("DOT");
  r.extends = g.token_type_named("EXTENDS");
  r.with = g.token_type_named("WITH");
  r.flags.assign(g.max_token_type() + 1, 0);
  auto mark = [&](std::initializer_list<const char*> names, uint8_t flag) {
    for (const char* name : names) {
      const int t = g.token_type_named(name);
      if (t > 0) r.flags[t] |= flag;
    }
  };
  mark(kAtoms, RegionTokens::kEndsStatement | RegionTokens::kStartsStatement);
  mark(kEnds, RegionTokens::kEndsStatement);
  mark(kStarts, RegionTokens::kStartsStatement);
  mark(kContinues, RegionTokens::kContinues);
  mark(kOpens, RegionTokens::kOpensIndentation);
  return r;
}

void LayOutRegions(const RegionTokens& r, std::u32string_view text,
                   absl::Span<const RawToken> raw,
                   std::vector<LaidOutToken>* out) {
  out->clear();
  std::vector<Region> regions{Region::kTop};
  std::vector<uint32_t> widths{0};  // per indented block, and the top's
  int last = 0;  // the last type the parser gets (made ones included)
  auto is = [](int type, int want) { return want > 0 && type == want; };
  auto add = [&](size_t k, bool hidden) {
    out->push_back(
        LaidOutToken{static_cast<int32_t>(k), raw[k].type, hidden, 0});
    if (!hidden) last = raw[k].type;
  };
  auto make = [&](int type, uint32_t at) {
    out->push_back(LaidOutToken{-1, type, false, at});
    last = type;
  };
  auto close_indented = [&](uint32_t at, uint32_t down_to) {
    while (regions.back() == Region::kIndented && widths.back() > down_to) {
      regions.pop_back();
      widths.pop_back();
      make(r.dedent, at);
    }
  };
  const size_t n = raw.size();
  size_t k = 0;
  // Line breaks before the first token count for nothing.
  while (k < n && is(raw[k].type, r.newline)) add(k++, true);
  for (; k < n; ++k) {
    const RawToken& t = raw[k];
    if (t.type < 0) {  // EOF closes every indented block
      close_indented(t.begin, 0);
      add(k, t.hidden);
      break;
    }
    if (t.hidden) {
      add(k, true);
      continue;
    }
    if (is(t.type, r.lparen) || is(t.type, r.lbracket)) {
      regions.push_back(Region::kParens);
    } else if (is(t.type, r.comma)) {
      // Blocks opened inside the brackets (`f(x => y, z)`) end here.
      close_indented(t.begin, 0);
    } else if (is(t.type, r.rparen) || is(t.type, r.rbracket)) {
      close_indented(t.begin, 0);
      if (regions.back() == Region::kParens) regions.pop_back();
    } else if (is(t.type, r.lbrace)) {
      regions.push_back(Region::kBraces);
    } else if (is(t.type, r.rbrace)) {
      if (regions.back() == Region::kBraces) regions.pop_back();
    }
    if (!is(t.type, r.newline)) {
      add(k, false);
      continue;
    }
    // A line break: the blanks and the first token of the next line.
    size_t f = k + 1;
    const bool blanks = f < n && is(raw[f].type, r.blank);
    const size_t blank_index = f;
    if (blanks) ++f;
    const int next = f < n ? raw[f].type : -1;
    const uint32_t next_at = f < n ? raw[f].begin : t.end;
    if (is(next, r.newline)) {  // a blank line
      add(k, true);
      if (blanks) add(blank_index, true);
      k = f - 1;
      continue;
    }
    const Region top = regions.back();
    uint32_t width = 0;
    if (next >= 0 && blanks) {
      const RawToken& b = raw[blank_index];
      width = IndentWidth(text.substr(b.begin, b.end - b.begin));
    }
    const bool dot = is(next, r.dot);
    const uint32_t current = widths.back();
    const bool rparen_opens = is(last, r.rparen) && top != Region::kParens &&
                              top != Region::kBraces && !is(next, r.extends) &&
                              !is(next, r.with);
    const bool opens =
        width > current && !dot &&
        (r.Has(last, RegionTokens::kOpensIndentation) || rparen_opens);
    auto separates = [&] {
      return !dot && r.Has(last, RegionTokens::kEndsStatement) &&
             r.Has(next, RegionTokens::kStartsStatement) &&
             !r.Has(next, RegionTokens::kContinues);
    };
    bool counts = false;
    if (width < current || opens || top == Region::kParens) {
      counts = false;
    } else if (top == Region::kBraces) {
      counts = separates();
    } else if (width == current) {
      counts = next >= 0 && !is(next, r.rbrace) && separates();
    }
    add(k, !counts);
    if (blanks) add(blank_index, true);
    if (width < current) {
      close_indented(next_at, width);
      if (regions.back() != Region::kParens && next >= 0 &&
          !is(next, r.rbrace) && separates()) {
        make(r.newline, next_at);
      }
    } else if (opens) {
      regions.push_back(Region::kIndented);
      widths.push_back(width);
      make(r.indent, next_at);
    }
    k = f - 1;
  }
}

}  // namespace grammut
