// Find: `find WORD`, for tests/embedded_language_test.cc.
grammar Find;
start : 'find' WORD ;
WORD : [a-z]+ ;
WS : ' ' -> skip ;
