/*
 * assert.c — the target of glibc's assert() macro.
 *
 * A failed assertion traces "assertion failed: <text> (<file>:<line>)" as VM_TRACE_INFO and
 * raises VM_FAULT_ASSERT, the same fault as reach_error(). It never returns: in the VM the fault
 * ends the path; if a VM ever resumed, the program stops instead (VM_FLAG_EXIT).
 */
#include "rt.h"

RT_WEAK void __assert_fail(const char *assertion, const char *file, unsigned line,
                           const char *function) {
    char msg[256];
    (void)function;
    if (!rt_tracing())
        __vigil_fault(VM_FAULT_ASSERT, NULL);
    __vigil_format(msg, sizeof msg, "assertion failed: %s (%s:%u)", assertion ? assertion : "?",
                   file ? file : "?", line);
    __vigil_fault(VM_FAULT_ASSERT, msg);
    __vigil_stop();
}
