// expect: false(unreach-call)
// decide: explicit
// A program's own static reach_error, with an empty body: linking it beside the runtime's
// reach_error renames it (reach_error.N), and a call of it is still a call of reach_error.
extern unsigned char __VERIFIER_nondet_uchar(void);
static void reach_error(void) {}
int main(void) {
    unsigned char c = __VERIFIER_nondet_uchar();
    if (c == 7)
        reach_error();
    return 0;
}
