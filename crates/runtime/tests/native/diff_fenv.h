/*
 * diff_fenv.h — the rounding directions of diff_libc.c (included by it, after diff_float.h):
 * fesetround/fegetround, and in each direction the rounded operations (+ - * /, sqrt, fma, rint,
 * nearbyint, lrint, conversions from integers and to float), printf's %e %g %a %f and strtod,
 * strtof, which glibc round in the current direction too (overflow and underflow included). Operands are drawn to nearest (rnd_double), results
 * printed to nearest through their IEEE bits. Inputs: diff_float.h's boundary and random doubles.
 */
#include <fenv.h>

static const int fenv_modes[4] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

static const char *const fenv_strtod_edges[] = {"1e-400", "-1e-400", "1e400", "-1e400", "4e-324", "2.4703282292062328e-324",
                                                "0x1.fffffffffffff8p0", "-0x1.00000000000008p0", "3.4028236e38", "1e-46",
                                                "0.1", "-0.1", "2.2250738585072011e-308", "1.00000000000000011"};

static void rounding_case(int m, double x, double y, double z, long long n) {
    float xf = (float)x, yf = (float)y;
    char decimal[48], *end;
    snprintf(decimal, sizeof decimal, "%.25e", x * 1.1);
    const char *edge = fenv_strtod_edges[rnd(sizeof fenv_strtod_edges / sizeof fenv_strtod_edges[0])];
    volatile double r[10];
    volatile float rf[4];
    char text[4][48];
    int set = fesetround(fenv_modes[m]);
    int got = fegetround();
    r[0] = x + y;
    r[1] = x - y;
    r[2] = x * y;
    r[3] = x / y;
    r[4] = sqrt(fabs(x));
    r[5] = fma(x, y, z);
    r[6] = rint(x);
    r[7] = nearbyint(x);
    r[8] = (double)n;
    r[9] = (double)(unsigned long long)n;
    rf[0] = xf + yf;
    rf[1] = xf * yf;
    rf[2] = (float)x;
    rf[3] = (float)n;
    long l = fabs(x) < 1e18 ? lrint(x) : 0;
    errno = 0;
    double parsed = strtod(decimal, &end), parsed_edge = strtod(edge, &end);
    float parsed_float = strtof(edge, &end);
    int parse_errno = errno;
    snprintf(text[0], sizeof text[0], "%.3e", x);
    snprintf(text[1], sizeof text[1], "%.4g", x);
    snprintf(text[2], sizeof text[2], "%.2a", x);
    snprintf(text[3], sizeof text[3], fabs(x) < 1e15 ? "%.2f" : "big", x);
    fesetround(FE_TONEAREST);
    out("round %d set=%d got=%d", m, set, got == fenv_modes[m]);
    for (int i = 0; i < 5; i++)
        out(" %llx", double_bits(r[i]));
    end_line();
    for (int i = 5; i < 10; i++)
        out(" %llx", double_bits(r[i]));
    end_line();
    unsigned b32;
    for (int i = 0; i < 4; i++) {
        float f = rf[i];
        unsigned b;
        memcpy(&b, &f, sizeof b);
        out(" %x", b);
    }
    out(" %ld %s %s %s %s", l, text[0], text[1], text[2], text[3]);
    end_line();
    memcpy(&b32, &parsed_float, sizeof b32);
    out("s %s %llx %s %llx %x errno=%d", decimal, double_bits(parsed), edge, double_bits(parsed_edge), b32, parse_errno);
    end_line();
}

static void rounding_directions(void) {
    out("fesetround bad=%d get=%d", fesetround(0x123), fegetround());
    end_line();
    for (int i = 0; i < COUNT * 4; i++) {
        double x = rnd_double(), y = rnd_double(), z = rnd_double();
        rounding_case(i % 4, x, y, z, rnd_int());
    }
}
