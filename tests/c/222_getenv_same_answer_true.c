// expect: true
// The environment does not change while the program runs: two getenv calls of one name agree
// (the VM chooses set or not set once per name), and another name is chosen apart. (No engine
// can prove it: a set variable's value is one sample. Before, getenv chose anew at each call
// and this program got a wrong false.)
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
    char *a = getenv("VIGIL_TEST_A");
    char *b = getenv("VIGIL_TEST_B");
    if ((a == NULL) != (getenv("VIGIL_TEST_A") == NULL))
        reach_error();
    if ((b == NULL) != (getenv("VIGIL_TEST_B") == NULL))
        reach_error();
    return 0;
}
