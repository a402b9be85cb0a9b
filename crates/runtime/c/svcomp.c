/* svcomp.c — the SV-COMP verification functions inside the VM.
 *
 * Inputs: bool, char and uchar are enumerated over their whole domain (complete). Wider types
 * cannot be: they take values from --nondet-range LO..HI when given (complete only if that range
 * covers the type), else from a fixed set of boundary and small values, and the exploration is
 * marked incomplete (VM_FLAG_INCOMPLETE), so the engine never answers "true" on such a run.
 * Every chosen value is traced (VM_TRACE_INPUT) for counterexamples.
 * Errors: reach_error, __VERIFIER_error and failed assertions raise VM_FAULT_ASSERT. */
#include "vigil_vm.h"

void __vigil_fault(int kind) {
  __vm_control(VM_CTL_FAULT, kind, 0);
  for (;;) /* the VM stops at the fault */
    __vm_interrupt_cfl();
}

static void mark_incomplete(void) { __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_INCOMPLETE, 0); }

void __vigil_trace_input(const char *name, long long value, int is_unsigned) {
  char buf[96];
  if (!__vm_control(VM_CTL_TRACING, 0, 0)) return; /* only replays show inputs */
  int n = 0;
  while (name[n] && n < 60) {
    buf[n] = name[n];
    n++;
  }
  buf[n++] = ' ';
  buf[n++] = '=';
  buf[n++] = ' ';
  n += __vigil_format_ll(buf + n, value, is_unsigned, 10, 0);
  buf[n] = 0;
  __vm_trace(VM_TRACE_INPUT, buf);
}

/* A value of a signed type of `bits` bits. */
static long long nondet_signed(const char *name, int bits) {
  long long min = bits == 64 ? (-0x7fffffffffffffffLL - 1) : -(1LL << (bits - 1));
  long long max = bits == 64 ? 0x7fffffffffffffffLL : (1LL << (bits - 1)) - 1;
  long long v;
  if (__vm_control(VM_CTL_NONDET_RANGE, 0, 0)) {
    long long lo = __vm_control(VM_CTL_NONDET_RANGE, 1, 0);
    long long hi = __vm_control(VM_CTL_NONDET_RANGE, 2, 0);
    if (lo < min) lo = min;
    if (hi > max) hi = max;
    if (lo > min || hi < max) mark_incomplete();
    if (lo > hi) { /* the range misses the type entirely */
      __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
      return 0;
    }
    v = lo + __vm_choose((int)(hi - lo + 1));
  } else {
    const long long pick[9] = {0, 1, -1, 2, -2, max, min, max - 1, min + 1};
    mark_incomplete();
    v = pick[__vm_choose(9)];
  }
  __vigil_trace_input(name, v, 0);
  return v;
}

/* A value of an unsigned type of `bits` bits. */
static unsigned long long nondet_unsigned(const char *name, int bits) {
  unsigned long long max = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  unsigned long long v;
  if (__vm_control(VM_CTL_NONDET_RANGE, 0, 0)) {
    long long lo = __vm_control(VM_CTL_NONDET_RANGE, 1, 0);
    long long hi = __vm_control(VM_CTL_NONDET_RANGE, 2, 0);
    if (lo < 0) lo = 0;
    if (hi < 0 || (unsigned long long)lo > max) {
      __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
      return 0;
    }
    if ((unsigned long long)hi > max) hi = (long long)max;
    if (lo > 0 || (unsigned long long)hi < max) mark_incomplete();
    v = (unsigned long long)lo + (unsigned long long)__vm_choose((int)(hi - lo + 1));
  } else {
    const unsigned long long pick[6] = {0, 1, 2, 3, max, max - 1};
    mark_incomplete();
    v = pick[__vm_choose(6)];
  }
  __vigil_trace_input(name, (long long)v, 1);
  return v;
}

VIGIL_WEAK _Bool __VERIFIER_nondet_bool(void) {
  _Bool b = __vm_choose(2);
  __vigil_trace_input("__VERIFIER_nondet_bool", b, 1);
  return b;
}
VIGIL_WEAK char __VERIFIER_nondet_char(void) {
  signed char c = (signed char)(__vm_choose(256) - 128);
  __vigil_trace_input("__VERIFIER_nondet_char", c, 0);
  return c;
}
VIGIL_WEAK unsigned char __VERIFIER_nondet_uchar(void) {
  unsigned char c = (unsigned char)__vm_choose(256);
  __vigil_trace_input("__VERIFIER_nondet_uchar", c, 1);
  return c;
}
VIGIL_WEAK short __VERIFIER_nondet_short(void) { return (short)nondet_signed("__VERIFIER_nondet_short", 16); }
VIGIL_WEAK unsigned short __VERIFIER_nondet_ushort(void) {
  return (unsigned short)nondet_unsigned("__VERIFIER_nondet_ushort", 16);
}
VIGIL_WEAK int __VERIFIER_nondet_int(void) { return (int)nondet_signed("__VERIFIER_nondet_int", 32); }
VIGIL_WEAK unsigned int __VERIFIER_nondet_uint(void) {
  return (unsigned int)nondet_unsigned("__VERIFIER_nondet_uint", 32);
}
VIGIL_WEAK unsigned int __VERIFIER_nondet_unsigned(void) {
  return (unsigned int)nondet_unsigned("__VERIFIER_nondet_unsigned", 32);
}
VIGIL_WEAK long __VERIFIER_nondet_long(void) { return (long)nondet_signed("__VERIFIER_nondet_long", 64); }
VIGIL_WEAK unsigned long __VERIFIER_nondet_ulong(void) {
  return (unsigned long)nondet_unsigned("__VERIFIER_nondet_ulong", 64);
}
VIGIL_WEAK long long __VERIFIER_nondet_longlong(void) { return nondet_signed("__VERIFIER_nondet_longlong", 64); }
VIGIL_WEAK unsigned long long __VERIFIER_nondet_ulonglong(void) {
  return nondet_unsigned("__VERIFIER_nondet_ulonglong", 64);
}
VIGIL_WEAK vigil_size_t __VERIFIER_nondet_size_t(void) {
  return (vigil_size_t)nondet_unsigned("__VERIFIER_nondet_size_t", 64);
}

/* A nondeterministic pointer: NULL or a fresh 8-byte object. Other pointers (into existing
 * objects) are not enumerated, so the exploration is incomplete. */
VIGIL_WEAK void *__VERIFIER_nondet_pointer(void) {
  mark_incomplete();
  if (__vm_choose(2) == 0) {
    __vm_trace(VM_TRACE_INPUT, "__VERIFIER_nondet_pointer = NULL");
    return 0;
  }
  __vm_trace(VM_TRACE_INPUT, "__VERIFIER_nondet_pointer = fresh object");
  return __vm_obj_make(8);
}

VIGIL_WEAK void __VERIFIER_assume(int cond) {
  if (!cond) __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
}

VIGIL_WEAK void __VERIFIER_atomic_begin(void) { __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_ATOMIC, 0); }
VIGIL_WEAK void __VERIFIER_atomic_end(void) { __vm_control(VM_CTL_CLEAR_FLAGS, VM_FLAG_ATOMIC, 0); }

VIGIL_WEAK void __VERIFIER_error(void) {
  __vm_trace(VM_TRACE_INFO, "__VERIFIER_error called");
  __vigil_fault(VM_FAULT_ASSERT);
}

VIGIL_WEAK void reach_error(void) {
  __vm_trace(VM_TRACE_INFO, "reach_error called");
  __vigil_fault(VM_FAULT_ASSERT);
}

VIGIL_WEAK void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
  char buf[256];
  if (!__vm_control(VM_CTL_TRACING, 0, 0)) __vigil_fault(VM_FAULT_ASSERT);
  const char *prefix = "assertion failed: ";
  int n = 0;
  for (int i = 0; prefix[i]; i++) buf[n++] = prefix[i];
  for (int i = 0; assertion && assertion[i] && n < 200; i++) buf[n++] = assertion[i];
  buf[n] = 0;
  (void)file;
  (void)line;
  (void)function;
  __vm_trace(VM_TRACE_INFO, buf);
  __vigil_fault(VM_FAULT_ASSERT);
}
