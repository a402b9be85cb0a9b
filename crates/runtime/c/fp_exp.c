/*
 * fp_exp.c — math.h's exponential and logarithmic functions with correctly rounded results:
 * exp, exp2, expm1, log, log2, log10, log1p, pow, sinh, cosh, tanh, hypot, cbrt and their float
 * versions. Each is computed in double-double arithmetic (fp_dd.h, ~2^-100 relative error) and
 * rounded once to the result format, so it is the correctly rounded result except when the
 * exact value lies within that error of a rounding boundary (a probability of about 2^-47 per
 * random double argument; exact cases such as exp(0), log(1), log2(2^k), pow(2, 10) are exact).
 *
 * glibc's own implementations are not correctly rounded in every case (their documented error
 * bounds are below 1 ulp, and measured errors of the double functions just above 0.5 ulp), so
 * a result can differ from glibc's by one ulp. How often, measured natively on random arguments
 * against glibc 2.36 by tests/native/test_math.c, is in the README ("Floating point") — a
 * program whose verdict depends on such a last bit gets glibc's behaviour only as often.
 *
 * Methods (from the mathematics, no library's code): exp reduces x = k ln 2 + r (Cody and
 * Waite's splitting of ln 2 into three parts, the first short enough that k * part is exact),
 * then r / 2^8, evaluates the Taylor series of e^s - 1 and squares back with E <- E (2 + E),
 * which keeps expm1's relative accuracy. log writes x = 2^e m, m in [1/sqrt 2, sqrt 2), divides
 * m by the nearest c = j / 64 (a table of log c in double-double) and sums the series of
 * 2 atanh((z - 1) / (z + 1)). pow is exp(y log |x|) in double-double with C11 Annex F's special
 * cases; sinh, cosh, tanh come from expm1 and exp; hypot is a double-double square root of the
 * scaled sum of squares; cbrt is Newton's iteration, the last step in double-double.
 * errno: EDOM for a domain error (log of a negative number, pow of a negative number to a
 * non-integer power), ERANGE for a pole (log(0), pow(0, negative)) and when a finite argument
 * gives an infinite or zero result (overflow, underflow), as glibc does.
 */
#include "rt.h"
#include "fp_dd.h"

static void set_errno(int e) {
    *__errno_location() = e;
}

/* ln 2 in three parts (Cody and Waite): 40 + 53 + 53 bits; k * LN2_A is exact for |k| < 2^13. */
static const double LN2_A = 0x1.62e42fefa4000p-1;
static const double LN2_B = -0x1.8432a1b0e2634p-43;
static const double LN2_C = 0x1.f97b57a079a19p-103;
static const dd LN2 = {0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56};
static const dd LOG2_E = {0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56};
static const dd LN10 = {0x1.26bb1bbb55516p+1, -0x1.f48ad494ea3e9p-53};

/* log(j / 64) for j = 45 .. 91 */
static const dd log_c[47] = {
    {-0x1.68ac83e9c6a14p-2, -0x1.a64eadd740178p-58},
    {-0x1.522ae0738a3d8p-2, 0x1.8f7e9b38a6979p-57},
    {-0x1.3c25277333184p-2, 0x1.2ad27e50a8ec6p-56},
    {-0x1.269621134db92p-2, -0x1.e0efadd9db02bp-56},
    {-0x1.1178e8227e47cp-2, 0x1.0e63a5f01c691p-57},
    {-0x1.f991c6cb3b379p-3, -0x1.f665066f980a2p-57},
    {-0x1.d1037f2655e7bp-3, -0x1.60629242471a2p-57},
    {-0x1.a93ed3c8ad9e3p-3, -0x1.bcafa9de97203p-57},
    {-0x1.823c16551a3c2p-3, 0x1.1232ce70be781p-57},
    {-0x1.5bf406b543db2p-3, 0x1.1f5b44c0df7e7p-61},
    {-0x1.365fcb0159016p-3, -0x1.7d411a5b944adp-58},
    {-0x1.1178e8227e47cp-3, 0x1.0e63a5f01c691p-58},
    {-0x1.da727638446a2p-4, -0x1.401fa71733019p-58},
    {-0x1.9335e5d594989p-4, 0x1.478a85704ccb7p-58},
    {-0x1.4d3115d207eacp-4, -0x1.769f42c7842ccp-58},
    {-0x1.08598b59e3a07p-4, 0x1.dd7009902bf32p-58},
    {-0x1.894aa149fb343p-5, -0x1.a8be97660a23dp-60},
    {-0x1.0415d89e74444p-5, -0x1.c05cf1d753622p-59},
    {-0x1.0205658935847p-6, -0x1.27c8e8416e71fp-60},
    {0x0.0p+0, 0x0.0p+0},
    {0x1.fc0a8b0fc03e4p-7, -0x1.83092c59642a1p-62},
    {0x1.f829b0e783300p-6, 0x1.33e3f04f1ef23p-60},
    {0x1.77458f632dcfcp-5, 0x1.18d3ca87b9296p-59},
    {0x1.f0a30c01162a6p-5, 0x1.85f325c5bbacdp-59},
    {0x1.341d7961bd1d1p-4, -0x1.b599f227becbbp-58},
    {0x1.6f0d28ae56b4cp-4, -0x1.906d99184b992p-58},
    {0x1.a926d3a4ad563p-4, 0x1.942f48aa70ea9p-58},
    {0x1.e27076e2af2e6p-4, -0x1.61578001e0162p-60},
    {0x1.0d77e7cd08e59p-3, 0x1.9a5dc5e9030acp-57},
    {0x1.29552f81ff523p-3, 0x1.301771c407dbfp-57},
    {0x1.44d2b6ccb7d1ep-3, 0x1.9f4f6543e1f88p-57},
    {0x1.5ff3070a793d4p-3, -0x1.bc60efafc6f6ep-58},
    {0x1.7ab890210d909p-3, 0x1.be36b2d6a0608p-59},
    {0x1.9525a9cf456b4p-3, 0x1.d904c1d4e2e26p-57},
    {0x1.af3c94e80bff3p-3, -0x1.398cff3641985p-58},
    {0x1.c8ff7c79a9a22p-3, -0x1.4f689f8434012p-57},
    {0x1.e27076e2af2e6p-3, -0x1.61578001e0162p-59},
    {0x1.fb9186d5e3e2bp-3, -0x1.caaae64f21acbp-57},
    {0x1.0a324e27390e3p-2, 0x1.7dcfde8061c03p-56},
    {0x1.1675cababa60ep-2, 0x1.ce63eab883717p-61},
    {0x1.22941fbcf7966p-2, -0x1.76f5eb09628afp-56},
    {0x1.2e8e2bae11d31p-2, -0x1.8f4cdb95ebdf9p-56},
    {0x1.3a64c556945eap-2, -0x1.c68651945f97cp-57},
    {0x1.4618bc21c5ec2p-2, 0x1.f42decdeccf1dp-56},
    {0x1.51aad872df82dp-2, 0x1.3927ac19f55e3p-59},
    {0x1.5d1bdbf5809cap-2, 0x1.4236383dc7fe1p-56},
    {0x1.686c81e9b14afp-2, -0x1.ddea0f7f58e3dp-57},
};

/* A positive value m * 2^k with m a double-double near 1. */
typedef struct {
    dd m;
    int k;
} scaled;

/* e^r - 1 for |r| <= 0.75, with ~2^-102 relative error. */
static dd expm1_small(dd r) {
    dd s = dd_make(r.hi * 0x1p-8, r.lo * 0x1p-8);
    /* e^s - 1 = s (1 + s/2 (1 + s/3 (1 + ...))), up to s^12 / 12! (|s| < 2^-8.4). */
    dd e = dd_make(1, 0);
    for (int n = 12; n >= 2; n--)
        e = dd_add_d(dd_mul(dd_mul(e, s), dd_inv_n[n]), 1.0);
    e = dd_mul(e, s);
    for (int i = 0; i < 8; i++)
        e = dd_mul(e, dd_add_d(e, 2.0));
    return e;
}

/* e^x for a double-double x with |x.hi| < 1100, as m 2^k (m in [0.7, 1.42]); *em1 receives
 * m - 1 (relative precision kept), when not NULL. */
static scaled exp_scaled(dd x, dd *em1) {
    double kd = __builtin_rint(x.hi * 0x1.71547652b82fep+0);
    int k = (int)kd;
    dd r = two_sum(x.hi - kd * LN2_A, x.lo); /* the difference is exact (Sterbenz) */
    r = dd_sub(r, two_prod(kd, LN2_B));
    r = dd_add_d(r, -kd * LN2_C);
    dd e = expm1_small(r);
    if (em1)
        *em1 = e;
    scaled s = {dd_add_d(e, 1.0), k};
    return s;
}

/* m 2^k as a double-double (exact: used only where the result stays in the normal range). */
static dd unscale(scaled s) {
    double f = s.k >= -1000 ? dd_pow2(s.k / 2) : 0;
    double g = dd_pow2(s.k - s.k / 2);
    return dd_make(s.m.hi * f * g, s.m.lo * f * g);
}

static float scaled_to_float(scaled s) {
    if (s.k > 200)
        return (float)0x1p200 * (float)0x1p200;
    if (s.k < -200)
        return 0;
    return dd_to_float(unscale(s));
}

/* Is m 2^k below 2^min (the smallest subnormal float)? glibc's float functions report ERANGE
 * for such results, also when they round up to that smallest subnormal. */
static double range_d(double r);

static int below(scaled s, int min) {
    return s.k < min || (s.k == min && s.m.hi < 1);
}

/* m 2^k rounded to double / float, with ERANGE on overflow and on underflow (to zero; for
 * float, below the smallest subnormal). */
static double finish_d(scaled s) {
    return range_d(dd_round_scaled(s.m, s.k)); /* glibc's double functions: only 0 and inf */
}

static float finish_f(scaled s) {
    float r = scaled_to_float(s);
    if (__builtin_isinf(r) || below(s, -149))
        set_errno(RT_ERANGE);
    return r;
}

/* ERANGE when a finite argument gave an infinite or zero result. */
static double range_d(double r) {
    if (r == 0 || __builtin_isinf(r))
        set_errno(RT_ERANGE);
    return r;
}

static float range_f(float r) {
    if (r == 0 || __builtin_isinf(r))
        set_errno(RT_ERANGE);
    return r;
}

/* ---- exp, exp2, expm1 ---- */

/* e^x, or NULL-like special: returns 1 and sets *out when x is special or out of range. */
static int exp_special(double x, double over, double under, double *out) {
    if (x != x) {
        *out = x + x;
        return 1;
    }
    if (x > over) {
        *out = __builtin_isinf(x) ? x : range_d(0x1p1023 * 2.0);
        return 1;
    }
    if (x < under) {
        *out = __builtin_isinf(x) ? 0 : range_d(0x1p-1074 * 0.25);
        return 1;
    }
    return 0;
}

RT_WEAK double exp(double x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (exp_special(x, 710, -746, &r))
        return r;
    return finish_d(exp_scaled(dd_make(x, 0), NULL));
}

RT_WEAK float expf(float x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (exp_special(x, 100, -120, &r))
        return (float)r;
    return finish_f(exp_scaled(dd_make(x, 0), NULL));
}

/* 2^x = 2^n e^((x - n) ln 2), n the nearest integer (x - n is exact). */
static scaled exp2_scaled(double x) {
    double n = __builtin_rint(x);
    scaled s = exp_scaled(dd_mul_d(LN2, x - n), NULL);
    s.k += (int)n;
    return s;
}

RT_WEAK double exp2(double x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (exp_special(x, 1025, -1076, &r))
        return r;
    return finish_d(exp2_scaled(x));
}

RT_WEAK float exp2f(float x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (exp_special(x, 130, -152, &r))
        return (float)r;
    return finish_f(exp2_scaled(x));
}

/* e^x - 1 as a double-double, for -40 <= x <= 700. */
static dd expm1_dd(double x) {
    if (x > -0.75 && x < 0.75)
        return expm1_small(dd_make(x, 0));
    scaled s = exp_scaled(dd_make(x, 0), NULL);
    return dd_add_d(unscale(s), -1.0);
}

RT_WEAK double expm1(double x) {
    libm_rounding_differs_from_glibc();
    if (x != x)
        return x + x;
    if (x > 709) {
        if (__builtin_isinf(x))
            return x;
        return x > 710 ? range_d(0x1p1023 * 2.0) : finish_d(exp_scaled(dd_make(x, 0), NULL));
    }
    if (x < -40)
        return -1.0 + 0x1p-60; /* rounds to -1 */
    if (x > -0x1p-54 && x < 0x1p-54)
        return x; /* expm1 x - x < ulp(x) / 2 (also 0 and subnormal x) */
    return dd_round(expm1_dd(x));
}

RT_WEAK float expm1f(float x) {
    libm_rounding_differs_from_glibc();
    if (x != x)
        return x + x;
    if (x > 89)
        return __builtin_isinf(x) ? x : range_f(0x1p127f * 2.0f);
    if (x < -40)
        return -1.0f;
    if (x > -0x1p-30f && x < 0x1p-30f)
        return x;
    return range_f(dd_to_float(expm1_dd(x)));
}

/* ---- log, log2, log10, log1p ---- */

/* 2 atanh(s) = 2 (s + s^3/3 + ... + s^17/17) for the small s of log_dd (|s| < 2^-7.4) and
 * log1p_dd (|s| < 2^-5.9): the first term left out, s^19/19, is below 2^-106 |s|. */
static dd two_atanh(dd s) {
    dd s2 = dd_mul(s, s);
    dd p = dd_inv_n[17];
    for (int k = 7; k >= 0; k--)
        p = dd_add(dd_mul(p, s2), dd_inv_n[2 * k + 1]);
    return dd_mul_d(dd_mul(s, p), 2.0);
}

/* log x for a double-double x > 0 whose hi is normal. */
static dd log_dd(dd x) {
    dd_bits b;
    b.d = x.hi;
    int e = (int)((b.u >> 52) & 0x7ff) - 1023;
    b.u = (b.u & ~(0x7ffULL << 52)) | (1023ULL << 52); /* x.hi's mantissa in [1, 2) */
    if (b.d > 0x1.6a09e667f3bcdp+0) { /* above sqrt 2 */
        b.d *= 0.5;
        e++;
    }
    double scale = b.d / x.hi; /* 2^-e, exact */
    dd m = dd_make(b.d, x.lo * scale);
    int j = (int)(m.hi * 64 + 0.5);
    double c = j / 64.0;
    /* log m = log c + 2 atanh(s), s = (m - c) / (m + c), |s| < 2^-7.4 */
    dd s = dd_div(dd_add_d(m, -c), dd_add_d(m, c));
    dd l = dd_add(two_atanh(s), log_c[j - 45]);
    return dd_add(dd_mul_d(LN2, e), l);
}

/* Special arguments of the logarithms; returns 1 with *out set for them. */
static int log_special(double x, double *out) {
    if (x != x || x == __builtin_inf()) {
        *out = x + x;
        return 1;
    }
    if (x == 0) {
        set_errno(RT_ERANGE);
        *out = -__builtin_inf();
        return 1;
    }
    if (x < 0) {
        set_errno(RT_EDOM);
        *out = __builtin_nan("");
        return 1;
    }
    return 0;
}

/* x as a double-double whose hi is normal (a subnormal x is scaled by 2^60, *e_adj = -60). */
static dd normal_dd(double x, int *e_adj) {
    *e_adj = 0;
    if (x < 0x1p-1022) {
        *e_adj = -60;
        return dd_make(x * 0x1p60, 0);
    }
    return dd_make(x, 0);
}

static dd log_of(double x) {
    int adj;
    dd l = log_dd(normal_dd(x, &adj));
    return adj ? dd_add(l, dd_mul_d(LN2, adj)) : l;
}

DD_UNARY(log, log_special(x, &r), log_of(x))
DD_UNARY(log2, log_special(x, &r), dd_mul(log_of(x), LOG2_E))
DD_UNARY(log10, log_special(x, &r), dd_div(log_of(x), LN10))

/* log(1 + x) for x > -1: near 0 from the atanh series of x / (2 + x) (relative precision);
 * elsewhere the logarithm of the double-double 1 + x. */
static dd log1p_dd(double x) {
    if (x > -0x1p-5 && x < 0x1p-5) {
        return two_atanh(dd_div(dd_make(x, 0), two_sum(2.0, x)));
    }
    if (x > 0x1p100)
        return log_of(x);
    return log_dd(two_sum(1.0, x));
}

static int log1p_special(double x, double *out) {
    if (x != x || x == __builtin_inf()) {
        *out = x + x;
        return 1;
    }
    if (x == -1) {
        set_errno(RT_ERANGE);
        *out = -__builtin_inf();
        return 1;
    }
    if (x < -1) {
        set_errno(RT_EDOM);
        *out = __builtin_nan("");
        return 1;
    }
    if (x == 0) {
        *out = x;
        return 1;
    }
    return 0;
}

RT_WEAK double log1p(double x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (log1p_special(x, &r))
        return r;
    if (x > -0x1p-60 && x < 0x1p-60) /* log1p x = x - x^2/2 + ...: x or its neighbour towards 0 */
        return dd_round(dd_add_d(two_prod(x, -0.5 * x), x));
    return dd_round(log1p_dd(x));
}

RT_WEAK float log1pf(float x) {
    libm_rounding_differs_from_glibc();
    double r;
    if (log1p_special(x, &r))
        return (float)r;
    return dd_to_float(log1p_dd(x));
}

/* ---- pow ---- */

/* Is y an integer, and is it odd? (|y| >= 2^53 is an even integer.) */
static int is_integer(double y) {
    return __builtin_floor(y) == y;
}

static int is_odd_integer(double y) {
    return is_integer(y) && __builtin_fabs(y) < 0x1p53 && __builtin_fmod(y, 2.0) != 0;
}

/* C11 F.10.4.4's special cases; returns 1 with *out set for them (and errno as glibc). */
static int pow_special(double x, double y, double *out) {
    if (y == 0 || x == 1) {
        *out = 1.0;
        return 1;
    }
    if (x != x || y != y) {
        *out = x + y;
        return 1;
    }
    int odd = is_odd_integer(y);
    if (x == 0) {
        if (y < 0) {
            if (!__builtin_isinf(y))
                set_errno(RT_ERANGE); /* a pole; 0^-inf is +inf without error */
            *out = odd ? 1 / x : __builtin_inf();
        } else {
            *out = odd ? x : 0.0;
        }
        return 1;
    }
    if (__builtin_isinf(y)) {
        double ax = __builtin_fabs(x);
        *out = ax == 1 ? 1.0 : (ax < 1) == (y < 0) ? __builtin_inf() : 0.0;
        return 1;
    }
    if (__builtin_isinf(x)) {
        double mag = (x > 0) == (y > 0) ? __builtin_inf() : 0.0;
        if (x < 0)
            mag = y > 0 ? (odd ? -__builtin_inf() : __builtin_inf()) : (odd ? -0.0 : 0.0);
        *out = mag;
        return 1;
    }
    if (x < 0 && !is_integer(y)) {
        set_errno(RT_EDOM);
        *out = __builtin_nan("");
        return 1;
    }
    return 0;
}

/* |x|^y = e^(y log |x|) as m 2^k; *huge = +1 (overflow) or -1 (underflow) when far out. */
static scaled pow_scaled(double x, double y, int *huge) {
    dd l = log_of(__builtin_fabs(x));
    double estimate = l.hi * y; /* may be infinite: then the product below is NaN */
    scaled s = {dd_make(1, 0), 0};
    *huge = estimate > 1100 ? 1 : estimate < -1100 ? -1 : 0;
    if (*huge)
        return s;
    dd t = dd_mul_d(l, y);
    if (!*huge)
        s = exp_scaled(t, NULL);
    return s;
}

RT_WEAK double pow(double x, double y) {
    libm_rounding_differs_from_glibc();
    double r;
    if (pow_special(x, y, &r))
        return r;
    int huge;
    scaled s = pow_scaled(x, y, &huge);
    r = huge > 0 ? range_d(0x1p1023 * 2.0) : huge < 0 ? range_d(0x1p-1074 * 0.25) : finish_d(s);
    return x < 0 && is_odd_integer(y) ? -r : r;
}

RT_WEAK float powf(float x, float y) {
    libm_rounding_differs_from_glibc();
    double r;
    if (pow_special(x, y, &r))
        return (float)r;
    int huge;
    scaled s = pow_scaled(x, y, &huge);
    float f = huge > 0 ? range_f((float)0x1p127 * 2.0f) : huge < 0 ? range_f(0.0f) : finish_f(s);
    return x < 0 && is_odd_integer(y) ? -f : f;
}

/* ---- sinh, cosh, tanh ---- */

/* sinh |x| (for |x| <= 40) from E = e^|x| - 1: (E + E / (E + 1)) / 2. */
static dd sinh_dd(double a) {
    dd e = expm1_dd(a);
    dd v = dd_add(e, dd_div(e, dd_add_d(e, 1.0)));
    return dd_make(v.hi * 0.5, v.lo * 0.5);
}

/* e^a / 2 as m 2^k (for large a, where sinh and cosh are that within 2^-115). */
static scaled half_exp(double a) {
    scaled s = exp_scaled(dd_make(a, 0), NULL);
    s.k--;
    return s;
}

RT_WEAK double sinh(double x) {
    libm_rounding_differs_from_glibc();
    double a = __builtin_fabs(x);
    if (x != x || __builtin_isinf(x) || a < 0x1p-28)
        return x; /* also for tiny x: sinh x - x < ulp/2 */
    double r;
    if (a > 40) {
        r = a > 711 ? range_d(0x1p1023 * 2.0) : finish_d(half_exp(a));
    } else {
        r = dd_round(sinh_dd(a));
    }
    return x < 0 ? -r : r;
}

RT_WEAK float sinhf(float x) {
    libm_rounding_differs_from_glibc();
    float a = __builtin_fabsf(x);
    if (x != x || __builtin_isinf(x) || a < 0x1p-14f)
        return x;
    float r;
    if (a > 40) {
        r = a > 100 ? (float)0x1p127 * 2.0f : scaled_to_float(half_exp(a));
        r = range_f(r);
    } else {
        r = dd_to_float(sinh_dd(a));
    }
    return x < 0 ? -r : r;
}

/* cosh a = (e^a + e^-a) / 2 for a <= 40. */
static dd cosh_dd(double a) {
    dd e = unscale(exp_scaled(dd_make(a, 0), NULL));
    dd v = dd_add(e, dd_div(dd_make(1, 0), e));
    return dd_make(v.hi * 0.5, v.lo * 0.5);
}

RT_WEAK double cosh(double x) {
    libm_rounding_differs_from_glibc();
    double a = __builtin_fabs(x);
    if (x != x)
        return x + x;
    if (__builtin_isinf(x))
        return a;
    if (a < 0x1p-27)
        return 1.0; /* cosh x - 1 < 2^-55 */
    if (a > 40)
        return a > 711 ? range_d(0x1p1023 * 2.0) : finish_d(half_exp(a));
    return dd_round(cosh_dd(a));
}

RT_WEAK float coshf(float x) {
    libm_rounding_differs_from_glibc();
    float a = __builtin_fabsf(x);
    if (x != x)
        return x + x;
    if (__builtin_isinf(x))
        return a;
    if (a > 40)
        return range_f(a > 100 ? (float)0x1p127 * 2.0f : scaled_to_float(half_exp(a)));
    return dd_to_float(cosh_dd(a));
}

/* tanh a = E / (E + 2), E = e^(2a) - 1, for a <= 22. */
static dd tanh_dd(double a) {
    dd e = expm1_dd(2 * a);
    return dd_div(e, dd_add_d(e, 2.0));
}

RT_WEAK double tanh(double x) {
    libm_rounding_differs_from_glibc();
    double a = __builtin_fabs(x);
    if (x != x)
        return x + x;
    if (a < 0x1p-28)
        return x; /* tanh x - x < ulp/2 */
    double r = a > 22 ? 1.0 : dd_round(tanh_dd(a));
    return x < 0 ? -r : r;
}

RT_WEAK float tanhf(float x) {
    libm_rounding_differs_from_glibc();
    float a = __builtin_fabsf(x);
    if (x != x)
        return x + x;
    if (a < 0x1p-14f)
        return x;
    float r = a > 10 ? 1.0f : dd_to_float(tanh_dd(a));
    return x < 0 ? -r : r;
}

/* ---- hypot, cbrt ---- */

/* sqrt(a^2 + b^2) for a >= b > 0 as m 2^k: both scaled by the power of two of a. */
static scaled hypot_scaled(double a, double b) {
    dd_bits bits;
    bits.d = a;
    int e = (int)((bits.u >> 52) & 0x7ff) - 1023;
    if (e < -1000) /* a subnormal: scale up first */
        e = -1000;
    double sa = a * dd_pow2(-e / 2) * dd_pow2(-e + e / 2);
    double sb = b * dd_pow2(-e / 2) * dd_pow2(-e + e / 2);
    dd sum = dd_add(two_prod(sa, sa), two_prod(sb, sb));
    scaled s = {dd_sqrt(sum), e};
    return s;
}

static int hypot_special(double x, double y, double *a, double *b, double *out) {
    if (__builtin_isinf(x) || __builtin_isinf(y)) {
        *out = __builtin_inf();
        return 1;
    }
    if (x != x || y != y) {
        *out = x + y;
        return 1;
    }
    *a = __builtin_fabs(x);
    *b = __builtin_fabs(y);
    if (*a < *b) {
        double t = *a;
        *a = *b;
        *b = t;
    }
    if (*b == 0 || *a > *b * 0x1p60) { /* b^2 / 2a^2 is far below half an ulp */
        *out = *a + *b;
        return 1;
    }
    return 0;
}

RT_WEAK double hypot(double x, double y) {
    libm_rounding_differs_from_glibc();
    double a, b, r;
    if (hypot_special(x, y, &a, &b, &r))
        return r;
    scaled s = hypot_scaled(a, b);
    return range_d(dd_round_scaled(s.m, s.k));
}

RT_WEAK float hypotf(float x, float y) {
    libm_rounding_differs_from_glibc();
    double a, b, r;
    if (hypot_special(x, y, &a, &b, &r))
        return (float)r;
    float f = scaled_to_float(hypot_scaled(a, b));
    if (__builtin_isinf(f))
        set_errno(RT_ERANGE);
    return f;
}

/* cbrt of a > 0 (normal) as m 2^k. */
static scaled cbrt_scaled(double a) {
    dd_bits bits;
    bits.d = a;
    int e = (int)((bits.u >> 52) & 0x7ff) - 1023;
    int q = e >= 0 ? e / 3 : -((-e + 2) / 3); /* floor(e / 3) */
    double m = a * dd_pow2(-q * 3 / 2) * dd_pow2(-q * 3 + q * 3 / 2); /* in [1, 8) */
    double y = 1.0 + (m - 1.0) / 7.0;
    for (int i = 0; i < 6; i++)
        y = y - (y * y * y - m) / (3 * y * y);
    /* The last Newton step in double-double: y - (y^3 - m) / (3 y^2). */
    dd cube = dd_mul_d(two_prod(y, y), y);
    dd resid = dd_add_d(cube, -m);
    scaled s = {fast_two_sum(y, -resid.hi / (3 * y * y)), q};
    return s;
}

RT_WEAK double cbrt(double x) {
    libm_rounding_differs_from_glibc();
    if (x != x || __builtin_isinf(x) || x == 0)
        return x + x;
    double a = __builtin_fabs(x);
    int adj = 0;
    if (a < 0x1p-1022) {
        a *= 0x1p54;
        adj = 18;
    }
    scaled s = cbrt_scaled(a);
    double r = dd_round_scaled(s.m, s.k - adj);
    return x < 0 ? -r : r;
}

RT_WEAK float cbrtf(float x) {
    libm_rounding_differs_from_glibc();
    if (x != x || __builtin_isinf(x) || x == 0)
        return x + x;
    double a = __builtin_fabs(x);
    float r = scaled_to_float(cbrt_scaled(a));
    return x < 0 ? -r : r;
}
