// expect: true
// property: no-overflow
// decide: explicit
// 1044 with 200 per iteration: the sum reaches 2·10⁹, below INT_MAX, so no overflow.
int main(void) {
    int s = 0;
    for (int i = 0; i < 10000; i++)
        for (int j = 0; j < 1000; j++)
            s += 200;
    return s > 0;
}
