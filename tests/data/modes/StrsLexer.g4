// Strs: strings built over modes with `more` (the shape of grammars-v4 pegen).
lexer grammar StrsLexer;
STRING : '"""' .*? '"""' ;
OPEN : '"' -> more, mode(S) ;
NAME : [a-z]+ ;
PLUS : '+' ;
WS : [ \n]+ -> skip ;
mode E;
ESCAPED : ["\\n] -> more, popMode ;
mode S;
ESC : '\\' -> more, pushMode(E) ;
END : '"' -> type(STRING), mode(DEFAULT_MODE) ;
TEXT : (~["\\] | '""') -> more ;
