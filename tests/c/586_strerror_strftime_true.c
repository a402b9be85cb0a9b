// expect: true
// decide: explicit
// strerror, both strerror_r forms (this file has no _GNU_SOURCE, so glibc's header makes
// strerror_r the XSI function __xpg_strerror_r) and strftime in the C locale give glibc's text;
// the same assertions pass natively.
#include <assert.h>
#include <errno.h>
#include <string.h>
#include <time.h>

int main(void) {
    assert(strcmp(strerror(ENOENT), "No such file or directory") == 0);
    assert(strcmp(strerror(0), "Success") == 0);
    assert(strcmp(strerror(-7), "Unknown error -7") == 0);
    assert(strcmp(strerror(41), "Unknown error 41") == 0);
    char buf[8];
    assert(strerror_r(EINVAL, buf, sizeof buf) == ERANGE && strcmp(buf, "Invalid") == 0);
    assert(strerror_r(EIO, buf, sizeof buf) == ERANGE && strcmp(buf, "Input/o") == 0);
    assert(strerror_r(1000, buf, sizeof buf) == EINVAL);
    char big[64];
    assert(strerror_r(EROFS, big, sizeof big) == 0 && strcmp(big, "Read-only file system") == 0);

    struct tm t = {0};
    t.tm_year = 124; /* 2024 */
    t.tm_mon = 1;
    t.tm_mday = 29;
    t.tm_hour = 13;
    t.tm_min = 5;
    t.tm_sec = 9;
    t.tm_wday = 4;
    t.tm_yday = 59;
    char out[100];
    assert(strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S %a %b %j %I%p", &t) == 36);
    assert(strcmp(out, "2024-02-29 13:05:09 Thu Feb 060 01PM") == 0);
    assert(strftime(out, sizeof out, "%c|%D|%e|%U|%W|%V|%G|%u", &t) > 0);
    assert(strcmp(out, "Thu Feb 29 13:05:09 2024|02/29/24|29|08|09|09|2024|4") == 0);
    assert(strftime(out, 5, "%Y-%m", &t) == 0);
    t.tm_yday = 0;
    t.tm_wday = 0; /* Sunday 1 January: ISO week 52 of the year before */
    assert(strftime(out, sizeof out, "%V %G %g %U %W", &t) > 0 && strcmp(out, "52 2023 23 01 00") == 0);
    return 0;
}
