/*
 * test_libc.c — native test driver for vigil's runtime (built and run by tests/native.rs).
 *
 * Compiled like the runtime itself (freestanding, no host headers) with every runtime symbol
 * renamed by the generated prefix header, so the calls below reach the runtime's own malloc,
 * strlen, printf… while the host libc keeps its own. Outcomes that end a path in the VM
 * (faults, cancel, exit) are observed with native_catch. Strings are compared with the driver's
 * own helper, never with the runtime's functions under test.
 */
#include "native_api.h"
#include "rt.h"

static int checks;

#define CHECK(c)                                                 \
    do {                                                         \
        checks++;                                                \
        if (!(c))                                                \
            native_fail(__FILE__, __LINE__, #c, NULL, NULL);     \
    } while (0)

#define CHECK_STR(got, want)                                              \
    do {                                                                  \
        checks++;                                                         \
        const char *g_ = (got), *w_ = (want);                             \
        if (!same(g_, w_))                                                \
            native_fail(__FILE__, __LINE__, #got " == " #want, g_, w_);   \
    } while (0)

static int same(const char *a, const char *b) {
    if (!a || !b)
        return a == b;
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

static long flags(void) {
    return __vm_control(VM_CTL_GET_FLAGS, 0, 0);
}

static void clear_flags(void) {
    __vm_control(VM_CTL_CLEAR_FLAGS, -1, 0);
}

static void choose(int a) {
    native_set_choices(&a, 1);
}

/* snprintf into a static buffer, for one-line formatting checks. */
static char fmtbuf[256];
#define FMT(...) (snprintf(fmtbuf, sizeof fmtbuf, __VA_ARGS__), fmtbuf)

/* ------------------------------------------------------------------ string.h */

static void overlapping_memcpy(void) {
    char b[8] = "abcdefg";
    memcpy(b + 1, b, 4);
}
static void overlapping_strcpy(void) {
    char b[8] = "abc";
    strcpy(b + 2, b);
}
static void overlapping_strcpy_same(void) {
    char b[8] = "abc";
    strcpy(b, b);
}
static void overlapping_strncpy(void) {
    char b[8] = "abcdefg";
    strncpy(b, b + 2, 3);
}
static void overlapping_strcat(void) {
    char b[16] = "abc";
    strcat(b, b + 1);
}
static void overlapping_strncat(void) {
    char b[16] = "abc";
    strncat(b, b, 2);
}
static void overlapping_stpcpy(void) {
    char b[8] = "abcd";
    stpcpy(b + 1, b);
}
static void overlapping_sprintf(void) {
    char b[16] = "abc";
    sprintf(b, "x%s", b);
}
static void overlapping_sprintf_later(void) {
    char b[32] = "ab";
    /* The source lies beyond what is written when it is read; the later output covers it. */
    sprintf(b + 8, "abcdef");
    sprintf(b, "%s%s", b + 8, "0123456789");
}

static void test_string(void) {
    CHECK(strlen("") == 0);
    CHECK(strlen("abc") == 3);
    CHECK(strnlen("abc", 2) == 2);
    CHECK(strnlen("abc", 10) == 3);
    char unterminated[3] = {'x', 'y', 'z'};
    CHECK(strnlen(unterminated, 3) == 3);

    CHECK(strcmp("abc", "abc") == 0);
    CHECK(strcmp("abc", "abd") < 0);
    CHECK(strcmp("abd", "abc") > 0);
    CHECK(strcmp("ab", "abc") < 0);
    CHECK(strcmp("", "") == 0);
    CHECK(strcmp("\x80", "a") > 0); /* unsigned char comparison */
    CHECK(strncmp("abcX", "abcY", 3) == 0);
    CHECK(strncmp("abcX", "abcY", 4) < 0);
    CHECK(strncmp("a", "b", 0) == 0);
    CHECK(strncmp("ab", "ab\0x", 10) == 0);

    char buf[16];
    CHECK(strcpy(buf, "hello") == buf);
    CHECK_STR(buf, "hello");
    CHECK(strcat(buf, ", you") == buf);
    CHECK_STR(buf, "hello, you");
    strcpy(buf, "ab");
    CHECK(strncat(buf, "cdef", 2) == buf);
    CHECK_STR(buf, "abcd");
    strncat(buf, "xy", 10);
    CHECK_STR(buf, "abcdxy");

    char pad[8];
    memset(pad, 'Z', sizeof pad);
    CHECK(strncpy(pad, "ab", 5) == pad);
    CHECK(pad[0] == 'a' && pad[1] == 'b' && pad[2] == 0 && pad[3] == 0 && pad[4] == 0);
    CHECK(pad[5] == 'Z'); /* exactly n bytes written */
    strncpy(pad, "abcdefgh", 3);
    CHECK(pad[2] == 'c' && pad[3] == 0); /* no terminator added: pad[3] is the old 0 */
    memset(pad, 'Z', sizeof pad);
    strncpy(pad, "abcdefgh", 3);
    CHECK(pad[3] == 'Z');

    const char *s = "banana";
    CHECK(strchr(s, 'a') == s + 1);
    CHECK(strchr(s, 'z') == NULL);
    CHECK(strchr(s, 0) == s + 6);
    CHECK(strrchr(s, 'a') == s + 5);
    CHECK(strrchr(s, 'b') == s);
    CHECK(strrchr(s, 'z') == NULL);
    CHECK(strrchr(s, 0) == s + 6);
    CHECK(strstr(s, "nan") == s + 2);
    CHECK(strstr(s, "") == s);
    CHECK(strstr(s, "nab") == NULL);
    const char *aaab = "aaab";
    CHECK(strstr(aaab, "aab") == aaab + 1);
    const char *h = "xxaab";
    CHECK(strstr(h, "aab") == h + 2);
    CHECK(strstr("", "a") == NULL);

    char *d = strdup("copy me");
    CHECK_STR(d, "copy me");
    CHECK(__vm_obj_size(d) == 8);
    free(d);
    d = strndup("hello", 3);
    CHECK_STR(d, "hel");
    CHECK(__vm_obj_size(d) == 4);
    free(d);
    d = strndup("hi", 10);
    CHECK_STR(d, "hi");
    CHECK(__vm_obj_size(d) == 3);
    free(d);

    CHECK(memcmp("abc", "abd", 2) == 0);
    CHECK(memcmp("abc", "abd", 3) < 0);
    CHECK(memcmp("\xff", "\x01", 1) > 0);
    CHECK(memcmp("a", "b", 0) == 0);
    /* glibc returns the difference of the first differing bytes (values printed natively) */
    CHECK(strcmp("abc", "abz") == -23 && strncmp("abc", "abz", 3) == -23);
    CHECK(memcmp("abc", "abz", 3) == -23 && strcmp("\xff", "a") == 158);
    const char *abcabc = "abcabc";
    CHECK(memchr(abcabc, 'c', 6) == abcabc + 2);
    const char *m = "abc\0def";
    CHECK(memchr(m, 'e', 7) == m + 5);
    CHECK(memchr(m, 'e', 5) == NULL);
    CHECK(memchr(m, 0x100 + 'a', 3) == m); /* c is converted to unsigned char */

    char area[10];
    CHECK(memset(area, 'q', 10) == area);
    CHECK(area[0] == 'q' && area[9] == 'q');
    CHECK(memcpy(area, "0123456789", 10) == area);
    CHECK(area[0] == '0' && area[9] == '9');
    CHECK(memmove(area + 2, area, 5) == area + 2); /* forward overlap */
    CHECK(area[2] == '0' && area[6] == '4' && area[7] == '7');
    memcpy(area, "0123456789", 10);
    memmove(area, area + 3, 5); /* backward overlap */
    CHECK(area[0] == '3' && area[4] == '7' && area[5] == '5');
    CHECK(memcpy(area, area, 4) == area); /* dst == src is tolerated */
    CHECK(native_catch(overlapping_memcpy) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_strcpy) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_strcpy_same) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_strncpy) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_strcat) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_strncat) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_stpcpy) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_sprintf) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    CHECK(native_catch(overlapping_sprintf_later) == NATIVE_FAULT + VM_FAULT_OVERLAP);
    /* Adjacent but disjoint ranges are fine. */
    char pair[16] = "abc";
    CHECK(strcpy(pair + 4, pair) == pair + 4 && same(pair + 4, "abc"));
    CHECK(strncpy(pair + 8, pair, 3) == pair + 8 && pair[10] == 'c');
    CHECK(sprintf(pair + 4, "%s", pair) == 3 && same(pair + 4, "abc"));
    char tail[16] = "xy";
    CHECK(sprintf(tail, "%s", tail + 3) == 0); /* "" read at tail + 3, only tail[0] written */
    native_trace_take(VM_TRACE_INFO, NULL);
}

/* Expected values below are glibc's answers (printed by a native program linked with glibc). */
static void test_string2(void) {
    CHECK(strcasecmp("Hello", "hELLO") == 0);
    CHECK(strcasecmp("", "") == 0);
    CHECK(strcasecmp("abc", "ABD") == 'c' - 'd');
    CHECK(strcasecmp("ab", "ABC") == -'c');
    CHECK(strcasecmp("[", "a") == '[' - 'a'); /* '[' follows 'Z' but precedes 'a' */
    CHECK(strcasecmp("\xff", "a") > 0);     /* unsigned comparison */
    CHECK(strncasecmp("HELLOworld", "helloWORLD!", 10) == 0);
    CHECK(strncasecmp("abc", "abd", 2) == 0);
    CHECK(strncasecmp("abc", "xyz", 0) == 0);
    CHECK(strncasecmp("ab", "AB", 5) == 0);
    CHECK(strncasecmp("b", "A", 1) == 1);

    CHECK(strspn("aabbcd", "ab") == 4);
    CHECK(strspn("", "ab") == 0);
    CHECK(strspn("abc", "") == 0);
    CHECK(strcspn("hello, world", ", ") == 5);
    CHECK(strcspn("hello", "") == 5);
    CHECK(strcspn("", "x") == 0);
    const char *p = "key=value;x";
    CHECK(strpbrk(p, "=;") == p + 3);
    CHECK(strpbrk(p, "#") == NULL);
    CHECK(strpbrk(p, "") == NULL);

    char text[] = "  a,b,,c  ";
    CHECK_STR(strtok(text, " ,"), "a");
    CHECK_STR(strtok(NULL, " ,"), "b");
    CHECK_STR(strtok(NULL, " ,"), "c");
    CHECK(strtok(NULL, " ,") == NULL);
    CHECK(strtok(NULL, " ,") == NULL); /* stays at the end */
    char only_delims[] = ",,,";
    CHECK(strtok(only_delims, ",") == NULL);
    char r[] = "x:y";
    char *save = NULL;
    CHECK(strtok_r(r, ":", &save) == r);
    CHECK(save == r + 2 && r[1] == 0);
    CHECK(strtok_r(NULL, ":", &save) == r + 2);
    CHECK(save == r + 3);
    CHECK(strtok_r(NULL, ":", &save) == NULL);

    char fields[] = "a,,b";
    char *cursor = fields;
    CHECK_STR(strsep(&cursor, ","), "a");
    CHECK(cursor == fields + 2);
    CHECK_STR(strsep(&cursor, ","), ""); /* empty field between two delimiters */
    CHECK_STR(strsep(&cursor, ","), "b");
    CHECK(cursor == NULL);
    CHECK(strsep(&cursor, ",") == NULL);

    const char m[] = {'a', 'b', 'a', 0, 'c'};
    CHECK(memrchr(m, 'a', 5) == m + 2);
    CHECK(memrchr(m, 0, 5) == m + 3);
    CHECK(memrchr(m, 'c', 4) == NULL);
    CHECK(memrchr(m, 'a', 0) == NULL);
    CHECK(memrchr(m, 0x100 + 'b', 5) == m + 1);

    const char *t = "abcabc";
    CHECK(strchrnul(t, 'c') == t + 2 && strchrnul(t, 'z') == t + 6 && strchrnul(t, 0) == t + 6);
    CHECK(rawmemchr(t, 'b') == t + 1 && rawmemchr(t, 0) == t + 6);
    CHECK(memmem(t, 6, "ca", 2) == t + 2);
    CHECK(memmem(t, 6, "", 0) == t);
    CHECK(memmem(t, 6, "cx", 2) == NULL);
    CHECK(memmem(t, 2, "abc", 3) == NULL); /* needle longer than the haystack */
    CHECK(memmem(t, 6, "bc", 2) == t + 1 && memmem(t + 2, 4, "bc", 2) == t + 4);
    CHECK(index(t, 'b') == t + 1 && rindex(t, 'b') == t + 4 && rindex(t, 'q') == NULL);
    char d[8];
    CHECK(stpcpy(d, "xyz") == d + 3 && d[3] == 0 && d[0] == 'x');
    CHECK(stpcpy(d, "") == d);
    char e[6] = "zzzzz";
    CHECK(stpncpy(e, "ab", 4) == e + 2 && e[2] == 0 && e[3] == 0 && e[4] == 'z');
    CHECK(stpncpy(e, "abcdef", 3) == e + 3 && e[2] == 'c' && e[3] == 0);
    CHECK(ffs(0) == 0 && ffs(1) == 1 && ffs(12) == 3 && ffs(INT_MIN) == 32);
    CHECK(ffsl(0) == 0 && ffsl(LONG_MIN) == (int)(8 * sizeof(long)) && ffsll(1LL << 40) == 41);
    CHECK(ffsll(LLONG_MIN) == 64 && ffs(-1) == 1);
}

/* ------------------------------------------------------------------ stdio */

static void print_to_bad_stream(void) {
    FILE bogus = {7, 0, 0, -1};
    fprintf(&bogus, "x");
}

static void test_format(void) {
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
    CHECK_STR(FMT("%q|%"), "%q|%");
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

static void test_output(void) {
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

static void test_asprintf(void) {
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
    char *keep = (char *)&checks;
    s = keep;
    choose(1);
    CHECK(asprintf(&s, "%d", 5) == -1);
    CHECK(s == keep && *__errno_location() == RT_ENOMEM);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);
}

static void test_stdin(void) {
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
static void test_memstream(void) {
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

static void scanf_float(void) {
    float f;
    sscanf("1.5", "%f", &f);
}

static void test_scanf(void) {
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
    CHECK(native_catch(scanf_float) == NATIVE_FAULT + VM_FAULT_INVALID_ARG);

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

static void test_environment(void) {
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

static void test_unlocked(void) {
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
    CHECK_STR(native_trace_take(VM_TRACE_TEXT, NULL), "open: errno 9\nerrno 9\n");
    native_trace_take(VM_TRACE_INFO, NULL);
}

static void read_stdout(void) {
    (void)fgetc(stdout);
}

static void test_getrandom(void) {
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

/* ------------------------------------------------------------------ malloc */

static void *victim;
static void double_free(void) {
    free(victim);
}
static void interior_free(void) {
    free((char *)victim + 1);
}
static void *result;
static void huge_malloc(void) {
    result = malloc((size_t)1 << 29);
}

static char *realloc_block;
static void realloc_interior(void) {
    (void)realloc(realloc_block + 1, 4);
}

static void test_malloc(void) {
    char *p = malloc(10);
    CHECK(p && __vm_obj_size(p) == 10);
    realloc_block = p;
    /* realloc of a pointer into a block is an invalid free, raised before anything is read */
    CHECK(native_catch(realloc_interior) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    CHECK(native_is_live(p));
    free(p);
    CHECK(!native_is_live(p));

    void *z1 = malloc(0), *z2 = malloc(0);
    CHECK(z1 && z2 && z1 != z2);
    CHECK(__vm_obj_size(z1) == 0);
    free(z1);
    free(z2);
    free(NULL);

    victim = malloc(4);
    free(victim);
    CHECK(native_catch(double_free) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    victim = malloc(4);
    CHECK(native_catch(interior_free) == NATIVE_FAULT + VM_FAULT_INVALID_FREE);
    free(victim);

    int *c = calloc(4, sizeof(int));
    CHECK(c && __vm_obj_size(c) == 16);
    CHECK(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0);
    free(c);
    CHECK(calloc((size_t)1 << 33, (size_t)1 << 33) == NULL); /* n * size overflows */
    CHECK(calloc((size_t)-1 / 2 + 1, 2) == NULL);
    void *c0 = calloc(0, 8);
    CHECK(c0 && __vm_obj_size(c0) == 0);
    free(c0);

    char *r = realloc(NULL, 5);
    CHECK(r && __vm_obj_size(r) == 5);
    memcpy(r, "abcde", 5);
    char *r2 = realloc(r, 8);
    CHECK(r2 && r2 != r && __vm_obj_size(r2) == 8);
    CHECK(!native_is_live(r)); /* the old block is freed: stale pointers dangle */
    CHECK(r2[0] == 'a' && r2[4] == 'e');
    char *r3 = realloc(r2, 2);
    CHECK(r3 && __vm_obj_size(r3) == 2 && r3[0] == 'a' && r3[1] == 'b');
    CHECK(realloc(r3, 0) == NULL);
    CHECK(!native_is_live(r3));

    /* Pointers survive realloc's copy (natively trivially; in the VM thanks to the intrinsic). */
    int x = 7;
    int **pp = malloc(sizeof(int *));
    *pp = &x;
    pp = realloc(pp, 2 * sizeof(int *));
    CHECK(**pp == 7);
    free(pp);

    CHECK(malloc((size_t)-1) == NULL);
    clear_flags();
    CHECK(native_catch(huge_malloc) == NATIVE_CANCEL);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);

    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_MALLOC_CAN_FAIL, 0);
    choose(1);
    *__errno_location() = 0;
    CHECK(malloc(3) == NULL);
    CHECK(*__errno_location() == RT_ENOMEM); /* as glibc */
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "malloc(3): allocation failure chosen, returns NULL");
    choose(1);
    CHECK(calloc(2, 2) == NULL);
    char *keep = malloc(2);
    choose(1);
    CHECK(realloc(keep, 4) == NULL);
    CHECK(native_is_live(keep)); /* a failed realloc leaves the block alone */
    choose(0);
    void *ok = malloc(3);
    CHECK(ok != NULL && native_last_choose_n() == 2);
    free(ok);
    free(keep);
    clear_flags();
    native_trace_take(VM_TRACE_INFO, NULL);

    CHECK(aligned_alloc(3, 8) == NULL);
    void *al = aligned_alloc(16, 32);
    CHECK(al && __vm_obj_size(al) == 32);
    free(al);
    void *pm = NULL;
    CHECK(posix_memalign(&pm, 16, 24) == 0 && pm && __vm_obj_size(pm) == 24);
    free(pm);
    CHECK(posix_memalign(&pm, 12, 24) == RT_EINVAL);
}

/* ------------------------------------------------------------------ SV-COMP */

static void assume_false(void) {
    __VERIFIER_assume(0);
}
static void assume_true(void) {
    __VERIFIER_assume(1);
}
static void call_reach_error(void) {
    reach_error();
}
static void call_verifier_error(void) {
    __VERIFIER_error();
}
static void failing_assert(void) {
    __assert_fail("x > 0", "prog.c", 12, "main");
}

static void test_svcomp(void) {
    native_trace_take(VM_TRACE_INPUT, NULL);
    clear_flags();
    choose(1);
    CHECK(__VERIFIER_nondet_bool() == 1);
    CHECK(native_last_choose_n() == 2);
    choose(200);
    CHECK(__VERIFIER_nondet_char() == -56);
    CHECK(native_last_choose_n() == 256);
    choose(255);
    CHECK(__VERIFIER_nondet_uchar() == 255);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* small types are enumerated completely */
    CHECK_STR(native_trace_take(VM_TRACE_INPUT, NULL),
              "__VERIFIER_nondet_bool = 1__VERIFIER_nondet_char = -56__VERIFIER_nondet_uchar = 255");

    /* The signed set, in order: 0 1 -1 2 -2 MAX MIN MAX-1 MIN+1. */
    int want_int[9] = {0, 1, -1, 2, -2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1};
    for (int i = 0; i < 9; i++) {
        choose(i);
        CHECK(__VERIFIER_nondet_int() == want_int[i]);
        CHECK(native_last_choose_n() == 9);
    }
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    choose(2);
    __VERIFIER_nondet_int();
    int n;
    const char *t = native_trace_take(VM_TRACE_INPUT, &n);
    CHECK(n == 10);
    CHECK_STR(t + 0, "__VERIFIER_nondet_int = 0__VERIFIER_nondet_int = 1__VERIFIER_nondet_int = -1"
                     "__VERIFIER_nondet_int = 2__VERIFIER_nondet_int = -2"
                     "__VERIFIER_nondet_int = 2147483647__VERIFIER_nondet_int = -2147483648"
                     "__VERIFIER_nondet_int = 2147483646__VERIFIER_nondet_int = -2147483647"
                     "__VERIFIER_nondet_int = -1");

    /* Fixed inputs: values in order, truncated to the type, no choice; 0 and incomplete after. */
    static const unsigned long fixed[5] = {0x100003039UL, 3, 0xfe, 0xffffffffffffffffUL, 0x1ffffUL};
    native_set_inputs(fixed, 5);
    clear_flags();
    CHECK(__VERIFIER_nondet_int() == 12345);
    CHECK(__VERIFIER_nondet_bool() == 1);
    CHECK(__VERIFIER_nondet_char() == -2);
    CHECK(__VERIFIER_nondet_long() == -1);
    CHECK(__VERIFIER_nondet_ushort() == 0xffff);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    CHECK(__VERIFIER_nondet_uint() == 0);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    CHECK_STR(native_trace_take(VM_TRACE_INPUT, NULL),
              "__VERIFIER_nondet_int = 12345__VERIFIER_nondet_bool = 1__VERIFIER_nondet_char = -2"
              "__VERIFIER_nondet_long = -1__VERIFIER_nondet_ushort = 65535__VERIFIER_nondet_uint = 0");
    native_set_inputs(NULL, -1);
    clear_flags();

    /* The unsigned set: 0 1 2 MAX MAX-1. */
    choose(3);
    CHECK(__VERIFIER_nondet_uint() == UINT_MAX);
    CHECK(native_last_choose_n() == 5);
    choose(4);
    CHECK(__VERIFIER_nondet_unsigned() == UINT_MAX - 1);
    choose(3);
    CHECK(__VERIFIER_nondet_ulonglong() == ULLONG_MAX);
    choose(3);
    CHECK(__VERIFIER_nondet_size_t() == (size_t)-1);
    choose(3);
    CHECK(__VERIFIER_nondet_ushort() == USHRT_MAX);
    choose(5);
    CHECK(__VERIFIER_nondet_short() == SHRT_MAX);
    choose(6);
    CHECK(__VERIFIER_nondet_long() == LONG_MIN);
    choose(6);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MIN);
    choose(3);
    CHECK(__VERIFIER_nondet_ulong() == ULONG_MAX);
    CHECK(__VERIFIER_nondet_pointer() == NULL);
    t = native_trace_take(VM_TRACE_INPUT, &n);
    CHECK(n == 10);

    /* --nondet-range. */
    clear_flags();
    native_set_range(1, -3, 3);
    choose(0);
    CHECK(__VERIFIER_nondet_int() == -3);
    CHECK(native_last_choose_n() == 7);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    choose(6);
    CHECK(__VERIFIER_nondet_long() == 3);
    choose(3);
    CHECK(__VERIFIER_nondet_uint() == 3); /* clamped to [0, 3] */
    CHECK(native_last_choose_n() == 4);
    clear_flags();
    native_set_range(1, -100000, 100000);
    choose(65535);
    CHECK(__VERIFIER_nondet_ushort() == 65535);
    CHECK(native_last_choose_n() == 65536);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* the range covers unsigned short */
    choose(0);
    CHECK(__VERIFIER_nondet_short() == SHRT_MIN);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    native_set_range(1, -5, -1);
    choose(0);
    CHECK(__VERIFIER_nondet_uint() == 0); /* no overlap: the nearest value, incomplete */
    CHECK(native_last_choose_n() == 1);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    clear_flags();
    native_set_range(1, LONG_MIN, LONG_MAX);
    int lowest[3] = {0, 0, 0}, highest[3] = {15, (1 << 30) - 1, (1 << 30) - 1};
    native_set_choices(lowest, 3);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MIN);
    native_set_choices(highest, 3);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MAX);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* chunked choices cover all 2^64 values */
    int mid[3] = {8, 0, 5};
    native_set_choices(mid, 3);
    CHECK(__VERIFIER_nondet_long() == 5);
    native_set_range(0, 0, 0);
    native_trace_take(VM_TRACE_INPUT, NULL);

    /* No formatting while the VM is not tracing. */
    native_set_tracing(0);
    choose(1);
    CHECK(__VERIFIER_nondet_int() == 1);
    CHECK_STR(native_trace_take(VM_TRACE_INPUT, &n), "");
    CHECK(n == 0);
    native_set_tracing(1);

    clear_flags();
    CHECK(native_catch(assume_true) == NATIVE_RETURNED);
    CHECK(native_catch(assume_false) == NATIVE_CANCEL);
    CHECK(flags() & VM_FLAG_CANCEL);
    clear_flags();
    CHECK(native_catch(call_reach_error) == NATIVE_FAULT + VM_FAULT_ASSERT);
    CHECK(native_catch(call_verifier_error) == NATIVE_FAULT + VM_FAULT_ASSERT);
    native_trace_take(VM_TRACE_INFO, NULL);
    CHECK(native_catch(failing_assert) == NATIVE_FAULT + VM_FAULT_ASSERT);
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "assertion failed: x > 0 (prog.c:12)");

    __VERIFIER_atomic_begin();
    CHECK(flags() & VM_FLAG_ATOMIC);
    __VERIFIER_atomic_end();
    CHECK(!(flags() & VM_FLAG_ATOMIC));
}

/* ------------------------------------------------------------------ stdlib */

static int by_value(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

struct record {
    long key;
    int *ptr;
    char pad[60]; /* 80 bytes: more than one swap chunk */
};

static int by_key(const void *a, const void *b) {
    long x = ((const struct record *)a)->key, y = ((const struct record *)b)->key;
    return (x > y) - (x < y);
}

static char exit_log[8];
static int exit_log_len;
static void handler_a(void) {
    exit_log[exit_log_len++] = 'a';
}
static void handler_b(void) {
    exit_log[exit_log_len++] = 'b';
}
static void call_exit(void) {
    exit(3);
}
static void call_abort(void) {
    abort();
}
static void call__Exit(void) {
    _Exit(1);
}
static void call_quick_exit(void) {
    quick_exit(2);
}
static void handler_registers_a(void) {
    exit_log[exit_log_len++] = 'r';
    atexit(handler_a);
}
static int abs_of(void) {
    return abs(INT_MIN);
}
static void call_abs_min(void) {
    (void)abs_of();
}
static void call_labs_min(void) {
    (void)labs(LONG_MIN);
}
static void call_llabs_min(void) {
    (void)llabs(LLONG_MIN);
}
static void call_imaxabs_min(void) {
    (void)imaxabs(LLONG_MIN);
}
static int count_handler_runs;
static void count_handler(void) {
    count_handler_runs++;
}

static void test_stdlib(void) {
    CHECK(abs(-5) == 5 && abs(5) == 5 && abs(0) == 0);
    CHECK(labs(-5L) == 5 && llabs(-9000000000LL) == 9000000000LL);
    CHECK(abs(INT_MIN + 1) == INT_MAX && imaxabs(-7) == 7);
    CHECK(native_catch(call_abs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_labs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_llabs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK(native_catch(call_imaxabs_min) == NATIVE_FAULT + VM_FAULT_SIGNED_OVERFLOW);
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL),
              "abs(INT_MIN): the result is not representable"
              "labs(LONG_MIN): the result is not representable"
              "llabs(LLONG_MIN): the result is not representable"
              "imaxabs(INTMAX_MIN): the result is not representable");
    div_t d = div(-7, 2);
    CHECK(d.quot == -3 && d.rem == -1); /* truncation towards zero */
    ldiv_t ld = ldiv(7L, -2L);
    CHECK(ld.quot == -3 && ld.rem == 1);
    lldiv_t lld = lldiv(-9000000000LL, 1000000000LL);
    CHECK(lld.quot == -9 && lld.rem == 0);
    imaxdiv_t id = imaxdiv(LLONG_MIN, 2);
    CHECK(id.quot == LLONG_MIN / 2 && id.rem == 0);

    char *end;
    const char *s = "  -42x";
    CHECK(strtol(s, &end, 10) == -42 && end == s + 5);
    CHECK(atoi(s) == -42);
    CHECK(atoi("+17") == 17 && atol("123456789012") == 123456789012L);
    CHECK(atoll("-5") == -5);
    CHECK(strtol("0x1F", &end, 16) == 31 && *end == 0);
    CHECK(strtol("1f", NULL, 16) == 31);
    CHECK(strtol("0x10", NULL, 0) == 16);
    CHECK(strtol("010", NULL, 0) == 8);
    CHECK(strtol("10", NULL, 0) == 10);
    CHECK(strtol("101", NULL, 2) == 5);
    CHECK(strtol("zz", NULL, 36) == 35 * 36 + 35);
    const char *bad = "zz";
    CHECK(strtol(bad, &end, 10) == 0 && end == bad);
    const char *hex0 = "0xg";
    CHECK(strtol(hex0, &end, 16) == 0 && end == hex0 + 1); /* "0", then "xg" is not a number */
    *__errno_location() = 0;
    CHECK(strtol("99999999999999999999", NULL, 10) == LONG_MAX);
    CHECK(*__errno_location() == RT_ERANGE);
    *__errno_location() = 0;
    CHECK(strtol("-9223372036854775808", NULL, 10) == LONG_MIN);
    CHECK(*__errno_location() == 0);
    CHECK(strtol("-9223372036854775809", NULL, 10) == LONG_MIN);
    CHECK(*__errno_location() == RT_ERANGE);
    CHECK(strtoul("-1", NULL, 10) == ULONG_MAX);
    CHECK(strtoul("18446744073709551615", NULL, 10) == ULONG_MAX);
    CHECK(strtoull("ff", NULL, 16) == 255);
    CHECK(strtoll("-0x8000000000000000", NULL, 16) == LLONG_MIN);

    srand(1);
    int r1 = rand(), r2 = rand();
    srand(1);
    CHECK(rand() == r1 && rand() == r2);
    CHECK(r1 != r2);
    /* glibc's sequences (values printed by a native program linked with glibc) */
    CHECK(r1 == 1804289383 && r2 == 846930886);
    srand(42);
    r1 = rand();
    CHECK(r1 == 71876166 && rand() == 708592740);
    srand(0); /* glibc seeds 0 as 1 */
    CHECK(rand() == 1804289383);
    srand(4294967295u); /* a seed above INT_MAX: Schrage's method on a negative word */
    CHECK(rand() == 254925627);
    for (int i = 0; i < 100; i++) {
        int r = rand();
        CHECK(r >= 0 && r <= RT_RAND_MAX);
    }

    int v[9] = {5, -1, 3, 3, 9, 0, -7, 8, 2};
    qsort(v, 9, sizeof(int), by_value);
    int sorted[9] = {-7, -1, 0, 2, 3, 3, 5, 8, 9};
    for (int i = 0; i < 9; i++)
        CHECK(v[i] == sorted[i]);
    qsort(v, 0, sizeof(int), by_value);
    qsort(v, 1, sizeof(int), by_value);
    int key = 3;
    int *hit = bsearch(&key, v, 9, sizeof(int), by_value);
    CHECK(hit && *hit == 3);
    key = 4;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == NULL);
    key = -7;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == v);
    key = 9;
    CHECK(bsearch(&key, v, 9, sizeof(int), by_value) == v + 8);
    CHECK(bsearch(&key, v, 0, sizeof(int), by_value) == NULL);

    int targets[5];
    struct record recs[5];
    long keys[5] = {40, 10, 50, 20, 30};
    for (int i = 0; i < 5; i++) {
        memset(&recs[i], 0, sizeof recs[i]);
        recs[i].key = keys[i];
        targets[i] = (int)keys[i];
        recs[i].ptr = &targets[i];
        recs[i].pad[59] = (char)i;
    }
    qsort(recs, 5, sizeof recs[0], by_key);
    for (int i = 0; i < 5; i++) {
        CHECK(recs[i].key == 10 * (i + 1));
        CHECK(*recs[i].ptr == recs[i].key); /* the pointer moved with its record */
    }
    CHECK(recs[0].pad[59] == 1 && recs[4].pad[59] == 2);

    CHECK(atexit(handler_a) == 0);
    CHECK(atexit(handler_b) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(flags() & VM_FLAG_EXIT);
    CHECK(exit_log_len == 2 && exit_log[0] == 'b' && exit_log[1] == 'a'); /* reverse order */
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(exit_log_len == 2); /* each handler runs once */
    clear_flags();
    CHECK(atexit(handler_a) == 0);
    CHECK(native_catch(call__Exit) == NATIVE_EXIT);
    clear_flags();
    CHECK(native_catch(call_abort) == NATIVE_EXIT);
    clear_flags();
    CHECK(at_quick_exit(handler_b) == 0);
    CHECK(native_catch(call_quick_exit) == NATIVE_EXIT);
    /* neither _Exit nor abort runs handlers; quick_exit runs only at_quick_exit's */
    CHECK(exit_log_len == 3 && exit_log[2] == 'b');
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "abort() called");
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT); /* handler_a is still registered */
    CHECK(exit_log_len == 4 && exit_log[3] == 'a');
    /* A handler that registers another: that one runs next (glibc). */
    exit_log_len = 0;
    CHECK(atexit(handler_b) == 0);
    CHECK(atexit(handler_registers_a) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(exit_log_len == 3 && exit_log[0] == 'r' && exit_log[1] == 'a' && exit_log[2] == 'b');
    /* Any number of handlers (glibc has no limit). */
    for (int i = 0; i < 1000; i++)
        CHECK(atexit(count_handler) == 0);
    clear_flags();
    CHECK(native_catch(call_exit) == NATIVE_EXIT);
    CHECK(count_handler_runs == 1000);
    clear_flags();
}

/* ------------------------------------------------------------------ ctype */

/* What glibc's <ctype.h> macros do: index the class table and test glibc's bit for a class. */
#define GLIBC_BIT(b) ((b) < 8 ? ((1 << (b)) << 8) : ((1 << (b)) >> 8))
#define GLIBC_IS(c, b) (((*__ctype_b_loc())[(int)(c)] & (unsigned short)GLIBC_BIT(b)) != 0)

static void test_ctype(void) {
    int classes = 0;
    for (int c = -128; c < 256; c++) {
        int ascii = c >= 0 && c < 128;
        int upper = c >= 'A' && c <= 'Z', lower = c >= 'a' && c <= 'z';
        int digit = c >= '0' && c <= '9';
        int space = c == ' ' || (c >= 9 && c <= 13);
        int print = c >= 32 && c < 127;
        CHECK(isupper(c) == upper && islower(c) == lower && isdigit(c) == digit);
        CHECK(isalpha(c) == (upper || lower) && isalnum(c) == (upper || lower || digit));
        CHECK(isspace(c) == space && isprint(c) == print && isgraph(c) == (print && c != ' '));
        CHECK(iscntrl(c) == (ascii && !print) && isblank(c) == (c == ' ' || c == '\t'));
        CHECK(ispunct(c) == (print && c != ' ' && !(upper || lower || digit)));
        CHECK(isxdigit(c) == (digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
        CHECK(tolower(c) == (upper ? c + 32 : c) && toupper(c) == (lower ? c - 32 : c));
        CHECK((*__ctype_tolower_loc())[c] == tolower(c) && (*__ctype_toupper_loc())[c] == toupper(c));
        /* glibc bit numbers: upper 0, lower 1, alpha 2, digit 3, xdigit 4, space 5, print 6,
         * graph 7, blank 8, cntrl 9, punct 10, alnum 11. */
        CHECK(GLIBC_IS(c, 0) == upper && GLIBC_IS(c, 1) == lower && GLIBC_IS(c, 3) == digit);
        CHECK(GLIBC_IS(c, 5) == space && GLIBC_IS(c, 6) == print && GLIBC_IS(c, 8) == isblank(c));
        CHECK(GLIBC_IS(c, 2) == isalpha(c) && GLIBC_IS(c, 4) == isxdigit(c));
        CHECK(GLIBC_IS(c, 7) == isgraph(c) && GLIBC_IS(c, 9) == iscntrl(c));
        CHECK(GLIBC_IS(c, 10) == ispunct(c) && GLIBC_IS(c, 11) == isalnum(c));
        classes += ispunct(c);
    }
    CHECK(classes == 32);
    CHECK(isdigit(-1) == 0 && tolower(-1) == -1 && toupper(1000) == 1000); /* EOF, out of range */
}

int main(void) {
    test_ctype();
    test_string();
    test_string2();
    test_format();
    test_output();
    test_asprintf();
    test_stdin();
    test_getrandom();
    test_memstream();
    test_scanf();
    test_environment();
    test_unlocked();
    test_malloc();
    test_svcomp();
    test_stdlib();
    printf("all %d checks passed\n", checks);
    return 0;
}
