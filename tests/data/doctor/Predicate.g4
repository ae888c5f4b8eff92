// Predicate: Clean with one semantic predicate (grammut takes it as true).
grammar Predicate;
start : stmt* EOF ;
stmt  : 'let' ID '=' expr ';' ;
expr  : expr '+' term | term ;
term  : {isDeclared()}? ID | NUM | '(' expr ')' ;
ID    : [a-z]+ ;
NUM   : [0-9]+ ;
WS    : [ \t\r\n]+ -> skip ;
