/*
 * environ.c — the environment: getenv.
 *
 * The program's environment is unknown to the verifier. getenv therefore chooses: choice 0, the
 * variable is not set (NULL) — exact; choice 1, it is set, and the value returned is the empty
 * string — one of infinitely many possible values, so that path is marked incomplete
 * (VM_FLAG_INCOMPLETE): it can show a bug, but the search cannot conclude `true` from it. The
 * returned string is a constant (C11 7.22.4.6: the program must not modify it; a write faults).
 * The name itself is read up to its terminator, as glibc does.
 */
#include "rt.h"

RT_WEAK char *getenv(const char *name) {
    (void)strlen(name);
    if (__vm_choose(2) == 0)
        return NULL;
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
    if (rt_tracing())
        __vm_trace(VM_TRACE_INFO, "getenv: the variable is set (to \"\"; other values are not explored)");
    return (char *)"";
}
