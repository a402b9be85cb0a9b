// expect: false(unreach-call)
// decide: explicit
// An assertion function called in every iteration of a 20-million-iteration loop, SV-COMP's
// usual shape. The call of a small function without loops runs in the VM's fast interpreter
// with the loop (vigil_vm::machine::fastloop); the iteration whose assertion fails is declined
// there, and the interpreter reports the failure where it happens.
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
        __VERIFIER_assert(s != 45000000u);
        i++;
    }
    return 0;
}
