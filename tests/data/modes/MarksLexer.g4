// Marks (the shape of grammars-v4's YARA rules): `$` alone is a DOLLAR in
// the default mode, while the strings mode reads it as an ID.
lexer grammar MarksLexer;
STRINGS : 'strings:' -> mode(STR) ;
DOLLAR : '$' ;
ID : '$' [a-z]* ;
COMMA : ',' ;
WS : [ \n]+ -> skip ;
mode STR;
CONDITION : 'condition:' -> mode(DEFAULT_MODE) ;
ID_S : ID -> type(ID) ;
EQ : '=' ;
NUM : [0-9]+ ;
WS_S : [ \n]+ -> skip ;
