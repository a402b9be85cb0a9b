// expect: true
// decide: explicit
// The sibling of 220: the static reach_error exists but no input reaches its call.
extern unsigned char __VERIFIER_nondet_uchar(void);
static void reach_error(void) {}
int main(void) {
    unsigned char c = __VERIFIER_nondet_uchar();
    if (c > 200 && c < 100)
        reach_error();
    return 0;
}
