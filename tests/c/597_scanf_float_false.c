// expect: false(unreach-call)
// decide: explicit
// A price read with %f into a float is not exactly 0.1: the comparison with the double 0.1
// fails, as it does natively.
#include <stdio.h>

extern void reach_error(void);

int main(void) {
    float price;
    if (sscanf("0.1", "%f", &price) == 1 && price != 0.1)
        reach_error();
    return 0;
}
