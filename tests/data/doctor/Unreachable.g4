// Unreachable: Clean with a parser rule the start rule never uses.
grammar Unreachable;
start  : stmt* EOF ;
stmt   : 'let' ID '=' expr ';' ;
expr   : expr '+' term | term ;
term   : ID | NUM | '(' expr ')' ;
unused : NUM '-' NUM ;
ID     : [a-z]+ ;
NUM    : [0-9]+ ;
WS     : [ \t\r\n]+ -> skip ;
