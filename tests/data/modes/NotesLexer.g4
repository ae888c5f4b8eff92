// Notes: a note's mode is entered only by a skipped `#` (the shape of
// grammars-v4's DGS comments): NOTE_TEXT alone reads as words and an EOL.
lexer grammar NotesLexer;
NUM : [0-9]+ ;
WORD : [a-z]+ ;
EOL : '\n' ;
START_NOTE : '#' -> skip, pushMode(NOTE) ;
WS : [ \t]+ -> skip ;
mode NOTE;
NOTE_TEXT : ~[\n]* '\n' -> popMode ;
