/*
 * Lexer for XML 1.0 (Fifth Edition), W3C Recommendation 26 November 2008,
 * written for grammut. Use it with XMLParser.g4.
 *
 * Interpreter-friendly: no actions, no predicates, only lexer commands.
 *
 * Modes:
 *   DEFAULT_MODE   prolog, element content and the Misc after the root
 *   TAG_NAME_MODE  right after '<' or '</': only a Name may follow
 *   TAG_MODE       inside a start, end or empty-element tag (attributes)
 *   XML_DECL_MODE  inside <?xml ... ?>
 *   PI_TARGET_MODE right after '<?': the PI target
 *   PI_BODY_MODE   after the PI target, up to '?>'
 *   DOCTYPE_MODE   inside <!DOCTYPE ... >
 *   SUBSET_MODE    inside the internal subset [ ... ] of the DOCTYPE
 *
 * Whitespace goes to the hidden channel everywhere it can stand alone: inside
 * tags and declarations, and as a whitespace-only run in DEFAULT_MODE (the S
 * of Misc in the prolog / after the root, or whitespace-only character data
 * between markup). TEXT therefore always holds at least one non-whitespace
 * character; whitespace next to such characters stays inside TEXT. With this
 * split, " " lexes in the default mode as hidden trivia only, so a generator
 * can use it as the separator between tokens that would otherwise run
 * together (an element name and an attribute name, two attributes, ...).
 */
lexer grammar XMLLexer;

// ===========================================================================
// DEFAULT_MODE: prolog, content, trailing Misc
// ===========================================================================

// [15] Comment ::= '<!--' ((Char - '-') | ('-' (Char - '-')))* '-->'
COMMENT
    : COMMENT_FRAG
    ;

// [18] CDSect ::= CDStart CData CDEnd
CDATA_SECTION
    : '<![CDATA[' XML_CHAR*? ']]>'
    ;

// [23] XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'
// VersionInfo starts with S, so one whitespace char is part of the opener;
// this also keeps '<?xml-stylesheet ...?>' a processing instruction.
XML_DECL_OPEN
    : '<?xml' WS_CHAR -> pushMode(XML_DECL_MODE)
    ;

// [16] PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'
PI_OPEN
    : '<?' -> pushMode(PI_TARGET_MODE)
    ;

// [28] doctypedecl ::= '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'
DOCTYPE_OPEN
    : '<!DOCTYPE' WS_CHAR -> pushMode(DOCTYPE_MODE)
    ;

// [42] ETag ::= '</' Name S? '>'
END_TAG_OPEN
    : '</' -> pushMode(TAG_NAME_MODE)
    ;

// [40] STag ::= '<' Name (S Attribute)* S? '>'
// [44] EmptyElemTag ::= '<' Name (S Attribute)* S? '/>'
TAG_OPEN
    : '<' -> pushMode(TAG_NAME_MODE)
    ;

// [68] EntityRef ::= '&' Name ';'
ENTITY_REF
    : '&' NAME_FRAG ';'
    ;

// [66] CharRef ::= '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';'
CHAR_REF
    : '&#' [0-9]+ ';'
    | '&#x' [0-9a-fA-F]+ ';'
    ;

// A run made only of whitespace: S in the prolog / Misc, or whitespace-only
// character data in content. Trivia: it never reaches the parser.
SEA_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// [14] CharData ::= [^<&]* - ([^<&]* ']]>' [^<&]*)
// A run of character data that never contains the sequence ']]>' and holds
// at least one non-whitespace character (leading whitespace, then a run that
// starts with a non-whitespace character).
TEXT
    : WS_CHAR* ( TEXT_CHAR_NOT_WS | ']' TEXT_CHAR | ']' ']'+ TEXT_CHAR_NOT_GT )
               ( TEXT_CHAR | ']' TEXT_CHAR | ']' ']'+ TEXT_CHAR_NOT_GT )* ']'*
    | WS_CHAR* ']'+
    ;

// ===========================================================================
// TAG_NAME_MODE: the element name right after '<' or '</' (no whitespace)
// ===========================================================================
mode TAG_NAME_MODE;

ELEMENT_NAME
    : NAME_FRAG -> mode(TAG_MODE)
    ;

// ===========================================================================
// TAG_MODE: attributes up to '>' or '/>'
// ===========================================================================
mode TAG_MODE;

TAG_CLOSE
    : '>' -> popMode
    ;

EMPTY_TAG_CLOSE
    : '/>' -> popMode
    ;

// [25] Eq ::= S? '=' S?
EQUALS
    : '='
    ;

// [10] AttValue ::= '"' ([^<&"] | Reference)* '"' | "'" ([^<&'] | Reference)* "'"
ATTR_VALUE
    : '"' ( ATTR_CHAR_DQ | REFERENCE_FRAG )* '"'
    | '\'' ( ATTR_CHAR_SQ | REFERENCE_FRAG )* '\''
    ;

// [41] Attribute ::= Name Eq AttValue
ATTR_NAME
    : NAME_FRAG
    ;

TAG_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// ===========================================================================
// XML_DECL_MODE: version, encoding, standalone
// ===========================================================================
mode XML_DECL_MODE;

DECL_CLOSE
    : '?>' -> popMode
    ;

DECL_VERSION
    : 'version'
    ;

DECL_ENCODING
    : 'encoding'
    ;

DECL_STANDALONE
    : 'standalone'
    ;

DECL_EQUALS
    : '='
    ;

// [26] VersionNum ::= '1.' [0-9]+
DECL_VERSION_NUM
    : '"1.' [0-9]+ '"'
    | '\'1.' [0-9]+ '\''
    ;

// [32] SDDecl: 'yes' | 'no'
DECL_YES_NO
    : '"' ( 'yes' | 'no' ) '"'
    | '\'' ( 'yes' | 'no' ) '\''
    ;

// [81] EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
DECL_ENC_NAME
    : '"' ENC_NAME_FRAG '"'
    | '\'' ENC_NAME_FRAG '\''
    ;

DECL_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// ===========================================================================
// PI_TARGET_MODE: the target of a processing instruction
// ===========================================================================
mode PI_TARGET_MODE;

// [17] PITarget ::= Name - (('X' | 'x') ('M' | 'm') ('L' | 'l'))
// The reserved name gets a token of its own that the parser never accepts.
RESERVED_PI_TARGET
    : [xX] [mM] [lL] -> mode(PI_BODY_MODE)
    ;

PI_TARGET
    : NAME_FRAG -> mode(PI_BODY_MODE)
    ;

// ===========================================================================
// PI_BODY_MODE: optional data, then '?>'
// ===========================================================================
mode PI_BODY_MODE;

// S, then any characters up to the first '?>' (which is part of the token).
PI_DATA
    : WS_CHAR XML_CHAR*? '?>' -> popMode
    ;

PI_CLOSE
    : '?>' -> popMode
    ;

// ===========================================================================
// DOCTYPE_MODE: root name, external id, internal subset
// ===========================================================================
mode DOCTYPE_MODE;

DOCTYPE_CLOSE
    : '>' -> popMode
    ;

SUBSET_OPEN
    : '[' -> pushMode(SUBSET_MODE)
    ;

DOCTYPE_SYSTEM
    : 'SYSTEM'
    ;

DOCTYPE_PUBLIC
    : 'PUBLIC'
    ;

// [11] SystemLiteral / [12] PubidLiteral
DOCTYPE_LITERAL
    : '"' ~["]* '"'
    | '\'' ~[']* '\''
    ;

DOCTYPE_NAME
    : NAME_FRAG
    ;

DOCTYPE_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// ===========================================================================
// SUBSET_MODE: simplified internal subset; each markup declaration is one
// token, its body kept as opaque text (quoted literals may contain '>').
// ===========================================================================
mode SUBSET_MODE;

SUBSET_CLOSE
    : ']' -> popMode
    ;

// [45] elementdecl ::= '<!ELEMENT' S Name S contentspec S? '>'
ELEMENT_DECL
    : '<!ELEMENT' WS_CHAR DECL_BODY_FRAG '>'
    ;

// [52] AttlistDecl ::= '<!ATTLIST' S Name AttDef* S? '>'
ATTLIST_DECL
    : '<!ATTLIST' WS_CHAR DECL_BODY_FRAG '>'
    ;

// [70] EntityDecl ::= GEDecl | PEDecl
ENTITY_DECL
    : '<!ENTITY' WS_CHAR DECL_BODY_FRAG '>'
    ;

// [82] NotationDecl ::= '<!NOTATION' S Name S (ExternalID | PublicID) S? '>'
NOTATION_DECL
    : '<!NOTATION' WS_CHAR DECL_BODY_FRAG '>'
    ;

// [69] PEReference ::= '%' Name ';'
PE_REF
    : '%' NAME_FRAG ';'
    ;

SUBSET_COMMENT
    : COMMENT_FRAG -> type(COMMENT)
    ;

SUBSET_PI_OPEN
    : '<?' -> type(PI_OPEN), pushMode(PI_TARGET_MODE)
    ;

SUBSET_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// ===========================================================================
// Fragments
// ===========================================================================

// [3] S ::= (#x20 | #x9 | #xD | #xA)+
fragment WS_CHAR
    : [ \t\r\n]
    ;

// [2] Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
fragment XML_CHAR
    : [\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]
    ;

// Char minus '<', '&' and ']'
fragment TEXT_CHAR
    : ~[<&\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '&', ']' and whitespace
fragment TEXT_CHAR_NOT_WS
    : ~[<&\] \t\r\n\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '&', ']' and '>'
fragment TEXT_CHAR_NOT_GT
    : ~[<&\]>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '&' and '"'
fragment ATTR_CHAR_DQ
    : ~[<&"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '&' and '\''
fragment ATTR_CHAR_SQ
    : ~[<&'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '-'
fragment COMMENT_CHAR
    : [\t\n\r\u0020-\u002C\u002E-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]
    ;

fragment COMMENT_FRAG
    : '<!--' ( COMMENT_CHAR | '-' COMMENT_CHAR )* '-->'
    ;

// [67] Reference ::= EntityRef | CharRef
fragment REFERENCE_FRAG
    : '&' NAME_FRAG ';'
    | '&#' [0-9]+ ';'
    | '&#x' [0-9a-fA-F]+ ';'
    ;

// Markup declaration body: anything up to '>', with quoted literals opaque.
fragment DECL_BODY_FRAG
    : ( ~[>"'] | '"' ~["]* '"' | '\'' ~[']* '\'' )*
    ;

fragment ENC_NAME_FRAG
    : [A-Za-z] [A-Za-z0-9._\-]*
    ;

// [5] Name ::= NameStartChar (NameChar)*
fragment NAME_FRAG
    : NAME_START_CHAR NAME_CHAR*
    ;

// [4] NameStartChar
fragment NAME_START_CHAR
    : [:A-Z_a-z]
    | [\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF]
    | [\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF]
    | [\uF900-\uFDCF\uFDF0-\uFFFD\u{10000}-\u{EFFFF}]
    ;

// [4a] NameChar
fragment NAME_CHAR
    : NAME_START_CHAR
    | [\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]
    ;
