/*
 * hypercalls_native.c — the VM's hypercalls implemented natively, for testing vigil's runtime
 * as an ordinary host program (see tests/native.rs for how it is built).
 *
 * This file is compiled *without* the renaming header, against the host libc. It provides:
 *  - __vm_obj_*: objects are host malloc blocks kept in a registry, so obj_size finds the object
 *    an interior pointer points into and obj_free recognises invalid and double frees;
 *  - __vm_choose: scripted answers (native_set_choices), 0 once the script is used up;
 *  - __vm_control: one flags word, a configurable --nondet-range and tracing switch;
 *  - __vm_ctl_get: no control register is set (NULL): there is no scheduler state, so the
 *    runtime's per-thread data (errno) is main's;
 *  - __vm_trace: each message is printed as "[TEXT] …" or "[INFO] …" (newlines shown as \n) and
 *    appended to a per-kind log the driver reads with native_trace_take; the values of input
 *    events (VM_CTL_ENVIRONMENT, VM_ENV_NONDET) go to the log NATIVE_LOG_INPUT as "[INPUT] V";
 *  - the VM's stopping rules: a fault, VM_FLAG_CANCEL and VM_FLAG_EXIT end the "path". Inside
 *    native_catch(fn) that is a longjmp back to native_catch, which reports the outcome;
 *    outside, the process exits with a message (status 3).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "native_api.h"
#include "vigil_vm.h"

/* ---- objects ---- */

#define MAX_OBJECTS 4096

struct object {
    char *base;
    unsigned long size;
    int live;
};

static struct object objects[MAX_OBJECTS];
static int object_count;

/* ---- control state ---- */

static long flags;
static int range_on;
static long range_lo, range_hi;
static int tracing = 1;
static const unsigned long *inputs;
static long input_count = -1;
static int choices[64];
static int choice_count, choice_next;
static int last_choose_n;
static jmp_buf catcher;
static int catching;

static void stop(int outcome, const char *what) {
    if (catching) {
        catching = 0;
        longjmp(catcher, outcome);
    }
    printf("native VM: %s outside native_catch\n", what);
    exit(3);
}

static void fault(int kind) {
    stop(NATIVE_FAULT + kind, "fault");
}

int native_catch(void (*fn)(void)) {
    int outcome = setjmp(catcher);
    if (outcome != 0)
        return outcome;
    catching = 1;
    fn();
    catching = 0;
    return NATIVE_RETURNED;
}

static struct object *find_object(const void *p) {
    const char *c = p;
    for (int i = object_count - 1; i >= 0; i--) {
        struct object *o = &objects[i];
        if (o->live && c >= o->base && (c < o->base + o->size || c == o->base))
            return o;
    }
    return NULL;
}

void *__vm_obj_make(unsigned long size) {
    if (object_count == MAX_OBJECTS || size > VM_OBJ_SIZE_MAX) {
        printf("native VM: cannot make an object of %lu bytes\n", size);
        exit(3);
    }
    struct object *o = &objects[object_count++];
    o->base = malloc(size ? size : 1);
    o->size = size;
    o->live = 1;
    memset(o->base, 0xA5, size ? size : 1); /* "undefined" contents */
    return o->base;
}

void *__vm_obj_make_internal(unsigned long size) {
    return __vm_obj_make(size);
}

void __vm_obj_free(void *p) {
    struct object *o = find_object(p);
    if (!o || o->base != p) {
        fault(VM_FAULT_INVALID_FREE);
        return;
    }
    o->live = 0;
    free(o->base);
}

unsigned long __vm_obj_size(const void *p) {
    struct object *o = find_object(p);
    if (!o || o->base != p) {
        fault(VM_FAULT_INVALID_FREE);
        return 0;
    }
    return o->size;
}

void __vm_obj_resize(void *p, unsigned long size) {
    (void)p;
    (void)size;
    printf("native VM: obj_resize is not implemented natively\n");
    exit(3);
}

int __vm_obj_shared(const void *p) {
    (void)p;
    return 0;
}

int native_is_live(const void *p) {
    struct object *o = find_object(p);
    return o != NULL && o->base == p;
}

/* ---- traces ---- */

#define LOG_CAP 8192

static char logs[3][LOG_CAP];
static int log_messages[3];

static void log_message(int kind, const char *msg) {
    static const char *names[3] = {"TEXT", "INFO", "INPUT"};
    printf("[%s] ", names[kind]);
    for (const char *c = msg; *c; c++)
        fputs(*c == '\n' ? "\\n" : (char[2]){*c, 0}, stdout);
    putchar('\n');
    size_t used = strlen(logs[kind]);
    if (used + strlen(msg) + 1 > LOG_CAP) {
        printf("native VM: trace log overflow\n");
        exit(3);
    }
    strcpy(logs[kind] + used, msg);
    log_messages[kind]++;
}

void __vm_trace(int kind, const char *msg) {
    if (kind != VM_TRACE_TEXT && kind != VM_TRACE_INFO) {
        printf("native VM: bad trace kind %d\n", kind);
        exit(3);
    }
    log_message(kind, msg);
}

const char *native_trace_take(int kind, int *messages) {
    static char taken[LOG_CAP];
    strcpy(taken, logs[kind]);
    logs[kind][0] = 0;
    if (messages)
        *messages = log_messages[kind];
    log_messages[kind] = 0;
    return taken;
}

/* ---- interrupts, choices, control ---- */

void __vm_interrupt_mem(const void *p, int size, int kind) {
    (void)p;
    (void)size;
    (void)kind;
}

void __vm_interrupt_cfl(void) {
    if (flags & VM_FLAG_EXIT)
        stop(NATIVE_EXIT, "exit");
}

void native_set_choices(const int *values, int n) {
    memcpy(choices, values, (size_t)n * sizeof *values);
    choice_count = n;
    choice_next = 0;
}

int native_last_choose_n(void) {
    return last_choose_n;
}

int __vm_choose(int n) {
    if (n < 1) {
        printf("native VM: choose(%d)\n", n);
        exit(3);
    }
    last_choose_n = n;
    int c = choice_next < choice_count ? choices[choice_next++] : 0;
    if (c < 0 || c >= n) {
        printf("native VM: scripted choice %d out of 0..%d\n", c, n - 1);
        exit(3);
    }
    return c;
}

void native_set_range(int on, long lo, long hi) {
    range_on = on;
    range_lo = lo;
    range_hi = hi;
}

void native_set_inputs(const unsigned long *values, long count) {
    inputs = values;
    input_count = count;
}

void native_set_tracing(int on) {
    tracing = on;
}

void *__vm_ctl_get(int reg) {
    (void)reg;
    return NULL;
}

long long __vm_control(int op, long long a, long long b) {
    (void)b;
    switch (op) {
    case VM_CTL_GET_FLAGS:
        return flags;
    case VM_CTL_SET_FLAGS:
        flags |= a;
        if (a & VM_FLAG_CANCEL)
            stop(NATIVE_CANCEL, "cancel");
        return 0;
    case VM_CTL_CLEAR_FLAGS:
        flags &= ~a;
        return 0;
    case VM_CTL_FAULT:
        fault((int)a);
        return 0;
    case VM_CTL_NONDET_RANGE:
        return a == 0 ? range_on : a == 1 ? range_lo : a == 2 ? range_hi : 0;
    case VM_CTL_TRACING:
        return tracing;
    case VM_CTL_INPUTS:
        return input_count;
    case VM_CTL_INPUT:
        return a >= 0 && a < input_count ? (long)inputs[a] : 0;
    case VM_CTL_ENVIRONMENT:
        /* Environment events matter to counterexamples only; the inputs' values are logged. */
        if (a == VM_ENV_NONDET) {
            char msg[32];
            snprintf(msg, sizeof msg, "%lld ", b);
            log_message(NATIVE_LOG_INPUT, msg);
        }
        return 0;
    default:
        printf("native VM: unknown control op %d\n", op);
        exit(3);
    }
}

/* ---- reporting for the driver ---- */

void native_fail(const char *file, int line, const char *what, const char *got, const char *want) {
    printf("CHECK FAILED %s:%d: %s\n", file, line, what);
    if (got || want)
        printf("  got:  \"%s\"\n  want: \"%s\"\n", got ? got : "(null)", want ? want : "(null)");
    exit(1);
}
