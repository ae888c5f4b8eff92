// Lines: `T` opens a mode that runs to the end of the line (the shape of qif).
lexer grammar LinesLexer;
T : 'T' -> pushMode(LINE) ;
C : 'C' ;
WS : [ \t\r\n]+ -> skip ;
mode LINE;
NUM : [0-9]+ ;
TEXT : ~[\r\n0-9] ~[\r\n]* ;
EOL : [\r\n]+ -> skip, popMode ;
