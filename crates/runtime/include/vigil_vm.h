/* vigil_vm.h — the hypercall interface of vigil's virtual machine (DiVM, Ročkai et al. 2018,
 * §3.4). The VM implements these functions by name; everything else in vigil's runtime is plain
 * C built on them. The numeric constants are mirrored in vigil-runtime's src/lib.rs and
 * vigil-vm's machine.rs; a unit test checks they agree. */
#ifndef VIGIL_VM_H
#define VIGIL_VM_H

/* Trace kinds of __vm_trace. */
#define VM_TRACE_TEXT 0  /* program output */
#define VM_TRACE_INFO 1  /* runtime notes */
#define VM_TRACE_INPUT 2 /* a nondeterministic input value */

/* Operations of __vm_control. */
#define VM_CTL_GET_FLAGS 0
#define VM_CTL_SET_FLAGS 1
#define VM_CTL_CLEAR_FLAGS 2
#define VM_CTL_FAULT 3
#define VM_CTL_NONDET_RANGE 4
#define VM_CTL_TRACING 5 /* 1 when the VM records a trace (replay), 0 during the search */

/* Flags. */
#define VM_FLAG_ERROR 1
#define VM_FLAG_CANCEL 2
#define VM_FLAG_INCOMPLETE 4
#define VM_FLAG_EXIT 8
#define VM_FLAG_MALLOC_CAN_FAIL 16
#define VM_FLAG_ATOMIC 32

/* Fault kinds of VM_CTL_FAULT. */
#define VM_FAULT_ASSERT 1
#define VM_FAULT_INVALID_FREE 2
#define VM_FAULT_INVALID_ARG 3
#define VM_FAULT_LEAK 4

void *__vm_obj_make(unsigned long size);
void __vm_obj_free(void *p);
unsigned long __vm_obj_size(const void *p);
void __vm_obj_resize(void *p, unsigned long size);
int __vm_obj_shared(const void *p);
void __vm_trace(int kind, const char *msg);
void __vm_interrupt_mem(const void *p, int size, int kind);
void __vm_interrupt_cfl(void);
int __vm_choose(int n);
long __vm_control(int op, long a, long b);

/* Runtime-internal helpers shared between the C files. */
#define VIGIL_WEAK __attribute__((weak))
#define VIGIL_NORETURN __attribute__((noreturn))
typedef unsigned long vigil_size_t;
void __vigil_fault(int kind) VIGIL_NORETURN;
void __vigil_trace_input(const char *name, long long value, int is_unsigned);
int __vigil_format_ll(char *buf, long long v, int is_unsigned, int base, int upper);

#endif
