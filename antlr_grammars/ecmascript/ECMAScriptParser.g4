/*
 * ECMAScriptParser.g4 -- the syntax of ECMAScript 2022 (ECMA-262, 13th
 * edition): scripts and modules.  Use it with ECMAScriptLexer.g4.
 *
 * Written for the grammut project from ECMA-262 2022, sections 13
 * (Expressions), 14 (Statements and Declarations), 15 (Functions and
 * Classes) and 16 (Scripts and Modules), and 12.10 (Automatic Semicolon
 * Insertion).  What the specification expresses with grammar parameters,
 * lookahead restrictions and cover grammars is written out as rules, and
 * the rest with the semantic predicates of grammut's vocabulary
 * (grammar/predicate_vocabulary.h; the parser runs no actions):
 *
 *  - Automatic semicolon insertion (12.10): statements end with `eos`: a
 *    ';', or nothing where `{this.lineTerminatorAhead()}?` (a line break
 *    before the next token), `{this.closeBrace()}?` (the next token is
 *    '}') or `{this.n("")}?` (the end of the input) holds.  A do-while
 *    statement's ';' is optional (12.10.1, rule 3 as of ES2015).
 *  - [no LineTerminator here] (12.10.3): `{this.notLineTerminator()}?`
 *    before the value of return/throw/yield, the label of break/continue,
 *    postfix ++/--, '=>' and after `async`.  Where the choice depends on
 *    it the predicate starts the alternative, so prediction sees it.
 *  - [Return] and [Yield]: the statement rules exist once per function
 *    context.  The suffix names it: none (script or module level: no
 *    return), Fn (function bodies: return) or Gen (generator bodies:
 *    return and yield).  The copies are generated from one template and
 *    must be kept in sync.  break and continue are accepted in every
 *    context: a copy per loop context as well (nine, as in our ES5
 *    grammar) makes ANTLR's SLL prediction, whose lookahead crosses
 *    statement ends wherever a semicolon may be inserted, about three
 *    times as costly, over grammut's prediction budget on larger files.  `yield` is accepted at statement level only (as in our ES5
 *    grammar): `yield x;`, `yield* it;`, `v = yield x;`, `let v = yield
 *    x;`.  `await` is a unary operator everywhere ([Await] is not
 *    tracked: it is accepted outside async functions too).
 *  - ExpressionStatement's lookahead restriction (14.5: no '{', 'function',
 *    'async function', 'class' or 'let [' first): `expressionNB` and the
 *    other ...NB rules are copies of the expression rules whose first
 *    operand is not an object literal, function or class expression, and
 *    `let` is no identifier reference.  An arrow function's concise body
 *    and `export default` use them too.  Expression statements that begin
 *    with '(' or '[' are `parenStatement`s (the ...P rules), accepted only
 *    where no semicolon could have been inserted before them.
 *  - Assignment targets are structural (13.15.1 early errors): =, op= and
 *    prefix ++/-- assign to a name or a property access
 *    (`simpleAssignmentTarget`), postfix ++/-- only follow a name or a
 *    property access, destructuring assignment uses patterns, and `??`
 *    does not mix with `&&`/`||` without parentheses.
 *  - Lexical declarations (let, const, class) and function declarations
 *    are only allowed in statement lists, never as the body of
 *    if/while/for or a label.
 *
 * Binary operators form a flat chain (operand op operand ...) without
 * precedence levels; see `binaryChain`.  Member and call chains are
 * right-recursive (`chainTail`).
 *
 * Static semantics ("early errors") are not checked: undefined labels,
 * super outside methods, duplicate declarations, strict-mode restrictions,
 * regular expression semantics, await outside async functions.
 */
parser grammar ECMAScriptParser;

options {
    tokenVocab = ECMAScriptLexer;
}

// ================================================================ programs (16.1 Scripts, 16.2 Modules)

// A script or a module: import and export declarations are accepted at the
// top level.
program
    : parenStatement? moduleItem* EOF
    ;

moduleItem
    : importDeclaration
    | exportDeclaration
    | statementListItem
    ;

// ---------------------------------------------------------------- 12.10 automatic semicolon insertion

eos
    : ';' parenStatement?
    | {this.lineTerminatorAhead()}?
    | {this.closeBrace()}?
    | {this.n("")}?
    ;

// The end of a class field: as eos, but no statement may follow.
fieldEos
    : ';'
    | {this.lineTerminatorAhead()}?
    | {this.closeBrace()}?
    ;

// An expression statement that begins with '(' or '[' (`(function () {
// ...})();`, `[a, b] = [b, a];`).  No semicolon is inserted before such a
// line (12.10.2: `a` and then `(b)` on the next line is a call), so it may
// only come first in a statement list, after an explicit ';' (`eos`) or
// after a function or class declaration.  This also spares ANTLR's
// prediction from reading ahead over a whole argument list (or function)
// at every call for the reading with an inserted semicolon.  Statements
// that begin with a template literal are left out.
parenStatement
    : expressionP eos
    ;

// ---------------------------------------------------------------- statements in their contexts
// The same rules for each function context (see the header): none, Fn,
// Gen.

// ======== script and module level

// ---- top level, outside loops and switch

statementListItem
    : declaration
    | statement
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
    : '{' parenStatement? statementListItem* '}'
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
    : 'catch' ('(' bindingTarget ')')? block
    ;

// ---- top level: loops and switch

doWhileStatement
    : 'do' statement 'while' '(' expression ')' ';'?
    ;

whileStatement
    : 'while' '(' expression ')' statement
    ;

forStatement
    : 'for' '(' forHead ')' statement
    | 'for' 'await' '(' forAwaitHead ')' statement
    ;

switchStatement
    : 'switch' '(' expression ')' '{' caseClause* (defaultClause caseClause*)? '}'
    ;

caseClause
    : 'case' expression ':' parenStatement? statementListItem*
    ;

defaultClause
    : 'default' ':' parenStatement? statementListItem*
    ;

// ======== function bodies

// ---- function bodies, outside loops and switch

statementListItemFn
    : declaration
    | statementFn
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
    : '{' parenStatement? statementListItemFn* '}'
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
    : 'catch' ('(' bindingTarget ')')? blockFn
    ;

// ---- function bodies: loops and switch

doWhileStatementFn
    : 'do' statementFn 'while' '(' expression ')' ';'?
    ;

whileStatementFn
    : 'while' '(' expression ')' statementFn
    ;

forStatementFn
    : 'for' '(' forHead ')' statementFn
    | 'for' 'await' '(' forAwaitHead ')' statementFn
    ;

switchStatementFn
    : 'switch' '(' expression ')' '{' caseClauseFn* (defaultClauseFn caseClauseFn*)? '}'
    ;

caseClauseFn
    : 'case' expression ':' parenStatement? statementListItemFn*
    ;

defaultClauseFn
    : 'default' ':' parenStatement? statementListItemFn*
    ;

// ======== generator bodies

// ---- generator bodies, outside loops and switch

statementListItemGen
    : declaration
    | statementGen
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
    : '{' parenStatement? statementListItemGen* '}'
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
    : 'catch' ('(' bindingTarget ')')? blockGen
    ;

// ---- generator bodies: loops and switch

doWhileStatementGen
    : 'do' statementGen 'while' '(' expression ')' ';'?
    ;

whileStatementGen
    : 'while' '(' expression ')' statementGen
    ;

forStatementGen
    : 'for' '(' forHead ')' statementGen
    | 'for' 'await' '(' forAwaitHead ')' statementGen
    ;

switchStatementGen
    : 'switch' '(' expression ')' '{' caseClauseGen* (defaultClauseGen caseClauseGen*)? '}'
    ;

caseClauseGen
    : 'case' expression ':' parenStatement? statementListItemGen*
    ;

defaultClauseGen
    : 'default' ':' parenStatement? statementListItemGen*
    ;

// ================================================================ statements shared by all contexts

// 14.1 Declarations: hoistable (function, generator, async), class, lexical.
declaration
    : (functionDeclaration
      | generatorDeclaration
      | asyncFunctionDeclaration
      | asyncGeneratorDeclaration
      | classDeclaration
      ) parenStatement?
    | lexicalDeclaration
    ;

// 14.3.2 Variable Statement
variableStatement
    : variableDeclarationList eos
    ;

variableDeclarationList
    : 'var' variableDeclaration (',' variableDeclaration)*
    ;

variableDeclaration
    : bindingIdentifier initializer?
    | bindingPattern initializer
    ;

// 14.3.1 Let and Const Declarations
lexicalDeclaration
    : lexicalBindingList eos
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

// 14.4 Empty Statement
emptyStatement
    : ';'
    ;

// 14.5 Expression Statement (lookahead restriction: the NB rules)
expressionStatement
    : expressionNB eos
    ;

// 14.8 continue, 14.9 break: [no LineTerminator here] before the label.
continueStatement
    : 'continue' ({this.notLineTerminator()}? identifier)? eos
    ;

breakStatement
    : 'break' ({this.notLineTerminator()}? identifier)? eos
    ;

// 14.10 return, 14.14 throw
returnStatement
    : 'return' ({this.notLineTerminator()}? expression)? eos
    ;

throwStatement
    : 'throw' {this.notLineTerminator()}? expression eos
    ;

// 14.16 debugger
debuggerStatement
    : 'debugger' eos
    ;

// 14.7.4 / 14.7.5 for, for-in, for-of and for-await-of heads
forHead
    : forInit? ';' expression? ';' expression?
    | forInOfLeft 'in' expression
    | forInOfLeft 'of' assignmentExpression
    ;

forAwaitHead
    : forInOfLeft 'of' assignmentExpression
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

// 15.5 yield, at statement level in generator bodies (see the header).
yieldStatement
    : yieldBody eos
    ;

yieldDeclaration
    : yieldBinding eos
    ;

yieldBody
    : yieldExpression
    | simpleAssignmentTargetNB assignmentOperator yieldExpression
    | 'var' bindingTarget '=' yieldExpression
    ;

yieldBinding
    : ('let' | 'const') bindingTarget '=' yieldExpression
    ;

yieldExpression
    : 'yield' ({this.notLineTerminator()}? '*'? assignmentExpression)?
    ;

// ================================================================ 16.2.2 imports, 16.2.3 exports

importDeclaration
    : 'import' importClause fromClause eos
    | 'import' STRING eos
    ;

importClause
    : bindingIdentifier
    | namespaceImport
    | namedImports
    | bindingIdentifier ',' (namespaceImport | namedImports)
    ;

namespaceImport
    : '*' 'as' bindingIdentifier
    ;

namedImports
    : '{' (importSpecifier (',' importSpecifier)* ','?)? '}'
    ;

importSpecifier
    : bindingIdentifier
    | moduleExportName 'as' bindingIdentifier
    ;

fromClause
    : 'from' STRING
    ;

moduleExportName
    : identifierName
    | STRING
    ;

exportDeclaration
    : 'export' '*' ('as' moduleExportName)? fromClause eos
    | 'export' namedExports fromClause eos
    | 'export' namedExports eos
    | 'export' variableStatement
    | 'export' declaration
    | 'export' 'default' defaultDeclaration
    | 'export' 'default' assignmentExpressionNB eos
    | 'export' 'default' assignmentExpressionP eos
    | 'export' 'default' objectLiteral eos
    ;

namedExports
    : '{' (exportSpecifier (',' exportSpecifier)* ','?)? '}'
    ;

exportSpecifier
    : moduleExportName ('as' moduleExportName)?
    ;

// Declarations whose name `export default` may leave out.
defaultDeclaration
    : 'function' bindingIdentifier? '(' formalParameters ')' functionBody
    | 'function' '*' bindingIdentifier? '(' formalParameters ')' generatorBody
    | 'async' {this.notLineTerminator()}? 'function' bindingIdentifier? '(' formalParameters ')' functionBody
    | 'async' {this.notLineTerminator()}? 'function' '*' bindingIdentifier? '(' formalParameters ')' generatorBody
    | 'class' bindingIdentifier? classTail
    ;

// ================================================================ 15 functions and classes

functionDeclaration
    : 'function' bindingIdentifier '(' formalParameters ')' functionBody
    ;

generatorDeclaration
    : 'function' '*' bindingIdentifier '(' formalParameters ')' generatorBody
    ;

asyncFunctionDeclaration
    : 'async' {this.notLineTerminator()}? 'function' bindingIdentifier '(' formalParameters ')' functionBody
    ;

asyncGeneratorDeclaration
    : 'async' {this.notLineTerminator()}? 'function' '*' bindingIdentifier '(' formalParameters ')' generatorBody
    ;

functionExpression
    : 'function' bindingIdentifier? '(' formalParameters ')' functionBody
    | 'function' '*' bindingIdentifier? '(' formalParameters ')' generatorBody
    | 'async' {this.notLineTerminator()}? 'function' bindingIdentifier? '(' formalParameters ')' functionBody
    | 'async' {this.notLineTerminator()}? 'function' '*' bindingIdentifier? '(' formalParameters ')' generatorBody
    ;

// 15.1 parameters, with a trailing comma (ES2017).
formalParameters
    : (formalParameter (',' formalParameter)* (',' restParameter | ',')?)?
    | restParameter
    ;

formalParameter
    : bindingElement
    ;

restParameter
    : '...' bindingTarget
    ;

functionBody
    : '{' parenStatement? statementListItemFn* '}'
    ;

generatorBody
    : '{' parenStatement? statementListItemGen* '}'
    ;

// 15.3 arrow functions, 15.9 async arrow functions: [no LineTerminator
// here] before '=>' and after 'async'.
arrowFunction
    : arrowParameters {this.notLineTerminator()}? '=>' conciseBody
    ;

asyncArrowFunction
    : 'async' {this.notLineTerminator()}? arrowParameters {this.notLineTerminator()}? '=>' conciseBody
    ;

arrowParameters
    : bindingIdentifier
    | '(' formalParameters ')'
    ;

conciseBody
    : functionBody
    | assignmentExpressionNB
    | assignmentExpressionP
    | functionExpression
    | classExpression
    ;

// 15.7 classes: fields, private names, static blocks (ES2022).
classDeclaration
    : 'class' bindingIdentifier classTail
    ;

classExpression
    : 'class' bindingIdentifier? classTail
    ;

classTail
    : ('extends' classHeritage)? '{' classElement* '}'
    ;

classHeritage
    : (identifier | primaryExpressionNB) (propertySuffix | callSuffix)*
    | 'super' propertySuffix (propertySuffix | callSuffix)*
    ;

classElement
    : classMethod
    | 'static' classMethod
    | fieldDefinition fieldEos
    | 'static' fieldDefinition fieldEos
    | 'static' '{' parenStatement? statementListItem* '}'
    | ';'
    ;

// A field may not be called get, set, static or async without quotes
// (`fieldName`): `get` then a line break then `x() {}` is a getter.
fieldDefinition
    : fieldName initializer?
    ;

fieldName
    : fieldIdentifierName
    | STRING
    | NUMBER
    | '[' assignmentExpression ']'
    | PRIVATE_NAME
    ;

classMethod
    : classElementName '(' formalParameters ')' functionBody
    | '*' classElementName '(' formalParameters ')' generatorBody
    | 'async' {this.notLineTerminator()}? classElementName '(' formalParameters ')' functionBody
    | 'async' {this.notLineTerminator()}? '*' classElementName '(' formalParameters ')' generatorBody
    | 'get' classElementName '(' ')' functionBody
    | 'set' classElementName '(' formalParameter ','? ')' functionBody
    ;

classElementName
    : propertyName
    | PRIVATE_NAME
    ;

// 13.2.5 object literal methods (15.4 - 15.8).
methodDefinition
    : propertyName '(' formalParameters ')' functionBody
    | '*' propertyName '(' formalParameters ')' generatorBody
    | 'async' {this.notLineTerminator()}? propertyName '(' formalParameters ')' functionBody
    | 'async' {this.notLineTerminator()}? '*' propertyName '(' formalParameters ')' generatorBody
    | 'get' propertyName '(' ')' functionBody
    | 'set' propertyName '(' formalParameter ','? ')' functionBody
    ;

// ================================================================ 14.3.3 destructuring binding patterns

bindingTarget
    : bindingIdentifier
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
    : bindingIdentifier initializer?
    | propertyName ':' bindingElement
    ;

bindingRestProperty
    : '...' bindingIdentifier
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

// ================================================================ 13.15.5 destructuring assignment

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

// ================================================================ 13 expressions

// 13.16 comma operator
expression
    : assignmentExpression (',' assignmentExpression)*
    ;

// 13.15 assignment (with &&=, ||=, ??= of ES2021), arrow functions.
assignmentExpression
    : arrowFunction
    | asyncArrowFunction
    | assignmentPattern '=' assignmentExpression
    | simpleAssignmentTarget assignmentOperator assignmentExpression
    | conditionalExpression
    ;

// 13.14 conditional
conditionalExpression
    : shortCircuitExpression ('?' assignmentExpression ':' assignmentExpression)?
    ;

// 13.13 binary logical operators: `??` does not mix with && and ||.
shortCircuitExpression
    : binaryChain (logicalTail | coalesceTail)?
    ;

logicalTail
    : (('&&' | '||') binaryChain)+
    ;

coalesceTail
    : ('??' binaryChain)+
    ;

// 13.6 - 13.12: the operators between exponentiation and logical ones.
binaryChain
    : operand (binaryOperator operand)*
    ;

binaryOperator
    : '*' | '/' | '%'
    | '+' | '-'
    | '<<' | '>>' | '>>>'
    | '<' | '>' | '<=' | '>=' | 'instanceof' | 'in'
    | '==' | '!=' | '===' | '!=='
    | '&' | '^' | '|'
    ;

assignmentOperator
    : '='
    | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '>>>=' | '&=' | '^='
    | '|=' | '**=' | '&&=' | '||=' | '??='
    ;

// 13.5 unary operators (with await, 15.8), 13.6 exponentiation (its left
// side may not be a unary expression), `#x in obj` (ES2022).
operand
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpression ('**' operand)?
    | PRIVATE_NAME 'in' operand
    ;

unaryExpression
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpression
    ;

unaryOperator
    : '!' | '+' | '-' | '~' | 'typeof' | 'void' | 'await'
    ;

// delete removes a property or a name (as engines accept it).
deleteTarget
    : (identifier | primaryExpression) deleteChain
    | identifier
    ;

deleteChain
    : (propertySuffix | callSuffix) deleteChain
    | propertySuffix
    | optionalSuffix
    ;

// 13.4 update expressions, 13.3 left-hand-side expressions.
updateExpression
    : identifier identifierTail
    | primaryExpression chainEnd
    | 'super' chainTail
    | asyncReference
    | 'new' constructorReference arguments chainEnd
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;

// `async` as a name in an expression: only with a property access or call
// after it (`async.x`, `async(1)`), see `identifier`.
asyncReference
    : 'async' (propertySuffix | arguments) chainEnd
    ;

// What follows a name: postfix ++/-- ([no LineTerminator here], decided
// here so that prediction sees the predicate), a chain, or nothing.
identifierTail
    : {this.notLineTerminator()}? ('++' | '--')
    | chainTail
    |
    ;

// Where a chain may go on.  A '(' or '[' after it always goes on with the
// chain, also after a line break (12.10.2): no statement that may follow an
// inserted semicolon begins with them (`parenStatement`).
chainEnd
    : chainTail?
    ;

// 13.3.9 optional chains: no template and no ++/-- after '?.'.
chainTail
    : propertySuffix ({this.notLineTerminator()}? ('++' | '--') | chainTail)?
    | callSuffix chainEnd
    | optionalSuffix optionalTail?
    ;

optionalTail
    : (propertySuffix | arguments | optionalSuffix) optionalTail?
    ;

optionalSuffix
    : '?.' identifierName
    | '?.' PRIVATE_NAME
    | '?.' '[' expression ']'
    | '?.' arguments
    ;

propertySuffix
    : '.' identifierName
    | '.' PRIVATE_NAME
    | '[' expression ']'
    ;

callSuffix
    : arguments
    | templateLiteral
    ;

newExpression
    : 'new' (constructorReference | newExpression)
    ;

constructorReference
    : (identifier | 'this') ('.' identifierName)*
    ;

// The targets of =, op= and ++/-- (13.15.1): a name or a property access
// whose object is a chain of names, this/super, properties and calls with
// simple arguments (which keeps the parser's lookahead short).
simpleAssignmentTarget
    : identifier
    | 'async'
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

targetTail
    : targetProperty targetTail?
    | targetArguments targetTail
    ;

targetProperty
    : '.' identifierName
    | '.' PRIVATE_NAME
    | '[' targetExpression (',' targetExpression)* ']'
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

// 13.2 primary expressions, 13.3.12 new.target, 13.3.10 import(), import.meta
// (Names are in updateExpression and deleteTarget.)
primaryExpression
    : 'this'
    | literal
    | REGEX
    | arrayLiteral
    | objectLiteral
    | functionExpression
    | classExpression
    | templateLiteral
    | parenthesizedExpression
    | metaProperty
    | importCall
    ;

metaProperty
    : 'new' '.' 'target'
    | 'import' '.' 'meta'
    ;

importCall
    : 'import' '(' assignmentExpression ')'
    ;

parenthesizedExpression
    : '(' expression ')'
    ;

// 13.3.8 arguments, with spread and a trailing comma.
arguments
    : '(' (argument (',' argument)* ','?)? ')'
    ;

argument
    : '...'? assignmentExpression
    ;

// 13.2.3 literals (numbers include BigInt literals), 13.2.7 regular
// expressions are in primaryExpression.
literal
    : 'null'
    | 'true'
    | 'false'
    | NUMBER
    | STRING
    ;

// 13.2.4 array literals, 13.2.5 object literals.
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

// 13.2.8 template literals, 13.3.11 tagged templates (callSuffix).
templateLiteral
    : BACKTICK TEMPLATE_TEXT? (TEMPLATE_SUBST_OPEN expression '}' TEMPLATE_TEXT?)* BACKTICK
    ;

// ================================================================ expression statements (14.5): the NB copies

expressionNB
    : assignmentExpressionNB (',' assignmentExpression)*
    ;

assignmentExpressionNB
    : identifier {this.notLineTerminator()}? '=>' conciseBody
    | asyncArrowFunction
    | simpleAssignmentTargetNB assignmentOperator assignmentExpression
    | conditionalExpressionNB
    ;

simpleAssignmentTargetNB
    : identifier
    | 'async'
    | memberTarget
    ;

conditionalExpressionNB
    : shortCircuitExpressionNB ('?' assignmentExpression ':' assignmentExpression)?
    ;

shortCircuitExpressionNB
    : binaryChainNB (logicalTail | coalesceTail)?
    ;

binaryChainNB
    : operandNB (binaryOperator operand)*
    ;

operandNB
    : unaryOperator unaryExpression
    | 'delete' deleteTarget
    | updateExpressionNB ('**' operand)?
    | PRIVATE_NAME 'in' operand
    ;

updateExpressionNB
    : identifier identifierTail
    | primaryExpressionNB chainEnd
    | 'super' chainTail
    | asyncReference
    | 'new' constructorReference arguments chainEnd
    | newExpression
    | ('++' | '--') simpleAssignmentTarget
    ;

primaryExpressionNB
    : 'this'
    | literal
    | REGEX
    | metaProperty
    | importCall
    ;

// ---------------------------------------------------------------- expressions that begin with '(', '[' or '`'
// The rest of the NB expressions: in `parenStatement`, an arrow function's
// concise body and `export default`.

expressionP
    : assignmentExpressionP (',' assignmentExpression)*
    ;

assignmentExpressionP
    : '(' formalParameters ')' {this.notLineTerminator()}? '=>' conciseBody
    | arrayAssignmentPattern '=' assignmentExpression
    | '(' simpleAssignmentTarget ')' assignmentOperator assignmentExpression
    | conditionalExpressionP
    ;

conditionalExpressionP
    : shortCircuitExpressionP ('?' assignmentExpression ':' assignmentExpression)?
    ;

shortCircuitExpressionP
    : binaryChainP (logicalTail | coalesceTail)?
    ;

binaryChainP
    : operandP (binaryOperator operand)*
    ;

operandP
    : (parenthesizedExpression | arrayLiteral | templateLiteral) chainEnd ('**' operand)?
    ;

// ================================================================ names (12.7, 13.1)

// IdentifierReference and LabelIdentifier: a name, or a contextual keyword
// that is no reserved word.  Left out: let (it would start a declaration),
// yield and await (expressions), and async, which is a name only where it
// cannot begin an async function (`asyncReference`, `bindingIdentifier`):
// `async` and then `function` or `(x) => {...}` on the next line would
// otherwise let ANTLR read the whole function ahead for the other reading.
identifier
    : IDENTIFIER
    | contextualName
    ;

contextualName
    : 'of' | 'get' | 'set' | 'static' | 'from' | 'as' | 'target' | 'meta'
    ;

// BindingIdentifier: also let, yield and await (sloppy scripts: `var let`,
// `let yield`; import { x as await }).
bindingIdentifier
    : identifier
    | 'async'
    | 'let'
    | 'yield'
    | 'await'
    ;

// IdentifierName: any name, reserved words included (property names,
// module export names).
identifierName
    : fieldIdentifierName
    | 'async' | 'get' | 'set' | 'static'
    ;

// Names a class field may have unquoted (see fieldDefinition).
fieldIdentifierName
    : IDENTIFIER
    | reservedWord
    | 'of' | 'from' | 'as' | 'target' | 'meta' | 'let' | 'yield' | 'await'
    ;

reservedWord
    : 'break' | 'case' | 'catch' | 'class' | 'const' | 'continue' | 'debugger'
    | 'default' | 'delete' | 'do' | 'else' | 'enum' | 'export' | 'extends'
    | 'false' | 'finally' | 'for' | 'function' | 'if' | 'import' | 'in'
    | 'instanceof' | 'new' | 'null' | 'return' | 'super' | 'switch' | 'this'
    | 'throw' | 'true' | 'try' | 'typeof' | 'var' | 'void' | 'while' | 'with'
    ;
