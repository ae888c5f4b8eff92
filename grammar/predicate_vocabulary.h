// predicate_vocabulary.h: what grammut knows of semantic predicates.
//
// ANTLR grammars call into hand-written base classes from their predicates
// (`{this.lineTerminatorAhead()}?`, `{this.n("get")}?`). grammut cannot run
// that code; instead it recognises the predicate's text and evaluates its
// own implementation of the same meaning. The vocabulary holds those
// meanings, keyed by the normalized text (NormalizePredicateText) of the
// calls the grammars-v4 base classes make. Texts it does not know are
// treated as true, as ANTLR's interpreter does.
//
// Every meaning is a function of a PredicateView: the tokens around the
// place the predicate stands and the lexer's state. The parser fills one
// from its token stream, the generator from what it has written so far.
//
// Example:
//   std::optional<PredicateMeaning> m =
//       LookUpPredicate(NormalizePredicateText("{this.notLineTerminator()}?"));
//   if (m) { bool ok = EvaluatePredicate(*m, view); }
#ifndef GRAMMUT_GRAMMAR_PREDICATE_VOCABULARY_H_
#define GRAMMUT_GRAMMAR_PREDICATE_VOCABULARY_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"

namespace grammut {

// The meanings grammut implements.
enum class PredicateEntry : uint8_t {
  kTrue,                 // always holds (base-class stubs returning true)
  kFalse,                // never holds
  kLineTerminatorAhead,  // a line break between the previous and next token
  kNextTextIs,           // the next token's text is one of `texts`
  kPrevTextIs,           // the previous token's text is one of `texts`
  kRegexPossible,        // lexer: a `/` here starts a regular expression
  kStrictMode,           // a flag, false (grammut never sets it)
  kStartOfInput,         // lexer: the token starts the input
  kInTemplateString,     // lexer: inside `${...}` with no `{` left open
  kNextCharIs,           // lexer: the next character is one of `texts`
                         // (`_input.LA(1) == '/'`); holds where unknown
  kColumnZero,           // lexer: the token starts a line (column 0)
  // Rust's (RustLexerBase):
  kFloatLiteralPossible,  // lexer: no float after `.` after an operand
                          // (`t.0.1` is a tuple field's field)
  kFloatDotPossible,      // lexer: a float may end in `.`: the next
                          // character is no `.`, `_` or letter (`f32` and
                          // `f64` excepted); holds where unknown
  kInVerbatimString,      // lexer: in an interpolated verbatim string
                          // (C#'s base class, `@$"..."`; known_lexer_bases.h)
  kCounterCompare,        // lexer: a counter the lexer's own actions keep
                          // (`{depth++;}`, lexer_actions.h) compared with a
                          // number (`{depth > 0}?`); holds where unknown
};

// A predicate's meaning: an entry, maybe negated, with its arguments.
struct PredicateMeaning {
  PredicateEntry entry = PredicateEntry::kTrue;
  bool negate = false;
  std::vector<std::string> texts;  // kNextTextIs / kPrevTextIs; the
                                   // counter of kCounterCompare
  std::string name;                // the vocabulary entry, as doctor shows it
  // kCounterCompare: the comparison (`<`, `<=`, `>`, `>=`, `==`, `!=`) and
  // the number on its right.
  std::string compare;
  int64_t value = 0;
};

// Values of the counters a lexer's actions keep, by normalized name
// (counters never changed are 0).
using LexerCounters = absl::flat_hash_map<std::string, int64_t>;

// What a predicate can look at, where it is evaluated.
struct PredicateView {
  bool has_prev = false;  // a significant token comes before
  std::string prev_text;
  bool prev_is_name = false;  // its type is no literal (names, numbers...)
  bool has_prev2 = false;     // a significant token comes before that
  std::string prev2_text;
  bool prev2_is_name = false;
  bool has_next = false;  // a token comes after (EOF counts, text "")
  std::string next_text;
  bool line_break_between = false;  // hidden text between them breaks a line
  bool at_start = false;            // lexer: nothing before the token
  bool at_line_start = false;       // lexer: the token starts a line
  bool in_template = false;         // lexer: see kInTemplateString
  bool in_verbatim = false;         // lexer: see kInVerbatimString
  // Lexer: the code point after the text matched so far (-1 at the end),
  // or kUnknownChar where the view has no characters (generation).
  int32_t next_char = kUnknownChar;
  int32_t next_char2 = kUnknownChar;  // the two after it (-1: the end)
  int32_t next_char3 = kUnknownChar;
  static constexpr int32_t kUnknownChar = -2;
  // Lexer: the counters (kCounterCompare); null where unknown.
  const LexerCounters* counters = nullptr;
};

// NormalizePredicateText turns a predicate as written (`{this.n("get")}?`,
// `{ self.notLineTerminator() }?`) into its key: braces, `?`, a trailing
// `;`, `this.`/`self.`/`p.`/`$` receivers and spaces outside string
// literals go, letters outside literals are lower-cased and single quotes
// become double quotes: `n("get")`, `notlineterminator()`. A leading `!`
// stays (LookUpPredicate negates).
std::string NormalizePredicateText(absl::string_view text);

// LookUpPredicate returns the built-in meaning of a normalized predicate
// text, or nullopt if grammut does not know it. Also used for the right
// side of user mappings (predicate_mappings.h), which may use the generic
// entries `next("a","b")`, `prev("a")`, `true` and `false`.
std::optional<PredicateMeaning> LookUpPredicate(absl::string_view normalized);

// EvaluatePredicate says whether `meaning` holds at `view`.
bool EvaluatePredicate(const PredicateMeaning& meaning,
                       const PredicateView& view);

// True if `meaning` reads the token two back (PredicateView::prev2_*),
// which a caller building a view must then find (Rust's float check).
bool ReadsTokenTwoBack(const PredicateMeaning& meaning);

// True if `meaning` is a counter comparison that does not hold at the
// start of the input, all counters 0 (`{listDepth > 0}?`).
bool CounterFalseAtStart(const PredicateMeaning& meaning);

// The vocabulary's entry names, for messages ("known entries: ...").
std::vector<std::string> PredicateEntryNames();

// True if `text` contains a line break (\n, \r, U+2028, U+2029).
bool HasLineBreak(absl::string_view text);

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_PREDICATE_VOCABULARY_H_
