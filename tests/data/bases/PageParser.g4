parser grammar PageParser;

options { tokenVocab = PageLexer; }

s : part* EOF ;
part : HTML_TEXT | statement | script ;
statement : Name+ SemiColon | OpenCurlyBracket statement* CloseCurlyBracket ;
script : SCRIPT_OPEN TAG_CLOSE ScriptText? HtmlScriptClose ;
