// The arithmetic grammar of "Inputs from Hell" (Soremekun et al.), Fig. 2,
// written for ANTLR: used to check learned and inverted probabilities.
grammar Expr;

start   : expr EOF ;
expr    : term | expr '+' term | expr '-' term ;
term    : factor | term '*' factor | term '/' factor ;
factor  : integer | '(' expr ')' | '+' factor | '-' factor ;
integer : DIGIT | DIGIT integer ;

DIGIT : [0-9] ;
WS    : [ \t\r\n]+ -> skip ;
