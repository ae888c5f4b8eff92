// The shape of ANTLR's own grammar (grammars-v4 antlr/antlr4): its base
// class retypes names by their first letter and tells a lexer rule's `[`
// (a character set) from a parser rule's (an argument).
lexer grammar MetaLexer;

tokens { TOKEN_REF, RULE_REF, LEXER_CHAR_SET }

COLON : ':' ;
SEMI : ';' ;
ID : [a-zA-Z]+ ;
BEGIN_ARGUMENT : '[' { this.handleBeginArgument(); } ;
WS : [ \t\r\n]+ -> skip ;

mode Argument;
NESTED_ARGUMENT : '[' -> type(ARGUMENT_CONTENT), pushMode(Argument) ;
END_ARGUMENT : ']' { this.handleEndArgument(); } ;
ARGUMENT_CONTENT : . ;

mode LexerCharSet;
LEXER_CHAR_SET_BODY : (~[\]\\] | '\\' .)+ -> more ;
LEXER_CHAR_SET : ']' -> popMode ;
