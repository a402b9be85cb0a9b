/*
 * os.c — the operating system proper: __boot, the scheduler and the fault handler (DiVM §4.3,
 * §5.1). These are the only functions the VM calls on its own; everything else in the runtime is
 * called by the program.
 *
 * __boot runs once, in the VM's first transition, before the program: it allocates the
 * scheduler state, puts one thread in its thread table whose frame is a fresh frame for
 * __vigil_start (argc = 1, argv = {"prog", NULL}, envp = {NULL}), and registers the scheduler and
 * the fault handler. The initial state of the program is the memory at the end of __boot.
 * __vigil_start runs in the program's first thread, with the OS up (libc works, threads may be
 * created): it runs the program's constructors, then replaces its own frame by a fresh frame for
 * main, so that main is the bottom frame of its thread, as the VM expects (its return calls exit).
 * Constructors do not run inside __boot, which may make no choices.
 *
 * argc as an input: when main reads argc but neither argv nor envp (and no constructor reads its
 * arguments), the VM intercepts __vigil_argc with symbolic data and its result is an input of
 * the path, every int >= 1 (Linux starts a program with at least one argument, and with at most
 * about 700,000: every positive int covers them); argv stays {"prog", NULL}, which nothing reads.
 * Otherwise __vigil_argc's own body runs and says so through *symbolic: argc is 1, and the engine
 * knows that a program reading its arguments was run with one start only
 * (vigil_vm::argc_is_input, vigil_explicit's main_arguments_observed).
 *
 * The scheduler runs at the start of every later transition, in a frame of its own that the VM
 * makes and that dies when it switches to a thread. It may not keep anything in local or global
 * variables (DiVM §4.3): all it knows is in the scheduler state, reached through VM_CR_STATE. It
 * picks a thread, tells the VM where to save that thread's frame when the transition ends
 * (VM_CR_INT_SLOT) and transfers control to the thread's frame (VM_CR_FRAME). The thread table
 * holds every thread (pthread.c adds them); only threads that may run are picked (a waiting
 * thread whose condition does not hold is blocked, os.h), and with one there is nothing to
 * choose and no choice is made. When no thread may run but some have not ended, every thread
 * waits: the scheduler raises VM_FAULT_DEADLOCK (a violation of no-deadlock only; under other
 * properties the path ends there, as the program hangs).
 *
 * The fault handler is entered by the VM instead of undefined behaviour, with the fault's kind
 * and the continuation (the faulting frame, its program counter after the faulting instruction,
 * whose result is left undefined). This runtime's policy: every fault ends the path as an error
 * (VM_FLAG_ERROR); whether that error is a violation of the property being checked is for the
 * verifier to decide. A program may define its own __vigil_fault_handler (the runtime's is weak)
 * and resume with __vm_ctl_set(VM_CR_FRAME, continuation).
 *
 * Each thread's rounding direction (fesetround, at the end of this file) is in its thread-table
 * entry; the scheduler makes the picked thread's the VM's (the state flags VM_FLAG_ROUND_*).
 *
 * Invariants: the scheduler state is the only root of the persistent state besides the globals;
 * a thread's `frame` is its top frame whenever the thread is not running.
 */
#include "rt.h"

#include "os.h"

/* main's arguments live in globals, which are roots: they are never reported as leaked. */
static char rt_progname[] = "prog";
static char *rt_argv[2] = {rt_progname, NULL};
static char *rt_envp[1] = {NULL};

int main(); /* whatever its parameters: __vm_frame_make passes as many as main takes */

RT_WEAK void __vigil_sched(void);
RT_WEAK void __vigil_fault_handler(int kind, void *continuation);

void __vigil_start(int argc, char **argv, char **envp);

/* main's argc as a symbolic input (see the comment at the top). Weak and not inlined, so that
 * the call stays in the code for the VM to see. */
RT_WEAK __attribute__((noinline)) int __vigil_argc(int *symbolic) {
    *symbolic = 0;
    return 1;
}

__attribute__((noinline)) static void note_argc(int argc) {
    char msg[64];
    __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_ARGC, argc);
    __vigil_format(msg, sizeof msg, "main started with argc = %d", argc);
    __vm_trace(VM_TRACE_INFO, msg);
}

RT_WEAK void __vigil_start(int argc, char **argv, char **envp) {
    int symbolic = 1;
    int n = __vigil_argc(&symbolic);
    if (symbolic) {
        if (n < 1)
            __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_CANCEL, 0);
        argc = n;
        if (rt_tracing())
            note_argc(argc);
    }
    __vigil_constructors(argc, argv, envp);
    /* Frees this frame and goes on in main's (VM_CR_FRAME never returns); the VM saves main's
     * frame into the thread's slot when the transition ends. */
    __vm_ctl_set(VM_CR_FRAME, __vm_frame_make((const void *)main, 3, argc, argv, envp));
}

RT_WEAK void __boot(void) {
    struct rt_sched *s = __vm_obj_make(sizeof(struct rt_sched) + sizeof(struct rt_thread));
    s->nthreads = 1;
    s->current = 0;
    s->threads[0].frame = __vm_frame_make((const void *)__vigil_start, 3, 1, rt_argv, rt_envp);
    s->threads[0].state = RT_THREAD_RUNNING;
    s->threads[0].start = NULL;
    s->threads[0].result = NULL;
    s->threads[0].wait = RT_WAIT_NONE;
    s->threads[0].wait_addr = NULL;
    s->threads[0].specific = NULL;
    s->threads[0].cleanup = NULL;
    s->threads[0].c11 = 0;
    s->threads[0].joined_at = 0;
    s->threads[0].round_flags = 0;
    /* Threads communicate through the scheduler state (arguments, results, thread states): it
     * is shared, and so is whatever a pointer stored in it reaches (frames excepted). */
    __vm_obj_shared(s);
    __vm_ctl_set(VM_CR_STATE, s);
    /* current is read only while a thread runs, after the scheduler set it, except inside an
     * atomic section (the same thread goes on): between transitions it is dead otherwise. */
    __vm_ctl_set(VM_CR_TRANSIENT, &s->current);
    __vm_ctl_set(VM_CR_SCHEDULER, (const void *)__vigil_sched);
    __vm_ctl_set(VM_CR_FAULT_HANDLER, (const void *)__vigil_fault_handler);
}

/* Says in the counterexample which thread runs from here on (VM_ENV_THREAD). Not only when
 * tracing: the search and the replay must run the same instructions. */
static void note_switch(int t) {
    __vm_control(VM_CTL_ENVIRONMENT, VM_ENV_THREAD, t);
}

RT_WEAK void __vigil_sched(void) {
    struct rt_sched *s = __vm_ctl_get(VM_CR_STATE);
    int t = s->current;
    /* Any thread that may run (rt_ready) may go next, except inside an atomic section (the
     * thread that entered it goes on). */
    /* One thread that does not wait (the common case): nothing to decide. */
    int alone = s->nthreads == 1 && s->threads[0].wait == RT_WAIT_NONE && s->threads[0].state == RT_THREAD_RUNNING;
    if (!alone && !(__vm_control(VM_CTL_GET_FLAGS, 0, 0) & VM_FLAG_ATOMIC)) {
        /* One pass over the table: the threads that may run, as a bit set (at most 64). */
        int live = 0, ready = 0;
        unsigned long long can_run = 0;
        for (int k = 0; k < s->nthreads; k++) {
            live += s->threads[k].state == RT_THREAD_RUNNING;
            if (rt_ready(&s->threads[k])) {
                can_run |= 1ULL << k;
                ready++;
            }
        }
        if (live == 0) {
            /* Every thread has ended (main by pthread_exit): the process exits with 0. */
            exit(0);
        }
        if (ready == 0)
            __vigil_fault(VM_FAULT_DEADLOCK, "deadlock: every thread waits");
        __vm_control(VM_CTL_READY, can_run, 0);
        int pick = ready > 1 ? __vm_choose(ready) : 0;
        for (t = 0; !(can_run >> t & 1) || pick-- > 0; t++) {
        }
        /* current is zeroed between transitions (VM_CR_TRANSIENT), so which thread ran last is
         * not known here: every pick is noted, and the replay drops a note that repeats the
         * last one (vigil_explicit::replay). */
        note_switch(t);
        s->current = t;
        /* Each thread has its own rounding direction (as each x86 thread its MXCSR). */
        rt_set_round_flags(s->threads[t].round_flags);
    } else {
        /* One thread alone, or inside an atomic section: it is the only one that may run. */
        __vm_control(VM_CTL_READY, 1ULL << t, 0);
    }
    __vm_ctl_set(VM_CR_INT_SLOT, &s->threads[t].frame);
    __vm_ctl_set(VM_CR_FRAME, s->threads[t].frame);
}

RT_WEAK void __vigil_fault_handler(int kind, void *continuation) {
    (void)kind;
    (void)continuation;
    __vm_control(VM_CTL_SET_FLAGS, VM_FLAG_ERROR, 0);
}

/* The rounding direction of the running thread (x86's values: FE_TONEAREST 0, FE_DOWNWARD 0x400,
 * FE_UPWARD 0x800, FE_TOWARDZERO 0xc00), kept in the thread table and, for the running thread, in
 * the VM's flags, which the VM's floating-point operations follow (vigil_semantics::float_round).
 * An invalid mode fails (returns nonzero) and changes nothing, as in glibc. */
RT_WEAK int fegetround(void) { return rt_rounding(); }
RT_WEAK int fesetround(int mode) {
    if (mode & ~RT_FE_TOWARDZERO)
        return 1;
    int flags = (mode & RT_FE_DOWNWARD ? VM_FLAG_ROUND_DOWN : 0) | (mode & RT_FE_UPWARD ? VM_FLAG_ROUND_UP : 0);
    /* The thread's own entry, in an atomic section: no visible action (see pthread.c). */
    int atomic = rt_atomic_begin();
    rt_self()->round_flags = flags;
    rt_atomic_end(atomic);
    rt_set_round_flags(flags);
    return 0;
}
