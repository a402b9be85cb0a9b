/*
 * test_svcomp.c: the SV-COMP functions (__VERIFIER_*, reach_error) — part of the native test driver of vigil's runtime (see test_libc.h).
 */
#include "test_libc.h"

/* ------------------------------------------------------------------ SV-COMP */

static void assume_false(void) {
    __VERIFIER_assume(0);
}
static void assume_true(void) {
    __VERIFIER_assume(1);
}
static void call_reach_error(void) {
    reach_error();
}
static void call_verifier_error(void) {
    __VERIFIER_error();
}
static void failing_assert(void) {
    __assert_fail("x > 0", "prog.c", 12, "main");
}

void test_svcomp(void) {
    native_trace_take(NATIVE_LOG_INPUT, NULL);
    clear_flags();
    choose(1);
    CHECK(__VERIFIER_nondet_bool() == 1);
    CHECK(native_last_choose_n() == 2);
    choose(200);
    CHECK(__VERIFIER_nondet_char() == -56);
    CHECK(native_last_choose_n() == 256);
    choose(255);
    CHECK(__VERIFIER_nondet_uchar() == 255);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* small types are enumerated completely */
    CHECK_STR(native_trace_take(NATIVE_LOG_INPUT, NULL),
              "1 -56 255 ");

    /* The signed set, in order: 0 1 -1 2 -2 MAX MIN MAX-1 MIN+1. */
    int want_int[9] = {0, 1, -1, 2, -2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1};
    for (int i = 0; i < 9; i++) {
        choose(i);
        CHECK(__VERIFIER_nondet_int() == want_int[i]);
        CHECK(native_last_choose_n() == 9);
    }
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    choose(2);
    __VERIFIER_nondet_int();
    int n;
    const char *t = native_trace_take(NATIVE_LOG_INPUT, &n);
    CHECK(n == 10);
    CHECK_STR(t + 0, "0 1 -1 2 -2 2147483647 -2147483648 2147483646 -2147483647 -1 ");

    /* Fixed inputs: values in order, truncated to the type, no choice; 0 and incomplete after. */
    static const unsigned long fixed[5] = {0x100003039UL, 3, 0xfe, 0xffffffffffffffffUL, 0x1ffffUL};
    native_set_inputs(fixed, 5);
    clear_flags();
    CHECK(__VERIFIER_nondet_int() == 12345);
    CHECK(__VERIFIER_nondet_bool() == 1);
    CHECK(__VERIFIER_nondet_char() == -2);
    CHECK(__VERIFIER_nondet_long() == -1);
    CHECK(__VERIFIER_nondet_ushort() == 0xffff);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    CHECK(__VERIFIER_nondet_uint() == 0);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    CHECK_STR(native_trace_take(NATIVE_LOG_INPUT, NULL),
              "12345 1 -2 -1 65535 0 ");
    native_set_inputs(NULL, -1);
    clear_flags();

    /* The unsigned set: 0 1 2 MAX MAX-1. */
    choose(3);
    CHECK(__VERIFIER_nondet_uint() == UINT_MAX);
    CHECK(native_last_choose_n() == 5);
    choose(4);
    CHECK(__VERIFIER_nondet_unsigned() == UINT_MAX - 1);
    choose(3);
    CHECK(__VERIFIER_nondet_ulonglong() == ULLONG_MAX);
    choose(3);
    CHECK(__VERIFIER_nondet_size_t() == (size_t)-1);
    choose(3);
    CHECK(__VERIFIER_nondet_ushort() == USHRT_MAX);
    choose(5);
    CHECK(__VERIFIER_nondet_short() == SHRT_MAX);
    choose(6);
    CHECK(__VERIFIER_nondet_long() == LONG_MIN);
    choose(6);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MIN);
    choose(3);
    CHECK(__VERIFIER_nondet_ulong() == ULONG_MAX);
    CHECK(__VERIFIER_nondet_pointer() == NULL);
    t = native_trace_take(NATIVE_LOG_INPUT, &n);
    CHECK(n == 10);

    /* --nondet-range. */
    clear_flags();
    native_set_range(1, -3, 3);
    choose(0);
    CHECK(__VERIFIER_nondet_int() == -3);
    CHECK(native_last_choose_n() == 7);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    choose(6);
    CHECK(__VERIFIER_nondet_long() == 3);
    choose(3);
    CHECK(__VERIFIER_nondet_uint() == 3); /* clamped to [0, 3] */
    CHECK(native_last_choose_n() == 4);
    clear_flags();
    native_set_range(1, -100000, 100000);
    choose(65535);
    CHECK(__VERIFIER_nondet_ushort() == 65535);
    CHECK(native_last_choose_n() == 65536);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* the range covers unsigned short */
    choose(0);
    CHECK(__VERIFIER_nondet_short() == SHRT_MIN);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE));
    native_set_range(1, -5, -1);
    choose(0);
    CHECK(__VERIFIER_nondet_uint() == 0); /* no overlap: the nearest value, incomplete */
    CHECK(native_last_choose_n() == 1);
    CHECK(flags() & VM_FLAG_INCOMPLETE);
    clear_flags();
    native_set_range(1, LONG_MIN, LONG_MAX);
    int lowest[3] = {0, 0, 0}, highest[3] = {15, (1 << 30) - 1, (1 << 30) - 1};
    native_set_choices(lowest, 3);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MIN);
    native_set_choices(highest, 3);
    CHECK(__VERIFIER_nondet_longlong() == LLONG_MAX);
    CHECK(!(flags() & VM_FLAG_INCOMPLETE)); /* chunked choices cover all 2^64 values */
    int mid[3] = {8, 0, 5};
    native_set_choices(mid, 3);
    CHECK(__VERIFIER_nondet_long() == 5);
    native_set_range(0, 0, 0);
    native_trace_take(NATIVE_LOG_INPUT, NULL);

    /* No input event while the VM is not tracing. */
    native_set_tracing(0);
    choose(1);
    CHECK(__VERIFIER_nondet_int() == 1);
    CHECK_STR(native_trace_take(NATIVE_LOG_INPUT, &n), "");
    CHECK(n == 0);
    native_set_tracing(1);

    clear_flags();
    CHECK(native_catch(assume_true) == NATIVE_RETURNED);
    CHECK(native_catch(assume_false) == NATIVE_CANCEL);
    CHECK(flags() & VM_FLAG_CANCEL);
    clear_flags();
    CHECK(native_catch(call_reach_error) == NATIVE_FAULT + VM_FAULT_ASSERT);
    CHECK(native_catch(call_verifier_error) == NATIVE_FAULT + VM_FAULT_ASSERT);
    native_trace_take(VM_TRACE_INFO, NULL);
    CHECK(native_catch(failing_assert) == NATIVE_FAULT + VM_FAULT_ASSERT);
    CHECK_STR(native_trace_take(VM_TRACE_INFO, NULL), "assertion failed: x > 0 (prog.c:12)");

    __VERIFIER_atomic_begin();
    CHECK(flags() & VM_FLAG_ATOMIC);
    __VERIFIER_atomic_end();
    CHECK(!(flags() & VM_FLAG_ATOMIC));
}
