/*
 * test_stdio.c: formatted output, streams, stdin, scanf, getenv, getrandom — part of the native test driver of vigil's runtime (see test_libc.h).
 */
#include "test_libc.h"

/* ------------------------------------------------------------------ stdio */

static void print_to_bad_stream(void) {
    FILE bogus = {7, 0, 0, -1, 0};
    fprintf(&bogus, "x");
}

static void print_wide_non_ascii(void) {
    char b[8];
    snprintf(b, sizeof b, "%ls", L"a\u00e9");
}

/* Invalid conversion specifications are undefined (C11 7.21.6.1p9): faults. */
static void print_unknown_conversion(void) {
    char b[8];
    snprintf(b, sizeof b, "%q|");
}

static void print_positional(void) {
    char b[8];
    snprintf(b, sizeof b, "%1$d", 5);
}

static void print_lone_percent(void) {
    char b[8];
    snprintf(b, sizeof b, "ab%");
}

void test_format(void) {
    CHECK_STR(FMT("%d|%i", -42, 17), "-42|17");
    CHECK_STR(FMT("%d", INT_MIN), "-2147483648");
    CHECK_STR(FMT("%d", INT_MAX), "2147483647");
    CHECK_STR(FMT("%u", UINT_MAX), "4294967295");
    CHECK_STR(FMT("%x %X", 255, 255), "ff FF");
    CHECK_STR(FMT("%o", 8), "10");
    CHECK_STR(FMT("%#x %#X %#x", 255, 255, 0), "0xff 0XFF 0");
    CHECK_STR(FMT("%#o %#o", 8, 0), "010 0");
    CHECK_STR(FMT("%c%c", 'o', 'k'), "ok");
    CHECK_STR(FMT("%s", "text"), "text");
    CHECK_STR(FMT("%s", (char *)NULL), "(null)");
    CHECK_STR(FMT("%.2s", "text"), "te");
    char raw[3] = {'a', 'b', 'c'}; /* not terminated: the precision bounds the read */
    CHECK_STR(FMT("%.3s", raw), "abc");
    CHECK_STR(FMT("%5s|%-5s|", "ab", "cd"), "   ab|cd   |");
    CHECK_STR(FMT("%5d|%-5d|%05d", 42, 42, 42), "   42|42   |00042");
    CHECK_STR(FMT("%05d", -42), "-0042");
    CHECK_STR(FMT("%-05d|", -42), "-42  |");
    CHECK_STR(FMT("%+d %+d % d", 5, -5, 5), "+5 -5  5");
    CHECK_STR(FMT("%.3d|%5.3d|%.0d|", 7, -7, 0), "007| -007||");
    CHECK_STR(FMT("%*d|%-*d|", 4, 1, 3, 2), "   1|2  |");
    CHECK_STR(FMT("%*d|", -3, 9), "9  |");
    CHECK_STR(FMT("%.*s|", 1, "xyz"), "x|");
    CHECK_STR(FMT("%ld %lu", LONG_MIN, ULONG_MAX), "-9223372036854775808 18446744073709551615");
    CHECK_STR(FMT("%lld %llu", LLONG_MIN, ULLONG_MAX), "-9223372036854775808 18446744073709551615");
    CHECK_STR(FMT("%lx", 0xdeadbeefcafeUL), "deadbeefcafe");
    CHECK_STR(FMT("%zu %zd", (size_t)123, (long)-4), "123 -4");
    CHECK_STR(FMT("%hhd %hhu %hd %hu", 300, 300, 70000, 70000), "44 44 4464 4464");
    CHECK_STR(FMT("%hhd", 200), "-56");
    CHECK_STR(FMT("%jd %td", (long long)-1, (long)3), "-1 3");
    CHECK_STR(FMT("%p", (void *)NULL), "(nil)");
    CHECK_STR(FMT("%p", (void *)0x1234), "0x1234");
    CHECK_STR(FMT("%10p|", (void *)0xab), "      0xab|");
    CHECK_STR(FMT("100%%"), "100%");
    CHECK_STR(FMT("%3%|%-05%|"), "%|%|"); /* glibc: one '%' whatever the width */
    CHECK_STR(FMT("%'d|%*%", 1234567, 4), "1234567|%"); /* "'" groups nothing in the C locale */
    CHECK_STR(FMT("[%ls|%-6ls|%6.2ls|%lc%-3lc|]", (const __WCHAR_TYPE__ *)0, L"ab", L"xyz", 'Q', 'r'),
              "[(null)|ab    |    xy|Qr  |]");
    CHECK(native_catch(print_wide_non_ascii) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    CHECK(native_catch(print_unknown_conversion) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    CHECK(native_catch(print_positional) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    CHECK(native_catch(print_lone_percent) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    native_trace_take(VM_TRACE_INFO, NULL);
    /* The runtime reads a double's 8 bytes as an integer (what the VM's vararg slots hold); a
     * native call passes the bits of 1.5 as a long so that they land where they are read. */
    CHECK_STR(FMT("%f|%d", 0x3ff8000000000000L, 7), "1.500000|7");
    CHECK_STR(FMT("%.3e|%g|%a", 0x3ff8000000000000L, 0x3ff8000000000000L, 0x3ff8000000000000L),
              "1.500e+00|1.5|0x1.8p+0");

    char small[4];
    CHECK(snprintf(small, sizeof small, "hello") == 5);
    CHECK_STR(small, "hel");
    CHECK(snprintf(NULL, 0, "abc%d", 12) == 5);
    small[0] = 'X';
    CHECK(snprintf(small, 1, "abc") == 3);
    CHECK(small[0] == 0);
    char big[32];
    CHECK(sprintf(big, "%s-%d", "n", 9) == 3);
    CHECK_STR(big, "n-9");
}

static int call_vsnprintf(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static int call_vprintf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vprintf(fmt, ap);
    va_end(ap);
    return r;
}

void test_output(void) {
    char buf[32];
    CHECK(call_vsnprintf(buf, sizeof buf, "%s=%d", "v", 3) == 3);
    CHECK_STR(buf, "v=3");

    int messages;
    native_trace_take(VM_TRACE_TEXT, NULL);
    CHECK(printf("hello from the runtime: %d %x %s\n", 42, 255, "ok") == 33);
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, &messages), "hello from the runtime: 42 ff ok\n");
    CHECK(messages == 1);

    printf("a\nb");
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, &messages), "a\nb");
    CHECK(messages == 2); /* flushed at the newline and at the end of the call */

    char line[301];
    for (int i = 0; i < 300; i++)
        line[i] = (char)('a' + i % 26);
    line[300] = 0;
    CHECK(printf("%s", line) == 300);
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, &messages), line);
    CHECK(messages == 3); /* 128 + 128 + 44 */

    CHECK(call_vprintf("%d%c", 7, '\n') == 2);
    CHECK(puts("line") == 5); /* glibc: bytes written */
    CHECK(putchar('z') == 'z');
    CHECK(fputs("err", stderr) == 1);
    CHECK(fputc('!', stdout) == '!');
    CHECK(putc('?', stderr) == '?');
    CHECK(fprintf(stderr, "[%d]\n", -1) == 5);
    CHECK(fwrite("wr\0it", 1, 5, stdout) == 5); /* the NUL ends the trace message */
    CHECK(fwrite("", 0, 3, stdout) == 0); /* glibc: zero bytes, result 0 */
    CHECK(fputs("", stdout) == 1 && puts("") == 1);
    CHECK(fflush(stdout) == 0);
    CHECK(fflush(NULL) == 0);
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, NULL), "7\nline\nzerr!?[-1]\nwr\n"); /* puts("") wrote the last newline */
    CHECK(native_catch(print_to_bad_stream) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    native_trace_take(VM_TRACE_INFO, NULL);
}

static int call_vasprintf(char **out, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vasprintf(out, fmt, ap);
    va_end(ap);
    return n;
}

void test_asprintf(void) {
    char *s = NULL;
    CHECK(asprintf(&s, "uid %u of %s", 7u, "x") == 10);
    CHECK_STR(s, "uid 7 of x");
    CHECK(native_is_live(s));
    free(s);
    CHECK(asprintf(&s, "%s", "") == 0);
    CHECK_STR(s, "");
    free(s);
    CHECK(call_vasprintf(&s, "%d-%d", 12, -3) == 5);
    CHECK_STR(s, "12--3");
    free(s);

    /* malloc may fail: -1, ENOMEM, *strp untouched */
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_MALLOC_CAN_FAIL, 0);
    char *keep = (char *)&native_checks;
    s = keep;
    choose(1);
    CHECK(asprintf(&s, "%d", 5) == -1);
    CHECK(s == keep && *__errno_location() == RT_ENOMEM);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);
}

void test_stdin(void) {
    int script[] = {1 + 'h', 1 + 'i', 0};
    native_set_choices(script, 3);
    CHECK(getchar() == 'h');
    CHECK(native_last_choose_n() == 258); /* end, 256 bytes, error */
    CHECK(getc(stdin) == 'i');
    CHECK(!feof(stdin) && !ferror(stdin));
    CHECK(fgetc(stdin) == -1);
    CHECK(feof(stdin) && !ferror(stdin));
    choose(1 + 'x');
    CHECK(getchar() == -1); /* the end is sticky: no choice is made */
    clearerr(stdin);
    CHECK(!feof(stdin));
    int failure[] = {257, 1};
    native_set_choices(failure, 2);
    CHECK(getchar() == -1);
    CHECK(ferror(stdin) && !feof(stdin) && *__errno_location() == RT_EBADF);
    CHECK(native_last_choose_n() == 6); /* the errno values read(2) can give */
    choose(1 + 255);
    CHECK(getchar() == 255); /* after an error the next read tries again */
    clearerr(stdin);

    char buf[8] = "zzzzzzz";
    int line[] = {1 + 'a', 1 + 'b', 1 + '\n', 1 + 'c'};
    native_set_choices(line, 4);
    CHECK(fgets(buf, 8, stdin) == buf);
    CHECK_STR(buf, "ab\n");
    int longer[] = {1 + '1', 1 + '2', 1 + '3', 1 + '4'};
    native_set_choices(longer, 4);
    CHECK(fgets(buf, 4, stdin) == buf); /* n - 1 bytes, then the terminator */
    CHECK_STR(buf, "123");
    int partial[] = {1 + 'q', 0};
    native_set_choices(partial, 2);
    CHECK(fgets(buf, 8, stdin) == buf); /* the end after some bytes: what was read */
    CHECK_STR(buf, "q");
    CHECK(fgets(buf, 8, stdin) == NULL); /* the end before any byte: NULL, buf untouched */
    CHECK_STR(buf, "q");
    CHECK(fgets(buf, 1, stdin) == buf && buf[0] == 0);
    CHECK(fgets(buf, 0, stdin) == NULL);
    clearerr(stdin);
    int failing[] = {1 + 'r', 257};
    native_set_choices(failing, 2);
    CHECK(fgets(buf, 8, stdin) == NULL); /* a read error of this call */
    CHECK(ferror(stdin));
    choose(1 + 's');
    CHECK(fgets(buf, 2, stdin) == buf); /* an earlier error does not make this call fail */
    CHECK(ferror(stdin));
    clearerr(stdin);
    CHECK(!ferror(stdout) && !feof(stderr));
    native_trace_take(VM_TRACE_INFO, NULL);
}

static void write_memstream(void) {
    char b[4];
    FILE *f = fmemopen(b, sizeof b, "w");
    fputc('x', f);
}

/* Expected values are glibc 2.36's (a native program linked with glibc printed them). */
void test_memstream(void) {
    char buf[8] = "hello";
    FILE *f = fmemopen(buf, sizeof buf, "r");
    CHECK(f != NULL && !ferror_unlocked(f) && !feof_unlocked(f));
    CHECK(fputs("", f) == 1 && !ferror(f)); /* zero bytes: no error */
    *__errno_location() = 0;
    CHECK(fputs("x", f) == -1 && ferror(f) && *__errno_location() == RT_EBADF);
    clearerr_unlocked(f);
    CHECK(fprintf(f, "%s", "") == -1 && ferror(f));
    clearerr(f);
    CHECK(fputc('a', f) == -1 && ferror(f));
    clearerr(f);
    CHECK(fwrite("ab", 1, 2, f) == 0 && ferror(f));
    clearerr(f);
    CHECK(fwrite("ab", 0, 2, f) == 0 && !ferror(f));
    CHECK(fgetc(f) == 'h');
    buf[1] = 'X';
    CHECK(fgetc(f) == 'e'); /* glibc's read buffer still holds the old byte */
    CHECK(fflush(f) == 0);
    buf[2] = 'Y';
    CHECK(fgetc(f) == 'Y'); /* fflush dropped the buffer: the next read sees the change */
    char line[20];
    CHECK(fgets(line, 20, f) == line && feof(f)); /* "lo" and three NULs: all 8 bytes are data */
    CHECK_STR(line, "lo");
    CHECK(fgetc(f) == -1 && feof(f));
    CHECK(fclose(f) == 0);

    char src[7] = "abcdefg";
    f = fmemopen(src, 7, "r");
    short items[3] = {0, 0, 0};
    CHECK(fread(items, 2, 0, f) == 0 && !feof(f));
    CHECK(fread(items, 2, 3, f) == 3 && ((char *)items)[5] == 'f');
    items[0] = 0;
    CHECK(fread(items, 2, 3, f) == 0 && feof(f) && ((char *)items)[0] == 'g'); /* a partial item */
    CHECK(fclose(f) == 0);

    char text[6] = "ab";
    f = fmemopen(text, sizeof text, "a+"); /* update: reads allowed, starts at the first NUL */
    CHECK(f != NULL && fgetc(f) == -1 && feof(f));
    CHECK(fclose(f) == 0);
    f = fmemopen(text, sizeof text, "w");
    CHECK(fgetc(f) == -1 && ferror(f) && !feof(f)); /* reading a write-only stream */
    CHECK(fclose(f) == 0);
    f = fmemopen(text, sizeof text, "wb+");
    CHECK(f != NULL && text[0] == 'a'); /* only "w+" truncates, as in glibc */
    CHECK(fclose(f) == 0);
    f = fmemopen(text, sizeof text, "w+");
    CHECK(text[0] == 0 && fgetc(f) == -1);
    CHECK(fclose(f) == 0);
    *__errno_location() = 0;
    CHECK(fmemopen(text, sizeof text, "q") == NULL && *__errno_location() == RT_EINVAL);
    f = fmemopen(NULL, 4, "r+"); /* an owned buffer, freed by fclose */
    CHECK(f != NULL && fgetc(f) == 0);
    CHECK(fclose(f) == 0);
    f = fmemopen(NULL, 0, "r");
    CHECK(f != NULL && fgetc(f) == -1);
    CHECK(fclose(f) == 0); /* using f now is a use after free (in the VM too) */
    CHECK(native_catch(write_memstream) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    native_trace_take(VM_TRACE_INFO, NULL);
}

/* One sscanf call and its outcome: r, then two ints, %n's count and a string (7, 7, -1, "zz"
 * when untouched). Expected values are glibc 2.36's (a native program printed them). */
static int sa, sb, sn;
static char ss[8];
static void scan_reset(void) {
    sa = sb = 7;
    sn = -1;
    ss[0] = ss[1] = 'z';
    ss[2] = 0;
}
#define SCAN(str, fmt, r, a, b, n, text, ...)                                 \
    do {                                                                      \
        scan_reset();                                                         \
        CHECK(sscanf(str, fmt, __VA_ARGS__) == (r));                          \
        CHECK(sa == (a) && sb == (b) && sn == (n));                           \
        CHECK_STR(ss, text);                                                  \
    } while (0)

static void scanf_long_double(void) {
    long double f;
    sscanf("1.5", "%Lf", &f);
}

void test_scanf(void) {
    SCAN("5", "%*d%d", -1, 7, 7, -1, "zz", &sa); /* glibc counts assignments: EOF */
    SCAN("", "%d", -1, 7, 7, -1, "zz", &sa);
    SCAN("  ", "%d", -1, 7, 7, -1, "zz", &sa);
    SCAN("", "abc%d", -1, 7, 7, -1, "zz", &sa);
    SCAN("x", "abc%d", 0, 7, 7, -1, "zz", &sa);
    SCAN("0xg", "%x%n", 1, 0, 7, 2, "zz", &sa, &sn);
    SCAN("0x1f", "%x", 1, 31, 7, -1, "zz", &sa);
    SCAN("0x5", "%d%s", 2, 0, 7, -1, "x5", &sa, ss);
    SCAN("-", "%d", 0, 7, 7, -1, "zz", &sa);
    SCAN("+5 -3", "%d%d", 2, 5, -3, -1, "zz", &sa, &sb);
    SCAN("4294967295", "%d", 1, -1, 7, -1, "zz", &sa);
    SCAN("abc def", "%s%n", 1, 7, 7, 3, "abc", ss, &sn);
    SCAN("abcdefgh", "%3s%d", 1, 7, 7, -1, "abc", ss, &sa);
    SCAN("ab", "%[a-c]%n", 1, 7, 7, 2, "ab", ss, &sn);
    SCAN("]x", "%[]x]%n", 1, 7, 7, 2, "]x", ss, &sn);
    SCAN("-x", "%[-x]%n", 1, 7, 7, 2, "-x", ss, &sn);
    SCAN("x-", "%[^-]%n", 1, 7, 7, 1, "x", ss, &sn);
    SCAN("q", "%[a-c]", 0, 7, 7, -1, "zz", ss);
    SCAN(" 12 ", "%d %n", 1, 12, 7, 4, "zz", &sa, &sn);
    SCAN("12", "%d %n", 1, 12, 7, 2, "zz", &sa, &sn);
    SCAN("1 2", "%d%%%d", 1, 1, 7, -1, "zz", &sa, &sb);
    SCAN("1 % 2", "%d %% %d", 2, 1, 2, -1, "zz", &sa, &sb);
    SCAN("010", "%i", 1, 8, 7, -1, "zz", &sa);
    SCAN("0x", "%i%n", 1, 0, 7, 2, "zz", &sa, &sn);
    SCAN("08", "%i%n", 1, 0, 7, 1, "zz", &sa, &sn);
    SCAN("12", "%1d%d", 2, 1, 2, -1, "zz", &sa, &sb);
    SCAN("5", "%d%n", 1, 5, 7, 1, "zz", &sa, &sn);
    SCAN("5", "%d %d", 1, 5, 7, -1, "zz", &sa, &sb);
    SCAN("", "%n", 0, 7, 7, 0, "zz", &sn);
    SCAN("", " %n", 0, 7, 7, 0, "zz", &sn);
    SCAN("a", "%*c%n", 0, 7, 7, 1, "zz", &sn);
    SCAN("-5", "%u", 1, -5, 7, -1, "zz", &sa);
    SCAN("077", "%o", 1, 63, 7, -1, "zz", &sa);

    scan_reset();
    CHECK(sscanf("abc", "%5c", ss) == 1 && ss[0] == 'a' && ss[2] == 'c'); /* a short %c counts */
    CHECK(sscanf("  x", " %c", ss) == 1 && ss[0] == 'x');
    CHECK(sscanf("  x", "%c", ss) == 1 && ss[0] == ' ');
    long l;
    CHECK(sscanf("99999999999", "%d", &sa) == 1 && sa == 1215752191); /* long, then truncated */
    CHECK(sscanf("-99999999999999999999", "%ld", &l) == 1 && l == LONG_MIN);
    CHECK(*__errno_location() == RT_ERANGE);
    signed char hh = 0;
    CHECK(sscanf("257", "%hhd", &hh) == 1 && hh == 1);
    short h = 0;
    CHECK(sscanf("-2", "%hd", &h) == 1 && h == -2);
    unsigned long long ull = 0;
    CHECK(sscanf("18446744073709551615", "%llu", &ull) == 1 && ull == ULLONG_MAX);
    size_t z = 0;
    CHECK(sscanf("42", "%zu", &z) == 1 && z == 42);
    CHECK(native_catch(scanf_long_double) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    /* floating-point fields (glibc's collection: "100ergs" reads "100e" and converts 100) */
    unsigned fbits = 0;
    unsigned long long dbits = 0;
    int used = -1;
    CHECK(sscanf("1.5", "%f", (float *)(void *)&fbits) == 1 && fbits == 0x3fc00000u);
    CHECK(sscanf("100ergs", "%lf%n", (double *)(void *)&dbits, &used) == 1 && used == 4);
    CHECK(dbits == 0x4059000000000000ULL);
    CHECK(sscanf("0x", "%lf", (double *)(void *)&dbits) == 0 && sscanf("infin", "%5lf", (double *)(void *)&dbits) == 0);
    CHECK(sscanf("-inf", "%3lf", (double *)(void *)&dbits) == 0);
    CHECK(sscanf("-infx", "%4lf", (double *)(void *)&dbits) == 1 && dbits == 0xfff0000000000000ULL);

    /* from stdin: every byte a choice; the byte after the number is pushed back */
    int script[] = {1 + ' ', 1 + '4', 1 + '2', 1 + 'x', 0};
    native_set_choices(script, 5);
    CHECK(scanf("%d", &sa) == 1 && sa == 42);
    CHECK(getchar() == 'x');
    CHECK(scanf("%d", &sa) == -1 && feof(stdin)); /* choice 0: the end of the input */
    clearerr(stdin);
    CHECK(ungetc('7', stdin) == '7' && getchar() == '7');
    CHECK(ungetc(-1, stdin) == -1);
    char mem[] = "10 20";
    FILE *f = fmemopen(mem, 5, "r");
    CHECK(fscanf(f, "%d %d", &sa, &sb) == 2 && sa == 10 && sb == 20);
    CHECK(fclose(f) == 0);
    native_trace_take(VM_TRACE_INFO, NULL);
}

void test_environment(void) {
    clear_flags();
    choose(0);
    CHECK(getenv("HOME") == NULL);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* "not set" is exact */
    choose(1);
    CHECK(getenv("HOME") == NULL); /* the same name: the first answer, no new choice */
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    choose(1);
    const char *v = getenv("PATH");
    CHECK(v != NULL && v[0] == 0 && (flags() & VM_FLAG_INCOMPLETE));
    clear_flags();
    choose(0);
    v = getenv("PATH");
    CHECK(v != NULL && v[0] == 0 && (flags() & VM_FLAG_INCOMPLETE)); /* still set */
    clear_flags();

    long t = 5;
    choose(0);
    CHECK(time(&t) == 1767225600L && t == 1767225600L && (flags() & VM_FLAG_INCOMPLETE));
    CHECK(native_last_choose_n() == (sizeof(long) > 4 ? 3 : 2));
    choose(1);
    CHECK(time(NULL) == 1767225601L); /* later calls: the same second or the next */
    choose(0);
    CHECK(time(NULL) == 1767225601L);
    clear_flags();
    choose(1);
    CHECK(clock() == 1000 && (flags() & VM_FLAG_INCOMPLETE));
    choose(2);
    CHECK(clock() == 1001000);
    clear_flags();

    CHECK(sleep(3) == 0 && usleep(10) == 0);
    struct rt_timespec ok = {1, 999999999}, bad = {0, 1000000000}, negative = {-1, 0};
    CHECK(nanosleep(&ok, NULL) == 0);
    CHECK(nanosleep(&bad, NULL) == -1 && *__errno_location() == RT_EINVAL);
    CHECK(nanosleep(&negative, NULL) == -1);
    native_trace_take(VM_TRACE_INFO, NULL);
}

void test_unlocked(void) {
    native_trace_take(VM_TRACE_TEXT, NULL);
    CHECK(putc_unlocked('a', stdout) == 'a' && fputc_unlocked('b', stdout) == 'b');
    CHECK(putchar_unlocked('c') == 'c' && fputs_unlocked("de", stdout) == 1);
    CHECK(fwrite_unlocked("fg", 1, 2, stdout) == 2 && fflush_unlocked(stdout) == 0);
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, NULL), "abcdefg");
    int script[] = {1 + 'x', 1 + 'y', 1 + 'z', 1 + '\n'};
    native_set_choices(script, 4);
    char line[4];
    CHECK(getc_unlocked(stdin) == 'x' && fgetc_unlocked(stdin) == 'y');
    CHECK(getchar_unlocked() == 'z' && fgets_unlocked(line, 4, stdin) == line);
    CHECK_STR(line, "\n");
    *__errno_location() = RT_EBADF;
    perror("open");
    perror(NULL);
    CHECK(*__errno_location() == RT_EBADF);
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, NULL), "open: Bad file descriptor\nBad file descriptor\n");
    native_trace_take(VM_TRACE_INFO, NULL);
}

static void read_stdout(void) {
    (void)fgetc(stdout);
}

void test_getrandom(void) {
    unsigned char b[4] = {9, 9, 9, 9};
    int script[] = {0, 0, 255, 7};
    native_set_choices(script, 4);
    CHECK(getrandom(b, 3, 0) == 3);
    CHECK(b[0] == 0 && b[1] == 255 && b[2] == 7 && b[3] == 9);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    choose(1);
    CHECK(getrandom(b, 3, 0) == -1 && *__errno_location() == RT_EINTR);
    CHECK(b[0] == 0);
    choose(1);
    CHECK(getrandom(b, 3, 1) == -1 && *__errno_location() == RT_EAGAIN);
    choose(2);
    CHECK(getrandom(b, 3, 0) == -1 && *__errno_location() == RT_ENOSYS);
    CHECK(getrandom(b, 3, 8) == -1 && *__errno_location() == RT_EINVAL);
    CHECK(getrandom(b, 3, 6) == -1 && *__errno_location() == RT_EINVAL);
    choose(0);
    CHECK(getrandom(b, 0, 0) == 0);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    choose(0);
    CHECK(getrandom(b, 1, 2) == 1); /* GRND_RANDOM may return short reads: not explored */
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    clear_flags();
    CHECK(native_catch(read_stdout) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);
    native_trace_take(VM_TRACE_INFO, NULL);
}
