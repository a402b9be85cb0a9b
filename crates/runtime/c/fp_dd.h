/*
 * fp_dd.h — double-double arithmetic for the transcendental functions (fp_exp.c, fp_trig.c):
 * a value is hi + lo with |lo| <= ulp(hi) / 2, about 106 significant bits.
 *
 * The building blocks are the error-free transformations (Knuth's TwoSum, Dekker's FastTwoSum,
 * and the product's exact error from one fma: Muller et al., "Handbook of Floating-Point
 * Arithmetic", 2nd ed., ch. 4.3 and 4.4) and the double-word algorithms built on them (Joldes,
 * Muller, Popescu, "Tight and rigorous error bounds for basic building blocks of double-word
 * arithmetic", ACM TOMS 44(2), 2017: relative errors of a few units of 2^-106 per operation).
 * The final rounding (dd_round, dd_round_scaled, dd_to_float) rounds hi + lo once to the
 * target format, so a result is the correctly rounded value of its double-double
 * approximation; it is the correctly rounded value of the function unless the function's value
 * lies within the approximation's error (~2^-100 relative) of a rounding boundary.
 *
 * Only included by fp_*.c files (floating point is allowed there). Floating-point contraction
 * is off: the transformations need every operation rounded as written.
 */
#ifndef VIGIL_FP_DD_H
#define VIGIL_FP_DD_H

#pragma STDC FP_CONTRACT OFF

typedef struct {
    double hi, lo;
} dd;

typedef union {
    double d;
    unsigned long long u;
} dd_bits;

static inline dd dd_make(double hi, double lo) {
    dd r = {hi, lo};
    return r;
}

/* a + b exactly, when |a| >= |b| or a == 0. */
static inline dd fast_two_sum(double a, double b) {
    double s = a + b;
    return dd_make(s, b - (s - a));
}

/* a + b exactly. */
static inline dd two_sum(double a, double b) {
    double s = a + b;
    double bb = s - a;
    return dd_make(s, (a - (s - bb)) + (b - bb));
}

/* a * b exactly (barring underflow). */
static inline dd two_prod(double a, double b) {
    double p = a * b;
    return dd_make(p, __builtin_fma(a, b, -p));
}

static inline dd dd_add(dd a, dd b) {
    dd s = two_sum(a.hi, b.hi);
    dd t = two_sum(a.lo, b.lo);
    s.lo += t.hi;
    s = fast_two_sum(s.hi, s.lo);
    s.lo += t.lo;
    return fast_two_sum(s.hi, s.lo);
}

static inline dd dd_add_d(dd a, double b) {
    dd s = two_sum(a.hi, b);
    s.lo += a.lo;
    return fast_two_sum(s.hi, s.lo);
}

static inline dd dd_neg(dd a) {
    return dd_make(-a.hi, -a.lo);
}

static inline dd dd_sub(dd a, dd b) {
    return dd_add(a, dd_neg(b));
}

static inline dd dd_mul(dd a, dd b) {
    dd p = two_prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return fast_two_sum(p.hi, p.lo);
}

static inline dd dd_mul_d(dd a, double b) {
    dd p = two_prod(a.hi, b);
    p.lo += a.lo * b;
    return fast_two_sum(p.hi, p.lo);
}

static inline dd dd_div(dd a, dd b) {
    double q1 = a.hi / b.hi;
    dd r = dd_sub(a, dd_mul_d(b, q1));
    double q2 = r.hi / b.hi;
    r = dd_sub(r, dd_mul_d(b, q2));
    double q3 = r.hi / b.hi;
    dd q = fast_two_sum(q1, q2);
    return dd_add_d(q, q3);
}

static inline dd dd_div_d(dd a, double b) {
    return dd_div(a, dd_make(b, 0));
}

/* sqrt(a) for a > 0: one Newton step from the double square root. */
static inline dd dd_sqrt(dd a) {
    double s = __builtin_sqrt(a.hi);
    dd r = dd_sub(a, two_prod(s, s));
    return fast_two_sum(s, r.hi / (2 * s));
}

static inline double dd_pow2(int n) { /* 2^n, -1022 <= n <= 1023 */
    dd_bits b;
    b.u = (unsigned long long)(n + 1023) << 52;
    return b.d;
}

/* Called first by every transcendental function (fp_exp.c, fp_trig.c): its result is the
 * correctly rounded one, which glibc's is not always, so a path through it may hold values a glibc
 * run does not. VM_FLAG_LIBM_ROUNDING makes such a path unable to prove `true`; a violation on it
 * is still confirmed (or refuted) by the native run. */
static inline void libm_rounding_differs_from_glibc(void) {
    /* The double-double arithmetic below needs rounding to nearest, and glibc's results in the
     * other directions are its own: not modelled. */
    if (rt_round_flags())
        __vigil_fault(VM_FAULT_UNSUPPORTED, "a transcendental math.h function in a rounding direction other than to nearest is not modelled");
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_LIBM_ROUNDING, 0);
}

/* The double nearest to hi + lo (normalised pair: that is hi itself). */
static inline double dd_round(dd a) {
    return a.hi + a.lo;
}

/* The double nearest to (hi + lo) * 2^k, rounded once, also when it is subnormal or overflows.
 * Requires a normalised pair with |hi| in [2^-60, 2^60]. */
static inline double dd_round_scaled(dd a, int k) {
    if (k > 2046)
        k = 2046;
    if (k < -1600)
        k = -1600;
    if (k >= -960) /* a normal result (or an overflow): hi is already the rounded value */
        return a.hi * dd_pow2(k / 2) * dd_pow2(k - k / 2);
    /* A subnormal result. Scaled by 2^(k+600) the pair is still normal (exact); the subnormal
     * grid's spacing is then u = 2^-474, and r = RN(h) on that grid. Only when h lies exactly
     * halfway between two grid points can lo (however tiny) move the nearest point. */
    double h = a.hi * dd_pow2(k + 600);
    double l = a.lo * dd_pow2(k + 600);
    double r = h * dd_pow2(-600);
    double back = r * dd_pow2(600);
    double d = h - back, u = dd_pow2(-474);
    if (l != 0 && (d == u / 2 || d == -u / 2) && (l > 0) == (d > 0))
        r = (back + (d > 0 ? u : -u)) * dd_pow2(-600);
    return r;
}

/* The float nearest to hi + lo (one rounding: a double that is exactly halfway between two
 * floats is moved towards lo's side first). */
static inline float dd_to_float(dd a) {
    float f = (float)a.hi;
    double fd = f;
    if (fd == a.hi || a.lo == 0 || __builtin_isinf(f))
        return f;
    /* The other float around hi: the neighbour of f on hi's side. */
    typedef union {
        float f;
        unsigned u;
    } fb;
    fb g;
    g.f = f;
    if ((fd < a.hi) == (f > 0))
        g.u++;
    else
        g.u--;
    double gd = g.f;
    if (a.hi - fd == gd - a.hi || fd - a.hi == a.hi - gd) {
        /* hi is the midpoint: lo decides. */
        int towards_g = (gd > fd) == (a.lo > 0);
        return towards_g ? g.f : f;
    }
    return f;
}

/* 1 / n for n = 0 .. 28 (0 and 1 unused), for the Taylor series of fp_exp.c and fp_trig.c
 * (1 / (2k + 1) is dd_inv_n[2k + 1]). */
static const dd dd_inv_n[29] = {{1, 0}, {1, 0}, {0x1.0000000000000p-1, 0x0.0p+0}, {0x1.5555555555555p-2, 0x1.5555555555555p-56}, {0x1.0000000000000p-2, 0x0.0p+0}, {0x1.999999999999ap-3, -0x1.999999999999ap-57}, {0x1.5555555555555p-3, 0x1.5555555555555p-57}, {0x1.2492492492492p-3, 0x1.2492492492492p-57}, {0x1.0000000000000p-3, 0x0.0p+0}, {0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58}, {0x1.999999999999ap-4, -0x1.999999999999ap-58}, {0x1.745d1745d1746p-4, -0x1.745d1745d1746p-59}, {0x1.5555555555555p-4, 0x1.5555555555555p-58}, {0x1.3b13b13b13b14p-4, -0x1.3b13b13b13b14p-58}, {0x1.2492492492492p-4, 0x1.2492492492492p-58}, {0x1.1111111111111p-4, 0x1.1111111111111p-60}, {0x1.0000000000000p-4, 0x0.0p+0}, {0x1.e1e1e1e1e1e1ep-5, 0x1.e1e1e1e1e1e1ep-61}, {0x1.c71c71c71c71cp-5, 0x1.c71c71c71c71cp-59}, {0x1.af286bca1af28p-5, 0x1.af286bca1af28p-59}, {0x1.999999999999ap-5, -0x1.999999999999ap-59}, {0x1.8618618618618p-5, 0x1.8618618618618p-59}, {0x1.745d1745d1746p-5, -0x1.745d1745d1746p-60}, {0x1.642c8590b2164p-5, 0x1.642c8590b2164p-60}, {0x1.5555555555555p-5, 0x1.5555555555555p-59}, {0x1.47ae147ae147bp-5, -0x1.eb851eb851eb8p-61}, {0x1.3b13b13b13b14p-5, -0x1.3b13b13b13b14p-59}, {0x1.2f684bda12f68p-5, 0x1.2f684bda12f68p-59}, {0x1.2492492492492p-5, 0x1.2492492492492p-59}};

/* Defines the math.h function `name` of one double and its float version `name##f`. Each marks
 * the path (its last bit may differ from glibc's); then `special`, an expression in the double
 * `x` that may set the double `r`, answers the special arguments (NaN, infinities, poles, tiny
 * values: r, converted to the result type); otherwise the result is the double-double `value`
 * (an expression in `x`) rounded once to the result type. The float version computes in double
 * from its argument converted exactly. */
#define DD_UNARY(name, special, value)                                                         \
    RT_WEAK double name(double x) {                                                            \
        libm_rounding_differs_from_glibc();                                                    \
        double r;                                                                              \
        return (special) ? r : dd_round(value);                                                \
    }                                                                                          \
    RT_WEAK float name##f(float x_float) {                                                     \
        libm_rounding_differs_from_glibc();                                                    \
        double x = x_float, r;                                                                 \
        return (special) ? (float)r : dd_to_float(value);                                      \
    }

#endif
