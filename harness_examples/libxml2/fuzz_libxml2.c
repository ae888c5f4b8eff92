/*
 * fuzz_libxml2.c - libFuzzer harness for libxml2.
 *
 * Input: an XML document (raw bytes, no framing).
 * Exercises: xmlReadMemory with entity substitution, DTD default attributes
 * and DTD validation against the internal subset; XPath evaluation of a
 * fixed set of expressions; serialization (plain, formatted, UTF-16); and a
 * tree walk over elements, attributes, namespaces and text.
 *
 * Safety: no network (XML_PARSE_NONET), and an external entity loader that
 * refuses everything, so no file or URL is ever opened.  Entity expansion
 * stays within libxml2's default (non-XML_PARSE_HUGE) amplification limits.
 * All error / warning output is silenced.
 *
 * Validity (grammut/feedback.h; a no-op without grammut): an input is
 * valid when it is well-formed and, if it has a DTD, valid against it.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <grammut/feedback.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#define FUZZ_MAX_INPUT (64 * 1024)
#define MAX_WALK_NODES 100000

static volatile size_t sink;

static void silent_generic(void *ctx, const char *msg, ...) {
    (void)ctx;
    (void)msg;
}

static void silent_structured(void *ctx, xmlErrorPtr err) {
    (void)ctx;
    (void)err;
}

static xmlParserInputPtr refuse_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt) {
    (void)url;
    (void)id;
    (void)ctxt;
    return NULL;
}

static void init_once(void) {
    static int done;
    if (done)
        return;
    done = 1;
    xmlInitParser();
    xmlSetGenericErrorFunc(NULL, silent_generic);
    xmlSetStructuredErrorFunc(NULL, silent_structured);
    xmlSetExternalEntityLoader(refuse_loader);
}

static const char *const xpath_exprs[] = {
    "//*",
    "//@*",
    "count(//*)",
    "//text()",
    "/*/*[1]",
    "string(/*)",
    "//comment() | //processing-instruction()",
    "//*[@id or @name][position() < 5]",
    "sum(//*[number(.) = number(.)])",
    "//namespace::*",
    "name(/*) = local-name(/*)",
    "//*[last()]/ancestor-or-self::*",
};

static void run_xpath(xmlDocPtr doc) {
    size_t i;
    xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
    if (ctx == NULL)
        return;
    for (i = 0; i < sizeof xpath_exprs / sizeof xpath_exprs[0]; i++) {
        xmlXPathObjectPtr obj = xmlXPathEvalExpression(BAD_CAST xpath_exprs[i], ctx);
        if (obj == NULL)
            continue;
        switch (obj->type) {
        case XPATH_NODESET:
            if (obj->nodesetval != NULL) {
                int n = obj->nodesetval->nodeNr;
                sink += (size_t)n;
                if (n > 0) {
                    xmlNodePtr first = obj->nodesetval->nodeTab[0];
                    if (first != NULL && first->type != XML_NAMESPACE_DECL) {
                        xmlChar *path = xmlGetNodePath(first);
                        if (path) { sink += (size_t)xmlStrlen(path); xmlFree(path); }
                    }
                }
            }
            break;
        case XPATH_STRING:
            if (obj->stringval) sink += (size_t)xmlStrlen(obj->stringval);
            break;
        case XPATH_NUMBER:
            sink += (obj->floatval > 0) ? 1u : 0u;
            break;
        case XPATH_BOOLEAN:
            sink += (size_t)obj->boolval;
            break;
        default:
            break;
        }
        {
            xmlChar *s = xmlXPathCastToString(obj);
            if (s) { sink += (size_t)xmlStrlen(s); xmlFree(s); }
        }
        xmlXPathFreeObject(obj);
    }
    xmlXPathFreeContext(ctx);
}

static void walk_tree(xmlDocPtr doc) {
    xmlNodePtr root = xmlDocGetRootElement(doc);
    xmlNodePtr node = root;
    size_t visited = 0;

    if (root == NULL)
        return;
    {
        xmlChar *base = xmlNodeGetBase(doc, root);
        if (base) { sink += (size_t)xmlStrlen(base); xmlFree(base); }
    }
    while (node != NULL && visited < MAX_WALK_NODES) {
        visited++;
        switch (node->type) {
        case XML_ELEMENT_NODE: {
            xmlAttrPtr attr;
            xmlNsPtr ns;
            if (node->ns && node->ns->href) sink += (size_t)xmlStrlen(node->ns->href);
            for (ns = node->nsDef; ns != NULL; ns = ns->next) {
                if (xmlSearchNsByHref(doc, node, ns->href) == NULL) sink++;
            }
            for (attr = node->properties; attr != NULL; attr = attr->next) {
                xmlChar *v = xmlNodeListGetString(doc, attr->children, 1);
                if (v) { sink += (size_t)xmlStrlen(v); xmlFree(v); }
                if (attr->ns == NULL) {
                    xmlChar *g = xmlGetProp(node, attr->name);
                    if (g) xmlFree(g);
                } else {
                    xmlChar *g = xmlGetNsProp(node, attr->name, attr->ns->href);
                    if (g) xmlFree(g);
                }
            }
            sink += (size_t)xmlChildElementCount(node);
            break;
        }
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
        case XML_COMMENT_NODE:
        case XML_PI_NODE:
            if (node->content) sink += (size_t)xmlStrlen(node->content);
            if (xmlIsBlankNode(node)) sink++;
            break;
        case XML_ENTITY_REF_NODE:
            sink += 7;
            break;
        default:
            break;
        }
        /* depth-first, iterative (do not descend into entity references) */
        if (node->type == XML_ELEMENT_NODE && node->children != NULL) {
            node = node->children;
            continue;
        }
        while (node != NULL && node != root && node->next == NULL)
            node = node->parent;
        if (node == NULL || node == root)
            break;
        node = node->next;
    }
}

static void serialize(xmlDocPtr doc) {
    xmlChar *buf = NULL;
    int len = 0;

    xmlDocDumpMemory(doc, &buf, &len);
    if (buf) { sink += (size_t)len; xmlFree(buf); buf = NULL; }

    xmlDocDumpFormatMemory(doc, &buf, &len, 1);
    if (buf) { sink += (size_t)len; xmlFree(buf); buf = NULL; }

    xmlDocDumpMemoryEnc(doc, &buf, &len, "UTF-16");
    if (buf) { sink += (size_t)len; xmlFree(buf); buf = NULL; }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const int options = XML_PARSE_NONET | XML_PARSE_NOENT | XML_PARSE_DTDATTR |
                        XML_PARSE_DTDVALID | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDocPtr doc;
    xmlParserCtxtPtr ctxt;

    if (size > FUZZ_MAX_INPUT)
        return 0;
    init_once();

    ctxt = xmlNewParserCtxt();
    if (ctxt == NULL)
        return 0;
    doc = xmlCtxtReadMemory(ctxt, (const char *)data, (int)size, "fuzz.xml", NULL, options);
    /* Valid: well-formed, and valid against its DTD when it has one. */
    grammut_report_valid(doc != NULL && ctxt->wellFormed && (doc->intSubset == NULL || ctxt->valid));
    xmlFreeParserCtxt(ctxt);
#ifdef HARNESS_VERBOSE
    fprintf(stderr, "libxml2: %s\n", doc ? "parsed" : "parse failed");
#endif
    if (doc != NULL) {
        run_xpath(doc);
        serialize(doc);
        walk_tree(doc);
        xmlFreeDoc(doc);
    }
    xmlResetLastError();
    return 0;
}
