// region_layout.h: Scala 3's significant indentation, as grammars-v4's
// Scala 3 lexer base class makes its INDENT, DEDENT and NEWLINE tokens.
//
// grammars-v4's Scala 3 grammar declares `tokens { INDENT, DEDENT }`, makes
// every line break a NEWLINE token, and leaves to its lexer base class
// (modelled on the Scala 3 compiler's scanner) which of them the parser
// sees. The base class keeps a stack of regions: the top level, indented
// blocks, `{...}` and `(...)`/`[...]`. At a line break followed by a line
// with a token on it (blank lines do not count):
//   - a deeper line after a token that can start an indented block (`:`,
//     `=`, `=>`, `then`, `else`, `do`, `match`, `with`, `yield`, ..., or
//     `)` outside brackets) opens one: an INDENT;
//   - a shallower line closes the indented blocks deeper than it (a DEDENT
//     each), then the line break counts as a NEWLINE if a statement can end
//     before it and start after it;
//   - a line at the same depth counts as a NEWLINE under the same condition
//     (and never inside `(...)`);
//   - a line that starts with `.` continues the expression.
// `,`, `)` and `]` close the indented blocks opened inside their brackets,
// and the end of the input closes every block. Line breaks that do not
// count go to the hidden channel. grammut recognises the grammar by its
// token names (INDENT and DEDENT made by code, a NEWLINE lexer rule, and
// Scala 3's keywords THEN, MATCH, YIELD and GIVEN) and does the same.
//
// Example:
//   std::optional<RegionTokens> r = DetectRegionLayout(grammar);
//   if (r) LayOutRegions(*r, text, raw, &out);
#ifndef GRAMMUT_GRAMMAR_REGION_LAYOUT_H_
#define GRAMMUT_GRAMMAR_REGION_LAYOUT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/types/span.h"

namespace grammut {

class Grammar;
struct RawToken;
struct LaidOutToken;

// The token types the layout looks at (-1: the grammar has none).
struct RegionTokens {
  int indent = -1, dedent = -1, newline = -1, blank = -1;
  int lparen = -1, rparen = -1, lbracket = -1, rbracket = -1;
  int lbrace = -1, rbrace = -1, comma = -1, dot = -1;
  int extends = -1, with = -1;
  // Per token type, what it can do (Scala 3's token classes).
  enum Flag : uint8_t {
    kEndsStatement = 1,     // a statement can end with it
    kStartsStatement = 2,   // a statement can start with it
    kContinues = 4,         // it continues the statement before a break
    kOpensIndentation = 8,  // an indented block can follow it
  };
  std::vector<uint8_t> flags;
  bool Has(int type, Flag f) const {
    return type >= 0 && static_cast<size_t>(type) < flags.size() &&
           (flags[type] & f) != 0;
  }
};

// DetectRegionLayout finds the Scala 3 shape in `grammar` (see above).
std::optional<RegionTokens> DetectRegionLayout(const Grammar& grammar);

// LayOutRegions writes to `out` the token stream the parser sees for the
// raw tokens `raw` (EOF last) of `text`, as LayOutTokens (indentation.h)
// does for Python: raw tokens with a NEWLINE hidden where it does not
// count, and INDENT, DEDENT and NEWLINE tokens made where the layout puts
// them.
void LayOutRegions(const RegionTokens& r, std::u32string_view text,
                   absl::Span<const RawToken> raw,
                   std::vector<LaidOutToken>* out);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_REGION_LAYOUT_H_
