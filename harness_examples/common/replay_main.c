/*
 * replay_main.c - standalone driver for libFuzzer-style harnesses.
 *
 * Usage: prog [-flags ignored] FILE_OR_DIR...
 *
 * Calls LLVMFuzzerInitialize (if the harness defines it) once, then
 * LLVMFuzzerTestOneInput once for every regular file named on the command
 * line or found (recursively, in sorted order) inside the named directories.
 * Arguments starting with '-' are ignored so that libFuzzer-style flags can
 * be passed through harmlessly.
 *
 * Used for the coverage builds (-fprofile-instr-generate -fcoverage-mapping):
 * the profile is written at exit, and also from fatal-signal handlers so a
 * crashing input does not lose the coverage collected so far.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
int __llvm_profile_write_file(void) __attribute__((weak));

static unsigned long n_inputs;
static unsigned long n_errors;
static const char *current_input;

static void fatal_signal(int sig) {
    /* Not strictly async-signal-safe, but good enough to keep coverage data. */
    static const char msg[] = "replay: fatal signal while running input: ";
    if (write(2, msg, sizeof msg - 1) < 0) { /* ignore */ }
    if (current_input && write(2, current_input, strlen(current_input)) < 0) { /* ignore */ }
    if (write(2, "\n", 1) < 0) { /* ignore */ }
    if (__llvm_profile_write_file)
        __llvm_profile_write_file();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s: %s\n", path, strerror(errno));
        n_errors++;
        return;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) { fclose(f); return; }
    for (;;) {
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) { free(buf); fclose(f); return; }
            buf = nb;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        if (got == 0) break;
        len += got;
    }
    fclose(f);
    /* Hand over an exactly sized copy, like libFuzzer does. */
    uint8_t *data = malloc(len ? len : 1);
    if (data) {
        if (len) memcpy(data, buf, len);
        current_input = path;
        LLVMFuzzerTestOneInput(data, len);
        current_input = NULL;
        n_inputs++;
        free(data);
    }
    free(buf);
}

static void run_path(const char *path, int depth) {
    struct stat st;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "replay: cannot stat %s: %s\n", path, strerror(errno));
        n_errors++;
        return;
    }
    if (S_ISREG(st.st_mode)) {
        run_file(path);
        return;
    }
    if (!S_ISDIR(st.st_mode) || depth > 64)
        return;
    struct dirent **ents = NULL;
    int n = scandir(path, &ents, NULL, alphasort);
    if (n < 0) {
        fprintf(stderr, "replay: cannot read directory %s: %s\n", path, strerror(errno));
        n_errors++;
        return;
    }
    for (int i = 0; i < n; i++) {
        const char *name = ents[i]->d_name;
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0) {
            size_t plen = strlen(path) + strlen(name) + 2;
            char *child = malloc(plen);
            if (child) {
                snprintf(child, plen, "%s/%s", path, name);
                run_path(child, depth + 1);
                free(child);
            }
        }
        free(ents[i]);
    }
    free(ents);
}

int main(int argc, char **argv) {
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        signal(sigs[i], fatal_signal);

    if (LLVMFuzzerInitialize)
        LLVMFuzzerInitialize(&argc, &argv);

    int npaths = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-')
            continue;
        npaths++;
        run_path(argv[i], 0);
    }
    if (npaths == 0) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    fprintf(stderr, "replay: executed %lu inputs (%lu errors)\n", n_inputs, n_errors);
    return n_errors ? 1 : 0;
}
