// expect: false(unreach-call)
// decide: explicit
// SV-COMP's loop-acceleration shape (`simple_false_1`, with a quarter of its bound): 33 million
// iterations on one register before the check. The loop computes on registers only, so the VM
// runs it in its fast interpreter (vigil_vm::machine::fastloop) and stores a state every few
// million iterations instead of every thousand passes of the loop's header.
void reach_error(void);
int main(void) {
    unsigned int x = 0;
    while (x < 0x03ffffff)
        x += 2;
    if (!(x % 2 == 1))
        reach_error();
    return 0;
}
