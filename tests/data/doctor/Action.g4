// Action: Clean with one action (grammut does not run it).
grammar Action;
start : stmt* EOF ;
stmt  : 'let' ID '=' expr ';' {declare($ID.text);} ;
expr  : expr '+' term | term ;
term  : ID | NUM | '(' expr ')' ;
ID    : [a-z]+ ;
NUM   : [0-9]+ ;
WS    : [ \t\r\n]+ -> skip ;
