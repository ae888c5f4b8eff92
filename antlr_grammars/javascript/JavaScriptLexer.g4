/*
 * JavaScriptLexer.g4 -- tokens of ECMAScript (ES5.1 plus the common ES2015+
 * syntax listed in README.md), for use with JavaScriptParser.g4.
 *
 * Written for the grammut project from the ECMAScript Language
 * Specification: ES5.1 chapter 7 (Lexical Conventions) and 15.10.1
 * (regular expression patterns), and ECMA-262 2015+ section 11 (template
 * literals, binary/octal numbers, \u{...} escapes) and 21.2.1.
 * Interpreter-friendly: no actions, no predicates, only lexer commands.
 *
 * Modes:
 *   DEFAULT_MODE   the program.
 *   TEMPLATE       the text of a template literal, after '`' or after the
 *                  '}' that closes a substitution.
 *   TEMPLATE_EXPR  inside a substitution '${ ... }'.  It has the same tokens
 *                  as DEFAULT_MODE (the TE_ rules give them the same types),
 *                  but '{' pushes and '}' pops, so the '}' that closes the
 *                  substitution returns to TEMPLATE however many braces the
 *                  expression holds.  DEFAULT_MODE itself never pops, so an
 *                  unbalanced '}' can never empty the mode stack.
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
LET         : 'let' ;
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
YIELD       : 'yield' ;
STATIC      : 'static' ;
// Contextual keywords: also usable as identifiers (see `identifier`).
GET         : 'get' ;
SET         : 'set' ;
OF          : 'of' ;

// ---------------------------------------------------------------- punctuators

LBRACE      : '{' ;
RBRACE      : '}' ;
LPAREN      : '(' ;
RPAREN      : ')' ;
LBRACKET    : '[' ;
RBRACKET    : ']' ;
DOT         : '.' ;
ELLIPSIS    : '...' ;
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
POWER       : '**' ;
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
POWER_ASSIGN : '**=' ;
SHL_ASSIGN  : '<<=' ;
SAR_ASSIGN  : '>>=' ;
SHR_ASSIGN  : '>>>=' ;
AMP_ASSIGN  : '&=' ;
PIPE_ASSIGN : '|=' ;
CARET_ASSIGN : '^=' ;
ARROW       : '=>' ;
BACKTICK    : '`' -> pushMode(TEMPLATE) ;

// ---------------------------------------------------------------- literals

NUMBER      : NUMBER_FRAG ;
STRING      : STRING_FRAG ;
REGEX       : REGEX_FRAG ;
IDENTIFIER  : IDENTIFIER_FRAG ;

// Never used by the parser: see the header.
BAD_NUMBER  : NUMBER_FRAG ID_PART+ ;
BAD_REGEX   : '/' RE_BODY '/' ID_PART+ ;

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

TE_WS               : WS_FRAG -> channel(HIDDEN) ;
TE_BLOCK_COMMENT    : BLOCK_COMMENT_FRAG -> channel(HIDDEN) ;
TE_LINE_COMMENT     : LINE_COMMENT_FRAG -> channel(HIDDEN) ;

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
TE_LET         : ('let') -> type(LET) ;
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
TE_STATIC      : ('static') -> type(STATIC) ;
TE_GET         : ('get') -> type(GET) ;
TE_SET         : ('set') -> type(SET) ;
TE_OF          : ('of') -> type(OF) ;

TE_LBRACE      : ('{') -> type(LBRACE), pushMode(TEMPLATE_EXPR) ;
TE_RBRACE      : ('}') -> type(RBRACE), popMode ;
TE_LPAREN      : ('(') -> type(LPAREN) ;
TE_RPAREN      : (')') -> type(RPAREN) ;
TE_LBRACKET    : ('[') -> type(LBRACKET) ;
TE_RBRACKET    : (']') -> type(RBRACKET) ;
TE_DOT         : ('.') -> type(DOT) ;
TE_ELLIPSIS    : ('...') -> type(ELLIPSIS) ;
TE_SEMI        : (';') -> type(SEMI) ;
TE_COMMA       : (',') -> type(COMMA) ;
TE_LT          : ('<') -> type(LT) ;
TE_GT          : ('>') -> type(GT) ;
TE_LE          : ('<=') -> type(LE) ;
TE_GE          : ('>=') -> type(GE) ;
TE_EQ          : ('==') -> type(EQ) ;
TE_NE          : ('!=') -> type(NE) ;
TE_SEQ         : ('===') -> type(SEQ) ;
TE_SNE         : ('!==') -> type(SNE) ;
TE_PLUS        : ('+') -> type(PLUS) ;
TE_MINUS       : ('-') -> type(MINUS) ;
TE_STAR        : ('*') -> type(STAR) ;
TE_SLASH       : ('/') -> type(SLASH) ;
TE_PERCENT     : ('%') -> type(PERCENT) ;
TE_POWER       : ('**') -> type(POWER) ;
TE_INC         : ('++') -> type(INC) ;
TE_DEC         : ('--') -> type(DEC) ;
TE_SHL         : ('<<') -> type(SHL) ;
TE_SAR         : ('>>') -> type(SAR) ;
TE_SHR         : ('>>>') -> type(SHR) ;
TE_AMP         : ('&') -> type(AMP) ;
TE_PIPE        : ('|') -> type(PIPE) ;
TE_CARET       : ('^') -> type(CARET) ;
TE_BANG        : ('!') -> type(BANG) ;
TE_TILDE       : ('~') -> type(TILDE) ;
TE_AND         : ('&&') -> type(AND) ;
TE_OR          : ('||') -> type(OR) ;
TE_QUESTION    : ('?') -> type(QUESTION) ;
TE_COLON       : (':') -> type(COLON) ;
TE_ASSIGN      : ('=') -> type(ASSIGN) ;
TE_PLUS_ASSIGN : ('+=') -> type(PLUS_ASSIGN) ;
TE_MINUS_ASSIGN : ('-=') -> type(MINUS_ASSIGN) ;
TE_STAR_ASSIGN : ('*=') -> type(STAR_ASSIGN) ;
TE_SLASH_ASSIGN : ('/=') -> type(SLASH_ASSIGN) ;
TE_PERCENT_ASSIGN : ('%=') -> type(PERCENT_ASSIGN) ;
TE_POWER_ASSIGN : ('**=') -> type(POWER_ASSIGN) ;
TE_SHL_ASSIGN  : ('<<=') -> type(SHL_ASSIGN) ;
TE_SAR_ASSIGN  : ('>>=') -> type(SAR_ASSIGN) ;
TE_SHR_ASSIGN  : ('>>>=') -> type(SHR_ASSIGN) ;
TE_AMP_ASSIGN  : ('&=') -> type(AMP_ASSIGN) ;
TE_PIPE_ASSIGN : ('|=') -> type(PIPE_ASSIGN) ;
TE_CARET_ASSIGN : ('^=') -> type(CARET_ASSIGN) ;
TE_ARROW       : ('=>') -> type(ARROW) ;
TE_BACKTICK    : ('`') -> type(BACKTICK), pushMode(TEMPLATE) ;

TE_NUMBER      : NUMBER_FRAG -> type(NUMBER) ;
TE_STRING      : STRING_FRAG -> type(STRING) ;
TE_REGEX       : REGEX_FRAG -> type(REGEX) ;
TE_IDENTIFIER  : IDENTIFIER_FRAG -> type(IDENTIFIER) ;
TE_BAD_NUMBER  : NUMBER_FRAG ID_PART+ -> type(BAD_NUMBER) ;
TE_BAD_REGEX   : '/' RE_BODY '/' ID_PART+ -> type(BAD_REGEX) ;

// ===========================================================================
// Fragments
// ===========================================================================

// ---------------------------------------------------------------- white space and comments
// ES5.1 7.2 WhiteSpace (TAB VT FF SP NBSP BOM and Unicode Zs) and 7.3
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

// ---------------------------------------------------------------- identifiers
// ES5.1 7.6: IdentifierStart is $, _ or a Unicode letter; IdentifierPart adds
// digits, combining marks, connector punctuation, ZWNJ and ZWJ.  Only a
// selection of Unicode letter blocks is listed; \uXXXX escapes in names
// are not supported.

fragment IDENTIFIER_FRAG
    : ID_START ID_PART*
    ;

fragment ID_START
    : [a-zA-Z$_]
    | [\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02C1]
    | [\u0391-\u03A1\u03A3-\u03F5\u0400-\u0481\u048A-\u052F]
    | [\u05D0-\u05EA\u0620-\u064A\u0904-\u0939]
    | [\u3041-\u3096\u30A1-\u30FA\u4E00-\u9FFF\uAC00-\uD7A3]
    ;

fragment ID_PART
    : ID_START
    | [0-9\u0300-\u036F\u0660-\u0669\u0966-\u096F\u200C\u200D\u203F\u2040]
    ;

// ---------------------------------------------------------------- numbers
// ES5.1 7.8.3 plus ES2015 0b / 0o literals.  Legacy octal (017) is left
// out (Annex B); "0" followed by digits lexes as BAD_NUMBER.

fragment NUMBER_FRAG
    : DECIMAL_INTEGER ('.' DECIMAL_DIGIT*)? EXPONENT_PART?
    | '.' DECIMAL_DIGIT+ EXPONENT_PART?
    | '0' [xX] HEX_DIGIT+
    | '0' [oO] [0-7]+
    | '0' [bB] [01]+
    ;

fragment DECIMAL_INTEGER
    : '0'
    | [1-9] DECIMAL_DIGIT*
    ;

fragment DECIMAL_DIGIT : [0-9] ;
fragment HEX_DIGIT     : [0-9a-fA-F] ;
fragment EXPONENT_PART : [eE] [+-]? DECIMAL_DIGIT+ ;

// ---------------------------------------------------------------- strings
// ES5.1 7.8.4 plus ES2015 \u{...}.  Legacy octal escapes (\1 .. \7, Annex
// B) are left out; LS and PS may appear unescaped (ES2019).

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
    | 'u' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT
    | 'u{' HEX_DIGIT HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? '}'
    | 'u{10' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT '}'
    | LINE_TERMINATOR_SEQUENCE
    ;

// ---------------------------------------------------------------- templates
// ES2015 11.8.6: any character but '`', '\' and the '$' of '${'; escapes as
// in strings.

fragment TEMPLATE_UNIT
    : ~[`\\$]
    | '\\' ESCAPE_SEQUENCE
    | '$'+ ~[`\\${]
    | '$'+ '\\' ESCAPE_SEQUENCE
    ;

// ---------------------------------------------------------------- regular expressions
// ES5.1 7.8.5 (the literal) and 15.10.1 (the pattern).  The body must be a
// well-formed pattern; its first character may not be white space, '*',
// '/' or '=' (see the header).  Flags: g, i and m in any order, each at
// most once, then optionally y.  The u and s flags are left out.

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
    : ( 'g' | 'i' | 'm'
      | 'gi' | 'ig' | 'gm' | 'mg' | 'im' | 'mi'
      | 'gim' | 'gmi' | 'igm' | 'img' | 'mgi' | 'mig'
      ) 'y'?
    | 'y'
    ;
