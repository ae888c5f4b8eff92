/*
 * Parser for XML 1.0 (Fifth Edition), W3C Recommendation 26 November 2008,
 * written for grammut. Tokens come from XMLLexer.g4.
 *
 * Interpreter-friendly: no actions, no predicates, no target-specific code.
 * Numbers in brackets refer to the productions of the specification.
 */
parser grammar XMLParser;

options {
    tokenVocab = XMLLexer;
}

// [1] document ::= prolog element Misc*
document
    : prolog element misc* EOF
    ;

// [22] prolog ::= XMLDecl? Misc* (doctypedecl Misc*)?
prolog
    : xmlDecl? misc* ( doctypeDecl misc* )?
    ;

// [23] XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'
xmlDecl
    : XML_DECL_OPEN versionInfo encodingDecl? standaloneDecl? DECL_CLOSE
    ;

// [24] VersionInfo ::= S 'version' Eq ("'" VersionNum "'" | '"' VersionNum '"')
versionInfo
    : DECL_VERSION DECL_EQUALS DECL_VERSION_NUM
    ;

// [80] EncodingDecl ::= S 'encoding' Eq ('"' EncName '"' | "'" EncName "'")
encodingDecl
    : DECL_ENCODING DECL_EQUALS DECL_ENC_NAME
    ;

// [32] SDDecl ::= S 'standalone' Eq (("'" ('yes' | 'no') "'") | ('"' ('yes' | 'no') '"'))
standaloneDecl
    : DECL_STANDALONE DECL_EQUALS DECL_YES_NO
    ;

// [28] doctypedecl ::= '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'
doctypeDecl
    : DOCTYPE_OPEN DOCTYPE_NAME externalId? internalSubset? DOCTYPE_CLOSE
    ;

// [75] ExternalID ::= 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral S SystemLiteral
externalId
    : DOCTYPE_SYSTEM DOCTYPE_LITERAL
    | DOCTYPE_PUBLIC DOCTYPE_LITERAL DOCTYPE_LITERAL
    ;

// '[' intSubset ']'  with  [28b] intSubset ::= (markupdecl | DeclSep)*
internalSubset
    : SUBSET_OPEN markupDecl* SUBSET_CLOSE
    ;

// [29] markupdecl ::= elementdecl | AttlistDecl | EntityDecl | NotationDecl | PI | Comment
// [28a] DeclSep ::= PEReference | S   (S is on the hidden channel)
markupDecl
    : ELEMENT_DECL
    | ATTLIST_DECL
    | ENTITY_DECL
    | NOTATION_DECL
    | PE_REF
    | processingInstruction
    | COMMENT
    ;

// [39] element ::= EmptyElemTag | STag content ETag
element
    : startTag content endTag
    | emptyElementTag
    ;

// [40] STag ::= '<' Name (S Attribute)* S? '>'
startTag
    : TAG_OPEN ELEMENT_NAME attribute* TAG_CLOSE
    ;

// [44] EmptyElemTag ::= '<' Name (S Attribute)* S? '/>'
emptyElementTag
    : TAG_OPEN ELEMENT_NAME attribute* EMPTY_TAG_CLOSE
    ;

// [42] ETag ::= '</' Name S? '>'
endTag
    : END_TAG_OPEN ELEMENT_NAME TAG_CLOSE
    ;

// [41] Attribute ::= Name Eq AttValue
attribute
    : ATTR_NAME EQUALS ATTR_VALUE
    ;

// [43] content ::= CharData? ((element | Reference | CDSect | PI | Comment) CharData?)*
content
    : charData? ( ( element | reference | CDATA_SECTION | processingInstruction | COMMENT ) charData? )*
    ;

// [14] CharData (whitespace-only runs are hidden SEA_WS trivia)
charData
    : TEXT
    ;

// [67] Reference ::= EntityRef | CharRef
reference
    : ENTITY_REF
    | CHAR_REF
    ;

// [16] PI ::= '<?' PITarget (S (Char* - (Char* '?>' Char*)))? '?>'
processingInstruction
    : PI_OPEN PI_TARGET ( PI_DATA | PI_CLOSE )
    ;

// [27] Misc ::= Comment | PI | S   (S is hidden SEA_WS trivia)
misc
    : COMMENT
    | processingInstruction
    ;
