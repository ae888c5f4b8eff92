/*
 * JavaScriptLexer.g4 -- tokens of ECMAScript 5.1 (the ES5.1 profile
 * described in README.md), for use with JavaScriptParser.g4.  Modern
 * JavaScript (ES2022) is antlr_grammars/ecmascript/.
 *
 * Written for the grammut project from the ECMAScript Language
 * Specification, 5.1 edition: chapter 7 (Lexical Conventions) and 15.10.1
 * (regular expression patterns).  Interpreter-friendly: no actions, no
 * predicates, only lexer commands.  Where ES5 engines read less than the
 * specification allows, the lexer follows them (MuJS 1.3): white space is
 * TAB, VT, FF, SP, NBSP and BOM (not the other Unicode Zs characters), and
 * identifiers hold the letters of the blocks listed below and ASCII digits.
 *
 * Regular expression literals vs. division: the lexer cannot see what
 * precedes a '/', so it decides by what follows.  A '/' starts a regular
 * expression literal only if the text up to the next unescaped '/' on the
 * same line is a well-formed pattern (ES5.1 15.10.1, checked here by the
 * RE_ fragments) that does not begin with white space, '*', '/' or '=',
 * followed by valid flags.  Otherwise '/' is the division operator.  So
 * "a / b / c" and "x /= 2" are divisions; "a/b/c" on one line is lexed as
 * a, the regex /b/, c and does not parse (write divisions with a space
 * after the '/').  The same rule makes generated code safe: a '/' operator
 * is always followed by a space when the next token could extend it.
 *
 * Tokens that JavaScript requires to be separated are made to look joined
 * to the lexer as well: a numeric literal directly followed by an
 * identifier character ("3in", "1.toString") and a regular expression
 * followed by characters that are not flags lex as BAD_NUMBER / BAD_REGEX,
 * which no parser rule accepts, exactly as JavaScript rejects them.
 */
lexer grammar JavaScriptLexer;

// ===========================================================================
// DEFAULT_MODE
// ===========================================================================

// ---------------------------------------------------------------- trivia

WS          : WS_FRAG -> channel(HIDDEN) ;
BLOCK_COMMENT : BLOCK_COMMENT_FRAG -> channel(HIDDEN) ;
LINE_COMMENT  : LINE_COMMENT_FRAG -> channel(HIDDEN) ;

// ---------------------------------------------------------------- keywords
// ES5.1 7.6.1: keywords, the literals null, true and false, and the future
// reserved words of all code (class const enum export extends import
// super), none of them a name.  The words reserved only in strict code
// (implements interface let package private protected public static
// yield) are names in ES5.1 non-strict code, as MuJS reads them.

BREAK       : 'break' ;
CASE        : 'case' ;
CATCH       : 'catch' ;
CONTINUE    : 'continue' ;
DEBUGGER    : 'debugger' ;
DEFAULT     : 'default' ;
DELETE      : 'delete' ;
DO          : 'do' ;
ELSE        : 'else' ;
FALSE       : 'false' ;
FINALLY     : 'finally' ;
FOR         : 'for' ;
FUNCTION    : 'function' ;
IF          : 'if' ;
IN          : 'in' ;
INSTANCEOF  : 'instanceof' ;
NEW         : 'new' ;
NULL        : 'null' ;
RETURN      : 'return' ;
SWITCH      : 'switch' ;
THIS        : 'this' ;
THROW       : 'throw' ;
TRUE        : 'true' ;
TRY         : 'try' ;
TYPEOF      : 'typeof' ;
VAR         : 'var' ;
VOID        : 'void' ;
WHILE       : 'while' ;
WITH        : 'with' ;
// Future reserved words: property names only (o.class, {const: 1}).
CLASS       : 'class' ;
CONST       : 'const' ;
ENUM        : 'enum' ;
EXPORT      : 'export' ;
EXTENDS     : 'extends' ;
IMPORT      : 'import' ;
SUPER       : 'super' ;
// Accessors in object literals ({get x() {...}}); also names (see
// `identifier`).
GET         : 'get' ;
SET         : 'set' ;

// ---------------------------------------------------------------- punctuators

LBRACE      : '{' ;
RBRACE      : '}' ;
LPAREN      : '(' ;
RPAREN      : ')' ;
LBRACKET    : '[' ;
RBRACKET    : ']' ;
DOT         : '.' ;
SEMI        : ';' ;
COMMA       : ',' ;
LT          : '<' ;
GT          : '>' ;
LE          : '<=' ;
GE          : '>=' ;
EQ          : '==' ;
NE          : '!=' ;
SEQ         : '===' ;
SNE         : '!==' ;
PLUS        : '+' ;
MINUS       : '-' ;
STAR        : '*' ;
SLASH       : '/' ;
PERCENT     : '%' ;
INC         : '++' ;
DEC         : '--' ;
SHL         : '<<' ;
SAR         : '>>' ;
SHR         : '>>>' ;
AMP         : '&' ;
PIPE        : '|' ;
CARET       : '^' ;
BANG        : '!' ;
TILDE       : '~' ;
AND         : '&&' ;
OR          : '||' ;
QUESTION    : '?' ;
COLON       : ':' ;
ASSIGN      : '=' ;
PLUS_ASSIGN : '+=' ;
MINUS_ASSIGN : '-=' ;
STAR_ASSIGN : '*=' ;
SLASH_ASSIGN : '/=' ;
PERCENT_ASSIGN : '%=' ;
SHL_ASSIGN  : '<<=' ;
SAR_ASSIGN  : '>>=' ;
SHR_ASSIGN  : '>>>=' ;
AMP_ASSIGN  : '&=' ;
PIPE_ASSIGN : '|=' ;
CARET_ASSIGN : '^=' ;

// ---------------------------------------------------------------- literals

NUMBER      : NUMBER_FRAG ;
STRING      : STRING_FRAG ;
REGEX       : REGEX_FRAG ;
IDENTIFIER  : IDENTIFIER_FRAG ;

// Never used by the parser: see the header.
BAD_NUMBER  : NUMBER_FRAG ID_PART+ ;
BAD_REGEX   : '/' RE_BODY '/' ID_PART+ ;

// ===========================================================================
// Fragments
// ===========================================================================

// ---------------------------------------------------------------- white space and comments
// ES5.1 7.2 WhiteSpace and 7.3 LineTerminator (LF CR LS PS).  White
// space is TAB VT FF SP NBSP BOM: ES5.1 adds the other Unicode Zs
// characters (U+1680, U+2000-U+200A, ...), which MuJS does not read.

fragment WS_FRAG
    : [\t\u000B\f \u00A0\uFEFF\n\r\u2028\u2029]+
    ;

fragment BLOCK_COMMENT_FRAG
    : '/*' .*? '*/'
    ;

fragment LINE_COMMENT_FRAG
    : '//' ~[\n\r\u2028\u2029]*
    ;

fragment LINE_TERMINATOR_SEQUENCE
    : '\r\n' | [\n\r\u2028\u2029]
    ;

// ---------------------------------------------------------------- identifiers
// ES5.1 7.6: IdentifierStart is $, _ or a Unicode letter; IdentifierPart adds
// digits, combining marks, connector punctuation, ZWNJ and ZWJ.  Here, as
// MuJS reads them: letters of the Latin, Greek, Cyrillic, Hebrew, Arabic,
// Devanagari, Hiragana and Katakana blocks listed below (not the CJK
// ideographs or Hangul syllables, of which MuJS knows only the first and
// last), and the ASCII digits; no combining marks, other digits, ZWNJ,
// ZWJ or connector punctuation.  A \uXXXX escape may stand for a letter,
// '$', '_' or (not first) a digit of ASCII (\u0061bc is abc); escapes of
// other characters are left out (MuJS accepts those that are letters).

fragment IDENTIFIER_FRAG
    : ID_START ID_PART*
    ;

fragment ID_START
    : [a-zA-Z$_]
    | '\\u00' ID_ESCAPED_START
    | [\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1]
    | [\u0391-\u03A1\u03A3-\u03F5\u0400-\u0481\u048A-\u052F]
    | [\u05D0-\u05EA\u0620-\u064A\u0904-\u0939]
    | [\u3041-\u3096\u30A1-\u30FA]
    ;

fragment ID_PART
    : ID_START
    | [0-9]
    | '\\u003' [0-9]
    ;

// The last two hex digits of \u0041-\u005A, \u0061-\u007A, \u0024 and
// \u005F.
fragment ID_ESCAPED_START
    : [46] [1-9a-fA-F]
    | [57] [0-9aA]
    | '5' [fF]
    | '24'
    ;

// ---------------------------------------------------------------- numbers
// ES5.1 7.8.3: decimal and hexadecimal.  Legacy octal (017) is left out
// (Annex B; MuJS: "number with leading zero"); "0" followed by digits
// lexes as BAD_NUMBER.

fragment NUMBER_FRAG
    : DECIMAL_INTEGER ('.' DECIMAL_DIGIT*)? EXPONENT_PART?
    | '.' DECIMAL_DIGIT+ EXPONENT_PART?
    | '0' [xX] HEX_DIGIT+
    ;

fragment DECIMAL_INTEGER
    : '0'
    | [1-9] DECIMAL_DIGIT*
    ;

fragment DECIMAL_DIGIT : [0-9] ;
fragment HEX_DIGIT     : [0-9a-fA-F] ;
fragment EXPONENT_PART : [eE] [+-]? DECIMAL_DIGIT+ ;

// ---------------------------------------------------------------- strings
// ES5.1 7.8.4.  Legacy octal escapes (\1 .. \7, Annex B) are left out; no
// line terminator (LF CR LS PS) may appear unescaped.

fragment STRING_FRAG
    : '"' (~["\\\n\r\u2028\u2029] | '\\' ESCAPE_SEQUENCE)* '"'
    | '\'' (~['\\\n\r\u2028\u2029] | '\\' ESCAPE_SEQUENCE)* '\''
    ;

// What follows a backslash: a single-character or non-escape character,
// \0, \xHH, \uHHHH, or a line continuation.
fragment ESCAPE_SEQUENCE
    : ~[0-9xu\n\r\u2028\u2029]
    | '0'
    | 'x' HEX_DIGIT HEX_DIGIT
    | 'u' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT
    | LINE_TERMINATOR_SEQUENCE
    ;

// ---------------------------------------------------------------- regular expressions
// ES5.1 7.8.5 (the literal) and 15.10.1 (the pattern).  The body must be a
// well-formed pattern; its first character may not be white space, '*',
// '/' or '=' (see the header).  Flags: g, i and m in any order, each at
// most once (ES5.1 15.10.4.1; y, u and s came later).

fragment REGEX_FRAG
    : '/' RE_BODY '/' RE_FLAGS?
    ;

fragment RE_BODY
    : RE_FIRST_TERM RE_TERM* ('|' RE_TERM*)*
    ;

fragment RE_FIRST_TERM
    : RE_ASSERTION
    | RE_FIRST_ATOM RE_QUANTIFIER?
    ;

fragment RE_TERM
    : RE_ASSERTION
    | RE_ATOM RE_QUANTIFIER?
    ;

fragment RE_DISJUNCTION
    : RE_TERM* ('|' RE_TERM*)*
    ;

fragment RE_ASSERTION
    : '^'
    | '$'
    | '\\b'
    | '\\B'
    | '(?=' RE_DISJUNCTION ')'
    | '(?!' RE_DISJUNCTION ')'
    ;

fragment RE_QUANTIFIER
    : ([*+?] | '{' DECIMAL_DIGIT+ (',' DECIMAL_DIGIT*)? '}') '?'?
    ;

fragment RE_FIRST_ATOM
    : RE_FIRST_PATTERN_CHAR
    | RE_ATOM_NOT_CHAR
    ;

fragment RE_ATOM
    : RE_PATTERN_CHAR
    | RE_ATOM_NOT_CHAR
    ;

fragment RE_ATOM_NOT_CHAR
    : '.'
    | '\\' RE_ATOM_ESCAPE
    | RE_CLASS
    | '(' ('?:')? RE_DISJUNCTION ')'
    ;

// SourceCharacter but not a SyntaxCharacter, '/' or a line terminator.
fragment RE_PATTERN_CHAR
    : ~[^$\\.*+?()[\]{}|/\n\r\u2028\u2029]
    ;

fragment RE_FIRST_PATTERN_CHAR
    : ~[^$\\.*+?()[\]{}|/\n\r\u2028\u2029 \t\u000B\f\u00A0\uFEFF=]
    ;

fragment RE_ATOM_ESCAPE
    : [1-9] DECIMAL_DIGIT?
    | '0'
    | [dDsSwW]
    | RE_CHARACTER_ESCAPE
    ;

fragment RE_CHARACTER_ESCAPE
    : [fnrtv]
    | 'c' [a-zA-Z]
    | 'x' HEX_DIGIT HEX_DIGIT
    | 'u' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT
    | RE_IDENTITY_ESCAPE
    ;

// Any character that is not a letter, digit, '_' or a line terminator
// ('\$', '\.', '\/', '\-', ...).
fragment RE_IDENTITY_ESCAPE
    : ~[a-zA-Z0-9_\n\r\u2028\u2029]
    ;

fragment RE_CLASS
    : '[' '^'? RE_CLASS_CHAR* ']'
    ;

fragment RE_CLASS_CHAR
    : ~[\]\\\n\r\u2028\u2029]
    | '\\' RE_CLASS_ESCAPE
    ;

fragment RE_CLASS_ESCAPE
    : 'b'
    | DECIMAL_DIGIT
    | [dDsSwW]
    | RE_CHARACTER_ESCAPE
    ;

fragment RE_FLAGS
    : 'g' | 'i' | 'm'
    | 'gi' | 'ig' | 'gm' | 'mg' | 'im' | 'mi'
    | 'gim' | 'gmi' | 'igm' | 'img' | 'mgi' | 'mig'
    ;
