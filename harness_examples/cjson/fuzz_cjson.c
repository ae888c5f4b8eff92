/*
 * fuzz_cjson.c - libFuzzer harness for cJSON.
 *
 * Input: a JSON document (raw bytes, no framing).
 * Exercises: parsing (length-bounded), formatted / unformatted / buffered /
 * preallocated printing, re-parsing the printed text, deep duplication,
 * comparison (case sensitive and insensitive), minification, a tree walk
 * through the accessor API, and a few tree edits on the duplicate.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator): the object file is linked both
 * as a plain libFuzzer target and together with the grammut mutator.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"

#define FUZZ_MAX_INPUT (64 * 1024)
/* Accessors like GetArrayItem / GetObjectItem are linear scans; only use
 * them on the first few children so that huge containers stay cheap. */
#define MAX_INDEXED_CHILDREN 32

static volatile size_t sink;

static void walk(const cJSON *item, int depth) {
    int index = 0;
    const cJSON *child;

    if (item == NULL || depth > 2000)
        return;

    if (cJSON_IsInvalid(item)) sink++;
    if (cJSON_IsNull(item)) sink += 2;
    if (cJSON_IsBool(item)) sink += cJSON_IsTrue(item) ? 3 : 4;
    if (cJSON_IsFalse(item)) sink++;
    if (cJSON_IsRaw(item)) sink++;
    if (cJSON_IsNumber(item)) {
        double d = cJSON_GetNumberValue(item);
        sink += (d > 0.0) ? 1u : 2u;
        sink += (size_t)item->valueint;
    }
    if (cJSON_IsString(item)) {
        const char *s = cJSON_GetStringValue(item);
        if (s) sink += strlen(s);
    }

    if (cJSON_IsArray(item)) {
        int n = cJSON_GetArraySize(item);
        for (child = item->child; child != NULL; child = child->next, index++) {
            if (index < MAX_INDEXED_CHILDREN) {
                const cJSON *by_index = cJSON_GetArrayItem(item, index);
                if (by_index != child) sink++;
            }
            walk(child, depth + 1);
        }
        if (index != n) sink++;
        /* out of range lookups */
        if (cJSON_GetArrayItem(item, n) != NULL) sink++;
        if (cJSON_GetArrayItem(item, -1) != NULL) sink++;
    } else if (cJSON_IsObject(item)) {
        int n = cJSON_GetArraySize(item);
        for (child = item->child; child != NULL; child = child->next, index++) {
            if (index < MAX_INDEXED_CHILDREN && child->string != NULL) {
                const cJSON *ci = cJSON_GetObjectItem(item, child->string);
                const cJSON *cs = cJSON_GetObjectItemCaseSensitive(item, child->string);
                if (ci == NULL || cs == NULL) sink++;
                if (!cJSON_HasObjectItem(item, child->string)) sink++;
            }
            walk(child, depth + 1);
        }
        if (index != n) sink++;
        if (cJSON_GetObjectItem(item, "\x01no-such-key") != NULL) sink++;
    }
}

/* Nesting depth of `item`, counted up to `limit`. */
static int nesting(const cJSON *item, int limit) {
    int deepest = 0;
    if (item == NULL || limit <= 0) return 0;
    for (const cJSON *c = item->child; c != NULL; c = c->next) {
        const int d = 1 + nesting(c, limit - 1);
        if (d > deepest) deepest = d;
        if (deepest >= limit) break;
    }
    return deepest;
}

/* cJSON_Compare compares objects both ways at every level, so its time
 * grows exponentially with nesting (a 2 KB document can take minutes).
 * The harness compares only documents nested at most this deep. */
#define COMPARE_MAX_DEPTH 12

static void reparse(const char *text) {
    const char *end = NULL;
    cJSON *again;
    if (text == NULL)
        return;
    again = cJSON_ParseWithOpts(text, &end, 1);
    if (again != NULL) {
        char *s = cJSON_PrintUnformatted(again);
        if (s) { sink += strlen(s); cJSON_free(s); }
        cJSON_Delete(again);
    }
}

static void edit_duplicate(cJSON *dup) {
    cJSON *first;
    if (dup == NULL)
        return;
    first = dup->child;
    if (cJSON_IsObject(dup)) {
        if (first != NULL && first->string != NULL) {
            char *key = strdup(first->string);
            if (key) {
                cJSON *detached = cJSON_DetachItemFromObjectCaseSensitive(dup, key);
                if (detached) cJSON_AddItemToObject(dup, key, detached);
                cJSON_ReplaceItemInObject(dup, key, cJSON_CreateString("replaced"));
                cJSON_DeleteItemFromObject(dup, key);
                free(key);
            }
        }
        cJSON_AddNumberToObject(dup, "grammut_n", 42.5);
        cJSON_AddStringToObject(dup, "grammut_s", "x\"y\\z\n");
        cJSON_AddArrayToObject(dup, "grammut_a");
    } else if (cJSON_IsArray(dup)) {
        if (first != NULL) {
            cJSON *detached = cJSON_DetachItemFromArray(dup, 0);
            if (detached) cJSON_InsertItemInArray(dup, 0, detached);
            cJSON_ReplaceItemInArray(dup, 0, cJSON_CreateNull());
        }
        cJSON_AddItemToArray(dup, cJSON_CreateBool(1));
        cJSON_AddItemToArray(dup, cJSON_CreateNumber(-0.125));
    }
    {
        char *s = cJSON_PrintUnformatted(dup);
        if (s) { sink += strlen(s); cJSON_free(s); }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text, *minified;
    const char *end = NULL;
    cJSON *root, *dup;

    if (size > FUZZ_MAX_INPUT)
        return 0;

    /* NUL-terminated private copy of the input. */
    text = (char *)malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    root = cJSON_ParseWithLengthOpts(text, size, &end, 0);
#ifdef HARNESS_VERBOSE
    fprintf(stderr, "cjson: %s\n", root ? "parsed" : "parse failed");
#endif
    if (root == NULL) {
        const char *err = cJSON_GetErrorPtr();
        if (err) sink += (size_t)(err - text);
    } else {
        char *printed = cJSON_Print(root);
        char *unformatted = cJSON_PrintUnformatted(root);
        char *buffered_fmt = cJSON_PrintBuffered(root, 1, 1);
        char *buffered = cJSON_PrintBuffered(root, 64, 0);
        char prealloc[256];

        if (cJSON_PrintPreallocated(root, prealloc, (int)sizeof prealloc, 1))
            sink += strlen(prealloc);
        if (cJSON_PrintPreallocated(root, prealloc, (int)sizeof prealloc, 0))
            sink += strlen(prealloc);

        reparse(printed);
        reparse(unformatted);
        if (buffered_fmt) sink += strlen(buffered_fmt);
        if (buffered) sink += strlen(buffered);

        dup = cJSON_Duplicate(root, 1);
        const int comparable = nesting(root, COMPARE_MAX_DEPTH + 1) <= COMPARE_MAX_DEPTH;
        if (dup != NULL && comparable) {
            sink += (size_t)cJSON_Compare(dup, root, 1);
            sink += (size_t)cJSON_Compare(root, dup, 0);
        }
        if (comparable) {
            cJSON *shallow = cJSON_Duplicate(root, 0);
            if (shallow) {
                sink += (size_t)cJSON_Compare(shallow, root, 1);
                cJSON_Delete(shallow);
            }
        }

        walk(root, 0);
        edit_duplicate(dup);

        cJSON_free(printed);
        cJSON_free(unformatted);
        cJSON_free(buffered_fmt);
        cJSON_free(buffered);
        cJSON_Delete(dup);
        cJSON_Delete(root);
    }

    /* Minify a separate copy in place, then parse the result. */
    minified = (char *)malloc(size + 1);
    if (minified != NULL) {
        memcpy(minified, text, size + 1);
        cJSON_Minify(minified);
        reparse(minified);
        free(minified);
    }

    free(text);
    return 0;
}
