// SQLiteStrings.g4: the small languages SQLite reads from string values.
//
// Written from SQLite's documentation (fts5.html, fts3.html, json1.html,
// lang_datefunc.html, printf.html, lang_expr.html#like, pragma.html), for
// the 3.40 release Debian 12 ships. grammut writes sentences of this
// grammar inside the SQL grammar's STRING_LITERAL tokens (quoted, inner
// quotes doubled), so a MATCH argument can be a full-text query, a
// json_extract() argument a path, a date() argument a modifier, an
// fts5(...) option a tokenizer spec. It is for generation only: sentences
// are never parsed with it, so its lexer only has to keep tokens apart.
grammar SQLiteStrings;

text
    : fts5Query
    | fts3Query
    | jsonPath
    | jsonValue
    | timeValue
    | modifier
    | printfFormat
    | pattern
    | tokenizer
    | ftsCommand
    | optionValue
    ;

// ---- FTS5 full-text queries (fts5.html, "Full-text Query Syntax")
fts5Query : fts5Unit (fts5Operator? fts5Unit)* ;
fts5Operator : 'AND' | 'OR' | 'NOT' ;
fts5Unit
    : fts5Columns? '(' fts5Query ')'
    | fts5Columns? fts5Phrase
    | fts5Columns? 'NEAR' '(' fts5Phrase+ (',' number)? ')'
    ;
fts5Columns : '-'? (word | '{' word+ '}') ':' ;
fts5Phrase : '^'? term ('+' term)* '*'? ;
term : word | DQ_STRING ;

// ---- FTS3/FTS4 full-text queries (fts3.html, "Full-text Index Queries")
fts3Query : fts3Unit (fts3Operator? fts3Unit)* ;
fts3Operator : 'AND' | 'OR' | 'NOT' | 'NEAR' ('/' number)? ;
fts3Unit
    : '(' fts3Query ')'
    | '-'? (word ':')? '^'? (word '*'? | DQ_STRING)
    ;

// ---- JSON paths and documents (json1.html)
jsonPath : '$' jsonStep* ;
jsonStep
    : '.' (word | DQ_STRING)
    | '[' (number | '#' ('-' number)?) ']'
    ;
jsonValue
    : '{' (jsonMember (',' jsonMember)*)? '}'
    | '[' (jsonValue (',' jsonValue)*)? ']'
    | DQ_STRING
    | '-'? number ('.' number)? (('e' | 'E') '-'? number)?
    | 'true' | 'false' | 'null'
    ;
jsonMember : DQ_STRING ':' jsonValue ;

// ---- Dates, times and modifiers (lang_datefunc.html)
timeValue
    : date ('T' clock)? zone?
    | clock zone?
    | 'now'
    | number ('.' number)?
    ;
date : digit digit digit digit '-' digit digit '-' digit digit ;
clock : digit digit ':' digit digit (':' digit digit ('.' digit digit digit)?)? ;
zone : 'Z' | ('+' | '-') digit digit ':' digit digit ;
modifier
    : ('+' | '-')? number ('.' number)? unit
    | ('+' | '-') (clock | date)
    | 'start of month' | 'start of year' | 'start of day'
    | 'weekday ' digit
    | 'unixepoch' | 'julianday' | 'auto' | 'localtime' | 'utc'
    | 'subsec' | 'subsecond'
    ;
unit
    : ' day' | ' days' | ' hour' | ' hours' | ' minute' | ' minutes'
    | ' second' | ' seconds' | ' month' | ' months' | ' year' | ' years'
    ;

// ---- printf() and format() (printf.html)
printfFormat : (word | conversion)+ ;
conversion
    : '%' ('-' | '+' | '#' | '!' | ',')* (number | '*')?
      ('.' (number | '*'))? length? CONVERSION
    | '%%'
    ;
length : 'l' | 'll' ;

// ---- LIKE and GLOB patterns (lang_expr.html)
pattern : (word | '%' | '_' | '*' | '?' | '[' '^'? patternClass+ ']')+ ;
patternClass : word | digit ('-' digit)? | ']' ;

// ---- FTS5 tokenizers (fts5.html, "Tokenizers")
tokenizer
    : 'porter' tokenizer?
    | ('unicode61' | 'ascii') tokenizerOption*
    | 'trigram' ('case_sensitive' digit)? ('remove_diacritics' digit)?
    | 'simple'
    ;
tokenizerOption
    : 'remove_diacritics' digit
    | ('tokenchars' | 'separators' | 'categories') SQ_STRING
    ;

// ---- Special INSERTs of FTS tables (fts5.html, fts3.html)
ftsCommand
    : 'optimize' | 'rebuild' | 'integrity-check' | 'delete-all'
    | ('merge' | 'automerge' | 'crisismerge' | 'usermerge' | 'pgsz'
      | 'deletemerge' | 'hashsize') ('=' number (',' number)?)?
    | 'rank'
    | 'nodesize=' number
    ;

// ---- Option values read from strings (fts5vocab, PRAGMA, fts5 options)
optionValue
    : 'row' | 'col' | 'instance'
    | 'UTF-8' | 'UTF-16' | 'UTF-16le' | 'UTF-16be'
    | 'full' | 'column' | 'none'
    | 'wal' | 'memory' | 'off' | 'delete' | 'truncate' | 'persist'
    | 'exclusive' | 'normal'
    | number (' ' number)*
    | word '(' (number (',' number)*)? ')'
    ;

word : WORD ;
number : digit+ ;
digit : DIGIT ;

CONVERSION : [dfeEgGxXoscqQwzpniuT] ;
DQ_STRING : '"' (~["\\\r\n] | '\\' ["\\/bfnrt])* '"' ;
SQ_STRING : '\'' ~['\r\n]* '\'' ;
DIGIT : [0-9] ;
WORD : [a-zA-Z_\u00C0-\u017F] [a-zA-Z0-9_\u00C0-\u017F]* ;
WS : [ \t]+ -> skip ;
