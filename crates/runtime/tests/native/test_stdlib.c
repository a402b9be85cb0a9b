/*
 * test_stdlib.c: malloc and the rest of stdlib.h — part of the native test driver of vigil's runtime (see test_libc.h).
 */
#include "test_libc.h"

/* ------------------------------------------------------------------ malloc */

static void *victim;
static void double_free(void) {
    free(victim);
}
static void interior_free(void) {
    free((char *)victim + 1);
}
static void *result;
static void huge_malloc(void) {
    result = malloc((size_t)1 << 29);
}

static char *realloc_block;
static void realloc_interior(void) {
    (void)realloc(realloc_block + 1, 4);
}

void test_malloc(void) {
    char *p = malloc(10);
    CHECK(p && __vm_obj_size(p) == 10);
    realloc_block = p;
    /* realloc of a pointer into a block is an invalid free, raised before anything is read */
    CHECK(native_catch(realloc_interior) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    CHECK(native_is_live(p));
    free(p);
    CHECK(!native_is_live(p));

    void *z1 = malloc(0), *z2 = malloc(0);
    CHECK(z1 && z2 && z1 != z2);
    CHECK(__vm_obj_size(z1) == 0);
    free(z1);
    free(z2);
    free(NULL);

    victim = malloc(4);
    free(victim);
    CHECK(native_catch(double_free) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    victim = malloc(4);
    CHECK(native_catch(interior_free) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    free(victim);

    int *c = calloc(4, sizeof(int));
    CHECK(c && __vm_obj_size(c) == 16);
    CHECK(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0);
    free(c);
    CHECK(calloc((size_t)1 << 33, (size_t)1 << 33) == NULL); /* n * size overflows */
    CHECK(calloc((size_t)-1 / 2 + 1, 2) == NULL);
    void *c0 = calloc(0, 8);
    CHECK(c0 && __vm_obj_size(c0) == 0);
    free(c0);

    char *r = realloc(NULL, 5);
    CHECK(r && __vm_obj_size(r) == 5);
    memcpy(r, "abcde", 5);
    char *r2 = realloc(r, 8);
    CHECK(r2 && r2 != r && __vm_obj_size(r2) == 8);
    CHECK(!native_is_live(r)); /* the old block is freed: stale pointers dangle */
    CHECK(r2[0] == 'a' && r2[4] == 'e');
    char *r3 = realloc(r2, 2);
    CHECK(r3 && __vm_obj_size(r3) == 2 && r3[0] == 'a' && r3[1] == 'b');
    CHECK(realloc(r3, 0) == NULL);
    CHECK(!native_is_live(r3));

    /* Pointers survive realloc's copy (natively trivially; in the VM thanks to the intrinsic). */
    int x = 7;
    int **pp = malloc(sizeof(int *));
    *pp = &x;
    pp = realloc(pp, 2 * sizeof(int *));
    CHECK(**pp == 7);
    free(pp);

    CHECK(malloc((size_t)-1) == NULL);
    clear_flags();
    CHECK(native_catch(huge_malloc) == NATIVE_CANCEL);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);

    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_MALLOC_CAN_FAIL, 0);
    choose(1);
    *__errno_location() = 0;
    CHECK(malloc(3) == NULL);
    CHECK(*__errno_location() == RT_ENOMEM); /* as glibc */
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "malloc(3): allocation failure chosen, returns NULL");
    choose(1);
    CHECK(calloc(2, 2) == NULL);
    char *keep = malloc(2);
    choose(1);
    CHECK(realloc(keep, 4) == NULL);
    CHECK(native_is_live(keep)); /* a failed realloc leaves the block alone */
    choose(0);
    void *ok = malloc(3);
    CHECK(ok != NULL && native_last_choose_n() == 2);
    free(ok);
    free(keep);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);

    /* glibc 2.36's aligned_alloc is memalign: any alignment up to SIZE_MAX / 2 + 1. */
    void *odd = aligned_alloc(3, 8);
    CHECK(odd && __vm_obj_size(odd) == 8);
    free(odd);
    *__errno_location() = 0;
    CHECK(aligned_alloc((size_t)-1 / 2 + 2, 8) == NULL && *__errno_location() == RT_EINVAL);
    void *al = aligned_alloc(16, 32);
    CHECK(al && __vm_obj_size(al) == 32);
    free(al);
    void *pm = NULL;
    CHECK(posix_memalign(&pm, 16, 24) == 0 && pm && __vm_obj_size(pm) == 24);
    free(pm);
    CHECK(posix_memalign(&pm, 12, 24) == RT_EINVAL);
}


/* ------------------------------------------------------------------ stdlib */

static int by_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

struct record {
    long key;
    int *ptr;
    char pad[60]; /* 80 bytes: more than one swap chunk */
};

static int by_key(const void *a, const void *b) {
    long x = ((const struct record *)a)->key, y = ((const struct record *)b)->key;
    return (x > y) - (x < y);
}

static char exit_log[8];
static int exit_log_len;
static void handler_a(void) {
    exit_log[exit_log_len++] = 'a';
}
static void handler_b(void) {
    exit_log[exit_log_len++] = 'b';
}
static void call_exit(void) {
    exit(3);
}
static void call_abort(void) {
    abort();
}
static void call__Exit(void) {
    _Exit(1);
}
static void call_quick_exit(void) {
    quick_exit(2);
}
static void handler_registers_a(void) {
    exit_log[exit_log_len++] = 'r';
    atexit(handler_a);
}
static int abs_of(void) {
    return abs(INT_MIN);
}
static void call_abs_min(void) {
    (void)abs_of();
}
static void call_labs_min(void) {
    (void)labs(LONG_MIN);
}
static void call_llabs_min(void) {
    (void)llabs(LLONG_MIN);
}
static void call_imaxabs_min(void) {
    (void)imaxabs(LLONG_MIN);
}
static int count_handler_runs;
static void count_handler(void) {
    count_handler_runs++;
}

void test_stdlib(void) {
    CHECK(abs(-5) == 5 && abs(5) == 5 && abs(0) == 0);
    CHECK(labs(-5L) == 5 && llabs(-9000000000LL) == 9000000000LL);
    CHECK(abs(INT_MIN + 1) == INT_MAX && imaxabs(-7) == 7);
    CHECK(native_catch(call_abs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_labs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_llabs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_imaxabs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL),
              "abs(INT_MIN): the result is not representable"
              "labs(LONG_MIN): the result is not representable"
              "llabs(LLONG_MIN): the result is not representable"
              "imaxabs(INTMAX_MIN): the result is not representable");
    div_t d = div(-7, 2);
    CHECK(d.quot == -3 && d.rem == -1); /* truncation towards zero */
    ldiv_t ld = ldiv(7L, -2L);
    CHECK(ld.quot == -3 && ld.rem == 1);
    lldiv_t lld = lldiv(-9000000000LL, 1000000000LL);
    CHECK(lld.quot == -9 && lld.rem == 0);
    imaxdiv_t id = imaxdiv(LLONG_MIN, 2);
    CHECK(id.quot == LLONG_MIN / 2 && id.rem == 0);

    char *end;
    const char *s = "  -42x";
    CHECK(strtol(s, &end, 10) == -42 && end == s + 5);
    CHECK(atoi(s) == -42);
    CHECK(atoi("+17") == 17 && atol("123456789012") == 123456789012L);
    CHECK(atoll("-5") == -5);
    CHECK(strtol("0x1F", &end, 16) == 31 && *end == 0);
    CHECK(strtol("1f", NULL, 16) == 31);
    CHECK(strtol("0x10", NULL, 0) == 16);
    CHECK(strtol("010", NULL, 0) == 8);
    CHECK(strtol("10", NULL, 0) == 10);
    CHECK(strtol("101", NULL, 2) == 5);
    CHECK(strtol("zz", NULL, 36) == 35 * 36 + 35);
    const char *bad = "zz";
    CHECK(strtol(bad, &end, 10) == 0 && end == bad);
    const char *hex0 = "0xg";
    CHECK(strtol(hex0, &end, 16) == 0 && end == hex0 + 1); /* "0", then "xg" is not a number */
    *__errno_location() = 0;
    CHECK(strtol("99999999999999999999", NULL, 10) == LONG_MAX);
    CHECK(*__errno_location() == RT_ERANGE);
    *__errno_location() = 0;
    CHECK(strtol("-9223372036854775808", NULL, 10) == LONG_MIN);
    CHECK(*__errno_location() == 0);
    CHECK(strtol("-9223372036854775809", NULL, 10) == LONG_MIN);
    CHECK(*__errno_location() == RT_ERANGE);
    CHECK(strtoul("-1", NULL, 10) == ULONG_MAX);
    CHECK(strtoul("18446744073709551615", NULL, 10) == ULONG_MAX);
    CHECK(strtoull("ff", NULL, 16) == 255);
    CHECK(strtoll("-0x8000000000000000", NULL, 16) == LLONG_MIN);

    srand(1);
    int r1 = rand(), r2 = rand();
    srand(1);
    CHECK(rand() == r1 && rand() == r2);
    CHECK(r1 != r2);
    /* glibc's sequences (values printed by a native program linked with glibc) */
    CHECK(r1 == 1804289383 && r2 == 846930886);
    srand(42);
    r1 = rand();
    CHECK(r1 == 71876166 && rand() == 708592740);
    srand(0); /* glibc seeds 0 as 1 */
    CHECK(rand() == 1804289383);
    srand(4294967295u); /* a seed above INT_MAX: Schrage's method on a negative word */
    CHECK(rand() == 254925627);
    for (int i = 0; i < 100; i++) {
        int r = rand();
        CHECK(r >= 0 && r <= RT_RAND_MAX);
    }

    int v[9] = {5, -1, 3, 3, 9, 0, -7, 8, 2};
    qsort(v, 9, sizeof(int), by_value);
    int sorted[9] = {-7, -1, 0, 2, 3, 3, 5, 8, 9};
    for (int i = 0; i < 9; i++)
        CHECK(v[i] == sorted[i]);
    qsort(v, 0, sizeof(int), by_value);
    qsort(v, 1, sizeof(int), by_value);
    int key = 3;
    int *hit = bsearch(&key, v, 9, sizeof(int), by_value);
    CHECK(hit && *hit == 3);
    key = 4;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == NULL);
    key = -7;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == v);
    key = 9;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == v + 8);
    CHECK(bsearch(&key, v, 0, sizeof(int), by_value) == NULL);

    int targets[5];
    struct record recs[5];
    long keys[5] = {40, 10, 50, 20, 30};
    for (int i = 0; i < 5; i++) {
        memset(&recs[i], 0, sizeof recs[i]);
        recs[i].key = keys[i];
        targets[i] = (int)keys[i];
        recs[i].ptr = &targets[i];
        recs[i].pad[59] = (char)i;
    }
    qsort(recs, 5, sizeof recs[0], by_key);
    for (int i = 0; i < 5; i++) {
        CHECK(recs[i].key == 10 * (i + 1));
        CHECK(*recs[i].ptr == recs[i].key); /* the pointer moved with its record */
    }
    CHECK(recs[0].pad[59] == 1 && recs[4].pad[59] == 2);

    CHECK(atexit(handler_a) == 0);
    CHECK(atexit(handler_b) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(flags() & VM_FLAG_EXIT);
    CHECK(exit_log_len == 2 && exit_log[0] == 'b' && exit_log[1] == 'a'); /* reverse order */
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(exit_log_len == 2); /* each handler runs once */
    clear_flags();
    CHECK(atexit(handler_a) == 0);
    CHECK(native_catch(call__Exit) == NATIVE_EXIT);
    clear_flags();
    CHECK(native_catch(call_abort) == NATIVE_EXIT);
    clear_flags();
    CHECK(at_quick_exit(handler_b) == 0);
    CHECK(native_catch(call_quick_exit) == NATIVE_EXIT);
    /* neither _Exit nor abort runs handlers; quick_exit runs only at_quick_exit's */
    CHECK(exit_log_len == 3 && exit_log[2] == 'b');
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "abort() called");
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT); /* handler_a is still registered */
    CHECK(exit_log_len == 4 && exit_log[3] == 'a');
    /* A handler that registers another: that one runs next (glibc). */
    exit_log_len = 0;
    CHECK(atexit(handler_b) == 0);
    CHECK(atexit(handler_registers_a) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(exit_log_len == 3 && exit_log[0] == 'r' && exit_log[1] == 'a' && exit_log[2] == 'b');
    /* Any number of handlers (glibc has no limit). */
    for (int i = 0; i < 1000; i++)
        CHECK(atexit(count_handler) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(count_handler_runs == 1000);
    clear_flags();
}
