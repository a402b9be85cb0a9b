/*
 * diff_libc.c — the runtime against glibc: a table-driven differential driver.
 *
 * The same program is compiled twice, natively against glibc and by vigil into its VM (where the
 * runtime provides the library), and the two outputs must be identical (crates/cli/tests/
 * libc_diff.rs). Every case calls one library function on inputs drawn from a fixed table of
 * boundary values and from a seeded pseudo-random generator (SEED, COUNT: -D options; the same
 * seed gives the same inputs on both sides) and prints one line: the function, its inputs, its
 * return value (as an offset for returned pointers), errno, and the memory it wrote (the whole
 * destination buffer, which starts filled with a canary byte, so stray writes show too).
 *
 * In the VM (-DDIFF_IN_VM) the program ends in reach_error(), so that vigil reports a
 * counterexample whose replayed trace carries the whole output, one piece per line.
 *
 * Not compared: memcmp's, wcscmp's and wcsncmp's value beyond its sign (glibc's depends on the
 * implementation the CPU selects, and for the wide ones on where the strings lie), addresses
 * (%p). Floating point: printf's conversions and the exactly rounded math.h functions
 * (diff_float.h).
 *
 * Lines stay shorter than 120 characters (the VM hands output over in pieces of 128) and contain
 * only printable ASCII (bytes are escaped). Nothing printed depends on addresses.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <wchar.h>

#ifndef SEED
#define SEED 1
#endif
#ifndef COUNT
#define COUNT 20
#endif

/* ---- deterministic inputs ---- */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL ^ (unsigned long long)SEED;

static unsigned rnd(unsigned n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* A random string of up to max - 1 bytes from `alphabet`, NUL-terminated in out. */
static void rnd_string(char *out, int max, const char *alphabet) {
    int len = (int)rnd((unsigned)max);
    int n = (int)strlen(alphabet);
    for (int i = 0; i < len; i++)
        out[i] = alphabet[rnd((unsigned)n)];
    out[len] = 0;
}

static long long rnd_int(void) {
    static const long long edges[] = {0, 1, -1, 7, -7, 42, 127, -128, 255, 256, 32767, -32768,
                                      65535, INT_MAX, INT_MIN, UINT_MAX, LLONG_MAX, LLONG_MIN};
    if (rnd(3) == 0)
        return edges[rnd(sizeof edges / sizeof edges[0])];
    long long v = (long long)rnd(1u << 30) - (1 << 29);
    return rnd(2) ? v : v * (long long)rnd(100000);
}

/* ---- printing ---- */

/* The line being built; end_line prints it with one printf call, so that the VM hands it over
 * as one piece of output. */
static char line[160];
static size_t line_len;

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line + line_len, sizeof line - line_len, fmt, ap);
    va_end(ap);
    if (n > 0)
        line_len += (size_t)n;
    if (line_len >= sizeof line)
        line_len = sizeof line - 1;
}

/* Prints n bytes escaped (printable ASCII as is, others as \xHH). */
static void put_bytes(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 32 && c < 127 && c != '\\')
            out("%c", c);
        else
            out("\\x%02x", c);
    }
}

static void put_string(const char *label, const char *s) {
    out(" %s=\"", label);
    put_bytes(s, strlen(s));
    out("\"");
}

static void end_line(void) {
    out(" errno=%d", errno);
    printf("%s\n", line);
    line_len = 0;
}

#define CANARY '#'

/* ---- the cases ---- */

/* Where a function left an end pointer: its offset, or -999 when it did not store one. */
#define OFF(end, s) ((end) ? (int)((end) - (s)) : -999)
#define RESET(end) ((end) = NULL)

static const char number_chars[] = " \t+-0123456789abcdefxXzZ";

static const char *const number_edges[] = {
    "", " ", "0", "-0", "+", "-", "0x", "0X1g", "0x7fffffffffffffff", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551615", "18446744073709551616", "-1", "  \t\n42abc", "2147483648",
    "-2147483649", "077", "08", "zz", "Z", "0b101", "1e5", "4294967296"};

static void number_case(int k, const char *s) {
    static const int bases[] = {0, 10, 16, 8, 2, 36, 1, 37, -1};
    int base = bases[rnd(sizeof bases / sizeof bases[0])];
    char *end = NULL;
/* One conversion of s by FN (result of TYPE, printed as NAME=FMT) and where it stopped. */
#define STRTO(FN, TYPE, NAME, FMT)                                                                \
    do {                                                                                          \
        errno = 0;                                                                                \
        RESET(end);                                                                               \
        TYPE r_ = FN(s, &end, base);                                                              \
        out(" " NAME "=" FMT " e=%d", r_, OFF(end, s));                                           \
    } while (0)
    out("%d strtol", k);
    put_string("s", s);
    out(" b=%d", base);
    STRTO(strtol, long, "r", "%ld");
    end_line();
    out("%d strtoul", k);
    STRTO(strtoul, unsigned long, "r", "%lu");
    end_line();
    out("%d strtoll", k);
    STRTO(strtoll, long long, "r", "%lld");
    STRTO(strtoull, unsigned long long, "ull", "%llu");
    end_line();
#undef STRTO
    out("%d atoi", k);
    errno = 0;
    out(" r=%d %ld %lld", atoi(s), atol(s), atoll(s));
    end_line();
}

static void numbers(void) {
    int k = 0;
    for (size_t i = 0; i < sizeof number_edges / sizeof number_edges[0]; i++)
        number_case(k++, number_edges[i]);
    char s[24];
    for (int i = 0; i < COUNT; i++) {
        rnd_string(s, sizeof s, rnd(2) ? number_chars : "0123456789-");
        number_case(k++, s);
    }
}

static const char *const int_formats[] = {
    "%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%.3d", "%.0d", "%8.3d", "%-+6d|", "%x", "%#x",
    "%#X", "%o", "%#o", "%u", "%ld", "%lld", "%hhd", "%hd", "%hhu", "%hu", "%lx", "%llX", "%zu",
    "%c", "%i", "%#.3o", "%*d", "%-*d|", "%.*d", "%jd", "%%d",
    /* a width or precision beyond INT_MAX: -1 with EOVERFLOW, the text before it kept */
    "ab%2147483648d", "ab%.4294967297d"};
#define INT_FORMATS (int)(sizeof int_formats / sizeof int_formats[0])

static void formats(void) {
    char buf[48];
    static const size_t sizes[] = {0, 1, 4, 8, 40};
    for (int i = 0; i < COUNT + INT_FORMATS; i++) {
        const char *f = int_formats[i < INT_FORMATS ? i : (int)rnd(INT_FORMATS)];
        long long v = rnd_int();
        int star = (int)rnd(21) - 10;
        size_t size = sizes[rnd(5)];
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r;
        if (f[1] == 'l' && f[2] == 'l')
            r = snprintf(buf, size, f, v);
        else if (f[1] == 'l' || f[1] == 'z' || f[1] == 'j')
            r = snprintf(buf, size, f, (long)v);
        else if (strchr(f, '*'))
            r = snprintf(buf, size, f, star, (int)v);
        else
            r = snprintf(buf, size, f, (int)v);
        out("%d snprintf f=\"%s\" v=%lld n=%zu r=%d buf=\"", i, f, v, size, r);
        put_bytes(buf, 12);
        out("\"");
        end_line();
    }
    /* Random conversion specifications: flags, width, precision, length, conversion. */
    for (int i = 0; i < COUNT; i++) {
        char f[24];
        int n = 0;
        static const char convs[] = "diuoxXc";
        char conv = convs[rnd(7)];
        f[n++] = '%';
        for (const char *fl = "-+ 0#"; *fl; fl++)
            if (rnd(4) == 0 && (*fl != '#' || (conv == 'o' || conv == 'x' || conv == 'X')))
                f[n++] = *fl;
        int w = (int)rnd(16) - 3, star_w = rnd(8) == 0, star_p = rnd(8) == 0;
        if (star_w)
            f[n++] = '*';
        else if (w > 0)
            n += sprintf(f + n, "%d", w);
        int p = (int)rnd(16) - 5;
        if (conv != 'c' && (star_p || p >= 0)) {
            f[n++] = '.';
            if (star_p)
                f[n++] = '*';
            else
                n += sprintf(f + n, "%d", p);
        }
        static const char *const lens[] = {"", "", "hh", "h", "l", "ll", "z", "j", "t"};
        const char *len = conv == 'c' ? "" : lens[rnd(9)];
        n += sprintf(f + n, "%s%c", len, conv);
        long long v = rnd_int();
        int sw = (int)rnd(30) - 10, sp = (int)rnd(20) - 6;
        size_t size = sizes[rnd(5)];
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r;
        int wide = len[0] == 'l' || len[0] == 'z' || len[0] == 'j' || len[0] == 't';
        if (star_w && star_p)
            r = wide ? snprintf(buf, size, f, sw, sp, v) : snprintf(buf, size, f, sw, sp, (int)v);
        else if (star_w || star_p)
            r = wide ? snprintf(buf, size, f, star_w ? sw : sp, v)
                     : snprintf(buf, size, f, star_w ? sw : sp, (int)v);
        else
            r = wide ? snprintf(buf, size, f, v) : snprintf(buf, size, f, (int)v);
        out("%d rformat f=\"%s\" v=%lld sw=%d sp=%d n=%zu r=%d", i, f, v, sw, sp, size, r);
        end_line();
        out("%d rbuf \"", i);
        put_bytes(buf, size < 40 ? size + 1 : 40);
        out("\"");
        end_line();
    }
    static const char *const strs[] = {"", "a", "hello", "hello, world!", 0};
    static const char *const str_formats[] = {"%s", "%10s|", "%-10s|", "%.2s", "%8.3s|", "[%s]", "%.6s"};
    for (int i = 0; i < 35; i++) {
        const char *f = str_formats[i % 7];
        const char *s = strs[(i / 7) % 5];
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r = sprintf(buf, f, s);
        out("%d sprintf f=\"%s\" r=%d buf=\"", i, f, r);
        put_bytes(buf, 20);
        out("\"");
        end_line();
    }
    /* Wide strings and characters of ASCII, as the C locale converts them. */
    static const __WCHAR_TYPE__ *const wstrs[] = {L"", L"a", L"hello, world!", 0};
    static const char *const wide_formats[] = {"%ls", "%10ls|", "%-10ls|", "%.2ls", "%8.3ls|", "[%ls%lc]"};
    for (int i = 0; i < 24; i++) {
        const char *f = wide_formats[i % 6];
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r = sprintf(buf, f, wstrs[(i / 6) % 4], (__WINT_TYPE__)('A' + i));
        out("%d wsprintf f=\"%s\" r=%d buf=\"", i, f, r);
        put_bytes(buf, 20);
        out("\"");
        end_line();
    }
}

static const char *const scan_formats[] = {"%d", "%i", "%x", "%o", "%u", "%3d%n", "%d%d", "%s",
                                           "%2c", "%[a-c]", "%[^x]", "%*d%d", " %d,%d", "%hhd",
                                           "x%d", "%ld%n"};
static const char scan_chars[] = " 0123456789abcx-+,\t";

static void scans(void) {
    char in[13];
    for (int i = 0; i < COUNT + 16; i++) {
        const char *f = scan_formats[i < 16 ? i : (int)rnd(16)];
        rnd_string(in, sizeof in, scan_chars);
        int a = -555, b = -555;
        long la = -555;
        signed char c = 99;
        char s[24];
        memset(s, CANARY, sizeof s);
        s[23] = 0;
        errno = 0;
        int r;
        if (!strcmp(f, "%3d%n") || !strcmp(f, "%d%d") || !strcmp(f, "%*d%d") ||
            !strcmp(f, " %d,%d"))
            r = sscanf(in, f, &a, &b);
        else if (!strcmp(f, "%s") || !strcmp(f, "%2c") || f[1] == '[')
            r = sscanf(in, f, s);
        else if (!strcmp(f, "%hhd"))
            r = sscanf(in, f, &c);
        else if (!strcmp(f, "%ld%n"))
            r = sscanf(in, f, &la, &a);
        else
            r = sscanf(in, f, &a);
        out("%d sscanf f=\"%s\"", i, f);
        put_string("in", in);
        out(" r=%d a=%d b=%d l=%ld c=%d s=\"", r, a, b, la, c);
        put_bytes(s, 6);
        out("\"");
        end_line();
    }
}

/* Random conversion specifications for sscanf, written into a canary-filled target. */
static void random_scans(void) {
    char in[13], f[16];
    unsigned char target[24];
    for (int i = 0; i < COUNT; i++) {
        int n = 0;
        if (rnd(4) == 0)
            f[n++] = rnd(2) ? ' ' : '-';
        f[n++] = '%';
        int suppress = rnd(6) == 0;
        if (suppress)
            f[n++] = '*';
        if (rnd(2))
            f[n++] = (char)('1' + rnd(5));
        static const char convs[] = "diuoxXnsc[";
        char conv = convs[rnd(10)];
        static const char *const lens[] = {"", "", "hh", "h", "l", "ll", "j", "z"};
        const char *len = (conv == 's' || conv == 'c' || conv == '[') ? "" : lens[rnd(8)];
        n += sprintf(f + n, "%s%c", len, conv);
        if (conv == '[')
            n += sprintf(f + n, "%s", rnd(2) ? "a-c]" : "^ x]");
        if (rnd(3) == 0)
            f[n++] = rnd(2) ? ' ' : 'x';
        f[n] = 0;
        rnd_string(in, sizeof in, scan_chars);
        memset(target, 0xAA, sizeof target);
        errno = 0;
        int r = sscanf(in, f, target);
        out("%d rscan f=\"%s\"", i, f);
        put_string("in", in);
        out(" r=%d t=", r);
        for (int k = 0; k < 8; k++)
            out("%02x", target[k]);
        end_line();
    }
}

static void more_strings(void) {
    static const char alpha[] = "ab,; c";
    char a[16], d[16], *save;
    for (int i = 0; i < COUNT; i++) {
        memset(a, 0, sizeof a);
        rnd_string(a, 12, alpha);
        char delim[3] = {alpha[rnd(6)], alpha[rnd(6)], 0};
        memcpy(d, a, sizeof d);
        out("%d tok", i);
        put_string("a", a);
        out(" d=\"%s\":", delim);
        for (char *t = strtok_r(d, delim, &save); t; t = strtok_r(NULL, delim, &save))
            out(" %d/%d", (int)(t - d), (int)strlen(t));
        end_line();
        memcpy(d, a, sizeof d);
        char *rest = d;
        out("%d sep:", i);
        for (char *t; (t = strsep(&rest, delim)) != NULL;)
            out(" %d/%d", (int)(t - d), (int)strlen(t));
        int c = alpha[rnd(6)];
        char *p = memrchr(a, c, strlen(a));
        out(" mrchr=%d", p ? (int)(p - a) : -1);
        out(" chrnul=%d", (int)(strchrnul(a, c) - a));
        size_t nl = rnd(3);
        p = memmem(a, strlen(a), delim, nl);
        out(" mem=%d", p ? (int)(p - a) : -1);
        p = index(a, c);
        out(" idx=%d", p ? (int)(p - a) : -1);
        p = rindex(a, c);
        out(" ridx=%d ffs=%d", p ? (int)(p - a) : -1, ffs((int)rnd_int()));
        end_line();
        size_t n = rnd(16);
        memset(d, CANARY, sizeof d);
        p = stpncpy(d, a, n);
        out("%d stpncpy n=%zu r=%d d=\"", i, n, (int)(p - d));
        put_bytes(d, 16);
        char *dup = strndup(a, n);
        out("\" ndup=\"%s\"", dup);
        free(dup);
        end_line();
        memset(d, CANARY, sizeof d);
        p = memccpy(d, a, c, n);
        out("%d memccpy c=%d n=%zu r=%d d=\"", i, c, n, p ? (int)(p - d) : -1);
        put_bytes(d, 16);
        out("\"");
        end_line();
        memset(d, CANARY, sizeof d);
        p = mempcpy(d, a, n);
        out("%d pcpy=%d", i, (int)(p - d));
        char needle[3] = {alpha[rnd(6)], alpha[rnd(6)], 0};
        if (rnd(2) && needle[0] >= 'a' && needle[0] <= 'z')
            needle[0] = (char)(needle[0] - 'a' + 'A');
        needle[rnd(3)] = 0;
        p = strcasestr(a, needle);
        out(" cstr(\"%s\")=%d", needle, p ? (int)(p - a) : -1);
        explicit_bzero(d, n);
        out(" bz=\"");
        put_bytes(d, 16);
        out("\"");
        end_line();
    }
}

static void strings(void) {
    static const char alpha[] = "abcAB\x80z";
    char a[12], b[12];
    for (int i = 0; i < COUNT; i++) {
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        rnd_string(a, 8, alpha);
        rnd_string(b, 8, alpha);
        if (rnd(3) == 0)
            strcpy(b, a);
        size_t n = rnd(8);
        errno = 0;
        out("%d cmp", i);
        put_string("a", a);
        put_string("b", b);
        /* memcmp: only the sign, as glibc's value depends on the implementation the CPU gets */
        int m = memcmp(a, b, n);
        out(" n=%zu %d %d %d %d %d", n, strcmp(a, b), strncmp(a, b, n), (m > 0) - (m < 0),
               strcasecmp(a, b), strncasecmp(a, b, n));
        /* The "C" locale's collation: strcoll is strcmp, strxfrm a bounded copy. */
        char x[12];
        memset(x, '#', sizeof x);
        size_t xl = strxfrm(x, a, n);
        out(" coll=%d xfrm=%zu %d %d", strcoll(a, b), xl, x[0], x[n < sizeof x ? n : 0]);
        end_line();
        int c = alpha[rnd(sizeof alpha)];
        char *p;
        out("%d find c=%d len=%zu %zu", i, c, strlen(a), strnlen(a, n));
        p = strchr(a, c);
        out(" chr=%d", p ? (int)(p - a) : -1);
        p = strrchr(a, c);
        out(" rchr=%d", p ? (int)(p - a) : -1);
        p = memchr(a, c, strlen(a));
        out(" mem=%d", p ? (int)(p - a) : -1);
        p = strstr(a, b + (rnd(2) ? strlen(b) / 2 : 0));
        out(" str=%d", p ? (int)(p - a) : -1);
        out(" spn=%zu cspn=%zu", strspn(a, b), strcspn(a, b));
        p = strpbrk(a, b);
        out(" pbrk=%d", p ? (int)(p - a) : -1);
        end_line();
        char d[32];
        memset(d, CANARY, sizeof d);
        strcpy(d, a);
        strncat(d, b, n);
        out("%d copy", i);
        put_string("ncat", d);
        memset(d, CANARY, sizeof d);
        strncpy(d, a, n);
        out(" ncpy=\"");
        put_bytes(d, 10);
        out("\"");
        end_line();
        memset(d, CANARY, sizeof d);
        char *e = stpcpy(d, b);
        strcat(d, a);
        out("%d copy2 stp=%d cat=\"", i, (int)(e - d));
        put_bytes(d, 18);
        out("\"");
        end_line();
    }
}

static void ctypes(void) {
    for (int c = -128; c < 256; c += 16) /* -128..-2: a char above 127 not cast */ {
        out("ctype %d:", c);
        for (int k = c; k < c + 16 && k < 256; k++) {
            int bits = !!isalnum(k) | !!isalpha(k) << 1 | !!isblank(k) << 2 | !!iscntrl(k) << 3 |
                       !!isdigit(k) << 4 | !!isgraph(k) << 5 | !!islower(k) << 6 |
                       !!isprint(k) << 7 | !!ispunct(k) << 8 | !!isspace(k) << 9 |
                       !!isupper(k) << 10 | !!isxdigit(k) << 11;
            out(" %x/%d/%d", bits, toupper(k), tolower(k));
            if (k == c + 7)
                break;
        }
        end_line();
        out("ctype %d+8:", c);
        for (int k = c + 8; k < c + 16 && k < 256; k++) {
            int bits = !!isalnum(k) | !!isalpha(k) << 1 | !!isblank(k) << 2 | !!iscntrl(k) << 3 |
                       !!isdigit(k) << 4 | !!isgraph(k) << 5 | !!islower(k) << 6 |
                       !!isprint(k) << 7 | !!ispunct(k) << 8 | !!isspace(k) << 9 |
                       !!isupper(k) << 10 | !!isxdigit(k) << 11;
            out(" %x/%d/%d", bits, toupper(k), tolower(k));
        }
        end_line();
    }
}

static int by_value(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Pairs sorted by their first int only: which of two equal keys comes first, and the sequence
 * of comparator calls, are glibc's choice (C leaves them unspecified). */
static unsigned pair_calls;
static int by_first(const void *x, const void *y) {
    pair_calls = pair_calls * 31 + (unsigned)((const int *)x)[1] * 64 + (unsigned)((const int *)y)[1];
    return ((const int *)x)[0] - ((const int *)y)[0];
}

static void sorting(void) {
    int pairs[40][2];
    for (int i = 0; i < COUNT / 4 + 2; i++) {
        int n = (int)rnd(40);
        for (int k = 0; k < n; k++) {
            pairs[k][0] = (int)rnd(4);
            pairs[k][1] = k;
        }
        pair_calls = 0;
        qsort(pairs, (size_t)n, sizeof pairs[0], by_first);
        unsigned order = 0;
        for (int k = 0; k < n; k++)
            order = order * 37 + (unsigned)pairs[k][1];
        out("%d stable n=%d calls=%08x order=%08x", i, n, pair_calls, order);
        end_line();
    }
    int v[12];
    for (int i = 0; i < COUNT / 2 + 2; i++) {
        int n = (int)rnd(12);
        for (int k = 0; k < n; k++)
            v[k] = (int)rnd(20) - 10;
        qsort(v, (size_t)n, sizeof v[0], by_value);
        out("%d qsort n=%d:", i, n);
        for (int k = 0; k < n; k++)
            out(" %d", v[k]);
        int key = (int)rnd(20) - 10;
        int *hit = bsearch(&key, v, (size_t)n, sizeof v[0], by_value);
        out(" key=%d found=%d", key, hit ? *hit == key : -1);
        end_line();
    }
    srand((unsigned)SEED);
    out("rand");
    for (int i = 0; i < 5; i++)
        out(" %d", rand());
    end_line();
    /* rand and random share glibc's one state; rand_r keeps its own. */
    srandom((unsigned)SEED + 1);
    out("random %ld %d %ld", random(), rand(), random());
    unsigned r_state = (unsigned)SEED;
    out(" rand_r");
    for (int i = 0; i < 3; i++)
        out(" %d", rand_r(&r_state));
    out(" state=%u", r_state);
    end_line();
    out("abs %d %ld %lld", abs(-5), labs(-7L), llabs(LLONG_MIN + 1));
    div_t q = div(-7, 2);
    ldiv_t lq = ldiv(7L, -2L);
    out(" div %d %d %ld %ld", q.quot, q.rem, lq.quot, lq.rem);
    end_line();
}

/* The 48-bit generators: unseeded, after srand48/seed48/lcong48, and on the caller's state. */
static void rand48s(void) {
    out("rand48 %.17g %ld %ld", drand48(), lrand48(), mrand48());
    end_line();
    srand48((long)SEED * -977);
    out("srand48 %.17g %ld %ld", drand48(), lrand48(), mrand48());
    end_line();
    unsigned short x[3] = {(unsigned short)SEED, 2, 0xffff};
    out("xrand48 %.17g %ld %ld", erand48(x), nrand48(x), jrand48(x));
    out(" x=%u,%u,%u", x[0], x[1], x[2]);
    end_line();
    unsigned short s[3] = {5, 6, (unsigned short)SEED};
    unsigned short *old = seed48(s);
    out("seed48 old=%u,%u,%u %ld", old[0], old[1], old[2], lrand48());
    unsigned short p[7] = {1, 2, 3, 4, 5, (unsigned short)SEED, 7};
    lcong48(p);
    out(" lcong48 %ld %ld %.17g", lrand48(), mrand48(), drand48());
    end_line();
}

/* Wide strings: signed comparisons returning -1/0/1, copies with padding, searches. */
static void wide_strings(void) {
    static const wchar_t alpha[] = {L'a', L'b', -5, 300, 0x10ffff};
    for (int i = 0; i < COUNT; i++) {
        wchar_t a[8] = {0}, b[8] = {0}, d[10];
        int la = (int)rnd(7), lb = (int)rnd(7);
        for (int k = 0; k < la; k++)
            a[k] = alpha[rnd(5)];
        for (int k = 0; k < lb; k++)
            b[k] = alpha[rnd(5)];
        size_t n = rnd(8);
        /* wcscmp/wcsncmp: only the sign; glibc's x86-64 code returns other values than -1/1
         * near a page boundary, so its value depends on where the strings lie. */
        int cmp = wcscmp(a, b), ncmp = wcsncmp(a, b, n);
        out("%d wide la=%zu lb=%zu nlen=%zu cmp=%d ncmp=%d mcmp=%d", i, wcslen(a), wcslen(b),
            wcsnlen(a, n), (cmp > 0) - (cmp < 0), (ncmp > 0) - (ncmp < 0), wmemcmp(a, b, n));
        wchar_t c = alpha[rnd(5)];
        wchar_t *hit = wcschr(a, c), *last = wcsrchr(a, c), *m = wmemchr(a, c, n);
        out(" chr=%ld rchr=%ld mchr=%ld", hit ? (long)(hit - a) : -1L, last ? (long)(last - a) : -1L,
            m ? (long)(m - a) : -1L);
        for (int k = 0; k < 10; k++)
            d[k] = 7;
        end_line();
        wcsncpy(d, a, n);
        out("%d ncpy", i);
        for (int k = 0; k < 10; k++)
            out(" %d", (int)d[k]);
        end_line();
        wcscpy(d, b);
        wcsncat(d, a, rnd(4));
        out("%d wcat", i);
        for (int k = 0; k < 10; k++)
            out(" %d", (int)d[k]);
        end_line();
        wmemset(d, c, 3);
        wmemmove(d + 1, d, 4);
        wmemcpy(d + 6, a, 2);
        out("%d mem", i);
        for (int k = 0; k < 10; k++)
            out(" %d", (int)d[k]);
        end_line();
    }
    wchar_t e[12] = L"ab";
    wcscat(e, L"cd");
    out("wcscat %ls %zu", e, wcslen(e));
    end_line();
}

#include "diff_float.h"
#include "diff_fenv.h"
#include "diff_posix.h"
#include "diff_time.h"

#ifdef DIFF_IN_VM
extern void reach_error(void);
#endif

int main(void) {
    numbers();
    formats();
    scans();
    random_scans();
    strings();
    more_strings();
    ctypes();
    sorting();
    rand48s();
    wide_strings();
    float_formatting();
    math_functions();
    strtods();
    rounding_directions();
    posix_functions();
    time_functions();
    out("done");
    end_line();
#ifdef DIFF_IN_VM
    reach_error();
#endif
    return 0;
}
