// A small SQL-like grammar whose keywords are case-insensitive through the
// ANTLR 4.10+ lexer option: SELECT, select and SeLeCt are one token.
// Debian's ANTLR 4.7.2 ignores the option (warning 83), so grammut must
// compile it with the 4.13 tool (tests/modern_antlr_test.cc).
grammar CaseInsensitive;

options { caseInsensitive = true; }

script    : statement+ EOF ;
statement : SELECT columns FROM ID (WHERE condition)? ';' ;
columns   : '*' | ID (',' ID)* ;
condition : ID '=' (ID | NUMBER) (AND condition)? ;

SELECT : 'select' ;
FROM   : 'from' ;
WHERE  : 'where' ;
AND    : 'and' ;
ID     : [a-z_] [a-z_0-9]* ;
NUMBER : [0-9]+ ;
WS     : [ \t\r\n]+ -> skip ;
