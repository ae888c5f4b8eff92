/*
 * regexp_limit.h - force-included (clang -include) by build_targets.sh when
 * compiling MuJS's regexp.c, and only that file.
 *
 * MuJS's regular expression matcher backtracks recursively; its only limit
 * is the recursion depth (REG_MAXREC, 1024), so /(a|a)*b/ against thirty
 * "a"s runs for minutes inside one C call.  regexp.c reads REG_MAXREC
 * (#ifndef-guarded there) in exactly two places: once per node when
 * compiling and once per call of the recursive matcher.  Defining it as a
 * function call turns it into a step counter: fuzz_mujs_regexp_maxrec()
 * (step_limit.c) returns 1024 while budget is left and -1 afterwards, so
 * every further match reports "stack overflow" (MuJS raises "regexec
 * failed") and every further compilation fails.
 */
int fuzz_mujs_regexp_maxrec(void);

#define REG_MAXREC fuzz_mujs_regexp_maxrec()
