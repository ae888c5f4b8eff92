parser grammar InterpParser;

options { tokenVocab = InterpLexer; }

s : expr* EOF ;
expr : STR_OPEN part* STR_CLOSE | LP expr* RP | ID ;
part : TEXT | INTERP_OPEN expr* RP ;
