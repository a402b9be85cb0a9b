/*
 * random.c — getrandom (Linux, glibc >= 2.25): bytes the verifier cannot know.
 *
 * Every byte written is a nondeterministic choice over all 256 values (__vm_choose(256)), so the
 * exploration covers every possible content: an explicit search that exhausts it has covered
 * all of them, and nothing is marked incomplete on that account. The price is 256^n paths for
 * n bytes — a program that draws many random bytes and depends on them exhausts the search
 * budget and ends in `unknown`, never in a wrong `true`.
 *
 * The outcome is a choice as well, following getrandom(2):
 *  - flags other than GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE, or GRND_RANDOM together with
 *    GRND_INSECURE: -1 with EINVAL, nothing written (deterministic);
 *  - choice 0: success, all n bytes written, result n;
 *  - choice 1: failure, result -1, nothing written, errno EINTR (interrupted while the entropy
 *    pool was not yet initialised), or EAGAIN instead under GRND_NONBLOCK;
 *  - choice 2: failure with ENOSYS (a kernel without the system call; glibc passes it on).
 * A read of more than 256 bytes (or with GRND_RANDOM) may also return fewer bytes than asked
 * when a signal arrives; those partial results are not explored, so the path is marked
 * incomplete (VM_FLAG_INCOMPLETE) and the search cannot conclude `true` from it.
 * The random bytes are not VM_ENV_NONDET values (those are __VERIFIER_nondet_* results that
 * harnesses and witnesses replay); the outcome is noted as VM_TRACE_INFO.
 *
 * With symbolic data (vigil check --symbolic auto or always) each byte is instead a symbolic
 * input of the path: the VM intercepts __vigil_random_byte, whose own body runs only when
 * nothing is symbolic and says so through *symbolic. One path then covers every content.
 */
#include "rt.h"

#define GRND_NONBLOCK 1
#define GRND_RANDOM 2
#define GRND_INSECURE 4
#define SHORT_READ_LIMIT 256

/* Notes a failure chosen (also as VM_ENV_GETRANDOM_FAILURE for tools). */
static void note(const char *msg) {
    if (rt_tracing()) {
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_GETRANDOM_FAILURE, 0);
        __vm_trace(VM_TRACE_INFO, msg);
    }
}

/* One random byte as a symbolic input (the VM replaces the call; see the comment above). This
 * body runs only when inputs are not symbolic: it reports that and returns nothing useful.
 * Weak and not inlined, so that the call stays in the code for the VM to see. */
RT_WEAK __attribute__((noinline)) unsigned char __vigil_random_byte(int *symbolic) {
    *symbolic = 0;
    return 0;
}

RT_WEAK ssize_t getrandom(void *buf, size_t n, unsigned flags) {
    int *err = __errno_location();
    if ((flags & ~(unsigned)(GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE)) != 0 ||
        (flags & (GRND_RANDOM | GRND_INSECURE)) == (GRND_RANDOM | GRND_INSECURE)) {
        *err = RT_EINVAL;
        return -1;
    }
    if (n > SHORT_READ_LIMIT || (flags & GRND_RANDOM))
        __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
    switch (__vm_choose(3)) {
    case 1:
        note("getrandom: failure chosen (EINTR or EAGAIN), returns -1");
        *err = (flags & GRND_NONBLOCK) ? RT_EAGAIN : RT_EINTR;
        return -1;
    case 2:
        note("getrandom: failure chosen (ENOSYS), returns -1");
        *err = RT_ENOSYS;
        return -1;
    default:
        break;
    }
    unsigned char *bytes = buf;
    int symbolic = 1;
    if (n > 0) {
        unsigned char first = __vigil_random_byte(&symbolic);
        if (symbolic) {
            bytes[0] = first;
            for (size_t i = 1; i < n; i++)
                bytes[i] = __vigil_random_byte(&symbolic);
            return (ssize_t)n;
        }
    }
    for (size_t i = 0; i < n; i++)
        bytes[i] = (unsigned char)__vm_choose(256);
    return (ssize_t)n;
}
