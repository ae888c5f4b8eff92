// Words: a grammar with one rare word, for tests/dictionary_e2e.sh and
// tests/compare_e2e.sh.
grammar Words;
start : item* EOF ;
item  : 'hello' | 'zyxwvutsrq' | NAME ;
NAME  : [a-z]+ ;
WS    : [ \n]+ -> skip ;
