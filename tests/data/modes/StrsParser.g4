// Strs: any sequence of strings, names and plus signs.
parser grammar StrsParser;
options { tokenVocab = StrsLexer; }
s : (STRING | NAME | PLUS)+ EOF ;
