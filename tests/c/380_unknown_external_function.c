// expect: true
// unknown: unsupported:unknown-function
// `mystery` is defined nowhere (neither in the program nor in vigil's runtime): the explicit
// engine cannot run past its call, so it answers unknown for that cause, never true.
extern void reach_error(void);
extern int mystery(int);

int main(void) {
    int x = mystery(3);
    if (x != x) {
        reach_error();
    }
    return 0;
}
