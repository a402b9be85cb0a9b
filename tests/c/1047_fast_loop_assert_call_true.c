// expect: true
// decide: explicit
// 1046 with an assertion that holds: s stays a multiple of 3. No input, so running the
// program to its end is a complete exploration.
void reach_error(void);
void __VERIFIER_assert(int cond) {
    if (!(cond)) {
    ERROR:
        reach_error();
    }
}
int main(void) {
    unsigned int i = 0, s = 0;
    while (i < 20000000) {
        s += 3;
        __VERIFIER_assert(s % 3 == 0);
        i++;
    }
    return 0;
}
