// expect: true
// property: valid-memsafety
// decide: explicit
// getline and getdelim as glibc: a 120-byte buffer is allocated first, the length returned
// counts the delimiter, the buffer grows when a line and its NUL do not fit, and -1 at the end.
#define _GNU_SOURCE
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[] = "short\n"
                     "a line that is longer than one hundred and twenty bytes, so that getline has "
                     "to grow the buffer it allocated at first to hold it\n"
                     "x;y";

int main(void) {
    FILE *f = fmemopen(text, strlen(text), "r");
    assert(f);
    char *line = NULL;
    size_t cap = 0;
    assert(getline(&line, &cap, f) == 6 && cap == 120 && strcmp(line, "short\n") == 0);
    ssize_t n = getline(&line, &cap, f);
    assert(n == 129 && cap >= (size_t)n + 1 && line[n - 1] == '\n' && line[n] == 0);
    assert(getdelim(&line, &cap, ';', f) == 2 && strcmp(line, "x;") == 0);
    assert(getdelim(&line, &cap, ';', f) == 1 && strcmp(line, "y") == 0);
    assert(getline(&line, &cap, f) == -1 && feof(f));
    free(line);
    fclose(f);
    return 0;
}
