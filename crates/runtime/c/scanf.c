/*
 * scanf.c — formatted input: sscanf, vsscanf (from a string), scanf, vscanf, fscanf, vfscanf
 * (from stdin or a memory stream, byte by byte through fgetc/ungetc, so every byte read from
 * stdin is a nondeterministic choice as stdin.c describes), and glibc's __isoc99_ names for all
 * six (what <stdio.h> calls in C99 mode).
 *
 * The scanner follows glibc's vfscanf (C11 7.21.6.2 where glibc agrees with it), because the
 * answers must be the ones the program gets natively:
 *  - a white-space character in the format skips any white space before the next directive
 *    (also before %c, %[ and %n) and at the end of the format; every conversion except %c, %[,
 *    %n skips white space itself; other characters must match the input;
 *  - the result is the number of assignments, or EOF when the input ends (or fails) before the
 *    first assignment — glibc counts assignments, so "%*d%d" on "5" gives EOF; once the input
 *    has ended within a call, it is not read again in that call;
 *  - integers (%d %i %u %o %x %X) are collected as glibc does (sign, a "0x" prefix for %x/%i that
 *    is skipped, %i's octal "0"), then converted with strtol semantics for the target's width:
 *    saturation with ERANGE, then truncation to the argument type ("99999999999" with %d gives
 *    1215752191 on x86_64, as glibc does); length modifiers hh h l ll L q j z t;
 *  - %c reads width bytes (default 1; a shorter read at the end of the input still counts),
 *    %s non-white-space bytes plus a NUL, %[set] / %[^set] with glibc's ranges ("a-z") and a
 *    leading ']' or '-' taken literally, %n stores the number of bytes consumed, %% matches '%';
 *  - the byte that ends a field is pushed back (ungetc), so it is read next.
 *  - from stdin under symbolic data, an integer field without a width, or with one in base 10
 *    or 8 (%d %u %o), is one symbolic input for its magnitude instead of a loop over its digits
 *    (scan_number, scan_number_width: exact, the argument is there), unless the format has a
 *    %n; its first digit and the byte after it are read as usual.
 *  - %e %f %g %a (and upper case) read a field as collect_float describes and convert it with
 *    strtod's correctly rounded conversion (strtod.c, as integer bits: this file has no floating
 *    point), into a float, or a double with 'l'; ERANGE as strtod;
 * Not modelled, each raising VM_FAULT_INVALID_ARG (the verdict becomes `unknown`, never wrong):
 * %Lf (long double), %p, wide conversions (%lc,
 * %ls, %l[, %C, %S), the 'm' allocation flag and positional arguments (%1$d).
 */
#include "rt.h"

#define EOF (-1)

/*
 * Where the bytes come from: a NUL-terminated string, or a stream.
 *
 * The count of bytes consumed is kept only when the format has a %n (`counting`): nothing else
 * reads it, and a count that grows with every byte of white space skipped would make each
 * state of the skipping loop new, so that the explicit engine's search never closed on a
 * program that reads stdin with scanf (the byte itself is a symbolic input that is forgotten
 * once dead, see crates/vm/src/machine/symnorm.rs; the count was the only thing that differed).
 */
struct source {
    const char *str;
    FILE *stream;
    int ended;    /* the input ended (or failed) in this call: nothing more is read */
    int counting; /* the format has a %n: count the bytes consumed */
    long count;   /* bytes consumed so far, when counting (for %n) */
    int numbers;  /* integer fields may be read as one input (scan_number): stdin, no %n */
    int fresh;    /* the byte last read is fresh: see below */
    int back_fresh; /* the byte pushed back was fresh when it was read (in this directive) */
};
/* A fresh byte was read from stdin in the current directive (or read so, pushed back and read
 * again): nothing has looked at it but this directive's own scanning (the white space skipped
 * before a conversion, the sign, the first digit). A byte pushed back by an earlier directive
 * (the byte that ended a field), by ungetc before the call, is not fresh: earlier directives
 * constrained it (a byte after a %d field is no digit, but may be a hex digit that begins a %x
 * field). scan_number may assume things of a fresh byte only. The exception is the byte read
 * past a full field with a width (scan_number_width), which nothing constrains: it is marked
 * in stdin->untouched (cleared by ungetc and by any read) and stays fresh for later directives
 * and later calls. */

int __vigil_stdin_getc(int *fresh);
unsigned long long __vigil_stdin_number(int *symbolic);
void __vigil_stdin_note_text(const char *text, int n);

static int next(struct source *src) {
    if (src->ended)
        return EOF;
    int c;
    if (src->str) {
        c = (unsigned char)*src->str;
        if (c == 0)
            c = EOF;
        else
            src->str++;
    } else if (src->stream == stdin) {
        int from_input;
        c = __vigil_stdin_getc(&from_input);
        src->fresh = from_input || src->back_fresh;
        src->back_fresh = 0;
    } else {
        c = fgetc(src->stream);
    }
    if (c == EOF)
        src->ended = 1;
    else if (src->counting)
        src->count++;
    return c;
}

/* Puts back the byte just read (nothing for EOF). */
static void unread(struct source *src, int c) {
    if (c == EOF)
        return;
    if (src->counting)
        src->count--;
    if (src->str) {
        src->str--;
    } else {
        src->back_fresh = src->stream == stdin && src->fresh;
        ungetc(c, src->stream);
    }
}

static int is_space(int c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static int is_digit(int c) {
    return c >= '0' && c <= '9';
}

static int digit_value(int c) {
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return 99;
}

static int unsupported(const char *what) {
    __vigil_fault(VM_FAULT_INVALID_ARG, what);
    return EOF;
}

/* Sizes of the integer an argument points to. */
enum size { SIZE_CHAR, SIZE_SHORT, SIZE_INT, SIZE_LONG, SIZE_LLONG };

/* Stores v (already in the target's range or truncated as glibc does) through the next argument. */
static void store(va_list *ap, enum size size, unsigned long long v) {
    switch (size) {
    case SIZE_CHAR: *va_arg(*ap, signed char *) = (signed char)v; break;
    case SIZE_SHORT: *va_arg(*ap, short *) = (short)v; break;
    case SIZE_INT: *va_arg(*ap, int *) = (int)v; break;
    case SIZE_LONG: *va_arg(*ap, long *) = (long)v; break;
    case SIZE_LLONG: *va_arg(*ap, long long *) = (long long)v; break;
    }
}

/*
 * glibc's conversion of the collected digits: strtoll/strtoull for 64-bit targets, strtol/
 * strtoul (the width of long) for the others, so a value saturates at the limit of that type
 * (errno ERANGE) and is then truncated to the argument.
 */
static unsigned long long convert(unsigned long long magnitude, int overflow, int negative,
                                  int is_signed, enum size size) {
    int wide = size == SIZE_LLONG;
    if (is_signed) {
        long long max = wide ? LLONG_MAX : LONG_MAX;
        unsigned long long limit = (unsigned long long)max + (negative ? 1 : 0);
        if (overflow || magnitude > limit) {
            *__errno_location() = RT_ERANGE;
            return negative ? (unsigned long long)(-max - 1) : (unsigned long long)max;
        }
        return negative ? 0ULL - magnitude : magnitude;
    }
    unsigned long long max = wide ? ULLONG_MAX : ULONG_MAX;
    if (overflow || magnitude > max) {
        *__errno_location() = RT_ERANGE;
        return max;
    }
    return negative ? (0ULL - magnitude) & max : magnitude;
}

/* The outcome of one directive. */
enum step { STEP_OK, STEP_MATCH_FAILURE, STEP_INPUT_FAILURE };

/* Ends the run unless cond holds (not __VERIFIER_assume, which a program may define). */
static void assume(int cond) {
    if (!cond)
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
}

/*
 * An integer field of stdin read as one input: its first digit c has just been read, fresh
 * from stdin (an input no one has looked at but the scanner, which only knows that it is a
 * digit of the field); the sign, if any, is behind it. Returns 0, having read nothing more,
 * when the magnitude is not symbolic (nothing is, or the VM cannot interrupt here): the caller
 * then reads the field byte by byte.
 *
 * Byte by byte, the digits of a field without a width are a loop whose every round makes a new
 * state (a growing value), so the explicit engine's search never closed on such a program. As
 * one input the field is exact, that is, the runs it stands for are the runs the byte-by-byte
 * scanner has, with the same state after the field as far as the program can tell:
 *  - What the program can tell of a field is the value stored (strtol's magnitude M, sign and
 *    range, then the argument's truncation, see convert), errno (ERANGE, and a read error's
 *    errno when the byte after the field is one), and the stream: the byte after the field
 *    (pushed back), or the end of the input or a read error (the indicators, and nothing more
 *    read in this call). How many bytes the field had is seen only by %n, which turns this off.
 *  - Runs of the scanner whose field has a digit (the others, a matching failure or the end of
 *    the input, are left to the byte-by-byte path: the first digit is a choice already made)
 *    reach: any M of 0..2^64-1, or any M >= 2^64 (convert's `overflow`, which glibc answers
 *    without the magnitude); with either sign; followed by the end of the input, a read error,
 *    or a byte that does not continue the field: for %d %u not 0-9, for %o not 0-7, for %x not
 *    a hex digit (after "0x" too, and "00x" ends in 'x'), and for %i not 0-7 (a decimal or hex
 *    field ends in no digit 0-7 either; an octal one may end in '8', '9' or 'x'). Conversely,
 *    each such combination is a run: M's digits in the base (in octal for %i) after a '0',
 *    then that byte.
 *  - Here: the first digit must be '0' (an assumption on the fresh byte; a run whose field
 *    starts with another digit reaches the same states as the run with a '0' in front, since a
 *    leading zero changes no value: "0" then the digits of M in the base, which for %i makes the
 *    base 8 and for %x cannot be an "0x" prefix, the next byte being a digit), then a choice
 *    between M >= 2^64 and M a 64-bit input, then the byte after the field read as usual and
 *    assumed not to be a digit of the base (8 for %i), pushed back as the scanner does.
 *  - The value is converted and stored by the code the byte-by-byte path uses, after the byte
 *    that ends the field was read (so a read error's errno is overwritten by ERANGE, as there).
 * When the VM records a trace (a counterexample replayed with the inputs of its model), the
 * field's text is noted as stdin bytes ("0", already noted as the byte read, then M's digits in
 * the base, at least one; for M >= 2^64 22 times the highest digit), so that the harness and
 * `vigil replay` give the program those bytes: real input that takes the path found.
 */
static int scan_number(struct source *src, int c, int base, int negative, int is_signed,
                       int suppress, enum size size, va_list *ap, enum step *result) {
    int symbolic = 1;
    unsigned long long magnitude = __vigil_stdin_number(&symbolic);
    if (!symbolic)
        return 0;
    assume(c == '0');
    if (base == 0)
        base = 8;
    int overflow = __vm_choose(2);
    if (rt_tracing()) {
        char text[24];
        int n = 0;
        if (overflow) {
            for (; n < 22; n++)
                text[n] = "0123456789abcdef"[base - 1];
        } else {
            char digits[24];
            unsigned long long m = magnitude;
            do {
                digits[n++] = "0123456789abcdef"[m % (unsigned)base];
                m /= (unsigned)base;
            } while (m);
            for (int i = 0; i < n; i++)
                text[i] = digits[n - 1 - i];
        }
        __vigil_stdin_note_text(text, n);
    }
    c = next(src);
    if (c != EOF) {
        assume(digit_value(c) >= base);
        unread(src, c);
    }
    unsigned long long v = convert(magnitude, overflow, negative, is_signed, size);
    if (!suppress)
        store(ap, size, v);
    *result = STEP_OK;
    return 1;
}

/* The longest width (after the sign) scan_number_width takes in base 10 and 8: base^n must
 * stay below 2^64, so the magnitude never overflows (10^19 < 2^64 <= 8^22). */
#define WIDTH_MAX_10 19
#define WIDTH_MAX_8 21

/*
 * An integer field of stdin with a width, in base 10 or 8 (%d %u %o), read as one input as
 * scan_number does without a width: c is its first digit, fresh (see struct source), the sign
 * is behind it, and n (1..WIDTH_MAX_*) bytes of the width are left for the digits. Returns 0,
 * having read nothing more, when the magnitude is not symbolic.
 *
 * Byte by byte, the scanner consumes k digits, 1 <= k <= n, then reads one more byte (also when
 * the width is used up) and pushes it back: when k < n that byte is no digit, or the end of the
 * input, or a read error; when k = n it is anything (or the end, or an error). The magnitude M
 * is then any number below base^k (below 2^64, so convert never sees an overflow), and in base
 * 10 or 8 a leading '0' is just a digit. Exact, as one input: a choice between the full field
 * (len = n) and a shorter one (len = n - 1, when n >= 2); M an input below base^len; its text
 * the len digits of M with leading zeros, whose first one is c (assumed: c's digit is
 * M / base^(len - 1)); then the next byte read as usual, assumed no digit unless the field is
 * full, and pushed back. A field of k < n - 1 digits reaches the same states as its text
 * padded with zeros to n - 1 digits, and each abstract run is the scanner's run on its text,
 * which a replayed counterexample notes as stdin bytes (c was noted when it was read).
 */
static int scan_number_width(struct source *src, int c, int base, int n, int negative, int is_signed,
                             int suppress, enum size size, va_list *ap, enum step *result) {
    int symbolic = 1;
    unsigned long long magnitude = __vigil_stdin_number(&symbolic);
    if (!symbolic)
        return 0;
    int full = n == 1 || __vm_choose(2);
    int len = full ? n : n - 1;
    unsigned long long top = 1; /* base^(len - 1) */
    for (int i = 1; i < len; i++)
        top *= (unsigned)base;
    assume(magnitude / top < (unsigned)base);
    assume(c == '0' + (int)(magnitude / top));
    if (rt_tracing() && len > 1) {
        char text[WIDTH_MAX_8];
        unsigned long long m = magnitude;
        for (int i = len - 1; i >= 1; i--) {
            text[i - 1] = (char)('0' + m % (unsigned)base);
            m /= (unsigned)base;
        }
        __vigil_stdin_note_text(text, len - 1);
    }
    c = next(src);
    if (c != EOF) {
        if (!full)
            assume(digit_value(c) >= base);
        unread(src, c);
        /* After a full field, the byte read past it and pushed back is an input on which
         * nothing depends: a later field may take it as fresh (across calls too). */
        if (full && src->fresh)
            stdin->untouched = 1;
    }
    unsigned long long v = convert(magnitude, 0, negative, is_signed, size);
    if (!suppress)
        store(ap, size, v);
    *result = STEP_OK;
    return 1;
}

/*
 * Scans an integer in `base` (0 = by prefix, as %i) with field width `width` (-1: none), the
 * first byte c already read (not EOF). Stores it unless suppressed. A field without a width
 * from stdin may be read as one input (scan_number).
 */
static enum step scan_integer(struct source *src, int c, int base, int width, int is_signed,
                              int suppress, enum size size, va_list *ap) {
    int negative = 0, any = 0, sign_only = 0;
    unsigned long long magnitude = 0;
    int overflow = 0;
    if (c == '-' || c == '+') {
        negative = c == '-';
        sign_only = 1;
        if (width > 0)
            width--;
        c = next(src);
    }
    enum step number;
    if (width < 0 && src->numbers && c != EOF && src->fresh && digit_value(c) < (base == 0 ? 10 : base) &&
        scan_number(src, c, base, negative, is_signed, suppress, size, ap, &number))
        return number;
    if (width > 0 && src->numbers && c != EOF && src->fresh && (base == 10 || base == 8) &&
        width <= (base == 10 ? WIDTH_MAX_10 : WIDTH_MAX_8) && digit_value(c) < base &&
        scan_number_width(src, c, base, width, negative, is_signed, suppress, size, ap, &number))
        return number;
    if (width != 0 && c == '0') {
        if (width > 0)
            width--;
        any = 1;
        sign_only = 0;
        c = next(src);
        if (width != 0 && (c == 'x' || c == 'X')) {
            if (base == 0)
                base = 16;
            if (base == 16) {
                if (width > 0)
                    width--;
                c = next(src);
            }
        } else if (base == 0) {
            base = 8;
        }
    }
    if (base == 0)
        base = 10;
    while (c != EOF && width != 0) {
        int d = digit_value(c);
        if (d >= base)
            break;
        unsigned long long t;
        if (__builtin_mul_overflow(magnitude, (unsigned long long)base, &t) ||
            __builtin_add_overflow(t, (unsigned long long)d, &t))
            overflow = 1;
        else
            magnitude = t;
        any = 1;
        sign_only = 0;
        if (width > 0)
            width--;
        c = next(src);
    }
    unread(src, c);
    if (!any || sign_only)
        return STEP_MATCH_FAILURE;
    unsigned long long v = convert(magnitude, overflow, negative, is_signed, size);
    if (!suppress)
        store(ap, size, v);
    return STEP_OK;
}

unsigned long long __vigil_strtod_bits(const char *s, char **end, int single, int *range_error);

static int lower_of(int c) {
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int is_hex_digit(int c) {
    return digit_value(c) < 16;
}

#define FLOAT_TEXT 128

/* The text of a floating-point field, collected as glibc's scanner does (checked natively):
 * an optional sign; "nan" (no "(...)" part) or "inf" / "infinity" in any case, which must be
 * complete; or a hexadecimal ("0x" and at least one hex digit) or decimal mantissa with at most
 * one point and at least one digit, then an exponent letter (p or e) with an optional sign and
 * digits — the letter and sign are consumed even when no digit follows ("100ergs" reads "100e"
 * and converts 100). Every byte counts against the width. Returns 1 when the text is a number
 * (its prefix that strtod reads is the value), 0 on a matching failure, -1 when the text is too
 * long to be modelled. The byte that ended the field is pushed back. */
static int collect_float(struct source *src, int c, int width, char *text) {
    int n = 0;
#define TAKE()                                  \
    do {                                        \
        if (n == FLOAT_TEXT - 1)                \
            return -1;                          \
        text[n++] = (char)c;                    \
        if (width > 0)                          \
            width--;                            \
        c = width != 0 ? next(src) : EOF;       \
    } while (0)
    int ok = 0;
    if (c == '+' || c == '-')
        TAKE();
    if (lower_of(c) == 'n' || lower_of(c) == 'i') {
        const char *word = lower_of(c) == 'n' ? "nan" : "infinity";
        int k = 0;
        while (word[k] && c != EOF && lower_of(c) == word[k]) {
            TAKE();
            k++;
        }
        /* "nan" and "inf" complete the field; "infinity" must then be complete too. */
        ok = k == 3 || k == 8;
    } else {
        int hex = 0, digits = 0, point = 0;
        if (c == '0') {
            TAKE();
            digits = 1;
            if (c == 'x' || c == 'X') {
                TAKE();
                hex = 1;
                digits = 0;
            }
        }
        for (; c != EOF; ) {
            if (hex ? is_hex_digit(c) : is_digit(c)) {
                digits++;
                TAKE();
            } else if (c == '.' && !point) {
                point = 1;
                TAKE();
            } else {
                break;
            }
        }
        ok = digits > 0;
        if (ok && c != EOF && lower_of(c) == (hex ? 'p' : 'e')) {
            TAKE();
            if (c == '+' || c == '-')
                TAKE();
            while (c != EOF && is_digit(c))
                TAKE();
        }
    }
#undef TAKE
    unread(src, c);
    text[n] = 0;
    return ok;
}

/* A floating-point conversion: float (no length), double (l); long double is not modelled. */
static enum step scan_float(struct source *src, int c, int width, int suppress, enum size size,
                            int long_double, va_list *ap) {
    if (long_double) {
        unsupported("scanf: long double conversions are not modelled");
        return STEP_MATCH_FAILURE;
    }
    char text[FLOAT_TEXT];
    int ok = collect_float(src, c, width, text);
    if (ok < 0) {
        unsupported("scanf: a floating-point field longer than 127 bytes is not modelled");
        return STEP_MATCH_FAILURE;
    }
    if (!ok)
        return STEP_MATCH_FAILURE;
    if (suppress)
        return STEP_OK;
    char *end;
    int range;
    int single = size != SIZE_LONG;
    unsigned long long bits = __vigil_strtod_bits(text, &end, single, &range);
    if (range)
        *__errno_location() = RT_ERANGE;
    void *out = va_arg(*ap, void *);
    if (single) {
        unsigned int b32 = (unsigned int)bits;
        __builtin_memcpy(out, &b32, sizeof b32);
    } else {
        __builtin_memcpy(out, &bits, sizeof bits);
    }
    return STEP_OK;
}

/* Parses the scanset after "%[" (and '^'); set[b] = 1 for the bytes in it. Returns the format
 * after the closing ']', or NULL if there is none. */
static const char *parse_scanset(const char *f, unsigned char set[256], int *negated) {
    for (int i = 0; i < 256; i++)
        set[i] = 0;
    *negated = 0;
    if (*f == '^') {
        *negated = 1;
        f++;
    }
    if (*f == ']' || *f == '-')
        set[(unsigned char)*f++] = 1;
    unsigned char fc;
    while ((fc = (unsigned char)*f++) != 0 && fc != ']') {
        if (fc == '-' && *f != 0 && *f != ']' && (unsigned char)f[-2] <= (unsigned char)*f) {
            for (unsigned lo = (unsigned char)f[-2]; lo < (unsigned char)*f; lo++)
                set[lo] = 1;
        } else {
            set[fc] = 1;
        }
    }
    return fc == 0 ? NULL : f;
}

/* A length modifier that may be doubled (h/hh, l/ll) at *f: `single` or `doubled`; *f is moved
 * past it. */
static enum size length_modifier(const char **f, enum size single, enum size doubled) {
    char c = *(*f)++;
    if (**f != c)
        return single;
    (*f)++;
    return doubled;
}

/* The start of %c, %s and %[: a destination unless the assignment is suppressed, and a first
 * character, put in *c. */
static enum step string_start(struct source *src, int suppress, const char *out, int *c) {
    if (!suppress && !out)
        return STEP_MATCH_FAILURE;
    *c = next(src);
    return *c == EOF ? STEP_INPUT_FAILURE : STEP_OK;
}

static int scan(struct source *src, const char *f, va_list ap0) {
    /* Any 'n' in the format may be a %n (a literal 'n' or one in a scanset only costs the
     * shortcuts below). */
    for (const char *p = f; *p; p++)
        if (*p == 'n')
            src->counting = 1;
    src->numbers = !src->counting && !src->str && src->stream == stdin;
    va_list ap;
    va_copy(ap, ap0);
    int done = 0;
    int skip_space = 0;
    enum step result = STEP_OK;
    while (*f && result == STEP_OK) {
        char fc = *f++;
        src->back_fresh = 0; /* a new directive: nothing pushed back so far is fresh */
        if (fc != '%') {
            if (is_space(fc)) {
                skip_space = 1;
                continue;
            }
            int c = next(src);
            if (c == EOF) {
                result = STEP_INPUT_FAILURE;
                break;
            }
            if (skip_space) {
                while (is_space(c))
                    if ((c = next(src)) == EOF) {
                        result = STEP_INPUT_FAILURE;
                        break;
                    }
                skip_space = 0;
                if (result != STEP_OK)
                    break;
            }
            if (c != (unsigned char)fc) {
                unread(src, c);
                result = STEP_MATCH_FAILURE;
            }
            continue;
        }

        int suppress = 0;
        while (*f == '*' || *f == '\'' || *f == 'm') {
            if (*f == 'm') {
                va_end(ap);
                return unsupported("scanf: the 'm' (allocate) flag is not modelled");
            }
            if (*f == '*')
                suppress = 1;
            f++;
        }
        int width = 0;
        while (is_digit(*f))
            width = width * 10 + (*f++ - '0');
        if (*f == '$') {
            va_end(ap);
            return unsupported("scanf: positional arguments are not modelled");
        }
        if (width == 0)
            width = -1;
        enum size size = SIZE_INT;
        int wide_char = 0, long_double = 0;
        switch (*f) {
        case 'h':
            size = length_modifier(&f, SIZE_SHORT, SIZE_CHAR);
            break;
        case 'l':
            size = length_modifier(&f, SIZE_LONG, SIZE_LLONG);
            wide_char = size == SIZE_LONG; /* %lc, %ls, %l[ */
            break;
        case 'q': case 'L': case 'j':
            long_double = *f == 'L';
            f++;
            size = SIZE_LLONG;
            break;
        case 'z': case 't':
            f++;
            size = sizeof(size_t) == sizeof(long) ? SIZE_LONG : SIZE_INT;
            break;
        default:
            break;
        }
        if (*f == 0) {
            result = STEP_MATCH_FAILURE;
            break;
        }
        fc = *f++;
        int c = 0;
        if (skip_space || (fc != '[' && fc != 'c' && fc != 'n')) {
            do
                c = next(src);
            while (is_space(c));
            unread(src, c);
            skip_space = 0;
        }
        switch (fc) {
        case '%':
            c = next(src);
            if (c == EOF)
                result = STEP_INPUT_FAILURE;
            else if (c != '%') {
                unread(src, c);
                result = STEP_MATCH_FAILURE;
            }
            break;
        case 'n':
            if (!suppress)
                store(&ap, size, (unsigned long long)src->count);
            break;
        case 'c': {
            if (wide_char)
                goto wide;
            if (width == -1)
                width = 1;
            char *out = suppress ? NULL : va_arg(ap, char *);
            if ((result = string_start(src, suppress, out, &c)) != STEP_OK)
                break;
            do {
                if (out)
                    *out++ = (char)c;
            } while (--width > 0 && (c = next(src)) != EOF);
            if (!suppress)
                done++;
            break;
        }
        case 's': {
            if (wide_char)
                goto wide;
            char *out = suppress ? NULL : va_arg(ap, char *);
            if ((result = string_start(src, suppress, out, &c)) != STEP_OK)
                break;
            do {
                if (is_space(c)) {
                    unread(src, c);
                    break;
                }
                if (out)
                    *out++ = (char)c;
            } while ((width <= 0 || --width > 0) && (c = next(src)) != EOF);
            if (out) {
                *out = 0;
                done++;
            }
            break;
        }
        case '[': {
            if (wide_char)
                goto wide;
            unsigned char set[256];
            int negated;
            f = parse_scanset(f, set, &negated);
            if (!f) {
                result = STEP_MATCH_FAILURE;
                break;
            }
            if (width < 0)
                width = INT_MAX;
            char *out = suppress ? NULL : va_arg(ap, char *);
            int taken = 0;
            if ((result = string_start(src, suppress, out, &c)) != STEP_OK)
                break;
            do {
                if (set[c] == negated) {
                    unread(src, c);
                    break;
                }
                taken = 1;
                if (out)
                    *out++ = (char)c;
            } while (--width > 0 && (c = next(src)) != EOF);
            if (!taken) {
                result = STEP_MATCH_FAILURE;
                break;
            }
            if (out) {
                *out = 0;
                done++;
            }
            break;
        }
        case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
            int base = fc == 'd' || fc == 'u' ? 10 : fc == 'i' ? 0 : fc == 'o' ? 8 : 16;
            c = next(src);
            if (c == EOF) {
                result = STEP_INPUT_FAILURE;
                break;
            }
            result = scan_integer(src, c, base, width, fc == 'd' || fc == 'i', suppress, size, &ap);
            if (result == STEP_OK && !suppress)
                done++;
            break;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
            c = next(src);
            if (c == EOF) {
                result = STEP_INPUT_FAILURE;
                break;
            }
            result = scan_float(src, c, width, suppress, size, long_double, &ap);
            if (result == STEP_OK && !suppress)
                done++;
            break;
        }
        case 'p':
            va_end(ap);
            return unsupported("scanf: %p is not modelled");
        case 'C': case 'S':
        wide:
            va_end(ap);
            return unsupported("scanf: wide-character conversions are not modelled");
        default:
            result = STEP_MATCH_FAILURE;
            break;
        }
    }
    if (result == STEP_OK && skip_space) {
        int c;
        do
            c = next(src);
        while (is_space(c));
        unread(src, c);
    }
    va_end(ap);
    if (result == STEP_INPUT_FAILURE && done == 0)
        return EOF;
    return done;
}

RT_WEAK int vsscanf(const char *restrict str, const char *restrict fmt, va_list ap) {
    struct source src = {str, NULL, 0, 0, 0, 0, 0, 0};
    return scan(&src, fmt, ap);
}

RT_WEAK int vfscanf(FILE *restrict stream, const char *restrict fmt, va_list ap) {
    struct source src = {NULL, stream, 0, 0, 0, 0, 0, 0};
    return scan(&src, fmt, ap);
}

/* The front ends, under their C names (prefix empty) and under the __isoc99_ names glibc's
 * headers redirect the scanf family to in C99 (and later) mode. */
#define SCANF_FRONT_ENDS(prefix)                                                             \
    RT_WEAK int prefix##vscanf(const char *restrict fmt, va_list ap) {                       \
        return vfscanf(stdin, fmt, ap);                                                      \
    }                                                                                        \
    RT_WEAK int prefix##sscanf(const char *restrict str, const char *restrict fmt, ...) {    \
        RT_VA_FORWARD(fmt, vsscanf(str, fmt, ap));                                           \
    }                                                                                        \
    RT_WEAK int prefix##fscanf(FILE *restrict stream, const char *restrict fmt, ...) {       \
        RT_VA_FORWARD(fmt, vfscanf(stream, fmt, ap));                                        \
    }                                                                                        \
    RT_WEAK int prefix##scanf(const char *restrict fmt, ...) {                               \
        RT_VA_FORWARD(fmt, vfscanf(stdin, fmt, ap));                                         \
    }

SCANF_FRONT_ENDS()
SCANF_FRONT_ENDS(__isoc99_)

RT_WEAK int __isoc99_vsscanf(const char *restrict str, const char *restrict fmt, va_list ap) {
    return vsscanf(str, fmt, ap);
}

RT_WEAK int __isoc99_vfscanf(FILE *restrict stream, const char *restrict fmt, va_list ap) {
    return vfscanf(stream, fmt, ap);
}
