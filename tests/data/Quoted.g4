// Quoted: a two-sentence language with both quote characters in it, for
// tests/embedded_language_test.cc.
grammar Quoted;
start : 'say "hi"' | 'say it\'s' ;
WS : ' ' -> skip ;
