// Shadowed: Clean with a keyword defined after the identifier rule, so the
// lexer never makes it ("if" is always an ID).
grammar Shadowed;
start : stmt* EOF ;
stmt  : 'let' ID '=' expr ';' | IF expr ';' ;
expr  : expr '+' term | term ;
term  : ID | NUM | '(' expr ')' ;
ID    : [a-z]+ ;
IF    : 'if' ;
NUM   : [0-9]+ ;
WS    : [ \t\r\n]+ -> skip ;
