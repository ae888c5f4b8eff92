/*
 * SQLite.g4 -- a grammar for the SQL dialect of SQLite 3.40.
 *
 * Written for the grammut project from SQLite's own SQL syntax documentation
 * ("SQL As Understood By SQLite" and its syntax diagrams).  The grammar is
 * meant to be loaded through ANTLR's interpreters, so it contains no actions
 * and no semantic predicates.  Keywords are case-insensitive through
 * one-letter fragments (the ANTLR tool in use predates the caseInsensitive
 * option).
 *
 * Expression precedence follows SQLite (tightest first): COLLATE, unary
 * - + ~, || -> ->>, * / %, + -, << >> & |, < <= > >=,
 * = == != <> IS IN LIKE GLOB MATCH REGEXP BETWEEN ISNULL NOTNULL,
 * NOT, AND, OR.  In a left-recursive ANTLR rule earlier alternatives bind
 * tighter.
 *
 * Names follow SQLite's parser: many keywords fall back to plain
 * identifiers (`identifier`), a name may also be a string literal or a join
 * keyword where SQLite allows it (`anyName`), an alias without AS may not be
 * a join keyword (`aliasName`), and a function or column name may not be a
 * string (`functionName`, `columnName`).
 */
grammar SQLite;

// ---------------------------------------------------------------- script

sqlScript
    : sqlStatement? (';' sqlStatement?)* EOF
    ;

sqlStatement
    : (K_EXPLAIN (K_QUERY K_PLAN)?)?
      ( alterTableStmt
      | analyzeStmt
      | attachStmt
      | beginStmt
      | commitStmt
      | createIndexStmt
      | createTableStmt
      | createTriggerStmt
      | createViewStmt
      | createVirtualTableStmt
      | detachStmt
      | dropStmt
      | pragmaStmt
      | reindexStmt
      | releaseStmt
      | rollbackStmt
      | savepointStmt
      | vacuumStmt
      | dataStmt
      )
    ;

// INSERT, UPDATE, DELETE and SELECT may all start with a WITH clause; it is
// read once, before the statement, so that telling them apart takes one
// token (with WITH inside each, the parser would read the whole clause
// ahead for every statement to choose).
dataStmt
    : withClause? (insertStmt | updateStmt | deleteStmt | compoundSelect)
    ;

// ---------------------------------------------------------------- schema statements

alterTableStmt
    : K_ALTER K_TABLE qualifiedName
      ( K_RENAME K_TO anyName
      | K_RENAME K_COLUMN? anyName K_TO anyName
      | K_ADD K_COLUMN? columnDef
      | K_DROP K_COLUMN? anyName
      )
    ;

createTableStmt
    : K_CREATE (K_TEMP | K_TEMPORARY)? K_TABLE ifNotExists? qualifiedName
      ( '(' columnDef (',' columnDef)* (',' tableConstraint (','? tableConstraint)*)? ')'
        (tableOption (',' tableOption)*)?
      | K_AS selectStmt
      )
    ;

ifNotExists
    : K_IF K_NOT K_EXISTS
    ;

ifExists
    : K_IF K_EXISTS
    ;

tableOption
    : K_WITHOUT K_ROWID
    | K_STRICT
    ;

columnDef
    : anyName typeName? columnConstraint*
    ;

// A type is one or more names, with up to two size arguments.
typeName
    : aliasName+ ('(' signedNumber (',' signedNumber)? ')')?
    ;

columnConstraint
    : (K_CONSTRAINT anyName)?
      ( K_PRIMARY K_KEY (K_ASC | K_DESC)? conflictClause? K_AUTOINCREMENT?
      | K_NOT K_NULL conflictClause?
      | K_NULL conflictClause?
      | K_UNIQUE conflictClause?
      | K_CHECK '(' expr ')'
      | K_DEFAULT defaultValue
      | K_COLLATE aliasName
      | foreignKeyClause
      | (K_GENERATED K_ALWAYS)? K_AS '(' expr ')' (K_STORED | K_VIRTUAL)?
      )
    ;

defaultValue
    : ('+' | '-')? literalValue
    | '(' expr ')'
    | identifier
    ;

tableConstraint
    : (K_CONSTRAINT anyName)?
      ( (K_PRIMARY K_KEY | K_UNIQUE) '(' indexedColumn (',' indexedColumn)* ')' conflictClause?
      | K_CHECK '(' expr ')'
      | K_FOREIGN K_KEY '(' anyName (',' anyName)* ')' foreignKeyClause
      )
    ;

conflictClause
    : K_ON K_CONFLICT conflictResolution
    ;

conflictResolution
    : K_ROLLBACK
    | K_ABORT
    | K_FAIL
    | K_IGNORE
    | K_REPLACE
    ;

foreignKeyClause
    : K_REFERENCES anyName ('(' anyName (',' anyName)* ')')?
      ( K_ON (K_DELETE | K_UPDATE) foreignKeyAction
      | K_MATCH anyName
      )*
      (K_NOT? K_DEFERRABLE (K_INITIALLY (K_DEFERRED | K_IMMEDIATE))?)?
    ;

foreignKeyAction
    : K_SET K_NULL
    | K_SET K_DEFAULT
    | K_CASCADE
    | K_RESTRICT
    | K_NO K_ACTION
    ;

createIndexStmt
    : K_CREATE K_UNIQUE? K_INDEX ifNotExists? qualifiedName
      K_ON anyName '(' indexedColumn (',' indexedColumn)* ')'
      (K_WHERE expr)?
    ;

// COLLATE is part of the expression.
indexedColumn
    : expr (K_ASC | K_DESC)?
    ;

createViewStmt
    : K_CREATE (K_TEMP | K_TEMPORARY)? K_VIEW ifNotExists? qualifiedName
      ('(' anyName (',' anyName)* ')')?
      K_AS selectStmt
    ;

createTriggerStmt
    : K_CREATE (K_TEMP | K_TEMPORARY)? K_TRIGGER ifNotExists? qualifiedName
      (K_BEFORE | K_AFTER | K_INSTEAD K_OF)?
      (K_DELETE | K_INSERT | K_UPDATE (K_OF anyName (',' anyName)*)?)
      K_ON qualifiedName
      (K_FOR K_EACH K_ROW)?
      (K_WHEN expr)?
      K_BEGIN (triggerBodyStmt ';')+ K_END
    ;

// Inside a trigger, INSERT/UPDATE/DELETE take no WITH, RETURNING, ORDER BY
// or LIMIT, and name their table without a schema, alias or INDEXED BY.
triggerBodyStmt
    : triggerUpdateStmt
    | triggerInsertStmt
    | triggerDeleteStmt
    | selectStmt
    ;

triggerUpdateStmt
    : K_UPDATE (K_OR conflictResolution)? anyName
      K_SET setClause (',' setClause)*
      (K_FROM joinClause)?
      (K_WHERE expr)?
    ;

triggerInsertStmt
    : ( K_INSERT (K_OR conflictResolution)?
      | K_REPLACE
      )
      K_INTO anyName ('(' anyName (',' anyName)* ')')?
      selectStmt upsertClause*
    ;

triggerDeleteStmt
    : K_DELETE K_FROM anyName (K_WHERE expr)?
    ;

// Module arguments are arbitrary token lists, split at top-level commas;
// parentheses nest and may hold commas.  An argument may be empty.
createVirtualTableStmt
    : K_CREATE K_VIRTUAL K_TABLE ifNotExists? qualifiedName
      K_USING anyName ('(' moduleArgument? (',' moduleArgument?)* ')')?
    ;

moduleArgument
    : moduleArgumentPart+
    ;

moduleArgumentPart
    : moduleToken
    | '(' moduleNested* ')'
    ;

moduleNested
    : moduleToken
    | ','
    | '(' moduleNested* ')'
    ;

moduleToken
    : ~( '(' | ')' | ',' | ';'
       | ILLEGAL_NUMBER | SINGLE_LINE_COMMENT | MULTILINE_COMMENT | SPACES
       )
    ;

dropStmt
    : K_DROP (K_INDEX | K_TABLE | K_TRIGGER | K_VIEW) ifExists? qualifiedName
    ;

// ---------------------------------------------------------------- data statements

insertStmt
    : ( K_INSERT (K_OR conflictResolution)?
      | K_REPLACE
      )
      K_INTO qualifiedName (K_AS anyName)? ('(' anyName (',' anyName)* ')')?
      ( selectStmt upsertClause*
      | K_DEFAULT K_VALUES
      )
      returningClause?
    ;

upsertClause
    : K_ON K_CONFLICT ('(' indexedColumn (',' indexedColumn)* ')' (K_WHERE expr)?)?
      K_DO
      ( K_NOTHING
      | K_UPDATE K_SET setClause (',' setClause)* (K_WHERE expr)?
      )
    ;

setClause
    : (anyName | '(' anyName (',' anyName)* ')') '=' expr
    ;

// ORDER BY and LIMIT on UPDATE and DELETE need SQLITE_ENABLE_UPDATE_DELETE_LIMIT
// (Debian's build has it); SQLite wants LIMIT whenever ORDER BY is given.
updateStmt
    : K_UPDATE (K_OR conflictResolution)? qualifiedTableName
      K_SET setClause (',' setClause)*
      (K_FROM joinClause)?
      (K_WHERE expr)?
      returningClause?
      (orderByClause? limitClause)?
    ;

deleteStmt
    : K_DELETE K_FROM qualifiedTableName
      (K_WHERE expr)?
      returningClause?
      (orderByClause? limitClause)?
    ;

returningClause
    : K_RETURNING resultColumn (',' resultColumn)*
    ;

qualifiedTableName
    : qualifiedName (K_AS anyName)? (K_INDEXED K_BY anyName | K_NOT K_INDEXED)?
    ;

// ---------------------------------------------------------------- select

selectStmt
    : withClause? compoundSelect
    ;

// ORDER BY and LIMIT belong to the last SELECT of a compound; after a
// VALUES list they are a syntax error in SQLite.
compoundSelect
    : selectCore
      ( compoundOperator compoundSelect
      | orderByClause? limitClause?
      )
    | valuesClause (compoundOperator compoundSelect)?
    ;

withClause
    : K_WITH K_RECURSIVE? commonTableExpression (',' commonTableExpression)*
    ;

commonTableExpression
    : anyName ('(' anyName (',' anyName)* ')')?
      K_AS (K_NOT? K_MATERIALIZED)? '(' selectStmt ')'
    ;

selectCore
    : K_SELECT (K_DISTINCT | K_ALL)? resultColumn (',' resultColumn)*
      (K_FROM joinClause)?
      (K_WHERE expr)?
      (K_GROUP K_BY expr (',' expr)*)?
      (K_HAVING expr)?
      (K_WINDOW windowDecl (',' windowDecl)*)?
    ;

valuesClause
    : K_VALUES valuesRow (',' valuesRow)*
    ;

valuesRow
    : '(' expr (',' expr)* ')'
    ;

compoundOperator
    : K_UNION K_ALL?
    | K_INTERSECT
    | K_EXCEPT
    ;

resultColumn
    : '*'
    | qualifierName '.' '*'
    | expr (K_AS anyName | columnAlias)?
    ;

joinClause
    : tableOrSubquery (joinOperator tableOrSubquery joinConstraint?)*
    ;

joinOperator
    : ','
    | K_NATURAL? (K_LEFT K_OUTER? | K_RIGHT K_OUTER? | K_FULL K_OUTER? | K_INNER | K_CROSS)? K_JOIN
    ;

joinConstraint
    : K_ON expr
    | K_USING '(' anyName (',' anyName)* ')'
    ;

tableOrSubquery
    : qualifiedName tableAlias? (K_INDEXED K_BY anyName | K_NOT K_INDEXED)?
    | qualifiedName '(' (expr (',' expr)*)? ')' tableAlias?
    | '(' selectStmt ')' tableAlias?
    | '(' joinClause ')' tableAlias?
    ;

tableAlias
    : K_AS anyName
    | aliasName
    ;

orderByClause
    : K_ORDER K_BY orderingTerm (',' orderingTerm)*
    ;

orderingTerm
    : expr (K_ASC | K_DESC)? (K_NULLS (K_FIRST | K_LAST))?
    ;

limitClause
    : K_LIMIT expr ((K_OFFSET | ',') expr)?
    ;

windowDecl
    : anyName K_AS windowDefn
    ;

windowDefn
    : '(' anyName? (K_PARTITION K_BY expr (',' expr)*)? orderByClause? frameSpec? ')'
    ;

frameSpec
    : (K_RANGE | K_ROWS | K_GROUPS)
      ( K_BETWEEN frameStart K_AND frameEnd
      | frameStart
      )
      (K_EXCLUDE (K_NO K_OTHERS | K_CURRENT K_ROW | K_GROUP | K_TIES))?
    ;

frameStart
    : K_UNBOUNDED K_PRECEDING
    | frameBound
    ;

frameEnd
    : K_UNBOUNDED K_FOLLOWING
    | frameBound
    ;

frameBound
    : K_CURRENT K_ROW
    | expr (K_PRECEDING | K_FOLLOWING)
    ;

// ---------------------------------------------------------------- other statements

beginStmt
    : K_BEGIN (K_DEFERRED | K_IMMEDIATE | K_EXCLUSIVE)? (K_TRANSACTION anyName?)?
    ;

commitStmt
    : (K_COMMIT | K_END) (K_TRANSACTION anyName?)?
    ;

rollbackStmt
    : K_ROLLBACK (K_TRANSACTION anyName?)? (K_TO K_SAVEPOINT? anyName)?
    ;

savepointStmt
    : K_SAVEPOINT anyName
    ;

releaseStmt
    : K_RELEASE K_SAVEPOINT? anyName
    ;

pragmaStmt
    : K_PRAGMA qualifiedName ('=' pragmaValue | '(' pragmaValue ')')?
    ;

pragmaValue
    : signedNumber
    | anyName
    | K_ON
    | K_DELETE
    | K_DEFAULT
    ;

analyzeStmt
    : K_ANALYZE qualifiedName?
    ;

// The schema name is an expression too (a bare name reads as a string).
attachStmt
    : K_ATTACH K_DATABASE? expr K_AS expr (K_KEY expr)?
    ;

detachStmt
    : K_DETACH K_DATABASE? expr
    ;

reindexStmt
    : K_REINDEX qualifiedName?
    ;

vacuumStmt
    : K_VACUUM anyName? (K_INTO expr)?
    ;

// ---------------------------------------------------------------- expressions

// Expressions come in two tiers.  `operand` holds everything that binds
// tighter than the equality level; `expr` adds the loose operators.  The
// split lets the bounds of BETWEEN and the pattern of LIKE ... ESCAPE stop
// before a following AND, as in SQLite, without semantic predicates.
expr
    : operand
    | expr K_NOT? (K_LIKE | K_GLOB | K_REGEXP | K_MATCH) expr (K_ESCAPE expr)?
    | expr ( '=' | '==' | '!=' | '<>'
           | K_IS K_NOT? (K_DISTINCT K_FROM)?
           ) expr
    | expr K_NOT? K_IN inTarget
    | expr K_NOT? K_BETWEEN operand K_AND operand
    | expr (K_ISNULL | K_NOTNULL | K_NOT K_NULL)
    | K_NOT expr
    | expr K_AND expr
    | expr K_OR expr
    ;

operand
    : literalValue
    | BIND_PARAMETER
    | functionCall
    | columnRef
    | '(' expr (',' expr)* ')'
    | '(' selectStmt ')'
    | K_EXISTS '(' selectStmt ')'
    | K_CAST '(' expr K_AS typeName ')'
    | K_CASE expr? (K_WHEN expr K_THEN expr)+ (K_ELSE expr)? K_END
    | raiseFunction
    | operand K_COLLATE aliasName
    | ('-' | '+' | '~') operand
    | operand ('||' | '->' | '->>') operand
    | operand ('*' | '/' | '%') operand
    | operand ('+' | '-') operand
    | operand ('<<' | '>>' | '&' | '|') operand
    | operand ('<' | '<=' | '>' | '>=') operand
    ;

inTarget
    : '(' (selectStmt | expr (',' expr)*)? ')'
    | qualifiedName ('(' (expr (',' expr)*)? ')')?
    ;

columnRef
    : (qualifierName '.' (anyName '.')?)? columnName
    ;

// CAST, RAISE and CURRENT_TIME etc. start expressions of their own, so at
// the start of an expression SQLite never reads them as names.
qualifierName
    : IDENTIFIER
    | STRING_LITERAL
    | fallbackKeyword
    | operatorKeyword
    | joinKeyword
    ;

columnName
    : IDENTIFIER
    | fallbackKeyword
    | operatorKeyword
    | joinKeyword
    ;

// SQLite 3.40 has no ORDER BY inside aggregate arguments (that came in 3.44).
functionCall
    : functionName '(' (K_DISTINCT? expr (',' expr)* | '*')? ')'
      filterClause?
      (K_OVER (windowDefn | anyName))?
    ;

// Join keywords cannot name functions either.
functionName
    : IDENTIFIER
    | fallbackKeyword
    | operatorKeyword
    ;

filterClause
    : K_FILTER '(' K_WHERE expr ')'
    ;

raiseFunction
    : K_RAISE '(' (K_IGNORE | (K_ROLLBACK | K_ABORT | K_FAIL) ',' anyName) ')'
    ;

literalValue
    : NUMERIC_LITERAL
    | STRING_LITERAL
    | BLOB_LITERAL
    | K_NULL
    | K_CURRENT_TIME
    | K_CURRENT_DATE
    | K_CURRENT_TIMESTAMP
    ;

signedNumber
    : ('+' | '-')? NUMERIC_LITERAL
    ;

qualifiedName
    : (anyName '.')? anyName
    ;

// ---------------------------------------------------------------- names

// SQLite's `nm`: an identifier, a string literal or a join keyword.
anyName
    : identifier
    | STRING_LITERAL
    | joinKeyword
    ;

// SQLite's `ids` (a type or collation name, a table alias without AS): an
// identifier or a string literal, never a join keyword.
aliasName
    : identifier
    | STRING_LITERAL
    ;

// An alias right after a result expression, without AS: LIKE, GLOB, MATCH
// and REGEXP would continue the expression there.
columnAlias
    : IDENTIFIER
    | fallbackKeyword
    | STRING_LITERAL
    ;

// A plain or quoted identifier, or a keyword that SQLite's parser lets fall
// back to an identifier (its %fallback ID list, plus FILTER, OVER and WINDOW,
// which its tokenizer only treats as keywords in context).  ROWID, STRICT
// and STORED are no keywords for SQLite at all.
identifier
    : IDENTIFIER
    | fallbackKeyword
    | operatorKeyword
    | expressionKeyword
    ;

fallbackKeyword
    : K_ABORT | K_ACTION | K_AFTER | K_ALWAYS | K_ANALYZE | K_ASC | K_ATTACH
    | K_BEFORE | K_BEGIN | K_BY | K_CASCADE | K_COLUMN | K_CONFLICT
    | K_CURRENT | K_DATABASE | K_DEFERRED | K_DESC | K_DETACH | K_DO | K_EACH
    | K_END | K_EXCLUDE | K_EXCLUSIVE | K_EXPLAIN | K_FAIL | K_FILTER
    | K_FIRST | K_FOLLOWING | K_FOR | K_GENERATED | K_GROUPS | K_IF
    | K_IGNORE | K_IMMEDIATE | K_INITIALLY | K_INSTEAD | K_KEY | K_LAST
    | K_MATERIALIZED | K_NO | K_NULLS | K_OF | K_OFFSET | K_OTHERS
    | K_OVER | K_PARTITION | K_PLAN | K_PRAGMA | K_PRECEDING | K_QUERY
    | K_RANGE | K_RECURSIVE | K_REINDEX | K_RELEASE | K_RENAME | K_REPLACE
    | K_RESTRICT | K_ROLLBACK | K_ROW | K_ROWS | K_SAVEPOINT | K_TEMP
    | K_TEMPORARY | K_TIES | K_TRIGGER | K_UNBOUNDED | K_VACUUM | K_VIEW
    | K_VIRTUAL | K_WINDOW | K_WITH | K_WITHOUT
    | K_ROWID | K_STRICT | K_STORED
    ;

// Fallback keywords that are binary operators.
operatorKeyword
    : K_LIKE | K_GLOB | K_MATCH | K_REGEXP
    ;

// Fallback keywords that start an expression of their own.
expressionKeyword
    : K_CAST | K_RAISE | K_CURRENT_DATE | K_CURRENT_TIME | K_CURRENT_TIMESTAMP
    ;

joinKeyword
    : K_CROSS | K_FULL | K_INNER | K_LEFT | K_NATURAL | K_OUTER | K_RIGHT
    ;

// ================================================================ lexer

SCOL      : ';' ;
DOT       : '.' ;
OPEN_PAR  : '(' ;
CLOSE_PAR : ')' ;
COMMA     : ',' ;
ASSIGN    : '=' ;
STAR      : '*' ;
PLUS      : '+' ;
MINUS     : '-' ;
TILDE     : '~' ;
PIPE2     : '||' ;
JSON_PTR  : '->' ;
JSON_PTR2 : '->>' ;
DIV       : '/' ;
MOD       : '%' ;
LT2       : '<<' ;
GT2       : '>>' ;
AMP       : '&' ;
PIPE      : '|' ;
LT        : '<' ;
LT_EQ     : '<=' ;
GT        : '>' ;
GT_EQ     : '>=' ;
EQ        : '==' ;
NOT_EQ1   : '!=' ;
NOT_EQ2   : '<>' ;

// Keywords (must precede IDENTIFIER so that they win ties).
K_ABORT : A B O R T ;
K_ACTION : A C T I O N ;
K_ADD : A D D ;
K_AFTER : A F T E R ;
K_ALL : A L L ;
K_ALTER : A L T E R ;
K_ALWAYS : A L W A Y S ;
K_ANALYZE : A N A L Y Z E ;
K_AND : A N D ;
K_AS : A S ;
K_ASC : A S C ;
K_ATTACH : A T T A C H ;
K_AUTOINCREMENT : A U T O I N C R E M E N T ;
K_BEFORE : B E F O R E ;
K_BEGIN : B E G I N ;
K_BETWEEN : B E T W E E N ;
K_BY : B Y ;
K_CASCADE : C A S C A D E ;
K_CASE : C A S E ;
K_CAST : C A S T ;
K_CHECK : C H E C K ;
K_COLLATE : C O L L A T E ;
K_COLUMN : C O L U M N ;
K_COMMIT : C O M M I T ;
K_CONFLICT : C O N F L I C T ;
K_CONSTRAINT : C O N S T R A I N T ;
K_CREATE : C R E A T E ;
K_CROSS : C R O S S ;
K_CURRENT : C U R R E N T ;
K_CURRENT_DATE : C U R R E N T '_' D A T E ;
K_CURRENT_TIME : C U R R E N T '_' T I M E ;
K_CURRENT_TIMESTAMP : C U R R E N T '_' T I M E S T A M P ;
K_DATABASE : D A T A B A S E ;
K_DEFAULT : D E F A U L T ;
K_DEFERRABLE : D E F E R R A B L E ;
K_DEFERRED : D E F E R R E D ;
K_DELETE : D E L E T E ;
K_DESC : D E S C ;
K_DETACH : D E T A C H ;
K_DISTINCT : D I S T I N C T ;
K_DO : D O ;
K_DROP : D R O P ;
K_EACH : E A C H ;
K_ELSE : E L S E ;
K_END : E N D ;
K_ESCAPE : E S C A P E ;
K_EXCEPT : E X C E P T ;
K_EXCLUDE : E X C L U D E ;
K_EXCLUSIVE : E X C L U S I V E ;
K_EXISTS : E X I S T S ;
K_EXPLAIN : E X P L A I N ;
K_FAIL : F A I L ;
K_FILTER : F I L T E R ;
K_FIRST : F I R S T ;
K_FOLLOWING : F O L L O W I N G ;
K_FOR : F O R ;
K_FOREIGN : F O R E I G N ;
K_FROM : F R O M ;
K_FULL : F U L L ;
K_GENERATED : G E N E R A T E D ;
K_GLOB : G L O B ;
K_GROUP : G R O U P ;
K_GROUPS : G R O U P S ;
K_HAVING : H A V I N G ;
K_IF : I F ;
K_IGNORE : I G N O R E ;
K_IMMEDIATE : I M M E D I A T E ;
K_IN : I N ;
K_INDEX : I N D E X ;
K_INDEXED : I N D E X E D ;
K_INITIALLY : I N I T I A L L Y ;
K_INNER : I N N E R ;
K_INSERT : I N S E R T ;
K_INSTEAD : I N S T E A D ;
K_INTERSECT : I N T E R S E C T ;
K_INTO : I N T O ;
K_IS : I S ;
K_ISNULL : I S N U L L ;
K_JOIN : J O I N ;
K_KEY : K E Y ;
K_LAST : L A S T ;
K_LEFT : L E F T ;
K_LIKE : L I K E ;
K_LIMIT : L I M I T ;
K_MATCH : M A T C H ;
K_MATERIALIZED : M A T E R I A L I Z E D ;
K_NATURAL : N A T U R A L ;
K_NO : N O ;
K_NOT : N O T ;
K_NOTHING : N O T H I N G ;
K_NOTNULL : N O T N U L L ;
K_NULL : N U L L ;
K_NULLS : N U L L S ;
K_OF : O F ;
K_OFFSET : O F F S E T ;
K_ON : O N ;
K_OR : O R ;
K_ORDER : O R D E R ;
K_OTHERS : O T H E R S ;
K_OUTER : O U T E R ;
K_OVER : O V E R ;
K_PARTITION : P A R T I T I O N ;
K_PLAN : P L A N ;
K_PRAGMA : P R A G M A ;
K_PRECEDING : P R E C E D I N G ;
K_PRIMARY : P R I M A R Y ;
K_QUERY : Q U E R Y ;
K_RAISE : R A I S E ;
K_RANGE : R A N G E ;
K_RECURSIVE : R E C U R S I V E ;
K_REFERENCES : R E F E R E N C E S ;
K_REGEXP : R E G E X P ;
K_REINDEX : R E I N D E X ;
K_RELEASE : R E L E A S E ;
K_RENAME : R E N A M E ;
K_REPLACE : R E P L A C E ;
K_RESTRICT : R E S T R I C T ;
K_RETURNING : R E T U R N I N G ;
K_RIGHT : R I G H T ;
K_ROLLBACK : R O L L B A C K ;
K_ROW : R O W ;
K_ROWID : R O W I D ;
K_ROWS : R O W S ;
K_SAVEPOINT : S A V E P O I N T ;
K_SELECT : S E L E C T ;
K_SET : S E T ;
K_STORED : S T O R E D ;
K_STRICT : S T R I C T ;
K_TABLE : T A B L E ;
K_TEMP : T E M P ;
K_TEMPORARY : T E M P O R A R Y ;
K_THEN : T H E N ;
K_TIES : T I E S ;
K_TO : T O ;
K_TRANSACTION : T R A N S A C T I O N ;
K_TRIGGER : T R I G G E R ;
K_UNBOUNDED : U N B O U N D E D ;
K_UNION : U N I O N ;
K_UNIQUE : U N I Q U E ;
K_UPDATE : U P D A T E ;
K_USING : U S I N G ;
K_VACUUM : V A C U U M ;
K_VALUES : V A L U E S ;
K_VIEW : V I E W ;
K_VIRTUAL : V I R T U A L ;
K_WHEN : W H E N ;
K_WHERE : W H E R E ;
K_WINDOW : W I N D O W ;
K_WITH : W I T H ;
K_WITHOUT : W I T H O U T ;

IDENTIFIER
    : '"' (~'"' | '""')* '"'
    | '`' (~'`' | '``')* '`'
    | '[' ~']'* ']'
    | IDENT_START IDENT_PART*
    ;

NUMERIC_LITERAL
    : NUMBER_FRAG
    ;

// SQLite rejects a number that runs straight into identifier characters
// ("1abc", "0x1g", "1e5x").  The parser never accepts this token; it is here
// so that such text is one bad token, as for SQLite, and so that a generator
// knows to put a space between a number and a following word.
ILLEGAL_NUMBER
    : NUMBER_FRAG IDENT_PART+
    ;

// ?, ?NNN, :name, @name, $name (and #name, which SQLite also takes when the
// name does not start with a digit).  Names may contain "::" and end in a
// Tcl-style "(...)" suffix without spaces.
BIND_PARAMETER
    : '?' DIGIT*
    | [:@$] BIND_NAME_PART* IDENT_PART BIND_NAME_PART* TCL_SUFFIX?
    | '#' IDENT_START BIND_NAME_PART* TCL_SUFFIX?
    ;

STRING_LITERAL
    : '\'' (~'\'' | '\'\'')* '\''
    ;

// An even number of hex digits.
BLOB_LITERAL
    : [xX] '\'' (HEX_DIGIT HEX_DIGIT)* '\''
    ;

SINGLE_LINE_COMMENT
    : '--' ~[\r\n]* -> channel(HIDDEN)
    ;

MULTILINE_COMMENT
    : '/*' .*? ('*/' | EOF) -> channel(HIDDEN)
    ;

SPACES
    : [ \t\r\n\f\u000B]+ -> channel(HIDDEN)
    ;

fragment IDENT_START : [a-zA-Z_\u0080-\u{10FFFF}] ;
fragment IDENT_PART  : [a-zA-Z_0-9$\u0080-\u{10FFFF}] ;
fragment BIND_NAME_PART : IDENT_PART | '::' ;
fragment TCL_SUFFIX     : '(' ~[ \t\r\n\f\u000B)]* ')' ;
fragment NUMBER_FRAG
    : DIGIT+ ('.' DIGIT*)? EXPONENT?
    | '.' DIGIT+ EXPONENT?
    | '0' [xX] HEX_DIGIT+
    ;
fragment DIGIT       : [0-9] ;
fragment HEX_DIGIT   : [0-9a-fA-F] ;
fragment EXPONENT    : [eE] [+-]? DIGIT+ ;

fragment A : [aA] ;
fragment B : [bB] ;
fragment C : [cC] ;
fragment D : [dD] ;
fragment E : [eE] ;
fragment F : [fF] ;
fragment G : [gG] ;
fragment H : [hH] ;
fragment I : [iI] ;
fragment J : [jJ] ;
fragment K : [kK] ;
fragment L : [lL] ;
fragment M : [mM] ;
fragment N : [nN] ;
fragment O : [oO] ;
fragment P : [pP] ;
fragment Q : [qQ] ;
fragment R : [rR] ;
fragment S : [sS] ;
fragment T : [tT] ;
fragment U : [uU] ;
fragment V : [vV] ;
fragment W : [wW] ;
fragment X : [xX] ;
fragment Y : [yY] ;
fragment Z : [zZ] ;
