/*
 * fp_difftime.c — difftime (floating point, so in an fp_ file; the rest of <time.h> is in time.c
 * and time_conv.c).
 *
 * glibc 2.36 on x86-64 subtracts the two times as long doubles: both are exact there (64-bit
 * significand) and so is their difference, whose magnitude is below 2^64; returning it as a
 * double rounds once, to nearest even. On i386 (32-bit time_t) it subtracts doubles, again
 * exactly. Both are the exact difference rounded once to double, which is what this computes:
 * the magnitude as an unsigned 64-bit integer, converted (rounding to nearest even), then signed.
 * Checked natively (crates/cli/tests/libc_diff.rs), e.g. difftime(LLONG_MAX, LLONG_MIN) is 2^64.
 */
#include "rt.h"

double difftime(long t1, long t0);

RT_WEAK double difftime(long t1, long t0) {
    long long a = t1, b = t0;
    if (a >= b)
        return (double)((unsigned long long)a - (unsigned long long)b);
    return -(double)((unsigned long long)b - (unsigned long long)a);
}
