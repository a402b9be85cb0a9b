// expect: true
// decide: explicit
// scanf's floating-point conversions as glibc: %f into a float, %lf into a double, hexadecimal
// and special values, a width, and glibc's field collection ("100ergs" reads "100e", converts
// 100, and leaves "rgs"); the same assertions pass natively.
#include <assert.h>
#include <math.h>
#include <stdio.h>

int main(void) {
    float f;
    double d, e;
    int n;
    assert(sscanf("3.25 -1e-3", "%f %lf", &f, &d) == 2 && f == 3.25f && d == -1e-3);
    assert(sscanf("0x1.8p1 INFINITY", "%lf %le", &d, &e) == 2 && d == 3 && isinf(e));
    assert(sscanf("100ergs", "%lf%n", &d, &n) == 1 && d == 100 && n == 4);
    assert(sscanf("12345", "%3lf", &d) == 1 && d == 123);
    assert(sscanf(".e5", "%lf", &d) == 0 && sscanf("nan", "%g", &f) == 1 && isnan(f));
    assert(sscanf("0.1", "%lf", &d) == 1 && d == 0.1);
    return 0;
}
