/*
 * diff_posix.h — the POSIX/GNU tables of diff_libc.c (included by it): strerror, both
 * strerror_r forms, strftime on random struct tm values and formats, getline/getdelim from
 * memory streams, memalign/valloc/pvalloc's results and errno, signal/raise with handlers, swab
 * on random bytes, the attribute words of condition variables and barriers, the cancel state and
 * type, and clock_gettime's refusals (its values depend on the clock, so only errors compare).
 */
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#include <signal.h>
#include <time.h>
#include <malloc.h>

int __xpg_strerror_r(int errnum, char *buf, size_t n);

static void error_texts(void) {
    char buf[24];
    for (int e = -3; e <= 136; e++) {
        errno = 0;
        out("strerror %d", e);
        put_string("m", strerror(e));
        end_line();
        size_t n = rnd(3) == 0 ? rnd(6) : 1 + rnd(sizeof buf - 1);
        memset(buf, CANARY, sizeof buf);
        char *r = strerror_r(e, buf, n);
        out("strerror_r %d n=%zu own=%d", e, n, r == buf);
        put_string("m", r == buf && n == 0 ? "" : r);
        put_bytes(buf, sizeof buf);
        end_line();
        memset(buf, CANARY, sizeof buf);
        int x = __xpg_strerror_r(e, buf, n);
        out("xpg_strerror_r %d n=%zu r=%d ", e, n, x);
        put_bytes(buf, sizeof buf);
        end_line();
    }
}

static const char *const time_formats[] = {
    "%a %A %b %B %h", "%c", "%C %y %Y %G %g", "%d %e %j %m", "%D %F %T %R %r", "%H %I %k %l %M %S",
    "%p %P", "%u %w %U %W %V", "%x %X", "%n%t%%", "%Ec %Ey %Od %OH", "%_d %-d %0e %^a %#b %^B",
    "%10A|%-10A|%_5m|%05d", "%z %Z", "%q %", "plain", "%3Y %6Y %-j %_j", "%#p %#Z %^p",
    "%-5d|%_5d|%05d|%-d|%_d", "%-5Y|%_6Y|%06Y|%-3Y|%C", "%05A|%_10A|%-10A|%^10a|%010b",
    "%-5p|%_5p|%05p", "%-10Z|%010Z|%_8Z|%#Z|%^Z", "%5%|%-5%|%05n", "%-5e|%_5e|%0e|%-5k|%05k",
    "%E5d %O5d %5Ed %7q", "%10D|%-12F|%_12T", "%-C %_C %-y %_y %-g %_G",
    "%^c %^x %#c %#a %#A %#b %#B %#p %#P %^P"};

static void times(void) {
    static const int years[] = {70, 100, 99, 1, -1, -1900, -1901, 8099, 124, 0, 200, -2000};
    for (int i = 0; i < 10 * COUNT; i++) {
        struct tm tm;
        memset(&tm, 0, sizeof tm);
        tm.tm_sec = (int)rnd(61);
        tm.tm_min = (int)rnd(60);
        tm.tm_hour = (int)rnd(24);
        tm.tm_mday = 1 + (int)rnd(31);
        tm.tm_mon = rnd(20) == 0 ? 12 : (int)rnd(12);
        tm.tm_year = rnd(3) == 0 ? years[rnd(sizeof years / sizeof years[0])] : (int)rnd(300);
        tm.tm_wday = rnd(20) == 0 ? 7 : (int)rnd(7);
        tm.tm_yday = (int)rnd(366);
        tm.tm_gmtoff = (long)rnd(100000) - 50000;
        tm.tm_zone = rnd(4) == 0 ? NULL : "CET";
        tm.tm_isdst = (int)rnd(3) - 1;
        int k = (int)rnd(sizeof time_formats / sizeof time_formats[0]);
        const char *f = time_formats[k];
        char buf[96];
        memset(buf, CANARY, sizeof buf);
        size_t max = rnd(4) == 0 ? rnd(20) : sizeof buf;
        size_t r = strftime(buf, max, f, &tm);
        out("strftime %d/%d/%d w%d y%d f%d max=%zu r=%zu", tm.tm_year, tm.tm_mon, tm.tm_mday,
            tm.tm_wday, tm.tm_yday, k, max, r);
        end_line();
        put_string("s", r ? buf : ""); /* its own line: lines stay under 120 characters */
        end_line();
    }
}

static void lines(void) {
    static const char *const inputs[] = {"", "a", "a\n", "ab\ncd\n\nlast", "\n\n", "x;y;;z",
                                         "no newline at all here"};
    for (int i = 0; i < (int)(sizeof inputs / sizeof inputs[0]); i++) {
        for (int delim_kind = 0; delim_kind < 2; delim_kind++) {
            size_t len = strlen(inputs[i]);
            FILE *f = fmemopen((void *)inputs[i], len ? len : 1, "r");
            if (!f)
                continue;
            char *line = NULL;
            size_t n = 0;
            ssize_t r;
            do {
                errno = 0;
                r = delim_kind ? getdelim(&line, &n, ';', f) : getline(&line, &n, f);
                out("%s %d r=%zd n=%zu", delim_kind ? "getdelim" : "getline", i, r, n);
                if (r >= 0) {
                    out(" ");
                    put_bytes(line, (size_t)r);
                }
                end_line();
            } while (r >= 0);
            free(line);
            fclose(f);
        }
    }
    errno = 0;
    out("getline null r=%zd", getline(NULL, NULL, stdin));
    end_line();
}

static void aligned(void) {
    static const size_t aligns[] = {1, 3, 8, 16, 24, 64, 4096, (size_t)1 << 63, ~(size_t)0};
    for (size_t i = 0; i < sizeof aligns / sizeof aligns[0]; i++) {
        errno = 0;
        void *p = memalign(aligns[i], 10);
        out("memalign %zu ok=%d", aligns[i], p != NULL);
        end_line();
        free(p);
    }
    static const size_t sizes[] = {0, 1, 4095, 4096, 4097, ~(size_t)0 - 10};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        errno = 0;
        void *p = pvalloc(sizes[i]);
        out("pvalloc %zu ok=%d", sizes[i], p != NULL);
        end_line();
        free(p);
        errno = 0;
        p = valloc(sizes[i] > 5000 ? 100 : sizes[i]);
        out("valloc ok=%d", p != NULL);
        end_line();
        free(p);
    }
}

static int handled[65];

static void on_signal(int sig) {
    handled[sig]++;
    if (handled[sig] == 1)
        raise(sig); /* blocked: delivered once after this handler returns */
}

static void signals(void) {
    static const int sigs[] = {-1, 0, 1, 2, 9, 10, 15, 17, 19, 28, 31, 32, 33, 34, 64, 65};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        int s = sigs[i];
        errno = 0;
        void (*old)(int) = signal(s, on_signal);
        out("signal %d err=%d dfl=%d", s, old == SIG_ERR, old == SIG_DFL);
        end_line();
        if (old == SIG_ERR && s != 0 && s != -1 && s != 65)
            continue;
        errno = 0;
        int r = raise(s);
        out("raise %d r=%d handled=%d", s, r, s >= 0 && s <= 64 ? handled[s] : -1);
        end_line();
        if (s > 0 && s <= 64 && old != SIG_ERR) {
            void (*mine)(int) = signal(s, SIG_IGN);
            out("signal again %d mine=%d r=%d", s, mine == on_signal, raise(s));
            end_line();
        }
    }
    errno = 0;
    out("raise ignored chld r=%d", raise(SIGCHLD));
    end_line();
}

static void swabs(void) {
    unsigned char from[8], to[8];
    for (int i = 0; i < 4 * COUNT; i++) {
        for (size_t k = 0; k < sizeof from; k++)
            from[k] = (unsigned char)rnd(256);
        memset(to, CANARY, sizeof to);
        long n = rnd(8) == 0 ? -(long)rnd(3) : (long)rnd(sizeof from + 1);
        swab(from, to, n);
        out("swab n=%ld ", n);
        put_bytes((const char *)from, sizeof from);
        put_bytes((const char *)to, sizeof to);
        end_line();
    }
    memcpy(to, "abcdefg", 8);
    swab(to, to, 7);
    put_string("swab in place", (const char *)to);
    end_line();
}

static void attributes(void) {
    static const int values[] = {-1, 0, 1, 2, 3, 4, 7};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        pthread_condattr_t ca;
        int v = values[i], got = -9;
        out("condattr %d init=%d", v, pthread_condattr_init(&ca));
        out(" setclock=%d", pthread_condattr_setclock(&ca, v));
        clockid_t clk = 99;
        out(" getclock=%d clock=%d", pthread_condattr_getclock(&ca, &clk), (int)clk);
        out(" setpshared=%d", pthread_condattr_setpshared(&ca, v));
        out(" getpshared=%d pshared=%d", pthread_condattr_getpshared(&ca, &got), got);
        out(" destroy=%d", pthread_condattr_destroy(&ca));
        end_line();
        pthread_barrierattr_t ba;
        got = -9;
        out("barrierattr %d init=%d", v, pthread_barrierattr_init(&ba));
        out(" setpshared=%d", pthread_barrierattr_setpshared(&ba, v));
        out(" getpshared=%d pshared=%d", pthread_barrierattr_getpshared(&ba, &got), got);
        out(" destroy=%d", pthread_barrierattr_destroy(&ba));
        end_line();
        int old = -9;
        out("cancelstate %d r=%d", v, pthread_setcancelstate(v, &old));
        out(" old=%d", old);
        old = -9;
        out(" canceltype %d r=%d", v, pthread_setcanceltype(v, &old));
        out(" old=%d", old);
        end_line();
    }
    int old = -9;
    out("cancel restore r=%d", pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old));
    out(" old=%d r=%d", old, pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, NULL));
    out(" yield=%d", sched_yield());
    end_line();
    static const int clocks[] = {-1, 10, 12, 100};
    for (size_t i = 0; i < sizeof clocks / sizeof clocks[0]; i++) {
        struct timespec ts;
        errno = 0;
        int r = clock_gettime(clocks[i], &ts);
        out("clock_gettime %d r=%d errno=%d", clocks[i], r, errno);
        errno = 0;
        end_line();
    }
}

static void posix_functions(void) {
    error_texts();
    times();
    lines();
    aligned();
    signals();
    swabs();
    attributes();
}
