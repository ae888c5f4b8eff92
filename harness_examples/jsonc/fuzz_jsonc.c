/*
 * fuzz_jsonc.c - libFuzzer harness for json-c.
 *
 * Input: JSON text (raw bytes, no framing); several top-level values in a
 * row are parsed one after the other, as a stream reader would.
 * Exercises:
 *  - json_tokener_parse_ex three times: the whole input with the default
 *    flags, the whole input with JSON_TOKENER_STRICT |
 *    JSON_TOKENER_VALIDATE_UTF8, and in chunks of 1-16 bytes, as an
 *    incremental reader does, with the default flags or JSON_TOKENER_STRICT
 *    (chunk size and flags come from a hash of the input, not from framing
 *    bytes);
 *  - serialization with json_object_to_json_string_ext (plain, spaced,
 *    pretty, pretty with tabs, no slash escaping, no trailing zeros), and
 *    parsing each printed text again and comparing it with json_object_equal;
 *  - a tree walk without recursion (objects with json_object_object_foreach,
 *    arrays by index, every json_object_get_* accessor) and json_c_visit;
 *  - json_object_deep_copy and json_object_equal; edits of the copy
 *    (json_pointer_set, json_object_object_del, array sort / delete);
 *  - json_pointer_get with a fixed set of pointers.
 * A NUL byte ends the text for json-c.  The stream ends after a value
 * whose text ended at a NUL (see parse_stream: json-c 0.16 leaks when it
 * parses on from there).
 * Bounds: inputs over FUZZ_MAX_INPUT bytes are ignored, nesting is limited
 * by the tokener depth (MAX_DEPTH), at most MAX_VALUES top-level values are
 * parsed per pass and the walk visits at most MAX_WALK_NODES nodes.
 *
 * Object keys are hashed with json-c's perl-like string hash instead of the
 * default one, which is seeded randomly per process, so runs repeat.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <json-c/json_visit.h>

#define FUZZ_MAX_INPUT (64 * 1024)
#define MAX_DEPTH 64
#define MAX_VALUES 32
#define MAX_WALK_NODES 100000

static volatile size_t sink;

static const char *const pointers[] = {
    "", "/", "/0", "/1/0", "/a", "/a/b", "/~0/~1", "/items/1/name", "/-", "/data/0/id", "/%20",
};

static const int print_flags[] = {
    JSON_C_TO_STRING_PLAIN,
    JSON_C_TO_STRING_SPACED,
    JSON_C_TO_STRING_PRETTY,
    JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_PRETTY_TAB,
    JSON_C_TO_STRING_NOSLASHESCAPE,
    JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOZERO | JSON_C_TO_STRING_NOSLASHESCAPE,
};

/* ------------------------------------------------------------------ */

static void touch_scalar(struct json_object *o) {
    sink += (size_t)json_object_get_boolean(o);
    sink += (size_t)json_object_get_int(o);
    sink += (size_t)json_object_get_int64(o);
    sink += (size_t)json_object_get_uint64(o);
    sink += (size_t)(json_object_get_double(o) != 0.0);
    sink += (size_t)json_object_get_string_len(o);
}

/* Walks the tree with an explicit stack; returns the number of nodes. */
static size_t walk(struct json_object *root) {
    struct json_object **stack;
    size_t top = 0, cap = 64, visited = 0;
    stack = malloc(cap * sizeof *stack);
    if (stack == NULL)
        return 0;
    stack[top++] = root;
    while (top > 0 && visited < MAX_WALK_NODES) {
        struct json_object *o = stack[--top];
        visited++;
        sink += (size_t)json_object_get_type(o);
        if (json_object_is_type(o, json_type_object)) {
            sink += (size_t)json_object_object_length(o);
            json_object_object_foreach(o, key, val) {
                struct json_object *again = NULL;
                sink += strlen(key);
                if (json_object_object_get_ex(o, key, &again) && again != val)
                    abort(); /* a key must find its own value */
                if (val == NULL)
                    continue;
                if (top == cap) {
                    struct json_object **n = realloc(stack, 2 * cap * sizeof *stack);
                    if (n == NULL)
                        break;
                    stack = n;
                    cap *= 2;
                }
                stack[top++] = val;
            }
        } else if (json_object_is_type(o, json_type_array)) {
            size_t i, n = json_object_array_length(o);
            for (i = 0; i < n; i++) {
                struct json_object *val = json_object_array_get_idx(o, i);
                if (val == NULL)
                    continue;
                if (top == cap) {
                    struct json_object **nst = realloc(stack, 2 * cap * sizeof *stack);
                    if (nst == NULL)
                        break;
                    stack = nst;
                    cap *= 2;
                }
                stack[top++] = val;
            }
        } else {
            touch_scalar(o);
        }
    }
    free(stack);
    return visited;
}

static int visit_count(json_object *jso, int flags, json_object *parent, const char *key, size_t *index,
                       void *arg) {
    size_t *count = (size_t *)arg;
    (void)jso;
    (void)parent;
    (*count)++;
    if (key != NULL)
        sink += strlen(key);
    if (index != NULL)
        sink += *index;
    if (flags == JSON_C_VISIT_SECOND)
        return JSON_C_VISIT_RETURN_CONTINUE;
    return *count > MAX_WALK_NODES ? JSON_C_VISIT_RETURN_STOP : JSON_C_VISIT_RETURN_CONTINUE;
}

static int compare_elements(const void *a, const void *b) {
    struct json_object *x = *(struct json_object *const *)a;
    struct json_object *y = *(struct json_object *const *)b;
    int tx = (int)json_object_get_type(x), ty = (int)json_object_get_type(y);
    if (tx != ty)
        return tx < ty ? -1 : 1;
    if (tx == json_type_int || tx == json_type_double) {
        double dx = json_object_get_double(x), dy = json_object_get_double(y);
        int nx = dx != dx, ny = dy != dy; /* NaN sorts first: a total order */
        if (nx || ny)
            return ny - nx;
        return dx < dy ? -1 : (dx > dy ? 1 : 0);
    }
    if (tx == json_type_string)
        return strcmp(json_object_get_string(x), json_object_get_string(y));
    return 0;
}

/* Serializes with every flag set, parses the text back and compares. */
static void print_and_reparse(struct json_object *obj) {
    size_t i;
    for (i = 0; i < sizeof print_flags / sizeof print_flags[0]; i++) {
        size_t len = 0;
        const char *text = json_object_to_json_string_length(obj, print_flags[i], &len);
        struct json_object *back;
        if (text == NULL)
            continue;
        sink += len;
        back = json_tokener_parse(text);
        if (back != NULL) {
            sink += (size_t)json_object_equal(obj, back);
            json_object_put(back);
        }
    }
}

static void edit_copy(struct json_object *copy) {
    struct json_object *v;
    size_t n;
    if (json_object_is_type(copy, json_type_object)) {
        json_object_object_add(copy, "added", json_object_new_string("value"));
        json_object_object_del(copy, "a");
        v = json_object_new_int64(42);
        if (json_pointer_set(&copy, "/a", v) != 0)
            json_object_put(v);
    } else if (json_object_is_type(copy, json_type_array)) {
        n = json_object_array_length(copy);
        json_object_array_sort(copy, compare_elements);
        v = json_object_new_null();
        if (json_pointer_set(&copy, "/-", v) != 0)
            json_object_put(v);
        if (n > 1)
            json_object_array_del_idx(copy, 0, 1);
        json_object_array_shrink(copy, 0);
    }
    sink += strlen(json_object_to_json_string_ext(copy, JSON_C_TO_STRING_PLAIN));
}

static void exercise(struct json_object *obj) {
    struct json_object *copy = NULL, *res;
    size_t i, count = 0;

    sink += walk(obj);
    json_c_visit(obj, 0, visit_count, &count);
    print_and_reparse(obj);

    for (i = 0; i < sizeof pointers / sizeof pointers[0]; i++) {
        res = NULL;
        if (json_pointer_get(obj, pointers[i], &res) == 0 && res != NULL)
            sink += (size_t)json_object_get_type(res);
    }

    if (json_object_deep_copy(obj, &copy, NULL) == 0 && copy != NULL) {
        sink += (size_t)json_object_equal(obj, copy);
        edit_copy(copy); /* may replace the root through json_pointer_set */
        sink += (size_t)json_object_equal(obj, copy);
        json_object_put(copy);
    }
}

/* ------------------------------------------------------------------ */

/* Parses every top-level value of data[0..size) with one tokener, chunk
 * bytes at a time (chunk >= size: all at once), and exercises each. */
static void parse_stream(const char *data, size_t size, int flags, size_t chunk) {
    struct json_tokener *tok = json_tokener_new_ex(MAX_DEPTH);
    size_t off = 0;
    int values = 0, at_end = 0;
    if (tok == NULL)
        return;
    json_tokener_set_flags(tok, flags);
    while (values < MAX_VALUES) {
        const char *piece;
        size_t n, used;
        struct json_object *obj;
        enum json_tokener_error err;
        if (off < size) {
            piece = data + off;
            n = size - off < chunk ? size - off : chunk;
        } else {
            /* end of input: a NUL tells the tokener no more bytes follow
             * (a number at the very end is complete only then) */
            if (at_end)
                break;
            at_end = 1;
            piece = "";
            n = 1;
        }
        obj = json_tokener_parse_ex(tok, piece, (int)n);
        err = json_tokener_get_error(tok);
        used = json_tokener_get_parse_end(tok);
        if (!at_end)
            off += used;
        if (err == json_tokener_continue) {
            if (used == 0 && !at_end)
                break; /* no progress */
            continue;
        }
        if (err != json_tokener_success) {
            sink += strlen(json_tokener_error_desc(err));
            break;
        }
        values++;
        if (obj != NULL) { /* a JSON null is a NULL object */
            exercise(obj);
            json_object_put(obj);
        }
        if (at_end)
            break;
        /* json-c 0.16 ends a // comment at a NUL byte and then reports
         * success for the unfinished value around it ("[0//\0" returns 0);
         * parsing on from there corrupts the tokener's state and leaks the
         * next value.  A value that ended at a NUL ends the stream. */
        if (used > 0 && piece[used - 1] == '\0')
            break;
    }
#ifdef HARNESS_VERBOSE
    fprintf(stderr, "jsonc: flags %d chunk %zu: %d value(s), %s\n", flags, chunk, values,
            json_tokener_error_desc(json_tokener_get_error(tok)));
#endif
    json_tokener_free(tok);
}

/* FNV-1a over at most the first 256 bytes */
static uint32_t cheap_hash(const uint8_t *data, size_t size) {
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < size && i < 256; i++)
        h = (h ^ data[i]) * 16777619u;
    return h ^ (uint32_t)size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int initialized;
    const char *text = (const char *)data;
    size_t chunk;
    uint32_t h;

    if (size > FUZZ_MAX_INPUT)
        return 0;
    if (!initialized) {
        initialized = 1;
        json_global_set_string_hash(JSON_C_STR_HASH_PERLLIKE);
    }
    h = cheap_hash(data, size);
    chunk = 1 + (h & 15);

    parse_stream(text, size, 0, size ? size : 1);
    parse_stream(text, size, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8, size ? size : 1);
    /* not with JSON_TOKENER_VALIDATE_UTF8: json-c 0.16 forgets a partial
     * UTF-8 sequence at the end of a chunk and rejects valid text */
    parse_stream(text, size, (h & 16) ? JSON_TOKENER_STRICT : 0, chunk);
    return 0;
}
