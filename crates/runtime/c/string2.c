/*
 * string2.c — the rest of string.h / strings.h that programs use: strcasecmp, strncasecmp
 * (POSIX, C locale), strspn, strcspn, strpbrk, strtok, strtok_r, stpcpy, stpncpy, ffs (POSIX),
 * strsep, memrchr, strchrnul, rawmemchr, memmem, index, rindex, ffsl, ffsll, mempcpy,
 * strcasestr, explicit_bzero (GNU/BSD), swab, memccpy (XSI, C23).
 *
 * Invariants (as in string.c):
 *  - every function is a byte loop that reads exactly the bytes glibc's specification lets it
 *    read, in order, so the VM reports an out-of-bounds or unterminated string at the first
 *    offending byte; nothing here writes except strtok/strtok_r/strsep, which store the single
 *    NUL terminator the standard describes, and swab, which writes its destination;
 *  - stpcpy/stpncpy raise VM_FAULT_OVERLAP as strcpy/strncpy do (string.c), mempcpy as memcpy,
 *    memccpy when the bytes it copies overlap their destination;
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

/* memcpy returning the end of the copy (GNU). */
RT_WEAK void *mempcpy(void *restrict dst, const void *restrict src, size_t n) {
    if (dst != src)
        rt_check_overlap("mempcpy: source and destination overlap", dst, n, src, n);
    __builtin_memmove(dst, src, n);
    return (char *)dst + n;
}

/* Copies bytes of src up to and including the first c, at most n: the byte after the copied c
 * in dst, or NULL when the n bytes hold no c (XSI, C23). Only the bytes up to c are read. */
RT_WEAK void *memccpy(void *restrict dst, const void *restrict src, int c, size_t n) {
    const unsigned char *from = src;
    size_t len = n;
    for (size_t i = 0; i < n; i++) {
        if (from[i] == (unsigned char)c) {
            len = i + 1;
            break;
        }
    }
    rt_check_overlap("memccpy: source and destination overlap", dst, len, src, len);
    __builtin_memmove(dst, src, len);
    return len < n || (n > 0 && from[n - 1] == (unsigned char)c) ? (char *)dst + len : NULL;
}

/* strstr with the C locale's case folding (GNU): an empty needle is found at the start. */
RT_WEAK char *strcasestr(const char *haystack, const char *needle) {
    for (;; haystack++) {
        size_t i = 0;
        while (needle[i] && fold((unsigned char)haystack[i]) == fold((unsigned char)needle[i]))
            i++;
        if (!needle[i])
            return (char *)haystack;
        if (!*haystack)
            return NULL;
    }
}

/* memset to 0 that a compiler may not remove (BSD, glibc 2.25). */
RT_WEAK void explicit_bzero(void *s, size_t n) {
    __builtin_memset(s, 0, n);
}

/* Searches the n bytes backwards from the last one. */
RT_WEAK void *memrchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    while (n-- > 0)
        if (p[n] == (unsigned char)c)
            return (void *)(p + n);
    return NULL;
}

/* Like strchr, but a pointer to the terminator when c does not occur. */
RT_WEAK char *strchrnul(const char *s, int c) {
    while (*s && *s != (char)c)
        s++;
    return (char *)s;
}

/* memchr without a bound: c must occur (glibc reads on until it does). */
RT_WEAK void *rawmemchr(const void *s, int c) {
    const unsigned char *p = s;
    while (*p != (unsigned char)c)
        p++;
    return (void *)p;
}

/* The first occurrence of the nlen bytes of needle in the hlen bytes of haystack; an empty
 * needle is found at the start. Only bytes inside the two ranges are read. */
RT_WEAK void *memmem(const void *haystack, size_t hlen, const void *needle, size_t nlen) {
    const unsigned char *h = haystack, *n = needle;
    if (nlen == 0)
        return (void *)h;
    for (size_t i = 0; nlen <= hlen && i <= hlen - nlen; i++) {
        size_t k = 0;
        while (k < nlen && h[i + k] == n[k])
            k++;
        if (k == nlen)
            return (void *)(h + i);
    }
    return NULL;
}

RT_WEAK char *index(const char *s, int c) {
    return strchr(s, c);
}

RT_WEAK char *rindex(const char *s, int c) {
    return strrchr(s, c);
}

/* strcpy returning a pointer to the terminator written. */
RT_WEAK char *stpcpy(char *restrict dst, const char *restrict src) {
    return __vigil_copy_string("stpcpy: source and destination overlap", dst, src);
}

/* strncpy returning dst + the length copied (the first NUL written, or dst + n if none). */
RT_WEAK char *stpncpy(char *restrict dst, const char *restrict src, size_t n) {
    rt_check_overlap("stpncpy: source and destination overlap", dst, n, src,
                     __vigil_bounded_source(src, n));
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    size_t len = i;
    for (; i < n; i++)
        dst[i] = 0;
    return dst + len;
}

/* 1 + the index of the least significant set bit, 0 for 0. */
RT_WEAK int ffsll(long long i) {
    unsigned long long v = (unsigned long long)i;
    if (v == 0)
        return 0;
    int n = 1;
    while (!(v & 1)) {
        v >>= 1;
        n++;
    }
    return n;
}

RT_WEAK int ffsl(long i) {
    return ffsll((long long)(unsigned long)i);
}

RT_WEAK int ffs(int i) {
    return ffsll((long long)(unsigned)i);
}

/* swab: copies n bytes (n rounded down to even; nothing when n is negative) from `from` to `to`,
 * exchanging the bytes of each pair. Both bytes of a pair are read before either is written, so
 * from == to swaps in place, as glibc's does (other overlaps are undefined). */
RT_WEAK void swab(const void *restrict from, void *restrict to, long n) {
    const unsigned char *f = from;
    unsigned char *t = to;
    for (long i = 0; i + 1 < n; i += 2) {
        unsigned char a = f[i], b = f[i + 1];
        t[i] = b;
        t[i + 1] = a;
    }
}
