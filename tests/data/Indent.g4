// Indent.g4: a tiny indentation language with the shape of grammars-v4's
// python3 grammar. INDENT and DEDENT are declared with no lexer rule; a
// lexer base class would make them from the actions on NEWLINE and on the
// brackets (grammut makes them itself: grammar/indentation.h).
grammar Indent;

tokens { INDENT, DEDENT }

file_input : (NEWLINE | stmt)* EOF ;
stmt : simple_stmt | compound_stmt ;
simple_stmt : small_stmt (';' small_stmt)* NEWLINE ;
small_stmt : 'pass' | NAME '=' expr | 'print' expr ;
compound_stmt : 'if' expr ':' block ('else' ':' block)?
              | 'while' expr ':' block
              ;
block : simple_stmt | NEWLINE INDENT stmt+ DEDENT ;
expr : expr '+' expr
     | NAME
     | NUMBER
     | STRING
     | '(' expr ')'
     | '[' (expr (',' expr)*)? ']'
     ;

NEWLINE
  : ({this.atStartOfInput()}? SPACES | ('\r'? '\n' | '\r' | '\f') SPACES?)
    {this.onNewLine();}
  ;
NAME : [a-z_] [a-z_0-9]* ;
NUMBER : [0-9]+ ;
STRING : '"""' .*? '"""' | '"' ~["\r\n]* '"' ;
OPEN_PAREN : '(' {this.openBrace();} ;
CLOSE_PAREN : ')' {this.closeBrace();} ;
OPEN_BRACK : '[' {this.openBrace();} ;
CLOSE_BRACK : ']' {this.closeBrace();} ;
SKIP_ : (SPACES | COMMENT | LINE_JOINING) -> skip ;
fragment SPACES : [ \t]+ ;
fragment COMMENT : '#' ~[\r\n\f]* ;
fragment LINE_JOINING : '\\' SPACES? ('\r'? '\n' | '\r' | '\f') ;
