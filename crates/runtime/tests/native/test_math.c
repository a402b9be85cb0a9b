/*
 * test_math.c — the runtime's transcendental functions (fp_exp.c, fp_trig.c) natively against
 * glibc (glibc_math.c): for every function, double and float, SAMPLES seeded random arguments
 * (random bit patterns, random magnitudes over the whole exponent range, and uniform values in
 * the function's busy interval). A result may differ from glibc's by one ulp — glibc is not
 * correctly rounded everywhere, the runtime is (up to its ~2^-100 approximation error) — never
 * by more, and errno must be the same. The counts of one-ulp differences are printed: they are
 * the measurement the README quotes. Also exact cases (exp(0), log2(2^k), pow(2, 10), …) and the
 * special values of C11 Annex F.
 */
#include "test_libc.h"

#define SAMPLES 20000

double exp(double), exp2(double), expm1(double), log(double), log2(double), log10(double);
double log1p(double), sinh(double), cosh(double), tanh(double), cbrt(double), sin(double);
double cos(double), tan(double), asin(double), acos(double), atan(double);
double pow(double, double), atan2(double, double), hypot(double, double);
float expf(float), exp2f(float), expm1f(float), logf(float), log2f(float), log10f(float);
float log1pf(float), sinhf(float), coshf(float), tanhf(float), cbrtf(float), sinf(float);
float cosf(float), tanf(float), asinf(float), acosf(float), atanf(float);
float powf(float, float), atan2f(float, float), hypotf(float, float);

#define DECL(fn)                                        \
    double native_glibc_##fn(double x, int *err);        \
    float native_glibc_##fn##f(float x, int *err);
#define DECL2(fn)                                               \
    double native_glibc_##fn(double x, double y, int *err);      \
    float native_glibc_##fn##f(float x, float y, int *err);
DECL(exp) DECL(exp2) DECL(expm1) DECL(log) DECL(log2) DECL(log10) DECL(log1p) DECL(sinh)
DECL(cosh) DECL(tanh) DECL(cbrt) DECL(sin) DECL(cos) DECL(tan) DECL(asin) DECL(acos) DECL(atan)
DECL2(pow) DECL2(atan2) DECL2(hypot)

struct unary {
    const char *name;
    int glibc_ulps; /* glibc's error bound in ulps (its libm-test-ulps; 1 means < 1 ulp) */
    double (*ours)(double);
    double (*glibc)(double, int *);
    float (*ours_f)(float);
    float (*glibc_f)(float, int *);
    double lo, hi; /* the busy interval */
};

#define U(fn, lo, hi) {#fn, 1, fn, native_glibc_##fn, fn##f, native_glibc_##fn##f, lo, hi}
#define U2(fn, lo, hi) {#fn, 2, fn, native_glibc_##fn, fn##f, native_glibc_##fn##f, lo, hi}
#define U4(fn, lo, hi) {#fn, 4, fn, native_glibc_##fn, fn##f, native_glibc_##fn##f, lo, hi}
static const struct unary unaries[] = {
    U(exp, -750, 750), U(exp2, -1080, 1030), U(expm1, -50, 720), U(log, 0, 1e10),
    U(log2, 0, 1e10), U(log10, 0, 1e10), U(log1p, -1, 10), U2(sinh, -720, 720),
    U2(cosh, -720, 720), U2(tanh, -30, 30), U4(cbrt, -1e10, 1e10), U(sin, -10, 10),
    U(cos, -10, 10), U(tan, -10, 10), U(asin, -1, 1), U(acos, -1, 1), U(atan, -10, 10),
};

struct binary {
    const char *name;
    double (*ours)(double, double);
    double (*glibc)(double, double, int *);
    float (*ours_f)(float, float);
    float (*glibc_f)(float, float, int *);
    double lo, hi;
};

#define B(fn, lo, hi) {#fn, fn, native_glibc_##fn, fn##f, native_glibc_##fn##f, lo, hi}
static const struct binary binaries[] = {B(pow, -10, 10), B(atan2, -10, 10), B(hypot, -1e10, 1e10)};

static unsigned long long state = 0x243F6A8885A308D3ULL;

static unsigned long long next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static double from_bits(unsigned long long b) {
    union {
        unsigned long long u;
        double d;
    } v = {b};
    return v.d;
}

static unsigned long long bits_of(double d) {
    union {
        double d;
        unsigned long long u;
    } v = {d};
    return v.u;
}

static unsigned fbits_of(float f) {
    union {
        float f;
        unsigned u;
    } v = {f};
    return v.u;
}

/* A random argument: random bits, a random magnitude, or uniform in [lo, hi]. */
static double argument(double lo, double hi) {
    double u = (double)(next() >> 11) * 0x1p-53;
    switch (next() % 3) {
    case 0: return from_bits(next());
    case 1: return from_bits((next() & 0x800fffffffffffffULL) | ((next() % 2046 + 1) << 52));
    default: return lo + (hi - lo) * u;
    }
}

/* How many representable values apart two numbers are, from their magnitudes' bits x and y
 * (consecutive values have consecutive bits within a sign): 0 for two NaNs or equal numbers
 * (also -0 and +0), ~0 for numbers of different signs. */
static unsigned long long distance(int both_nan, int equal, int signs_differ, unsigned long long x,
                                   unsigned long long y) {
    if (both_nan || equal)
        return 0;
    if (signs_differ)
        return ~0ULL;
    return x > y ? x - y : y - x;
}

static unsigned long long apart(double a, double b) {
    return distance(a != a && b != b, a == b, (a < 0) != (b < 0), bits_of(a) & ~(1ULL << 63),
                    bits_of(b) & ~(1ULL << 63));
}

static unsigned long long apart_f(float a, float b) {
    return distance(a != a && b != b, a == b, (a < 0) != (b < 0), fbits_of(a) & 0x7fffffffu,
                    fbits_of(b) & 0x7fffffffu);
}

static int *err(void) {
    return __errno_location();
}

static void report(const char *name, const char *suffix, int differ, int differ2) {
    char msg[128];
    __vigil_format(msg, sizeof msg, "math: %s%s differs from glibc by 1 ulp on %d, by more on %d of %d",
                   name, suffix, differ, differ2, SAMPLES);
    __vm_trace(VM_TRACE_INFO, msg);
}

/* Fails when a result (`got`, for the arguments `args`, values as IEEE bits) is more than `ulps`
 * from glibc's `want` or errno differs from glibc's; counts 1-ulp and larger differences. */
static void judge(const char *name, const char *suffix, const char *args, unsigned long long got,
                  unsigned long long want, unsigned long long d, unsigned long long ulps, int glibc_err,
                  int *differ, int *differ2) {
    if (d > ulps || *err() != glibc_err) {
        char what[160];
        __vigil_format(what, sizeof what, "%s%s(%s) = %llx errno %d, glibc %llx errno %d", name, suffix, args, got,
                       *err(), want, glibc_err);
        native_fail(__FILE__, __LINE__, what, NULL, NULL);
    }
    *differ += d == 1;
    *differ2 += d > 1;
}

static void compare_unary(const struct unary *t) {
    int differ = 0, differ_f = 0, differ2 = 0, differ2_f = 0;
    char args[64];
    for (int i = 0; i < SAMPLES; i++) {
        double x = argument(t->lo, t->hi);
        int glibc_err;
        double want = t->glibc(x, &glibc_err);
        *err() = 0;
        double got = t->ours(x);
        __vigil_format(args, sizeof args, "%llx", bits_of(x));
        judge(t->name, "", args, bits_of(got), bits_of(want), apart(got, want), t->glibc_ulps, glibc_err, &differ,
              &differ2);
        float xf = (float)x;
        float want_f = t->glibc_f(xf, &glibc_err);
        *err() = 0;
        float got_f = t->ours_f(xf);
        __vigil_format(args, sizeof args, "%x", fbits_of(xf));
        judge(t->name, "f", args, fbits_of(got_f), fbits_of(want_f), apart_f(got_f, want_f), t->glibc_ulps,
              glibc_err, &differ_f, &differ2_f);
        native_checks += 2;
    }
    report(t->name, "", differ, differ2);
    report(t->name, "f", differ_f, differ2_f);
}

static void compare_binary(const struct binary *t) {
    int differ = 0, differ_f = 0, beyond_one_ulp = 0; /* judge fails beyond 1 ulp */
    char args[64];
    for (int i = 0; i < SAMPLES; i++) {
        double x = argument(t->lo, t->hi), y = argument(-400, 400);
        if (next() % 3 == 0 && y > -0x1p60 && y < 0x1p60)
            y = (double)(long)(y / 8); /* integer exponents for pow */
        int glibc_err;
        double want = t->glibc(x, y, &glibc_err);
        *err() = 0;
        double got = t->ours(x, y);
        __vigil_format(args, sizeof args, "%llx, %llx", bits_of(x), bits_of(y));
        judge(t->name, "", args, bits_of(got), bits_of(want), apart(got, want), 1, glibc_err, &differ,
              &beyond_one_ulp);
        float xf = (float)x, yf = (float)(y / 10);
        float want_f = t->glibc_f(xf, yf, &glibc_err);
        *err() = 0;
        float got_f = t->ours_f(xf, yf);
        __vigil_format(args, sizeof args, "%x, %x", fbits_of(xf), fbits_of(yf));
        judge(t->name, "f", args, fbits_of(got_f), fbits_of(want_f), apart_f(got_f, want_f), 1, glibc_err,
              &differ_f, &beyond_one_ulp);
        native_checks += 2;
    }
    report(t->name, "", differ, 0);
    report(t->name, "f", differ_f, 0);
}

static void exact_cases(void) {
    CHECK(exp(0) == 1 && log(1) == 0 && exp2(10) == 1024 && log2(1024) == 10);
    CHECK(log10(1e22) == 22 && pow(2, 10) == 1024 && pow(-2, 3) == -8 && cbrt(-27) == -3);
    CHECK(hypot(3, 4) == 5 && sin(0) == 0 && cos(0) == 1 && atan(0) == 0 && tan(0) == 0);
    CHECK(expf(0) == 1 && logf(1) == 0 && powf(3, 4) == 81 && hypotf(5, 12) == 13);
    CHECK(pow(0, -1) == __builtin_inf() && *err() == RT_ERANGE);
    *err() = 0;
    CHECK(pow(-8, 1.0 / 3) != pow(-8, 1.0 / 3) && *err() == RT_EDOM);
    *err() = 0;
    CHECK(log(-1) != log(-1) && *err() == RT_EDOM);
    CHECK(log(0) == -__builtin_inf() && *err() == RT_ERANGE);
    *err() = 0;
    CHECK(sin(__builtin_inf()) != 0 && *err() == RT_EDOM);
    CHECK(pow(__builtin_nan(""), 0) == 1 && pow(1, __builtin_nan("")) == 1);
    CHECK(atan2(0.0, -0.0) == native_glibc_atan2(0.0, -0.0, err()));
    CHECK(__builtin_signbit(atan2(-0.0, 1.0)) && asin(2) != asin(2));
}

void test_math(void) {
    exact_cases();
    for (unsigned i = 0; i < sizeof unaries / sizeof unaries[0]; i++)
        compare_unary(&unaries[i]);
    for (unsigned i = 0; i < sizeof binaries / sizeof binaries[0]; i++)
        compare_binary(&binaries[i]);
}
