/*
 * fp_svcomp.c — __VERIFIER_nondet_float and __VERIFIER_nondet_double: the value whose IEEE bits
 * svcomp.c's __vigil_nondet_float_bits chose (samples, never complete; or the fixed input).
 * Files named fp_*.c are compiled with floating point (see build.rs).
 */
#include "rt.h"

unsigned long long __vigil_nondet_float_bits(int is_double);

RT_WEAK float __VERIFIER_nondet_float(void) {
    union { unsigned int bits; float value; } u;
    u.bits = (unsigned int)__vigil_nondet_float_bits(0);
    return u.value;
}

RT_WEAK double __VERIFIER_nondet_double(void) {
    union { unsigned long long bits; double value; } u;
    u.bits = __vigil_nondet_float_bits(1);
    return u.value;
}
