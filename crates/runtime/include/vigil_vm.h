/*
 * vigil_vm.h — the hypercall interface between vigil's VM and the C runtime that runs inside it.
 *
 * The VM recognises these functions by name (they are only declared, never defined); everything
 * else the runtime offers (malloc, string.h, stdio, the SV-COMP functions) is plain C built on
 * top of them. The numeric constants are mirrored by `vigil_runtime::consts` (Rust) and by
 * vigil-vm's machine.rs; unit tests check that they agree, so change them everywhere.
 *
 * VM_CTL_TRACING lets the runtime skip formatting trace messages (input values, notes) during
 * the state-space search, where nobody reads them; they are produced when a run is replayed.
 */
#ifndef VIGIL_VM_H
#define VIGIL_VM_H

/* Trace kinds (first argument of __vm_trace). */
#define VM_TRACE_TEXT 0  /* program output (stdout and stderr) */
#define VM_TRACE_INFO 1  /* runtime notes, e.g. an allocation chosen to fail */
#define VM_TRACE_INPUT 2 /* a nondeterministic value was chosen: "__VERIFIER_nondet_int = -1" */

/* Control operations (first argument of __vm_control). */
#define VM_CTL_GET_FLAGS 0    /* returns the flags */
#define VM_CTL_SET_FLAGS 1    /* flags |= a */
#define VM_CTL_CLEAR_FLAGS 2  /* flags &= ~a */
#define VM_CTL_FAULT 3        /* raise a fault of kind a; error faults do not return */
#define VM_CTL_NONDET_RANGE 4 /* a = 0: 1 if --nondet-range was given, else 0; a = 1: LO; a = 2: HI */
#define VM_CTL_TRACING 5      /* 1 when the VM records a trace (replay), 0 during the search */
#define VM_CTL_INPUTS 6       /* -1 without a fixed input vector, else the vector's length */
#define VM_CTL_INPUT 7        /* value number a (0-based, a < length) of the fixed input vector */

/* Flags. */
#define VM_FLAG_ERROR 1            /* an error was found */
#define VM_FLAG_CANCEL 2           /* the path is infeasible (__VERIFIER_assume(0)) */
#define VM_FLAG_INCOMPLETE 4       /* an input was not enumerated over its whole domain */
#define VM_FLAG_EXIT 8             /* the program terminated */
#define VM_FLAG_MALLOC_CAN_FAIL 16 /* set by the VM from the command line; read by malloc */
#define VM_FLAG_ATOMIC 32          /* inside __VERIFIER_atomic_begin/end */

/* Fault kinds (argument a of VM_CTL_FAULT). */
#define VM_FAULT_ASSERT 1       /* reach_error, failed assert, __VERIFIER_error */
#define VM_FAULT_INVALID_FREE 2 /* free of something that is not a live heap object */
#define VM_FAULT_INVALID_ARG 3  /* misuse of a library function (e.g. overlapping memcpy) */
#define VM_FAULT_LEAK 4         /* memory leak (raised by the VM, not by the runtime) */

/* Largest object __vm_obj_make / __vm_obj_resize accept (256 MiB); larger requests fault. */
#define VM_OBJ_SIZE_MAX 268435456UL

/* New heap object of `size` bytes, contents undefined; never NULL. */
void *__vm_obj_make(unsigned long size);
/* p must be offset 0 of a live heap object, else the VM faults (invalid free). */
void __vm_obj_free(void *p);
/* Size of the object p points into. */
unsigned long __vm_obj_size(const void *p);
/* Resize in place; new bytes undefined. */
void __vm_obj_resize(void *p, unsigned long size);
/* Mark an object shared between threads (returns 0). */
int __vm_obj_shared(const void *p);
/* Append a message to the counterexample trace. */
void __vm_trace(int kind, const char *msg);
/* Interrupt points (no-ops for now). */
void __vm_interrupt_mem(const void *p, int size, int kind);
void __vm_interrupt_cfl(void);
/* Nondeterministic choice 0..n-1 (n >= 1). */
int __vm_choose(int n);
/* Control registers and flags, see VM_CTL_*. 64-bit arguments and result in both data models. */
long long __vm_control(int op, long long a, long long b);

#endif
