// The shape of grammars-v4's Scala 3 grammar: INDENT and DEDENT come from
// its lexer base class, which also decides which NEWLINE tokens the parser
// sees, by Scala 3's regions (grammar/region_layout.h).
lexer grammar RegionsLexer;

tokens { INDENT, DEDENT }

DEF : 'def' ;
IF : 'if' ;
THEN : 'then' ;
ELSE : 'else' ;
MATCH : 'match' ;
YIELD : 'yield' ;
GIVEN : 'given' ;
ARROW : '=>' ;
ASSIGN : '=' ;
DOT : '.' ;
COMMA : ',' ;
LPAREN : '(' ;
RPAREN : ')' ;
LBRACE : '{' ;
RBRACE : '}' ;
IntegerLiteral : [0-9]+ ;
Id : [a-z]+ ;
NEWLINE : '\r'? '\n' ;
WS : [ \t]+ -> channel(HIDDEN) ;
