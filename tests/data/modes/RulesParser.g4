parser grammar RulesParser;
options { tokenVocab = RulesLexer; }
s : rule_+ EOF ;
rule_ : PRIVATE? RULE ID LB strings? CONDITION operand+ RB ;
strings : STRINGS (STRING_ID EQ TEXT PRIVATE?)+ ;
operand : STRING_ID | DOLLAR | ID ;
