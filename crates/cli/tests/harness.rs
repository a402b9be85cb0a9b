//! Evidence round trip: for every program of `tests/c` on which `vigil check` answers `false`,
//! the violation witness it writes passes the format check, and the C harness it writes,
//! compiled natively with the program under AddressSanitizer and UndefinedBehaviorSanitizer,
//! reproduces the violation (the run fails).

mod common;

use std::process::Command;

/// Programs whose bug cannot show natively, with the reason. A counterexample that depends on the
/// value of uninitialised memory (the VM chooses it, see vigil_vm::machine, "Uninitialised
/// values") cannot be forced on a native run: the harness only gives the `__VERIFIER_nondet_*`
/// inputs, and the native value is whatever the stack or the allocator left there.
const NOT_NATIVE: [(&str, &str); 11] = [
    ("062_malloc_can_fail.c", "the bug needs malloc to fail; native malloc does not"),
    ("075_empty_reach_error.c", "reach_error has an empty body: reaching it is silent natively"),
    ("047_threads.c", "the bug needs one thread schedule; a native run need not take it"),
    ("098_threads_main_locals_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("102_threads_condvar_false.c", "the bug needs one thread schedule; a native run need not take it"),
    ("173_memcleanup_global_false.c", "valid-memcleanup: LeakSanitizer does not report memory still reachable at exit"),
    ("175_memcleanup_exit_false.c", "valid-memcleanup: LeakSanitizer does not report memory still reachable at exit"),
    ("179_scope_reentry_undefined_false.c", "the bug needs an uninitialised variable to differ from its last value; -O0 code keeps it"),
    ("180_uninit_pointer_deref_false.c", "the uninitialised pointer's native value is stack garbage, which may be a valid address"),
    ("189_uninit_char_false.c", "the bug needs the uninitialised char to be 200; its native value is stack garbage"),
    ("142_labs_pointer_overflow_false.c", "the overflow happens inside glibc's labs, which UBSan does not instrument"),
];

fn round_trip(case: &common::Case, dir: &std::path::Path) -> Result<(), String> {
    let name = case.name();
    let (witness, harness, testcase) =
        (dir.join(format!("{name}.yml")), dir.join(format!("{name}.harness.c")), dir.join(format!("{name}.xml")));
    let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
        .args(["check", "--timeout", "60", "--max-states", "200000", "--max-memory", "1024"])
        .args(case.options())
        .arg("--witness")
        .arg(&witness)
        .arg("--harness")
        .arg(&harness)
        .arg("--testcase")
        .arg(&testcase)
        .arg(&case.path)
        .output()
        .map_err(|e| format!("cannot run vigil: {e}"))?;
    if out.status.code() != Some(10) {
        // Not (yet) found: nothing to reproduce, and nothing may have been written.
        if witness.exists() || harness.exists() || testcase.exists() {
            return Err(format!("{name}: files written although the verdict is not false"));
        }
        return Ok(());
    }
    let w = std::fs::read_to_string(&witness).map_err(|e| format!("{name}: no witness written: {e}"))?;
    vigil_report::witness::check_violation_witness(&w).map_err(|e| format!("{name}: bad witness: {e}\n{w}"))?;
    let t = std::fs::read_to_string(&testcase).map_err(|e| format!("{name}: no test case written: {e}"))?;
    if !t.contains("<testcase>") {
        return Err(format!("{name}: bad test case:\n{t}"));
    }
    if NOT_NATIVE.iter().any(|(n, _)| *n == name) {
        return Ok(());
    }
    let exe = dir.join(format!("{name}.exe"));
    let cc = Command::new(std::env::var("VIGIL_CLANG").unwrap_or_else(|_| "clang-19".into()))
        .args(["-g", "-w", "-Wno-implicit-function-declaration", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"])
        .args(case.flags.iter().filter(|f| *f == "--m32").map(|_| "-m32"))
        .arg(&case.path)
        .arg(&harness)
        .arg("-o")
        .arg(&exe)
        .arg("-lpthread")
        .output()
        .map_err(|e| format!("cannot run clang: {e}"))?;
    if !cc.status.success() {
        return Err(format!("{name}: harness does not compile: {}", String::from_utf8_lossy(&cc.stderr)));
    }
    let run = Command::new(&exe).env("ASAN_OPTIONS", "detect_leaks=1").output().map_err(|e| format!("{name}: cannot run: {e}"))?;
    let stderr = String::from_utf8_lossy(&run.stderr);
    let reproduced = !run.status.success()
        && ["reach_error", "Assertion", "AddressSanitizer", "LeakSanitizer", "runtime error", "__VERIFIER_error"]
            .iter()
            .any(|m| stderr.contains(m));
    if !reproduced {
        return Err(format!("{name}: the harness does not reproduce the bug natively (exit {:?}):\n{stderr}", run.status.code()));
    }
    Ok(())
}

#[test]
fn every_false_answer_has_a_valid_witness_and_a_harness_that_reproduces_it_natively() {
    let cases: Vec<common::Case> = common::cases().into_iter().filter(|c| c.expect.starts_with("false")).collect();
    assert!(cases.len() >= 15, "expected at least 15 programs expecting false, found {}", cases.len());
    let dir = tempfile::tempdir().expect("temp dir");
    let failures = common::in_parallel(&cases, |c| round_trip(c, dir.path()));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
