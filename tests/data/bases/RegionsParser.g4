parser grammar RegionsParser;

options { tokenVocab = RegionsLexer; }

s : stats EOF ;
stats : stat (NEWLINE+ stat)* ;
stat : DEF Id ASSIGN block | IF expr THEN block (ELSE block)? | expr ;
block : INDENT stats DEDENT | expr ;
expr : Id (DOT Id)* args? | IntegerLiteral | LBRACE stats RBRACE
     | Id ARROW block ;
args : LPAREN (expr (COMMA expr)*)? RPAREN ;
