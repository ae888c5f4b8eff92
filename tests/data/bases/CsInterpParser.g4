parser grammar CsInterpParser;

options { tokenVocab = CsInterpLexer; }

s : expr* EOF ;
expr : ISTR_START part* DOUBLE_QUOTE_INSIDE
     | OPEN_BRACE expr* CLOSE_BRACE
     | ID ;
part : expr (COLON FORMAT_STRING+)?
     | REGULAR_CHAR_INSIDE
     | VERBATIUM_DOUBLE_QUOTE_INSIDE
     | REGULAR_STRING_INSIDE
     | VERBATIUM_INSIDE_STRING ;
