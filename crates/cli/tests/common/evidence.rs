//! Evidence round trip, checked on the portfolio run of the corpus test (`corpus.rs`) of every
//! program of `tests/c` that expects `false` (so that no program is checked twice): when `vigil
//! check` answers `false`, the violation witness it writes passes the format check (on `true`,
//! the correctness witness reads back), the test case is Test-Comp XML, and
//! the check's own native confirmation (the product feature, `crate::native` of the binary:
//! the program compiled with the harness it writes, under AddressSanitizer and UBSan, run
//! against the real libc) confirms the violation — unless the program is a documented exception
//! below, for which the check must say why it could not (and never claim a contradiction).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Programs whose bug cannot be confirmed natively, with the reason. A counterexample that
/// depends on the value of uninitialised memory (the VM chooses it, see vigil_vm::machine,
/// "Uninitialised values") cannot be forced on a native run: the harness only gives the inputs,
/// and the native value is whatever the stack or the allocator left there.
const NOT_NATIVE: &[(&str, &str)] = &[
    ("824_syn_list_free_keep_last_false.c", "valid-memtrack: LeakSanitizer sees a leak only at exit, and a pointer to the kept node may still be in a register or on the stack"),
    ("826_syn_list_free_branch_leak_false.c", "valid-memtrack: LeakSanitizer sees a leak only at exit, and a pointer to the leaked node may still be in a register or on the stack"),
    ("1055_shape_owned_payload_false.c", "valid-memtrack: LeakSanitizer sees a leak only at exit, and a pointer to a node's lost buffer may still be in a register or on the stack"),
    ("1060_shape_single_node_sublist_false.c", "valid-memtrack: LeakSanitizer sees a leak only at exit, and a pointer to the lost sub-list node may still be in a register or on the stack"),
    ("864_clock_gettime_false.c", "the bug needs the time clock_gettime returned, which the harness cannot give"),
    ("815_fopen_unchecked_write_false.c", "the bug needs the VM's read-only file system; a native run may create the file"),
    ("817_threads_bug_before_table_limit_false.c", "the program starts threads, whose schedule the harness cannot give"),
    ("1092_thread_without_prototype_false.c", "the program starts threads, whose schedule the harness cannot give"),
    ("1104_cleanup_handler_at_exit_false.c", "the program starts threads, whose schedule the harness cannot give"),
    ("1141_fesetround_other_thread_false.c", "the program starts threads, whose schedule the harness cannot give"),
    ("787_join_then_detach_false.c", "the native harness runs no program that starts threads"),
    ("1221_errno_is_per_thread_false.c", "the native harness runs no program that starts threads"),
    ("403_thread_creation_loop_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("406_sleep_sets_independent_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("401_racy_peterson_sc_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("305_free_shared_race_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("303_mutex_recursive_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("301_c11_threads_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("270_race_write_read_false.c", "a data race leaves no trace in one native run"),
    ("273_race_atomic_and_plain_false.c", "a data race leaves no trace in one native run"),
    ("276_race_published_heap_false.c", "a data race leaves no trace in one native run"),
    ("277_deadlock_lock_order_false.c", "a deadlock hangs a native run"),
    ("283_semaphore_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("285_barrier_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("287_rwlock_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("289_spinlock_deadlock_false.c", "a deadlock hangs a native run"),
    ("291_thread_specific_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("292_timedlock_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("294_condvar_lost_signal_deadlock_false.c", "a deadlock hangs a native run"),
    ("1223_cond_signal_wakes_one_deadlock_false.c", "a deadlock hangs a native run"),
    ("296_semaphore_deadlock_false.c", "a deadlock hangs a native run"),
    ("298_join_deadlock_false.c", "a deadlock hangs a native run"),
    ("062_malloc_can_fail.c", "the bug needs malloc to fail; native malloc does not"),
    ("981_thread_unlocked_counter_sequential_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("889_unknown_file_opened_false.c", "the bug needs a file the program opens to exist; a native run does not have it"),
    ("583_file_write_refused_false.c", "the bug needs the VM's read-only file system; a native run may create the file"),
    ("593_isatty_terminal_false.c", "the bug needs stdout to be a terminal; a native run has none"),
    ("047_threads.c", "the bug needs one thread schedule; a native run need not take it"),
    ("098_threads_main_locals_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("099_threads_join_result_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("101_threads_input_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("102_threads_condvar_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("120_getrandom_false.c", "the random bytes getrandom returned are not in the trace"),
    ("435_getrandom_symbolic_false.c", "the random bytes getrandom returned are not given by the harness"),
    ("173_memcleanup_global_false.c", "valid-memcleanup: LeakSanitizer does not report memory still reachable at exit"),
    ("175_memcleanup_exit_false.c", "valid-memcleanup: LeakSanitizer does not report memory still reachable at exit"),
    ("1184_memcleanup_lost_in_loop_false.c", "valid-memcleanup: the native check does not confirm memcleanup (LeakSanitizer does not report reachable memory)"),
    ("1186_memcleanup_lost_thread_program_false.c", "valid-memcleanup: the native check does not confirm memcleanup (LeakSanitizer does not report reachable memory)"),
    ("1189_memcleanup_thread_specific_value_false.c", "valid-memcleanup: the native check does not confirm memcleanup (LeakSanitizer does not report reachable memory)"),
    ("1191_memtrack_thread_result_not_taken_false.c", "the program starts threads: the harness cannot give a thread schedule"),
    ("1193_memtrack_thread_argument_dropped_false.c", "the program starts threads: the harness cannot give a thread schedule"),
    ("1195_memtrack_detached_thread_result_false.c", "the program starts threads: the harness cannot give a thread schedule"),
    ("1196_memtrack_pthread_exit_local_false.c", "the program starts threads: the harness cannot give a thread schedule"),
    ("1199_deref_local_of_ended_thread_false.c", "the program starts threads: the harness cannot give a thread schedule"),
    ("179_scope_reentry_undefined_false.c", "the bug needs an uninitialised variable to differ from its last value; -O0 code keeps it"),
    ("189_uninit_char_false.c", "the bug needs the uninitialised char to be 200; its native value is stack garbage"),
    ("1167_bool_uninitialised_may_be_true_false.c", "the bug needs the uninitialised _Bool to be 1; its native value is stack garbage"),
    ("143_div_min_overflow_false.c", "div(INT_MIN, -1) traps inside glibc's div (SIGFPE), which UBSan does not instrument"),
    ("158_pthread_attr_join_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("223_getenv_two_names_false.c", "the bug needs a variable set; the trace does not name it, so the harness cannot set it"),
    ("220_static_empty_reach_error_false.c", "a static reach_error has no symbol the harness can watch"),
    ("1067_shape_unreach_static_error_function_false.c", "a static reach_error has no symbol the harness can watch"),
    ("142_labs_pointer_overflow_false.c", "the overflow happens inside glibc's labs, which UBSan does not instrument"),
    ("254_sym_uninitialised_false.c", "the bug needs the uninitialised int to be 123456; its native value is stack garbage"),
];

/// Programs whose native run depends on what the machine leaves in memory: either answer is
/// right, a contradiction never is.
const MAYBE_NATIVE: [(&str, &str); 4] = [
    (
        "180_uninit_pointer_deref_false.c",
        "the uninitialised pointer's native value is stack garbage: a fault when it is NULL or wild, none when it happens to be valid",
    ),
    (
        "1123_uninitialised_copy_changed_false.c",
        "the bug needs the uninitialised struct's second member above 1000; its native value is stack garbage, which may or may not be",
    ),
    (
        "934_syn_list_free10_keep_last_false.c",
        "valid-memtrack: LeakSanitizer sees a leak only at exit, and whether a pointer to the kept node is still in a register or on the stack depends on the counterexample's list length, which depends on the engine that answers first (a clean-clone CI run of 2026-11-28 confirmed it natively)",
    ),
    (
        "938_syn_list_free10_branch_leak_false.c",
        "valid-memtrack: LeakSanitizer sees a leak only at exit; with n = 10 it sees it, with n = 9 a pointer to the leaked node is still in a register or on the stack, and which n the counterexample has depends on the engine that answers first",
    ),
];

/// Where the check of `case` writes its witness, harness and test case (in `dir`).
pub fn files(case: &super::Case, dir: &Path) -> (PathBuf, PathBuf, PathBuf) {
    let name = case.name();
    (dir.join(format!("{name}.yml")), dir.join(format!("{name}.harness.c")), dir.join(format!("{name}.xml")))
}

/// The options that make `vigil check` write the evidence of `case` into `dir`.
pub fn options(case: &super::Case, dir: &Path) -> Vec<OsString> {
    let (witness, harness, testcase) = files(case, dir);
    let mut v: Vec<OsString> = Vec::new();
    for (flag, path) in [("--witness", witness), ("--harness", harness), ("--testcase", testcase)] {
        v.push(flag.into());
        v.push(path.into());
    }
    v
}

/// Checks the evidence a check of `case` with [`options`] wrote, given its JSON output and exit
/// code.
pub fn check(case: &super::Case, dir: &Path, json: &serde_json::Value, code: Option<i32>) -> Result<(), String> {
    let name = case.name();
    let (witness, harness, testcase) = files(case, dir);
    let native = &json["native"];
    if native["status"] == "contradicted" {
        return Err(format!("{name}: the counterexample does not reproduce natively: {}", native["detail"]));
    }
    if code == Some(0) {
        // true: a correctness witness (corpus.rs validates a synergy proof's invariants), no
        // harness, no test case.
        let w = std::fs::read_to_string(&witness).map_err(|e| format!("{name}: no correctness witness written: {e}"))?;
        vigil_report::correctness::read_invariants(&w).map_err(|e| format!("{name}: bad correctness witness: {e}\n{w}"))?;
        if harness.exists() || testcase.exists() {
            return Err(format!("{name}: harness or test case written although the verdict is true"));
        }
        return Ok(());
    }
    if code != Some(10) {
        // Not (yet) found: nothing to reproduce, and nothing may have been written.
        if witness.exists() || harness.exists() || testcase.exists() {
            return Err(format!("{name}: files written although the verdict is unknown"));
        }
        return Ok(());
    }
    let w = std::fs::read_to_string(&witness).map_err(|e| format!("{name}: no witness written: {e}"))?;
    vigil_report::witness::check_violation_witness(&w).map_err(|e| format!("{name}: bad witness: {e}\n{w}"))?;
    let t = std::fs::read_to_string(&testcase).map_err(|e| format!("{name}: no test case written: {e}"))?;
    if !t.contains("<testcase>") {
        return Err(format!("{name}: bad test case:\n{t}"));
    }
    let h = std::fs::read_to_string(&harness).map_err(|e| format!("{name}: no harness written: {e}"))?;
    if !h.contains("__VERIFIER_nondet_int") {
        return Err(format!("{name}: bad harness:\n{h}"));
    }
    let exception = NOT_NATIVE.iter().any(|(n, _)| *n == name);
    if MAYBE_NATIVE.iter().any(|(n, _)| *n == name) {
        return match native["status"].as_str() {
            Some("confirmed" | "not-confirmed") => Ok(()),
            _ => Err(format!("{name}: native confirmation did not run: {native}")),
        };
    }
    match native["status"].as_str() {
        Some("confirmed") if !exception => Ok(()),
        Some("not-confirmed") if exception => Ok(()),
        Some("confirmed") => Err(format!("{name}: confirmed natively although listed in NOT_NATIVE: remove it there")),
        _ => Err(format!("{name}: not confirmed natively: {native}")),
    }
}
