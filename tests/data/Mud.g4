// Mud: a name may hold spaces (the shape of grammars-v4's TinyMUD), so the
// blank " " after a keyword runs on into the name (`examine ym` is one
// NAME); the tab, which the lexer also skips, keeps them apart.
grammar Mud;
s : (cmd EOL)+ EOF ;
cmd : EXAMINE NAME | DROP NAME? ;
EXAMINE : 'examine' ;
DROP : 'drop' ;
NAME : [a-zA-Z] [a-zA-Z0-9 ]* ;
EOL : '\r'? '\n' ;
WS : [ \t] -> skip ;
