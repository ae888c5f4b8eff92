// Juxt: prefix operators over juxtaposed names (`+ab`, `++abc`): which
// letters end one operand is known only at the end of the input, so
// ANTLR's prediction reads ahead to it from every `+`, and a long input
// costs more than the parse budget allows.
grammar Juxt;
prog : e EOF ;
e : '+' e e | id ;
id : L id | L ;
L : [a-z] ;
