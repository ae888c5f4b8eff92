// Tags: instructions and tags of two or more names.
parser grammar TagsParser;
options { tokenVocab = TagsLexer; }
s : (PI | OPEN NAME NAME+ CLOSE)+ EOF ;
