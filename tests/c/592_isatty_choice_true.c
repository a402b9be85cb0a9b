// expect: true
// decide: explicit
// Whether a standard stream is a terminal is not known in advance: isatty answers 1, or 0 with
// errno ENOTTY (both are explored); a descriptor that is not open gives 0 with EBADF.
#include <assert.h>
#include <errno.h>
#include <unistd.h>

int main(void) {
    errno = 0;
    int t = isatty(1);
    assert(t == 1 || (t == 0 && errno == ENOTTY));
    errno = 0;
    assert(isatty(42) == 0 && errno == EBADF);
    return 0;
}
