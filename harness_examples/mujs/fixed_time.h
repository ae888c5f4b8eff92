/*
 * fixed_time.h - force-included (clang -include) by build_targets.sh when
 * compiling MuJS's jsmath.c and jsdate.c.
 *
 * Math.random is seeded from time(0) and Date.now() / new Date() read
 * gettimeofday(), so the same input would take different paths from run to
 * run.  In these two files both clocks read a fixed instant
 * (2020-06-15T12:00:00Z), which makes every run repeatable.  The system
 * headers are included first so that their declarations are not renamed.
 */
#include <sys/time.h>
#include <time.h>

#define FUZZ_MUJS_FIXED_TIME ((time_t)1592222400)

static inline time_t fuzz_mujs_time(time_t *t) {
    if (t != NULL)
        *t = FUZZ_MUJS_FIXED_TIME;
    return FUZZ_MUJS_FIXED_TIME;
}

static inline int fuzz_mujs_gettimeofday(struct timeval *tv, void *tz) {
    (void)tz;
    tv->tv_sec = FUZZ_MUJS_FIXED_TIME;
    tv->tv_usec = 0;
    return 0;
}

#define time(t) fuzz_mujs_time(t)
#define gettimeofday(tv, tz) fuzz_mujs_gettimeofday(tv, tz)
