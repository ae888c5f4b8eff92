// Tags: a processing instruction built with `more`; blanks skipped only in tags.
lexer grammar TagsLexer;
PI_OPEN : '<?' [a-z]+ -> more, pushMode(PI_MODE) ;
OPEN : '<' -> pushMode(TAG) ;
TEXT : ~[<]+ ;
mode PI_MODE;
PI : '?>' -> popMode ;
PI_TEXT : . -> more ;
mode TAG;
CLOSE : '>' -> popMode ;
NAME : [a-z]+ ;
BLANK : ' ' -> skip ;
