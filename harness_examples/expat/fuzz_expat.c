/*
 * fuzz_expat.c - libFuzzer harness for Expat (stream-oriented XML parser).
 *
 * Input: one XML document (raw bytes, no framing).
 * Exercises: XML_ParserCreate or XML_ParserCreateNS (picked by a hash of
 * the input, not by a framing byte), encoding autodetection (UTF-8,
 * UTF-16LE/BE with or without BOM, declared encodings, and an
 * unknown-encoding handler that supplies single- and multi-byte tables for
 * names Expat does not know), every content and DTD handler (elements,
 * attributes, character data, PIs, comments, CDATA, DOCTYPE, element /
 * attlist / entity / notation declarations, XML declaration, namespaces,
 * skipped entities, default handler), parameter entity parsing and
 * external entities.  The document is parsed twice: in one XML_Parse call,
 * then, after XML_ParserReset, in small chunks whose size also comes from
 * the hash, with parsing suspended and resumed once from a start-element
 * handler.
 *
 * External entities never touch the file system: the external entity
 * handler parses a fixed in-memory text with XML_ExternalEntityParserCreate
 * (an external DTD subset with a conditional section for the DTD and
 * parameter entities, a small element for general entities), nested at
 * most MAX_EXTERNAL_DEPTH deep and at most MAX_EXTERNAL_ENTITIES times per
 * parse.  Expat's billion-laughs protection is left at its defaults.
 * Bounds: inputs over FUZZ_MAX_INPUT bytes are ignored; Expat's own work
 * is linear in the input plus the (amplification-limited) entity
 * expansion, so nothing here can loop.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <expat.h>

#define FUZZ_MAX_INPUT (64 * 1024)
#define MAX_EXTERNAL_DEPTH 3
#define MAX_EXTERNAL_ENTITIES 16
#define SUSPEND_AT_ELEMENT 3 /* start tag at which the chunked pass suspends */
#define MAX_RESUMES 8

static volatile size_t sink;

/* The external DTD subset / parameter entity text.  Conditional sections
 * are only allowed in external subsets, so this is where they get
 * exercised. */
static const char external_dtd[] = "<?xml version='1.0' encoding='UTF-8'?>\n"
                                   "<!ENTITY % ext.switch 'INCLUDE'>\n"
                                   "<![%ext.switch;[\n"
                                   "  <!ELEMENT ext (#PCDATA|b)*>\n"
                                   "  <!ATTLIST ext id ID #IMPLIED kind (x|y) 'x'>\n"
                                   "]]>\n"
                                   "<![IGNORE[ <!ELEMENT ignored ANY> ]]>\n"
                                   "<!ENTITY ext.general 'from the external subset'>\n"
                                   "<!NOTATION ext.png SYSTEM 'image/png'>\n";

/* The text of an external general entity (parsed as content). */
static const char external_content[] =
    "<?xml encoding='UTF-8'?>"
    "<ext kind='y'>external <b>text</b> &amp; <![CDATA[<raw>]]><?pi data?><!--c--></ext>";

struct state {
    XML_Parser root;  /* the document's parser */
    XML_Parser cur;   /* the parser running the handlers (root or external) */
    int depth;        /* nesting of external entity parsers */
    int externals;    /* external entities parsed so far */
    int elements;     /* start tags seen in this pass */
    int suspend_pass; /* may this pass suspend? */
    size_t acc;
};

/* ------------------------------------------------------------------ */
/* handlers: touch every argument so that ASan sees the memory          */

static size_t str_len(const XML_Char *s) {
    return s == NULL ? 0 : strlen(s);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts) {
    struct state *st = (struct state *)ud;
    int i;
    st->acc += str_len(name);
    for (i = 0; atts[i] != NULL; i++)
        st->acc += str_len(atts[i]);
    st->acc += (size_t)XML_GetSpecifiedAttributeCount(st->cur);
    st->acc += (size_t)(XML_GetIdAttributeIndex(st->cur) + 1);
    if (st->depth > 0)
        return;
    st->elements++;
    if (st->suspend_pass && st->elements == SUSPEND_AT_ELEMENT)
        XML_StopParser(st->root, XML_TRUE);
}

static void XMLCALL on_end(void *ud, const XML_Char *name) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(name) + (size_t)XML_GetCurrentLineNumber(st->cur);
}

static void XMLCALL on_chars(void *ud, const XML_Char *s, int len) {
    struct state *st = (struct state *)ud;
    if (len > 0)
        st->acc += (size_t)(unsigned char)s[0] + (size_t)(unsigned char)s[len - 1];
}

static void XMLCALL on_pi(void *ud, const XML_Char *target, const XML_Char *data) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(target) + str_len(data);
    XML_DefaultCurrent(st->cur);
}

static void XMLCALL on_comment(void *ud, const XML_Char *data) {
    struct state *st = (struct state *)ud;
    int offset = 0, size = 0;
    const char *ctx = XML_GetInputContext(st->cur, &offset, &size);
    st->acc += str_len(data);
    if (ctx != NULL && offset >= 0 && offset < size)
        st->acc += (size_t)(unsigned char)ctx[offset];
}

static void XMLCALL on_cdata_start(void *ud) {
    ((struct state *)ud)->acc += 1;
}

static void XMLCALL on_cdata_end(void *ud) {
    ((struct state *)ud)->acc += 2;
}

static void XMLCALL on_default(void *ud, const XML_Char *s, int len) {
    struct state *st = (struct state *)ud;
    if (len > 0)
        st->acc += (size_t)(unsigned char)s[len - 1];
}

static void XMLCALL on_doctype_start(void *ud, const XML_Char *name, const XML_Char *sysid,
                                     const XML_Char *pubid, int has_internal_subset) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(name) + str_len(sysid) + str_len(pubid) + (size_t)has_internal_subset;
}

static void XMLCALL on_doctype_end(void *ud) {
    ((struct state *)ud)->acc += 3;
}

static size_t walk_model(const XML_Content *m, int depth) {
    size_t n = str_len(m->name) + (size_t)m->type + (size_t)m->quant;
    unsigned i;
    if (depth > 64)
        return n;
    for (i = 0; i < m->numchildren; i++)
        n += walk_model(&m->children[i], depth + 1);
    return n;
}

static void XMLCALL on_element_decl(void *ud, const XML_Char *name, XML_Content *model) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(name) + walk_model(model, 0);
    XML_FreeContentModel(st->cur, model);
}

static void XMLCALL on_attlist_decl(void *ud, const XML_Char *elname, const XML_Char *attname,
                                    const XML_Char *att_type, const XML_Char *dflt, int isrequired) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(elname) + str_len(attname) + str_len(att_type) + str_len(dflt) + (size_t)isrequired;
}

static void XMLCALL on_entity_decl(void *ud, const XML_Char *name, int is_param, const XML_Char *value,
                                   int value_length, const XML_Char *base, const XML_Char *system_id,
                                   const XML_Char *public_id, const XML_Char *notation) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(name) + (size_t)is_param + str_len(base) + str_len(system_id) + str_len(public_id) +
               str_len(notation);
    if (value != NULL && value_length > 0)
        st->acc += (size_t)(unsigned char)value[value_length - 1];
}

static void XMLCALL on_notation_decl(void *ud, const XML_Char *name, const XML_Char *base,
                                     const XML_Char *system_id, const XML_Char *public_id) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(name) + str_len(base) + str_len(system_id) + str_len(public_id);
}

static void XMLCALL on_xml_decl(void *ud, const XML_Char *version, const XML_Char *encoding, int standalone) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(version) + str_len(encoding) + (size_t)(standalone + 1);
}

static void XMLCALL on_ns_start(void *ud, const XML_Char *prefix, const XML_Char *uri) {
    struct state *st = (struct state *)ud;
    st->acc += str_len(prefix) + str_len(uri);
}

static void XMLCALL on_ns_end(void *ud, const XML_Char *prefix) {
    ((struct state *)ud)->acc += str_len(prefix);
}

static void XMLCALL on_skipped(void *ud, const XML_Char *name, int is_param) {
    ((struct state *)ud)->acc += str_len(name) + (size_t)is_param;
}

static int XMLCALL on_not_standalone(void *ud) {
    (void)ud;
    return XML_STATUS_OK;
}

/* ------------------------------------------------------------------ */
/* unknown encodings                                                    */

/* Multi-byte table: 0x80-0xBF stand for themselves (Latin-1), 0xC0-0xDF
 * start 2-byte and 0xE0-0xEF 3-byte sequences, 0xF0-0xFF are malformed. */
static int XMLCALL convert_multibyte(void *data, const char *s) {
    const unsigned char *u = (const unsigned char *)s;
    int c;
    (void)data;
    if ((u[1] & 0xC0) != 0x80)
        return -1; /* continuation bytes are 10xxxxxx */
    if (u[0] < 0xE0) {
        c = 0x100 + (((u[0] & 0x1F) << 6) | (u[1] & 0x3F));
    } else {
        if ((u[2] & 0xC0) != 0x80)
            return -1;
        c = 0x1000 + (((u[0] & 0x0F) << 12) | ((u[1] & 0x3F) << 6) | (u[2] & 0x3F));
        if (c >= 0xD800 && c <= 0xDFFF)
            return -1;
        if (c > 0xFFFD)
            return -1;
    }
    return c;
}

/* Expat knows UTF-8, UTF-16 (LE/BE), ISO-8859-1 and US-ASCII.  For any
 * other declared encoding this supplies one of three tables, or refuses,
 * chosen by the sum of the name's bytes, so inputs reach Expat's
 * unknown-encoding machinery. */
static int XMLCALL on_unknown_encoding(void *ud, const XML_Char *name, XML_Encoding *info) {
    unsigned sum = 0;
    int i;
    (void)ud;
    if (name == NULL)
        return XML_STATUS_ERROR;
    for (i = 0; name[i] != '\0'; i++)
        sum += (unsigned char)(name[i] | 0x20);
    for (i = 0; i < 128; i++)
        info->map[i] = i;
    info->data = NULL;
    info->release = NULL;
    info->convert = NULL;
    switch (sum % 4) {
    case 0: /* single-byte: the high half maps to Cyrillic */
        for (i = 128; i < 256; i++)
            info->map[i] = 0x0400 + (i - 128);
        break;
    case 1: /* single-byte with holes (undefined bytes are malformed) */
        for (i = 128; i < 256; i++)
            info->map[i] = (i % 3 == 0) ? -1 : 0x2500 + i;
        break;
    case 2: /* multi-byte with a convert function */
        for (i = 128; i < 256; i++)
            info->map[i] = i < 0xC0 ? i : (i < 0xE0 ? -2 : (i < 0xF0 ? -3 : -1));
        info->convert = convert_multibyte;
        break;
    default: /* refuse: XML_ERROR_UNKNOWN_ENCODING */
        return XML_STATUS_ERROR;
    }
    return XML_STATUS_OK;
}

/* ------------------------------------------------------------------ */
/* external entities                                                    */

static void set_handlers(XML_Parser p);

static int XMLCALL on_external_entity(XML_Parser parser, const XML_Char *context, const XML_Char *base,
                                      const XML_Char *system_id, const XML_Char *public_id) {
    struct state *st = (struct state *)XML_GetUserData(parser);
    XML_Parser ext;
    const char *text;
    enum XML_Status status;
    (void)base;
    (void)public_id;
    if (st->depth >= MAX_EXTERNAL_DEPTH || st->externals >= MAX_EXTERNAL_ENTITIES)
        return XML_STATUS_OK; /* treated as an empty entity */
    st->externals++;
    st->acc += str_len(system_id);
    ext = XML_ExternalEntityParserCreate(parser, context, NULL);
    if (ext == NULL)
        return XML_STATUS_ERROR;
    /* context == NULL: the external DTD subset or a parameter entity */
    text = context == NULL ? external_dtd : external_content;
    st->depth++;
    st->cur = ext;
    status = XML_Parse(ext, text, (int)strlen(text), XML_TRUE);
    st->cur = parser;
    st->depth--;
    st->acc += (size_t)XML_GetErrorCode(ext);
    XML_ParserFree(ext);
    return status == XML_STATUS_ERROR ? XML_STATUS_ERROR : XML_STATUS_OK;
}

static void set_handlers(XML_Parser p) {
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetCharacterDataHandler(p, on_chars);
    XML_SetProcessingInstructionHandler(p, on_pi);
    XML_SetCommentHandler(p, on_comment);
    XML_SetCdataSectionHandler(p, on_cdata_start, on_cdata_end);
    XML_SetDoctypeDeclHandler(p, on_doctype_start, on_doctype_end);
    XML_SetElementDeclHandler(p, on_element_decl);
    XML_SetAttlistDeclHandler(p, on_attlist_decl);
    XML_SetEntityDeclHandler(p, on_entity_decl);
    XML_SetNotationDeclHandler(p, on_notation_decl);
    XML_SetXmlDeclHandler(p, on_xml_decl);
    XML_SetNamespaceDeclHandler(p, on_ns_start, on_ns_end);
    XML_SetSkippedEntityHandler(p, on_skipped);
    XML_SetNotStandaloneHandler(p, on_not_standalone);
    XML_SetUnknownEncodingHandler(p, on_unknown_encoding, NULL);
    XML_SetExternalEntityRefHandler(p, on_external_entity);
}

/* ------------------------------------------------------------------ */

/* FNV-1a over at most the first 256 bytes */
static uint32_t cheap_hash(const uint8_t *data, size_t size) {
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < size && i < 256; i++)
        h = (h ^ data[i]) * 16777619u;
    return h ^ (uint32_t)size;
}

static void configure(XML_Parser p, struct state *st, uint32_t h) {
    XML_SetUserData(p, st);
    XML_SetHashSalt(p, 0x5eed); /* repeatable runs (the default salt is random) */
    set_handlers(p);
    /* The default handler reports markup not reported otherwise.
     * XML_SetDefaultHandler also turns off the expansion of internal
     * entities; the Expand variant keeps it. */
    if (h & 2)
        XML_SetDefaultHandler(p, on_default);
    else
        XML_SetDefaultHandlerExpand(p, on_default);
    XML_SetParamEntityParsing(p, (h & 4) ? XML_PARAM_ENTITY_PARSING_ALWAYS
                                         : XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE);
    if (h & 8)
        XML_UseForeignDTD(p, XML_TRUE);
    XML_SetBase(p, "http://example.invalid/doc.xml");
}

static void finish(XML_Parser p, struct state *st) {
    enum XML_Error err = XML_GetErrorCode(p);
    const XML_LChar *msg = XML_ErrorString(err);
    st->acc += (size_t)err + str_len(msg);
    st->acc += (size_t)XML_GetCurrentLineNumber(p) + (size_t)XML_GetCurrentColumnNumber(p);
    st->acc += (size_t)XML_GetCurrentByteIndex(p);
#ifdef HARNESS_VERBOSE
    fprintf(stderr, "expat: %s at line %lu, %d element(s), %d external entit(ies)\n",
            err == XML_ERROR_NONE ? "ok" : msg, (unsigned long)XML_GetCurrentLineNumber(p), st->elements,
            st->externals);
#endif
}

/* XML_Parse, resuming after a suspension (at most MAX_RESUMES times) */
static enum XML_Status parse_piece(XML_Parser p, const char *s, int len, int final) {
    enum XML_Status status = XML_Parse(p, s, len, final);
    int resumes = 0;
    while (status == XML_STATUS_SUSPENDED && resumes++ < MAX_RESUMES) {
        XML_ParsingStatus ps;
        XML_GetParsingStatus(p, &ps);
        status = XML_ResumeParser(p);
    }
    if (status == XML_STATUS_SUSPENDED) {
        XML_StopParser(p, XML_FALSE);
        status = XML_STATUS_ERROR;
    }
    return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct state st;
    XML_Parser p;
    uint32_t h;
    size_t chunk, off;

    if (size > FUZZ_MAX_INPUT)
        return 0;
    h = cheap_hash(data, size);
    memset(&st, 0, sizeof st);

    /* encoding NULL: autodetection (BOM, then the XML declaration) */
    if (h & 1)
        p = XML_ParserCreateNS(NULL, (h & 16) ? '|' : '\n');
    else
        p = XML_ParserCreate(NULL);
    if (p == NULL)
        return 0;
    st.root = p;
    st.cur = p;
    if ((h & 1) && (h & 32))
        XML_SetReturnNSTriplet(p, XML_TRUE);

    /* pass 1: the whole document at once */
    configure(p, &st, h);
    (void)XML_Parse(p, (const char *)data, (int)size, XML_TRUE);
    finish(p, &st);

    /* pass 2: the same parser reset, fed in chunks of 1-16 bytes, with the
     * other default-handler and entity settings */
    if (XML_ParserReset(p, NULL)) {
        st.cur = p;
        st.depth = 0;
        st.externals = 0;
        st.elements = 0;
        st.suspend_pass = 1;
        configure(p, &st, h ^ 14);
        chunk = 1 + ((h >> 8) & 15);
        for (off = 0; off < size; off += chunk) {
            size_t n = size - off < chunk ? size - off : chunk;
            if (parse_piece(p, (const char *)data + off, (int)n, XML_FALSE) != XML_STATUS_OK)
                break;
        }
        if (off >= size)
            (void)parse_piece(p, NULL, 0, XML_TRUE);
        finish(p, &st);
    }

    sink += st.acc;
    XML_ParserFree(p);
    return 0;
}
