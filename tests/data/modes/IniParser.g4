parser grammar IniParser;
options { tokenVocab = IniLexer; }
s : group* EOF ;
group : LB NAME RB entry* ;
entry : KEY (LB LANG RB)? EQ VAL? ;
