/*
 * fp_strtod.c — strtod, strtof and atof: the value whose IEEE bits strtod.c computed (correctly
 * rounded, with glibc's end pointer and ERANGE). strtold (long double) is not modelled.
 */
#include "rt.h"

unsigned long long __vigil_strtod_bits(const char *s, char **end, int single, int *range_error);

RT_WEAK double strtod(const char *restrict s, char **restrict end) {
    char *e;
    int range;
    union { unsigned long long bits; double value; } u;
    u.bits = __vigil_strtod_bits(s, &e, 0, &range);
    if (range)
        *__errno_location() = RT_ERANGE;
    if (end)
        *end = e;
    return u.value;
}

RT_WEAK float strtof(const char *restrict s, char **restrict end) {
    char *e;
    int range;
    union { unsigned int bits; float value; } u;
    u.bits = (unsigned int)__vigil_strtod_bits(s, &e, 1, &range);
    if (range)
        *__errno_location() = RT_ERANGE;
    if (end)
        *end = e;
    return u.value;
}

RT_WEAK double atof(const char *s) {
    return strtod(s, NULL);
}
