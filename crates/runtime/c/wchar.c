/*
 * wchar.c — the wide-string functions of wchar.h that work on memory only: wcslen, wcsnlen,
 * wcscmp, wcsncmp, wcscpy, wcsncpy, wcscat, wcsncat, wcschr, wcsrchr, wmemcpy, wmemmove,
 * wmemset, wmemcmp, wmemchr. (Conversions to and from multibyte strings depend on the locale and
 * are not modelled: calls of them stay calls of unknown functions.)
 *
 * wchar_t is a signed 32-bit integer on x86-64 and i386 Linux. As in glibc (checked natively),
 * comparisons are of wchar_t values as signed integers and return -1, 0 or 1 — not the
 * difference, and not an unsigned comparison as for char strings. The copying functions raise
 * VM_FAULT_OVERLAP when a wide character read is also one written (their parameters are
 * `restrict`), as the byte-string functions do (string.c); wmemcpy copies with the VM's memcpy.
 * Loops touch exactly the characters the standard lets them read or write, in order.
 */
#include "rt.h"

typedef __WCHAR_TYPE__ wchar_t;

RT_WEAK size_t wcslen(const wchar_t *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

RT_WEAK size_t wcsnlen(const wchar_t *s, size_t max) {
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

static int wide_order(wchar_t a, wchar_t b) {
    return a < b ? -1 : a > b;
}

RT_WEAK int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (a[i] != b[i])
            return wide_order(a[i], b[i]);
        if (!a[i])
            return 0;
    }
    return 0;
}

RT_WEAK int wcscmp(const wchar_t *a, const wchar_t *b) {
    return wcsncmp(a, b, (size_t)-1);
}

RT_WEAK int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return wide_order(a[i], b[i]);
    return 0;
}

RT_WEAK wchar_t *wcscpy(wchar_t *restrict dst, const wchar_t *restrict src) {
    size_t bytes = (wcslen(src) + 1) * sizeof(wchar_t);
    rt_check_overlap("wcscpy: source and destination overlap", dst, bytes, src, bytes);
    size_t i = 0;
    while ((dst[i] = src[i]) != 0)
        i++;
    return dst;
}

/* Copies at most n wide characters and pads with L'\0' up to n. */
RT_WEAK wchar_t *wcsncpy(wchar_t *restrict dst, const wchar_t *restrict src, size_t n) {
    size_t read = wcsnlen(src, n);
    read += read < n; /* the terminator is read too when it comes first */
    rt_check_overlap("wcsncpy: source and destination overlap", dst, n * sizeof(wchar_t), src,
                     read * sizeof(wchar_t));
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    for (; i < n; i++)
        dst[i] = 0;
    return dst;
}

RT_WEAK wchar_t *wcscat(wchar_t *restrict dst, const wchar_t *restrict src) {
    size_t dlen = wcslen(dst), slen = wcslen(src) + 1;
    rt_check_overlap("wcscat: source and destination overlap", dst,
                     (dlen + slen) * sizeof(wchar_t), src, slen * sizeof(wchar_t));
    for (size_t i = 0; i < slen; i++)
        dst[dlen + i] = src[i];
    return dst;
}

/* Appends at most n wide characters of src, then always L'\0'. */
RT_WEAK wchar_t *wcsncat(wchar_t *restrict dst, const wchar_t *restrict src, size_t n) {
    size_t dlen = wcslen(dst), copied = wcsnlen(src, n);
    size_t read = copied + (copied < n);
    rt_check_overlap("wcsncat: source and destination overlap", dst,
                     (dlen + copied + 1) * sizeof(wchar_t), src, read * sizeof(wchar_t));
    size_t i = 0;
    for (; i < copied; i++)
        dst[dlen + i] = src[i];
    dst[dlen + i] = 0;
    return dst;
}

/* The terminator itself can be found. */
RT_WEAK wchar_t *wcschr(const wchar_t *s, wchar_t c) {
    for (;; s++) {
        if (*s == c)
            return (wchar_t *)s;
        if (!*s)
            return NULL;
    }
}

RT_WEAK wchar_t *wcsrchr(const wchar_t *s, wchar_t c) {
    const wchar_t *found = NULL;
    for (;; s++) {
        if (*s == c)
            found = s;
        if (!*s)
            return (wchar_t *)found;
    }
}

RT_WEAK wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] == c)
            return (wchar_t *)(s + i);
    return NULL;
}

RT_WEAK wchar_t *wmemcpy(wchar_t *restrict dst, const wchar_t *restrict src, size_t n) {
    memcpy(dst, src, n * sizeof(wchar_t));
    return dst;
}

RT_WEAK wchar_t *wmemmove(wchar_t *dst, const wchar_t *src, size_t n) {
    memmove(dst, src, n * sizeof(wchar_t));
    return dst;
}

RT_WEAK wchar_t *wmemset(wchar_t *s, wchar_t c, size_t n) {
    for (size_t i = 0; i < n; i++)
        s[i] = c;
    return s;
}
