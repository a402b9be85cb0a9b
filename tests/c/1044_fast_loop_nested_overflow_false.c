// expect: false(no-overflow)
// property: no-overflow
// decide: explicit
// Nested loops on registers: the inner loop adds 400 a thousand times per round of the outer
// one, so the signed sum overflows in the 5369th round. The fast run declines the iteration
// that overflows and the interpreter reports it there.
int main(void) {
    int s = 0;
    for (int i = 0; i < 10000; i++)
        for (int j = 0; j < 1000; j++)
            s += 400;
    return s > 0;
}
