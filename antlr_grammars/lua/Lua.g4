/*
 * Lua.g4 -- the complete syntax of Lua 5.4.
 *
 * Written for the grammut project from the Lua 5.4 Reference Manual,
 * section 3 (the language) and section 9 ("The Complete Syntax of Lua").
 * The grammar is meant to be loaded through ANTLR's interpreters, so it has
 * no actions and no semantic predicates.
 *
 * Differences from the manual's EBNF, all forced by ANTLR:
 *  - prefixexp / var / functioncall are mutually left-recursive in the
 *    manual; here `prefixExp` is directly left-recursive and `variable` and
 *    `functionCall` are built on top of it.
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
    | assignStat
    | callStat
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

assignStat
    : varList '=' expList
    ;

callStat
    : functionCall
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

varList
    : variable (',' variable)*
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

// prefixexp ::= var | functioncall | '(' exp ')', unrolled into direct
// left recursion.
prefixExp
    : NAME
    | '(' exp ')'
    | prefixExp '[' exp ']'
    | prefixExp '.' NAME
    | prefixExp ':' NAME args
    | prefixExp args
    ;

variable
    : NAME
    | prefixExp '[' exp ']'
    | prefixExp '.' NAME
    ;

functionCall
    : prefixExp args
    | prefixExp ':' NAME args
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
    | '\\' DIGIT DIGIT? DIGIT?
    | '\\u{' HEX_DIGIT+ '}'
    ;

fragment DIGIT        : [0-9] ;
fragment HEX_DIGIT    : [0-9a-fA-F] ;
fragment EXPONENT     : [eE] [+-]? DIGIT+ ;
fragment BIN_EXPONENT : [pP] [+-]? DIGIT+ ;
