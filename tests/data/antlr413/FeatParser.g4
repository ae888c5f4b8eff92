// Parser of the Feat grammar: loops, options, a left-recursive rule with
// precedence levels and a token from a lexer mode.
parser grammar FeatParser;

options { tokenVocab = FeatLexer; }

script    : statement+ EOF ;
statement : SELECT columns FROM ID (WHERE expr)? SEMI ;
columns   : STAR | expr (COMMA expr)* ;
expr      : expr (STAR | SLASH) expr
          | expr (PLUS | MINUS) expr
          | expr EQ expr
          | NOT expr
          | expr AND expr
          | expr OR expr
          | LPAREN expr RPAREN
          | ID | NUMBER | string | EMOJI | ROCKET ;
string    : QUOTE STRING_TEXT? STRING_CLOSE ;
