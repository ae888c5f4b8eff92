/*
 * JavaScriptParser.g4 -- the syntax of ECMAScript: ES5.1 complete plus the
 * ES2015+ syntax that engines commonly accept (see README.md for the list
 * and for what is left out).  Use it with JavaScriptLexer.g4.
 *
 * Written for the grammut project from the ECMAScript Language
 * Specification: ES5.1 chapters 11-14 and ECMA-262 2015+ sections 12-15.
 * The grammar is loaded through ANTLR's interpreters, so it has no actions
 * and no semantic predicates.  What the specification expresses with
 * lookahead restrictions, grammar parameters and cover grammars is written
 * out as separate rules:
 *
 *  - [Return] / [Yield] and the context of break/continue: the statement
 *    rules exist once per context.  The suffix names the function context:
 *    none (the script: no return), Fn (function bodies: return) or Gen
 *    (generator bodies: return and yield); then the loop context: none
 *    (only a labelled break), Switch (inside a switch: break) or Loop
 *    (inside a loop: break and continue).  The copies are generated from
 *    one template and must be kept in sync.  `yield` is only accepted at
 *    statement level: as an expression statement, as the value of an
 *    assignment, or as the initializer of a declaration.
 *  - ExpressionStatement's lookahead restriction (no '{', 'function' or
 *    'class' first): `expressionNB` and the other ...NB rules are copies of
 *    the expression rules whose first operand is not an object literal,
 *    function, generator or class expression.  An arrow function's concise
 *    body uses them too (it may not start with '{'; a bare function or
 *    class expression is allowed there).
 *  - Automatic semicolon insertion: every statement that ends with ';' in
 *    the specification needs it, except that a return, break, continue,
 *    throw or debugger statement (or a yield in a generator) that ends a
 *    statement list, before '}' or the end of the program, may leave it
 *    out (`lastStatement...`).  Newlines are never significant.
 *  - Assignment targets are structural (no "1 = 2", "f() = 1", "a + b++"):
 *    `simpleAssignmentTarget` for =, op= and prefix ++/--, postfix ++/--
 *    only after a name or a property access (`chainTail`), and
 *    `assignmentPattern` for destructuring.  The cover grammars (arrow
 *    parameters vs. a parenthesized expression, destructuring vs. an array
 *    or object literal) are left to ANTLR's unlimited lookahead; the rules
 *    are arranged so that this lookahead stays short in realistic code.
 *  - Lexical declarations (let, const, class) and function declarations are
 *    only allowed in statement lists, never as the body of if/while/for.
 *
 * Binary operators form a flat chain (operand op operand ...) without
 * precedence levels; see `conditionalExpression`.  Member and call chains
 * are right-recursive (`chainTail`).
 *
 * Static semantics ("early errors") are not checked: undefined labels,
 * super outside methods, duplicate declarations, strict-mode restrictions,
 * regular expression semantics.
 */
parser grammar JavaScriptParser;

options {
    tokenVocab = JavaScriptLexer;
}

// ================================================================ programs and statement lists

program
    : statementListItem* lastStatement? EOF
    ;

// ---------------------------------------------------------------- statements in their contexts
// The same rules for each context (see the header): function context
// (none, Fn, Gen) times loop context (none, Switch, Loop).  Loops and
// switch statements have one copy per function context; their bodies are
// in the Loop and Switch contexts.
// ======== script level

// ---- script level, outside loops and switch

statementListItem
    : statement
    | declaration
    ;

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
    : '{' statementListItem* lastStatement? '}'
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
    : 'catch' ('(' catchParameter ')')? block
    ;

lastStatement
    : 'break' identifier
    | 'throw' expression
    | 'debugger'
    ;

// ---- script level, in a switch (break allowed)

statementListItemSwitch
    : statementSwitch
    | declaration
    ;

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
    : '{' statementListItemSwitch* lastStatementSwitch? '}'
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
    : 'catch' ('(' catchParameter ')')? blockSwitch
    ;

lastStatementSwitch
    : 'break' identifier?
    | 'throw' expression
    | 'debugger'
    ;

// ---- script level, in a loop (break and continue allowed)

statementListItemLoop
    : statementLoop
    | declaration
    ;

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
    : '{' statementListItemLoop* lastStatementLoop? '}'
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
    : 'catch' ('(' catchParameter ')')? blockLoop
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
    : 'case' expression ':' statementListItemSwitch*
    ;

defaultClauseSwitch
    : 'default' ':' statementListItemSwitch*
    ;

switchStatementLoop
    : 'switch' '(' expression ')' '{' caseClauseLoop* (defaultClauseLoop caseClauseLoop*)? '}'
    ;

caseClauseLoop
    : 'case' expression ':' statementListItemLoop*
    ;

defaultClauseLoop
    : 'default' ':' statementListItemLoop*
    ;

// ======== function bodies

// ---- function bodies, outside loops and switch

statementListItemFn
    : statementFn
    | declaration
    ;

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
    : '{' statementListItemFn* lastStatementFn? '}'
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
    : 'catch' ('(' catchParameter ')')? blockFn
    ;

lastStatementFn
    : 'break' identifier
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    ;

// ---- function bodies, in a switch (break allowed)

statementListItemFnSwitch
    : statementFnSwitch
    | declaration
    ;

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
    : '{' statementListItemFnSwitch* lastStatementFnSwitch? '}'
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
    : 'catch' ('(' catchParameter ')')? blockFnSwitch
    ;

lastStatementFnSwitch
    : 'break' identifier?
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    ;

// ---- function bodies, in a loop (break and continue allowed)

statementListItemFnLoop
    : statementFnLoop
    | declaration
    ;

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
    : '{' statementListItemFnLoop* lastStatementFnLoop? '}'
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
    : 'catch' ('(' catchParameter ')')? blockFnLoop
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
    : 'case' expression ':' statementListItemFnSwitch*
    ;

defaultClauseFnSwitch
    : 'default' ':' statementListItemFnSwitch*
    ;

switchStatementFnLoop
    : 'switch' '(' expression ')' '{' caseClauseFnLoop* (defaultClauseFnLoop caseClauseFnLoop*)? '}'
    ;

caseClauseFnLoop
    : 'case' expression ':' statementListItemFnLoop*
    ;

defaultClauseFnLoop
    : 'default' ':' statementListItemFnLoop*
    ;

// ======== generator bodies

// ---- generator bodies, outside loops and switch

statementListItemGen
    : statementGen
    | declaration
    | yieldDeclaration
    ;

statementGen
    : blockGen
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementGen
    | doWhileStatementGen
    | whileStatementGen
    | forStatementGen
    | labelledBreakStatement
    | returnStatement
    | yieldStatement
    | withStatementGen
    | labelledStatementGen
    | switchStatementGenSwitch
    | throwStatement
    | tryStatementGen
    | debuggerStatement
    ;

blockGen
    : '{' statementListItemGen* lastStatementGen? '}'
    ;

ifStatementGen
    : 'if' '(' expression ')' statementGen ('else' statementGen)?
    ;

withStatementGen
    : 'with' '(' expression ')' statementGen
    ;

labelledStatementGen
    : identifier ':' statementGen
    ;

tryStatementGen
    : 'try' blockGen (catchClauseGen ('finally' blockGen)? | 'finally' blockGen)
    ;

catchClauseGen
    : 'catch' ('(' catchParameter ')')? blockGen
    ;

lastStatementGen
    : 'break' identifier
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    | yieldExpression
    ;

// ---- generator bodies, in a switch (break allowed)

statementListItemGenSwitch
    : statementGenSwitch
    | declaration
    | yieldDeclaration
    ;

statementGenSwitch
    : blockGenSwitch
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementGenSwitch
    | doWhileStatementGen
    | whileStatementGen
    | forStatementGen
    | breakStatement
    | returnStatement
    | yieldStatement
    | withStatementGenSwitch
    | labelledStatementGenSwitch
    | switchStatementGenSwitch
    | throwStatement
    | tryStatementGenSwitch
    | debuggerStatement
    ;

blockGenSwitch
    : '{' statementListItemGenSwitch* lastStatementGenSwitch? '}'
    ;

ifStatementGenSwitch
    : 'if' '(' expression ')' statementGenSwitch ('else' statementGenSwitch)?
    ;

withStatementGenSwitch
    : 'with' '(' expression ')' statementGenSwitch
    ;

labelledStatementGenSwitch
    : identifier ':' statementGenSwitch
    ;

tryStatementGenSwitch
    : 'try' blockGenSwitch (catchClauseGenSwitch ('finally' blockGenSwitch)? | 'finally' blockGenSwitch)
    ;

catchClauseGenSwitch
    : 'catch' ('(' catchParameter ')')? blockGenSwitch
    ;

lastStatementGenSwitch
    : 'break' identifier?
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    | yieldExpression
    ;

// ---- generator bodies, in a loop (break and continue allowed)

statementListItemGenLoop
    : statementGenLoop
    | declaration
    | yieldDeclaration
    ;

statementGenLoop
    : blockGenLoop
    | variableStatement
    | emptyStatement
    | expressionStatement
    | ifStatementGenLoop
    | doWhileStatementGen
    | whileStatementGen
    | forStatementGen
    | continueStatement
    | breakStatement
    | returnStatement
    | yieldStatement
    | withStatementGenLoop
    | labelledStatementGenLoop
    | switchStatementGenLoop
    | throwStatement
    | tryStatementGenLoop
    | debuggerStatement
    ;

blockGenLoop
    : '{' statementListItemGenLoop* lastStatementGenLoop? '}'
    ;

ifStatementGenLoop
    : 'if' '(' expression ')' statementGenLoop ('else' statementGenLoop)?
    ;

withStatementGenLoop
    : 'with' '(' expression ')' statementGenLoop
    ;

labelledStatementGenLoop
    : identifier ':' statementGenLoop
    ;

tryStatementGenLoop
    : 'try' blockGenLoop (catchClauseGenLoop ('finally' blockGenLoop)? | 'finally' blockGenLoop)
    ;

catchClauseGenLoop
    : 'catch' ('(' catchParameter ')')? blockGenLoop
    ;

lastStatementGenLoop
    : 'continue' identifier?
    | 'break' identifier?
    | 'throw' expression
    | 'debugger'
    | 'return' expression?
    | yieldExpression
    ;

// ---- generator bodies: loops and switch

doWhileStatementGen
    : 'do' statementGenLoop 'while' '(' expression ')' ';'
    ;

whileStatementGen
    : 'while' '(' expression ')' statementGenLoop
    ;

forStatementGen
    : 'for' '(' forHead ')' statementGenLoop
    ;

switchStatementGenSwitch
    : 'switch' '(' expression ')' '{' caseClauseGenSwitch* (defaultClauseGenSwitch caseClauseGenSwitch*)? '}'
    ;

caseClauseGenSwitch
    : 'case' expression ':' statementListItemGenSwitch*
    ;

defaultClauseGenSwitch
    : 'default' ':' statementListItemGenSwitch*
    ;

switchStatementGenLoop
    : 'switch' '(' expression ')' '{' caseClauseGenLoop* (defaultClauseGenLoop caseClauseGenLoop*)? '}'
    ;

caseClauseGenLoop
    : 'case' expression ':' statementListItemGenLoop*
    ;

defaultClauseGenLoop
    : 'default' ':' statementListItemGenLoop*
    ;

// ---------------------------------------------------------------- statements shared by all contexts

declaration
    : functionDeclaration
    | generatorDeclaration
    | classDeclaration
    | lexicalDeclaration
    ;

variableStatement
    : variableDeclarationList ';'
    ;

variableDeclarationList
    : 'var' variableDeclaration (',' variableDeclaration)*
    ;

variableDeclaration
    : identifier initializer?
    | bindingPattern initializer
    ;

lexicalDeclaration
    : lexicalBindingList ';'
    ;

lexicalBindingList
    : 'let' variableDeclaration (',' variableDeclaration)*
    | 'const' constBinding (',' constBinding)*
    ;

constBinding
    : bindingTarget initializer
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

// for (init; test; update), for (left in object), for (left of iterable).
forHead
    : forInit? ';' expression? ';' expression?
    | forInOfLeft 'in' expression
    | forInOfLeft 'of' assignmentExpression
    ;

forInit
    : variableDeclarationList
    | lexicalBindingList
    | expression
    ;

forInOfLeft
    : ('var' | 'let' | 'const') bindingTarget
    | assignmentTarget
    ;

catchParameter
    : bindingTarget
    ;

// ---- yield (generator bodies only)

yieldStatement
    : yieldBody ';'
    ;

yieldDeclaration
    : yieldBinding ';'
    ;

yieldBody
    : yieldExpression
    | simpleAssignmentTarget assignmentOperator yieldExpression
    | arrayAssignmentPattern '=' yieldExpression
    | 'var' bindingTarget '=' yieldExpression
    ;

yieldBinding
    : ('let' | 'const') bindingTarget '=' yieldExpression
    ;

yieldExpression
    : 'yield'
    | 'yield' '*'? assignmentExpression
    ;

// ================================================================ functions and classes

functionDeclaration
    : 'function' identifier '(' formalParameters ')' functionBody
    ;

generatorDeclaration
    : 'function' '*' identifier '(' formalParameters ')' generatorBody
    ;

functionExpression
    : 'function' identifier? '(' formalParameters ')' functionBody
    ;

generatorExpression
    : 'function' '*' identifier? '(' formalParameters ')' generatorBody
    ;

formalParameters
    : (formalParameter (',' formalParameter)* (',' restParameter)?)?
    | restParameter
    ;

formalParameter
    : bindingElement
    ;

restParameter
    : '...' bindingTarget
    ;

functionBody
    : '{' statementListItemFn* lastStatementFn? '}'
    ;

generatorBody
    : '{' statementListItemGen* lastStatementGen? '}'
    ;

arrowFunction
    : arrowParameters '=>' conciseBody
    ;

arrowParameters
    : identifier
    | '(' formalParameters ')'
    ;

// A concise body may not start with '{' (that is a function body); a bare
// function, generator or class expression is allowed.
conciseBody
    : functionBody
    | assignmentExpressionNB
    | functionExpression
    | generatorExpression
    | classExpression
    ;

classDeclaration
    : 'class' identifier classTail
    ;

classExpression
    : 'class' identifier? classTail
    ;

classTail
    : ('extends' classHeritage)? '{' classElement* '}'
    ;

classElement
    : methodDefinition
    | 'static' methodDefinition
    | ';'
    ;

methodDefinition
    : propertyName '(' formalParameters ')' functionBody
    | '*' propertyName '(' formalParameters ')' generatorBody
    | 'get' propertyName '(' ')' functionBody
    | 'set' propertyName '(' formalParameter ')' functionBody
    ;

// ================================================================ destructuring

bindingTarget
    : identifier
    | bindingPattern
    ;

bindingPattern
    : objectBindingPattern
    | arrayBindingPattern
    ;

objectBindingPattern
    : '{' bindingRestProperty? '}'
    | '{' bindingProperty (',' bindingProperty)* (',' bindingRestProperty?)? '}'
    ;

bindingProperty
    : identifier initializer?
    | propertyName ':' bindingElement
    ;

bindingRestProperty
    : '...' identifier
    ;

arrayBindingPattern
    : '[' bindingElement? (',' bindingElement?)* (',' bindingRestElement)? ']'
    | '[' bindingRestElement ']'
    ;

bindingElement
    : bindingTarget initializer?
    ;

bindingRestElement
    : '...' bindingTarget
    ;

// Destructuring assignment: the targets are assignable expressions.
assignmentTarget
    : simpleAssignmentTarget
    | assignmentPattern
    ;

assignmentPattern
    : objectAssignmentPattern
    | arrayAssignmentPattern
    ;

objectAssignmentPattern
    : '{' assignmentRestProperty? '}'
    | '{' assignmentProperty (',' assignmentProperty)* (',' assignmentRestProperty?)? '}'
    ;

assignmentProperty
    : identifier initializer?
    | propertyName ':' assignmentElement
    ;

assignmentRestProperty
    : '...' simpleAssignmentTarget
    ;

arrayAssignmentPattern
    : '[' assignmentElement? (',' assignmentElement?)* (',' assignmentRestElement)? ']'
    | '[' assignmentRestElement ']'
    ;

assignmentElement
    : assignmentTarget initializer?
    ;

assignmentRestElement
    : '...' assignmentTarget
    ;

// ================================================================ expressions
//
// Binary operators are written as a flat chain, operand (op operand)*,
// without precedence levels: every such sequence is valid JavaScript (the
// exponent operator, whose left operand may not be a unary expression, is
// handled inside `operand`).  Member and call chains are right-recursive
// (`chainTail`), so that the parser decides whether ++/-- may follow after
// each property access, never before it.

expression
    : assignmentExpression (',' assignmentExpression)*
    ;

assignmentExpression
    : arrowFunction
    | assignmentPattern '=' assignmentExpression
    | simpleAssignmentTarget assignmentOperator assignmentExpression
    | conditionalExpression
    ;

conditionalExpression
    : operand (binaryOperator operand)* ('?' assignmentExpression ':' assignmentExpression)?
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
    | '|=' | '**='
    ;

// ExponentiationExpression: a unary expression, or an update expression
// raised to a power ('**' is right-associative; "-a ** b" is an error).
operand
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpression ('**' operand)?
    ;

unaryExpression
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpression
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
    : (propertySuffix | callSuffix) deleteChain
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

// LeftHandSideExpression and UpdateExpression.
updateExpression
    : primaryExpression chainTail?
    | identifier ('++' | '--')
    | 'super' chainTail
    | 'new' constructorReference arguments chainTail?
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;

// Property accesses, calls and tagged templates after a primary
// expression; ++ or -- may follow a property access.
chainTail
    : propertySuffix (chainTail | '++' | '--')?
    | callSuffix chainTail?
    ;

propertySuffix
    : '.' identifierName
    | '[' expression ']'
    ;

callSuffix
    : arguments
    | templateLiteral
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

// What =, op=, prefix ++/--, destructuring and for-in/of assign to: a
// name or a property access, possibly parenthesized.  The object of the
// property access is a chain of names, this and super, property accesses
// and calls; property keys ([...]) and call arguments inside a target are
// simple expressions (`targetExpression`: names, literals, such chains,
// unary and binary operators, ++/--), as in a[i + 1], this.items[key],
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
    | 'super'
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

// The class after `extends`: a LeftHandSideExpression.
classHeritage
    : primaryExpression (propertySuffix | callSuffix)*
    ;

primaryExpression
    : 'this'
    | identifier
    | literal
    | arrayLiteral
    | objectLiteral
    | functionExpression
    | generatorExpression
    | classExpression
    | templateLiteral
    | parenthesizedExpression
    ;

parenthesizedExpression
    : '(' expression ')'
    ;

arguments
    : '(' (argument (',' argument)*)? ')'
    ;

argument
    : '...'? assignmentExpression
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

arrayLiteral
    : '[' arrayElement? (',' arrayElement?)* ']'
    ;

arrayElement
    : '...'? assignmentExpression
    ;

objectLiteral
    : '{' (propertyDefinition (',' propertyDefinition)* ','?)? '}'
    ;

propertyDefinition
    : propertyName ':' assignmentExpression
    | methodDefinition
    | identifier
    | '...' assignmentExpression
    ;

propertyName
    : identifierName
    | STRING
    | NUMBER
    | '[' assignmentExpression ']'
    ;

templateLiteral
    : BACKTICK TEMPLATE_TEXT? (TEMPLATE_SUBST_OPEN expression '}' TEMPLATE_TEXT?)* BACKTICK
    ;

// ---- expressions that may start an expression statement (NB: no '{',
// 'function' or 'class' first).  Only the first operand differs.

expressionNB
    : assignmentExpressionNB (',' assignmentExpression)*
    ;

assignmentExpressionNB
    : arrowFunction
    | arrayAssignmentPattern '=' assignmentExpression
    | simpleAssignmentTarget assignmentOperator assignmentExpression
    | conditionalExpressionNB
    ;

conditionalExpressionNB
    : operandNB (binaryOperator operand)* ('?' assignmentExpression ':' assignmentExpression)?
    ;

operandNB
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpressionNB ('**' operand)?
    ;

updateExpressionNB
    : primaryExpressionNB chainTail?
    | identifier ('++' | '--')
    | 'super' chainTail
    | 'new' constructorReference arguments chainTail?
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;



primaryExpressionNB
    : 'this'
    | identifier
    | literal
    | arrayLiteral
    | templateLiteral
    | parenthesizedExpression
    ;

// ================================================================ names

identifier
    : IDENTIFIER
    | contextualKeyword
    ;

// Words with a special meaning in some places that are names elsewhere.
contextualKeyword
    : 'get'
    | 'set'
    | 'of'
    ;

// After '.', in object literals and classes any word is a name.
identifierName
    : identifier
    | reservedWord
    ;

reservedWord
    : 'break' | 'case' | 'catch' | 'class' | 'const' | 'continue'
    | 'debugger' | 'default' | 'delete' | 'do' | 'else' | 'enum' | 'export'
    | 'extends' | 'false' | 'finally' | 'for' | 'function' | 'if' | 'import'
    | 'in' | 'instanceof' | 'let' | 'new' | 'null' | 'return' | 'static'
    | 'super' | 'switch' | 'this' | 'throw' | 'true' | 'try' | 'typeof'
    | 'var' | 'void' | 'while' | 'with' | 'yield'
    ;
