/*
 * diff_float.h — the floating-point tables of diff_libc.c (included by it): printf's %f %e %g %a
 * conversions of doubles and floats, and the exactly rounded math.h functions, each compared
 * through the result's IEEE bits and errno. Inputs: boundary values (zeros, subnormals, the
 * extremes, infinities, NaN, halfway cases) and seeded random doubles (random bits, and small
 * integers scaled by powers of two).
 */
#include <math.h>

static double bits_to_double(unsigned long long b) {
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static unsigned long long double_bits(double d) {
    unsigned long long b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static unsigned long long rnd64(void) {
    return ((unsigned long long)rnd(1u << 31) << 33) ^ ((unsigned long long)rnd(1u << 31) << 2) ^ rnd(4);
}

static double rnd_double(void) {
    static const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.5, 3.5, -2.5, 0.1, 0.2, 0.3, 1e-5,
                                   1e-4, 123456.5, 9.5, 0.125, 1.005, 2.675, 1e21, 1e22, 1e300,
                                   5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                                   INFINITY, -INFINITY, NAN, 4503599627370496.5, 0.95, 99.95};
    switch (rnd(4)) {
    case 0: return edges[rnd(sizeof edges / sizeof edges[0])];
    case 1: return bits_to_double(rnd64());
    case 2: return ldexp((double)rnd_int(), (int)rnd(80) - 40);
    default: return (double)(int)rnd(2000001) / 1000.0 - 1000.0;
    }
}

static const char *const float_formats[] = {
    "%f", "%.0f", "%.1f", "%.2f", "%.3f", "%10.4f", "%-10.2f|", "%+f", "% f", "%012.3f", "%#.0f",
    "%e", "%.0e", "%.3e", "%E", "%+.10e", "%#.0e", "%15.4e", "%g", "%.0g", "%.1g", "%.3g", "%.10g",
    "%#g", "%G", "%-12g|", "%010g", "%.17g", "%a", "%.0a", "%.1a", "%.3a", "%A", "%#a", "%015a",
    "%-20a|", "%F", "%.20f", "%.40e"};

#define FLOAT_FORMATS ((int)(sizeof float_formats / sizeof float_formats[0]))

static void float_formatting(void) {
    char buf[64];
    for (int i = 0; i < 2 * COUNT + FLOAT_FORMATS; i++) {
        const char *f = float_formats[i < FLOAT_FORMATS ? i : (int)rnd(FLOAT_FORMATS)];
        double v = rnd_double();
        if (rnd(5) == 0)
            v = (double)(float)v; /* a float argument, promoted */
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r = snprintf(buf, 40, f, v);
        out("%d fmt f=\"%s\" v=%016llx r=%d buf=\"", i, f, double_bits(v), r);
        put_bytes(buf, strlen(buf) < 40 ? strlen(buf) : 40);
        out("\"");
        end_line();
    }
}

static void math_case(const char *name, double r) {
    out(" %s=%016llx", name, double_bits(r));
}

static void math_functions(void) {
    /* fmin/fmax of equal zeros return their first operand (clang's code for the builtins). */
    volatile double pz = 0.0, nz = -0.0;
    out("zeros");
    math_case("a", fmin(pz, nz));
    math_case("b", fmin(nz, pz));
    math_case("c", fmax(pz, nz));
    math_case("d", fmax(nz, pz));
    end_line();
    for (int i = 0; i < 3 * COUNT; i++) {
        double x = rnd_double(), y = rnd_double();
        int n = (int)rnd(2200) - 1100;
        out("%d math x=%016llx y=%016llx", i, double_bits(x), double_bits(y));
        errno = 0;
        math_case("sqrt", sqrt(x));
        out(" e=%d", errno);
        errno = 0;
        math_case("fmod", fmod(x, y));
        out(" e=%d", errno);
        end_line();
        out("%d round", i);
        math_case("fl", floor(x));
        math_case("ce", ceil(x));
        math_case("tr", trunc(x));
        math_case("ro", round(x));
        end_line();
        out("%d rint", i);
        math_case("ri", rint(x));
        math_case("mn", fmin(x, y));
        math_case("mx", fmax(x, y));
        end_line();
        out("%d scale n=%d", i, n);
        errno = 0;
        math_case("ldexp", ldexp(x, n));
        out(" e=%d", errno);
        end_line();
        out("%d split", i);
        int e = 0;
        math_case("frexp", frexp(x, &e));
        out(" %d", e);
        double ip = 0;
        math_case("modf", modf(x, &ip));
        math_case("ip", ip);
        end_line();
        out("%d more", i);
        math_case("fma", fma(x, y, x));
        math_case("sqrtf", (double)sqrtf((float)x));
        math_case("fdim", fdim(x, y));
        end_line();
        out("%d next", i);
        errno = 0;
        math_case("na", nextafter(x, y));
        out(" e=%d", errno);
        errno = 0;
        math_case("naf", (double)nextafterf((float)x, (float)y));
        out(" e=%d", errno);
        end_line();
        /* remainder's ties go to the even quotient: the grid of thousandths hits them with 1, 0.5
         * and 0.25 as divisors. */
        out("%d rem", i);
        errno = 0;
        math_case("re", remainder(x, y));
        out(" e=%d", errno);
        math_case("r1", remainder(x, 1.0));
        end_line();
        out("%d rem2", i);
        math_case("rh", remainder(x, 0.5));
        math_case("rq", remainder(-x, 0.25));
        math_case("rf", (double)remainderf((float)x, (float)y));
        end_line();
        out("%d expo", i);
        errno = 0;
        out(" il=%d e=%d", ilogb(x), errno);
        errno = 0;
        math_case("lb", logb(x));
        out(" e=%d", errno);
        math_case("lbf", (double)logbf((float)x));
        out(" ilf=%d", ilogbf((float)x));
        end_line();
        out("%d scalbln", i);
        math_case("sl", scalbln(x, (long)n * 1000003L));
        math_case("slf", (double)scalblnf((float)x, n));
        errno = 0;
        math_case("sn", scalbn(x, n));
        out(" e=%d", errno);
        end_line();
    }
}

static const char *const strtod_edges[] = {
    "0", "-0", "1", "+1.5", ".5", "5.", ".", "e5", "1e", "1e+", "1e-2x", "  \t-2.5E3 ", "0x", "0x1p3",
    "0x1.8p-2", "0X.8P1", "0x1p-1074", "0x1p-1075", "0x1.8p-1075", "0x1p1024", "0x1.fffffffffffff8p1023",
    "inf", "-INFINITY", "infinit", "nan", "NAN(123abc)", "nan(", "nan(123)", "NAN(0x123)", "nan(0123)",
    "nan()", "nan(08)", "nan(-5)", "-nan(5)", "nan(0x8000000000000)", "nan(0xfffffffffffff)", "nan(0x400000)",
    "nan(0x3fffff)", "nan(99999999999999999999)", "nan(0X1f)", "nan(1_)", "1e308", "1.7976931348623157e308",
    "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "2.2250738585072011e-308",
    "2.2250738585072012e-308", "4.9406564584124654e-324", "2.4703282292062327e-324",
    "2.4703282292062328e-324", "1e-400", "9007199254740993", "9007199254740992.5",
    "9007199254740993.0000000000000000000000000000000000001", "0.1", "3.4028235677973366e38",
    "3.4028236e38", "1.17549435e-38", "1.4e-45", "7e-46", "0.000000000000000000000000000000001e33",
    "123456789012345678901234567890", "1e-5", "00000000000000000000000000000.5e1", "-.0e99999999999"};

#define STRTOD_EDGES ((int)(sizeof strtod_edges / sizeof strtod_edges[0]))

static void strtod_case(int i, const char *s) {
    char *end = NULL;
    errno = 0;
    double d = strtod(s, &end);
    int e1 = errno;
    char *fend = NULL;
    errno = 0;
    float f = strtof(s, &fend);
    unsigned fb;
    memcpy(&fb, &f, sizeof fb);
    out("%d strtod", i);
    if (strlen(s) < 40)
        put_string("s", s);
    else
        out(" s=<%d chars>", (int)strlen(s));
    out(" d=%016llx end=%d e=%d f=%08x end=%d", double_bits(d), (int)(end - s), e1, fb, (int)(fend - s));
    end_line();
}

static void strtods(void) {
    char buf[1000];
    for (int i = 0; i < STRTOD_EDGES; i++)
        strtod_case(i, strtod_edges[i]);
    for (int i = 0; i < 3 * COUNT; i++) {
        double v = rnd_double();
        static const char *const fmts[] = {"%.17g", "%.16g", "%.6e", "%.3f", "%a", "%.25e", "%.1g"};
        snprintf(buf, 60, fmts[rnd(7)], v);
        strtod_case(STRTOD_EDGES + i, buf);
        /* random digit strings around halfway points and long expansions */
        rnd_string(buf, 30, "0123456789");
        int n = (int)strlen(buf);
        snprintf(buf + n, 20, ".%ue%d", rnd(1000), (int)rnd(700) - 350);
        strtod_case(STRTOD_EDGES + i, buf);
    }
    /* An exact halfway case written out in full (2^-1075 × (2^53 + 1) has 1075 fraction digits
     * after its leading ones), cut short and extended: only digits past 800 break the tie. */
    snprintf(buf, sizeof buf, "%.780e", 0x1.0000000000001p-1022 + 0x1p-1075);
    strtod_case(9000, buf);
    snprintf(buf, sizeof buf, "9007199254740993%0900d1", 0);
    strtod_case(9001, buf);
    snprintf(buf, sizeof buf, "9007199254740993%0900d", 0);
    strtod_case(9002, buf);
    /* nan(tag) reads the tag as strtod reads NAN(tag). */
    static const char *const tags[] = {"", "7", "0x123", "abc", "5 ", "0x5)", "99999999999999999999", "0777"};
    for (int i = 0; i < (int)(sizeof tags / sizeof tags[0]); i++) {
        errno = 0;
        double d = nan(tags[i]);
        float f = nanf(tags[i]);
        unsigned fb;
        memcpy(&fb, &f, sizeof fb);
        out("%d nan", i);
        put_string("tag", tags[i]);
        out(" d=%016llx f=%08x e=%d", double_bits(d), fb, errno);
        end_line();
    }
    errno = 0; /* the driver's last line expects a clean errno */
}
