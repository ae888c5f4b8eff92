// Marks: strings defined by ID, then a condition that uses them and may
// end with `$`.
parser grammar MarksParser;
options { tokenVocab = MarksLexer; }
s : STRINGS def+ CONDITION use (COMMA use)* DOLLAR? EOF ;
def : ID EQ NUM ;
use : ID ;
