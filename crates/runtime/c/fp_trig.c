/*
 * fp_trig.c — math.h's trigonometric functions with correctly rounded results: sin, cos, tan,
 * asin, acos, atan, atan2 and their float versions, computed in double-double arithmetic
 * (fp_dd.h) and rounded once, as fp_exp.c does for the exponentials (its comment says how close
 * to glibc's results that is; tests/native/test_math.c measures it).
 *
 * Argument reduction for sin, cos, tan is exact in the manner of Payne and Hanek ("Radian
 * reduction for trigonometric functions", SIGNUM Newsletter 18(1), 1983): x = M 2^E with M an
 * integer, and x 2/pi mod 4 is M times the 256 bits of 2/pi that matter for that E (a table of
 * 1344 bits of 2/pi, computed for this file), in integer arithmetic; bits of 2/pi before the
 * window only add multiples of 4, bits after it change the fraction by less than 2^-200. The
 * quadrant and the fraction f in [-1/2, 1/2] give r = f pi/2; near a multiple of pi/2 the
 * fraction is negated in integer arithmetic, so no cancellation loses its bits. sin r and cos r
 * are Taylor series up to r^29 / 29! (|r| <= pi/4), tan = sin / cos.
 * atan t (t <= 1) is atan c + atan((t - c) / (1 + t c)) with c = j/16 from a table; beyond 1,
 * pi/2 - atan(1/t); atan2 handles C11 F.10.1.4's special cases and divides with the quadrant;
 * asin x = atan(x / sqrt((1 - x)(1 + x))), acos from the same square root.
 * errno: EDOM for sin, cos, tan of an infinity and for asin, acos outside [-1, 1] (glibc).
 */
#include "rt.h"
#include "fp_dd.h"

static void set_errno(int e) {
    *__errno_location() = e;
}

/* 1 / n! for n = 0 .. 30 */
static const dd inv_fact[31] = {
    {0x1.0000000000000p+0, 0x0.0p+0},
    {0x1.0000000000000p+0, 0x0.0p+0},
    {0x1.0000000000000p-1, 0x0.0p+0},
    {0x1.5555555555555p-3, 0x1.5555555555555p-57},
    {0x1.5555555555555p-5, 0x1.5555555555555p-59},
    {0x1.1111111111111p-7, 0x1.1111111111111p-63},
    {0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65},
    {0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73},
    {0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},
    {0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73},
    {0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76},
    {0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80},
    {0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},
    {0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},
    {0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92},
    {0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97},
    {0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},
    {0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103},
    {0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107},
    {0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112},
    {0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120},
    {0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120},
    {0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124},
    {0x1.761b41316381ap-75, -0x1.3423c7d91404fp-130},
    {0x1.f2cf01972f578p-80, -0x1.9ada5fcc1ab14p-135},
    {0x1.3f3ccdd165fa9p-84, -0x1.58ddadf344487p-139},
    {0x1.88e85fc6a4e5ap-89, -0x1.71c37ebd16540p-143},
    {0x1.d1ab1c2dccea3p-94, 0x1.054d0c78aea14p-149},
    {0x1.0a18a2635085dp-98, 0x1.b9e2e28e1aa54p-153},
    {0x1.259f98b4358adp-103, 0x1.eaf8c39dd9bc5p-157},
    {0x1.3932c5047d60ep-108, 0x1.832b7b530a627p-162},
};
/* atan(j / 16) for j = 0 .. 16 */
static const dd atan_c[17] = {
    {0x0.0p+0, 0x0.0p+0},
    {0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60},
    {0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59},
    {0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58},
    {0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57},
    {0x1.362773707ebccp-2, -0x1.963a544b672d8p-57},
    {0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56},
    {0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56},
    {0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56},
    {0x1.0657e94db30d0p-1, -0x1.d5b495f6349e6p-56},
    {0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58},
    {0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55},
    {0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56},
    {0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57},
    {0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56},
    {0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56},
    {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55},
};
static const dd PI = {0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53};
static const dd PI_2 = {0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54};
static const dd PI_4 = {0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55};
/* The bits of 2/pi after the binary point, 64 per word, most significant first. */
static const unsigned long long two_over_pi[21] = {
    0xa2f9836e4e441529ULL, 0xfc2757d1f534ddc0ULL, 0xdb6295993c439041ULL,
    0xfe5163abdebbc561ULL, 0xb7246e3a424dd2e0ULL, 0x06492eea09d1921cULL,
    0xfe1deb1cb129a73eULL, 0xe88235f52ebb4484ULL, 0xe99c7026b45f7e41ULL,
    0x3991d639835339f4ULL, 0x9c845f8bbdf9283bULL, 0x1ff897ffde05980fULL,
    0xef2f118b5a0a6d1fULL, 0x6d367ecf27cb09b7ULL, 0x4f463f669e5fea2dULL,
    0x7527bac7ebe5f17bULL, 0x3d0739f78a5292eaULL, 0x6bfb5fb11f8d5d08ULL,
    0x56033046fc7b6babULL, 0xf0cfbc209af4361dULL, 0xa9e391615ee61b08ULL,
};

/* 64 bits of 2/pi from bit `start` on (bit 1 is the first after the binary point). */
static unsigned long long two_over_pi_bits(int start) {
    int o = start - 1, w = o / 64, sh = o % 64;
    unsigned long long v = two_over_pi[w] << sh;
    if (sh)
        v |= two_over_pi[w + 1] >> (64 - sh);
    return v;
}

/* Bits pos .. pos + 63 of the little-endian number p[0..5]. */
static unsigned long long bits_at(const unsigned long long *p, int pos) {
    int w = pos / 64, sh = pos % 64;
    unsigned long long v = p[w] >> sh;
    if (sh)
        v |= p[w + 1] << (64 - sh);
    return v;
}

/* |x| = q pi/2 + r with |r| <= pi/4 (x finite, |x| > pi/4); returns q mod 4 and sets *r. */
static int reduce(double x, dd *r) {
    dd_bits b;
    b.d = __builtin_fabs(x);
    int e = (int)(b.u >> 52) - 1075; /* x = m 2^e, m a 53-bit integer (x is normal here) */
    unsigned long long m = (b.u & ((1ULL << 52) - 1)) | (1ULL << 52);
    int i0 = e - 1 > 1 ? e - 1 : 1;
    unsigned long long w[4];
    for (int j = 0; j < 4; j++)
        w[j] = two_over_pi_bits(i0 + 64 * j);
    /* p = m * W, W = w[0] w[1] w[2] w[3] (most significant first), schoolbook on 32-bit limbs
     * (little-endian) so that it needs no 128-bit type (the runtime is also built for i386). */
    unsigned wl[8], ml[2] = {(unsigned)m, (unsigned)(m >> 32)}, r32[10] = {0};
    for (int j = 0; j < 4; j++) {
        wl[2 * (3 - j)] = (unsigned)w[j];
        wl[2 * (3 - j) + 1] = (unsigned)(w[j] >> 32);
    }
    for (int i = 0; i < 2; i++) {
        unsigned long long carry = 0;
        for (int j = 0; j < 8; j++) {
            unsigned long long t = (unsigned long long)ml[i] * wl[j] + r32[i + j] + carry;
            r32[i + j] = (unsigned)t;
            carry = t >> 32;
        }
        r32[i + 8] = (unsigned)carry;
    }
    unsigned long long p[6] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < 5; k++)
        p[k] = r32[2 * k] | (unsigned long long)r32[2 * k + 1] << 32;
    int s = i0 + 255 - e; /* x 2/pi = p / 2^s (mod 4) */
    int q = (int)(bits_at(p, s) & 3);
    unsigned long long c[3] = {bits_at(p, s - 64), bits_at(p, s - 128), bits_at(p, s - 192)};
    int negate = (int)(c[0] >> 63); /* fraction >= 1/2: use fraction - 1 */
    if (negate) {
        q++;
        for (int k = 0; k < 3; k++)
            c[k] = ~c[k];
    }
    dd f = dd_make(0, 0);
    double scale = 0x1p-32;
    for (int k = 0; k < 3; k++) {
        f = dd_add_d(f, (double)(c[k] >> 32) * scale);
        f = dd_add_d(f, (double)(c[k] & 0xffffffffULL) * (scale * 0x1p-32));
        scale *= 0x1p-64;
    }
    if (negate)
        f = dd_neg(f);
    *r = dd_mul(f, PI_2);
    return q & 3;
}

/* sin r and cos r for |r| <= pi/4 (Taylor series in r^2, Horner, double-double). */
static dd sin_dd(dd r) {
    dd r2 = dd_mul(r, r);
    dd p = inv_fact[29];
    for (int n = 27; n >= 1; n -= 2)
        p = dd_add(dd_mul(p, dd_neg(r2)), inv_fact[n]);
    return dd_mul(p, r);
}

static dd cos_dd(dd r) {
    dd r2 = dd_mul(r, r);
    dd p = inv_fact[28];
    for (int n = 26; n >= 0; n -= 2)
        p = dd_add(dd_mul(p, dd_neg(r2)), inv_fact[n]);
    return p;
}

/* sin, cos or tan (which = 0, 1, 2) of a finite x with |x| >= 2^-27, as a double-double. */
static dd trig(double x, int which) {
    dd r;
    int q = 0;
    if (__builtin_fabs(x) <= 0x1.921fb54442d18p-1)
        r = dd_make(__builtin_fabs(x), 0);
    else
        q = reduce(x, &r);
    dd v;
    if (which == 2) {
        dd sn = sin_dd(r), cs = cos_dd(r);
        v = q & 1 ? dd_neg(dd_div(cs, sn)) : dd_div(sn, cs);
        return x < 0 ? dd_neg(v) : v;
    }
    if (which == 1) {
        v = q == 0 ? cos_dd(r) : q == 1 ? dd_neg(sin_dd(r)) : q == 2 ? dd_neg(cos_dd(r)) : sin_dd(r);
        return v; /* cos is even */
    }
    v = q == 0 ? sin_dd(r) : q == 1 ? cos_dd(r) : q == 2 ? dd_neg(sin_dd(r)) : dd_neg(cos_dd(r));
    return x < 0 ? dd_neg(v) : v;
}

/* Special and tiny arguments; returns 1 with *out set for them. */
static int trig_special(double x, int which, double *out) {
    if (x != x) {
        *out = x + x;
        return 1;
    }
    if (__builtin_isinf(x)) {
        set_errno(RT_EDOM);
        *out = x - x;
        return 1;
    }
    if (__builtin_fabs(x) < 0x1p-27) { /* sin x, tan x: x; cos x: 1 (within half an ulp) */
        *out = which == 1 ? 1.0 : x;
        return 1;
    }
    return 0;
}

DD_UNARY(sin, trig_special(x, 0, &r), trig(x, 0))
DD_UNARY(cos, trig_special(x, 1, &r), trig(x, 1))
DD_UNARY(tan, trig_special(x, 2, &r), trig(x, 2))

/* ---- atan, atan2, asin, acos ---- */

/* atan t for 0 <= t <= 1. */
static dd atan_small(dd t) {
    int j = (int)(t.hi * 16 + 0.5);
    if (j < 0 || j > 16) /* only for arguments outside [0, 1], which callers never pass */
        j = 0;
    double c = j / 16.0;
    /* u = (t - c) / (1 + t c), |u| <= 1/32 */
    dd u = dd_div(dd_add_d(t, -c), dd_add_d(dd_mul_d(t, c), 1.0));
    dd u2 = dd_mul(u, u);
    dd p = dd_inv_n[25];
    for (int k = 11; k >= 0; k--)
        p = dd_add(dd_mul(p, dd_neg(u2)), dd_inv_n[2 * k + 1]);
    return dd_add(atan_c[j], dd_mul(p, u));
}

/* atan(n / d) for n, d > 0 given as double-doubles of moderate size. */
static dd atan_ratio(dd n, dd d) {
    if (n.hi <= d.hi)
        return atan_small(dd_div(n, d));
    return dd_sub(PI_2, atan_small(dd_div(d, n)));
}

/* n and d scaled by the same power of two so that the larger is in [1, 2) (exact, unless the
 * smaller one then falls below 2^-1022, where its ratio to the larger is far below anything
 * that changes a rounded result; it is then flushed to the smallest normal). */
static void scale_pair(double *n, double *d) {
    dd_bits b;
    b.d = *n > *d ? *n : *d;
    int e = (int)((b.u >> 52) & 0x7ff) - 1023;
    if (e == -1023) { /* subnormal */
        *n *= 0x1p60;
        *d *= 0x1p60;
        b.d = *n > *d ? *n : *d;
        e = (int)((b.u >> 52) & 0x7ff) - 1023;
    }
    double f = dd_pow2(-e / 2), g = dd_pow2(-e + e / 2);
    *n = *n * f * g;
    *d = *d * f * g;
    if (*n < 0x1p-1000)
        *n = 0x1p-1000;
    if (*d < 0x1p-1000)
        *d = 0x1p-1000;
}

/* atan x, odd: rounding is symmetric, so its sign can be applied before rounding. */
static dd atan_signed(double x) {
    double a = __builtin_fabs(x);
    dd v = a > 0x1p60 ? PI_2 : a <= 1 ? atan_small(dd_make(a, 0)) : atan_ratio(dd_make(a, 0), dd_make(1, 0));
    return x < 0 ? dd_neg(v) : v;
}

/* NaN, and |x| < 2^-27, where atan x rounds to x in double (so in float too: the difference,
 * below |x|^3 / 3, is far below half an ulp of x in either format). */
static int atan_special(double x, double *out) {
    if (x != x || __builtin_fabs(x) < 0x1p-27) {
        *out = x != x ? x + x : x;
        return 1;
    }
    return 0;
}

DD_UNARY(atan, atan_special(x, &r), atan_signed(x))

/* atan2's value as a double-double with its sign, for finite nonzero y and x; *tiny is set
 * (and the result is then y / x itself) when |y / x| is below 2^-60 and x > 0. */
static dd atan2_dd(double y, double x, int *tiny) {
    double n = __builtin_fabs(y), d = __builtin_fabs(x);
    *tiny = 0;
    scale_pair(&n, &d);
    if (x > 0 && n < d * 0x1p-60) {
        *tiny = 1;
        return dd_make(0, 0);
    }
    dd a = atan_ratio(dd_make(n, 0), dd_make(d, 0));
    if (x < 0)
        a = dd_sub(PI, a);
    return y < 0 ? dd_neg(a) : a;
}

/* C11 F.10.1.4: returns 1 with *out set for zeros, infinities and NaNs. */
static int atan2_special(double y, double x, double *out) {
    if (x != x || y != y) {
        *out = x + y;
        return 1;
    }
    double pi = dd_round(PI), pi_2 = dd_round(PI_2), pi_4 = dd_round(PI_4);
    int xneg = __builtin_signbit(x) != 0;
    double v;
    if (y == 0)
        v = xneg ? pi : 0;
    else if (__builtin_isinf(y))
        v = __builtin_isinf(x) ? (xneg ? dd_round(dd_mul_d(PI_4, 3)) : pi_4) : pi_2;
    else if (x == 0)
        v = pi_2;
    else if (__builtin_isinf(x))
        v = xneg ? pi : 0;
    else
        return 0;
    *out = __builtin_signbit(y) ? -v : v;
    return 1;
}

/* atan2 for the type T, whose results `round` rounds; `tiny_quotient` is y / x in T (an
 * expression in the doubles y and x), the result when it is below 2^-60 (glibc: ERANGE only when
 * it underflows to zero). */
#define ATAN2(name, T, round, tiny_quotient)                                                   \
    RT_WEAK T name(T y_arg, T x_arg) {                                                         \
        libm_rounding_differs_from_glibc();                                                    \
        double y = y_arg, x = x_arg, r;                                                        \
        if (atan2_special(y, x, &r))                                                           \
            return (T)r;                                                                       \
        int tiny;                                                                              \
        dd a = atan2_dd(y, x, &tiny);                                                          \
        if (tiny) {                                                                            \
            T q = (tiny_quotient);                                                             \
            if (q == 0)                                                                        \
                set_errno(RT_ERANGE);                                                          \
            return q;                                                                          \
        }                                                                                      \
        return round(a);                                                                       \
    }

ATAN2(atan2, double, dd_round, y / x)
ATAN2(atan2f, float, dd_to_float, dd_to_float(dd_div(dd_make(y, 0), dd_make(x, 0))))

/* asin |x| (0 < |x| < 1) or acos x (-1 < x < 1) from s = sqrt((1 - x)(1 + x)). */
static dd inverse_sine(double x, int cosine) {
    double a = __builtin_fabs(x);
    dd one_minus = two_sum(1.0, -a), one_plus = two_sum(1.0, a);
    dd s = dd_sqrt(dd_mul(one_minus, one_plus));
    if (!cosine)
        return atan_ratio(dd_make(a, 0), s);
    dd t = atan_ratio(s, dd_make(a, 0)); /* acos |x| */
    return x < 0 ? dd_sub(PI, t) : t;
}

static int inverse_special(double x, int cosine, double *out) {
    double a = __builtin_fabs(x);
    if (x != x) {
        *out = x + x;
        return 1;
    }
    if (a > 1) {
        set_errno(RT_EDOM);
        *out = __builtin_nan("");
        return 1;
    }
    if (a == 1) {
        *out = cosine ? (x > 0 ? 0.0 : dd_round(PI)) : (x > 0 ? dd_round(PI_2) : -dd_round(PI_2));
        return 1;
    }
    if (a < 0x1p-57) { /* asin x: x; acos x: pi/2 */
        *out = cosine ? dd_round(PI_2) : x;
        return 1;
    }
    return 0;
}

/* asin x, odd (see atan_signed). */
static dd asin_signed(double x) {
    dd v = inverse_sine(x, 0);
    return x < 0 ? dd_neg(v) : v;
}

DD_UNARY(asin, inverse_special(x, 0, &r), asin_signed(x))
DD_UNARY(acos, inverse_special(x, 1, &r), inverse_sine(x, 1))
