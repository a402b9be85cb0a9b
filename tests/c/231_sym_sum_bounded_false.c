// expect: false(unreach-call)
// decide: explicit
// The same sum reaches one exact value only for some inputs: the solver finds them.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 1000);
    __VERIFIER_assume(y >= -1000 && y <= 1000);
    if (x * 3 + y == 2017 && y < -900)
        reach_error();
    return 0;
}
