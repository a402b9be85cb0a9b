// expect: false(unreach-call)
// decide: explicit
// An uninitialised int equal to one value reaches the error; neither sample (all bits zero or
// one) would, the solver's model does.
extern void reach_error(void);
int main(void) {
    int x;
    if (x == 123456)
        reach_error();
    return 0;
}
