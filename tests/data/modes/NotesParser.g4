parser grammar NotesParser;
options { tokenVocab = NotesLexer; }
s : item+ EOF ;
item : NUM | WORD | NOTE_TEXT | EOL ;
