// NAME is declared (the lexer's code may make it), IMPL is not: ANTLR's
// implicit definition, which no lexer makes.
grammar Implicit;
tokens { NAME }
s : 'let' (NAME | IMPL | ID) ';' EOF ;
ID : [a-z]+ ;
WS : ' ' -> skip ;
