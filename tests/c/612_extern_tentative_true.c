// expect: true
// property: valid-memsafety
// decide: explicit
// `extern int x;` followed by the tentative definition `int x;` defines `x` as zero (C11
// 6.9.2p2): the declaration is not an undefined external, and every access is valid.
extern int x;
int x;
int main(void) {
    int *p = &x;
    *p += 1;
    return x == 1 ? 0 : 1;
}
