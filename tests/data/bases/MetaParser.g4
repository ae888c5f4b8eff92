parser grammar MetaParser;

options { tokenVocab = MetaLexer; }

s : rule_* EOF ;
rule_ : TOKEN_REF COLON (LEXER_CHAR_SET | TOKEN_REF)+ SEMI
      | RULE_REF argument? COLON (RULE_REF | TOKEN_REF)+ SEMI ;
argument : BEGIN_ARGUMENT ARGUMENT_CONTENT* END_ARGUMENT ;
