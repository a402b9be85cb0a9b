/*
 * svcomp.c — the SV-COMP verification functions: __VERIFIER_nondet_*, __VERIFIER_assume,
 * __VERIFIER_error, reach_error, __VERIFIER_assert, __VERIFIER_atomic_begin/end.
 *
 * __VERIFIER_assert is no SV-COMP function: every SV-COMP task that calls it defines it, as
 * `if (!cond) { reach_error(); abort(); }`. Some copies of the tasks (DIVINE's) call it without
 * a definition; the runtime's weak definition means the same (the assertion failure is raised
 * here, whatever the program's own reach_error does) and a program's definition replaces it.
 *
 * Nondeterminism comes only from __vm_choose. Which values an input ranges over:
 *  - bool: {0, 1}; char/uchar: all 256 values. Both are complete.
 *  - every wider integer type: with --nondet-range LO..HI, every value of [LO, HI] clamped to the
 *    type's range (complete only if that is the type's whole domain); without it, a fixed set of
 *    small and boundary values (see SIGNED_PICKS / UNSIGNED_PICKS), which is never complete;
 *  - pointer: NULL only (never complete).
 * Whenever an input is not enumerated over its whole domain the VM_FLAG_INCOMPLETE flag is set,
 * so that the engine cannot answer `true` on the strength of the enumeration.
 *
 * Fixed-input mode (the VM was given an input vector, VM_CTL_INPUTS >= 0): every
 * __VERIFIER_nondet_* call instead returns the next value of the vector, truncated to its type
 * (bool: value & 1; signed types: the low bits read as two's complement), without any choice.
 * Once the vector is used up, calls return 0 and set VM_FLAG_INCOMPLETE (that run no longer
 * follows the given inputs). The position in the vector is the global `input_next`, part of
 * the program's state like any other variable. --nondet-range is ignored in this mode.
 * Every chosen value is recorded as the environment event VM_ENV_NONDET when the VM records a
 * trace (VM_CTL_TRACING); the counterexample shows it as "<function> = <decimal value>".
 */
#include "rt.h"

/* Indices into the pick tables: order matters for a depth-first search (small values first). */
enum { PICK_ZERO, PICK_ONE, PICK_MINUS_ONE, PICK_TWO, PICK_MINUS_TWO, PICK_MAX, PICK_MIN,
       PICK_MAX_MINUS_ONE, PICK_MIN_PLUS_ONE, SIGNED_PICKS };
enum { UPICK_ZERO, UPICK_ONE, UPICK_TWO, UPICK_MAX, UPICK_MAX_MINUS_ONE, UNSIGNED_PICKS };

/* Largest count passed to one __vm_choose call when enumerating a wide range. */
#define CHOOSE_CHUNK_BITS 30
#define CHOOSE_CHUNK (1ULL << CHOOSE_CHUNK_BITS)

static void mark_incomplete(void) {
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
}

/* Records the value an input function returns (VM_ENV_NONDET, the value's bits as a long long)
 * when the VM records a trace. Which function it is, the trace knows: the innermost
 * __VERIFIER_nondet_* call; its signedness and width are in vigil_ir::svcomp::NONDET. */
static void trace_input(unsigned long long v) {
    if (rt_tracing())
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_NONDET, (long long)v);
}

/* Chooses every value of [0, max] exactly once, in chunks __vm_choose can count. */
static unsigned long long choose_upto(unsigned long long max) {
    if (max < CHOOSE_CHUNK)
        return (unsigned long long)__vm_choose((int)(max + 1));
    unsigned long long high_max = max >> CHOOSE_CHUNK_BITS;
    unsigned long long high = choose_upto(high_max);
    unsigned long long low_count =
        high < high_max ? CHOOSE_CHUNK : (max & (CHOOSE_CHUNK - 1)) + 1;
    unsigned long long low = (unsigned long long)__vm_choose((int)low_count);
    return (high << CHOOSE_CHUNK_BITS) | low;
}

/* Position of the next value in the fixed input vector. */
static unsigned long long input_next;

/* In fixed-input mode stores the next input value (0 once the vector is used up, which marks
 * the run incomplete) in *v and returns 1; returns 0 when the VM has no input vector. */
static int fixed_input(unsigned long long *v) {
    long long n = __vm_control(VM_CTL_INPUTS, 0, 0);
    if (n < 0)
        return 0;
    if (input_next < (unsigned long long)n) {
        *v = (unsigned long long)__vm_control(VM_CTL_INPUT, (long long)input_next, 0);
        input_next++;
    } else {
        *v = 0;
        mark_incomplete();
    }
    return 1;
}

static int have_range(void) {
    return __vm_control(VM_CTL_NONDET_RANGE, 0, 0) == 1;
}

static long long clamp(long long v, long long lo, long long hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

/* A value of a signed type with domain [min, max]. */
static long long pick_signed(long long min, long long max) {
    long long v;
    unsigned long long fixed;
    if (fixed_input(&fixed)) {
        /* max = 2^(w-1) - 1, so 2 max + 1 masks the type's w bits. */
        unsigned long long umax = (unsigned long long)max;
        unsigned long long mask = umax * 2 + 1;
        unsigned long long t = fixed & mask;
        v = t > umax ? (long long)(t | ~mask) : (long long)t;
    } else if (have_range()) {
        long long lo = clamp(__vm_control(VM_CTL_NONDET_RANGE, 1, 0), min, max);
        long long hi = clamp(__vm_control(VM_CTL_NONDET_RANGE, 2, 0), min, max);
        if (lo > hi) {
            long long t = lo;
            lo = hi;
            hi = t;
        }
        if (lo != min || hi != max)
            mark_incomplete();
        unsigned long long span = (unsigned long long)hi - (unsigned long long)lo;
        v = (long long)((unsigned long long)lo + choose_upto(span));
    } else {
        long long picks[SIGNED_PICKS];
        picks[PICK_ZERO] = 0;
        picks[PICK_ONE] = 1;
        picks[PICK_MINUS_ONE] = -1;
        picks[PICK_TWO] = 2;
        picks[PICK_MINUS_TWO] = -2;
        picks[PICK_MAX] = max;
        picks[PICK_MIN] = min;
        picks[PICK_MAX_MINUS_ONE] = max - 1;
        picks[PICK_MIN_PLUS_ONE] = min + 1;
        mark_incomplete();
        v = picks[__vm_choose(SIGNED_PICKS)];
    }
    trace_input((unsigned long long)v);
    return v;
}

/* A value of an unsigned type with domain [0, max]. */
static unsigned long long pick_unsigned(unsigned long long max) {
    unsigned long long v;
    unsigned long long fixed;
    if (fixed_input(&fixed)) {
        v = fixed & max; /* max is all ones in the type's width */
    } else if (have_range()) {
        long long lo_s = __vm_control(VM_CTL_NONDET_RANGE, 1, 0);
        long long hi_s = __vm_control(VM_CTL_NONDET_RANGE, 2, 0);
        unsigned long long lo = lo_s < 0 ? 0 : (unsigned long long)lo_s;
        unsigned long long hi = hi_s < 0 ? 0 : (unsigned long long)hi_s;
        lo = lo > max ? max : lo;
        hi = hi > max ? max : hi;
        if (lo > hi) {
            unsigned long long t = lo;
            lo = hi;
            hi = t;
        }
        if (lo != 0 || hi != max)
            mark_incomplete();
        v = lo + choose_upto(hi - lo);
    } else {
        unsigned long long picks[UNSIGNED_PICKS];
        picks[UPICK_ZERO] = 0;
        picks[UPICK_ONE] = 1;
        picks[UPICK_TWO] = 2;
        picks[UPICK_MAX] = max;
        picks[UPICK_MAX_MINUS_ONE] = max - 1;
        mark_incomplete();
        v = picks[__vm_choose(UNSIGNED_PICKS)];
    }
    trace_input((unsigned long long)v);
    return v;
}

/* One byte: all 256 values (complete), or the next fixed input's low byte. */
static unsigned char choose_byte(void) {
    unsigned long long fixed;
    return (unsigned char)(fixed_input(&fixed) ? fixed : (unsigned long long)__vm_choose(256));
}

RT_WEAK _Bool __VERIFIER_nondet_bool(void) {
    unsigned long long fixed;
    int v = fixed_input(&fixed) ? (int)(fixed & 1) : __vm_choose(2);
    trace_input((unsigned long long)v);
    return v != 0;
}

/* The same input under the name older tasks give it (the type's name as suffix). */
RT_WEAK _Bool __VERIFIER_nondet__Bool(void) {
    return __VERIFIER_nondet_bool();
}

/* char is signed on x86_64: choice i is the value (char)i, so 0..127 come first. */
RT_WEAK char __VERIFIER_nondet_char(void) {
    unsigned long long fixed;
    char v = (char)(unsigned char)(fixed_input(&fixed) ? fixed : (unsigned long long)__vm_choose(256));
    trace_input((unsigned long long)v);
    return v;
}

RT_WEAK unsigned char __VERIFIER_nondet_uchar(void) {
    unsigned long long fixed;
    unsigned char v = (unsigned char)(fixed_input(&fixed) ? fixed : (unsigned long long)__vm_choose(256));
    trace_input((unsigned long long)v);
    return v;
}

/* The inputs wider than a byte: `NONDET_SIGNED(type, suffix, min, max)` defines
 * `type __VERIFIER_nondet_suffix(void)` with a value in [min, max] (pick_signed), and
 * `NONDET_UNSIGNED(type, suffix, max)` one in [0, max] (pick_unsigned); the types and ranges are
 * x86-64 glibc's, as in vigil_ir::svcomp::NONDET. */
#define NONDET_SIGNED(type, suffix, min, max)                                                  \
    RT_WEAK type __VERIFIER_nondet_##suffix(void) {                                            \
        return (type)pick_signed(min, max);                                                    \
    }
#define NONDET_UNSIGNED(type, suffix, max)                                                     \
    RT_WEAK type __VERIFIER_nondet_##suffix(void) {                                            \
        return (type)pick_unsigned(max);                                                       \
    }

NONDET_SIGNED(short, short, SHRT_MIN, SHRT_MAX)
NONDET_UNSIGNED(unsigned short, ushort, USHRT_MAX)
NONDET_SIGNED(int, int, INT_MIN, INT_MAX)
NONDET_UNSIGNED(unsigned int, uint, UINT_MAX)
NONDET_UNSIGNED(unsigned int, unsigned, UINT_MAX)
NONDET_SIGNED(long, long, LONG_MIN, LONG_MAX)
NONDET_UNSIGNED(unsigned long, ulong, ULONG_MAX)
NONDET_SIGNED(long long, longlong, LLONG_MIN, LLONG_MAX)
NONDET_UNSIGNED(unsigned long long, ulonglong, ULLONG_MAX)
NONDET_UNSIGNED(size_t, size_t, (size_t)-1)

/* The other integer names of SV-COMP's list (and those older tasks call). */
RT_WEAK unsigned char __VERIFIER_nondet_u8(void) {
    unsigned char v = (unsigned char)choose_byte();
    trace_input((unsigned long long)v);
    return v;
}

NONDET_UNSIGNED(unsigned short, u16, USHRT_MAX)
NONDET_UNSIGNED(unsigned int, u32, UINT_MAX)
NONDET_UNSIGNED(unsigned long long, u64, ULLONG_MAX)

RT_WEAK signed char __VERIFIER_nondet_schar(void) {
    signed char v = (signed char)choose_byte();
    trace_input((unsigned long long)v);
    return v;
}

RT_WEAK signed char __VERIFIER_nondet_s8(void) {
    signed char v = (signed char)choose_byte();
    trace_input((unsigned long long)v);
    return v;
}

NONDET_SIGNED(short, s16, SHRT_MIN, SHRT_MAX)
NONDET_SIGNED(int, s32, INT_MIN, INT_MAX)
NONDET_SIGNED(int, i32, INT_MIN, INT_MAX)
NONDET_SIGNED(long long, s64, LLONG_MIN, LLONG_MAX)
NONDET_SIGNED(long long, i64, LLONG_MIN, LLONG_MAX)
NONDET_SIGNED(long, loff_t, LONG_MIN, LONG_MAX)
NONDET_UNSIGNED(unsigned long, sector_t, ULONG_MAX)
NONDET_SIGNED(long long, llong, LLONG_MIN, LLONG_MAX)
NONDET_UNSIGNED(unsigned long long, ullong, ULLONG_MAX)

/* <stdint.h>'s names (ESBMC's tests call `nondet_uint8_t()`). */
RT_WEAK signed char __VERIFIER_nondet_int8_t(void) {
    return __VERIFIER_nondet_s8();
}

RT_WEAK unsigned char __VERIFIER_nondet_uint8_t(void) {
    return __VERIFIER_nondet_u8();
}

NONDET_SIGNED(short, int16_t, SHRT_MIN, SHRT_MAX)
NONDET_UNSIGNED(unsigned short, uint16_t, USHRT_MAX)
NONDET_SIGNED(int, int32_t, INT_MIN, INT_MAX)
NONDET_UNSIGNED(unsigned int, uint32_t, UINT_MAX)
NONDET_SIGNED(long long, int64_t, LLONG_MIN, LLONG_MAX)
NONDET_UNSIGNED(unsigned long long, uint64_t, ULLONG_MAX)

/* The raw bits of a nondet float (binary32, `is_double` 0) or double (binary64): in fixed-input
 * mode the next input's low 32 or 64 bits; otherwise one of a few samples — zeros of both signs,
 * small integers and fractions, the extremes, the smallest subnormal, the infinities and a NaN —
 * which is never the whole domain (VM_FLAG_INCOMPLETE: never `true` from samples). The trace
 * gives the bits as an unsigned decimal; the harness reinterprets them. fp_svcomp.c turns the
 * bits into the value (this file is compiled without floating point). */
RT_WEAK unsigned long long __vigil_nondet_float_bits(int is_double) {
    static const unsigned long long doubles[] = {
        0x0000000000000000ULL, /* 0.0 */
        0x3ff0000000000000ULL, /* 1.0 */
        0xbff0000000000000ULL, /* -1.0 */
        0x3fe0000000000000ULL, /* 0.5 */
        0x4000000000000000ULL, /* 2.0 */
        0x3fb999999999999aULL, /* 0.1 */
        0x8000000000000000ULL, /* -0.0 */
        0x7fefffffffffffffULL, /* DBL_MAX */
        0xffefffffffffffffULL, /* -DBL_MAX */
        0x0010000000000000ULL, /* DBL_MIN */
        0x0000000000000001ULL, /* smallest subnormal */
        0x7ff0000000000000ULL, /* +inf */
        0xfff0000000000000ULL, /* -inf */
        0x7ff8000000000000ULL, /* NaN */
    };
    static const unsigned long long floats[] = {
        0x00000000ULL, 0x3f800000ULL, 0xbf800000ULL, 0x3f000000ULL, 0x40000000ULL,
        0x3dcccccdULL, 0x80000000ULL, 0x7f7fffffULL, 0xff7fffffULL, 0x00800000ULL,
        0x00000001ULL, 0x7f800000ULL, 0xff800000ULL, 0x7fc00000ULL,
    };
    unsigned long long v;
    if (fixed_input(&v)) {
        v &= is_double ? ~0ULL : 0xffffffffULL;
    } else {
        mark_incomplete();
        int n = (int)(sizeof doubles / sizeof doubles[0]);
        int k = __vm_choose(n);
        v = is_double ? doubles[k] : floats[k];
    }
    trace_input((unsigned long long)v);
    return v;
}

/* Only NULL: a fresh object would be reported as a leak, a shared one would alias. In fixed-input
 * mode the pointer consumes one value; only 0 (NULL) is followed exactly. */
RT_WEAK void *__VERIFIER_nondet_pointer(void) {
    unsigned long long fixed;
    if (!fixed_input(&fixed) || fixed != 0)
        mark_incomplete();
    trace_input(0);
    return NULL;
}

RT_WEAK void __VERIFIER_assume(int cond) {
    if (!cond)
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
}

RT_WEAK void __VERIFIER_error(void) {
    __vigil_fault(VM_FAULT_ASSERT, NULL);
    __vigil_stop();
}

RT_WEAK void reach_error(void) {
    __vigil_fault(VM_FAULT_ASSERT, NULL);
}

RT_WEAK void __VERIFIER_assert(int cond) {
    if (!cond) {
        __vigil_fault(VM_FAULT_ASSERT, NULL);
        __vigil_stop();
    }
}

RT_WEAK void __VERIFIER_atomic_begin(void) {
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_ATOMIC, 0);
}

RT_WEAK void __VERIFIER_atomic_end(void) {
    __vm_control(VM_CTL_CLEAR_FLAGS, VM_FLAG_ATOMIC, 0);
}
