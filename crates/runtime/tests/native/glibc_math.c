/*
 * glibc_math.c — glibc's math functions for the native math comparison (test_math.c). This file
 * is ordinary hosted C, compiled without the runtime's renaming header, so `exp` here is
 * glibc's; each wrapper returns glibc's result and its errno.
 */
#include <errno.h>
#include <math.h>

#define ONE(fn)                                      \
    double native_glibc_##fn(double x, int *err) {    \
        errno = 0;                                   \
        double r = fn(x);                             \
        *err = errno;                                \
        return r;                                    \
    }                                                \
    float native_glibc_##fn##f(float x, int *err) {   \
        errno = 0;                                   \
        float r = fn##f(x);                           \
        *err = errno;                                \
        return r;                                    \
    }
#define TWO(fn)                                                \
    double native_glibc_##fn(double x, double y, int *err) {    \
        errno = 0;                                             \
        double r = fn(x, y);                                    \
        *err = errno;                                          \
        return r;                                              \
    }                                                          \
    float native_glibc_##fn##f(float x, float y, int *err) {    \
        errno = 0;                                             \
        float r = fn##f(x, y);                                  \
        *err = errno;                                          \
        return r;                                              \
    }

ONE(exp) ONE(exp2) ONE(expm1) ONE(log) ONE(log2) ONE(log10) ONE(log1p) ONE(sinh) ONE(cosh)
ONE(tanh) ONE(cbrt) ONE(sin) ONE(cos) ONE(tan) ONE(asin) ONE(acos) ONE(atan)
TWO(pow) TWO(atan2) TWO(hypot)
