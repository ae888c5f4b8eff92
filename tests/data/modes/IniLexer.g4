// Ini: a header's `]` stays in the header mode, a locale's `]` pops back
// to the key's mode (the shape of grammars-v4's desktop-entry lexer), so
// the mode after `]` is known only to a writer that follows the lexer: a
// key after a header needs the newline the header mode leaves by.
lexer grammar IniLexer;
LB : '[' -> mode(HEADER) ;
NL : '\r'? '\n' -> channel(HIDDEN) ;
SP : [ \t]+ -> channel(HIDDEN) ;
mode HEADER;
NAME : [a-z]+ ;
HNL : '\r'? '\n' -> channel(HIDDEN), type(NL), mode(ENTRY) ;
RB : ']' ;
mode ENTRY;
LB_E : '[' -> type(LB), mode(HEADER) ;
KEY : [a-z]+ -> mode(KEYS) ;
ENL : '\r'? '\n' -> channel(HIDDEN), type(NL) ;
ESP : [ \t]+ -> channel(HIDDEN), type(SP) ;
mode KEYS;
EQ : '=' -> mode(VALUE) ;
LOC : '[' -> type(LB), pushMode(LOCALE) ;
mode VALUE;
VAL : ~[\r\n]+ ;
VNL : '\r'? '\n' -> channel(HIDDEN), type(NL), mode(ENTRY) ;
mode LOCALE;
LANG : [a-z]+ ;
LRB : ']' -> type(RB), popMode ;
