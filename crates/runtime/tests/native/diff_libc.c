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
 * Lines stay shorter than 120 characters (the VM hands output over in pieces of 128) and contain
 * only printable ASCII (bytes are escaped). Nothing printed depends on addresses.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* Prints n bytes escaped (printable ASCII as is, others as \xHH). */
static void put_bytes(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c >= 32 && c < 127 && c != '\\')
            putchar(c);
        else
            printf("\\x%02x", c);
    }
}

static void put_string(const char *label, const char *s) {
    printf(" %s=\"", label);
    put_bytes(s, strlen(s));
    putchar('"');
}

static void end_line(void) {
    printf(" errno=%d\n", errno);
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
    printf("%d strtol", k);
    put_string("s", s);
    errno = 0;
    long l = strtol(s, &end, base);
    printf(" b=%d r=%ld e=%d", base, l, OFF(end, s));
    end_line();
    printf("%d strtoul", k);
    errno = 0;
    RESET(end);
    unsigned long ul = strtoul(s, &end, base);
    printf(" r=%lu e=%d", ul, OFF(end, s));
    end_line();
    printf("%d strtoll", k);
    errno = 0;
    RESET(end);
    long long ll = strtoll(s, &end, base);
    printf(" r=%lld e=%d", ll, OFF(end, s));
    errno = 0;
    RESET(end);
    unsigned long long ull = strtoull(s, &end, base);
    printf(" ull=%llu e=%d", ull, OFF(end, s));
    end_line();
    printf("%d atoi", k);
    errno = 0;
    printf(" r=%d %ld %lld", atoi(s), atol(s), atoll(s));
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
    "%c", "%i", "%#.3o", "%*d", "%-*d|", "%.*d", "%jd", "%%d"};

static void formats(void) {
    char buf[48];
    static const size_t sizes[] = {0, 1, 4, 8, 40};
    for (int i = 0; i < COUNT + 33; i++) {
        const char *f = int_formats[i < 33 ? i : (int)rnd(33)];
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
        printf("%d snprintf f=\"%s\" v=%lld n=%zu r=%d buf=\"", i, f, v, size, r);
        put_bytes(buf, 12);
        putchar('"');
        end_line();
    }
    static const char *const strs[] = {"", "a", "hello", "hello, world!"};
    static const char *const str_formats[] = {"%s", "%10s|", "%-10s|", "%.2s", "%8.3s|", "[%s]"};
    for (int i = 0; i < 24; i++) {
        const char *f = str_formats[i % 6];
        const char *s = strs[(i / 6) % 4];
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        int r = sprintf(buf, f, s);
        printf("%d sprintf f=\"%s\" r=%d buf=\"", i, f, r);
        put_bytes(buf, 20);
        putchar('"');
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
        printf("%d sscanf f=\"%s\"", i, f);
        put_string("in", in);
        printf(" r=%d a=%d b=%d l=%ld c=%d s=\"", r, a, b, la, c);
        put_bytes(s, 6);
        putchar('"');
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
        printf("%d cmp", i);
        put_string("a", a);
        put_string("b", b);
        printf(" n=%zu %d %d %d %d %d", n, strcmp(a, b), strncmp(a, b, n), memcmp(a, b, n),
               strcasecmp(a, b), strncasecmp(a, b, n));
        end_line();
        int c = alpha[rnd(sizeof alpha)];
        char *p;
        printf("%d find c=%d len=%zu %zu", i, c, strlen(a), strnlen(a, n));
        p = strchr(a, c);
        printf(" chr=%d", p ? (int)(p - a) : -1);
        p = strrchr(a, c);
        printf(" rchr=%d", p ? (int)(p - a) : -1);
        p = memchr(a, c, strlen(a));
        printf(" mem=%d", p ? (int)(p - a) : -1);
        p = strstr(a, b + (rnd(2) ? strlen(b) / 2 : 0));
        printf(" str=%d", p ? (int)(p - a) : -1);
        printf(" spn=%zu cspn=%zu", strspn(a, b), strcspn(a, b));
        p = strpbrk(a, b);
        printf(" pbrk=%d", p ? (int)(p - a) : -1);
        end_line();
        char d[32];
        memset(d, CANARY, sizeof d);
        strcpy(d, a);
        strncat(d, b, n);
        printf("%d copy", i);
        put_string("ncat", d);
        memset(d, CANARY, sizeof d);
        strncpy(d, a, n);
        printf(" ncpy=\"");
        put_bytes(d, 10);
        putchar('"');
        end_line();
        memset(d, CANARY, sizeof d);
        char *e = stpcpy(d, b);
        strcat(d, a);
        printf("%d copy2 stp=%d cat=\"", i, (int)(e - d));
        put_bytes(d, 18);
        putchar('"');
        end_line();
    }
}

static void ctypes(void) {
    for (int c = -1; c < 256; c += 16) {
        printf("ctype %d:", c);
        for (int k = c; k < c + 16 && k < 256; k++) {
            int bits = !!isalnum(k) | !!isalpha(k) << 1 | !!isblank(k) << 2 | !!iscntrl(k) << 3 |
                       !!isdigit(k) << 4 | !!isgraph(k) << 5 | !!islower(k) << 6 |
                       !!isprint(k) << 7 | !!ispunct(k) << 8 | !!isspace(k) << 9 |
                       !!isupper(k) << 10 | !!isxdigit(k) << 11;
            printf(" %x/%d/%d", bits, toupper(k), tolower(k));
            if (k == c + 7)
                break;
        }
        end_line();
        printf("ctype %d+8:", c);
        for (int k = c + 8; k < c + 16 && k < 256; k++) {
            int bits = !!isalnum(k) | !!isalpha(k) << 1 | !!isblank(k) << 2 | !!iscntrl(k) << 3 |
                       !!isdigit(k) << 4 | !!isgraph(k) << 5 | !!islower(k) << 6 |
                       !!isprint(k) << 7 | !!ispunct(k) << 8 | !!isspace(k) << 9 |
                       !!isupper(k) << 10 | !!isxdigit(k) << 11;
            printf(" %x/%d/%d", bits, toupper(k), tolower(k));
        }
        end_line();
    }
}

static int by_value(const void *x, const void *y) {
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static void sorting(void) {
    int v[12];
    for (int i = 0; i < COUNT / 2 + 2; i++) {
        int n = (int)rnd(12);
        for (int k = 0; k < n; k++)
            v[k] = (int)rnd(20) - 10;
        qsort(v, (size_t)n, sizeof v[0], by_value);
        printf("%d qsort n=%d:", i, n);
        for (int k = 0; k < n; k++)
            printf(" %d", v[k]);
        int key = (int)rnd(20) - 10;
        int *hit = bsearch(&key, v, (size_t)n, sizeof v[0], by_value);
        printf(" key=%d found=%d", key, hit ? *hit == key : -1);
        end_line();
    }
    srand((unsigned)SEED);
    printf("rand");
    for (int i = 0; i < 5; i++)
        printf(" %d", rand());
    end_line();
    printf("abs %d %ld %lld", abs(-5), labs(-7L), llabs(LLONG_MIN + 1));
    div_t q = div(-7, 2);
    ldiv_t lq = ldiv(7L, -2L);
    printf(" div %d %d %ld %ld", q.quot, q.rem, lq.quot, lq.rem);
    end_line();
}

int main(void) {
    numbers();
    formats();
    scans();
    strings();
    ctypes();
    sorting();
    printf("done\n");
    return 0;
}
