// expect: false(unreach-call)
// decide: explicit
// The violation comes after 2^21 loop iterations, with one input read before the loop and one
// in its middle: the replayed trace has millions of source-line events. The replay keeps both
// ends of the trace and every input in between (`vigil_vm::machine::EventLog`); it used to keep
// every event and, for 2^27 iterations, lost the verdict to the memory limit.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = 0;
    unsigned int i = 0;
    while (i < (1u << 21)) {
        if (i == (1u << 20))
            b = __VERIFIER_nondet_int();
        i++;
    }
    if (a == 3 && b == 5)
        reach_error();
    return 0;
}
