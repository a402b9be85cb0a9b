// expect: true
// decide: explicit
// Two int inputs in assumed ranges: their sum stays below the bound on every value (symbolic
// data: the explicit engine proves it without enumerating the inputs).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 1000);
    __VERIFIER_assume(y >= -1000 && y <= 1000);
    int s = x + y;
    if (s > 2000 || s < -1000)
        reach_error();
    return 0;
}
