/*
 * stdlib.c — abs, labs, llabs, imaxabs, div, ldiv, lldiv, imaxdiv, exit, _Exit, _exit,
 * quick_exit, abort, atexit, at_quick_exit, atoi, atol, atoll, strtol, strtoll, strtoul, strtoull
 * (and glibc's __isoc23_ aliases), rand, srand, random, srandom, rand_r, qsort, bsearch,
 * __errno_location; and the runtime's internal __vigil_stop / __vigil_fault.
 *
 * Undefined behaviour: abs/labs/llabs/imaxabs of the most negative value is signed overflow (the
 * result is not representable, C11 7.22.6.1): raised as VM_FAULT_SIGNED_OVERFLOW, which the VM
 * reports under no-overflow and otherwise ignores (the result is then glibc's, the wrapped value),
 * exactly as for an overflowing `nsw` instruction of the program. div/ldiv/lldiv/imaxdiv divide
 * with the VM's own division, which faults on a zero divisor and on MIN / -1. The VM attributes a
 * fault inside the runtime to the program's calling line.
 *
 * Program termination follows glibc (checked natively): exit() runs the atexit handlers in
 * reverse order of registration, each at most once even if a handler calls exit again; a handler
 * registered while they run (by a handler) runs next. Then the program's destructors run
 * (__vigil_destructors, defined by the front end from llvm.global_dtors; glibc runs them from
 * _dl_fini, registered before any constructor, so after every atexit handler), then the handlers
 * registered by destructors; then VM_FLAG_EXIT is set. The VM stops the program as soon as that
 * flag is set; should it ever continue, the caller spins in `for (;;) __vm_interrupt_cfl();`, so
 * none of these functions returns. The VM calls this exit with main's return value when main
 * returns. quick_exit runs only the at_quick_exit handlers (same order rules), _Exit and _exit
 * nothing; none of them runs destructors. abort is a normal end of the path, not an error
 * (SV-COMP uses it for "assume"), once a SIGABRT handler the program installed has run (glibc
 * raises SIGABRT, see signal.c).
 *
 * Handler lists have no fixed limit (glibc accepts any number): each is one heap object of
 * handler pointers, made on the first registration and doubled when full, so a program that
 * registers nothing carries nothing in its state; a list is freed once exit has emptied it.
 *
 * rand/srand reproduce glibc's generator exactly (random_r's TYPE_3 additive feedback generator:
 * 31 words of state seeded by Schrage's 16807 LCG, 310 values discarded), so a program's random
 * sequence, and every verdict that depends on it, is the one the program gets with glibc. (A
 * different generator would be unsound: a program that fails only for glibc's values would be
 * reported safe.) Without srand the sequence is that of srand(1), as C requires.
 * qsort is glibc 2.36's merge sort (stable, the same comparator calls in the same order); a
 * different algorithm would be unsound, since C leaves the order of equal elements unspecified
 * and programs depend on glibc's.
 */
#include "os.h"

/* A stack of exit handlers: `handlers` is one heap object of `capacity` entries, or nothing
 * (capacity 0; tested instead of the pointer, whose zero bytes an ILP32 VM reads as a partly
 * defined value). */
struct handler_list {
    void (**handlers)(void);
    int count;
    int capacity;
};

static struct handler_list atexit_list, quick_exit_list;
static int destructors_started;
/* errno, one per thread as glibc's (a thread-local variable): a thread's errno is never
 * another's, and a new thread's starts at 0. Indexed by the thread's entry in the scheduler's
 * table (entries are never reused). */
static int errno_values[RT_THREADS_MAX];

/* ---- internal helpers ---- */

RT_WEAK void __vigil_stop(void) {
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_EXIT, 0);
    for (;;)
        __vm_interrupt_cfl();
}

RT_WEAK void __vigil_fault(int kind, const char *why) {
    if (why && rt_tracing())
        __vm_trace(VM_TRACE_INFO, why);
    __vm_control(VM_CTL_FAULT, kind, 0);
}

RT_WEAK int *__errno_location(void) {
    struct rt_sched *s = rt_sched(); /* NULL before __boot made the scheduler state */
    return &errno_values[s ? s->current : 0];
}

/* ---- arithmetic ---- */

/* |x| of a 64-bit value, computed without signed overflow; `fn` names the caller when x is the
 * most negative value (then the fault, and the wrapped result if the VM goes on). */
static unsigned long long magnitude(long long x, long long min, const char *fn) {
    if (x == min)
        __vigil_fault(VM_FAULT_SIGNED_OVERFLOW, fn);
    return x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
}

RT_WEAK int abs(int x) {
    return (int)magnitude(x, INT_MIN, "abs(INT_MIN): the result is not representable");
}

RT_WEAK long labs(long x) {
    return (long)magnitude(x, LONG_MIN, "labs(LONG_MIN): the result is not representable");
}

RT_WEAK long long llabs(long long x) {
    return (long long)magnitude(x, LLONG_MIN, "llabs(LLONG_MIN): the result is not representable");
}

RT_WEAK intmax_t imaxabs(intmax_t x) {
    return (intmax_t)magnitude(x, LLONG_MIN, "imaxabs(INTMAX_MIN): the result is not representable");
}

/* The quotient and remainder of the VM's own division (C99 truncates towards zero), so MIN / -1
 * and a zero divisor are the VM's overflow and division faults at the caller's call. */
#define DEFINE_DIV(name, result_t, arg_t)                 \
    RT_WEAK result_t name(arg_t numer, arg_t denom) {    \
        result_t r;                                      \
        r.quot = numer / denom;                          \
        r.rem = numer % denom;                           \
        return r;                                        \
    }

DEFINE_DIV(div, div_t, int)
DEFINE_DIV(ldiv, ldiv_t, long)
DEFINE_DIV(lldiv, lldiv_t, long long)
DEFINE_DIV(imaxdiv, imaxdiv_t, intmax_t)

/* ---- termination ---- */

/* Replaced by the front end when the program has constructors or destructors (see rt.h);
 * __vigil_start (os.c) runs the constructors, exit the destructors. */
RT_WEAK void __vigil_constructors(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
}

RT_WEAK void __vigil_destructors(void) {
}

/* Pushes fn; returns 0 (glibc's first 32 registrations cannot fail, and the VM's allocations do
 * not fail either). */
static int push_handler(struct handler_list *list, void (*fn)(void)) {
    if (list->count == list->capacity) {
        int capacity = list->capacity ? 2 * list->capacity : 4;
        void (**grown)(void) = __vm_obj_make_internal((unsigned long)capacity * sizeof *grown);
        if (list->capacity) {
            __builtin_memcpy(grown, list->handlers, (unsigned long)list->count * sizeof *grown);
            __vm_obj_free(list->handlers);
        }
        list->handlers = grown;
        list->capacity = capacity;
    }
    list->handlers[list->count++] = fn;
    return 0;
}

/* Pops and runs handlers until none is left (a handler may push more: they run next); then
 * frees the empty list. */
static void run_handlers(struct handler_list *list) {
    while (list->count > 0) {
        void (*fn)(void) = list->handlers[--list->count];
        fn();
    }
    if (list->capacity) {
        __vm_obj_free(list->handlers);
        list->handlers = NULL;
        list->capacity = 0;
    }
}

RT_WEAK int atexit(void (*fn)(void)) {
    return push_handler(&atexit_list, fn);
}

RT_WEAK int at_quick_exit(void (*fn)(void)) {
    return push_handler(&quick_exit_list, fn);
}

RT_WEAK void exit(int status) {
    (void)status;
    run_handlers(&atexit_list);
    /* Once: exit called again by a destructor ends the remaining ones (undefined in C). */
    if (!destructors_started) {
        destructors_started = 1;
        __vigil_destructors();
    }
    run_handlers(&atexit_list);
    __vigil_stop();
}

RT_WEAK void quick_exit(int status) {
    (void)status;
    run_handlers(&quick_exit_list);
    __vigil_stop();
}

RT_WEAK void _Exit(int status) {
    (void)status;
    __vigil_stop();
}

RT_WEAK void _exit(int status) {
    (void)status;
    __vigil_stop();
}

RT_WEAK void abort(void) {
    if (rt_tracing())
        __vm_trace(VM_TRACE_INFO, "abort() called");
    __vigil_abort_signal(); /* a SIGABRT handler runs first (signal.c) */
    __vigil_stop();
}

/* ---- string to number ---- */

static int is_space(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Value of c as a digit in `base`, or -1. */
static int digit_value(char c, int base) {
    int v;
    if (c >= '0' && c <= '9')
        v = c - '0';
    else if (c >= 'a' && c <= 'z')
        v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'Z')
        v = c - 'A' + 10;
    else
        return -1;
    return v < base ? v : -1;
}

/* The result of scanning a number: magnitude, sign, overflow and where it ended. */
struct scan {
    unsigned long long magnitude;
    int negative;
    int overflow; /* magnitude exceeded ULLONG_MAX */
    const char *end;
};

/*
 * Scans "[space][sign][0x|0]digits" in `base` (0 = by prefix, or 2..36). Without digits, end is
 * the start of the string (as strtol requires). An invalid base gives EINVAL and no digits.
 */
static struct scan scan_number(const char *s, int base) {
    struct scan r = {0, 0, 0, s};
    const char *p = s;
    if (base < 0 || base == 1 || base > 36) {
        *__errno_location() = RT_EINVAL;
        return r;
    }
    while (is_space(*p))
        p++;
    if (*p == '+' || *p == '-')
        r.negative = *p++ == '-';
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
        digit_value(p[2], 16) >= 0) {
        p += 2;
        base = 16;
    } else if (base == 0) {
        base = *p == '0' ? 8 : 10;
    }
    const char *digits = p;
    for (int d; (d = digit_value(*p, base)) >= 0; p++) {
        unsigned long long next;
        if (__builtin_mul_overflow(r.magnitude, (unsigned long long)base, &next) ||
            __builtin_add_overflow(next, (unsigned long long)d, &next))
            r.overflow = 1;
        else
            r.magnitude = next;
    }
    if (p != digits)
        r.end = p;
    return r;
}

/* Stores the end position; glibc leaves *end alone when the base is invalid (EINVAL). */
static void set_end(char **end, const char *at, int base) {
    if (end && !(base < 0 || base == 1 || base > 36))
        *end = (char *)at;
}

/* Clamps a scanned number to [min, max] with min = -max - 1; ERANGE when clamped. */
static long long to_signed(struct scan r, long long max) {
    unsigned long long limit = (unsigned long long)max + (r.negative ? 1 : 0);
    if (r.overflow || r.magnitude > limit) {
        *__errno_location() = RT_ERANGE;
        return r.negative ? -max - 1 : max;
    }
    return r.negative ? (long long)(0ULL - r.magnitude) : (long long)r.magnitude;
}

/* strtoul semantics: a negative number is negated in the unsigned type. */
static unsigned long long to_unsigned(struct scan r, unsigned long long max) {
    if (r.overflow || r.magnitude > max) {
        *__errno_location() = RT_ERANGE;
        return max;
    }
    return r.negative ? (0ULL - r.magnitude) & max : r.magnitude;
}

RT_WEAK long strtol(const char *restrict s, char **restrict end, int base) {
    struct scan r = scan_number(s, base);
    set_end(end, r.end, base);
    return (long)to_signed(r, LONG_MAX);
}

RT_WEAK long long strtoll(const char *restrict s, char **restrict end, int base) {
    struct scan r = scan_number(s, base);
    set_end(end, r.end, base);
    return to_signed(r, LLONG_MAX);
}

RT_WEAK unsigned long strtoul(const char *restrict s, char **restrict end, int base) {
    struct scan r = scan_number(s, base);
    set_end(end, r.end, base);
    return (unsigned long)to_unsigned(r, ULONG_MAX);
}

RT_WEAK unsigned long long strtoull(const char *restrict s, char **restrict end, int base) {
    struct scan r = scan_number(s, base);
    set_end(end, r.end, base);
    return to_unsigned(r, ULLONG_MAX);
}

/* glibc >= 2.38 redirects the strto* family to these names under _GNU_SOURCE / C23. */
RT_WEAK long __isoc23_strtol(const char *restrict s, char **restrict end, int base) {
    return strtol(s, end, base);
}
RT_WEAK long long __isoc23_strtoll(const char *restrict s, char **restrict end, int base) {
    return strtoll(s, end, base);
}
RT_WEAK unsigned long __isoc23_strtoul(const char *restrict s, char **restrict end, int base) {
    return strtoul(s, end, base);
}
RT_WEAK unsigned long long __isoc23_strtoull(const char *restrict s, char **restrict end,
                                             int base) {
    return strtoull(s, end, base);
}

RT_WEAK int atoi(const char *s) {
    return (int)strtol(s, NULL, 10);
}

RT_WEAK long atol(const char *s) {
    return strtol(s, NULL, 10);
}

RT_WEAK long long atoll(const char *s) {
    return strtoll(s, NULL, 10);
}

/* ---- pseudo-random numbers: glibc's random_r TYPE_3 generator, bit for bit ---- */

#define RAND_DEG 31 /* words of state */
#define RAND_SEP 3  /* distance between the front and rear pointers */

static int rand_state[RAND_DEG];
static int rand_front, rand_rear; /* indices of glibc's fptr and rptr */
static int rand_seeded;

static int rand_step(void) {
    unsigned v = (unsigned)rand_state[rand_front] + (unsigned)rand_state[rand_rear];
    rand_state[rand_front] = (int)v;
    rand_front = rand_front + 1 == RAND_DEG ? 0 : rand_front + 1;
    rand_rear = rand_rear + 1 == RAND_DEG ? 0 : rand_rear + 1;
    return (int)(v >> 1);
}

static void seed_state(unsigned seed) {
    if (seed == 0)
        seed = 1;
    int word = (int)seed;
    rand_state[0] = word;
    for (int i = 1; i < RAND_DEG; i++) {
        /* 16807 * word mod (2^31 - 1) by Schrage's method, with glibc's rounding for words that
         * are negative (seeds above INT_MAX). */
        long long hi = word / 127773, lo = word % 127773;
        word = (int)(16807 * lo - 2836 * hi);
        if (word < 0)
            word += 2147483647;
        rand_state[i] = word;
    }
    rand_front = RAND_SEP;
    rand_rear = 0;
    for (int i = 0; i < 10 * RAND_DEG; i++)
        (void)rand_step();
    rand_seeded = 1;
}

/* glibc's srand and rand hold a lock: each call is one atomic step for the other threads. */
RT_WEAK void srand(unsigned seed) {
    int atomic = rt_atomic_begin();
    seed_state(seed);
    rt_atomic_end(atomic);
}

RT_WEAK int rand(void) {
    int atomic = rt_atomic_begin();
    if (!rand_seeded)
        seed_state(1); /* C11 7.22.2.2p2: as if srand(1) had been called */
    int r = rand_step();
    rt_atomic_end(atomic);
    return r;
}

/* glibc's srand is srandom and its rand returns random(): one generator and one state, so calls
 * of the two families interleave as they do natively (checked: srand(5); rand(), random() gives
 * the same two values as srandom(5); random(), rand()). */
RT_WEAK void srandom(unsigned seed) {
    srand(seed);
}

RT_WEAK long random(void) {
    return rand();
}

/* POSIX rand_r as glibc computes it: three steps of the LCG 1103515245·s + 12345 on the caller's
 * state, 11 + 10 + 10 bits taken from bits 16.. of each step. No shared state, so no lock. */
RT_WEAK int rand_r(unsigned *seed) {
    unsigned next = *seed;
    int result = 0;
    static const unsigned widths[3] = {2048, 1024, 1024};
    for (int i = 0; i < 3; i++) {
        next = next * 1103515245u + 12345u;
        result = (int)(((unsigned)result << (i ? 10 : 0)) ^ ((next / 65536u) % widths[i]));
    }
    *seed = next;
    return result;
}

/* ---- sorting and searching ---- */

typedef int (*compare_fn)(const void *, const void *);

/* The scratch space of a sort of up to this many bytes is on the stack (as in glibc). */
#define SORT_STACK_BYTES 1024

/* Top-down merge sort of b[0..n) with the scratch `tmp` (room for n elements): the left half
 * has n/2 elements and is sorted first; a merge takes the left element while cmp(left, right)
 * <= 0. This is the order of comparisons glibc 2.36's qsort makes (a merge sort, so stable), so
 * a program sees the same comparator calls and the same order of equal elements. Elements move
 * with __builtin_memcpy, so pointers stored in them survive. */
static void merge_sort(char *b, size_t n, size_t size, compare_fn cmp, char *tmp) {
    if (n < 2)
        return;
    size_t n1 = n / 2, n2 = n - n1;
    char *b1 = b, *b2 = b + n1 * size;
    merge_sort(b1, n1, size, cmp, tmp);
    merge_sort(b2, n2, size, cmp, tmp);
    char *out = tmp;
    while (n1 > 0 && n2 > 0) {
        if (cmp(b1, b2) <= 0) {
            __builtin_memcpy(out, b1, size);
            b1 += size;
            n1--;
        } else {
            __builtin_memcpy(out, b2, size);
            b2 += size;
            n2--;
        }
        out += size;
    }
    if (n1 > 0)
        __builtin_memcpy(out, b1, n1 * size);
    /* What is left of the right half is in place already. */
    __builtin_memcpy(b, tmp, (n - n2) * size);
}

RT_WEAK void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
    if (n < 2 || size == 0)
        return;
    char stack_tmp[SORT_STACK_BYTES];
    size_t bytes = n * size;
    if (bytes / size != n)
        __vigil_fault(VM_FAULT_INVALID_ARG, "qsort: the array's size overflows");
    char *tmp = bytes <= SORT_STACK_BYTES ? stack_tmp : __vm_obj_make_internal(bytes);
    merge_sort(base, n, size, cmp, tmp);
    if (tmp != stack_tmp)
        __vm_obj_free(tmp);
}

RT_WEAK void *bsearch(const void *key, const void *base, size_t n, size_t size,
                      int (*cmp)(const void *, const void *)) {
    const char *b = base;
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp(key, b + mid * size);
        if (c == 0)
            return (void *)(b + mid * size);
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}
