/*
 * Lua.g4 -- the complete syntax of Lua 5.4.
 *
 * Written for the grammut project from the Lua 5.4 Reference Manual,
 * section 3 (the language) and section 9 ("The Complete Syntax of Lua").
 * The grammar is meant to be loaded through ANTLR's interpreters, so it has
 * no actions and no semantic predicates.
 *
 * Differences from the manual's EBNF, forced by ANTLR or made so that a
 * few tokens settle every choice (the parser then never reads a whole
 * suffix chain ahead):
 *  - prefixexp / var / functioncall are mutually left-recursive in the
 *    manual; here `prefixExp` is a head (a name or a parenthesised
 *    expression) and a loop of suffixes (`index`, `call`).
 *  - The statements `varlist '=' explist` and `functioncall` are one rule,
 *    `exprStat`, left-factored: after the head, each suffix says whether
 *    the chain goes on, ends as a call, or ends as an assignment target
 *    (an index, or a bare name) followed by ',' or '='.
 *  - Long brackets cannot count '=' signs without predicates, so levels 0
 *    to 3 ([[ ]] to [===[ ]===]) are spelled out; level 4 and above is not
 *    recognised.
 *
 * Operator precedence (loosest first): or; and; < > <= >= ~= ==; |; ~; &;
 * << >>; .. (right); + -; * / // %; unary not # - ~; ^ (right).  In a
 * left-recursive ANTLR rule earlier alternatives bind tighter.
 */
grammar Lua;

// ---------------------------------------------------------------- chunks and blocks

chunk
    : block EOF
    ;

block
    : stat* retStat?
    ;

stat
    : ';'
    | exprStat
    | label
    | breakStat
    | gotoStat
    | doStat
    | whileStat
    | repeatStat
    | ifStat
    | numericForStat
    | genericForStat
    | functionStat
    | localFunctionStat
    | localStat
    ;

// An assignment (`a, t.x, t[i] = ...`) or a function call (`f(x)`,
// `o:m()`, `t.f{...}`): a call when its suffix chain ends in a call, an
// assignment when it ends in an index (or is a bare name) and ',' or '='
// follows.
exprStat
    : NAME assignRest
    | NAME statSuffix
    | '(' exp ')' statSuffix
    ;

// The rest of a statement's suffix chain, from one suffix on.
statSuffix
    : call statSuffix?
    | index (statSuffix | assignRest)
    ;

// After the first assignment target: the others, '=' and the values.
assignRest
    : (',' variable)* '=' expList
    ;

label
    : '::' NAME '::'
    ;

breakStat
    : 'break'
    ;

gotoStat
    : 'goto' NAME
    ;

doStat
    : 'do' block 'end'
    ;

whileStat
    : 'while' exp 'do' block 'end'
    ;

repeatStat
    : 'repeat' block 'until' exp
    ;

ifStat
    : 'if' exp 'then' block elseIfClause* elseClause? 'end'
    ;

elseIfClause
    : 'elseif' exp 'then' block
    ;

elseClause
    : 'else' block
    ;

numericForStat
    : 'for' NAME '=' exp ',' exp (',' exp)? 'do' block 'end'
    ;

genericForStat
    : 'for' nameList 'in' expList 'do' block 'end'
    ;

functionStat
    : 'function' funcName funcBody
    ;

localFunctionStat
    : 'local' 'function' NAME funcBody
    ;

localStat
    : 'local' attNameList ('=' expList)?
    ;

attNameList
    : NAME attrib (',' NAME attrib)*
    ;

attrib
    : ('<' NAME '>')?
    ;

retStat
    : 'return' expList? ';'?
    ;

funcName
    : NAME ('.' NAME)* (':' NAME)?
    ;

nameList
    : NAME (',' NAME)*
    ;

expList
    : exp (',' exp)*
    ;

// ---------------------------------------------------------------- expressions

exp
    : 'nil'
    | 'false'
    | 'true'
    | numeral
    | literalString
    | '...'
    | functionDef
    | prefixExp
    | tableConstructor
    | <assoc=right> exp '^' exp
    | ('not' | '#' | '-' | '~') exp
    | exp ('*' | '/' | '//' | '%') exp
    | exp ('+' | '-') exp
    | <assoc=right> exp '..' exp
    | exp ('<<' | '>>') exp
    | exp '&' exp
    | exp '~' exp
    | exp '|' exp
    | exp ('<' | '>' | '<=' | '>=' | '~=' | '==') exp
    | exp 'and' exp
    | exp 'or' exp
    ;

// prefixexp ::= var | functioncall | '(' exp ')': a head and its suffixes.
prefixExp
    : (NAME | '(' exp ')') (index | call)*
    ;

// An assignment target: a name, or a suffix chain that ends in an index.
variable
    : NAME indexEnd?
    | '(' exp ')' indexEnd
    ;

// A suffix chain that ends in an index.
indexEnd
    : index indexEnd?
    | call indexEnd
    ;

index
    : '[' exp ']'
    | '.' NAME
    ;

call
    : args
    | ':' NAME args
    ;

args
    : '(' expList? ')'
    | tableConstructor
    | literalString
    ;

functionDef
    : 'function' funcBody
    ;

funcBody
    : '(' parList? ')' block 'end'
    ;

parList
    : nameList (',' '...')?
    | '...'
    ;

tableConstructor
    : '{' fieldList? '}'
    ;

fieldList
    : field (fieldSep field)* fieldSep?
    ;

field
    : '[' exp ']' '=' exp
    | NAME '=' exp
    | exp
    ;

fieldSep
    : ','
    | ';'
    ;

numeral
    : INT_NUMERAL
    | HEX_NUMERAL
    | FLOAT_NUMERAL
    | HEX_FLOAT_NUMERAL
    ;

literalString
    : NORMAL_STRING
    | CHAR_STRING
    | LONG_STRING
    ;

// ================================================================ lexer

// Keywords.
KW_AND      : 'and' ;
KW_BREAK    : 'break' ;
KW_DO       : 'do' ;
KW_ELSE     : 'else' ;
KW_ELSEIF   : 'elseif' ;
KW_END      : 'end' ;
KW_FALSE    : 'false' ;
KW_FOR      : 'for' ;
KW_FUNCTION : 'function' ;
KW_GOTO     : 'goto' ;
KW_IF       : 'if' ;
KW_IN       : 'in' ;
KW_LOCAL    : 'local' ;
KW_NIL      : 'nil' ;
KW_NOT      : 'not' ;
KW_OR       : 'or' ;
KW_REPEAT   : 'repeat' ;
KW_RETURN   : 'return' ;
KW_THEN     : 'then' ;
KW_TRUE     : 'true' ;
KW_UNTIL    : 'until' ;
KW_WHILE    : 'while' ;

// Other tokens.
PLUS        : '+' ;
MINUS       : '-' ;
STAR        : '*' ;
SLASH       : '/' ;
PERCENT     : '%' ;
CARET       : '^' ;
HASH        : '#' ;
AMP         : '&' ;
TILDE       : '~' ;
PIPE        : '|' ;
SHL         : '<<' ;
SHR         : '>>' ;
DSLASH      : '//' ;
EQ          : '==' ;
NE          : '~=' ;
LE          : '<=' ;
GE          : '>=' ;
LT          : '<' ;
GT          : '>' ;
ASSIGN      : '=' ;
LPAREN      : '(' ;
RPAREN      : ')' ;
LBRACE      : '{' ;
RBRACE      : '}' ;
LBRACKET    : '[' ;
RBRACKET    : ']' ;
DCOLON      : '::' ;
SEMI        : ';' ;
COLON       : ':' ;
COMMA       : ',' ;
DOT         : '.' ;
CONCAT      : '..' ;
ELLIPSIS    : '...' ;

NAME
    : [a-zA-Z_] [a-zA-Z_0-9]*
    ;

INT_NUMERAL
    : DIGIT+
    ;

HEX_NUMERAL
    : '0' [xX] HEX_DIGIT+
    ;

FLOAT_NUMERAL
    : DIGIT+ '.' DIGIT* EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | DIGIT+ EXPONENT
    ;

HEX_FLOAT_NUMERAL
    : '0' [xX] HEX_DIGIT+ '.' HEX_DIGIT* BIN_EXPONENT?
    | '0' [xX] '.' HEX_DIGIT+ BIN_EXPONENT?
    | '0' [xX] HEX_DIGIT+ BIN_EXPONENT
    ;

NORMAL_STRING
    : '"' (ESCAPE_SEQUENCE | ~["\\\r\n])* '"'
    ;

CHAR_STRING
    : '\'' (ESCAPE_SEQUENCE | ~['\\\r\n])* '\''
    ;

// Long brackets of level 0 to 3; the first closing bracket of the same
// level ends the string.
LONG_STRING
    : '[' LONG_BODY ']'
    ;

// A comment that starts with a long bracket runs to the matching close.
LONG_COMMENT
    : '--[' LONG_BODY ']' -> channel(HIDDEN)
    ;

// Any other comment runs to the end of the line.  The alternatives make
// sure the text after '--' is not the opening of a long bracket.
LINE_COMMENT
    : '--' ( ~[[\r\n] ~[\r\n]*
           | '[' '='* ~[[=\r\n] ~[\r\n]*
           | '[' '='*
           )?
      -> channel(HIDDEN)
    ;

// "#!..." only makes sense as the first line of a script; '#!' cannot
// start anything else in Lua, so it is simply trivia wherever it occurs.
SHEBANG
    : '#!' ~[\r\n]* -> channel(HIDDEN)
    ;

WS
    : [ \t\r\n\f\u000B]+ -> channel(HIDDEN)
    ;

fragment LONG_BODY
    : '['      .*? ']'
    | '=['     .*? ']='
    | '==['    .*? ']=='
    | '===['   .*? ']==='
    ;

fragment ESCAPE_SEQUENCE
    : '\\' [abfnrtv\\"']
    | '\\' '\r'? '\n'
    | '\\' '\r'
    | '\\z' [ \t\r\n\f\u000B]*
    | '\\x' HEX_DIGIT HEX_DIGIT
    // At most 255 and below 2^31, as Lua's lexer reads them (manual 3.1).
    | '\\' ([01] DIGIT DIGIT | '2' [0-4] DIGIT | '25' [0-5] | DIGIT DIGIT?)
    | '\\u{' (HEX_DIGIT HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? HEX_DIGIT? HEX_DIGIT?
               HEX_DIGIT? | [0-7] HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT
               HEX_DIGIT HEX_DIGIT HEX_DIGIT) '}'
    ;

fragment DIGIT        : [0-9] ;
fragment HEX_DIGIT    : [0-9a-fA-F] ;
fragment EXPONENT     : [eE] [+-]? DIGIT+ ;
fragment BIN_EXPONENT : [pP] [+-]? DIGIT+ ;
