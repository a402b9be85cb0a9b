// expect: true
// decide: explicit
// 1042 with the right claim: x stays even. The program has no input, so running it is a
// complete exploration; the fast interpreter makes that 33 million iterations cheap.
void reach_error(void);
int main(void) {
    unsigned int x = 0;
    while (x < 0x03ffffff)
        x += 2;
    if (!(x % 2 == 0))
        reach_error();
    return 0;
}
