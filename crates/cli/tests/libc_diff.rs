//! The runtime against glibc: `crates/runtime/tests/native/diff_libc.c` (a table-driven driver
//! that prints, for every case, a library function's inputs, return value, errno and the memory
//! it wrote) is compiled natively with clang-19 against glibc and run, and checked by vigil in its
//! VM, where the runtime is the library; the two outputs must be identical line for line.
//!
//! The default sweep (one seed, a few hundred cases) runs in `make test`; `VIGIL_LONG_DIFF=1`
//! runs a long one (twenty seeds of 60 random cases per table, about five minutes). The native half of the runtime's own tests
//! (`crates/runtime/tests/native.rs`) compiles the runtime for the host; this test needs the
//! `vigil` binary to run the driver in the VM, so it lives with the command-line tests.

use std::path::{Path, PathBuf};
use std::process::Command;

fn driver() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/tests/native/diff_libc.c")
}

fn clang() -> String {
    std::env::var("VIGIL_CLANG").unwrap_or_else(|_| "clang-19".into())
}

/// The driver's output when compiled natively against glibc.
fn native_output(dir: &Path, count: u32, seed: u32) -> Vec<String> {
    let exe = dir.join(format!("diff-{seed}"));
    let cc = Command::new(clang())
        .args(["-O0", "-w", &format!("-DCOUNT={count}"), &format!("-DSEED={seed}")])
        .arg(driver())
        .arg("-lm")
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run clang");
    assert!(cc.status.success(), "native build failed: {}", String::from_utf8_lossy(&cc.stderr));
    // The driver asks `signal` for the previous handlers, which a process inherits: under
    // `nohup` or a non-interactive shell's `&`, SIGHUP and SIGINT come ignored. The VM starts a
    // program with every handler at its default, so the native run must too.
    let mut native = Command::new(&exe);
    // The runtime's local time zone is UTC (time_conv.c), as the native replays of
    // counterexamples run (native.rs): the host's own zone would change localtime and mktime.
    native.env("TZ", "UTC");
    // SAFETY: between fork and exec only `signal`, which is async-signal-safe, is called.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut native, || {
            for sig in 1..32 {
                if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                    libc::signal(sig, libc::SIG_DFL);
                }
            }
            Ok(())
        });
    }
    let run = native.output().expect("run the native driver");
    assert!(run.status.success(), "native driver failed: {}", String::from_utf8_lossy(&run.stderr));
    String::from_utf8_lossy(&run.stdout).lines().map(String::from).collect()
}

/// The driver's output in vigil's VM: the output steps of the counterexample trace.
fn vm_output(count: u32, seed: u32) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
        .args(["check", "--engine", "explicit", "--format", "json", "--timeout", "600"])
        .args(["-D", &format!("COUNT={count}"), "-D", &format!("SEED={seed}"), "-D", "DIFF_IN_VM"])
        .arg(driver())
        .output()
        .expect("run vigil");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("vigil output is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(json["verdict"], "false", "the driver must run to its reach_error: {json}");
    json["trace"]
        .as_array()
        .expect("trace")
        .iter()
        .filter(|s| s["kind"] == "output")
        .map(|s| s["text"].as_str().unwrap_or("").trim_start_matches("  output: ").to_string())
        .collect()
}

fn compare(dir: &Path, count: u32, seed: u32) -> Vec<String> {
    let native = native_output(dir, count, seed);
    assert!(native.len() > 300, "the driver printed only {} lines", native.len());
    assert_eq!(native.last().map(String::as_str), Some("done errno=0"));
    // The VM hands output over at newlines and every 128 bytes: longer lines would be split.
    if let Some(long) = native.iter().find(|l| l.len() >= 120) {
        panic!("driver line too long for a one-piece comparison: {long}");
    }
    let vm = vm_output(count, seed);
    let mut diffs: Vec<String> = native
        .iter()
        .zip(&vm)
        .filter(|(n, v)| n != v)
        .map(|(n, v)| format!("seed {seed}:\n  glibc: {n}\n  vigil: {v}"))
        .collect();
    if native.len() != vm.len() {
        diffs.push(format!("seed {seed}: glibc printed {} lines, vigil {}", native.len(), vm.len()));
    }
    diffs
}

#[test]
fn runtime_agrees_with_glibc() {
    let dir = tempfile::tempdir().expect("temp dir");
    let long = std::env::var_os("VIGIL_LONG_DIFF").is_some_and(|v| v != "0");
    let (seeds, count) = if long { (1..=20, 60) } else { (1..=1, 25) };
    let mut diffs = Vec::new();
    for seed in seeds {
        diffs.extend(compare(dir.path(), count, seed));
    }
    assert!(diffs.is_empty(), "the runtime disagrees with glibc:\n{}", diffs.iter().take(30).cloned().collect::<Vec<_>>().join("\n"));
}
