/*
 * fp_rand48.c — the POSIX 48-bit generators as glibc computes them: drand48, erand48, lrand48,
 * nrand48, mrand48, jrand48, srand48, seed48, lcong48.
 *
 * State: X (48 bits, three unsigned shorts, least significant first), multiplier a and addend c.
 * Each draw first steps X ← (a·X + c) mod 2^48, then reads the new X: drand48 as X / 2^48 (glibc
 * builds the double 1 + X·2^-48 and subtracts 1, which is exact), lrand48 as X >> 17 (31 bits,
 * non-negative), mrand48 as the signed 32-bit X >> 16. The e/n/j variants use the caller's X but
 * the shared a and c.
 *
 * Before any seeding glibc's state is all zero with a = 0x5DEECE66D and c = 0xB set on the first
 * draw, so an unseeded drand48() returns 11 / 2^48 (checked natively); srand48 and seed48 reset a
 * and c to these values, lcong48 sets all three. seed48 returns a static buffer holding the
 * previous X.
 *
 * Like glibc's (which takes no lock on this state), a draw is not atomic for other threads: two
 * threads drawing at once may get the same value natively, and so they may in the VM. (An fp_
 * file because drand48 and erand48 compute a double.)
 */
#include "rt.h"

#define RAND48_A 0x5DEECE66DULL
#define RAND48_C 0xBULL
#define RAND48_MASK ((1ULL << 48) - 1)

static unsigned short rand48_x[3];
static unsigned long long rand48_a = RAND48_A;
static unsigned short rand48_c = (unsigned short)RAND48_C;

static unsigned long long rand48_load(const unsigned short x[3]) {
    return (unsigned long long)x[0] | (unsigned long long)x[1] << 16 | (unsigned long long)x[2] << 32;
}

static void rand48_store(unsigned short x[3], unsigned long long v) {
    x[0] = (unsigned short)v;
    x[1] = (unsigned short)(v >> 16);
    x[2] = (unsigned short)(v >> 32);
}

/* Steps the state x and returns its new 48-bit value. */
static unsigned long long rand48_step(unsigned short x[3]) {
    unsigned long long v = (rand48_a * rand48_load(x) + rand48_c) & RAND48_MASK;
    rand48_store(x, v);
    return v;
}

static double rand48_double(unsigned long long v) {
    return (double)v / (double)(1ULL << 48);
}

RT_WEAK double erand48(unsigned short x[3]) {
    return rand48_double(rand48_step(x));
}

RT_WEAK double drand48(void) {
    return erand48(rand48_x);
}

RT_WEAK long nrand48(unsigned short x[3]) {
    return (long)(rand48_step(x) >> 17);
}

RT_WEAK long lrand48(void) {
    return nrand48(rand48_x);
}

RT_WEAK long jrand48(unsigned short x[3]) {
    return (long)(int)(unsigned)(rand48_step(x) >> 16);
}

RT_WEAK long mrand48(void) {
    return jrand48(rand48_x);
}

RT_WEAK void srand48(long seed) {
    rand48_store(rand48_x, ((unsigned long long)(unsigned)seed << 16) | 0x330E);
    rand48_a = RAND48_A;
    rand48_c = (unsigned short)RAND48_C;
}

RT_WEAK unsigned short *seed48(unsigned short seed[3]) {
    static unsigned short previous[3];
    for (int i = 0; i < 3; i++)
        previous[i] = rand48_x[i];
    for (int i = 0; i < 3; i++)
        rand48_x[i] = seed[i];
    rand48_a = RAND48_A;
    rand48_c = (unsigned short)RAND48_C;
    return previous;
}

RT_WEAK void lcong48(unsigned short param[7]) {
    for (int i = 0; i < 3; i++)
        rand48_x[i] = param[i];
    rand48_a = rand48_load(param + 3);
    rand48_c = param[6];
}
