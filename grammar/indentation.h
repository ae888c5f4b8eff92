// indentation.h: Python-style INDENT and DEDENT tokens, made from the text.
//
// grammars-v4's Python grammars declare `tokens { INDENT, DEDENT }` with no
// lexer rule and leave them to a hand-written lexer base class: after each
// logical line break it compares the next line's indentation with a stack
// of indentations and emits INDENT or DEDENTs, ignores line breaks inside
// brackets (actions such as `{this.openBrace();}` on `(`), and at the end of
// the input emits a last line break and the DEDENTs still open. grammut runs
// no actions; it recognises that shape and does the same itself.
//
// The shape (DetectIndentation): token types named INDENT and DEDENT that
// no lexer rule makes and the parser matches. The logical line break is the
// token the parser matches right before INDENT (`NEWLINE INDENT stmt+
// DEDENT`: NEWLINE in python3, LINE_BREAK in python/python). If a lexer rule
// makes it, that rule's tokens are kept only where they end a logical line
// (the others go to the hidden channel); if none does, grammut makes it.
// Brackets are the tokens of lexer rules whose actions count up (the
// action's text holds `open`, `inc`, `++` or `+=`) or down (`close`, `dec`,
// `--`, `-=`); without such actions, the tokens whose one text is `(`,
// `[`, `{` and `)`, `]`, `}`. A token named ENDMARKER made by no lexer rule
// is made at the end of the input (python2). A grammar without the shape
// has an inactive scheme and nothing changes for it.
//
// Lexing (LayOutTokens), as Python's reference does (language reference
// 2.1.5-2.1.8): a line break outside brackets, not joined to the next line
// by a backslash, after a line with a token on it, ends a logical line;
// blank and comment-only lines do not count. The first token of each
// logical line is compared with the indentation stack (a tab advances to
// the next multiple of 8, a form feed resets): deeper pushes and makes one
// INDENT, shallower pops and makes a DEDENT per level (to a width no level
// has: Python's IndentationError; here, as in the base classes, the parse
// goes on). At the end of the input an unfinished logical line is ended and
// every open level closed.
//
// Writing (FixIndentation): INDENT, DEDENT and a made line break have no
// text. After generation or an edit, the text around each run of them is
// checked against what the lexer would make of it; where it disagrees, the
// run gets a line break and the next token the indentation of its level
// (one level deeper: the indentation step the tree uses, else 4 spaces).
// Agreeing also means the blanks of the levels order the same with tabs of
// size 8 and 1, as CPython requires (else a TabError). Text that agrees is
// kept as it is; a parse never runs the fix, so a parsed input serializes
// to its own bytes.
//
// Example:
//   const IndentationScheme& s = grammar.indentation();
//   if (s.active()) FixIndentation(s, &tree);
#ifndef GRAMMUT_GRAMMAR_INDENTATION_H_
#define GRAMMUT_GRAMMAR_INDENTATION_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "grammar/g4_semantics.h"
#include "grammar/region_layout.h"
#include "tree/tree.h"

namespace grammut {

class Grammar;

// How a grammar's indentation tokens are made (see the file comment).
struct IndentationScheme {
  int indent = -1;  // token types; -1: the grammar has no such shape
  int dedent = -1;
  int newline = -1;  // the logical line break
  // A token named ENDMARKER made by no lexer rule (Python's tokenizer ends
  // every input with one; grammars-v4's python2 end file_input with it):
  // made at the end of the input, before EOF. -1: none.
  int end_marker = -1;
  bool newline_has_rule = false;       // a lexer rule makes `newline`
  std::vector<int8_t> bracket;         // per token type: +1 opens, -1 closes
  bool brackets_from_actions = false;  // else from the bracket literals
  // Lexer rules whose actions the scheme stands in for (doctor).
  std::vector<std::string> handled_rules;
  // Scala 3's regions (region_layout.h) instead of Python's layout, for
  // parsing; generation and edits write the layout as for Python.
  std::optional<RegionTokens> regions;

  // True if the grammar has the shape.
  bool active() const { return indent > 0; }
  // True if `type` is INDENT, DEDENT, the logical line break or ENDMARKER.
  bool IsLayout(int type) const {
    return active() && (type == indent || type == dedent || type == newline ||
                        type == end_marker);
  }
  // True if grammut writes `type` with no text of its own: INDENT, DEDENT,
  // ENDMARKER, and the line break when no lexer rule makes it.
  bool Textless(int type) const {
    return active() &&
           (type == indent || type == dedent || type == end_marker ||
            (type == newline && !newline_has_rule));
  }
  // +1 if `type` opens a bracket, -1 if it closes one, else 0.
  int Bracket(int type) const {
    return type > 0 && static_cast<size_t>(type) < bracket.size()
               ? bracket[type]
               : 0;
  }
  // True if the actions of lexer rule `rule` are what the scheme does.
  bool Handles(absl::string_view rule) const;
};

// The width of indentation `blanks`: a tab to the next multiple of
// `tab_size`, a form feed back to 0, any other character 1.
template <typename Text>
uint32_t IndentWidth(const Text& blanks, uint32_t tab_size = 8) {
  uint32_t w = 0;
  for (auto c : blanks) {
    if (c == '\t') {
      w = (w / tab_size + 1) * tab_size;
    } else if (c == '\f') {
      w = 0;
    } else {
      ++w;
    }
  }
  return w;
}

// DetectIndentation looks for the shape in `grammar`, with the actions of
// its .g4 `source` (may be empty: brackets are then the literals).
IndentationScheme DetectIndentation(const Grammar& grammar,
                                    absl::Span<const G4Semantic> source);

// Describe says in one sentence how `scheme`'s tokens are made, naming
// them with `grammar`'s names (doctor).
std::string DescribeIndentation(const IndentationScheme& scheme,
                                const Grammar& grammar);

// One token the lexer made, for LayOutTokens: its type (-1: EOF), whether
// it is on a hidden channel, and its code points [begin, end).
struct RawToken {
  int type = 0;
  bool hidden = false;
  uint32_t begin = 0;
  uint32_t end = 0;
};

// What LayOutTokens makes: raw token `raw` (>= 0; `hidden` says where it
// goes now), or (`raw` < 0) a new token of `type` with no text at code
// point `at`.
struct LaidOutToken {
  int32_t raw = -1;
  int type = 0;
  bool hidden = false;
  uint32_t at = 0;
};

// LayOutTokens writes to `out` the token stream the parser sees for the
// raw tokens `raw` (EOF last) of `text`: the raw tokens in order, a line
// break made by a lexer rule hidden where it ends no logical line, and the
// logical line breaks, INDENTs and DEDENTs made from the layout (and
// the ENDMARKER before EOF). `scheme`
// must be active.
void LayOutTokens(const IndentationScheme& scheme, std::u32string_view text,
                  absl::Span<const RawToken> raw,
                  std::vector<LaidOutToken>* out);

// FixIndentation gives the layout around `tree`'s INDENT, DEDENT and line
// break tokens a line break and the indentation of their level wherever the
// lexer would read it otherwise, and takes line breaks out of the text
// between two tokens of one logical line (outside brackets). Returns true
// if it changed the tree. Linear in the tree; copies it only when changed.
bool FixIndentation(const IndentationScheme& scheme, Tree* tree);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_INDENTATION_H_
