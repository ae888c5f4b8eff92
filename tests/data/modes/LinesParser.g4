// Lines: records `T` value and `C`.
parser grammar LinesParser;
options { tokenVocab = LinesLexer; }
s : (T (NUM | TEXT) | C)+ EOF ;
