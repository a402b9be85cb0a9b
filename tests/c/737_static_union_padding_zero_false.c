// expect: false(unreach-call)
// As 736: the union's bytes past its first member are zero, so `wide` is exactly 0x4F and the
// error is reached (natively too).
extern void reach_error(void);
union U { signed char small; int wide; };
static union U g = {0x4F};

int main(void) {
    if (g.wide == 0x4F)
        reach_error();
    return 0;
}
