/*
 * asprintf.c — asprintf and vasprintf (GNU): printf into a freshly allocated string.
 *
 * The text is formatted twice with the runtime's vsnprintf: once to measure it (size 0, nothing
 * written), then into a malloc'd buffer of exactly length + 1 bytes, so the result is one heap
 * object the program must free (a leak otherwise, as with glibc). On success *strp is the string
 * and the return value its length. When malloc fails (only with VM_FLAG_MALLOC_CAN_FAIL) the
 * result is -1 with errno ENOMEM and *strp is left untouched (glibc documents its contents as
 * undefined then; a program must not read it).
 */
#include "rt.h"

RT_WEAK int vasprintf(char **restrict strp, const char *restrict fmt, va_list ap) {
    va_list measure;
    va_copy(measure, ap);
    int len = vsnprintf(NULL, 0, fmt, measure);
    va_end(measure);
    if (len < 0)
        return -1;
    char *buf = malloc((size_t)len + 1);
    if (!buf) {
        *__errno_location() = RT_ENOMEM;
        return -1;
    }
    vsnprintf(buf, (size_t)len + 1, fmt, ap);
    *strp = buf;
    return len;
}

RT_WEAK int asprintf(char **restrict strp, const char *restrict fmt, ...) {
    RT_VA_FORWARD(fmt, vasprintf(strp, fmt, ap));
}
