// expect: true
// property: valid-memsafety
// unknown: incomplete:other-property
// Under valid-memsafety a reached reach_error is not the property checked: it ends the path, so
// the explicit engine cannot claim the memory accesses after it are safe.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a[2] = {0, 0};
    if (__VERIFIER_nondet_int() > 0) {
        reach_error();
    }
    return a[1];
}
