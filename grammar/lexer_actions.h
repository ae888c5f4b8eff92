// lexer_actions.h: the lexer actions of grammars-v4's base classes that
// grammut carries out itself.
//
// ANTLR's interpreters run no action code, and a lexer rule whose action
// splits its token (grammars-v4's MySQL `DOT_IDENTIFIER` makes `.` and a
// name with `{this.emitDot();}`) or reads on (grammars-v4's Lua `COMMENT: '--'
// {this.HandleComment();}`, which takes a long bracket or the rest of the line)
// then makes a token of its literal part alone: the comment's words become
// tokens and the input fails to parse. Like the predicates
// (predicate_vocabulary.h), the actions are known by their normalized text; the
// lexer (BoundedLexer) carries out the known ones when ANTLR runs them, by
// ANTLR's index: the order of the custom actions of the lexer rules in the
// source.
//
//   std::vector<LexerActionKind> kinds = LexerActionKinds(grammar.semantics());
//   if (kinds[action_index] == LexerActionKind::kLuaComment) ...
#ifndef GRAMMUT_GRAMMAR_LEXER_ACTIONS_H_
#define GRAMMUT_GRAMMAR_LEXER_ACTIONS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "grammar/g4_semantics.h"

namespace grammut {

// What a known lexer action does.
enum class LexerActionKind {
  kUnknown,  // not run
  // A lexer command spelt with a capital (`-> Channel(X)`), which ANTLR's
  // tool turns into a custom action whose generated code does what the
  // command does; its argument is LexerActionArguments':
  kChannelCommand,   // Channel(X): the token goes to channel X
  kSkipCommand,      // Skip
  kMoreCommand,      // More
  kTypeCommand,      // Type(X): the token's type is X
  kModeCommand,      // Mode(X)
  kPushModeCommand,  // PushMode(X)
  kPopModeCommand,   // PopMode
  kLuaComment,       // after `--`: a long bracket `[==[ ... ]==]`, else the
                     // rest of the line (Lua 5.4 manual, 3.1)
  kEmitDot,  // MySQL's `emitDot()`: a `.name` token is two, a DOT_SYMBOL
             // `.` and the name after it
  // ANTLR's own grammar (its base class LexerAdaptor; known_lexer_bases.h):
  kBeginArgument,  // `handleBeginArgument()`: `[` opens a character set in
                   // a lexer rule, else an argument
  kEndArgument,    // `handleEndArgument()`: `]` ends the argument (inside
                   // a nested one it is argument content)
  // The ANTLR 2 and 3 grammars' LexerAdaptor, beside those two:
  kEndAction,      // `handleEndAction()`: `}` ends the action (inside a
                   // nested one it is action content)
  kOptionsLBrace,  // `handleOptionsLBrace()`: `{` after `options` is LBRACE
  // PHP's (PhpLexerBase; known_lexer_bases.h):
  kScriptTag,     // `_scriptTag = true`: `<script` opened a tag
  kStyleTag,      // `_styleTag = true`: `<style` opened a tag
  kHtmlClose,     // `PushModeOnHtmlClose()`: `>` ends a tag, and a script
                  // or style tag's body follows
  kInsideString,  // `SetInsideString()`: `{$` opens code in a string
  kCurlyClose,    // `PopModeOnCurlyBracketClose()`: `}` closes it
  // A closing bracket's action that pops the lexer mode (Swift's inline
  // `if (...) popMode();` on `)`): the bracket that closes the one which
  // entered the mode (`\(` in a string) pops it; brackets opened after
  // it are counted and close first (BoundedLexer).
  kPopModeWhenClosed,
  // The same, and the bracket is skipped (C#'s `OnCloseBrace()`).
  kSkipAndPopModeWhenClosed,
  // C#'s (CSharpLexerBase; known_lexer_bases.h):
  kRegularInterpolationStart,   // `OnInterpolatedRegularStringStart()`
  kVerbatimInterpolationStart,  // `OnInterpolatedVerbatiumStringStart()`
  kInterpolationQuote,          // `OnDoubleQuoteInside()`: the string ends
  kInterpolationColon,          // `OnColon()`: a `:` inside `{...}` of an
                                // interpolated string starts its format, unless
                                // a `:` or `)` comes before the `}`
  // A counter the lexer keeps for its predicates (`{listDepth++;}`,
  // `{depth -= 1;}`, `{depth = 0;}`; predicate_vocabulary.h's
  // kCounterCompare reads it): LexerCounterChanges says how.
  kCounterChange,
};

// The largest step of a counter change (`n += 1073741824`); a larger one
// is no counter's, and over any input within the parse limits a counter
// stays far from overflowing.
constexpr int64_t kMaxCounterStep = int64_t{1} << 30;

// What a kCounterChange action does to its counter.
struct CounterChange {
  std::string counter;  // normalized name; empty: the action is no such
  bool set = false;     // `counter = amount`, else `counter += amount`
  int64_t amount = 0;
};

// ParseCounterChange reads a normalized action text (`listdepth++`,
// `++n`, `n-=2`, `n=n+1`, `n=0`; one statement), or returns nullopt.
std::optional<CounterChange> ParseCounterChange(absl::string_view normalized);

// The kind of the lexer action with the normalized text (as
// NormalizePredicateText makes it: `handlecomment()`), or kUnknown.
LexerActionKind LookUpLexerAction(absl::string_view normalized);

// A readable name for a kind ("HandleComment(): Lua comment").
std::string LexerActionName(LexerActionKind kind);

// The kinds of the custom actions of the lexer rules (rules named with a
// capital) among `semantics` (a grammar's sources, in order), indexed as
// ANTLR numbers them.
std::vector<LexerActionKind> LexerActionKinds(
    const std::vector<G4Semantic>& semantics);

// The argument of each of those actions that is a command spelt with a
// capital (`X` of `Channel(X)`), else empty; indexed as LexerActionKinds.
std::vector<std::string> LexerActionArguments(
    const std::vector<G4Semantic>& semantics);

// What each of those actions that is a kCounterChange does (the others:
// an empty counter); indexed as LexerActionKinds.
std::vector<CounterChange> LexerCounterChanges(
    const std::vector<G4Semantic>& semantics);

// How many characters a Lua comment's rest takes after `--`, given the
// characters that follow (`at(k)`: the k-th, 0-based; -1 past the end):
// a long bracket to its matching close (or to the end), else up to the
// line break.
template <typename At>
int LuaCommentLength(At at) {
  int k = 0;
  if (at(0) == '[') {
    int level = 0;
    while (at(1 + level) == '=') ++level;
    if (at(1 + level) == '[') {
      k = 2 + level;
      for (;;) {
        const int c = at(k);
        if (c < 0) return k;
        ++k;
        if (c != ']') continue;
        int eq = 0;
        while (at(k + eq) == '=') ++eq;
        if (eq == level && at(k + eq) == ']') return k + eq + 1;
      }
    }
  }
  for (;;) {
    const int c = at(k);
    if (c < 0 || c == '\n' || c == '\r') return k;
    ++k;
  }
}

}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_LEXER_ACTIONS_H_
