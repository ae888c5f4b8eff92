/*
 * Parser for XML 1.0 (Fifth Edition), W3C Recommendation 26 November 2008,
 * written for grammut. Tokens come from XMLLexer.g4.
 *
 * Interpreter-friendly: no actions, no predicates, no target-specific code.
 * Numbers in brackets refer to the productions of the specification. S is
 * a visible whitespace token inside tags, the XML declaration and markup
 * declarations; the rules ask for it where the specification has S or S?.
 */
parser grammar XMLParser;

options {
    tokenVocab = XMLLexer;
}

// [1] document ::= prolog element Misc*   (after an optional byte-order mark)
document
    : BOM? prolog element misc* EOF
    ;

// [22] prolog ::= XMLDecl? Misc* (doctypedecl Misc*)?
prolog
    : xmlDecl? misc* ( doctypeDecl misc* )?
    ;

// ---------------------------------------------------------------------------
// XML declaration
// ---------------------------------------------------------------------------

// [23] XMLDecl ::= '<?xml' VersionInfo EncodingDecl? SDDecl? S? '?>'
// (the S that starts VersionInfo is part of XML_DECL_OPEN)
xmlDecl
    : XML_DECL_OPEN S? versionInfo (S encodingDecl)? (S standaloneDecl)? S? XML_DECL_CLOSE
    ;

// [24] VersionInfo ::= S 'version' Eq ("'" VersionNum "'" | '"' VersionNum '"')
versionInfo
    : DECL_VERSION declEq DECL_VERSION_NUM
    ;

// [80] EncodingDecl ::= S 'encoding' Eq ('"' EncName '"' | "'" EncName "'")
encodingDecl
    : DECL_ENCODING declEq encodingName
    ;

// (Each alternative is a rule of its own so that ANTLR keeps this a decision
// with learnable weights instead of merging the tokens into one set.)
encodingName
    : utf8EncodingName
    | otherEncodingName
    ;

utf8EncodingName
    : DECL_ENC_UTF8
    ;

otherEncodingName
    : DECL_ENC_NAME
    ;

// [32] SDDecl ::= S 'standalone' Eq (("'" ('yes' | 'no') "'") | ('"' ('yes' | 'no') '"'))
standaloneDecl
    : DECL_STANDALONE declEq DECL_YES_NO
    ;

// [25] Eq ::= S? '=' S?
declEq
    : S? DECL_EQUALS S?
    ;

// ---------------------------------------------------------------------------
// Document type declaration
// ---------------------------------------------------------------------------

// [28] doctypedecl ::= '<!DOCTYPE' S Name (S ExternalID)? S? ('[' intSubset ']' S?)? '>'
doctypeDecl
    : DOCTYPE_OPEN S DTD_NAME (S externalId)? S? (internalSubset S?)? DECL_CLOSE
    ;

// [75] ExternalID ::= 'SYSTEM' S SystemLiteral | 'PUBLIC' S PubidLiteral S SystemLiteral
externalId
    : SYSTEM_KW S SYSTEM_LITERAL
    | PUBLIC_KW S PUBID_LITERAL S SYSTEM_LITERAL
    ;

// '[' intSubset ']'
internalSubset
    : SUBSET_OPEN intSubsetItem* SUBSET_CLOSE
    ;

// [28b] intSubset ::= (markupdecl | DeclSep)*
// [28a] DeclSep ::= PEReference | S   (S is hidden here)
// [29] markupdecl ::= elementdecl | AttlistDecl | EntityDecl | NotationDecl | PI | Comment
// Conditional sections belong to external subsets, but parsers meet them.
intSubsetItem
    : elementDecl
    | attlistDecl
    | entityDecl
    | notationDecl
    | PE_REF
    | conditionalSect
    | processingInstruction
    | COMMENT
    ;

// ---------------------------------------------------------------------------
// Element type declarations
// ---------------------------------------------------------------------------

// [45] elementdecl ::= '<!ELEMENT' S Name S contentspec S? '>'
elementDecl
    : ELEMENT_DECL_OPEN S elementDeclName S contentSpec S? DECL_CLOSE
    ;

// (Elements named EMPTY or ANY are legal but unheard of; they are left out
// so that generated declarations do not keep redefining them.)
elementDeclName
    : DTD_NAME
    ;

// [46] contentspec ::= 'EMPTY' | 'ANY' | Mixed | children
contentSpec
    : EMPTY_KW
    | ANY_KW
    | mixed
    | children
    ;

// [51] Mixed ::= '(' S? '#PCDATA' (S? '|' S? Name)* S? ')*' | '(' S? '#PCDATA' S? ')'
mixed
    : LPAREN S? PCDATA_KW
      ( (S? PIPE S? elementDeclName)+ S? RPAREN STAR
      | S? RPAREN STAR?
      )
    ;

// [47] children ::= (choice | seq) ('?' | '*' | '+')?
children
    : particleGroup quantifier?
    ;

// [48] cp ::= (Name | choice | seq) ('?' | '*' | '+')?
contentParticle
    : (elementDeclName | particleGroup) quantifier?
    ;

// [49] choice ::= '(' S? cp ( S? '|' S? cp )+ S? ')'
// [50] seq    ::= '(' S? cp ( S? ',' S? cp )* S? ')'
particleGroup
    : LPAREN S? contentParticle
      ( (S? PIPE S? contentParticle)+
      | (S? COMMA S? contentParticle)*
      )
      S? RPAREN
    ;

quantifier
    : QUESTION
    | STAR
    | PLUS
    ;

// ---------------------------------------------------------------------------
// Attribute-list declarations
// ---------------------------------------------------------------------------

// [52] AttlistDecl ::= '<!ATTLIST' S Name AttDef* S? '>'
attlistDecl
    : ATTLIST_DECL_OPEN S attlistName attDef* S? DECL_CLOSE
    ;

// [53] AttDef ::= S Name S AttType S DefaultDecl
attDef
    : S attlistName S attType S defaultDecl
    ;

// A Name; the type keywords are Names too.
attlistName
    : DTD_NAME
    | attTypeKeyword
    ;

attTypeKeyword
    : CDATA_KW
    | ID_KW
    | IDREF_KW
    | IDREFS_KW
    | ENTITY_KW
    | ENTITIES_KW
    | NMTOKEN_KW
    | NMTOKENS_KW
    | NOTATION_KW
    ;

// [54] AttType ::= StringType | TokenizedType | EnumeratedType
attType
    : CDATA_KW
    | ID_KW
    | IDREF_KW
    | IDREFS_KW
    | ENTITY_KW
    | ENTITIES_KW
    | NMTOKEN_KW
    | NMTOKENS_KW
    | notationType
    | enumeration
    ;

// [58] NotationType ::= 'NOTATION' S '(' S? Name (S? '|' S? Name)* S? ')'
notationType
    : NOTATION_KW S LPAREN S? attlistName (S? PIPE S? attlistName)* S? RPAREN
    ;

// [59] Enumeration ::= '(' S? Nmtoken (S? '|' S? Nmtoken)* S? ')'
enumeration
    : LPAREN S? nmtoken (S? PIPE S? nmtoken)* S? RPAREN
    ;

// [7] Nmtoken: a Name is an Nmtoken too.
nmtoken
    : NMTOKEN
    | attlistName
    ;

// [60] DefaultDecl ::= '#REQUIRED' | '#IMPLIED' | (('#FIXED' S)? AttValue)
defaultDecl
    : REQUIRED_KW
    | IMPLIED_KW
    | (FIXED_KW S)? attValue
    ;

// ---------------------------------------------------------------------------
// Entity and notation declarations
// ---------------------------------------------------------------------------

// [71] GEDecl ::= '<!ENTITY' S Name S EntityDef S? '>'
// [72] PEDecl ::= '<!ENTITY' S '%' S Name S PEDef S? '>'
entityDecl
    : ENTITY_DECL_OPEN S DTD_NAME S entityDef S? DECL_CLOSE
    | ENTITY_DECL_OPEN S PERCENT S DTD_NAME S peDef S? DECL_CLOSE
    ;

// [73] EntityDef ::= EntityValue | (ExternalID NDataDecl?)
entityDef
    : entityValue
    | externalId ndataDecl?
    ;

// [76] NDataDecl ::= S 'NDATA' S Name
ndataDecl
    : S NDATA_KW S DTD_NAME
    ;

// [74] PEDef ::= EntityValue | ExternalID
peDef
    : entityValue
    | externalId
    ;

// [9] EntityValue (parameter-entity references left out: they may not occur
// inside a declaration of the internal subset)
entityValue
    : EV_DQ_OPEN EV_DQ_TEXT? (reference EV_DQ_TEXT?)* EV_DQ_CLOSE
    | EV_SQ_OPEN EV_SQ_TEXT? (reference EV_SQ_TEXT?)* EV_SQ_CLOSE
    ;

// [82] NotationDecl ::= '<!NOTATION' S Name S (ExternalID | PublicID) S? '>'
// [83] PublicID ::= 'PUBLIC' S PubidLiteral
notationDecl
    : NOTATION_DECL_OPEN S DTD_NAME S notationId S? DECL_CLOSE
    ;

notationId
    : SYSTEM_KW S SYSTEM_LITERAL
    | PUBLIC_KW S PUBID_LITERAL (S SYSTEM_LITERAL)?
    ;

// ---------------------------------------------------------------------------
// Conditional sections
// ---------------------------------------------------------------------------

// [61] conditionalSect ::= includeSect | ignoreSect
// [62] includeSect ::= '<![' S? 'INCLUDE' S? '[' extSubsetDecl ']]>'
// [63] ignoreSect ::= '<![' S? 'IGNORE' S? '[' ignoreSectContents* ']]>'
// The keyword may come from a parameter entity; its body is then read as
// declarations.
conditionalSect
    : COND_OPEN (INCLUDE_KW | PE_REF) INCLUDE_OPEN intSubsetItem* INCLUDE_CLOSE
    | COND_OPEN IGNORE_KW IGNORE_OPEN ignoreSectContents IGNORE_CLOSE
    ;

// [64] ignoreSectContents ::= Ignore ('<![' ignoreSectContents ']]>' Ignore)*
ignoreSectContents
    : IGNORE_TEXT? (IGNORE_NESTED_OPEN ignoreSectContents IGNORE_CLOSE IGNORE_TEXT?)*
    ;

// ---------------------------------------------------------------------------
// Elements
// ---------------------------------------------------------------------------

// [39] element ::= EmptyElemTag | STag content ETag
element
    : startTag content endTag
    | emptyElementTag
    ;

// [40] STag ::= '<' Name (S Attribute)* S? '>'
startTag
    : TAG_OPEN ELEMENT_NAME (S attribute)* S? TAG_CLOSE
    ;

// [44] EmptyElemTag ::= '<' Name (S Attribute)* S? '/>'
emptyElementTag
    : TAG_OPEN ELEMENT_NAME (S attribute)* S? EMPTY_TAG_CLOSE
    ;

// [42] ETag ::= '</' Name S? '>'
endTag
    : END_TAG_OPEN ELEMENT_NAME S? TAG_CLOSE
    ;

// [41] Attribute ::= Name Eq AttValue
attribute
    : ATTR_NAME S? EQUALS S? attValue
    ;

// [10] AttValue ::= '"' ([^<&"] | Reference)* '"' | "'" ([^<&'] | Reference)* "'"
attValue
    : ATTR_DQ_OPEN ATTR_DQ_TEXT? (reference ATTR_DQ_TEXT?)* ATTR_DQ_CLOSE
    | ATTR_SQ_OPEN ATTR_SQ_TEXT? (reference ATTR_SQ_TEXT?)* ATTR_SQ_CLOSE
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
// (Declared entities are a rule of their own so that ANTLR keeps this a
// decision with learnable weights instead of merging the tokens into one
// set.)
reference
    : PREDEF_REF
    | CHAR_REF
    | entityRef
    ;

entityRef
    : ENTITY_REF
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
