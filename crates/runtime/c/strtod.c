/*
 * strtod.c — the parsing and correctly rounded conversion behind strtod, strtof and atof
 * (fp_strtod.c turns the IEEE bits computed here into the value; this file has no floating
 * point, like the rest of the runtime).
 *
 * Syntax (C11 7.22.1.3, as glibc reads it in the "C" locale): leading white space, an optional
 * sign, then a decimal number (digits with an optional point, an optional exponent e±ddd), a
 * hexadecimal one (0x, hex digits with an optional point, an optional binary exponent p±ddd),
 * INF or INFINITY, or NAN with an optional (n-char-sequence), all case-insensitive; the
 * sequence, read as a number in base 0, is the NaN's payload, as in glibc. `*end` is set
 * after the longest such prefix, or to the start when there is none (the result is then 0).
 *
 * Rounding: exact, in the current rounding direction (fesetround; glibc's too): to nearest with ties
 * to even, or toward zero or away from zero for the value's sign, overflow and underflow included. The decimal digits (the first MAX_DIGITS of
 * them; any nonzero digit after those only breaks a tie, which an extra digit 1 does exactly)
 * make a big integer D, and the value is D × 10^E. With num/den = D × 10^E as two big integers,
 * the binary exponent x = floor(log2(num/den)) is found by comparison; the unit in the last
 * place is u = max(x - (P - 1), EMIN) for P mantissa bits; q = floor(num × 2^(1-u) / den) holds
 * the mantissa and one guard bit, the remainder is the sticky bit. Results beyond the largest
 * finite value are infinities, those below half the smallest subnormal are zeros; both set
 * errno to ERANGE, as does an inexact tiny result; tininess is detected after rounding, as on
 * x86 (2.2250738585072012e-308 rounds up to DBL_MIN but sets ERANGE: rounded to 53 bits with an
 * unbounded exponent it stays below DBL_MIN; 1.17549435e-38 as a float does not).
 */
#include "rt.h"

#define MAX_DIGITS 800
#define WORDS 200 /* 32-bit words: enough for 3200 digit bits shifted by 2200 */

struct bn {
    unsigned int w[WORDS];
    int n; /* words in use; w[n-1] != 0 unless n == 0 */
};

static void bn_set(struct bn *a, unsigned int v) {
    a->n = v ? 1 : 0;
    a->w[0] = v;
}

static void bn_trim(struct bn *a) {
    while (a->n > 0 && a->w[a->n - 1] == 0)
        a->n--;
}

/* a = a * m + add */
static void bn_mul_add(struct bn *a, unsigned int m, unsigned int add) {
    unsigned long long carry = add;
    for (int i = 0; i < a->n; i++) {
        unsigned long long t = (unsigned long long)a->w[i] * m + carry;
        a->w[i] = (unsigned int)t;
        carry = t >> 32;
    }
    if (carry && a->n < WORDS)
        a->w[a->n++] = (unsigned int)carry;
}

static void bn_shl(struct bn *a, int bits) {
    if (a->n == 0 || bits <= 0)
        return;
    int words = bits / 32, b = bits % 32;
    int n = a->n + words + 1;
    if (n > WORDS)
        n = WORDS;
    for (int i = n - 1; i >= 0; i--) {
        int src = i - words;
        unsigned long long hi = src >= 0 && src < a->n ? a->w[src] : 0;
        unsigned long long lo = src - 1 >= 0 && src - 1 < a->n ? a->w[src - 1] : 0;
        a->w[i] = b ? (unsigned int)((hi << b) | (lo >> (32 - b))) : (unsigned int)hi;
    }
    a->n = n;
    bn_trim(a);
}

static int bn_bits(const struct bn *a) {
    if (a->n == 0)
        return 0;
    unsigned int top = a->w[a->n - 1];
    int b = 0;
    while (top) {
        b++;
        top >>= 1;
    }
    return (a->n - 1) * 32 + b;
}

static int bn_cmp(const struct bn *a, const struct bn *b) {
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* a -= b, for a >= b */
static void bn_sub(struct bn *a, const struct bn *b) {
    long long borrow = 0;
    for (int i = 0; i < a->n; i++) {
        long long t = (long long)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = t < 0;
        a->w[i] = (unsigned int)(t + (borrow << 32));
    }
    bn_trim(a);
}

static void bn_pow10(struct bn *a, int e) {
    for (; e >= 9; e -= 9)
        bn_mul_add(a, 1000000000U, 0);
    for (; e > 0; e--)
        bn_mul_add(a, 10, 0);
}

static int lower(int c) {
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int starts_with(const char *s, const char *word) {
    for (; *word; s++, word++)
        if (lower((unsigned char)*s) != *word)
            return 0;
    return 1;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    c = lower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The format: P mantissa bits (with the hidden one), EMIN the exponent of the smallest subnormal's
 * unit, EMAX_BIASED the largest biased exponent of a finite value. */
struct format {
    int p;
    int emin;
    int bias;
    int emax_biased;
};

/* The bits of an overflow: infinity, or the largest finite number when the direction cuts toward
 * zero (`cut`: rt_rounding_cut of the value's sign). */
static unsigned long long overflow(const struct format *f, int cut) {
    unsigned long long inf = (unsigned long long)(f->emax_biased + 1) << (f->p - 1);
    return cut == 1 ? inf - 1 : inf;
}

/* Rounds mant (with guard bit g and sticky bit s) at unit exponent u in the direction `cut`
 * (rt_rounding_cut: 0 to nearest, 1 toward zero, 2 away from zero) and composes the bits. */
static unsigned long long compose(const struct format *f, unsigned long long mant, int g, int s, int u,
                                  int tiny, int *range_error, int cut) {
    if (tiny && (g || s))
        *range_error = 1; /* inexact and below the smallest normal before rounding: underflow */
    if (cut == 0 ? g && (s || (mant & 1)) : cut == 2 && (g || s))
        mant++;
    if (mant >> f->p) {
        mant >>= 1;
        u++;
    }
    if (mant == 0) {
        *range_error = 1;
        return 0;
    }
    if (mant >> (f->p - 1)) { /* normal */
        long long biased = (long long)u + (f->p - 1) + f->bias;
        if (biased > f->emax_biased) {
            *range_error = 1;
            return overflow(f, cut);
        }
        return ((unsigned long long)biased << (f->p - 1)) | (mant & ((1ULL << (f->p - 1)) - 1));
    }
    return mant; /* subnormal (u == emin) */
}

/* num / den (both nonzero) correctly rounded to format f in the direction `cut` (see compose).
 * Destroys num and den. */
static unsigned long long divide_round(const struct format *f, struct bn *num, struct bn *den, int *range_error,
                                       int cut) {
    /* x = floor(log2(num/den)): num/den lies in [2^(k-1), 2^(k+1)) for k the difference of
     * their bit lengths; one comparison decides. */
    int x = bn_bits(num) - bn_bits(den);
    struct bn a = *num, b = *den;
    if (x >= 0)
        bn_shl(&b, x);
    else
        bn_shl(&a, -x);
    if (bn_cmp(&a, &b) < 0)
        x--;
    if (x > f->emax_biased - f->bias) {
        *range_error = 1;
        return overflow(f, cut);
    }
    int u = x - (f->p - 1);
    if (u < f->emin)
        u = f->emin;
    if (x < f->emin - 2) { /* below half the smallest subnormal */
        *range_error = 1;
        return cut == 2 ? 1 : 0;
    }
    int shift = 1 - u; /* q = floor(num × 2^shift / den) < 2^(p+1) */
    if (shift >= 0)
        bn_shl(num, shift);
    else
        bn_shl(den, -shift);
    unsigned long long q = 0;
    for (int bit = f->p + 1; bit >= 0; bit--) {
        b = *den;
        bn_shl(&b, bit);
        if (bn_cmp(num, &b) >= 0) {
            bn_sub(num, &b);
            q |= 1ULL << bit;
        }
    }
    /* Tininess after rounding (x86, hence glibc): the value is tiny if rounding it to p bits with
     * an unbounded exponent stays below the smallest normal 2^(emin+p-1). Just below it, q is
     * that p-bit mantissa; it rounds up into the next binade only if it is all ones and the
     * remainder is at least half (to nearest) or not zero (away from zero). */
    int tiny = x < f->emin + f->p - 2;
    if (x == f->emin + f->p - 2) {
        b = *num;
        bn_shl(&b, 1);
        int rounds_up = cut == 0 ? bn_cmp(&b, den) >= 0 : cut == 2 && num->n != 0;
        tiny = !(q == (1ULL << f->p) - 1 && rounds_up);
    }
    return compose(f, q >> 1, (int)(q & 1), num->n != 0, u, tiny, range_error, cut);
}

/* The payload glibc gives a NaN written NAN(seq): seq is the longest run of n-chars (digits,
 * letters, '_') at s, which must be followed by `stop` (')' for strtod, '\0' for nan()); when
 * it is, and strtoull in base 0 reads all of it, the payload is strtoull's value (which may set
 * errno to ERANGE, as glibc's does), else 0. *after is set to the character after the run. The
 * caller keeps the bits that fit the mantissa. */
RT_WEAK unsigned long long __vigil_nan_payload(const char *s, char stop, const char **after) {
    const char *q = s;
    while ((*q >= '0' && *q <= '9') || (lower(*q) >= 'a' && lower(*q) <= 'z') || *q == '_')
        q++;
    *after = q;
    if (*q != stop || q == s)
        return 0;
    char *e;
    unsigned long long v = strtoull(s, &e, 0);
    return e == q ? v : 0;
}

/* Parses a number at s in format f; stores the end of the parsed text in *end and whether the
 * result is out of range (ERANGE) in *range_error; returns the IEEE bits. */
RT_WEAK unsigned long long __vigil_strtod_bits(const char *s, char **end, int single, int *range_error) {
    static const struct format dbl = {53, -1074, 1023, 2046};
    static const struct format flt = {24, -149, 127, 254};
    const struct format *f = single ? &flt : &dbl;
    unsigned long long sign_bit = single ? 1ULL << 31 : 1ULL << 63;
    const char *p = s;
    *range_error = 0;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
        p++;
    unsigned long long sign = 0;
    if (*p == '+' || *p == '-')
        sign = *p++ == '-' ? sign_bit : 0;
    unsigned long long exp_all_ones = (unsigned long long)(f->emax_biased + 1) << (f->p - 1);
    if (starts_with(p, "inf")) {
        p += starts_with(p, "infinity") ? 8 : 3;
        *end = (char *)p;
        return sign | exp_all_ones;
    }
    if (starts_with(p, "nan")) {
        p += 3;
        unsigned long long payload = 0;
        if (*p == '(') {
            const char *q;
            unsigned long long v = __vigil_nan_payload(p + 1, ')', &q);
            if (*q == ')') {
                payload = v;
                p = q + 1;
            }
        }
        *end = (char *)p;
        unsigned long long mantissa = (1ULL << (f->p - 1)) - 1;
        return sign | exp_all_ones | (1ULL << (f->p - 2)) | (payload & mantissa);
    }
    struct bn num, den;
    bn_set(&num, 0);
    int digits = 0, any = 0, sticky = 0;
    long long exp10 = 0; /* decimal (or binary, for hex) exponent of num's last digit */
    int hex = p[0] == '0' && lower(p[1]) == 'x' && (hex_value(p[2]) >= 0 || (p[2] == '.' && hex_value(p[3]) >= 0));
    if (hex)
        p += 2;
    int base = hex ? 16 : 10;
    for (int seen_point = 0;; p++) {
        int d = hex ? hex_value(*p) : (*p >= '0' && *p <= '9' ? *p - '0' : -1);
        if (*p == '.' && !seen_point) {
            seen_point = 1;
            continue;
        }
        if (d < 0)
            break;
        any = 1;
        if (digits < MAX_DIGITS) {
            if (digits > 0 || d > 0) {
                bn_mul_add(&num, (unsigned int)base, (unsigned int)d);
                digits++;
            }
            if (seen_point)
                exp10 -= hex ? 4 : 1;
        } else {
            sticky |= d != 0;
            if (!seen_point)
                exp10 += hex ? 4 : 1;
        }
    }
    if (!any) {
        *end = (char *)s;
        return 0;
    }
    if (lower(*p) == (hex ? 'p' : 'e')) {
        const char *q = p + 1;
        int neg = 0;
        if (*q == '+' || *q == '-')
            neg = *q++ == '-';
        if (*q >= '0' && *q <= '9') {
            long long e = 0;
            for (; *q >= '0' && *q <= '9'; q++)
                if (e < 100000000)
                    e = e * 10 + (*q - '0');
            exp10 += neg ? -e : e;
            p = q;
        }
    }
    *end = (char *)p;
    if (num.n == 0)
        return sign;
    /* glibc rounds in the current direction, its overflow and underflow results included. */
    int cut = rt_rounding_cut(sign != 0);
    if (sticky) { /* the digits cut off only matter at a tie: an extra digit 1 decides it */
        bn_mul_add(&num, (unsigned int)base, 1);
        exp10 -= hex ? 4 : 1;
        digits++;
    }
    bn_set(&den, 1);
    if (hex) {
        long long top = bn_bits(&num) + exp10; /* value < 2^top */
        if (top > f->emax_biased - f->bias + 2) {
            *range_error = 1;
            return sign | overflow(f, cut);
        }
        if (top < f->emin - 2) {
            *range_error = 1;
            return sign | (cut == 2);
        }
        if (exp10 >= 0)
            bn_shl(&num, (int)exp10);
        else
            bn_shl(&den, (int)-exp10);
    } else {
        long long mag = digits + exp10; /* value < 10^mag */
        if (mag > 40) { /* beyond 10^40 only double matters */
            if (mag > 311 || single) {
                *range_error = 1;
                return sign | overflow(f, cut);
            }
        }
        if (mag < -330 || (single && mag < -50)) {
            *range_error = 1;
            return sign | (cut == 2);
        }
        if (exp10 >= 0)
            bn_pow10(&num, (int)exp10);
        else
            bn_pow10(&den, (int)-exp10);
    }
    return sign | divide_round(f, &num, &den, range_error, cut);
}
