/* native_api.h — what the native hypercalls (hypercalls_native.c) offer the test driver. */
#ifndef NATIVE_API_H
#define NATIVE_API_H

/* Outcomes of native_catch. */
#define NATIVE_RETURNED 1
#define NATIVE_EXIT 2
#define NATIVE_CANCEL 3
#define NATIVE_FAULT 100 /* + the fault kind */

/* Runs fn until it returns or the path ends (fault, cancel, exit); returns the outcome. */
int native_catch(void (*fn)(void));
/* The next answers of __vm_choose (0 when used up). */
void native_set_choices(const int *values, int n);
/* The n of the last __vm_choose call. */
int native_last_choose_n(void);
/* --nondet-range. */
void native_set_range(int on, long lo, long hi);
/* What VM_CTL_TRACING answers (1 by default). */
void native_set_tracing(int on);
/* A fixed input vector (count -1: none, the default). */
void native_set_inputs(const unsigned long *values, long count);
/* The log of the input values (VM_ENV_NONDET events), each as "<decimal bits as long long> ". */
#define NATIVE_LOG_INPUT 2
/* The concatenated messages of one trace kind (or NATIVE_LOG_INPUT) since the last call, and how
 * many there were. */
const char *native_trace_take(int kind, int *messages);
/* Is p the start of a live object? */
int native_is_live(const void *p);
/* Reports a failed check and exits with status 1. */
void native_fail(const char *file, int line, const char *what, const char *got, const char *want);

#endif
