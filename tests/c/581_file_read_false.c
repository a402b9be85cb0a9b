// expect: false(unreach-call)
// flags: --file config.txt=$TESTS_C/files/581_config.txt
// decide: explicit
// The bug depends on the bytes of a file given with --file: the counterexample's saved file
// holds them, `vigil replay` reruns on them, and native confirmation places the file in the
// run's working directory.
#include <stdio.h>
#include <string.h>

extern void reach_error(void);

int main(void) {
    FILE *f = fopen("config.txt", "r");
    if (!f)
        return 0;
    int n, a, b, key = 0;
    if (fscanf(f, "%d %d %d", &n, &a, &b) != 3)
        return 0;
    char line[32];
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "key=", 4) == 0)
            sscanf(line + 4, "%d", &key);
    fclose(f);
    if (a + b == 12 && key == 42)
        reach_error();
    return 0;
}
