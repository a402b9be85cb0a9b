/*
 * test_string.c: string.h and ctype.h — part of the native test driver of vigil's runtime (see test_libc.h).
 */
#include "test_libc.h"

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

void test_string(void) {
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
void test_string2(void) {
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


/* ------------------------------------------------------------------ ctype */

/* What glibc's <ctype.h> macros do: index the class table and test glibc's bit for a class. */
#define GLIBC_BIT(b) ((b) < 8 ? ((1 << (b)) << 8) : ((1 << (b)) >> 8))
#define GLIBC_IS(c, b) (((*__ctype_b_loc())[(int)(c)] & (unsigned short)GLIBC_BIT(b)) != 0)

void test_ctype(void) {
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
        /* glibc: a negative char other than EOF maps to the unsigned char it stands for. */
        int self = c < -1 ? c + 256 : c;
        CHECK(tolower(c) == (upper ? c + 32 : self) && toupper(c) == (lower ? c - 32 : self));
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
    /* A negative char (-128..-2) maps to the unsigned char it stands for, as glibc's tables do. */
    CHECK(toupper(-23) == 233 && tolower(-128) == 128 && toupper(-2) == 254 && isalpha(-23) == 0);
    CHECK((*__ctype_toupper_loc())[-23] == 233 && (*__ctype_tolower_loc())[-1] == -1);
}
