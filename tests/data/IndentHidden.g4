// IndentHidden.g4: the same language with the shape of grammars-v4's
// python/python grammar: line breaks and spaces are hidden tokens whose
// actions would make the logical LINE_BREAK, INDENT and DEDENT, all three
// declared with no lexer rule; and, as grammars-v4's python2, the input
// ends with an ENDMARKER the lexer's code makes.
grammar IndentHidden;

tokens { INDENT, DEDENT, LINE_BREAK, ENDMARKER }

file_input : (LINE_BREAK | stmt)* ENDMARKER ;
stmt : simple_stmt | compound_stmt ;
simple_stmt : small_stmt LINE_BREAK ;
small_stmt : 'pass' | NAME '=' expr | 'print' expr ;
compound_stmt : 'if' expr ':' block ('else' ':' block)?
              | 'while' expr ':' block
              ;
block : simple_stmt | LINE_BREAK INDENT stmt+ DEDENT ;
expr : expr '+' expr | NAME | NUMBER | '(' expr ')' | '[' (expr (',' expr)*)? ']' ;

NAME : [a-z_] [a-z_0-9]* ;
NUMBER : [0-9]+ ;
OPEN_PAREN : '(' {this.IncIndentLevel();} ;
CLOSE_PAREN : ')' {this.DecIndentLevel();} ;
OPEN_BRACKET : '[' {this.IncIndentLevel();} ;
CLOSE_BRACKET : ']' {this.DecIndentLevel();} ;
LINE_JOIN : '\\' [ \t]* '\r'? '\n' -> channel(HIDDEN) ;
NEWLINE : '\r'? '\n' {this.HandleNewLine();} -> channel(HIDDEN) ;
WS : [ \t]+ {this.HandleSpaces();} -> channel(HIDDEN) ;
COMMENT : '#' ~[\r\n]* -> channel(HIDDEN) ;
