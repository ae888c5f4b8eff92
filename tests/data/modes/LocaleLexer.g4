// The shape of grammars-v4's desktop entries: a key's locale `[ll_CC@mod]`
// read in modes, where the country's mode types `@` as AT_0, not the AT
// the parser wants (so a locale with both never parses).
lexer grammar LocaleLexer;

NAME : [a-z]+ ;
LB : '[' -> pushMode(LOCALE) ;
NL : '\n' ;

mode LOCALE;
LANG : [a-z]+ ;
US : '_' -> mode(COUNTRY) ;
AT : '@' -> mode(MODIFIER) ;
RB : ']' -> popMode ;

mode COUNTRY;
CTRY : [A-Z]+ ;
AT_0 : '@' -> mode(MODIFIER) ;
RB_0 : ']' -> type(RB), popMode ;

mode MODIFIER;
MOD : [a-z]+ ;
RB_1 : ']' -> type(RB), popMode ;
