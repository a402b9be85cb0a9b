/*
 * environ.c — the environment: getenv.
 *
 * The program's environment is unknown to the verifier. The first getenv of a name therefore
 * chooses: choice 0, the variable is not set (NULL) — exact; choice 1, it is set, and the value
 * returned is the empty string — one of infinitely many possible values, so that path is marked
 * incomplete (VM_FLAG_INCOMPLETE): it can show a bug, but the search cannot conclude `true` from
 * it. The environment does not change while the program runs (the runtime has no setenv), so
 * every later getenv of the same name gives the same answer: the choices made are remembered
 * in a table of names (a second, independent choice would let a path see a variable both unset
 * and set, which no real run can). A name longer than the table holds, or more distinct names
 * than it has room for, end the path as unknown (VM_FAULT_INVALID_ARG) rather than choose again.
 * The returned string is a constant (C11 7.22.4.6: the program must not modify it; a write
 * faults). The name itself is read up to its terminator, as glibc does.
 */
#include "rt.h"

enum { ENV_NAMES = 16, ENV_NAME_MAX = 64 };

/* The names getenv was asked for, with the answer chosen: 1 set, 0 not set. Untouched, the
 * table costs no bytes in a stored state (globals equal to their initial value are not stored). */
static struct {
    char name[ENV_NAME_MAX];
    char set;
} env_seen[ENV_NAMES];
static int env_count;

static char *env_answer(int set) {
    if (!set)
        return NULL;
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0);
    if (rt_tracing()) {
        __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_GETENV_SET, 0);
        __vm_trace(VM_TRACE_INFO, "getenv: the variable is set (to \"\"; other values are not explored)");
    }
    return (char *)"";
}

RT_WEAK char *getenv(const char *name) {
    size_t len = strlen(name);
    for (int i = 0; i < env_count; i++)
        if (strncmp(env_seen[i].name, name, ENV_NAME_MAX) == 0)
            return env_answer(env_seen[i].set);
    if (len >= ENV_NAME_MAX || env_count == ENV_NAMES) {
        __vigil_fault(VM_FAULT_INVALID_ARG, "getenv: more environment variable names than vigil remembers");
        return NULL;
    }
    int set = __vm_choose(2);
    memcpy(env_seen[env_count].name, name, len + 1);
    env_seen[env_count].set = (char)set;
    env_count++;
    return env_answer(set);
}
