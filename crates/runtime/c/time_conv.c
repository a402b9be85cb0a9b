/*
 * time_conv.c — broken-down time: gmtime, gmtime_r, localtime, localtime_r, mktime, timegm,
 * asctime, asctime_r, ctime, ctime_r, tzset and the globals tzname, timezone, daylight (and
 * glibc's __tzname, __timezone, __daylight). difftime, which needs floating point, is in
 * fp_difftime.c. Every result is glibc 2.36's (checked natively, crates/cli/tests/libc_diff.rs).
 *
 * The time zone. glibc takes the local zone from TZ, else from /etc/localtime; with TZ unset and
 * no such file (or a UTC one) it is UTC. The runtime computes local time in that zone:
 * localtime is gmtime with tm_isdst 0, tm_gmtoff 0 and tm_zone "UTC" (gmtime's is "GMT"), mktime
 * reads the fields as UTC, tzset sets tzname to {"UTC", "UTC"} (glibc's initial value, before
 * any of these calls, is {"GMT", "GMT"}), timezone and daylight stay 0. But the zone of the
 * machine a program runs on is unknown to the verifier, as its environment and files are
 * (environ.c, files.c): a program that prints localtime's hour is right in one zone and wrong in
 * another. So every call whose result depends on the zone (localtime, localtime_r, mktime, ctime,
 * ctime_r, tzset) marks the path incomplete (VM_FLAG_INCOMPLETE, as time() does): a violation
 * found there is reported (and confirmed natively: vigil runs native replays with TZ=UTC), but
 * such a path cannot prove `true`. gmtime, timegm and asctime do not depend on the zone and are exact. (glibc
 * sets tzname on the first call of any of these functions, gmtime, timegm and strftime's %Z
 * included; reading tzname after only those is the one use of the zone left unmarked.)
 * errno: glibc sets ENOENT in localtime, ctime, tzset and mktime when /etc/localtime is missing,
 * and leaves errno alone when it is there (and with TZ=UTC, as native replays run); the runtime
 * does the latter.
 *
 * Ranges (glibc): a time converts when its year fits tm_year (an int counted from 1900), i.e.
 * from TM_MIN_TIME to TM_MAX_TIME; otherwise gmtime/localtime return NULL with EOVERFLOW, having
 * written what glibc writes before it notices (tm_isdst, tm_gmtoff, tm_zone, the time of day,
 * tm_wday and the year cut to an int; tm_mday, tm_mon and tm_yday are left alone). mktime and
 * timegm normalise every field (months, days, negative values) with exact arithmetic, set tm_wday
 * and tm_yday, and return -1 with EOVERFLOW when the result is out of range or does not fit
 * time_t (32 bits on i386), leaving *tm unchanged (timegm clears tm_isdst even then). glibc
 * works with the seconds clamped to 0..59 and adds the rest last, so the time with the clamped
 * seconds must be in range too (year INT_MIN + 1900, 1 January, 00:00:3600 fails, 01:00:00 does
 * not). mktime of tm_isdst > 0 asks for daylight
 * saving time, which UTC never has: glibc then looks for a neighbouring time with DST, converting
 * times up to DST_PROBE_REACH seconds on both sides (EOVERFLOW stays in errno when one of them is
 * out of range, even when mktime succeeds), finds none and assumes a one-hour DST: the result is
 * one hour earlier (12:00 with tm_isdst 1 gives 11:00 with tm_isdst 0), and the clamped time
 * one hour earlier must be in range as well. timegm ignores tm_isdst.
 * asctime prints "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n" with "???" for a day or month name out of
 * range; a year above INT_MAX - 1900 gives NULL and EOVERFLOW, a NULL tm NULL and EINVAL (so ctime
 * of a time localtime cannot convert is NULL with EINVAL); asctime_r writes at most 26 bytes and
 * returns NULL with EOVERFLOW when the text is longer (the truncated text stays in the buffer).
 * gmtime and localtime share one static struct tm, asctime and ctime one static buffer (glibc).
 * NULL pointers to gmtime, localtime, mktime, timegm, ctime: dereferenced, as glibc does (an
 * invalid dereference at the caller's line).
 */
#include "rt.h"

#define SECS_PER_DAY 86400LL
/* 1 January of year INT_MIN + 1900, 00:00:00, and 31 December of year INT_MAX + 1900, 23:59:59. */
#define TM_MIN_TIME (-67768040609740800LL)
#define TM_MAX_TIME 67768036191676799LL
/* How far glibc's mktime looks for a time with DST: 381 strides of 601200 s (measured natively:
 * errno shows EOVERFLOW exactly when a probe that far away leaves the range). */
#define DST_PROBE_REACH (381LL * 601200)

RT_WEAK char *tzname[2] = {(char *)"GMT", (char *)"GMT"};
RT_WEAK char *__tzname[2] = {(char *)"GMT", (char *)"GMT"};
RT_WEAK long timezone = 0;
RT_WEAK long __timezone = 0;
RT_WEAK int daylight = 0;
RT_WEAK int __daylight = 0;

static int zone_ready, zone_noted;
static struct rt_tm shared_tm;   /* gmtime's and localtime's */
static char shared_text[68];     /* asctime's and ctime's: the longest text (every field
                                    INT_MIN) is 67 bytes */

/* glibc reads the zone at the first call of a conversion function (and strftime's %Z): tzname
 * becomes the zone's. */
RT_WEAK void __vigil_zone_init(void) {
    if (zone_ready)
        return;
    zone_ready = 1;
    tzname[0] = tzname[1] = (char *)"UTC";
    __tzname[0] = __tzname[1] = (char *)"UTC";
}

__attribute__((noinline)) static void note_zone(const char *fn) {
    char msg[96];
    __vigil_format(msg, sizeof msg, "%s: the local time zone is taken to be UTC (other zones are not explored)", fn);
    __vm_trace(VM_TRACE_INFO, msg);
}

/* A result that depends on the local time zone (see the header). */
static void zone_used(const char *fn) {
    __vigil_zone_init();
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
    if (!zone_noted && rt_tracing()) {
        zone_noted = 1;
        note_zone(fn);
    }
}

static long long floor_div(long long a, long long b) {
    long long q = a / b;
    if (a % b != 0 && (a < 0) != (b < 0))
        q--;
    return q;
}

static long long floor_mod(long long a, long long b) {
    return a - floor_div(a, b) * b;
}

static int is_leap(long long y) {
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

/* The leap years among the years before y (Gregorian, proleptic; any y). */
static long long leaps_before(long long y) {
    long long p = y - 1;
    return floor_div(p, 4) - floor_div(p, 100) + floor_div(p, 400);
}

/* Days from 1 January 1970 to 1 January of year y. */
static long long days_to_year(long long y) {
    return 365 * (y - 1970) + leaps_before(y) - leaps_before(1970);
}

/* Days before the first of each month, in a common and in a leap year. */
static const short month_start[2][13] = {
    {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365},
    {0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366},
};

/* Writes time t (UTC) into the date and time fields of *out; 0 with EOVERFLOW when its year does
 * not fit tm_year, after writing the fields glibc writes before it checks (see the header). */
static int breakdown(long long t, struct rt_tm *out) {
    /* A symbolic time (a clock reading, an input) becomes one of its values here, as a value
     * passed to a hypercall does: exactly when it has at most 16, otherwise a few sampled ones
     * with the path marked incomplete. The search of the dates below, over a 64-bit input, takes
     * the solver longer than a check's budget, and a program's property rarely depends on the
     * date. */
    __vm_control(VM_CTL_GET_FLAGS, t, 0);
    long long days = floor_div(t, SECS_PER_DAY);
    int secs = (int)(t - days * SECS_PER_DAY);
    out->tm_hour = secs / 3600;
    out->tm_min = secs / 60 % 60;
    out->tm_sec = secs % 60;
    out->tm_wday = (int)floor_mod(days + 4, 7); /* 1 January 1970 was a Thursday */
    /* 400 Gregorian years have 146097 days: a guess off by at most one year, then corrected. */
    long long y = 1970 + floor_div(days * 400, 146097);
    while (days < days_to_year(y))
        y--;
    while (days >= days_to_year(y + 1))
        y++;
    long long year = y - 1900;
    out->tm_year = (int)(unsigned)(unsigned long long)year; /* glibc stores the year cut to an int */
    if (year < INT_MIN || year > INT_MAX) {
        *__errno_location() = RT_EOVERFLOW;
        return 0;
    }
    int yday = (int)(days - days_to_year(y));
    const short *starts = month_start[is_leap(y)];
    int mon = 0;
    while (yday >= starts[mon + 1])
        mon++;
    out->tm_mday = yday - starts[mon] + 1;
    out->tm_mon = mon;
    out->tm_yday = yday;
    return 1;
}

static struct rt_tm *convert(long long t, struct rt_tm *out, const char *zone) {
    out->tm_isdst = 0;
    out->tm_gmtoff = 0;
    out->tm_zone = zone;
    return breakdown(t, out) ? out : NULL;
}

RT_WEAK struct rt_tm *gmtime_r(const long *restrict t, struct rt_tm *restrict out) {
    __vigil_zone_init();
    return convert(*t, out, "GMT");
}

RT_WEAK struct rt_tm *gmtime(const long *t) {
    return gmtime_r(t, &shared_tm);
}

RT_WEAK struct rt_tm *localtime_r(const long *restrict t, struct rt_tm *restrict out) {
    zone_used("localtime_r");
    return convert(*t, out, "UTC");
}

RT_WEAK struct rt_tm *localtime(const long *t) {
    zone_used("localtime");
    return convert(*t, &shared_tm, "UTC");
}

/* mktime (local: the local zone, tm_isdst honoured) and timegm: the fields normalised. */
static long make_time(struct rt_tm *tm, int local) {
    long long months = tm->tm_mon;
    long long y = tm->tm_year + 1900LL + floor_div(months, 12);
    int mon = (int)floor_mod(months, 12);
    long long days = days_to_year(y) + month_start[is_leap(y)][mon] + (tm->tm_mday - 1LL);
    /* glibc works with the seconds clamped to 0..59 (room for a leap second) and adds the rest
     * at the end; the clamped time is where it looks for DST. */
    long long sec = tm->tm_sec, clamped = sec < 0 ? 0 : sec > 59 ? 59 : sec;
    long long base = days * SECS_PER_DAY + tm->tm_hour * 3600LL + tm->tm_min * 60LL + clamped;
    long long t = base + (sec - clamped);
    int out_of_range = base < TM_MIN_TIME || base > TM_MAX_TIME;
    if (local && tm->tm_isdst > 0) {
        if (base - DST_PROBE_REACH < TM_MIN_TIME || base + DST_PROBE_REACH > TM_MAX_TIME)
            *__errno_location() = RT_EOVERFLOW;
        out_of_range |= base - 3600 < TM_MIN_TIME;
        t -= 3600;
    }
    if (out_of_range || t < TM_MIN_TIME || t > TM_MAX_TIME || t < LONG_MIN || t > LONG_MAX) {
        *__errno_location() = RT_EOVERFLOW;
        return -1;
    }
    struct rt_tm out;
    convert(t, &out, local ? "UTC" : "GMT");
    __builtin_memcpy(tm, &out, sizeof out);
    return (long)t;
}

RT_WEAK long mktime(struct rt_tm *tm) {
    zone_used("mktime");
    return make_time(tm, 1);
}

RT_WEAK long timegm(struct rt_tm *tm) {
    __vigil_zone_init();
    tm->tm_isdst = 0; /* glibc's timegm clears it first, so also when it fails */
    return make_time(tm, 0);
}

RT_WEAK void tzset(void) {
    zone_used("tzset");
}

/* asctime's text of *tm in buf (size bytes), or NULL with glibc's errno. */
static char *format_tm(const struct rt_tm *tm, char *buf, size_t size) {
    static const char days[] = "SunMonTueWedThuFriSat";
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    if (!tm) {
        *__errno_location() = RT_EINVAL;
        return NULL;
    }
    if (tm->tm_year > INT_MAX - 1900) {
        *__errno_location() = RT_EOVERFLOW;
        return NULL;
    }
    const char *day = tm->tm_wday >= 0 && tm->tm_wday < 7 ? days + 3 * tm->tm_wday : "???";
    const char *month = tm->tm_mon >= 0 && tm->tm_mon < 12 ? months + 3 * tm->tm_mon : "???";
    int n = snprintf(buf, size, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n", day, month, tm->tm_mday,
                     tm->tm_hour, tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);
    if (n < 0 || (size_t)n >= size) {
        *__errno_location() = RT_EOVERFLOW;
        return NULL;
    }
    return buf;
}

RT_WEAK char *asctime_r(const struct rt_tm *restrict tm, char *restrict buf) {
    return format_tm(tm, buf, 26);
}

RT_WEAK char *asctime(const struct rt_tm *tm) {
    return format_tm(tm, shared_text, sizeof shared_text);
}

RT_WEAK char *ctime(const long *t) {
    return asctime(localtime(t));
}

RT_WEAK char *ctime_r(const long *t, char *buf) {
    struct rt_tm tm;
    return asctime_r(localtime_r(t, &tm), buf);
}
