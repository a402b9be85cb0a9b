/*
 * vigil_vm.h — the hypercall interface between vigil's VM and the C runtime that runs inside it.
 *
 * The VM recognises these functions by name (they are only declared, never defined); everything
 * else the runtime offers (malloc, string.h, stdio, the SV-COMP functions) is plain C built on
 * top of them. The numeric constants are mirrored by `vigil_runtime::consts` (Rust) and by
 * vigil-vm's machine.rs; unit tests check that they agree, so change them everywhere.
 *
 * VM_CTL_TRACING lets the runtime skip formatting trace messages (notes, input values) during
 * the state-space search, where nobody reads them; they are produced when a run is replayed.
 */
#ifndef VIGIL_VM_H
#define VIGIL_VM_H

/* Trace kinds (first argument of __vm_trace). */
#define VM_TRACE_TEXT 0  /* program output (stdout and stderr) */
#define VM_TRACE_INFO 1  /* runtime notes, e.g. an allocation chosen to fail */

/* Control operations (first argument of __vm_control). */
#define VM_CTL_GET_FLAGS 0    /* returns the flags */
#define VM_CTL_SET_FLAGS 1    /* flags |= a */
#define VM_CTL_CLEAR_FLAGS 2  /* flags &= ~a */
#define VM_CTL_FAULT 3        /* raise a fault of kind a; error faults do not return */
#define VM_CTL_NONDET_RANGE 4 /* a = 0: 1 if --nondet-range was given, else 0; a = 1: LO; a = 2: HI */
#define VM_CTL_TRACING 5      /* 1 when the VM records a trace (replay), 0 during the search */
#define VM_CTL_INPUTS 6       /* -1 without a fixed input vector, else the vector's length */
#define VM_CTL_INPUT 7        /* value number a (0-based, a < length) of the fixed input vector */
#define VM_CTL_ENVIRONMENT 8  /* records what the path read from the environment: a = VM_ENV_*,
                                 b = its value; only when tracing, returns 0 */

/* Environment events (argument a of VM_CTL_ENVIRONMENT): what a path read, for witnesses and
 * harnesses. For the events up to VM_ENV_GETRANDOM_FAILURE the runtime also traces a readable
 * note (VM_TRACE_INFO); the note's text is for people, these codes for tools. */
#define VM_ENV_STDIN_BYTE 1        /* b: the byte read from stdin */
#define VM_ENV_STDIN_END 2         /* stdin reached its end */
#define VM_ENV_STDIN_ERROR 3       /* reading stdin failed */
#define VM_ENV_TIME 4              /* b: the value time() returned */
#define VM_ENV_CLOCK 5             /* b: the value clock() returned */
#define VM_ENV_GETENV_SET 6        /* getenv found its variable set */
#define VM_ENV_ALLOC_FAILURE 7     /* an allocation was chosen to fail */
#define VM_ENV_GETRANDOM_FAILURE 8 /* getrandom was chosen to fail */
#define VM_ENV_NONDET 9            /* b: the value (its bits) a __VERIFIER_nondet_* function returns;
                                      the function is the innermost such call */
#define VM_ENV_THREAD 10           /* b: the thread the scheduler picked; recorded in every
                                      transition, also outside traced runs */
#define VM_ENV_FILE_OPENED 11      /* b: a file of the VM's file system was opened (its fd) */
#define VM_ENV_TTY 12              /* b: isatty's chosen answer for a standard stream */
#define VM_ENV_FILE_REFUSED 13     /* b: errno of an open the VM's file system refused */
#define VM_ENV_CLOCK_GETTIME 14    /* b: the seconds clock_gettime returned */
#define VM_ENV_FILE_UNKNOWN 15     /* b: a name not given with --file was opened for reading and
                                      the open was chosen to succeed (its fd) */
#define VM_ENV_ARGC 16             /* b: the argc main was started with, when it is an input
                                      (os.c, __vigil_argc) */
#define VM_CTL_READY 9        /* the scheduler tells which threads may run now, as a bit set a
                               * (bit k: thread k), before it picks one (partial-order
                               * reduction reads it) */

/* Flags. */
#define VM_FLAG_ERROR 1            /* an error was found */
#define VM_FLAG_CANCEL 2           /* the path is infeasible (__VERIFIER_assume(0)) */
#define VM_FLAG_INCOMPLETE 4       /* an input was not enumerated over its whole domain */
#define VM_FLAG_EXIT 8             /* the program terminated */
#define VM_FLAG_MALLOC_CAN_FAIL 16 /* set by the VM from the command line; read by malloc */
#define VM_FLAG_ATOMIC 32          /* inside __VERIFIER_atomic_begin/end */
#define VM_FLAG_THREADED 128       /* set by the OS once there are several threads: memory
                                      interrupt points then end transitions */
#define VM_FLAG_LIBM_ROUNDING 2048 /* a math.h function ran whose glibc result is not always
                                     the correctly rounded one the runtime computes: the path's
                                     values may differ from glibc's, so it cannot prove `true` */
#define VM_FLAG_FS_FIXED 4096      /* the VM's file system refused a request that another file
                                     system could grant (a name it does not hold, a write, a
                                     descriptor beyond its limit): runs where it is granted are
                                     not explored, so the path cannot prove `true` */
#define VM_FLAG_ADDRESS_PRINTED 8192 /* printf's %p formatted an object's address: the VM prints
                                        its own encoding, a native run another address (of
                                        another length), so the path cannot prove `true` */
#define VM_FLAG_ROUND_DOWN 16384  /* the running thread's rounding direction (fesetround), part
                                     of the state: DOWN alone toward -inf, UP alone toward +inf,
                                     both toward zero, neither to nearest (x86's MXCSR order) */
#define VM_FLAG_ROUND_UP 32768
#define VM_FLAG_SPURIOUS 65536    /* part of the state: a condition variable woke a waiter
                                     without a signal, as POSIX allows (glibc only in rare
                                     races): a violation after it is not evidence */

/* Fault kinds: the argument a of VM_CTL_FAULT (the runtime raises ASSERT, INVALID_FREE,
 * INVALID_ARG, the access faults NULL_DEREF .. INVALID_POINTER, DIV_BY_ZERO, DIV_OVERFLOW,
 * SIGNED_OVERFLOW and OVERLAP for undefined behaviour it detects inside library functions; the VM
 * ignores a SIGNED_OVERFLOW while no-overflow is not checked, as it does for an nsw instruction,
 * and the runtime then goes on with the wrapped value) and the first argument of the fault
 * handler (every kind but LEAK and DATA_RACE, which the verifier finds by itself when it looks at
 * a whole state or at two transitions). */
#define VM_FAULT_ASSERT 1            /* reach_error, failed assert, __VERIFIER_error */
#define VM_FAULT_INVALID_FREE 2      /* free of something that is not a live heap object */
#define VM_FAULT_INVALID_ARG 3       /* misuse of a library function (e.g. overlapping memcpy) */
#define VM_FAULT_LEAK 4              /* memory leak (found by the verifier, never raised) */
#define VM_FAULT_NULL_DEREF 5        /* access through the null pointer */
#define VM_FAULT_OUT_OF_BOUNDS 6     /* access outside the bounds of a live object */
#define VM_FAULT_USE_AFTER_FREE 7    /* access to a freed object or a returned frame's memory */
#define VM_FAULT_INVALID_POINTER 8   /* access through something that is not a valid pointer */
#define VM_FAULT_WRITE_CONSTANT 9    /* store to read-only memory */
#define VM_FAULT_DIV_BY_ZERO 10      /* integer division or remainder by zero */
#define VM_FAULT_DIV_OVERFLOW 11     /* INT_MIN / -1, INT_MIN % -1 */
#define VM_FAULT_SIGNED_OVERFLOW 12  /* nsw overflow (raised only when no-overflow is checked) */
#define VM_FAULT_UNDEFINED 13        /* an undefined value used as an address, size or target */
#define VM_FAULT_UNREACHABLE 14      /* `unreachable` executed */
#define VM_FAULT_BAD_CALL 15         /* a call through a non-function or with too few arguments */
#define VM_FAULT_UNKNOWN_FUNCTION 16 /* a call to a function defined nowhere */
#define VM_FAULT_BAD_HYPERCALL 17    /* invalid use of a hypercall */
#define VM_FAULT_UNSUPPORTED 18      /* a construct the VM does not implement */
#define VM_FAULT_OVERLAP 19          /* overlapping source and destination (memcpy, strcpy, …) */
#define VM_FAULT_VA_ARG 20           /* va_arg past the arguments passed (printf with too few) */
#define VM_FAULT_DEADLOCK 21         /* every live thread waits (raised by the scheduler) */
#define VM_FAULT_DATA_RACE 22        /* a data race (found by the verifier, never raised) */
#define VM_FAULT_TOO_LARGE 23        /* an object over VM_OBJ_SIZE_MAX: a limit of the VM */

/* Control registers (argument of __vm_ctl_get / __vm_ctl_set). Only VM_CR_STATE is part of the
 * stored state; VM_CR_SCHEDULER and VM_CR_FAULT_HANDLER are set once, by __boot, and read-only
 * afterwards; VM_CR_FRAME and VM_CR_INT_SLOT live for one transition. */
#define VM_CR_STATE 0         /* the scheduler state object: the root of the persistent state */
#define VM_CR_FRAME 1         /* the running frame; setting it transfers control to that frame */
#define VM_CR_INT_SLOT 2      /* where the VM saves the running frame when the transition ends */
#define VM_CR_SCHEDULER 3     /* void sched(void): run at the start of every transition */
#define VM_CR_FAULT_HANDLER 4 /* void handler(int kind, void *continuation): run on a fault */
#define VM_CR_TRANSIENT 5     /* set once, by __boot: a 4-byte field of the scheduler state that no
                               * one reads between transitions outside atomic sections (the thread
                               * that ran last); the VM zeroes it when such a transition ends, so
                               * states that differ only in it are one state */

/* Largest object __vm_obj_make / __vm_obj_resize accept (256 MiB); larger requests fault. */
#define VM_OBJ_SIZE_MAX 268435456UL

/* New heap object of `size` bytes, contents undefined; never NULL. */
void *__vm_obj_make(unsigned long size);
/* The same, for the runtime's own bookkeeping (never the program's malloc): the object is
 * freed with __vm_obj_free like a heap object, but it is not memory the program allocated, so
 * it never counts as lost (valid-memtrack) or as not freed at exit (valid-memcleanup). */
void *__vm_obj_make_internal(unsigned long size);
/* p must be offset 0 of a live heap object, else the VM faults (invalid free). */
void __vm_obj_free(void *p);
/* Size of the heap object p is the start of; like __vm_obj_free, anything else (a pointer into
 * a block, a freed block, a non-heap object) faults as an invalid free (realloc asks first). */
unsigned long __vm_obj_size(const void *p);
/* Resize in place; new bytes undefined. */
void __vm_obj_resize(void *p, unsigned long size);
/* Mark an object shared between threads, with every object reachable from it (returns 0): its
 * accesses become visible actions (dynamic sharedness). NULL and non-pointers are ignored. */
int __vm_obj_shared(const void *p);
/* Append a message to the counterexample trace. */
void __vm_trace(int kind, const char *msg);
/* Interrupt points: the loader inserts them (cfl: loop headers and recursive function
 * entries; mem: accesses to memory that may be shared between threads), programs need not. */
void __vm_interrupt_mem(const void *p, int size, int kind);
void __vm_interrupt_cfl(void);
/* Nondeterministic choice 0..n-1 (n >= 1). */
int __vm_choose(int n);
/* Control operations and flags, see VM_CTL_*. 64-bit arguments and result in both data models. */
long long __vm_control(int op, long long a, long long b);
/* The pointer-valued control registers, see VM_CR_*. Setting VM_CR_FRAME does not return: the
 * calling frame and its callers are freed up to (not including) the new frame, and execution goes
 * on in the new frame at its saved program counter (a scheduler switching to a thread, a fault
 * handler resuming its continuation). */
void *__vm_ctl_get(int reg);
void __vm_ctl_set(int reg, const void *value);
/* A new frame for `fn`, not running, with no caller, its program counter at the entry and its
 * first parameters set from the `nargs` arguments that follow (each converted to the parameter's
 * type). Arguments beyond the function's parameters are ignored, so an OS can start `main` with
 * (argc, argv, envp) whatever its arity; fewer arguments than parameters is a fault. */
void *__vm_frame_make(const void *fn, int nargs, ...);

#endif
