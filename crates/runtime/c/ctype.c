/*
 * ctype.c — character classes in the "C" locale: isalnum … isxdigit, tolower, toupper as
 * functions, and glibc's table interface (__ctype_b_loc, __ctype_tolower_loc,
 * __ctype_toupper_loc) that glibc's <ctype.h> macros read directly.
 *
 * Invariants: the tables are constant (read-only objects in the VM) and are indexed by
 * -128..255 as glibc requires (a pointer to entry 128 is handed out). Class bits follow
 * glibc's little-endian layout: bit b of the class number lands at (1 << b) << 8 for b < 8 and
 * (1 << b) >> 8 otherwise. Characters 128..255 (and -128..-1) belong to no class; tolower and
 * toupper map -128..-2 to 128..254 (glibc's tables), EOF and 128..255 to themselves.
 */
#include "rt.h"

#define BIT(b) ((b) < 8 ? ((1 << (b)) << 8) : ((1 << (b)) >> 8))
#define C_UPPER BIT(0)
#define C_LOWER BIT(1)
#define C_ALPHA BIT(2)
#define C_DIGIT BIT(3)
#define C_XDIGIT BIT(4)
#define C_SPACE BIT(5)
#define C_PRINT BIT(6)
#define C_GRAPH BIT(7)
#define C_BLANK BIT(8)
#define C_CNTRL BIT(9)
#define C_PUNCT BIT(10)
#define C_ALNUM BIT(11)

/* Class predicates on an int c in 0..255, as constant expressions. */
#define IS_UPPER(c) ((c) >= 'A' && (c) <= 'Z')
#define IS_LOWER(c) ((c) >= 'a' && (c) <= 'z')
#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define IS_ALPHA(c) (IS_UPPER(c) || IS_LOWER(c))
#define IS_XDIGIT(c) (IS_DIGIT(c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))
#define IS_SPACE(c) ((c) == ' ' || ((c) >= '\t' && (c) <= '\r'))
#define IS_BLANK(c) ((c) == ' ' || (c) == '\t')
#define IS_CNTRL(c) ((c) < 32 || (c) == 127)
#define IS_PRINT(c) ((c) >= 32 && (c) < 127)
#define IS_GRAPH(c) ((c) > 32 && (c) < 127)
#define IS_PUNCT(c) (IS_GRAPH(c) && !IS_ALPHA(c) && !IS_DIGIT(c))

/* The class bits of character c (0..255; nothing above 127). */
#define CLASS(c)                                                                          \
    (unsigned short)((IS_UPPER(c) ? C_UPPER : 0) | (IS_LOWER(c) ? C_LOWER : 0) |          \
                     (IS_ALPHA(c) ? C_ALPHA : 0) | (IS_DIGIT(c) ? C_DIGIT : 0) |          \
                     (IS_XDIGIT(c) ? C_XDIGIT : 0) | (IS_SPACE(c) ? C_SPACE : 0) |        \
                     (IS_PRINT(c) ? C_PRINT : 0) | (IS_GRAPH(c) ? C_GRAPH : 0) |          \
                     (IS_BLANK(c) ? C_BLANK : 0) | (IS_CNTRL(c) ? C_CNTRL : 0) |          \
                     (IS_PUNCT(c) ? C_PUNCT : 0) |                                        \
                     (IS_ALPHA(c) || IS_DIGIT(c) ? C_ALNUM : 0))
#define LOWER(c) (IS_UPPER(c) ? (c) - 'A' + 'a' : (c))
#define UPPER(c) (IS_LOWER(c) ? (c) - 'a' + 'A' : (c))

/* Rows of 16 entries for characters 0..127; 128..255 and the negative indices are zero
 * (classes). The case mappings map 128..255 to themselves and, as glibc's C locale does, a
 * negative index -128..-2 (a `char` above 127 passed without the cast to unsigned char) to the
 * unsigned char it stands for, index + 256: toupper((char)0xE9) is 0xE9, not -23. EOF (-1) maps
 * to itself. */
#define ROW(F, b) F(b), F(b + 1), F(b + 2), F(b + 3), F(b + 4), F(b + 5), F(b + 6), F(b + 7), \
    F(b + 8), F(b + 9), F(b + 10), F(b + 11), F(b + 12), F(b + 13), F(b + 14), F(b + 15)
#define ASCII(F) ROW(F, 0), ROW(F, 16), ROW(F, 32), ROW(F, 48), ROW(F, 64), ROW(F, 80), \
    ROW(F, 96), ROW(F, 112)
#define SELF(c) (c)
#define HIGH(c) ((c) + 128)
#define NEG(c) ((c) == 127 ? -1 : (c) + 128)

static const unsigned short class_table[384] = {[128] = ASCII(CLASS)};
static const int lower_table[384] = {ASCII(NEG), ASCII(LOWER), ASCII(HIGH)};
static const int upper_table[384] = {ASCII(NEG), ASCII(UPPER), ASCII(HIGH)};

static const unsigned short *class_ptr = class_table + 128;
static const int *lower_ptr = lower_table + 128;
static const int *upper_ptr = upper_table + 128;

RT_WEAK const unsigned short **__ctype_b_loc(void) {
    return &class_ptr;
}

RT_WEAK const int **__ctype_tolower_loc(void) {
    return &lower_ptr;
}

RT_WEAK const int **__ctype_toupper_loc(void) {
    return &upper_ptr;
}

/* Class bits of c (EOF and anything outside -128..255 has none). */
static int class_of(int c) {
    return c >= -128 && c <= 255 ? class_ptr[c] : 0;
}

RT_WEAK int isalnum(int c) { return (class_of(c) & C_ALNUM) != 0; }
RT_WEAK int isalpha(int c) { return (class_of(c) & C_ALPHA) != 0; }
RT_WEAK int isblank(int c) { return (class_of(c) & C_BLANK) != 0; }
RT_WEAK int iscntrl(int c) { return (class_of(c) & C_CNTRL) != 0; }
RT_WEAK int isdigit(int c) { return (class_of(c) & C_DIGIT) != 0; }
RT_WEAK int isgraph(int c) { return (class_of(c) & C_GRAPH) != 0; }
RT_WEAK int islower(int c) { return (class_of(c) & C_LOWER) != 0; }
RT_WEAK int isprint(int c) { return (class_of(c) & C_PRINT) != 0; }
RT_WEAK int ispunct(int c) { return (class_of(c) & C_PUNCT) != 0; }
RT_WEAK int isspace(int c) { return (class_of(c) & C_SPACE) != 0; }
RT_WEAK int isupper(int c) { return (class_of(c) & C_UPPER) != 0; }
RT_WEAK int isxdigit(int c) { return (class_of(c) & C_XDIGIT) != 0; }

RT_WEAK int tolower(int c) {
    return c >= -128 && c <= 255 ? lower_ptr[c] : c;
}

RT_WEAK int toupper(int c) {
    return c >= -128 && c <= 255 ? upper_ptr[c] : c;
}
