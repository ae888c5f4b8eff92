// Lexer of the Feat grammar: exercises what an ATN can hold, written by
// ANTLR 4.13 as serialization version 4 (see README.md in this folder).
lexer grammar FeatLexer;

options { caseInsensitive = true; }

channels { COMMENTS }

SELECT : 'select' ;
FROM   : 'from' ;
WHERE  : 'where' ;
AND    : 'and' ;
OR     : 'or' ;
NOT    : 'not' ;
LPAREN : '(' ;
RPAREN : ')' ;
COMMA  : ',' ;
SEMI   : ';' ;
STAR   : '*' ;
SLASH  : '/' ;
PLUS   : '+' ;
MINUS  : '-' ;
EQ     : '=' ;
EQEQ   : '==' -> type(EQ) ;
// Code points above U+FFFF: a range, an atom, and a set mixing both planes.
EMOJI  : [\u{1F600}-\u{1F64F}] ;
ROCKET : '\u{1F680}' ;
ID     : [a-z_\u{10400}-\u{1044F}] [a-z_0-9]* ;
NUMBER : DIGIT+ ('.' DIGIT+)? ;
fragment DIGIT : [0-9] ;
QUOTE  : '\'' -> pushMode(IN_STRING) ;
LINE_COMMENT  : '--' ~[\r\n]* -> channel(COMMENTS) ;
BLOCK_COMMENT : '/*' .*? '*/' -> channel(HIDDEN) ;
WS     : [ \t\r\n]+ -> skip ;

mode IN_STRING;
STRING_TEXT  : ~['\r\n]+ ;
STRING_CLOSE : '\'' -> popMode ;
