// Calc: a small expression language used by grammut's end-to-end test.
// Programs define functions and variables and print expressions.
grammar Calc;

program   : statement* EOF ;
statement : 'let' NAME '=' expr ';'
          | 'print' expr ';'
          | 'def' NAME '(' params? ')' '=' expr ';'
          ;
params    : NAME (',' NAME)* ;
expr      : expr ('*' | '/' | '%') expr
          | expr ('+' | '-') expr
          | '-' expr
          | '(' expr ')'
          | NAME '(' (expr (',' expr)*)? ')'
          | NAME
          | NUMBER
          ;

NUMBER  : [0-9]+ ;
NAME    : [a-z_] [a-z_0-9]* ;
WS      : [ \t\r\n]+ -> skip ;
COMMENT : '#' ~[\n]* -> skip ;
