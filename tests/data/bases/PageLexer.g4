// The shape of grammars-v4's PHP grammar: its base class leaves code at
// `?>`, which stands for a `;` unless one ends the statement already, and
// after `<script>` reads the script's body in a mode of its own.
lexer grammar PageLexer;

channels { SkipChannel }

CODE_START : '<?' -> channel(SkipChannel), pushMode(PHP) ;
SCRIPT_OPEN : '<script' { this._scriptTag = true; } -> pushMode(TAG) ;
HTML_TEXT : ~[<]+ ;

mode TAG;
TAG_CLOSE : '>' { this.PushModeOnHtmlClose(); } ;
TAG_BLANK : [ \t]+ -> skip ;

mode SCRIPT;
ScriptText : ~[<]+ ;
HtmlScriptClose : '</script>' -> popMode ;

mode PHP;
PHPEnd : '?>' ;
SemiColon : ';' ;
OpenCurlyBracket : '{' ;
CloseCurlyBracket : '}' ;
Name : [a-z]+ ;
Blank : [ \t\r\n]+ -> channel(SkipChannel) ;
