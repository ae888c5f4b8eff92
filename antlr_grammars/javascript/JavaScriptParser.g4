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
 *  - [Return] / [Yield]: statement lists come in three copies that differ
 *    only in what they allow: `statement...` (the script: no return),
 *    `statement...Fn` (function bodies: return) and `statement...Gen`
 *    (generator bodies: return and yield).  The three copies of the
 *    statement rules must be kept in sync.  `yield` is only accepted at
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
 * Static semantics ("early errors") are not checked: break/continue outside
 * loops, undefined labels, super outside methods, duplicate declarations,
 * strict-mode restrictions, regular expression semantics.
 */
parser grammar JavaScriptParser;

options {
    tokenVocab = JavaScriptLexer;
}

// ================================================================ programs and statement lists

program
    : statementListItem* lastStatement? EOF
    ;

// ---------------------------------------------------------------- statements: three contexts
// The same rules three times: script level (no suffix), function bodies
// (Fn: return allowed) and generator bodies (Gen: return and yield).
// ---- script level

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
    | continueStatement
    | breakStatement
    | withStatement
    | labelledStatement
    | switchStatement
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

doWhileStatement
    : 'do' statement 'while' '(' expression ')' ';'
    ;

whileStatement
    : 'while' '(' expression ')' statement
    ;

forStatement
    : 'for' '(' forHead ')' statement
    ;

withStatement
    : 'with' '(' expression ')' statement
    ;

labelledStatement
    : identifier ':' statement
    ;

switchStatement
    : 'switch' '(' expression ')' '{' caseClause* (defaultClause caseClause*)? '}'
    ;

caseClause
    : 'case' expression ':' statementListItem*
    ;

defaultClause
    : 'default' ':' statementListItem*
    ;

tryStatement
    : 'try' block (catchClause ('finally' block)? | 'finally' block)
    ;

catchClause
    : 'catch' ('(' catchParameter ')')? block
    ;

// ---- function bodies

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
    | continueStatement
    | breakStatement
    | returnStatement
    | withStatementFn
    | labelledStatementFn
    | switchStatementFn
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

doWhileStatementFn
    : 'do' statementFn 'while' '(' expression ')' ';'
    ;

whileStatementFn
    : 'while' '(' expression ')' statementFn
    ;

forStatementFn
    : 'for' '(' forHead ')' statementFn
    ;

withStatementFn
    : 'with' '(' expression ')' statementFn
    ;

labelledStatementFn
    : identifier ':' statementFn
    ;

switchStatementFn
    : 'switch' '(' expression ')' '{' caseClauseFn* (defaultClauseFn caseClauseFn*)? '}'
    ;

caseClauseFn
    : 'case' expression ':' statementListItemFn*
    ;

defaultClauseFn
    : 'default' ':' statementListItemFn*
    ;

tryStatementFn
    : 'try' blockFn (catchClauseFn ('finally' blockFn)? | 'finally' blockFn)
    ;

catchClauseFn
    : 'catch' ('(' catchParameter ')')? blockFn
    ;

// ---- generator bodies

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
    | continueStatement
    | breakStatement
    | returnStatement
    | yieldStatement
    | withStatementGen
    | labelledStatementGen
    | switchStatementGen
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

doWhileStatementGen
    : 'do' statementGen 'while' '(' expression ')' ';'
    ;

whileStatementGen
    : 'while' '(' expression ')' statementGen
    ;

forStatementGen
    : 'for' '(' forHead ')' statementGen
    ;

withStatementGen
    : 'with' '(' expression ')' statementGen
    ;

labelledStatementGen
    : identifier ':' statementGen
    ;

switchStatementGen
    : 'switch' '(' expression ')' '{' caseClauseGen* (defaultClauseGen caseClauseGen*)? '}'
    ;

caseClauseGen
    : 'case' expression ':' statementListItemGen*
    ;

defaultClauseGen
    : 'default' ':' statementListItemGen*
    ;

tryStatementGen
    : 'try' blockGen (catchClauseGen ('finally' blockGen)? | 'finally' blockGen)
    ;

catchClauseGen
    : 'catch' ('(' catchParameter ')')? blockGen
    ;

// ---------------------------------------------------------------- statements shared by all contexts

// The last statement of a list may leave out its ';' (ASI before '}' or
// the end of input) if it starts with a keyword: return, break, continue,
// throw, debugger (and yield in generators).  Expression statements and
// declarations always need their ';': allowing them here too would make
// the parser read every statement to its end before deciding what it is.
lastStatement
    : 'continue' identifier?
    | 'break' identifier?
    | 'throw' expression
    | 'debugger'
    ;

lastStatementFn
    : lastStatement
    | 'return' expression?
    ;

lastStatementGen
    : lastStatement
    | 'return' expression?
    | yieldExpression
    ;

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

binaryOperator
    : '*' | '/' | '%'
    | '+' | '-'
    | '<<' | '>>' | '>>>'
    | '<' | '>' | '<=' | '>=' | 'instanceof' | 'in'
    | '==' | '!=' | '===' | '!=='
    | '&' | '^' | '|'
    | '&&' | '||'
    ;

assignmentOperator
    : '='
    | '*='
    | '/='
    | '%='
    | '+='
    | '-='
    | '<<='
    | '>>='
    | '>>>='
    | '&='
    | '^='
    | '|='
    | '**='
    ;

// ExponentiationExpression: a unary expression, or an update expression
// raised to a power ('**' is right-associative; "-a ** b" is an error).
operand
    : unaryOperator unaryExpression
    | updateExpression ('**' operand)?
    ;

unaryExpression
    : unaryOperator unaryExpression
    | updateExpression
    ;

unaryOperator
    : 'delete'
    | 'void'
    | 'typeof'
    | '+'
    | '-'
    | '~'
    | '!'
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
    | targetHead (targetProperty | targetArguments)*
    | simpleAssignmentTarget ('++' | '--')
    | ('++' | '--') simpleAssignmentTarget
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
    | 'true'
    | 'false'
    | NUMBER
    | STRING
    | REGEX
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
