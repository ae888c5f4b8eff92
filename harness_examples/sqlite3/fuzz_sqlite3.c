/*
 * fuzz_sqlite3.c - libFuzzer harness for SQLite.
 *
 * Input: an SQL script (raw bytes, no framing), run statement by statement
 * (as sqlite3_exec runs it: up to the first failing statement) against a
 * fresh in-memory database.
 * Exercises: the tokenizer/parser, query planner, VDBE, built-in functions
 * (core, date/time, math, JSON), FTS4/FTS5 and R-Tree virtual tables.
 *
 * Safety: only ":memory:" is opened; ATTACH is disabled (attached-db limit 0,
 * which also blocks VACUUM INTO); temp storage is memory-only (compiled with
 * SQLITE_TEMP_STORE=3); extension loading is compiled out and disabled;
 * defensive mode is on; run-time limits are small, a progress handler
 * aborts after ~100k VM steps, and the heap is capped (the process-wide
 * heap limits an input may set by PRAGMA are restored for every run).
 *
 * Validity (grammut/feedback.h; a no-op without grammut): an input is
 * valid when every statement was prepared and stepped without an error.
 *
 * Defines only LLVMFuzzerTestOneInput (no LLVMFuzzerInitialize, no
 * LLVMFuzzerCustomMutator), so the object links cleanly with a mutator
 * library that may define those.
 */
#include <grammut/feedback.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sqlite3.h"

#define FUZZ_MAX_INPUT (100 * 1000)
#define PROGRESS_PERIOD 100          /* VM steps between progress callbacks */
#define PROGRESS_MAX_CALLS 1000      /* -> ~100k VM steps per input */
#define HEAP_LIMIT (64 * 1024 * 1024)

static volatile size_t sink;

static int progress_handler(void *arg) {
    unsigned *calls = (unsigned *)arg;
    return ++*calls > PROGRESS_MAX_CALLS; /* non-zero interrupts the statement */
}

/* Runs the script's statements in order until one fails, as sqlite3_exec
 * does (each row's column names and texts are read, as its callback would
 * get them), and returns SQLITE_OK or the failing statement's error. Sets
 * *stop to where reading stopped: past the failing statement (or the
 * script's end). */
static int run_script(sqlite3 *db, const char *sql, const char **stop) {
    int rc = SQLITE_OK;
    *stop = sql + strlen(sql);
    while (rc == SQLITE_OK && sql[0]) {
        sqlite3_stmt *stmt = NULL;
        const char *tail = NULL;
        int i, ncols;
        rc = sqlite3_prepare_v2(db, sql, -1, &stmt, &tail);
        if (rc != SQLITE_OK) {
            if (tail != NULL) *stop = tail;
            break;
        }
        if (stmt == NULL) { /* a comment or white space */
            sql = tail;
            continue;
        }
        ncols = sqlite3_column_count(stmt);
        while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
            for (i = 0; i < ncols; i++) {
                const unsigned char *value = sqlite3_column_text(stmt, i);
                const char *name = sqlite3_column_name(stmt, i);
                if (value) sink += strlen((const char *)value);
                if (name) sink += strlen(name);
            }
        }
        rc = sqlite3_finalize(stmt);
        if (rc != SQLITE_OK) *stop = tail;
        sql = tail;
    }
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    sqlite3 *db = NULL;
    char *sql;
    const char *stop;
    unsigned progress_calls = 0;
    int rc;
    static int initialized;

    if (size > FUZZ_MAX_INPUT)
        return 0;
    if (!initialized) {
        initialized = 1;
        sqlite3_initialize();
    }
    /* The heap limits are the process's, not the connection's: an input's
     * PRAGMA hard_heap_limit=N (which can only lower the limit) or
     * soft_heap_limit=N would otherwise hold for every later run, and one
     * "PRAGMA hard_heap_limit=1000;" would make every later input fail at
     * its first allocation. Both are restored for every run. */
    sqlite3_hard_heap_limit64(HEAP_LIMIT);
    sqlite3_soft_heap_limit64(0);
    /* Reset the PRNG so random()/randomblob() repeat for every run (the
     * library is compiled with SQLITE_OMIT_RANDOMNESS, i.e. a zero seed). */
    sqlite3_randomness(0, NULL);

    sql = (char *)malloc(size + 1);
    if (sql == NULL)
        return 0;
    memcpy(sql, data, size);
    sql[size] = '\0';

    if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY,
                        NULL) != SQLITE_OK) {
        sqlite3_close(db);
        free(sql);
        return 0;
    }

    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 100000);
    sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 100);
    sqlite3_limit(db, SQLITE_LIMIT_EXPR_DEPTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_COMPOUND_SELECT, 10);
    sqlite3_limit(db, SQLITE_LIMIT_VDBE_OP, 25000);
    sqlite3_limit(db, SQLITE_LIMIT_FUNCTION_ARG, 8);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    sqlite3_limit(db, SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100);
    sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, 100);
    sqlite3_limit(db, SQLITE_LIMIT_TRIGGER_DEPTH, 10);

    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, (int *)NULL);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, (int *)NULL);
    /* lookaside would hide small allocations from AddressSanitizer */
    sqlite3_db_config(db, SQLITE_DBCONFIG_LOOKASIDE, (void *)NULL, 0, 0);

    sqlite3_progress_handler(db, PROGRESS_PERIOD, progress_handler, &progress_calls);

    /* Valid: every statement prepared and stepped without an error. What
     * follows a failing statement is never read (grammut/feedback.h). */
    rc = run_script(db, sql, &stop);
    grammut_report_valid(rc == SQLITE_OK);
    grammut_report_read((size_t)(stop - sql));
#ifdef HARNESS_VERBOSE
    if (rc != SQLITE_OK)
        fprintf(stderr, "sqlite3 error: %s (progress calls %u)\n", sqlite3_errmsg(db), progress_calls);
#endif
    sink += strlen(sqlite3_errmsg(db));

    sqlite3_close(db);
    free(sql);
    return 0;
}
