//! End-to-end tests of native confirmation (`vigil check` confirms every `false` by compiling the
//! program with its harness under the sanitizers and running it) and of the compile settings a
//! saved counterexample records.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vigil() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vigil"))
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c").join(name)
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&o.stdout)))
}

#[test]
fn a_false_is_confirmed_natively_in_text_and_json_and_can_be_switched_off() {
    let o = vigil().args(["check", "--timeout", "30"]).arg(corpus("075_empty_reach_error.c")).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(o.status.code(), Some(10), "{out}");
    // The program defines reach_error with an empty body: the harness still sees the call.
    assert!(lines[lines.len() - 2].starts_with("confirmed natively: reach_error() reached"), "{out}");
    let o = vigil().args(["check", "--format", "json", "--property", "valid-memsafety"]).arg(corpus("046_use_after_free.c")).output().expect("run");
    let j = json(&o);
    assert_eq!(j["verdict"], "false");
    assert_eq!(j["native"]["status"], "confirmed", "{j}");
    assert!(j["native"]["detail"].as_str().is_some_and(|d| d.contains("heap-use-after-free")), "{j}");
    assert!(j["native"]["time_s"].as_f64().is_some());
    let o = vigil()
        .args(["check", "--format", "json", "--no-native-confirm", "--property", "valid-memsafety"])
        .arg(corpus("046_use_after_free.c"))
        .output()
        .expect("run");
    let j = json(&o);
    assert_eq!(j["verdict"], "false");
    assert!(j["native"].is_null(), "{j}");
    // A true is not confirmed natively: the field is null.
    let o = vigil().args(["check", "--format", "json"]).arg(corpus("007_nested_loops.c")).output().expect("run");
    assert!(json(&o)["native"].is_null());
}

#[test]
fn inputs_the_harness_cannot_give_are_named() {
    let o = vigil().args(["check", "--timeout", "30"]).arg(corpus("120_getrandom_false.c")).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(10), "{out}");
    assert!(out.contains("not confirmed natively: the harness cannot give random bytes from getrandom"), "{out}");
}

/// A clang that behaves like clang-19 except when it builds a binary of native confirmation (not
/// the front end's bitcode, `-emit-llvm`): then it defines NATIVE_PLATFORM, so the program
/// behaves differently natively — with and without the sanitizers — a stand-in for a model of C
/// or libc that is wrong.
fn two_faced_clang(dir: &Path) -> PathBuf {
    let real = std::env::var("VIGIL_CLANG").unwrap_or_else(|_| "clang-19".into());
    let path = dir.join("clang-two-faced");
    let script = format!(
        "#!/bin/sh\ncase \"$*\" in\n  *-emit-llvm*) exec {real} \"$@\" ;;\n  *) exec {real} -DNATIVE_PLATFORM \"$@\" ;;\nesac\n"
    );
    std::fs::write(&path, script).expect("write script");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// `prog.c` with `src` in a new temporary directory.
fn program(src: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let prog = dir.path().join("prog.c");
    std::fs::write(&prog, src).expect("write");
    (dir, prog)
}

#[test]
fn a_counterexample_that_does_not_reproduce_natively_is_unknown_and_loud() {
    let (dir, prog) = program(
        "#ifdef NATIVE_PLATFORM\nint platform = 1;\n#else\nint platform = 0;\n#endif\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 0 && platform == 0) reach_error();\n  return 0;\n}\n",
    );
    let clang = two_faced_clang(dir.path());
    let cex = dir.path().join("cex.json");
    let o = vigil()
        .args(["check", "--format", "json", "--timeout", "30", "--clang"])
        .arg(&clang)
        .arg("--counterexample")
        .arg(&cex)
        .arg(&prog)
        .output()
        .expect("run");
    let j = json(&o);
    assert_eq!(o.status.code(), Some(20), "{j}");
    assert_eq!(j["verdict"], "unknown");
    let reason = j["reason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("counterexample does not reproduce natively: the native run ends without a violation"), "{reason}");
    assert_eq!(j["native"]["status"], "contradicted");
    assert!(j["trace"].as_array().is_some_and(|t| t.is_empty()));
    assert!(!cex.exists(), "no counterexample is saved for an unknown");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("DOES NOT REPRODUCE NATIVELY") && err.contains("VIOLATION"), "{err}");
    // Switched off, the VM's answer stands.
    let o = vigil().args(["check", "--no-native-confirm", "--timeout", "30", "--clang"]).arg(&clang).arg(&prog).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
}

#[test]
fn replay_compiles_the_program_as_the_check_did() {
    // With --no-mem2reg the VM sees x's stack slot; after mem2reg it would see an SSA value, a
    // different program: the replay must recompile without mem2reg, as the check did. (The front
    // end now also declines mem2reg by itself here, since x may be read uninitialised; x is a
    // char, so that the VM explores all its values when it reads it.)
    let (dir, prog) = program(
        "int main(void) {\n  int a[4];\n  int s = 0;\n  for (int i = 0; i < 4; i++) { a[i] = __VERIFIER_nondet_int(); s += a[i]; }\n\
         \x20 unsigned char x;\n  if (s == 3) x = 1;\n  if (x == 7) reach_error();\n  return 0;\n}\n",
    );
    let cex = dir.path().join("cex.json");
    let o = vigil()
        .args(["check", "--engine", "explicit", "--no-mem2reg", "--no-native-confirm", "--timeout", "30", "--counterexample"])
        .arg(&cex)
        .arg(&prog)
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cex).expect("saved")).expect("json");
    assert_eq!(saved["compile"]["mem2reg"], false, "{saved}");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(10), "{out}");
    assert!(out.ends_with("verdict: false(unreach-call)\n"), "{out}");
    let o = vigil().arg("harness").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}
