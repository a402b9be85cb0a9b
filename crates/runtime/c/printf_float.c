/*
 * printf_float.c — printf's floating-point conversions (%f %F %e %E %g %G %a %A) of a double,
 * exactly as glibc prints them, from the double's IEEE bits and with integer arithmetic only (the
 * runtime's other files are compiled without floating point, and glibc prints the exact value).
 *
 * Method: a double is m × 2^q (m < 2^53). Its exact decimal expansion is computed with big
 * integers in base 10^9: m × 2^q for q >= 0; for q < 0, m × 5^-q, whose digits are those of the
 * value shifted by -q decimal places. The digit string (at most 767 significant digits) is then
 * rounded to the precision asked in the current rounding direction, as glibc does (to nearest:
 * half to even; downward and upward: away from zero for the values on that side when a dropped
 * digit is not zero, else toward zero), and laid out per C11 7.21.6.1. %a prints the hexadecimal
 * mantissa as glibc does: a leading 1 (0 for subnormals, with exponent -1022), trailing zeros
 * removed when no precision is given, and rounding (half to even, or as the direction says) with
 * a carry into the leading digit kept as is (0x1.f8p+0 at precision 0 prints 0x2p+0).
 *
 * Layout and padding: __vigil_format_float emits the characters through `put` (or only counts
 * them when `put` is NULL), so the caller can compute the padding first.
 */
#include "rt.h"

/* Big unsigned integers in base 10^9, least significant limb first. 5^1074 × 2^53 has 768
 * decimal digits: 86 limbs; 2^1024 has 309: 35 limbs. */
#define LIMBS 90
#define BASE 1000000000U

struct big {
    unsigned int limb[LIMBS];
    int n;
};

static void big_mul_small(struct big *b, unsigned int f) {
    unsigned long long carry = 0;
    for (int i = 0; i < b->n; i++) {
        unsigned long long t = (unsigned long long)b->limb[i] * f + carry;
        b->limb[i] = (unsigned int)(t % BASE);
        carry = t / BASE;
    }
    while (carry && b->n < LIMBS) {
        b->limb[b->n++] = (unsigned int)(carry % BASE);
        carry /= BASE;
    }
}

static void big_set(struct big *b, unsigned long long v) {
    b->n = 0;
    while (v) {
        b->limb[b->n++] = (unsigned int)(v % BASE);
        v /= BASE;
    }
}

/* The exact decimal value of a finite double: 0.d[0]d[1]…d[n-1] × 10^exp10, with d[0] != '0'
 * (n = 0 for zero). */
struct decimal {
    char d[800];
    int n;
    int exp10;
};

static void to_decimal(unsigned long long bits, struct decimal *out) {
    unsigned long long frac = bits & ((1ULL << 52) - 1);
    int e = (int)(bits >> 52 & 0x7ff);
    unsigned long long m = e ? frac | (1ULL << 52) : frac;
    int q = e ? e - 1075 : -1074;
    out->n = 0;
    out->exp10 = 0;
    if (m == 0)
        return;
    struct big b;
    big_set(&b, m);
    int shift = 0; /* decimal places: value = b / 10^shift */
    if (q >= 0) {
        for (int k = q; k > 0; k -= 29)
            big_mul_small(&b, 1U << (k < 29 ? k : 29));
    } else {
        shift = -q;
        for (int k = -q; k > 0; k -= 13) {
            unsigned int f = 1;
            for (int j = 0; j < (k < 13 ? k : 13); j++)
                f *= 5;
            big_mul_small(&b, f);
        }
    }
    /* Digits of b, most significant first. */
    int n = 0;
    for (int i = b.n - 1; i >= 0; i--) {
        unsigned int v = b.limb[i];
        char tmp[9];
        for (int j = 8; j >= 0; j--) {
            tmp[j] = (char)('0' + v % 10);
            v /= 10;
        }
        for (int j = 0; j < 9; j++)
            if (n > 0 || tmp[j] != '0')
                out->d[n++] = tmp[j];
    }
    while (n > 0 && out->d[n - 1] == '0') {
        n--;
        shift--; /* trailing zeros do not change the value: drop them from the digits */
    }
    out->n = n;
    out->exp10 = n - shift;
}

/* Keeps the first `keep` significant digits (keep may be <= 0: a digit position left of the
 * first one), rounding as `cut` says (rt_rounding_cut: 0 half to even, 1 toward zero, 2 away
 * from zero when digits are dropped). */
static void round_decimal(struct decimal *x, int keep, int cut) {
    if (keep >= x->n || x->n == 0) /* nothing dropped (zero has no digits) */
        return;
    if (keep < 0) {
        if (cut == 2) { /* one unit in the last place kept, 10^(exp10 - keep) */
            x->d[0] = '1';
            x->n = 1;
            x->exp10 = x->exp10 - keep + 1;
        } else {
            x->n = 0;
        }
        return;
    }
    char next = x->d[keep];
    int rest = 0;
    for (int i = keep + 1; i < x->n; i++)
        rest |= x->d[i] != '0';
    int odd = keep > 0 && (x->d[keep - 1] - '0') % 2 == 1;
    int up = cut == 0 ? next > '5' || (next == '5' && (rest || odd)) : cut == 2 && (next != '0' || rest);
    x->n = keep;
    if (!up) {
        while (x->n > 0 && x->d[x->n - 1] == '0')
            x->n--;
        return;
    }
    int i = keep - 1;
    while (i >= 0 && x->d[i] == '9')
        i--;
    if (i < 0) { /* all nines (or keep == 0): the value becomes 10^exp10 */
        x->d[0] = '1';
        x->n = 1;
        x->exp10++;
        return;
    }
    x->d[i]++;
    x->n = i + 1;
}

struct out {
    void (*put)(void *, char);
    void *ctx;
    int count;
};

static void out_char(struct out *o, char c) {
    if (o->put)
        o->put(o->ctx, c);
    o->count++;
}

static void out_repeat(struct out *o, char c, int n) {
    for (int i = 0; i < n; i++)
        out_char(o, c);
}

/* Digit i (0-based, most significant first) of x, '0' past its end. */
static char digit(const struct decimal *x, int i) {
    return i >= 0 && i < x->n ? x->d[i] : '0';
}

/* Fixed notation with `prec` fraction digits (x already rounded); `strip` removes trailing zeros
 * of the fraction (%g). */
static void layout_fixed(struct out *o, const struct decimal *x, int prec, int alt, int strip) {
    int int_digits = x->n == 0 ? 0 : x->exp10;
    if (int_digits <= 0) {
        out_char(o, '0');
    } else {
        for (int i = 0; i < int_digits; i++)
            out_char(o, digit(x, i));
    }
    if (strip) {
        /* the last nonzero fraction digit within the precision */
        int last = x->n - (x->n == 0 ? 0 : x->exp10);
        prec = last < prec ? (last > 0 ? last : 0) : prec;
    }
    if (prec > 0 || alt)
        out_char(o, '.');
    for (int i = 0; i < prec; i++)
        out_char(o, digit(x, int_digits + i));
}

/* Exponential notation d.ddd e±XX with `prec` fraction digits (x already rounded). */
static void layout_exp(struct out *o, const struct decimal *x, int prec, int alt, int strip, int upper) {
    out_char(o, x->n == 0 ? '0' : x->d[0]);
    if (strip) {
        int last = x->n - 1;
        prec = last < prec ? (last > 0 ? last : 0) : prec;
    }
    if (prec > 0 || alt)
        out_char(o, '.');
    for (int i = 0; i < prec; i++)
        out_char(o, digit(x, 1 + i));
    int e = x->n == 0 ? 0 : x->exp10 - 1;
    out_char(o, upper ? 'E' : 'e');
    out_char(o, e < 0 ? '-' : '+');
    unsigned int a = e < 0 ? (unsigned int)-e : (unsigned int)e;
    if (a >= 100)
        out_char(o, (char)('0' + a / 100));
    out_char(o, (char)('0' + a / 10 % 10));
    out_char(o, (char)('0' + a % 10));
}

static void layout_hex(struct out *o, unsigned long long bits, int prec, int alt, int upper, int cut) {
    const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    unsigned long long frac = bits & ((1ULL << 52) - 1);
    int e = (int)(bits >> 52 & 0x7ff);
    unsigned int lead = e ? 1 : 0;
    int exp = e ? e - 1023 : (frac ? -1022 : 0);
    int ndig = 13;
    if (prec < 0) {
        while (ndig > 0 && (frac & 0xf) == 0) {
            frac >>= 4;
            ndig--;
        }
    } else if (prec < 13) {
        int drop = 4 * (13 - prec);
        unsigned long long rem = frac & ((1ULL << drop) - 1);
        unsigned long long half = 1ULL << (drop - 1);
        frac >>= drop;
        int up = cut == 0 ? rem > half || (rem == half && (prec > 0 ? (frac & 1) : (lead & 1))) : cut == 2 && rem != 0;
        if (up) {
            frac++;
            if (frac >> (4 * prec)) { /* carry into the leading digit */
                frac &= (1ULL << (4 * prec)) - 1;
                lead++;
            }
        }
        ndig = prec;
    }
    out_char(o, '0');
    out_char(o, upper ? 'X' : 'x');
    out_char(o, hex[lead]);
    int fdigits = prec > ndig ? prec : ndig;
    if (fdigits > 0 || alt)
        out_char(o, '.');
    for (int i = ndig - 1; i >= 0; i--)
        out_char(o, hex[frac >> (4 * i) & 0xf]);
    out_repeat(o, '0', fdigits - ndig);
    out_char(o, upper ? 'P' : 'p');
    out_char(o, exp < 0 ? '-' : '+');
    char tmp[8];
    int k = 0;
    unsigned int a = exp < 0 ? (unsigned int)-exp : (unsigned int)exp;
    do {
        tmp[k++] = (char)('0' + a % 10);
        a /= 10;
    } while (a);
    while (k > 0)
        out_char(o, tmp[--k]);
}

/* Emits the body (no sign, no padding) of conversion `conv` of the double with IEEE `bits`;
 * returns the number of characters. `prec` is -1 when none was given. Infinities and NaNs are
 * inf/nan (INF/NAN for upper-case conversions); the caller prints the sign from the sign bit. */
RT_WEAK int __vigil_format_float(void (*put)(void *, char), void *ctx, char conv, int prec, int alt,
                                 unsigned long long bits) {
    /* glibc rounds the digits in the current rounding direction. */
    int cut = rt_rounding_cut((int)(bits >> 63));
    struct out o = {put, ctx, 0};
    int upper = conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A';
    char lower = upper ? (char)(conv - 'A' + 'a') : conv;
    if ((bits >> 52 & 0x7ff) == 0x7ff) {
        const char *t = (bits & ((1ULL << 52) - 1)) ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
        for (int i = 0; i < 3; i++)
            out_char(&o, t[i]);
        return o.count;
    }
    if (lower == 'a') {
        layout_hex(&o, bits, prec, alt, upper, cut);
        return o.count;
    }
    struct decimal x;
    to_decimal(bits & ~(1ULL << 63), &x);
    if (prec < 0)
        prec = 6;
    if (lower == 'f') {
        round_decimal(&x, x.exp10 + prec, cut);
        layout_fixed(&o, &x, prec, alt, 0);
    } else if (lower == 'e') {
        round_decimal(&x, prec + 1, cut);
        layout_exp(&o, &x, prec, alt, 0, upper);
    } else { /* g */
        int p = prec == 0 ? 1 : prec;
        struct decimal r = x;
        round_decimal(&r, p, cut);
        int e = r.n == 0 ? 0 : r.exp10 - 1;
        if (p > e && e >= -4) {
            round_decimal(&x, x.exp10 + (p - 1 - e), cut);
            layout_fixed(&o, &x, p - 1 - e, alt, !alt);
        } else {
            layout_exp(&o, &r, p - 1, alt, !alt, upper);
        }
    }
    return o.count;
}
