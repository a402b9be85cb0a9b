/*
 * string.c — string.h: memcpy, memmove, memset, memcmp, memchr, strlen, strnlen, strcmp,
 * strncmp, strcpy, strncpy, strcat, strncat, strchr, strrchr, strstr, strdup, strndup, and the
 * collation functions strcoll and strxfrm of the "C" locale (the only locale: setlocale is not
 * modelled, so a program that changes it ends in `unknown`), where glibc's are strcmp and a
 * bounded copy.
 *
 * Invariants:
 *  - memcpy, memmove and memset use the LLVM memory intrinsics, which the VM implements natively:
 *    they check the whole range before touching it and keep pointers stored in the copied memory
 *    intact (a byte loop would turn every copied pointer into a plain integer);
 *  - overlapping source and destination raise VM_FAULT_OVERLAP before anything is written:
 *    memcpy when the ranges overlap partially (dst == src is let through, as ASan does: clang
 *    emits llvm.memcpy for a struct assigned to itself, and the VM's intrinsic cannot tell that
 *    from a call of memcpy), strcpy/strncpy/strcat/strncat whenever a byte read is also a byte
 *    written (ASan's ranges: the source up to and including the NUL read, the destination up to
 *    and including the NUL written);
 *  - everything else is a byte loop that touches exactly the bytes the C standard lets it read or
 *    write, in order, so the VM reports a bad access at the first offending byte;
 *  - comparisons are on unsigned char values, as the standard requires, and return the
 *    difference of the first differing bytes, as glibc's memcmp/strcmp/strncmp do on x86 (C
 *    only promises the sign; programs that test `strcmp(a, b) == -1` see glibc's answer).
 */
#include "rt.h"

RT_WEAK void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    if (dst != src)
        rt_check_overlap("memcpy: source and destination overlap", dst, n, src, n);
    __builtin_memmove(dst, src, n);
    return dst;
}

RT_WEAK void *memmove(void *dst, const void *src, size_t n) {
    __builtin_memmove(dst, src, n);
    return dst;
}

RT_WEAK void *memset(void *s, int c, size_t n) {
    __builtin_memset(s, c, n);
    return s;
}

RT_WEAK int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] - y[i];
    return 0;
}

RT_WEAK void *memchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return NULL;
}

RT_WEAK size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

RT_WEAK size_t strnlen(const char *s, size_t max) {
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

RT_WEAK int strcmp(const char *a, const char *b) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    size_t i = 0;
    while (x[i] && x[i] == y[i])
        i++;
    return x[i] - y[i];
}

/* In the "C" locale glibc's strcoll is strcmp: the difference of the first differing bytes. */
RT_WEAK int strcoll(const char *a, const char *b) {
    return strcmp(a, b);
}

/* In the "C" locale the transformed string is the string itself: strxfrm copies it when it fits
 * in n bytes with its NUL (otherwise the contents of dst are unspecified; glibc writes the first
 * n bytes, and so does this) and returns its length. */
RT_WEAK size_t strxfrm(char *restrict dst, const char *restrict src, size_t n) {
    size_t len = strlen(src);
    for (size_t i = 0; i < n && i <= len; i++)
        dst[i] = src[i];
    return len;
}

RT_WEAK int strncmp(const char *a, const char *b, size_t n) {
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (size_t i = 0; i < n; i++) {
        if (x[i] != y[i])
            return x[i] - y[i];
        if (!x[i])
            return 0;
    }
    return 0;
}

/* The bytes strncpy/stpncpy read from src: up to n, and the NUL if it comes before. */
RT_WEAK size_t __vigil_bounded_source(const char *src, size_t n) {
    size_t len = strnlen(src, n);
    return len < n ? len + 1 : n;
}

RT_WEAK char *__vigil_copy_string(const char *fn, char *restrict dst, const char *restrict src) {
    size_t len = strlen(src) + 1;
    rt_check_overlap(fn, dst, len, src, len);
    size_t i = 0;
    while ((dst[i] = src[i]) != 0)
        i++;
    return dst + i;
}

RT_WEAK char *strcpy(char *restrict dst, const char *restrict src) {
    __vigil_copy_string("strcpy: source and destination overlap", dst, src);
    return dst;
}

/* Copies at most n bytes and pads with NUL up to n (no terminator if src is n bytes or longer). */
RT_WEAK char *strncpy(char *restrict dst, const char *restrict src, size_t n) {
    rt_check_overlap("strncpy: source and destination overlap", dst, n, src, __vigil_bounded_source(src, n));
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    for (; i < n; i++)
        dst[i] = 0;
    return dst;
}

RT_WEAK char *strcat(char *restrict dst, const char *restrict src) {
    size_t dlen = strlen(dst), slen = strlen(src) + 1;
    rt_check_overlap("strcat: source and destination overlap", dst, dlen + slen, src, slen);
    strcpy(dst + dlen, src);
    return dst;
}

/* Appends at most n bytes of src, then always a NUL. */
RT_WEAK char *strncat(char *restrict dst, const char *restrict src, size_t n) {
    size_t dlen = strlen(dst), copied = strnlen(src, n);
    rt_check_overlap("strncat: source and destination overlap", dst, dlen + copied + 1, src,
                     __vigil_bounded_source(src, n));
    char *end = dst + dlen;
    size_t i = 0;
    for (; i < n && src[i]; i++)
        end[i] = src[i];
    end[i] = 0;
    return dst;
}

/* Finds c (converted to char); the terminator itself can be found. */
RT_WEAK char *strchr(const char *s, int c) {
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return NULL;
    }
}

RT_WEAK char *strrchr(const char *s, int c) {
    const char *found = NULL;
    for (;; s++) {
        if (*s == (char)c)
            found = s;
        if (!*s)
            return (char *)found;
    }
}

/* Does `needle` occur at `at`? Reads `at` only as far as the comparison needs. */
static int starts_with(const char *at, const char *needle) {
    for (size_t i = 0; needle[i]; i++)
        if (at[i] != needle[i])
            return 0;
    return 1;
}

RT_WEAK char *strstr(const char *haystack, const char *needle) {
    for (;; haystack++) {
        if (starts_with(haystack, needle))
            return (char *)haystack;
        if (!*haystack)
            return NULL;
    }
}

/* A new string of the first n bytes of s (malloc'd; NULL when malloc fails). */
static char *copy_prefix(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (d) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
        d[n] = 0;
    }
    return d;
}

RT_WEAK char *strdup(const char *s) {
    return copy_prefix(s, strlen(s));
}

RT_WEAK char *strndup(const char *s, size_t n) {
    return copy_prefix(s, strnlen(s, n));
}
