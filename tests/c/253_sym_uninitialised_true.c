// expect: true
// decide: explicit
// An uninitialised int read twice: it is one fresh symbolic value (not two samples), so the
// exploration is complete and both reads agree.
extern void reach_error(void);
int main(void) {
    int x;
    int y = x;
    if (y > 100)
        y = 100;
    if (y > 100 || (x <= 100 && y != x))
        reach_error();
    return 0;
}
