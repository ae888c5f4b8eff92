parser grammar Meta2Parser;

options { tokenVocab = Meta2Lexer; }

s : options_? rule_* EOF ;
options_ : OPTIONS LBRACE (RULE_REF OPT_EQ RULE_REF SEMI)* RBRACE ;
rule_ : RULE_REF COLON RULE_REF+ action? SEMI ;
action : BEGIN_ACTION ACTION_CONTENT* END_ACTION ;
