/*
 * ECMAScriptLexer.g4 -- tokens of ECMAScript 2022 (ECMA-262, 13th edition),
 * for use with ECMAScriptParser.g4.
 *
 * Written for the grammut project from ECMA-262 2022, section 12 (ECMAScript
 * Language: Lexical Grammar) and 22.2.1 (regular expression patterns).
 * The keyword and punctuator tables are written once and copied into the
 * TEMPLATE_EXPR mode.
 *
 * Modes (12.8.6 Template Literal Lexical Components):
 *   DEFAULT_MODE   the program.
 *   TEMPLATE       the text of a template literal, after '`' or after the
 *                  '}' that closes a substitution.
 *   TEMPLATE_EXPR  inside a substitution '${ ... }'.  It has the same tokens
 *                  as DEFAULT_MODE (the TE_ rules give them the same types),
 *                  but '{' pushes and '}' pops, so the '}' that closes the
 *                  substitution returns to TEMPLATE however many braces the
 *                  expression holds.  DEFAULT_MODE itself never pops, so an
 *                  unbalanced '}' can never empty the mode stack.  (This
 *                  needs no predicate, unlike `{this.IsInTemplateString()}?`,
 *                  so the lexer also works where predicates are unknown.)
 *
 * Regular expression literals vs. division (12 "the InputElementRegExp goal
 * symbol"): a REGEX token is only possible where `{this.IsRegexPossible()}?`
 * holds, i.e. when the previous token ends no operand (a name, literal,
 * ')', ']', '++', '--', this, super...).  In addition the body may not begin
 * with white space or '=' (nor '*' or '/', as in the specification), so
 * that a '/' operator followed by a space is always division, also after a
 * '}' or a keyword used as a property name (`x.if / 2`), where the predicate
 * cannot tell.  The body must be a well-formed pattern (22.2.1, checked by
 * the RE_ fragments).
 *
 * Tokens that JavaScript requires to be separated are made to look joined
 * to the lexer as well: a numeric literal directly followed by an
 * identifier character ("3in", "1.5n") and a regular expression followed by
 * characters that are not flags lex as BAD_NUMBER / BAD_REGEX, which no
 * parser rule accepts, exactly as JavaScript rejects them.
 */
lexer grammar ECMAScriptLexer;

// ===========================================================================
// DEFAULT_MODE
// ===========================================================================

// ---------------------------------------------------------------- trivia
// 12.2 White Space, 12.3 Line Terminators, 12.4 Comments, 12.5 Hashbang
// Comments (only at the start of the input).

HASHBANG      : {this.atStartOfInput()}? '#!' ~[\n\r\u2028\u2029]* -> channel(HIDDEN) ;
WS            : WS_FRAG -> channel(HIDDEN) ;
BLOCK_COMMENT : BLOCK_COMMENT_FRAG -> channel(HIDDEN) ;
LINE_COMMENT  : LINE_COMMENT_FRAG -> channel(HIDDEN) ;

// ---------------------------------------------------------------- keywords
// 12.6.2 ReservedWord (without yield and await, listed below).

BREAK       : 'break' ;
CASE        : 'case' ;
CATCH       : 'catch' ;
CLASS       : 'class' ;
CONST       : 'const' ;
CONTINUE    : 'continue' ;
DEBUGGER    : 'debugger' ;
DEFAULT     : 'default' ;
DELETE      : 'delete' ;
DO          : 'do' ;
ELSE        : 'else' ;
ENUM        : 'enum' ;
EXPORT      : 'export' ;
EXTENDS     : 'extends' ;
FALSE       : 'false' ;
FINALLY     : 'finally' ;
FOR         : 'for' ;
FUNCTION    : 'function' ;
IF          : 'if' ;
IMPORT      : 'import' ;
IN          : 'in' ;
INSTANCEOF  : 'instanceof' ;
NEW         : 'new' ;
NULL        : 'null' ;
RETURN      : 'return' ;
SUPER       : 'super' ;
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

// Contextual keywords (12.6.2 and the productions that name them): also
// names where the parser allows it (`identifier`, `bindingIdentifier`,
// `identifierName`).

YIELD       : 'yield' ;
AWAIT       : 'await' ;
LET         : 'let' ;
STATIC      : 'static' ;
ASYNC       : 'async' ;
OF          : 'of' ;
GET         : 'get' ;
SET         : 'set' ;
FROM        : 'from' ;
AS          : 'as' ;
TARGET      : 'target' ;
META        : 'meta' ;

// ---------------------------------------------------------------- punctuators
// 12.7 Punctuators.  '?.' followed by a digit is '?' and a number in the
// specification (`a?.5:b`); here it is always OPTIONAL_CHAIN: write `? .5`.

LBRACE        : '{' ;
RBRACE        : '}' ;
LPAREN        : '(' ;
RPAREN        : ')' ;
LBRACKET      : '[' ;
RBRACKET      : ']' ;
DOT           : '.' ;
ELLIPSIS      : '...' ;
SEMI          : ';' ;
COMMA         : ',' ;
OPTIONAL_CHAIN: '?.' ;
LT            : '<' ;
GT            : '>' ;
LE            : '<=' ;
GE            : '>=' ;
EQ            : '==' ;
NE            : '!=' ;
SEQ           : '===' ;
SNE           : '!==' ;
PLUS          : '+' ;
MINUS         : '-' ;
STAR          : '*' ;
SLASH         : '/' ;
PERCENT       : '%' ;
POWER         : '**' ;
INC           : '++' ;
DEC           : '--' ;
SHL           : '<<' ;
SAR           : '>>' ;
SHR           : '>>>' ;
AMP           : '&' ;
PIPE          : '|' ;
CARET         : '^' ;
BANG          : '!' ;
TILDE         : '~' ;
AND           : '&&' ;
OR            : '||' ;
NULLISH       : '??' ;
QUESTION      : '?' ;
COLON         : ':' ;
ASSIGN        : '=' ;
PLUS_ASSIGN   : '+=' ;
MINUS_ASSIGN  : '-=' ;
STAR_ASSIGN   : '*=' ;
SLASH_ASSIGN  : '/=' ;
PERCENT_ASSIGN: '%=' ;
POWER_ASSIGN  : '**=' ;
SHL_ASSIGN    : '<<=' ;
SAR_ASSIGN    : '>>=' ;
SHR_ASSIGN    : '>>>=' ;
AMP_ASSIGN    : '&=' ;
PIPE_ASSIGN   : '|=' ;
CARET_ASSIGN  : '^=' ;
AND_ASSIGN    : '&&=' ;
OR_ASSIGN     : '||=' ;
NULLISH_ASSIGN: '??=' ;
ARROW         : '=>' ;
BACKTICK      : '`' -> pushMode(TEMPLATE) ;

// ---------------------------------------------------------------- literals
// 12.8.3 Numeric Literals (with BigInt suffixes and separators), 12.8.4
// String Literals, 12.8.5 Regular Expression Literals, 12.7 Names and
// Keywords, private names (#x).

NUMBER        : NUMBER_FRAG ;
STRING        : STRING_FRAG ;
REGEX         : {this.IsRegexPossible()}? REGEX_FRAG ;
PRIVATE_NAME  : '#' IDENTIFIER_FRAG ;
IDENTIFIER    : IDENTIFIER_FRAG ;

// Never used by the parser: see the header.
BAD_NUMBER    : NUMBER_FRAG ID_PART+ ;
BAD_REGEX     : {this.IsRegexPossible()}? '/' RE_BODY '/' ID_PART+ ;

// ===========================================================================
// TEMPLATE: template characters, '${', and the closing '`'
// ===========================================================================

mode TEMPLATE;

// Dollar signs just before '`' or '${' belong to those tokens, so that
// TEMPLATE_TEXT never ends with an unescaped '$'.
TEMPLATE_CLOSE      : '$'* '`' -> type(BACKTICK), popMode ;
TEMPLATE_SUBST_OPEN : '${' -> pushMode(TEMPLATE_EXPR) ;
TEMPLATE_DOLLARS_SUBST_OPEN : '$'+ '${' -> type(TEMPLATE_SUBST_OPEN), pushMode(TEMPLATE_EXPR) ;
TEMPLATE_TEXT       : TEMPLATE_UNIT+ ;

// ===========================================================================
// TEMPLATE_EXPR: the expression of a substitution (DEFAULT_MODE's tokens)
// ===========================================================================

mode TEMPLATE_EXPR;

// The literals below are parenthesized so that ANTLR does not count them as
// second definitions of the literal tokens ('{', 'if', ...): the parser
// refers to tokens by their literals, which must stay unambiguous.

TE_WS            : WS_FRAG -> channel(HIDDEN) ;
TE_BLOCK_COMMENT : BLOCK_COMMENT_FRAG -> channel(HIDDEN) ;
TE_LINE_COMMENT  : LINE_COMMENT_FRAG -> channel(HIDDEN) ;

TE_BREAK       : ('break') -> type(BREAK) ;
TE_CASE        : ('case') -> type(CASE) ;
TE_CATCH       : ('catch') -> type(CATCH) ;
TE_CLASS       : ('class') -> type(CLASS) ;
TE_CONST       : ('const') -> type(CONST) ;
TE_CONTINUE    : ('continue') -> type(CONTINUE) ;
TE_DEBUGGER    : ('debugger') -> type(DEBUGGER) ;
TE_DEFAULT     : ('default') -> type(DEFAULT) ;
TE_DELETE      : ('delete') -> type(DELETE) ;
TE_DO          : ('do') -> type(DO) ;
TE_ELSE        : ('else') -> type(ELSE) ;
TE_ENUM        : ('enum') -> type(ENUM) ;
TE_EXPORT      : ('export') -> type(EXPORT) ;
TE_EXTENDS     : ('extends') -> type(EXTENDS) ;
TE_FALSE       : ('false') -> type(FALSE) ;
TE_FINALLY     : ('finally') -> type(FINALLY) ;
TE_FOR         : ('for') -> type(FOR) ;
TE_FUNCTION    : ('function') -> type(FUNCTION) ;
TE_IF          : ('if') -> type(IF) ;
TE_IMPORT      : ('import') -> type(IMPORT) ;
TE_IN          : ('in') -> type(IN) ;
TE_INSTANCEOF  : ('instanceof') -> type(INSTANCEOF) ;
TE_NEW         : ('new') -> type(NEW) ;
TE_NULL        : ('null') -> type(NULL) ;
TE_RETURN      : ('return') -> type(RETURN) ;
TE_SUPER       : ('super') -> type(SUPER) ;
TE_SWITCH      : ('switch') -> type(SWITCH) ;
TE_THIS        : ('this') -> type(THIS) ;
TE_THROW       : ('throw') -> type(THROW) ;
TE_TRUE        : ('true') -> type(TRUE) ;
TE_TRY         : ('try') -> type(TRY) ;
TE_TYPEOF      : ('typeof') -> type(TYPEOF) ;
TE_VAR         : ('var') -> type(VAR) ;
TE_VOID        : ('void') -> type(VOID) ;
TE_WHILE       : ('while') -> type(WHILE) ;
TE_WITH        : ('with') -> type(WITH) ;
TE_YIELD       : ('yield') -> type(YIELD) ;
TE_AWAIT       : ('await') -> type(AWAIT) ;
TE_LET         : ('let') -> type(LET) ;
TE_STATIC      : ('static') -> type(STATIC) ;
TE_ASYNC       : ('async') -> type(ASYNC) ;
TE_OF          : ('of') -> type(OF) ;
TE_GET         : ('get') -> type(GET) ;
TE_SET         : ('set') -> type(SET) ;
TE_FROM        : ('from') -> type(FROM) ;
TE_AS          : ('as') -> type(AS) ;
TE_TARGET      : ('target') -> type(TARGET) ;
TE_META        : ('meta') -> type(META) ;

TE_LBRACE        : ('{') -> type(LBRACE), pushMode(TEMPLATE_EXPR) ;
TE_RBRACE        : ('}') -> type(RBRACE), popMode ;
TE_LPAREN        : ('(') -> type(LPAREN) ;
TE_RPAREN        : (')') -> type(RPAREN) ;
TE_LBRACKET      : ('[') -> type(LBRACKET) ;
TE_RBRACKET      : (']') -> type(RBRACKET) ;
TE_DOT           : ('.') -> type(DOT) ;
TE_ELLIPSIS      : ('...') -> type(ELLIPSIS) ;
TE_SEMI          : (';') -> type(SEMI) ;
TE_COMMA         : (',') -> type(COMMA) ;
TE_OPTIONAL_CHAIN: ('?.') -> type(OPTIONAL_CHAIN) ;
TE_LT            : ('<') -> type(LT) ;
TE_GT            : ('>') -> type(GT) ;
TE_LE            : ('<=') -> type(LE) ;
TE_GE            : ('>=') -> type(GE) ;
TE_EQ            : ('==') -> type(EQ) ;
TE_NE            : ('!=') -> type(NE) ;
TE_SEQ           : ('===') -> type(SEQ) ;
TE_SNE           : ('!==') -> type(SNE) ;
TE_PLUS          : ('+') -> type(PLUS) ;
TE_MINUS         : ('-') -> type(MINUS) ;
TE_STAR          : ('*') -> type(STAR) ;
TE_SLASH         : ('/') -> type(SLASH) ;
TE_PERCENT       : ('%') -> type(PERCENT) ;
TE_POWER         : ('**') -> type(POWER) ;
TE_INC           : ('++') -> type(INC) ;
TE_DEC           : ('--') -> type(DEC) ;
TE_SHL           : ('<<') -> type(SHL) ;
TE_SAR           : ('>>') -> type(SAR) ;
TE_SHR           : ('>>>') -> type(SHR) ;
TE_AMP           : ('&') -> type(AMP) ;
TE_PIPE          : ('|') -> type(PIPE) ;
TE_CARET         : ('^') -> type(CARET) ;
TE_BANG          : ('!') -> type(BANG) ;
TE_TILDE         : ('~') -> type(TILDE) ;
TE_AND           : ('&&') -> type(AND) ;
TE_OR            : ('||') -> type(OR) ;
TE_NULLISH       : ('??') -> type(NULLISH) ;
TE_QUESTION      : ('?') -> type(QUESTION) ;
TE_COLON         : (':') -> type(COLON) ;
TE_ASSIGN        : ('=') -> type(ASSIGN) ;
TE_PLUS_ASSIGN   : ('+=') -> type(PLUS_ASSIGN) ;
TE_MINUS_ASSIGN  : ('-=') -> type(MINUS_ASSIGN) ;
TE_STAR_ASSIGN   : ('*=') -> type(STAR_ASSIGN) ;
TE_SLASH_ASSIGN  : ('/=') -> type(SLASH_ASSIGN) ;
TE_PERCENT_ASSIGN: ('%=') -> type(PERCENT_ASSIGN) ;
TE_POWER_ASSIGN  : ('**=') -> type(POWER_ASSIGN) ;
TE_SHL_ASSIGN    : ('<<=') -> type(SHL_ASSIGN) ;
TE_SAR_ASSIGN    : ('>>=') -> type(SAR_ASSIGN) ;
TE_SHR_ASSIGN    : ('>>>=') -> type(SHR_ASSIGN) ;
TE_AMP_ASSIGN    : ('&=') -> type(AMP_ASSIGN) ;
TE_PIPE_ASSIGN   : ('|=') -> type(PIPE_ASSIGN) ;
TE_CARET_ASSIGN  : ('^=') -> type(CARET_ASSIGN) ;
TE_AND_ASSIGN    : ('&&=') -> type(AND_ASSIGN) ;
TE_OR_ASSIGN     : ('||=') -> type(OR_ASSIGN) ;
TE_NULLISH_ASSIGN: ('??=') -> type(NULLISH_ASSIGN) ;
TE_ARROW         : ('=>') -> type(ARROW) ;
TE_BACKTICK      : ('`') -> type(BACKTICK), pushMode(TEMPLATE) ;

TE_NUMBER        : NUMBER_FRAG -> type(NUMBER) ;
TE_STRING        : STRING_FRAG -> type(STRING) ;
TE_REGEX         : {this.IsRegexPossible()}? REGEX_FRAG -> type(REGEX) ;
TE_PRIVATE_NAME  : '#' IDENTIFIER_FRAG -> type(PRIVATE_NAME) ;
TE_IDENTIFIER    : IDENTIFIER_FRAG -> type(IDENTIFIER) ;
TE_BAD_NUMBER    : NUMBER_FRAG ID_PART+ -> type(BAD_NUMBER) ;
TE_BAD_REGEX     : {this.IsRegexPossible()}? '/' RE_BODY '/' ID_PART+ -> type(BAD_REGEX) ;

// ===========================================================================
// Fragments
// ===========================================================================

// ---------------------------------------------------------------- white space and comments
// 12.2 WhiteSpace (TAB VT FF SP NBSP ZWNBSP and Unicode Zs) and 12.3
// LineTerminator (LF CR LS PS).

fragment WS_FRAG
    : [\t\u000B\f \u00A0\uFEFF\u1680\u2000-\u200A\u202F\u205F\u3000\n\r\u2028\u2029]+
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

// ---------------------------------------------------------------- names
// 12.7.1 IdentifierName: IdentifierStartChar is $, _ or a character with
// ID_Start, IdentifierPartChar adds ID_Continue, ZWNJ and ZWJ; either may be
// written as a \u escape.  Only a selection of Unicode blocks is listed,
// and escapes only of ASCII letters, digits, $ and _ and of U+4000-U+9FFF
// (CJK), so that generated escapes name characters engines accept.

fragment IDENTIFIER_FRAG
    : ID_START ID_PART*
    ;

fragment ID_START
    : [a-zA-Z$_]
    | [\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1]
    | [\u0391-\u03A1\u03A3-\u03F5\u0400-\u0481\u048A-\u052F]
    | [\u05D0-\u05EA\u0620-\u064A\u0904-\u0939]
    | [\u3041-\u3096\u30A1-\u30FA\u4E00-\u9FFF\uAC00-\uD7A3]
    | '\\u' ID_START_CODE
    | '\\u{' '0'* (ID_START_CODE | ID_START_BYTE) '}'
    ;

fragment ID_PART
    : ID_START
    | [0-9\u0300-\u036F\u0660-\u0669\u0966-\u096F\u200C\u200D\u203F\u2040]
    | '\\u003' [0-9]
    | '\\u{' '0'* '3' [0-9] '}'
    ;

// The code points of the escapes above: $ _ A-Z a-z and U+4000-U+9FFF in
// four hex digits, the ASCII ones also in two (\u{62}).
fragment ID_START_CODE
    : '0024'
    | '005' [fF]
    | '00' [46] [1-9a-fA-F]
    | '00' [57] [0-9aA]
    | [4-9] HEX_DIGIT HEX_DIGIT HEX_DIGIT
    ;

fragment ID_START_BYTE
    : '24'
    | '5' [fF]
    | [46] [1-9a-fA-F]
    | [57] [0-9aA]
    ;

// 12.9.4 UnicodeEscapeSequence: uHHHH or u{H...} up to 10FFFF.
fragment UNICODE_ESCAPE
    : 'u' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT
    | 'u{' HEX_DIGIT HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? '}'
    | 'u{10' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT '}'
    ;

// ---------------------------------------------------------------- numbers
// 12.9.3 NumericLiteral: decimal, 0x / 0o / 0b integers, BigInt suffix 'n'
// on integers, '_' separators between digits.  Legacy octal (017, Annex B)
// is left out; "0" followed by digits lexes as BAD_NUMBER.

fragment NUMBER_FRAG
    : DECIMAL_INTEGER ('.' DECIMAL_DIGITS?)? EXPONENT_PART?
    | '.' DECIMAL_DIGITS EXPONENT_PART?
    | DECIMAL_INTEGER 'n'
    | '0' [xX] HEX_DIGIT ('_'? HEX_DIGIT)* 'n'?
    | '0' [oO] [0-7] ('_'? [0-7])* 'n'?
    | '0' [bB] [01] ('_'? [01])* 'n'?
    ;

fragment DECIMAL_INTEGER
    : '0'
    | [1-9] ('_'? DECIMAL_DIGIT)*
    ;

fragment DECIMAL_DIGITS : DECIMAL_DIGIT ('_'? DECIMAL_DIGIT)* ;
fragment DECIMAL_DIGIT  : [0-9] ;
fragment HEX_DIGIT      : [0-9a-fA-F] ;
fragment EXPONENT_PART  : [eE] [+-]? DECIMAL_DIGITS ;

// ---------------------------------------------------------------- strings
// 12.9.4 StringLiteral.  Legacy octal escapes (\1 .. \7, Annex B) are left
// out; LS and PS may appear unescaped (ES2019).

fragment STRING_FRAG
    : '"' (~["\\\n\r] | '\\' ESCAPE_SEQUENCE)* '"'
    | '\'' (~['\\\n\r] | '\\' ESCAPE_SEQUENCE)* '\''
    ;

// What follows a backslash in strings and templates: a single-character or
// non-escape character, \0, \xHH, \uHHHH, \u{H...}, or a line continuation.
fragment ESCAPE_SEQUENCE
    : ~[0-9xu\n\r\u2028\u2029]
    | '0'
    | 'x' HEX_DIGIT HEX_DIGIT
    | UNICODE_ESCAPE
    | LINE_TERMINATOR_SEQUENCE
    ;

// ---------------------------------------------------------------- templates
// 12.9.6 TemplateCharacter: any character but '`', '\' and the '$' of '${';
// escapes as in strings.

fragment TEMPLATE_UNIT
    : ~[`\\$]
    | '\\' ESCAPE_SEQUENCE
    | '$'+ ~[`\\${]
    | '$'+ '\\' ESCAPE_SEQUENCE
    ;

// ---------------------------------------------------------------- regular expressions
// 12.9.5 (the literal) and 22.2.1 (the pattern, with lookbehind, named
// groups and \p{...} of ES2018).  The body must be a well-formed pattern;
// its first character may not be white space, '*', '/' or '=' (see the
// header).  ']', '{' and '}' are not accepted as literal characters
// outside a class (Annex B allows them).

fragment REGEX_FRAG
    : '/' RE_BODY '/' RE_FLAGS
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
    | '(?<=' RE_DISJUNCTION ')'
    | '(?<!' RE_DISJUNCTION ')'
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
    | '(' ('?:' | '?<' RE_GROUP_NAME '>')? RE_DISJUNCTION ')'
    ;

fragment RE_GROUP_NAME
    : [a-zA-Z$_] [a-zA-Z0-9$_]*
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
    | 'k<' RE_GROUP_NAME '>'
    | RE_PROPERTY_ESCAPE
    | RE_CHARACTER_ESCAPE
    ;

// \p{Name} / \p{Name=Value} (with the u flag).
fragment RE_PROPERTY_ESCAPE
    : [pP] '{' [a-zA-Z_]+ ('=' [a-zA-Z_0-9]+)? '}'
    ;

fragment RE_CHARACTER_ESCAPE
    : [fnrtv]
    | 'c' [a-zA-Z]
    | 'x' HEX_DIGIT HEX_DIGIT
    | UNICODE_ESCAPE
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
    | RE_PROPERTY_ESCAPE
    | RE_CHARACTER_ESCAPE
    ;

// 22.2.3.1 flags d g i m s u y, each at most once.  Accepted orders: d
// first, then g, i and m in any order, then s, u, y in this order
// (`/x/gi`, `/x/ig`, `/x/gsu`; not `/x/ug`).
fragment RE_FLAGS
    : 'd'?
      ( 'g' | 'i' | 'm'
      | 'gi' | 'ig' | 'gm' | 'mg' | 'im' | 'mi'
      | 'gim' | 'gmi' | 'igm' | 'img' | 'mgi' | 'mig'
      )?
      's'? 'u'? 'y'?
    ;
