// known_lexer_bases.h: what some grammars-v4 lexer base classes do beyond
// the actions the grammar shows, carried out for BoundedLexer.
//
// ANTLR's own grammar (base class LexerAdaptor) makes no token of the types
// its parser reads for names: the base class retypes every ID as a
// TOKEN_REF or RULE_REF by its first letter, and follows whether the lexer
// is in a lexer rule, where `[` opens a character set rather than an
// argument; the ANTLR 2 and 3 grammars' LexerAdaptor also ends nested
// actions and reads an options block's `{` as LBRACE. PHP's (PhpLexerBase)
// leaves PHP code at `?>`, which stands for a `;` where none ends the statement
// already, and enters a script or style body after `<script ...>` or `<style
// ...>`. C#'s (CSharpLexerBase) follows interpolated strings: which are
// verbatim, and where a `:` in `{...}` starts the format. Which base a grammar
// has is told by its known actions (lexer_actions.h), so a grammar without them
// is untouched; the token and mode names are looked up in the grammar.
//
//   KnownLexerBase base(grammar, LexerActionKinds(grammar.semantics()));
//   if (base.Action(kind, lexer)) ...   // from Lexer::action
//   base.BeforeEmit(lexer);             // from Lexer::emit()
//   base.AfterToken(lexer, token);      // from Lexer::nextToken
#ifndef GRAMMUT_GRAMMAR_ANTLR_KNOWN_LEXER_BASES_H_
#define GRAMMUT_GRAMMAR_ANTLR_KNOWN_LEXER_BASES_H_

#include <string>
#include <vector>

#include "Lexer.h"
#include "Token.h"
#include "grammar/grammar.h"
#include "grammar/lexer_actions.h"

namespace grammut {
namespace parser_internal {

class KnownLexerBase {
 public:
  // `actions`: the grammar's lexer actions by ANTLR's index.
  KnownLexerBase(const Grammar& grammar,
                 const std::vector<LexerActionKind>& actions);

  // Forgets what the last input left (a new input).
  void Reset();

  // Carries out a base-class action on `lexer`; false if `kind` is none.
  bool Action(LexerActionKind kind, antlr4::Lexer* lexer);

  // Called before `lexer` makes a token of lexer->type: ANTLR's retyping.
  void BeforeEmit(antlr4::Lexer* lexer);

  // Called with each token `lexer` made: PHP's `?>`.
  void AfterToken(antlr4::Lexer* lexer, antlr4::Token* token);

  // C#: true inside an interpolated verbatim string (`$@"..."`).
  bool InVerbatim() const { return !verbatim_.empty() && verbatim_.back(); }

 private:
  enum class Base { kNone, kAntlr, kPhp };
  int Type(const char* name) const;
  int Mode(const char* name) const;
  static void PopMode(antlr4::Lexer* lexer);

  const Grammar& grammar_;
  Base base_ = Base::kNone;
  // ANTLR: the kind of rule being read (a type, or kPrequel/kOptions;
  // 0: outside rules).
  int rule_kind_ = 0;
  // PHP: what the base class remembers.
  bool script_tag_ = false;
  bool style_tag_ = false;
  bool php_script_ = false;
  bool inside_string_ = false;
  int prev_type_ = 0;
  std::string html_name_;
  // C#: per open interpolated string, whether it is verbatim; the mode
  // of a `{...}`'s format.
  std::vector<bool> verbatim_;
  int format_mode_ = -1;
  // Token types, modes and the skip channel, by name (-1: absent).
  int id_ = -1, token_ref_ = -1, rule_ref_ = -1, options_ = -1, tokens_ = -1,
      channels_ = -1, rbrace_ = -1, at_ = -1, semi_ = -1, action_ = -1,
      end_action_ = -1, argument_content_ = -1, action_content_ = -1,
      lbrace_ = -1;
  int argument_mode_ = -1, char_set_mode_ = -1, action_mode_ = -1;
  int php_end_ = -1, php_end_comment_ = -1, semicolon_ = -1, colon_ = -1,
      open_curly_ = -1, close_curly_ = -1, script_close_ = -1,
      html_name_type_ = -1, html_dq_string_ = -1;
  int php_mode_ = -1, comment_mode_ = -1, script_mode_ = -1, style_mode_ = -1;
  size_t skip_channel_ = antlr4::Token::HIDDEN_CHANNEL;
};

}  // namespace parser_internal
}  // namespace grammut

#endif  // GRAMMUT_GRAMMAR_ANTLR_KNOWN_LEXER_BASES_H_
