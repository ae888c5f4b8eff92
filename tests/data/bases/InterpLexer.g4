// The shape of grammars-v4's Swift 5 lexer: `\(` in a string pushes the
// default mode, and the `)` that closes it pops back into the string, by
// code in RPAREN's action; the brackets between are the expression's.
lexer grammar InterpLexer;

ID : [a-z]+ ;
LP : '(' ;
RP : ')' { if (!parens.isEmpty()) { parens.pop(); popMode(); } } ;
STR_OPEN : '"' -> pushMode(STR) ;
WS : [ ]+ -> skip ;

mode STR;
INTERP_OPEN : '\\(' { parens.push(1); } -> pushMode(DEFAULT_MODE) ;
STR_CLOSE : '"' -> popMode ;
TEXT : ~["\\]+ ;
