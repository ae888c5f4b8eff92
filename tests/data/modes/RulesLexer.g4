// Rules: tokens made in two modes (the shape of grammars-v4's YARA lexer).
// PRIVATE and STRING_ID are made in the default mode and, typed so, in a
// strings mode; after `condition` they are read in the default mode, where
// `privaterule` is one ID and `$` alone is a DOLLAR.
lexer grammar RulesLexer;
PRIVATE : 'private' ;
RULE : 'rule' ;
STRINGS : 'strings' -> mode(STR) ;
CONDITION : 'condition' ;
LB : '{' ;
RB : '}' ;
EQ : '=' ;
DOLLAR : '$' ;
STRING_ID : '$' [a-z0-9]* ;
ID : [a-z] [a-z0-9]* ;
WS : [ \t\r\n]+ -> channel(HIDDEN) ;
mode STR;
WS_S : [ \t\r\n]+ -> channel(HIDDEN) ;
PRIVATE_S : 'private' -> type(PRIVATE) ;
STRING_ID_S : '$' [a-z0-9]* -> type(STRING_ID) ;
EQ_S : '=' -> type(EQ) ;
TEXT : '"' [a-z]* '"' ;
CONDITION_S : 'condition' -> type(CONDITION), mode(DEFAULT_MODE) ;
