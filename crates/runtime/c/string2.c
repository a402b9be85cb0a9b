/*
 * string2.c — the rest of string.h / strings.h that programs use for parsing: strcasecmp,
 * strncasecmp (POSIX, C locale), strspn, strcspn, strpbrk, strtok, strtok_r (POSIX), strsep and
 * memrchr (GNU/BSD).
 *
 * Invariants (as in string.c):
 *  - every function is a byte loop that reads exactly the bytes glibc's specification lets it
 *    read, in order, so the VM reports an out-of-bounds or unterminated string at the first
 *    offending byte; nothing here writes except strtok/strtok_r/strsep, which store the single
 *    NUL terminator the standard describes;
 *  - characters are compared as unsigned char; case folding is the C locale's (A-Z only);
 *  - strcasecmp/strncasecmp return the difference of the folded bytes, as glibc does (C only
 *    promises the sign; the difference keeps `r == 'a' - 'b'`-style checks agreeing with glibc);
 *  - strtok keeps its position in a static variable, like glibc: calling it with NULL before any
 *    string was given dereferences that NULL position (a fault in the VM, a crash natively);
 *    strtok_r with s == NULL reads *saveptr, which must be what the previous call stored.
 */
#include "rt.h"

static int fold(unsigned char c) {
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

RT_WEAK int strcasecmp(const char *a, const char *b) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0;; i++) {
        int d = fold(x[i]) - fold(y[i]);
        if (d != 0 || x[i] == 0)
            return d;
    }
}

RT_WEAK int strncasecmp(const char *a, const char *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++) {
        int d = fold(x[i]) - fold(y[i]);
        if (d != 0 || x[i] == 0)
            return d;
    }
    return 0;
}

/* Is c (a byte of the scanned string, not NUL) one of the bytes of set? */
static int in_set(char c, const char *set) {
    for (size_t i = 0; set[i]; i++)
        if (set[i] == c)
            return 1;
    return 0;
}

RT_WEAK size_t strspn(const char *s, const char *accept) {
    size_t n = 0;
    while (s[n] && in_set(s[n], accept))
        n++;
    return n;
}

RT_WEAK size_t strcspn(const char *s, const char *reject) {
    size_t n = 0;
    while (s[n] && !in_set(s[n], reject))
        n++;
    return n;
}

RT_WEAK char *strpbrk(const char *s, const char *accept) {
    for (; *s; s++)
        if (in_set(*s, accept))
            return (char *)s;
    return NULL;
}

RT_WEAK char *strtok_r(char *restrict s, const char *restrict delim, char **restrict saveptr) {
    if (!s)
        s = *saveptr;
    s += strspn(s, delim);
    if (!*s) {
        *saveptr = s;
        return NULL;
    }
    char *end = s + strcspn(s, delim);
    if (*end) {
        *end = 0;
        *saveptr = end + 1;
    } else {
        *saveptr = end;
    }
    return s;
}

static char *strtok_position;

RT_WEAK char *strtok(char *restrict s, const char *restrict delim) {
    return strtok_r(s, delim, &strtok_position);
}

RT_WEAK char *strsep(char **restrict stringp, const char *restrict delim) {
    char *begin = *stringp;
    if (!begin)
        return NULL;
    char *end = strpbrk(begin, delim);
    if (end) {
        *end = 0;
        *stringp = end + 1;
    } else {
        *stringp = NULL;
    }
    return begin;
}

/* Searches the n bytes backwards from the last one. */
RT_WEAK void *memrchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    while (n-- > 0)
        if (p[n] == (unsigned char)c)
            return (void *)(p + n);
    return NULL;
}
