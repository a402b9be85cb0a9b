// expect: true
// A union of static storage duration initialised through its shorter first member: its other
// bytes are zero bits (C11 6.7.9p10), and the platform puts zeros there too. clang writes them
// as `undef` in the global's initialiser; vigil read them as uninitialised memory and answered
// `false` (not confirmed natively). Found by bench/csmith.sh (seed 2068).
extern void reach_error(void);
union U { signed char small; int wide; };
static union U g = {0x4F};
static union U arr[2] = {{-1}, {3}};

int main(void) {
    static union U local_static = {7};
    if (g.wide != 0x4F)
        reach_error();
    if (arr[0].wide != 0xFF || arr[1].wide != 3)
        reach_error();
    if (local_static.wide != 7)
        reach_error();
    return 0;
}
