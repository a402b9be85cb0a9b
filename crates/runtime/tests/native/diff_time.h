/*
 * diff_time.h — the <time.h> tables of diff_libc.c (included by it): gmtime, gmtime_r, localtime,
 * localtime_r on boundary times (negative times, leap years, 1900/2000/2100, the last times whose
 * year fits tm_year and the first that do not) and seeded random ones; timegm and mktime on
 * random fields, in and far out of range, with every tm_isdst; asctime, asctime_r, ctime,
 * ctime_r on random fields; difftime of boundary and random pairs; tzname, timezone, daylight;
 * clock_getres and timespec_get's refusals (clock values are not compared).
 *
 * The runtime's local zone is UTC (time_conv.c). The native side sets TZ=UTC before the first
 * conversion: checked natively, glibc then gives exactly what it gives with TZ unset and no
 * /etc/localtime (tzname, tm_zone "UTC", mktime of tm_isdst > 0), except that it leaves errno
 * alone where the missing file would give ENOENT — which is the runtime's choice too. tzname is
 * printed before the first conversion too ({"GMT", "GMT"} in glibc until then).
 * Not compared: the alarm clocks' resolution (whether they exist depends on the machine's
 * real-time clock; the runtime assumes one).
 */
#include <time.h>

/* The boundaries of tm_year: 1 January of year INT_MIN + 1900 and 31 December of INT_MAX + 1900. */
#define T_MIN (-67768040609740800LL)
#define T_MAX 67768036191676799LL

static const long long time_edges[] = {
    0, 1, -1, 59, 60, 86399, 86400, -86400, -86401, 68169600, 951782399, 951782400, 951868800,
    946684799, 946684800, -2208988800LL, -2208988801LL, -2203977600LL, -2203891200LL,
    4107456000LL, 4107542400LL, 4102444800LL, 2147483647LL, -2147483648LL, 2147483648LL,
    -62135596800LL, -62135596801LL, -62167219200LL, -62198755200LL, 253402300799LL,
    253402300800LL, T_MAX, T_MAX - 1, T_MAX + 1, T_MIN, T_MIN + 1, T_MIN - 1, T_MAX - 229057200,
    LLONG_MAX, LLONG_MIN, LLONG_MAX - 86399, LLONG_MIN + 1};

/* A random time: small, of the dates programs use, far, or near the ends of the range. */
static long long rnd_time(void) {
    long long big = ((long long)rnd(1u << 31) << 32) | rnd(1u << 31) << 1 | rnd(2);
    switch (rnd(6)) {
    case 0: return (long long)rnd(200000) - 100000;
    case 1: return (long long)rnd(1u << 31) * 3 - 3000000000LL;
    case 2: return big % 400000000000LL - 200000000000LL;
    case 3: return big % T_MAX * (rnd(2) ? 1 : -1);
    case 4: return rnd(2) ? T_MAX - (long long)rnd(100000000) + 50000000 : T_MIN + (long long)rnd(100000000) - 50000000;
    default: return time_edges[rnd(sizeof time_edges / sizeof time_edges[0])];
    }
}

/* Prints a struct tm over two lines (the caller ends the second). */
static void put_tm(const struct tm *m) {
    out(" %d:%d:%d %d/%d/%d", m->tm_hour, m->tm_min, m->tm_sec, m->tm_mday, m->tm_mon, m->tm_year);
    end_line();
    out("  w%d y%d d%d o%ld", m->tm_wday, m->tm_yday, m->tm_isdst, m->tm_gmtoff);
    out(" z=%s", m->tm_zone == NULL ? "null" : m->tm_zone[0] == '?' ? "?" : m->tm_zone);
}

/* A tm whose zone is a recognisable pointer and whose fields are canaries. */
static void fill_tm(struct tm *m) {
    memset(m, 0x5a, sizeof *m);
    m->tm_zone = "?";
}

/* gmtime's static struct tm, which localtime shares. */
static struct tm *shared_tm;

static void conversion_case(int k, long long t) {
    time_t tt = (time_t)t;
    struct tm b;
    out("%d gmtime t=%lld", k, t);
    errno = 0;
    struct tm *g = gmtime(&tt);
    out(" r=%d", g != NULL);
    if (g)
        put_tm(g);
    end_line();
    fill_tm(&b);
    errno = 0;
    g = gmtime_r(&tt, &b);
    out("%d gmtime_r r=%d", k, g == &b ? 1 : g == NULL ? 0 : -1);
    put_tm(&b);
    end_line();
    errno = 0;
    struct tm *l = localtime(&tt);
    out("%d localtime r=%d", k, l == NULL ? 0 : l == shared_tm ? 2 : 1);
    if (l)
        put_tm(l);
    end_line();
    fill_tm(&b);
    errno = 0;
    l = localtime_r(&tt, &b);
    out("%d localtime_r r=%d", k, l == &b ? 1 : l == NULL ? 0 : -1);
    put_tm(&b);
    end_line();
    if (g) {
        struct tm c = b;
        errno = 0;
        long long back = (long long)timegm(&c);
        out("%d back timegm=%lld", k, back);
        end_line();
        c = b;
        errno = 0;
        back = (long long)mktime(&c);
        out("%d back mktime=%lld", k, back);
        end_line();
    }
}

/* A random field: in range, a little out, far out, or an extreme. */
static int rnd_field(int range) {
    switch (rnd(5)) {
    case 0:
    case 1: return (int)rnd((unsigned)range);
    case 2: return (int)rnd((unsigned)range * 4) - range * 2;
    case 3: return (int)rnd_int();
    default: return rnd(2) ? INT_MAX - (int)rnd(3) : INT_MIN + (int)rnd(3);
    }
}

static void make_case(int k, struct tm m) {
    struct tm c = m;
    out("%d timegm in", k);
    put_tm(&m);
    end_line();
    errno = 0;
    long long r = (long long)timegm(&c);
    out("%d timegm r=%lld", k, r);
    put_tm(&c);
    end_line();
    c = m;
    errno = 0;
    r = (long long)mktime(&c);
    out("%d mktime r=%lld", k, r);
    put_tm(&c);
    end_line();
}

static void make_times(void) {
    static const int years[] = {70, 69, 0, -1, 100, 200, 130, 138, 1, -1900, -1901, 8099, 8100,
                                INT_MAX, INT_MAX - 1, INT_MIN, INT_MIN + 1, INT_MAX - 7, INT_MIN + 14};
    int k = 0;
    /* The ends of the range, approached from the seconds, the days and the months. */
    for (int i = 0; i < 2; i++) {
        for (int isdst = -1; isdst <= 1; isdst++) {
            static const int secs[] = {-1, 0, 1, 59, 60, 3599, 3600, 3601, 7200, -3600, -3601, 86400};
            for (size_t s = 0; s < sizeof secs / sizeof secs[0]; s++) {
                struct tm m = {0};
                m.tm_isdst = isdst;
                if (i == 0) {
                    m.tm_year = INT_MAX;
                    m.tm_mon = 11;
                    m.tm_mday = 31;
                    m.tm_hour = 23;
                    m.tm_min = 59;
                    m.tm_sec = 59 + secs[s];
                } else {
                    m.tm_year = INT_MIN;
                    m.tm_mday = 1;
                    m.tm_sec = secs[s];
                }
                make_case(k++, m);
            }
            /* Seconds that bring a time from outside the range back into it. */
            for (int s = 0; s < 7; s++) {
                static const int back[] = {1, 2, 60, 3599, 3600, 3601, 7200};
                struct tm m = {0};
                m.tm_isdst = isdst;
                if (i == 0) {
                    m.tm_year = INT_MAX;
                    m.tm_mon = 11;
                    m.tm_mday = 32;
                    m.tm_sec = -back[s];
                } else {
                    m.tm_year = INT_MIN;
                    m.tm_hour = 23;
                    m.tm_min = 59;
                    m.tm_sec = 59 + back[s];
                }
                make_case(k++, m);
            }
            /* Where glibc's DST probes (tm_isdst > 0) stop leaving the range. */
            for (int d = 2649; d <= 2653; d++) {
                struct tm m = {0};
                m.tm_isdst = isdst;
                m.tm_year = i == 0 ? INT_MAX : INT_MIN;
                m.tm_mon = i == 0 ? 11 : 0;
                m.tm_mday = i == 0 ? 31 - d : 1 + d;
                m.tm_hour = (int)rnd(24);
                make_case(k++, m);
            }
        }
    }
    for (int i = 0; i < COUNT * 2; i++) {
        struct tm m;
        m.tm_sec = rnd_field(62);
        m.tm_min = rnd_field(60);
        m.tm_hour = rnd_field(24);
        m.tm_mday = rnd_field(32);
        m.tm_mon = rnd_field(12);
        m.tm_year = rnd(2) ? years[rnd(sizeof years / sizeof years[0])] : rnd_field(300);
        m.tm_wday = (int)rnd_int();
        m.tm_yday = (int)rnd_int();
        m.tm_isdst = (int)rnd(4) - 1;
        m.tm_gmtoff = (long)rnd_int();
        m.tm_zone = "?";
        make_case(k++, m);
    }
}

static void text_case(int k, const struct tm *m) {
    char buf[32];
    out("%d asctime", k);
    put_tm(m);
    errno = 0;
    char *s = asctime(m);
    out(" r=%d", s != NULL);
    end_line();
    if (s) {
        out("%d text", k);
        put_string("s", s);
        end_line();
    }
    memset(buf, CANARY, sizeof buf);
    errno = 0;
    s = asctime_r(m, buf);
    out("%d asctime_r r=%d b=\"", k, s == buf ? 1 : s == NULL ? 0 : -1);
    put_bytes(buf, sizeof buf);
    out("\"");
    end_line();
    /* The year conversions (glibc computes tm_year + 1900 in an int, which wraps); the ISO
     * week-based ones only for a weekday in range. */
    char text[80];
    int iso = m->tm_wday >= 0 && m->tm_wday < 7 && m->tm_yday >= 0 && m->tm_yday < 366;
    size_t n = strftime(text, sizeof text, iso ? "%Y %C %y %F %G %g %V" : "%Y %C %y %F", m);
    out("%d strftime n=%zu", k, n);
    if (n)
        put_string("s", text);
    end_line();
}

static void texts(void) {
    int k = 0;
    for (int i = 0; i < COUNT * 2; i++) {
        struct tm m = {0};
        int wild = rnd(3) == 0;
        m.tm_sec = wild ? rnd_field(60) : (int)rnd(61);
        m.tm_min = wild ? rnd_field(60) : (int)rnd(60);
        m.tm_hour = wild ? rnd_field(24) : (int)rnd(24);
        m.tm_mday = wild ? rnd_field(31) : 1 + (int)rnd(31);
        m.tm_mon = wild ? rnd_field(12) : (int)rnd(12);
        m.tm_wday = wild ? rnd_field(7) : (int)rnd(7);
        static const int years[] = {70, 8099, 8100, -2900, -2901, -1900, -1901, INT_MAX - 1900,
                                    INT_MAX - 1899, INT_MAX, INT_MIN};
        m.tm_year = rnd(2) ? years[rnd(sizeof years / sizeof years[0])] : rnd_field(200);
        text_case(k++, &m);
    }
    struct tm all_min = {0};
    all_min.tm_sec = all_min.tm_min = all_min.tm_hour = all_min.tm_mday = INT_MIN;
    all_min.tm_mon = all_min.tm_year = all_min.tm_wday = INT_MIN;
    text_case(k++, &all_min);
    errno = 0;
    char *s = asctime(NULL);
    out("asctime(NULL) r=%d", s != NULL);
    end_line();
    char buf[32];
    for (int i = 0; i < COUNT + 8; i++) {
        long long t = i < 8 ? time_edges[sizeof time_edges / sizeof time_edges[0] - 1 - i] : rnd_time();
        time_t tt = (time_t)t;
        errno = 0;
        s = ctime(&tt);
        out("%d ctime t=%lld r=%d", i, t, s != NULL);
        if (s)
            put_string("s", s);
        end_line();
        memset(buf, CANARY, sizeof buf);
        errno = 0;
        s = ctime_r(&tt, buf);
        out("%d ctime_r r=%d b=\"", i, s == buf ? 1 : s == NULL ? 0 : -1);
        put_bytes(buf, sizeof buf);
        out("\"");
        end_line();
    }
}

static void differences(void) {
    size_t n = sizeof time_edges / sizeof time_edges[0];
    for (int i = 0; i < COUNT * 3; i++) {
        long long a = rnd(2) ? time_edges[rnd(n)] : rnd_time();
        long long b = rnd(2) ? time_edges[rnd(n)] : rnd_time();
        if (rnd(4) == 0)
            b = a - (long long)rnd(5) + 2;
        errno = 0;
        out("%d difftime %lld %lld = %.17g", i, a, b, difftime((time_t)a, (time_t)b));
        end_line();
    }
}

static void time_functions(void) {
    out("tzname %s %s %ld %d", tzname[0], tzname[1], timezone, daylight);
    end_line();
#ifndef DIFF_IN_VM
    setenv("TZ", "UTC", 1);
#endif
    int k = 0;
    shared_tm = gmtime(&(time_t){0});
    for (size_t i = 0; i < sizeof time_edges / sizeof time_edges[0]; i++)
        conversion_case(k++, time_edges[i]);
    out("tzname %s %s %ld %d", tzname[0], tzname[1], timezone, daylight);
    end_line();
    for (int i = 0; i < COUNT * 2; i++)
        conversion_case(k++, rnd_time());
    make_times();
    texts();
    differences();
    errno = 0;
    tzset();
    out("tzset %s %s %ld %d", tzname[0], tzname[1], timezone, daylight);
    end_line();
    for (int id = 0; id <= 13; id++) {
        if (id == 8 || id == 9)
            continue;
        struct timespec ts = {-5, -5};
        errno = 0;
        int r = clock_getres(id, &ts);
        /* The coarse clocks' resolution is the kernel's tick, which differs between machines
         * (the runtime takes 4 ms and marks the path incomplete): compared only as positive. */
        if (id == 5 || id == 6)
            out("clock_getres %d r=%d %ld positive=%d", id, r, (long)ts.tv_sec, ts.tv_nsec > 0);
        else
            out("clock_getres %d r=%d %ld %ld", id, r, (long)ts.tv_sec, ts.tv_nsec);
        errno = 0;
        r = clock_getres(id, NULL);
        out(" null r=%d", r);
        end_line();
    }
    for (int base = -1; base <= 4; base++) {
        struct timespec ts = {-5, -5};
        errno = 0;
        int r = timespec_get(&ts, base);
        out("timespec_get %d r=%d changed=%d", base, r, ts.tv_sec != -5 || ts.tv_nsec != -5);
        end_line();
    }
}
