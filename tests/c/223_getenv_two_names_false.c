// expect: false(unreach-call)
// decide: explicit
// The sibling of 222: two different names are independent, so one may be set and the other not.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
    char *a = getenv("VIGIL_TEST_A");
    char *b = getenv("VIGIL_TEST_B");
    if (a == NULL && b != NULL)
        reach_error();
    return 0;
}
