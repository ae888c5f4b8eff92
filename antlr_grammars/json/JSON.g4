/*
 * JSON text, as defined by RFC 8259 ("The JavaScript Object Notation (JSON)
 * Data Interchange Format"), written for grammut.
 *
 * Interpreter-friendly: no actions, no predicates, no target-specific code.
 * Insignificant whitespace goes to the hidden channel so that a round trip
 * through the token stream keeps the original formatting as trivia.
 */
grammar JSON;

// ---------------------------------------------------------------------------
// Parser rules
// ---------------------------------------------------------------------------

// JSON-text = ws value ws
json
    : jsonValue EOF
    ;

jsonValue
    : jsonObject
    | jsonArray
    | STRING_LIT
    | NUMBER_LIT
    | TRUE_KW
    | FALSE_KW
    | NULL_KW
    ;

// object = begin-object [ member *( value-separator member ) ] end-object
jsonObject
    : LBRACE ( member ( COMMA member )* )? RBRACE
    ;

// member = string name-separator value
member
    : STRING_LIT COLON jsonValue
    ;

// array = begin-array [ value *( value-separator value ) ] end-array
jsonArray
    : LBRACKET ( jsonValue ( COMMA jsonValue )* )? RBRACKET
    ;

// ---------------------------------------------------------------------------
// Lexer rules
// ---------------------------------------------------------------------------

LBRACE   : '{' ;
RBRACE   : '}' ;
LBRACKET : '[' ;
RBRACKET : ']' ;
COLON    : ':' ;
COMMA    : ',' ;

TRUE_KW  : 'true' ;
FALSE_KW : 'false' ;
NULL_KW  : 'null' ;

// string = quotation-mark *char quotation-mark
STRING_LIT
    : '"' ( ESCAPE_SEQ | UNESCAPED_CHAR )* '"'
    ;

// number = [ minus ] int [ frac ] [ exp ]
NUMBER_LIT
    : '-'? INT_PART FRAC_PART? EXP_PART?
    ;

// ws = *( %x20 / %x09 / %x0A / %x0D )
WS
    : [ \t\n\r]+ -> channel(HIDDEN)
    ;

// escape followed by one of  "  \  /  b  f  n  r  t  uXXXX
fragment ESCAPE_SEQ
    : '\\' ( ["\\/bfnrt] | 'u' HEX_DIGIT HEX_DIGIT HEX_DIGIT HEX_DIGIT )
    ;

// unescaped = %x20-21 / %x23-5B / %x5D-10FFFF
fragment UNESCAPED_CHAR
    : ~["\\\u0000-\u001F]
    ;

fragment HEX_DIGIT
    : [0-9a-fA-F]
    ;

// int = zero / ( digit1-9 *DIGIT )
fragment INT_PART
    : '0'
    | [1-9] DIGIT*
    ;

// frac = decimal-point 1*DIGIT
fragment FRAC_PART
    : '.' DIGIT+
    ;

// exp = e [ minus / plus ] 1*DIGIT
fragment EXP_PART
    : [eE] [+\-]? DIGIT+
    ;

fragment DIGIT
    : [0-9]
    ;
