// The shape of the ANTLR 2 and 3 grammars (grammars-v4 antlr/antlr2,
// antlr/antlr3): their base class also ends an action at the `}` that
// closes it (a nested one's `}` is action content) and reads the `{` of an
// options block as LBRACE.
lexer grammar Meta2Lexer;

tokens { TOKEN_REF, RULE_REF, LBRACE }

OPTIONS : 'options' -> pushMode(Options) ;
COLON : ':' ;
SEMI : ';' ;
RBRACE : '}' ;
ID : [a-zA-Z]+ ;
BEGIN_ARGUMENT : '[' { this.handleBeginArgument(); } ;
BEGIN_ACTION : '{' -> pushMode(Actionx) ;
WS : [ \t\r\n]+ -> skip ;

mode Argument;
NESTED_ARGUMENT : '[' -> type(ARGUMENT_CONTENT), pushMode(Argument) ;
END_ARGUMENT : ']' { this.handleEndArgument(); } ;
ARGUMENT_CONTENT : . ;

mode Actionx;
NESTED_ACTION : '{' -> type(ACTION_CONTENT), pushMode(Actionx) ;
END_ACTION : '}' { this.handleEndAction(); } ;
ACTION_CONTENT : . ;

mode Options;
OPT_LBRACE : '{' { this.handleOptionsLBrace(); } ;
OPT_ID : [a-z]+ -> type(ID) ;
OPT_EQ : '=' ;
OPT_SEMI : ';' -> type(SEMI) ;
OPT_RBRACE : '}' -> type(RBRACE), popMode ;
OPT_WS : [ \t\r\n]+ -> skip ;
