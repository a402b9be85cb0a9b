/*
 * fp_math.c — the math.h functions whose glibc result is the exactly rounded one (IEEE 754
 * requires it of sqrt and fma; the others are exact operations): sqrt, fabs, floor, ceil,
 * trunc, round, roundeven, rint, nearbyint, lround, llround, lrint, llrint, fmod, remainder,
 * fmin, fmax, fdim, copysign, fma, frexp, ldexp, scalbn, scalbln, ilogb, logb, modf, nan (with
 * glibc's payloads), each
 * for double and float.
 *
 * The arithmetic is the VM's (LLVM's floating-point instructions and intrinsics, which the
 * `__builtin_*` calls below become under -fno-math-errno, see build.rs), in the running thread's
 * rounding direction, which fegetround/fesetround read and set (so sqrt, fma, rint, nearbyint,
 * lrint, ldexp and fdim follow it, as glibc's do; the others are exact). errno is set as glibc
 * sets it (EDOM for sqrt of a negative number, for fmod and remainder by zero or of an infinity,
 * for ilogb of 0, NaN or an infinity; ERANGE when ldexp/scalbn/scalbln/fdim overflow, or
 * ldexp/scalbn/scalbln underflow to zero). lround/lrint of a value out of range is unspecified in C: the VM reports the conversion as undefined, so no verdict depends
 * on glibc's choice. Also glibc's classification functions (__fpclassify, __isnan, …) and
 * nextafter, nextafterf.
 *
 * Transcendental functions (exp, log, sin, pow, …) are elsewhere (fp_exp.c, fp_trig.c): glibc's
 * results are not always the correctly rounded ones, so paths through them raise
 * VM_FLAG_LIBM_ROUNDING.
 */
#include "rt.h"

static void set_errno(int e) {
    *__errno_location() = e;
}

typedef union { double d; unsigned long long u; } dbits;
typedef union { float f; unsigned int u; } fbits;

RT_WEAK double sqrt(double x) {
    if (x < 0)
        set_errno(RT_EDOM);
    return __builtin_sqrt(x);
}
RT_WEAK float sqrtf(float x) {
    if (x < 0)
        set_errno(RT_EDOM);
    return __builtin_sqrtf(x);
}

RT_WEAK double fabs(double x) { return __builtin_fabs(x); }
RT_WEAK float fabsf(float x) { return __builtin_fabsf(x); }
RT_WEAK double floor(double x) { return __builtin_floor(x); }
RT_WEAK float floorf(float x) { return __builtin_floorf(x); }
RT_WEAK double ceil(double x) { return __builtin_ceil(x); }
RT_WEAK float ceilf(float x) { return __builtin_ceilf(x); }
RT_WEAK double trunc(double x) { return __builtin_trunc(x); }
RT_WEAK float truncf(float x) { return __builtin_truncf(x); }
RT_WEAK double round(double x) { return __builtin_round(x); }
RT_WEAK float roundf(float x) { return __builtin_roundf(x); }
RT_WEAK double roundeven(double x) { return __builtin_roundeven(x); }
RT_WEAK float roundevenf(float x) { return __builtin_roundevenf(x); }
RT_WEAK double rint(double x) { return __builtin_rint(x); }
RT_WEAK float rintf(float x) { return __builtin_rintf(x); }
RT_WEAK double nearbyint(double x) { return __builtin_nearbyint(x); }
RT_WEAK float nearbyintf(float x) { return __builtin_nearbyintf(x); }
RT_WEAK long lround(double x) { return __builtin_lround(x); }
RT_WEAK long lroundf(float x) { return __builtin_lroundf(x); }
RT_WEAK long long llround(double x) { return __builtin_llround(x); }
RT_WEAK long long llroundf(float x) { return __builtin_llroundf(x); }
RT_WEAK long lrint(double x) { return __builtin_lrint(x); }
RT_WEAK long lrintf(float x) { return __builtin_lrintf(x); }
RT_WEAK long long llrint(double x) { return __builtin_llrint(x); }
RT_WEAK long long llrintf(float x) { return __builtin_llrintf(x); }
RT_WEAK double copysign(double x, double y) { return __builtin_copysign(x, y); }
RT_WEAK float copysignf(float x, float y) { return __builtin_copysignf(x, y); }
RT_WEAK double fmin(double x, double y) { return __builtin_fmin(x, y); }
RT_WEAK float fminf(float x, float y) { return __builtin_fminf(x, y); }
RT_WEAK double fmax(double x, double y) { return __builtin_fmax(x, y); }
RT_WEAK float fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
RT_WEAK double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
RT_WEAK float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }

/* fmod and fdim for one floating type T (double, float): the remainder (by `builtin`), with
 * EDOM for a zero divisor or an infinite dividend; the positive difference, NaN from a NaN
 * operand, and ERANGE when finite operands overflow. */
#define FMOD(name, T, builtin)                                                                 \
    RT_WEAK T name(T x, T y) {                                                                 \
        if ((y == 0 && x == x) || (__builtin_isinf(x) && y == y))                              \
            set_errno(RT_EDOM);                                                                \
        return builtin(x, y);                                                                  \
    }
#define FDIM(name, T)                                                                          \
    RT_WEAK T name(T x, T y) {                                                                 \
        if (x != x || y != y)                                                                  \
            return x + y;                                                                      \
        T r = x > y ? x - y : 0;                                                               \
        if (__builtin_isinf(r) && !__builtin_isinf(x) && !__builtin_isinf(y))                  \
            set_errno(RT_ERANGE);                                                              \
        return r;                                                                              \
    }

FMOD(fmod, double, __builtin_fmod)
FMOD(fmodf, float, __builtin_fmodf)
FDIM(fdim, double)
FDIM(fdimf, float)

/* 2^n as a double, for -1022 <= n <= 1023 (a normal number). */
static double pow2(int n) {
    dbits b;
    b.u = (unsigned long long)(n + 1023) << 52;
    return b.d;
}

/* x * 2^n rounded once: the scaling is split into exact steps by normal powers of two, so only
 * the last multiplication rounds (and only when the result is subnormal or overflows). */
static double scale_double(double x, int n) {
    if (n > 1023) {
        x *= pow2(1023);
        n -= 1023;
        if (n > 1023) {
            x *= pow2(1023);
            n -= 1023;
            if (n > 1023)
                n = 1023;
        }
    } else if (n < -1022) {
        /* Steps of 2^-969 keep the intermediate result normal (hence exact) while it can be. */
        x *= pow2(-1022) * pow2(53);
        n += 1022 - 53;
        if (n < -1022) {
            x *= pow2(-1022) * pow2(53);
            n += 1022 - 53;
            if (n < -1022)
                n = -1022;
        }
    }
    return x * pow2(n);
}

static float scale_float(float x, int n) {
    /* Exact in double for every float x and |n| <= 300; one rounding to float at the end. */
    if (n > 300)
        n = 300;
    if (n < -300)
        n = -300;
    return (float)scale_double((double)x, n);
}

/* ldexp, scalbn and scalbln for the type T and exponent type N (glibc's are one function): the
 * scaling with ERANGE when a finite nonzero x overflows or underflows to zero. Beyond ±4096
 * every finite nonzero x already does, so a long exponent is clamped there. */
#define SCALE(name, T, N, scale)                                                               \
    RT_WEAK T name(T x, N n) {                                                                 \
        if (__builtin_isinf(x) || x != x || x == 0)                                            \
            return x + x;                                                                      \
        T r = scale(x, n > 4096 ? 4096 : n < -4096 ? -4096 : (int)n);                          \
        if (__builtin_isinf(r) || r == 0)                                                      \
            set_errno(RT_ERANGE);                                                              \
        return r;                                                                              \
    }

SCALE(ldexp, double, int, scale_double)
SCALE(ldexpf, float, int, scale_float)
SCALE(scalbn, double, int, scale_double)
SCALE(scalbnf, float, int, scale_float)
SCALE(scalbln, double, long, scale_double)
SCALE(scalblnf, float, long, scale_float)

RT_WEAK double frexp(double x, int *e) {
    dbits b;
    b.d = x;
    int ex = (int)(b.u >> 52 & 0x7ff);
    if (ex == 0x7ff || x == 0) {
        *e = 0;
        return x;
    }
    int adjust = 0;
    if (ex == 0) { /* subnormal: scale into the normal range first */
        b.d = x * pow2(64);
        ex = (int)(b.u >> 52 & 0x7ff);
        adjust = 64;
    }
    *e = ex - 1022 - adjust;
    b.u = (b.u & ~(0x7ffULL << 52)) | (1022ULL << 52);
    return b.d;
}

/* Exact: a float is a double, and its fraction has a float's 24 bits. */
RT_WEAK float frexpf(float x, int *e) {
    return (float)frexp(x, e);
}

RT_WEAK double modf(double x, double *ip) {
    double t = __builtin_trunc(x);
    *ip = t;
    if (__builtin_isinf(x))
        return __builtin_copysign(0.0, x);
    return __builtin_copysign(x - t, x);
}

RT_WEAK float modff(float x, float *ip) {
    float t = __builtin_truncf(x);
    *ip = t;
    if (__builtin_isinf(x))
        return __builtin_copysignf(0.0f, x);
    return __builtin_copysignf(x - t, x);
}

/* ilogb and logb: the unbiased exponent of x, as frexp gives it minus one (subnormals included).
 * glibc: ilogb of 0 and NaN is FP_ILOGB0 = FP_ILOGBNAN = INT_MIN, of an infinity INT_MAX, each
 * with EDOM; logb of ±0 is -inf, of ±inf +inf, of NaN the NaN, without errno. */
RT_WEAK int ilogb(double x) {
    if (x == 0 || x != x || __builtin_isinf(x)) {
        set_errno(RT_EDOM);
        return __builtin_isinf(x) ? 2147483647 : -2147483647 - 1;
    }
    int e;
    frexp(x, &e);
    return e - 1;
}
RT_WEAK int ilogbf(float x) {
    return ilogb((double)x);
}
RT_WEAK double logb(double x) {
    if (x != x)
        return x + x;
    if (__builtin_isinf(x))
        return __builtin_inf();
    if (x == 0)
        return -__builtin_inf();
    int e;
    frexp(x, &e);
    return (double)(e - 1);
}
RT_WEAK float logbf(float x) {
    return (float)logb((double)x);
}

/* remainder (IEEE 754): x - n*y with n the integer nearest to x/y, ties to even; exact. fmod
 * gives the remainder of the truncated quotient exactly; reducing by 2|y| first leaves the
 * quotient's parity, so the tie can go to the even n. A zero result has x's sign. EDOM and the
 * default NaN for y = 0 or an infinite x (glibc); a NaN operand is returned. */
#define REMAINDER(name, T, fmod_builtin, T_MAX)                                                     RT_WEAK T name(T x, T y) {                                                                         if (x != x || y != y)                                                                              return x + y;                                                                              if (y == 0 || __builtin_isinf(x)) {                                                                set_errno(RT_EDOM);                                                                            return (x * y) / (x * y);                                                                  }                                                                                              T ay = __builtin_fabs(y), a;                                                                   int odd;                                                                                       if (ay <= T_MAX / 2) {                                                                             a = __builtin_fabs(fmod_builtin(x, 2 * ay)); /* |x| mod 2|y|, in [0, 2|y|) */                   odd = a >= ay;                                                                                 if (odd)                                                                                           a -= ay; /* exact: ay <= a < 2 ay */                                                       if (2 * a > ay || (2 * a == ay && odd))                                                            a -= ay;                                                                               } else { /* |x| < 2|y|: the truncated quotient is 0 or 1 */                                       odd = __builtin_fabs(x) >= ay;                                                                 a = __builtin_fabs(fmod_builtin(x, ay));                                                       if (a > ay / 2 || (a == ay / 2 && odd))                                                            a -= ay;                                                                               }                                                                                              return a == 0 ? __builtin_copysign((T)0, x) : (__builtin_signbit(x) ? -a : a);             }

REMAINDER(remainder, double, __builtin_fmod, 1.7976931348623157e308)
REMAINDER(remainderf, float, __builtin_fmodf, 3.40282347e38f)

/* nan(tag) is glibc's strtod("NAN(tag)"): the quiet NaN whose payload is the tag read as a
 * number in base 0 (masked to the mantissa), or zero when the tag is not such a number. */
unsigned long long __vigil_nan_payload(const char *s, char stop, const char **after);
RT_WEAK double nan(const char *tag) {
    const char *after;
    unsigned long long payload = __vigil_nan_payload(tag, '\0', &after);
    union { double d; unsigned long long bits; } u = {.bits = 0x7ff8000000000000ULL | (payload & ((1ULL << 52) - 1))};
    return u.d;
}
RT_WEAK float nanf(const char *tag) {
    const char *after;
    unsigned long long payload = __vigil_nan_payload(tag, '\0', &after);
    union { float f; unsigned int bits; } u = {.bits = 0x7fc00000u | (unsigned int)(payload & ((1u << 23) - 1))};
    return u.f;
}

/* glibc's classification functions, which preprocessed programs (SV-COMP's .i files) call where
 * newer headers use builtins. The FP_* numbers and the sign of __isinf are glibc's. */
enum { RT_FP_NAN, RT_FP_INFINITE, RT_FP_ZERO, RT_FP_SUBNORMAL, RT_FP_NORMAL };

RT_WEAK int __fpclassify(double x) {
    return __builtin_fpclassify(RT_FP_NAN, RT_FP_INFINITE, RT_FP_NORMAL, RT_FP_SUBNORMAL, RT_FP_ZERO, x);
}
RT_WEAK int __fpclassifyf(float x) {
    return __builtin_fpclassify(RT_FP_NAN, RT_FP_INFINITE, RT_FP_NORMAL, RT_FP_SUBNORMAL, RT_FP_ZERO, x);
}
RT_WEAK int __isnan(double x) { return x != x; }
RT_WEAK int __isnanf(float x) { return x != x; }
RT_WEAK int __isinf(double x) { return __builtin_isinf(x) ? (__builtin_signbit(x) ? -1 : 1) : 0; }
RT_WEAK int __isinff(float x) { return __builtin_isinf(x) ? (__builtin_signbit(x) ? -1 : 1) : 0; }
RT_WEAK int __finite(double x) { return __builtin_isfinite(x); }
RT_WEAK int __finitef(float x) { return __builtin_isfinite(x); }
RT_WEAK int __signbit(double x) { return __builtin_signbit(x) != 0; }
RT_WEAK int __signbitf(float x) { return __builtin_signbit(x) != 0; }

/* The neighbour of x toward y (y itself when equal; NaN if either is); ERANGE when the result
 * is infinite, or subnormal or zero, except from x = 0 (glibc). */
#define NEXTAFTER(name, T, B, SIGN, EXP)                                                           \
    RT_WEAK T name(T x, T y) {                                                                     \
        if (x != x || y != y)                                                                      \
            return x + y;                                                                          \
        if (x == y)                                                                                \
            return y;                                                                              \
        union { T v; B u; } b = {.v = x};                                                          \
        if (x == 0) {                                                                              \
            b.u = 1 | (__builtin_signbit(y) ? (SIGN) : 0);                                         \
            return b.v;                                                                            \
        }                                                                                          \
        if ((x < y) == (x > 0))                                                                    \
            b.u++;                                                                                 \
        else                                                                                       \
            b.u--;                                                                                 \
        if (__builtin_isinf(b.v) || (b.u & (EXP)) == 0)                                            \
            set_errno(RT_ERANGE);                                                                  \
        return b.v;                                                                                \
    }

NEXTAFTER(nextafter, double, unsigned long long, 1ULL << 63, 0x7ff0000000000000ULL)
NEXTAFTER(nextafterf, float, unsigned int, 1u << 31, 0x7f800000u)

/* fegetround and fesetround are in os.c: the direction is per thread, in the thread table. */
