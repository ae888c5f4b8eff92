// NoInput: its start rule needs a keyword defined after the identifier
// rule, so the lexer never makes it and no input parses at all.
grammar NoInput;
start : IF ID ';' EOF ;
ID    : [a-z]+ ;
IF    : 'if' ;
WS    : [ \t\r\n]+ -> skip ;
