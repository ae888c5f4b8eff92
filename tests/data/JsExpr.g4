// The JavaScript expression grammar of Havrikov's dissertation ("Grammar-
// Based Fuzzing Using Input Features", Figure 1.1), written as ANTLR4 for
// the k-path tests: 39, 125, 523, 2331 and 10245 k-paths for k = 1..5.
grammar JsExpr;
expr : addExpr ;
addExpr : multExpr | addExpr ('+' | '-') multExpr ;
multExpr : unaryExpr | multExpr ('*' | '/' | '%') unaryExpr ;
unaryExpr : identifier | '+' unaryExpr | '-' unaryExpr | '++' unaryExpr
          | '--' unaryExpr | '(' addExpr ')' | decDigits ;
decDigits : decDigit+ ;
decDigit : '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' ;
identifier : 'x' | 'y' | 'z' ;
WS : [ \t\r\n]+ -> skip ;
