/*
 * test_libc.h — what the parts of the native test driver of vigil's runtime share (see
 * test_libc.c): the CHECK macros, the check counter and small helpers, and each part's entry.
 *
 * Every part is compiled like the runtime itself (freestanding, no host headers) with every
 * runtime symbol renamed by the generated prefix header, so its calls reach the runtime's own
 * malloc, strlen, printf… while the host libc keeps its own. Outcomes that end a path in the VM
 * (faults, cancel, exit) are observed with native_catch. Strings are compared with the driver's
 * own helper, never with the runtime's functions under test.
 */
#ifndef VIGIL_TEST_LIBC_H
#define VIGIL_TEST_LIBC_H

#include "native_api.h"
#include "rt.h"

/* Checks made so far (defined in test_libc.c). */
extern int native_checks;

#define CHECK(c)                                                 \
    do {                                                         \
        native_checks++;                                         \
        if (!(c))                                                \
            native_fail(__FILE__, __LINE__, #c, NULL, NULL);     \
    } while (0)

#define CHECK_STR(got, want)                                              \
    do {                                                                  \
        native_checks++;                                                  \
        const char *g_ = (got), *w_ = (want);                             \
        if (!same(g_, w_))                                                \
            native_fail(__FILE__, __LINE__, #got " == " #want, g_, w_);   \
    } while (0)

static inline int same(const char *a, const char *b) {
    if (!a || !b)
        return a == b;
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

static inline long flags(void) {
    return __vm_control(VM_CTL_GET_FLAGS, 0, 0);
}

static inline void clear_flags(void) {
    __vm_control(VM_CTL_CLEAR_FLAGS, -1, 0);
}

static inline void choose(int a) {
    native_set_choices(&a, 1);
}

/* snprintf into a shared buffer, for one-line formatting checks. */
extern char native_fmtbuf[256];
#define FMT(...) (snprintf(native_fmtbuf, sizeof native_fmtbuf, __VA_ARGS__), native_fmtbuf)

/* The parts, by area. */
void test_string(void);     /* test_string.c: string.h */
void test_string2(void);
void test_ctype(void);      /* test_string.c: ctype.h */
void test_format(void);     /* test_stdio.c: printf and friends, streams, stdin, scanf */
void test_output(void);
void test_asprintf(void);
void test_stdin(void);
void test_memstream(void);
void test_scanf(void);
void test_environment(void);
void test_unlocked(void);
void test_getrandom(void);
void test_malloc(void);     /* test_stdlib.c: malloc and the rest of stdlib.h */
void test_stdlib(void);
void test_svcomp(void);     /* test_svcomp.c: the __VERIFIER_* functions */
void test_files(void);      /* test_files.c: files.c, getline, signals, strerror */
void test_math(void);       /* test_math.c: fp_exp.c and fp_trig.c against glibc (glibc_math.c) */

#endif
