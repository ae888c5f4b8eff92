// Clean: a small grammar with nothing for `grammut doctor` to report
// (tests/doctor_test.cc). The others in this folder each plant one problem.
grammar Clean;
start : stmt* EOF ;
stmt  : 'let' ID '=' expr ';' ;
expr  : expr '+' term | term ;
term  : ID | NUM | '(' expr ')' ;
ID    : [a-z]+ ;
NUM   : [0-9]+ ;
WS    : [ \t\r\n]+ -> skip ;
