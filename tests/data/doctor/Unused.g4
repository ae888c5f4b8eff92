// Unused: Shadowed with lexer rules the parser never refers to before its
// keyword, whose search spends the lexer check's steps first.
grammar Unused;
start : stmt* EOF ;
stmt  : 'let' ID '=' NUM ';' | IF NUM ';' ;
HEX   : '0x' [0-9a-fA-F]+ ;
FLOAT : [0-9]+ '.' [0-9]* ([eE] [+-]? [0-9]+)? ;
STR   : '"' (~["\\] | '\\' .)* '"' ;
ID    : [a-z]+ ;
IF    : 'if' ;
NUM   : [0-9]+ ;
WS    : [ \t\r\n]+ -> skip ;
