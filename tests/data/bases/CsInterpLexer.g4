// The shape of grammars-v4's C# 6 and 7 lexers (CSharpLexerBase): `{` in an
// interpolated string is skipped and pushes the default mode, whose `}` at
// no depth is skipped and pops it; a `:` there starts the format; `""` and
// backslashes are told by whether the string is verbatim.
lexer grammar CsInterpLexer;

ISTR_START : '$"' { this.OnInterpolatedRegularStringStart(); }
    -> pushMode(INTERPOLATION_STRING) ;
VSTR_START : '$@"' { this.OnInterpolatedVerbatiumStringStart(); }
    -> type(ISTR_START), pushMode(INTERPOLATION_STRING) ;
OPEN_BRACE : '{' { this.OnOpenBrace(); } ;
CLOSE_BRACE : '}' { this.OnCloseBrace(); } ;
COLON : ':' { this.OnColon(); } ;
ID : [a-z]+ ;
WS : [ ]+ -> skip ;

mode INTERPOLATION_STRING;
OPEN_BRACE_INSIDE : '{' { this.OpenBraceInside(); }
    -> skip, pushMode(DEFAULT_MODE) ;
REGULAR_CHAR_INSIDE : { this.IsRegularCharInside() }? '\\' [a-z] ;
VERBATIUM_DOUBLE_QUOTE_INSIDE : { this.IsVerbatiumDoubleQuoteInside() }? '""' ;
DOUBLE_QUOTE_INSIDE : '"' { this.OnDoubleQuoteInside(); } -> popMode ;
REGULAR_STRING_INSIDE : { this.IsRegularCharInside() }? ~('{' | '\\' | '"')+ ;
VERBATIUM_INSIDE_STRING : { this.IsVerbatiumDoubleQuoteInside() }? ~('{' | '"')+ ;

mode INTERPOLATION_FORMAT;
CLOSE_BRACE_INSIDE : '}' { this.OnCloseBraceInside(); } -> skip, popMode ;
FORMAT_STRING : ~'}'+ ;
