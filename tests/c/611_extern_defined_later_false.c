// expect: false(unreach-call)
// decide: explicit
// The sibling of 610 that links: `x` is declared `extern` first and defined further down, so
// reading it is an ordinary read of 5 and the error is reached.
extern void reach_error(void);
extern int x;
static int read_x(void) { return x; }
int x = 5;
int main(void) {
    if (read_x() == 5) reach_error();
    return 0;
}
