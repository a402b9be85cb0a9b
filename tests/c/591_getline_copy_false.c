// expect: false(valid-deref)
// property: valid-memsafety
// decide: explicit
// getline's length counts the newline: copying length + 1 bytes of a 16-byte line into a
// 16-byte buffer writes one byte past it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char text[] = "0123456789abcde\n";

int main(void) {
    FILE *f = fmemopen(text, sizeof text - 1, "r");
    if (!f)
        return 0;
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, f);
    char *copy = malloc(16);
    if (n > 0 && copy)
        memcpy(copy, line, (size_t)n + 1);
    free(copy);
    free(line);
    fclose(f);
    return 0;
}
