/*
 * strftime.c — strftime in the C locale ("POSIX"), for the struct tm the program gives (no time
 * zone database is read: %Z prints tm_zone, %z tm_gmtoff, as glibc does with a filled-in tm).
 *
 * Conversions: a A b B c C d D e F g G h H I j k l m M n p P r R S t T u U V w W x X y Y z Z %,
 * with the E and O modifiers (which change nothing in the C locale), glibc's flags `_` (pad
 * with spaces), `-` (no padding), `0` (pad with zeros), `^` (upper case), `#` (swap the case of
 * names) and a field width. The C locale's texts are glibc's: %c is "%a %b %e %H:%M:%S %Y", %x
 * "%m/%d/%y", %X "%H:%M:%S", %r "%I:%M:%S %p", %p "AM"/"PM". A name whose index is out of
 * range prints "?" (glibc). %s (seconds since the epoch) needs mktime and a time zone: not
 * modelled (VM_FAULT_UNSUPPORTED, so `unknown`), nor glibc's `+` flag and %z with a flag or
 * width. An unknown conversion is copied as written (padded to a width). glibc's padding rules:
 * numbers have their own width (%d two digits…) but %C %Y %G none; a given width pads with
 * spaces under `_` and `-`, zeros under `0`; texts pad with spaces unless `0`. %Z without
 * tm_zone is "UTC", the VM's time zone (empty when tm_isdst < 0), and %z is empty when
 * tm_isdst < 0. The E and O modifiers are accepted only where glibc accepts them.
 *
 * Returns the number of bytes written without the NUL when they and the NUL fit in max, else 0
 * (C11 7.27.3.5; the array's contents are then indeterminate). %U, %W, %V, %G and %g follow
 * C11: %U/%W count weeks from the first Sunday/Monday, %V/%G/%g are ISO 8601 week-based (week 1
 * holds the year's first Thursday), computed from tm_year, tm_yday and tm_wday alone.
 * Checked against glibc by tests/c 586-587 (native runs) and the native unit test.
 */
#include "rt.h"

static const char *const day_names[7] = {"Sunday", "Monday", "Tuesday", "Wednesday",
                                         "Thursday", "Friday", "Saturday"};
static const char *const month_names[12] = {"January", "February", "March", "April",
                                            "May", "June", "July", "August", "September",
                                            "October", "November", "December"};

struct out {
    char *s;
    size_t max, len;
    int overflow;
};

static void put(struct out *o, char c) {
    if (o->len + 1 < o->max)
        o->s[o->len] = c;
    else
        o->overflow = 1;
    o->len++;
}

struct spec {
    char pad;   /* 0: the conversion's own, '_', '-' or '0' */
    int upper;  /* ^ */
    int swap;   /* # */
    int width;  /* -1: none */
};

static char upper_of(char c) {
    return c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
}
static char lower_of(char c) {
    return c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
}

/* A text, padded on the left to the width (with spaces, or zeros under `0`). `swap_to_lower`:
 * what `#` does to this conversion (upper case for names, lower case for %p). */
static void put_text(struct out *o, const struct spec *sp, const char *t, size_t n, int swap_to_lower) {
    /* glibc pads a text to the width with spaces also under `-` (only zeros under `0`). */
    int pad = sp->width > (int)n ? sp->width - (int)n : 0;
    for (int i = 0; i < pad; i++)
        put(o, sp->pad == '0' ? '0' : ' ');
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (sp->upper || (sp->swap && !swap_to_lower))
            c = upper_of(c);
        else if (sp->swap && swap_to_lower)
            c = lower_of(c);
        put(o, c);
    }
}

/* A number with at least `digits` digits, padded with `dpad` ('0' or ' ') unless the flags say
 * otherwise; a width larger than `digits` pads further (with zeros unless `_`). */
static void put_num(struct out *o, const struct spec *sp, long long v, int digits, char dpad) {
    char buf[24];
    int n = 0;
    int neg = v < 0;
    unsigned long long u = neg ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do {
        buf[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    /* `-` drops the conversion's own padding, but a width given with it pads with spaces. */
    char pad = sp->pad == '_' ? ' ' : sp->pad == '0' ? '0' : sp->pad == '-' ? ' ' : dpad;
    int width = sp->width >= 0 ? sp->width : sp->pad == '-' ? 0 : digits;
    int len = n + neg;
    if (pad == ' ')
        for (int i = len; i < width; i++)
            put(o, ' ');
    if (neg)
        put(o, '-');
    if (pad == '0')
        for (int i = len; i < width; i++)
            put(o, '0');
    while (n > 0)
        put(o, buf[--n]);
}

static int is_leap(long long y) {
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

/* Days from the Monday that starts ISO week 1 of the tm's year to the tm's day (negative when
 * the day belongs to the last week of the previous year). */
static int iso_days(int yday, int wday) {
    int jan4_wday = ((wday - yday + 3) % 7 + 7) % 7;
    int week1_monday = 3 - (jan4_wday + 6) % 7;
    return yday - week1_monday;
}

/* The year tm_year stands for, as glibc 2.36's strftime computes it: tm_year + 1900 in an int,
 * which wraps for a tm_year above INT_MAX - 1900 (gmtime gives tm_year INT_MAX for the time
 * 67768036191676799, and %Y then prints -2147481749; %C, %G and %g follow, %y does not). */
static long long tm_year_number(const struct rt_tm *tm) {
    return (int)((unsigned)tm->tm_year + 1900u);
}

/* The week-based year of %G and %g, year + delta, in an int as in glibc (it wraps too). */
static long long iso_year(long long year, int delta) {
    return (int)((unsigned)year + (unsigned)delta);
}

/* The ISO 8601 week-based year (relative to the tm's year: -1, 0, +1) and week. */
static void iso_week(const struct rt_tm *tm, int *year_delta, int *week) {
    long long year = tm_year_number(tm);
    int days = iso_days(tm->tm_yday, tm->tm_wday);
    *year_delta = 0;
    if (days < 0) {
        *year_delta = -1;
        days = iso_days(tm->tm_yday + 365 + is_leap(year - 1), tm->tm_wday);
    } else {
        int next = iso_days(tm->tm_yday - 365 - is_leap(year), tm->tm_wday);
        if (next >= 0) {
            *year_delta = 1;
            days = next;
        }
    }
    *week = days / 7 + 1;
}

static void format(struct out *o, const char *fmt, const struct rt_tm *tm);

static void sub(struct out *o, const struct spec *sp, const char *f, const struct rt_tm *tm) {
    if (sp->width < 0 && !sp->upper) {
        format(o, f, tm);
        return;
    }
    /* A width or ^ applies to the whole composite text: format it apart first. */
    char tmp[128];
    struct out inner = {tmp, sizeof tmp, 0, 0};
    format(&inner, f, tm);
    put_text(o, sp, tmp, inner.len < sizeof tmp ? inner.len : sizeof tmp - 1, 0);
}

/* A day or month name, its first three letters unless `whole`; "?" for an index out of range
 * (name 0). */
static void put_name(struct out *o, const struct spec *sp, const char *name, int whole) {
    if (!name)
        put_text(o, sp, "?", 1, 0);
    else
        put_text(o, sp, name, whole ? strlen(name) : 3, 0);
}

static void conversion(struct out *o, const struct spec *sp, char c, const struct rt_tm *tm) {
    long long year = tm_year_number(tm);
    int hour12 = tm->tm_hour % 12 == 0 ? 12 : tm->tm_hour % 12;
    int wday_ok = tm->tm_wday >= 0 && tm->tm_wday < 7;
    int mon_ok = tm->tm_mon >= 0 && tm->tm_mon < 12;
    int delta, week;
    switch (c) {
    case 'a': put_name(o, sp, wday_ok ? day_names[tm->tm_wday] : 0, 0); break;
    case 'A': put_name(o, sp, wday_ok ? day_names[tm->tm_wday] : 0, 1); break;
    case 'b':
    case 'h': put_name(o, sp, mon_ok ? month_names[tm->tm_mon] : 0, 0); break;
    case 'B': put_name(o, sp, mon_ok ? month_names[tm->tm_mon] : 0, 1); break;
    case 'c': sub(o, sp, "%a %b %e %H:%M:%S %Y", tm); break;
    case 'C': { /* glibc 2.36 pads the year-like %C, %Y, %G only to a given width */
        long long century = year / 100 - (year % 100 < 0);
        put_num(o, sp, century, 1, '0');
        break;
    }
    case 'd': put_num(o, sp, tm->tm_mday, 2, '0'); break;
    case 'D': sub(o, sp, "%m/%d/%y", tm); break;
    case 'e': put_num(o, sp, tm->tm_mday, 2, ' '); break;
    case 'F': sub(o, sp, "%Y-%m-%d", tm); break;
    case 'g':
        iso_week(tm, &delta, &week);
        put_num(o, sp, ((iso_year(year, delta) % 100) + 100) % 100, 2, '0');
        break;
    case 'G':
        iso_week(tm, &delta, &week);
        put_num(o, sp, iso_year(year, delta), 1, '0');
        break;
    case 'H': put_num(o, sp, tm->tm_hour, 2, '0'); break;
    case 'I': put_num(o, sp, hour12, 2, '0'); break;
    case 'j': put_num(o, sp, (long long)tm->tm_yday + 1, 3, '0'); break;
    case 'k': put_num(o, sp, tm->tm_hour, 2, ' '); break;
    case 'l': put_num(o, sp, hour12, 2, ' '); break;
    case 'm': put_num(o, sp, (long long)tm->tm_mon + 1, 2, '0'); break;
    case 'M': put_num(o, sp, tm->tm_min, 2, '0'); break;
    case 'n': put_text(o, sp, "\n", 1, 0); break;
    case 'p': put_text(o, sp, tm->tm_hour >= 12 ? "PM" : "AM", 2, 1); break;
    case 'P': {
        struct spec lower = *sp;
        lower.upper = 0;
        lower.swap = 0;
        put_text(o, &lower, tm->tm_hour >= 12 ? "pm" : "am", 2, 0);
        break;
    }
    case 'r': sub(o, sp, "%I:%M:%S %p", tm); break;
    case 'R': sub(o, sp, "%H:%M", tm); break;
    case 'S': put_num(o, sp, tm->tm_sec, 2, '0'); break;
    case 't': put_text(o, sp, "\t", 1, 0); break;
    case 'T': sub(o, sp, "%H:%M:%S", tm); break;
    case 'u': put_num(o, sp, (tm->tm_wday - 1 + 7) % 7 + 1, 1, '0'); break;
    case 'U': put_num(o, sp, (tm->tm_yday - tm->tm_wday + 7) / 7, 2, '0'); break;
    case 'V':
        iso_week(tm, &delta, &week);
        put_num(o, sp, week, 2, '0');
        break;
    case 'w': put_num(o, sp, tm->tm_wday, 1, '0'); break;
    case 'W': put_num(o, sp, (tm->tm_yday - (tm->tm_wday - 1 + 7) % 7 + 7) / 7, 2, '0'); break;
    case 'x': sub(o, sp, "%m/%d/%y", tm); break;
    case 'X': sub(o, sp, "%H:%M:%S", tm); break;
    case 'y': put_num(o, sp, ((tm->tm_year % 100) + 100) % 100, 2, '0'); break; /* tm_year's own */
    case 'Y': put_num(o, sp, year, 1, '0'); break;
    case 'z': {
        if (tm->tm_isdst < 0) /* glibc: no offset for a tm whose DST state is unknown */
            break;
        if (sp->pad || sp->width >= 0) {
            /* glibc pads the sign and the digits apart; not modelled. */
            __vigil_fault(VM_FAULT_UNSUPPORTED, "strftime %z with a flag or width");
            break;
        }
        long off = tm->tm_gmtoff;
        char sign = off < 0 ? '-' : '+';
        unsigned long a = off < 0 ? 0UL - (unsigned long)off : (unsigned long)off;
        long hhmm = (long)(a / 3600 * 100 + a / 60 % 60);
        struct spec num = *sp;
        if (num.width >= 0)
            num.width--;
        put(o, sign);
        put_num(o, &num, hhmm, 4, '0');
        break;
    }
    case 'Z': {
        /* Without tm_zone, glibc names the process's zone (tzname), which is UTC in the VM,
         * unless tm_isdst < 0. glibc reads the zone here (tzname becomes {"UTC", "UTC"}). */
        __vigil_zone_init();
        const char *z = tm->tm_zone;
        if ((!z || !*z) && tm->tm_isdst >= 0)
            z = "UTC";
        if (!z)
            z = "";
        put_text(o, sp, z, strlen(z), 1);
        break;
    }
    case 's':
        __vigil_fault(VM_FAULT_UNSUPPORTED, "strftime %s (needs mktime and a time zone)");
        break;
    default:
        break;
    }
}

static void format(struct out *o, const char *fmt, const struct rt_tm *tm) {
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            put(o, *p);
            continue;
        }
        const char *start = p++;
        struct spec sp = {0, 0, 0, -1};
        for (;; p++) {
            if (*p == '_' || *p == '-' || *p == '0')
                sp.pad = *p;
            else if (*p == '^')
                sp.upper = 1;
            else if (*p == '#')
                sp.swap = 1;
            else if (*p == '+') {
                __vigil_fault(VM_FAULT_UNSUPPORTED, "strftime's + flag");
                return;
            } else
                break;
        }
        if (*p >= '1' && *p <= '9') {
            sp.width = 0;
            while (*p >= '0' && *p <= '9') {
                if (sp.width < 100000)
                    sp.width = sp.width * 10 + (*p - '0');
                p++;
            }
        }
        /* E and O are accepted (and change nothing) only before the conversions glibc allows
         * them with; otherwise the whole specification is a bad one, copied as written. */
        int bad_modifier = 0;
        if (*p == 'E' || *p == 'O') {
            const char *disallowed = *p == 'E' ? "aAbBdDeFgGhHIjklmMSUVwW" : "aAcDFxXY";
            p++;
            bad_modifier = *p && strchr(disallowed, *p) != NULL;
        }
        if (*p == '%' && !bad_modifier) {
            put_text(o, &sp, "%", 1, 0);
        } else if (*p && !bad_modifier && strchr("aAbBcCdDeFgGhHIjklmMnpPrRStTuUVwWxXyYzZs", *p)) {
            conversion(o, &sp, *p, tm);
        } else {
            /* Unknown: copied as written (up to the end of the format if it ends here),
             * padded to the width as glibc does. */
            size_t n = (size_t)(p - start) + (*p != 0);
            struct spec plain = {sp.pad, 0, 0, sp.width};
            put_text(o, &plain, start, n, 0);
            if (!*p)
                return;
        }
    }
}

RT_WEAK size_t strftime(char *restrict s, size_t max, const char *restrict fmt,
                        const struct rt_tm *restrict tm) {
    struct out o = {s, max, 0, 0};
    format(&o, fmt, tm);
    if (o.overflow || o.len + 1 > max)
        return 0;
    s[o.len] = 0;
    return o.len;
}
