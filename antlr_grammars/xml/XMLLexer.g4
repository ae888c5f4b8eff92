/*
 * Lexer for XML 1.0 (Fifth Edition), W3C Recommendation 26 November 2008,
 * written for grammut. Use it with XMLParser.g4. Numbers in brackets refer
 * to the productions of the specification.
 *
 * Interpreter-friendly: no actions, no predicates, only lexer commands.
 *
 * Modes:
 *   DEFAULT_MODE     prolog, element content and the Misc after the root
 *   TAG_NAME_MODE    right after '<' or '</': only a Name may follow
 *   TAG_MODE         inside a start, end or empty-element tag (attributes)
 *   ATTR_DQ_MODE,    inside a double- or single-quoted attribute value
 *   ATTR_SQ_MODE       (in a tag or as an ATTLIST default)
 *   XML_DECL_MODE    inside <?xml ... ?>
 *   PI_TARGET_MODE   right after '<?': the PI target
 *   PI_BODY_MODE     after the PI target, up to '?>'
 *   DECL_MODE        inside <!DOCTYPE ...>, <!ENTITY ...> and <!NOTATION ...>
 *   PUBID_MODE       after PUBLIC: the public id literal
 *   EXTID_MODE       after SYSTEM or a public id: system literal, NDATA,
 *                    the internal subset and the closing '>'
 *   EV_DQ_MODE,      inside a quoted entity value
 *   EV_SQ_MODE
 *   SUBSET_MODE      the internal subset [ ... ] and INCLUDE sections
 *   ELEMENT_MODE     inside <!ELEMENT ...>: content models
 *   ATTLIST_MODE     inside <!ATTLIST ...>: attribute definitions
 *   COND_MODE        after '<![' in the subset: INCLUDE, IGNORE or %pe;
 *   IGNORE_HEAD_MODE after IGNORE, up to '['
 *   IGNORE_MODE      the ignored text of an IGNORE section (nests)
 *
 * Whitespace is hidden trivia where it is optional and cannot change the
 * meaning: whitespace-only runs in the default mode (the S of Misc in the
 * prolog / after the root, or whitespace-only character data), between the
 * declarations of the internal subset, and around the keyword of a
 * conditional section. TEXT therefore always holds at least one
 * non-whitespace character, and " " lexes in the default mode as hidden
 * trivia only, so a generator can use it as the separator between tokens
 * that would otherwise run together.
 *
 * Inside tags, the XML declaration and markup declarations the
 * specification requires whitespace in places (between attributes, after
 * '<!ELEMENT' and the element name, after SYSTEM, ...), so there whitespace
 * is a visible token S that the parser asks for exactly where S or S? stands
 * in the specification.
 */
lexer grammar XMLLexer;

tokens { S, DTD_NAME, DECL_CLOSE, LPAREN, RPAREN, PIPE }

// ===========================================================================
// DEFAULT_MODE: prolog, content, trailing Misc
// ===========================================================================

// A byte-order mark (U+FEFF) may start a UTF-8 document (Appendix F).
BOM
    : '\uFEFF'
    ;

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
    : '<!DOCTYPE' -> pushMode(DECL_MODE)
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

// [68] EntityRef for the five predefined entities (4.6), which need no
// declaration.
PREDEF_REF
    : PREDEF_REF_FRAG
    ;

// [68] EntityRef ::= '&' Name ';'
ENTITY_REF
    : '&' NAME_FRAG ';'
    ;

// [66] CharRef ::= '&#' [0-9]+ ';' | '&#x' [0-9a-fA-F]+ ';'
// limited to values that can name a legal Char (WFC: Legal Character).
CHAR_REF
    : CHAR_REF_FRAG
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
ATTR_DQ_OPEN
    : '"' -> pushMode(ATTR_DQ_MODE)
    ;

ATTR_SQ_OPEN
    : '\'' -> pushMode(ATTR_SQ_MODE)
    ;

// [41] Attribute ::= Name Eq AttValue
ATTR_NAME
    : NAME_FRAG
    ;

TAG_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// ATTR_DQ_MODE / ATTR_SQ_MODE: an attribute value, references as tokens
// ===========================================================================
mode ATTR_DQ_MODE;

ATTR_DQ_CLOSE
    : '"' -> popMode
    ;

ATTR_DQ_TEXT
    : ATTR_CHAR_DQ+
    ;

ATTR_DQ_PREDEF_REF
    : PREDEF_REF_FRAG -> type(PREDEF_REF)
    ;

ATTR_DQ_ENTITY_REF
    : '&' NAME_FRAG ';' -> type(ENTITY_REF)
    ;

ATTR_DQ_CHAR_REF
    : CHAR_REF_FRAG -> type(CHAR_REF)
    ;

mode ATTR_SQ_MODE;

ATTR_SQ_CLOSE
    : '\'' -> popMode
    ;

ATTR_SQ_TEXT
    : ATTR_CHAR_SQ+
    ;

ATTR_SQ_PREDEF_REF
    : PREDEF_REF_FRAG -> type(PREDEF_REF)
    ;

ATTR_SQ_ENTITY_REF
    : '&' NAME_FRAG ';' -> type(ENTITY_REF)
    ;

ATTR_SQ_CHAR_REF
    : CHAR_REF_FRAG -> type(CHAR_REF)
    ;

// ===========================================================================
// XML_DECL_MODE: version, encoding, standalone
// ===========================================================================
mode XML_DECL_MODE;

XML_DECL_CLOSE
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

// UTF-8, the encoding every XML processor supports and the one generated
// text is written in, gets a token of its own (any letter case). Other
// names are DECL_ENC_NAME.
DECL_ENC_UTF8
    : '"' [uU] [tT] [fF] '-8' '"'
    | '\'' [uU] [tT] [fF] '-8' '\''
    ;

// [81] EncName ::= [A-Za-z] ([A-Za-z0-9._] | '-')*
DECL_ENC_NAME
    : '"' ENC_NAME_FRAG '"'
    | '\'' ENC_NAME_FRAG '\''
    ;

XML_DECL_S
    : WS_CHAR+ -> type(S)
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
// DECL_MODE: <!DOCTYPE ...>, <!ENTITY ...> and <!NOTATION ...> up to an
// external id
// ===========================================================================
mode DECL_MODE;

DECL_DECL_CLOSE
    : '>' -> type(DECL_CLOSE), popMode
    ;

SUBSET_OPEN
    : '[' -> pushMode(SUBSET_MODE)
    ;

// [75] ExternalID ::= 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral S SystemLiteral
SYSTEM_KW
    : 'SYSTEM' -> mode(EXTID_MODE)
    ;

PUBLIC_KW
    : 'PUBLIC' -> mode(PUBID_MODE)
    ;

// [72] PEDecl ::= '<!ENTITY' S '%' S Name S PEDef S? '>'
PERCENT
    : '%'
    ;

// [9] EntityValue ::= '"' ([^%&"] | PEReference | Reference)* '"'
//                   | "'" ([^%&'] | PEReference | Reference)* "'"
EV_DQ_OPEN
    : '"' -> pushMode(EV_DQ_MODE)
    ;

EV_SQ_OPEN
    : '\'' -> pushMode(EV_SQ_MODE)
    ;

DECL_NAME
    : NAME_FRAG -> type(DTD_NAME)
    ;

DECL_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// PUBID_MODE: [12] PubidLiteral ::= '"' PubidChar* '"' | "'" (PubidChar - "'")* "'"
// ===========================================================================
mode PUBID_MODE;

PUBID_LITERAL
    : ( '"' PUBID_CHAR* '"' | '\'' PUBID_CHAR_NOT_SQ* '\'' ) -> mode(EXTID_MODE)
    ;

PUBID_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// EXTID_MODE: the rest of a declaration after SYSTEM / a public id
// ===========================================================================
mode EXTID_MODE;

EXTID_DECL_CLOSE
    : '>' -> type(DECL_CLOSE), popMode
    ;

EXTID_SUBSET_OPEN
    : '[' -> type(SUBSET_OPEN), pushMode(SUBSET_MODE)
    ;

// [11] SystemLiteral ::= ('"' [^"]* '"') | ("'" [^']* "'")
SYSTEM_LITERAL
    : '"' ~["]* '"'
    | '\'' ~[']* '\''
    ;

// [76] NDataDecl ::= S 'NDATA' S Name
NDATA_KW
    : 'NDATA'
    ;

EXTID_NAME
    : NAME_FRAG -> type(DTD_NAME)
    ;

EXTID_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// EV_DQ_MODE / EV_SQ_MODE: an entity value. '%' and '&' only start
// references; parameter-entity references are left out because they may not
// occur inside declarations of the internal subset (WFC: PEs in Internal
// Subset).
// ===========================================================================
mode EV_DQ_MODE;

EV_DQ_CLOSE
    : '"' -> popMode
    ;

EV_DQ_TEXT
    : EV_CHAR_DQ+
    ;

EV_DQ_PREDEF_REF
    : PREDEF_REF_FRAG -> type(PREDEF_REF)
    ;

EV_DQ_ENTITY_REF
    : '&' NAME_FRAG ';' -> type(ENTITY_REF)
    ;

EV_DQ_CHAR_REF
    : CHAR_REF_FRAG -> type(CHAR_REF)
    ;

mode EV_SQ_MODE;

EV_SQ_CLOSE
    : '\'' -> popMode
    ;

EV_SQ_TEXT
    : EV_CHAR_SQ+
    ;

EV_SQ_PREDEF_REF
    : PREDEF_REF_FRAG -> type(PREDEF_REF)
    ;

EV_SQ_ENTITY_REF
    : '&' NAME_FRAG ';' -> type(ENTITY_REF)
    ;

EV_SQ_CHAR_REF
    : CHAR_REF_FRAG -> type(CHAR_REF)
    ;

// ===========================================================================
// SUBSET_MODE: [28b] intSubset ::= (markupdecl | DeclSep)*, and the body of
// an INCLUDE section
// ===========================================================================
mode SUBSET_MODE;

SUBSET_CLOSE
    : ']' -> popMode
    ;

// [62] includeSect ::= '<![' S? 'INCLUDE' S? '[' extSubsetDecl ']]>'
INCLUDE_CLOSE
    : ']]>' -> popMode
    ;

// [45] elementdecl ::= '<!ELEMENT' S Name S contentspec S? '>'
ELEMENT_DECL_OPEN
    : '<!ELEMENT' -> pushMode(ELEMENT_MODE)
    ;

// [52] AttlistDecl ::= '<!ATTLIST' S Name AttDef* S? '>'
ATTLIST_DECL_OPEN
    : '<!ATTLIST' -> pushMode(ATTLIST_MODE)
    ;

// [70] EntityDecl ::= GEDecl | PEDecl
ENTITY_DECL_OPEN
    : '<!ENTITY' -> pushMode(DECL_MODE)
    ;

// [82] NotationDecl ::= '<!NOTATION' S Name S (ExternalID | PublicID) S? '>'
NOTATION_DECL_OPEN
    : '<!NOTATION' -> pushMode(DECL_MODE)
    ;

// [61] conditionalSect ::= includeSect | ignoreSect
COND_OPEN
    : '<![' -> pushMode(COND_MODE)
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
// ELEMENT_MODE: [46] contentspec ::= 'EMPTY' | 'ANY' | Mixed | children
// ===========================================================================
mode ELEMENT_MODE;

ELEMENT_DECL_CLOSE
    : '>' -> type(DECL_CLOSE), popMode
    ;

EMPTY_KW
    : 'EMPTY'
    ;

ANY_KW
    : 'ANY'
    ;

PCDATA_KW
    : '#PCDATA'
    ;

ELEMENT_LPAREN
    : '(' -> type(LPAREN)
    ;

ELEMENT_RPAREN
    : ')' -> type(RPAREN)
    ;

ELEMENT_PIPE
    : '|' -> type(PIPE)
    ;

COMMA
    : ','
    ;

QUESTION
    : '?'
    ;

STAR
    : '*'
    ;

PLUS
    : '+'
    ;

ELEMENT_NAME_DECL
    : NAME_FRAG -> type(DTD_NAME)
    ;

ELEMENT_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// ATTLIST_MODE: [53] AttDef ::= S Name S AttType S DefaultDecl
// ===========================================================================
mode ATTLIST_MODE;

ATTLIST_DECL_CLOSE
    : '>' -> type(DECL_CLOSE), popMode
    ;

// [55] StringType, [56] TokenizedType, [58] NotationType
CDATA_KW    : 'CDATA' ;
ID_KW       : 'ID' ;
IDREF_KW    : 'IDREF' ;
IDREFS_KW   : 'IDREFS' ;
ENTITY_KW   : 'ENTITY' ;
ENTITIES_KW : 'ENTITIES' ;
NMTOKEN_KW  : 'NMTOKEN' ;
NMTOKENS_KW : 'NMTOKENS' ;
NOTATION_KW : 'NOTATION' ;

// [60] DefaultDecl ::= '#REQUIRED' | '#IMPLIED' | (('#FIXED' S)? AttValue)
REQUIRED_KW : '#REQUIRED' ;
IMPLIED_KW  : '#IMPLIED' ;
FIXED_KW    : '#FIXED' ;

ATTLIST_LPAREN
    : '(' -> type(LPAREN)
    ;

ATTLIST_RPAREN
    : ')' -> type(RPAREN)
    ;

ATTLIST_PIPE
    : '|' -> type(PIPE)
    ;

ATTLIST_DQ_OPEN
    : '"' -> type(ATTR_DQ_OPEN), pushMode(ATTR_DQ_MODE)
    ;

ATTLIST_SQ_OPEN
    : '\'' -> type(ATTR_SQ_OPEN), pushMode(ATTR_SQ_MODE)
    ;

ATTLIST_NAME
    : NAME_FRAG -> type(DTD_NAME)
    ;

// [7] Nmtoken ::= (NameChar)+ that is not also a Name (enumeration values)
NMTOKEN
    : NAME_CHAR+
    ;

ATTLIST_S
    : WS_CHAR+ -> type(S)
    ;

// ===========================================================================
// COND_MODE: after '<![' in the subset
// ===========================================================================
mode COND_MODE;

INCLUDE_KW
    : 'INCLUDE'
    ;

// [63] ignoreSect ::= '<![' S? 'IGNORE' S? '[' ignoreSectContents* ']]>'
IGNORE_KW
    : 'IGNORE' -> mode(IGNORE_HEAD_MODE)
    ;

COND_PE_REF
    : '%' NAME_FRAG ';' -> type(PE_REF)
    ;

INCLUDE_OPEN
    : '[' -> mode(SUBSET_MODE)
    ;

COND_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

mode IGNORE_HEAD_MODE;

IGNORE_OPEN
    : '[' -> mode(IGNORE_MODE)
    ;

IGNORE_HEAD_WS
    : WS_CHAR+ -> channel(HIDDEN)
    ;

// ===========================================================================
// IGNORE_MODE: [64] ignoreSectContents ::= Ignore ('<![' ignoreSectContents ']]>' Ignore)*
// ===========================================================================
mode IGNORE_MODE;

IGNORE_CLOSE
    : ']]>' -> popMode
    ;

IGNORE_NESTED_OPEN
    : '<![' -> pushMode(IGNORE_MODE)
    ;

// [65] Ignore ::= Char* - (Char* ('<![' | ']]>') Char*)
// A run that contains neither '<![' nor ']]>' and does not end in '<',
// '<!' or ']', so that the longest match always stops right before the
// '<![' or ']]>' that follows it.
IGNORE_TEXT
    : ( IGNORE_CHAR
      | ( ']'* ( '<' | '<!' ) )*
        ( '<' IGNORE_AFTER_LT
        | '<!' IGNORE_AFTER_LT_BANG
        | ']' IGNORE_CHAR
        | ']' ']'+ IGNORE_AFTER_BRACKETS
        )
      )+
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

// Char minus '%', '&' and '"'
fragment EV_CHAR_DQ
    : ~[%&"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '%', '&' and '\''
fragment EV_CHAR_SQ
    : ~[%&'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<' and ']'
fragment IGNORE_CHAR
    : ~[<\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '!' and ']'
fragment IGNORE_AFTER_LT
    : ~[<!\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', '[' and ']'
fragment IGNORE_AFTER_LT_BANG
    : ~[<[\]\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '<', ']' and '>'
fragment IGNORE_AFTER_BRACKETS
    : ~[<\]>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]
    ;

// Char minus '-'
fragment COMMENT_CHAR
    : [\t\n\r\u0020-\u002C\u002E-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]
    ;

fragment COMMENT_FRAG
    : '<!--' ( COMMENT_CHAR | '-' COMMENT_CHAR )* '-->'
    ;

// [13] PubidChar ::= #x20 | #xD | #xA | [a-zA-Z0-9] | [-'()+,./:=?;!*#@$_%]
fragment PUBID_CHAR
    : [ \r\na-zA-Z0-9\-'()+,./:=?;!*#@$_%]
    ;

fragment PUBID_CHAR_NOT_SQ
    : [ \r\na-zA-Z0-9\-()+,./:=?;!*#@$_%]
    ;

fragment PREDEF_REF_FRAG
    : '&' ( 'lt' | 'gt' | 'amp' | 'apos' | 'quot' ) ';'
    ;

// A character reference whose value can be a Char: decimal 9, 10, 13,
// 32-1109999 or hexadecimal 9, A, D, 20-10FFFF, leading zeros allowed.
// (Surrogates and FFFE/FFFF still get through.)
fragment CHAR_REF_FRAG
    : '&#' '0'* ( '9' | '10' | '13' | '3' [2-9] | [4-9] [0-9]
                | [1-9] [0-9] [0-9] | [1-9] [0-9] [0-9] [0-9]
                | [1-9] [0-9] [0-9] [0-9] [0-9]
                | [1-9] [0-9] [0-9] [0-9] [0-9] [0-9]
                | '10' [0-9] [0-9] [0-9] [0-9] [0-9]
                | '110' [0-9] [0-9] [0-9] [0-9]
                ) ';'
    | '&#x' '0'* ( [9aAdD] | [2-9a-fA-F] HEX
                 | [1-9a-fA-F] HEX HEX | [1-9a-fA-F] HEX HEX HEX
                 | [1-9a-fA-F] HEX HEX HEX HEX | '10' HEX HEX HEX HEX
                 ) ';'
    ;

fragment HEX
    : [0-9a-fA-F]
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
