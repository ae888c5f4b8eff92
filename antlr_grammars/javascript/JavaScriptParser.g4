/*
 * JavaScriptParser.g4 -- the syntax of ECMAScript 5.1 (an ES5.1 profile:
 * see README.md for the policies and for what is left out).  Use it with
 * JavaScriptLexer.g4.  Modern JavaScript (ES2022) is
 * antlr_grammars/ecmascript/.
 *
 * Written for the grammut project from the ECMAScript Language
 * Specification, 5.1 edition, chapters 11-14.  The grammar is loaded
 * through ANTLR's interpreters, so it has no actions and no semantic
 * predicates.  What the specification expresses with lookahead
 * restrictions, the NoIn productions and static rules is written out as
 * separate rules:
 *
 *  - The context of return, break and continue: the statement rules exist
 *    once per context.  The suffix names the function context: none (the
 *    script: no return) or Fn (function bodies: return); then the loop
 *    context: none (only a labelled break), Switch (inside a switch:
 *    break) or Loop (inside a loop: break and continue).  The copies are
 *    generated from one template and must be kept in sync.
 *  - Function declarations are source elements (ES5.1 14, 13): only at the
 *    top level of the program and of function bodies, never in blocks,
 *    case clauses or as the body of if/while/for/labels.
 *  - ExpressionStatement's lookahead restriction (no '{' or 'function'
 *    first): `expressionNB` and the other ...NB rules are copies of the
 *    expression rules whose first operand is not an object literal or a
 *    function expression.  Nor is it a regular expression literal: engines
 *    that tell a regex from a division by the token before it (MuJS) read
 *    `if (x) /a/.test(s);` as a division.
 *  - The NoIn productions (11.8, 12.6): the initializers and expression at
 *    the start of a for statement have no 'in' outside brackets
 *    (`expressionNoIn`), so for (a in b; ;) is not a for loop.
 *  - Automatic semicolon insertion: every statement that ends with ';' in
 *    the specification needs it, except that a return, break, continue,
 *    throw or debugger statement that ends a statement list, before '}' or
 *    the end of the program, may leave it out (`lastStatement...`).
 *    Newlines are never significant.
 *  - Assignment targets are structural (no "1 = 2", "f() = 1", "a + b++"):
 *    `simpleAssignmentTarget` for =, op=, prefix ++/-- and for-in, postfix
 *    ++/-- only after a name or a property access (`chainTail`).
 *
 * Binary operators form a flat chain (operand op operand ...) without
 * precedence levels; see `conditionalExpression`.  Member and call chains
 * are right-recursive (`chainTail`).
 *
 * Static semantics ("early errors") are not checked: undefined labels,
 * duplicate labels, strict-mode restrictions, regular expression
 * semantics.
 */
parser grammar JavaScriptParser;

options {
    tokenVocab = JavaScriptLexer;
}

// ================================================================ programs and source elements

program
    : sourceElement* lastStatement? EOF
    ;

sourceElement
    : statement
    | functionDeclaration
    ;

// ---------------------------------------------------------------- statements in their contexts
// The same rules for each context (see the header): function context
// (none, Fn) times loop context (none, Switch, Loop).  Loops and switch
// statements have one copy per function context; their bodies are in the
// Loop and Switch contexts.

// ======== script level

// ---- script level, outside loops and switch

statement
    : block
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatement
    | doWhileStatement
    | whileStatement
    | forStatement
    | labelledBreakStatement
    | withStatement
    | labelledStatement
    | switchStatementSwitch
    | throwStatement
    | tryStatement
    | debuggerStatement
    ;

block
    : '{' statement* lastStatement? '}'
    ;

ifStatement
    : 'if' '(' expression ')' statement ('else' statement)?
    ;

withStatement
    : 'with' '(' expression ')' statement
    ;

labelledStatement
    : identifier ':' statement
    ;

tryStatement
    : 'try' block (catchClause ('finally' block)? | 'finally' block)
    ;

catchClause
    : 'catch' '(' identifier ')' block
    ;

lastStatement
    : 'break' identifier
    | 'throw' expression
    | 'debugger'
    ;

// ---- script level, in a switch (break allowed)

statementSwitch
    : blockSwitch
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementSwitch
    | doWhileStatement
    | whileStatement
    | forStatement
    | breakStatement
    | withStatementSwitch
    | labelledStatementSwitch
    | switchStatementSwitch
    | throwStatement
    | tryStatementSwitch
    | debuggerStatement
    ;

blockSwitch
    : '{' statementSwitch* lastStatementSwitch? '}'
    ;

ifStatementSwitch
    : 'if' '(' expression ')' statementSwitch ('else' statementSwitch)?
    ;

withStatementSwitch
    : 'with' '(' expression ')' statementSwitch
    ;

labelledStatementSwitch
    : identifier ':' statementSwitch
    ;

tryStatementSwitch
    : 'try' blockSwitch (catchClauseSwitch ('finally' blockSwitch)? | 'finally' blockSwitch)
    ;

catchClauseSwitch
    : 'catch' '(' identifier ')' blockSwitch
    ;

lastStatementSwitch
    : 'break' identifier?
    | 'throw' expression
    | 'debugger'
    ;

// ---- script level, in a loop (break and continue allowed)

statementLoop
    : blockLoop
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementLoop
    | doWhileStatement
    | whileStatement
    | forStatement
    | continueStatement
    | breakStatement
    | withStatementLoop
    | labelledStatementLoop
    | switchStatementLoop
    | throwStatement
    | tryStatementLoop
    | debuggerStatement
    ;

blockLoop
    : '{' statementLoop* lastStatementLoop? '}'
    ;

ifStatementLoop
    : 'if' '(' expression ')' statementLoop ('else' statementLoop)?
    ;

withStatementLoop
    : 'with' '(' expression ')' statementLoop
    ;

labelledStatementLoop
    : identifier ':' statementLoop
    ;

tryStatementLoop
    : 'try' blockLoop (catchClauseLoop ('finally' blockLoop)? | 'finally' blockLoop)
    ;

catchClauseLoop
    : 'catch' '(' identifier ')' blockLoop
    ;

lastStatementLoop
    : 'continue' identifier?
    | 'break' identifier?
    | 'throw' expression
    | 'debugger'
    ;

// ---- script level: loops and switch

doWhileStatement
    : 'do' statementLoop 'while' '(' expression ')' ';'
    ;

whileStatement
    : 'while' '(' expression ')' statementLoop
    ;

forStatement
    : 'for' '(' forHead ')' statementLoop
    ;

switchStatementSwitch
    : 'switch' '(' expression ')' '{' caseClauseSwitch* (defaultClauseSwitch caseClauseSwitch*)? '}'
    ;

caseClauseSwitch
    : 'case' expression ':' statementSwitch*
    ;

defaultClauseSwitch
    : 'default' ':' statementSwitch*
    ;

switchStatementLoop
    : 'switch' '(' expression ')' '{' caseClauseLoop* (defaultClauseLoop caseClauseLoop*)? '}'
    ;

caseClauseLoop
    : 'case' expression ':' statementLoop*
    ;

defaultClauseLoop
    : 'default' ':' statementLoop*
    ;

// ======== function bodies

// ---- function bodies, outside loops and switch

statementFn
    : blockFn
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementFn
    | doWhileStatementFn
    | whileStatementFn
    | forStatementFn
    | labelledBreakStatement
    | returnStatement
    | withStatementFn
    | labelledStatementFn
    | switchStatementFnSwitch
    | throwStatement
    | tryStatementFn
    | debuggerStatement
    ;

blockFn
    : '{' statementFn* lastStatementFn? '}'
    ;

ifStatementFn
    : 'if' '(' expression ')' statementFn ('else' statementFn)?
    ;

withStatementFn
    : 'with' '(' expression ')' statementFn
    ;

labelledStatementFn
    : identifier ':' statementFn
    ;

tryStatementFn
    : 'try' blockFn (catchClauseFn ('finally' blockFn)? | 'finally' blockFn)
    ;

catchClauseFn
    : 'catch' '(' identifier ')' blockFn
    ;

lastStatementFn
    : 'break' identifier
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    ;

// ---- function bodies, in a switch (break allowed)

statementFnSwitch
    : blockFnSwitch
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementFnSwitch
    | doWhileStatementFn
    | whileStatementFn
    | forStatementFn
    | breakStatement
    | returnStatement
    | withStatementFnSwitch
    | labelledStatementFnSwitch
    | switchStatementFnSwitch
    | throwStatement
    | tryStatementFnSwitch
    | debuggerStatement
    ;

blockFnSwitch
    : '{' statementFnSwitch* lastStatementFnSwitch? '}'
    ;

ifStatementFnSwitch
    : 'if' '(' expression ')' statementFnSwitch ('else' statementFnSwitch)?
    ;

withStatementFnSwitch
    : 'with' '(' expression ')' statementFnSwitch
    ;

labelledStatementFnSwitch
    : identifier ':' statementFnSwitch
    ;

tryStatementFnSwitch
    : 'try' blockFnSwitch (catchClauseFnSwitch ('finally' blockFnSwitch)? | 'finally' blockFnSwitch)
    ;

catchClauseFnSwitch
    : 'catch' '(' identifier ')' blockFnSwitch
    ;

lastStatementFnSwitch
    : 'break' identifier?
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    ;

// ---- function bodies, in a loop (break and continue allowed)

statementFnLoop
    : blockFnLoop
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementFnLoop
    | doWhileStatementFn
    | whileStatementFn
    | forStatementFn
    | continueStatement
    | breakStatement
    | returnStatement
    | withStatementFnLoop
    | labelledStatementFnLoop
    | switchStatementFnLoop
    | throwStatement
    | tryStatementFnLoop
    | debuggerStatement
    ;

blockFnLoop
    : '{' statementFnLoop* lastStatementFnLoop? '}'
    ;

ifStatementFnLoop
    : 'if' '(' expression ')' statementFnLoop ('else' statementFnLoop)?
    ;

withStatementFnLoop
    : 'with' '(' expression ')' statementFnLoop
    ;

labelledStatementFnLoop
    : identifier ':' statementFnLoop
    ;

tryStatementFnLoop
    : 'try' blockFnLoop (catchClauseFnLoop ('finally' blockFnLoop)? | 'finally' blockFnLoop)
    ;

catchClauseFnLoop
    : 'catch' '(' identifier ')' blockFnLoop
    ;

lastStatementFnLoop
    : 'continue' identifier?
    | 'break' identifier?
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    ;

// ---- function bodies: loops and switch

doWhileStatementFn
    : 'do' statementFnLoop 'while' '(' expression ')' ';'
    ;

whileStatementFn
    : 'while' '(' expression ')' statementFnLoop
    ;

forStatementFn
    : 'for' '(' forHead ')' statementFnLoop
    ;

switchStatementFnSwitch
    : 'switch' '(' expression ')' '{' caseClauseFnSwitch* (defaultClauseFnSwitch caseClauseFnSwitch*)? '}'
    ;

caseClauseFnSwitch
    : 'case' expression ':' statementFnSwitch*
    ;

defaultClauseFnSwitch
    : 'default' ':' statementFnSwitch*
    ;

switchStatementFnLoop
    : 'switch' '(' expression ')' '{' caseClauseFnLoop* (defaultClauseFnLoop caseClauseFnLoop*)? '}'
    ;

caseClauseFnLoop
    : 'case' expression ':' statementFnLoop*
    ;

defaultClauseFnLoop
    : 'default' ':' statementFnLoop*
    ;

// ---------------------------------------------------------------- statements shared by all contexts

variableStatement
    : variableDeclarationList ';'
    ;

variableDeclarationList
    : 'var' variableDeclaration (',' variableDeclaration)*
    ;

variableDeclaration
    : identifier initializer?
    ;

initializer
    : '=' assignmentExpression
    ;

emptyStatement
    : ';'
    ;

expressionStatement
    : expressionNB ';'
    ;

continueStatement
    : 'continue' identifier? ';'
    ;

breakStatement
    : 'break' identifier? ';'
    ;

// Outside loops and switch statements only a break to a label is allowed.
labelledBreakStatement
    : 'break' identifier ';'
    ;

returnStatement
    : 'return' expression? ';'
    ;

throwStatement
    : 'throw' expression ';'
    ;

debuggerStatement
    : 'debugger' ';'
    ;

// for (init; test; update) and for (left in object).  The init has no
// 'in' outside brackets (ES5.1 12.6.3: ExpressionNoIn,
// VariableDeclarationListNoIn), so `for (var x = a in b)` is a for-in
// with an initializer and `for (a in b; ;)` is an error, as in engines.
forHead
    : forInit? ';' expression? ';' expression?
    | forInLeft 'in' expression
    ;

forInit
    : 'var' variableDeclarationNoIn (',' variableDeclarationNoIn)*
    | expressionNoIn
    ;

forInLeft
    : 'var' variableDeclarationNoIn
    | simpleAssignmentTarget
    ;

variableDeclarationNoIn
    : identifier ('=' assignmentExpressionNoIn)?
    ;

// ================================================================ functions

functionDeclaration
    : 'function' identifier '(' formalParameterList? ')' functionBody
    ;

functionExpression
    : 'function' identifier? '(' formalParameterList? ')' functionBody
    ;

formalParameterList
    : identifier (',' identifier)*
    ;

functionBody
    : '{' sourceElementFn* lastStatementFn? '}'
    ;

sourceElementFn
    : statementFn
    | functionDeclaration
    ;

// ================================================================ expressions
//
// Binary operators are written as a flat chain, operand (op operand)*,
// without precedence levels: every such sequence is valid JavaScript.
// Member and call chains are right-recursive (`chainTail`), so that the
// parser decides whether ++/-- may follow after each property access,
// never before it.

expression
    : assignmentExpression (',' assignmentExpression)*
    ;

assignmentExpression
    : simpleAssignmentTarget assignmentOperator assignmentExpression
    | conditionalExpression
    ;

conditionalExpression
    : unaryExpression (binaryOperator unaryExpression)* ('?' assignmentExpression ':' assignmentExpression)?
    ;

// The operator classes are separate rules so that a generator can learn
// how often each class is used (ANTLR turns a choice between single
// tokens into one set, which has no weights).
binaryOperator
    : multiplicativeOperator
    | additiveOperator
    | shiftOperator
    | relationalOperator
    | equalityOperator
    | bitwiseOperator
    | logicalOperator
    ;

multiplicativeOperator
    : '*' | '/' | '%'
    ;

additiveOperator
    : '+' | '-'
    ;

shiftOperator
    : '<<' | '>>' | '>>>'
    ;

relationalOperator
    : '<' | '>' | '<=' | '>=' | 'instanceof' | 'in'
    ;

equalityOperator
    : '==' | '!=' | '===' | '!=='
    ;

bitwiseOperator
    : '&' | '^' | '|'
    ;

logicalOperator
    : '&&' | '||'
    ;

assignmentOperator
    : '='
    | compoundAssignmentOperator
    ;

compoundAssignmentOperator
    : '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '>>>=' | '&=' | '^='
    | '|='
    ;

unaryExpression
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | postfixExpression
    ;

// What `delete` removes: a property, or a name. ES5 (11.4.1) lets any
// unary expression follow, but engines reject the rest as they reject it
// in strict code (MuJS: "invalid l-value in delete expression" for
// `delete f()` or `delete 1`), so the grammar leaves it out.
deleteTarget
    : primaryExpression deleteChain
    | identifier
    ;

// Accesses and calls ending in a property access.
deleteChain
    : (propertySuffix | arguments) deleteChain
    | propertySuffix
    ;

unaryOperator
    : '!'
    | signOperator
    | '~'
    | unaryKeywordOperator
    ;

signOperator
    : '+' | '-'
    ;

unaryKeywordOperator
    : 'typeof' | 'void'
    ;

// LeftHandSideExpression and PostfixExpression, and prefix ++/--.
postfixExpression
    : primaryExpression chainTail?
    | identifier ('++' | '--')
    | 'new' constructorReference arguments chainTail?
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;

// Property accesses and calls after a primary expression; ++ or -- may
// follow a property access.
chainTail
    : propertySuffix (chainTail | '++' | '--')?
    | arguments chainTail?
    ;

propertySuffix
    : '.' identifierName
    | '[' expression ']'
    ;

// `new` without arguments ("new Date"): nothing can be called or
// accessed on it without parentheses.
newExpression
    : 'new' (constructorReference | newExpression)
    ;

// What `new` constructs: a name or this, and property accesses by name
// (new Date(), new ns.Thing, new this.constructor(x)).  Other forms
// (new a[b](), new (f())(), new function () {}) are left out: they are
// rare, and they would make the parser read far ahead to tell
// "new X(args)" from "new X" followed by other things.
constructorReference
    : (identifier | 'this') ('.' identifierName)*
    ;

// What =, op=, prefix ++/-- and for-in assign to: a name or a property
// access, possibly parenthesized.  The object of the property access is a
// chain of names and this, property accesses and calls; property keys
// ([...]) and call arguments inside a target are simple expressions
// (`targetExpression`: names, literals, such chains, unary and binary
// operators, ++/--), as in a[i + 1], this.items[key],
// el.querySelector("p").style.  Other targets (f(function () {}).x,
// a[b ? c : d], (a || b).c) are not accepted.  Keeping targets simple lets
// the parser tell an assignment from other expressions without reading
// through function literals or other large expressions.
simpleAssignmentTarget
    : identifier
    | memberTarget
    | '(' simpleAssignmentTarget ')'
    ;

memberTarget
    : targetHead targetTail
    ;

targetHead
    : identifier
    | 'this'
    ;

// Ends with a property access.
targetTail
    : targetProperty targetTail?
    | targetArguments targetTail
    ;

targetProperty
    : '.' identifierName
    | '[' targetExpression ']'
    ;

targetArguments
    : '(' (targetExpression (',' targetExpression)*)? ')'
    ;

targetExpression
    : targetOperand (binaryOperator targetOperand)*
    ;

targetOperand
    : literal
    | ('-' | '+' | '!' | '~' | 'typeof') targetOperand
    | identifier ('++' | '--')
    | targetHead targetOperandTail?
    | ('++' | '--') simpleAssignmentTarget
    ;

targetOperandTail
    : targetProperty (targetOperandTail | '++' | '--')?
    | targetArguments targetOperandTail?
    ;

primaryExpression
    : 'this'
    | identifier
    | literal
    | arrayLiteral
    | objectLiteral
    | functionExpression
    | parenthesizedExpression
    ;

parenthesizedExpression
    : '(' expression ')'
    ;

arguments
    : '(' (assignmentExpression (',' assignmentExpression)*)? ')'
    ;

literal
    : 'null'
    | booleanLiteral
    | numericLiteral
    | stringLiteral
    | regularExpressionLiteral
    ;

booleanLiteral
    : 'true' | 'false'
    ;

numericLiteral
    : NUMBER
    ;

stringLiteral
    : STRING
    ;

regularExpressionLiteral
    : REGEX
    ;

// Elisions and a trailing comma: [a, , b,].
arrayLiteral
    : '[' assignmentExpression? (',' assignmentExpression?)* ']'
    ;

objectLiteral
    : '{' (propertyAssignment (',' propertyAssignment)* ','?)? '}'
    ;

propertyAssignment
    : propertyName ':' assignmentExpression
    | 'get' propertyName '(' ')' functionBody
    | 'set' propertyName '(' identifier ')' functionBody
    ;

propertyName
    : identifierName
    | STRING
    | NUMBER
    ;

// ---- expressions that may start an expression statement (NB: no '{',
// 'function' or regular expression first).  Only the first operand
// differs.

expressionNB
    : assignmentExpressionNB (',' assignmentExpression)*
    ;

assignmentExpressionNB
    : simpleAssignmentTarget assignmentOperator assignmentExpression
    | conditionalExpressionNB
    ;

conditionalExpressionNB
    : unaryExpressionNB (binaryOperator unaryExpression)* ('?' assignmentExpression ':' assignmentExpression)?
    ;

unaryExpressionNB
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | postfixExpressionNB
    ;

postfixExpressionNB
    : primaryExpressionNB chainTail?
    | identifier ('++' | '--')
    | 'new' constructorReference arguments chainTail?
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;

primaryExpressionNB
    : 'this'
    | identifier
    | literalNB
    | arrayLiteral
    | parenthesizedExpression
    ;

literalNB
    : 'null'
    | booleanLiteral
    | numericLiteral
    | stringLiteral
    ;

// ---- expressions at the start of a for statement (NoIn: no 'in'
// operator outside brackets).  'in' may still appear between '?' and ':'.

expressionNoIn
    : assignmentExpressionNoIn (',' assignmentExpressionNoIn)*
    ;

assignmentExpressionNoIn
    : simpleAssignmentTarget assignmentOperator assignmentExpressionNoIn
    | conditionalExpressionNoIn
    ;

conditionalExpressionNoIn
    : unaryExpression (binaryOperatorNoIn unaryExpression)* ('?' assignmentExpression ':' assignmentExpressionNoIn)?
    ;

binaryOperatorNoIn
    : multiplicativeOperator
    | additiveOperator
    | shiftOperator
    | relationalOperatorNoIn
    | equalityOperator
    | bitwiseOperator
    | logicalOperator
    ;

relationalOperatorNoIn
    : '<' | '>' | '<=' | '>=' | 'instanceof'
    ;

// ================================================================ names

identifier
    : IDENTIFIER
    | contextualKeyword
    ;

// Words with a special meaning in object literals that are names
// elsewhere.
contextualKeyword
    : 'get'
    | 'set'
    ;

// After '.' and in object literals any word is a name (ES5.1
// IdentifierName).
identifierName
    : identifier
    | reservedWord
    ;

reservedWord
    : 'break' | 'case' | 'catch' | 'class' | 'const' | 'continue'
    | 'debugger' | 'default' | 'delete' | 'do' | 'else' | 'enum' | 'export'
    | 'extends' | 'false' | 'finally' | 'for' | 'function' | 'if' | 'import'
    | 'in' | 'instanceof' | 'new' | 'null' | 'return' | 'super' | 'switch'
    | 'this' | 'throw' | 'true' | 'try' | 'typeof' | 'var' | 'void'
    | 'while' | 'with'
    ;
