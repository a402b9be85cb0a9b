//! `vigil check` with the explicit engine over every program in `tests/c` that states its
//! expected verdict.
//!
//! Headers read: `// expect: true | false(SUBPROPERTY)` (the correct answer), `// property: P`
//! (when not unreach-call), `// flags: …` (extra options), `// decide: explicit` (the engine must
//! answer exactly the expectation, not unknown).
//!
//! For every program: a `true` or `false` answer must be the expected one (vigil is never wrong),
//! and every `false` carries a replayed counterexample that ends in the violation.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

struct Case {
    path: PathBuf,
    expect: String,
    property: Option<String>,
    flags: Vec<String>,
    decide: bool,
}

fn header(text: &str, key: &str) -> Option<String> {
    text.lines()
        .take(8)
        .map(|l| l.trim_start_matches(['/', ';', ' ']))
        .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/c")
        .map(|e| e.expect("entry").path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("c" | "ll")))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            let expect = header(&text, "expect:")?;
            Some(Case {
                expect,
                property: header(&text, "property:"),
                flags: header(&text, "flags:").map(|f| f.split_whitespace().map(String::from).collect()).unwrap_or_default(),
                decide: header(&text, "decide:").is_some_and(|d| d.contains("explicit")),
                path,
            })
        })
        .collect()
}

fn run(case: &Case) -> Result<(), String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vigil"));
    cmd.args(["check", "--engine", "explicit", "--format", "json", "--timeout", "30", "--max-states", "200000"]);
    cmd.args(["--max-memory", "1024"]);
    if let Some(p) = &case.property {
        cmd.args(["--property", p]);
    }
    cmd.args(&case.flags).arg(&case.path);
    let out = cmd.output().map_err(|e| format!("cannot run vigil: {e}"))?;
    let name = case.path.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("{name}: output is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))?;
    let verdict = json["verdict"].as_str().unwrap_or("?");
    let answer = match verdict {
        "false" => format!("false({})", json["property"].as_str().unwrap_or("?")),
        other => other.to_string(),
    };
    let code = out.status.code();
    match verdict {
        "true" | "false" if answer != case.expect => {
            return Err(format!("{name}: WRONG ANSWER {answer}, expected {}", case.expect));
        }
        "false" => {
            let trace = json["trace"].as_array().cloned().unwrap_or_default();
            let ends_in_violation = trace.last().is_some_and(|s| s["kind"] == "violation");
            if !ends_in_violation || code != Some(10) {
                return Err(format!("{name}: false without a replayed trace ending in the violation"));
            }
        }
        "true" if code != Some(0) => return Err(format!("{name}: true with exit code {code:?}")),
        "unknown" if code != Some(20) => return Err(format!("{name}: unknown with exit code {code:?}")),
        "true" | "unknown" => {}
        other => return Err(format!("{name}: unexpected verdict {other}")),
    }
    if case.decide && answer != case.expect {
        return Err(format!("{name}: expected the explicit engine to decide {}, got {answer} ({})", case.expect, json["reason"]));
    }
    Ok(())
}

#[test]
fn explicit_engine_is_never_wrong_on_the_corpus_and_decides_what_it_must() {
    let cases = cases();
    assert!(cases.len() >= 50, "expected at least 50 programs with expectations, found {}", cases.len());
    assert!(cases.iter().filter(|c| c.decide).count() >= 10);
    let queue = Mutex::new(cases.iter().collect::<Vec<_>>());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(case) = queue.lock().expect("queue").pop() else { break };
                if let Err(e) = run(case) {
                    failures.lock().expect("failures").push(e);
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn vm_flags_agree_with_the_runtime_header() {
    use vigil_runtime::consts as rt;
    use vigil_vm::machine::{ctl, flags};
    assert_eq!(i64::from(flags::ERROR), rt::VM_FLAG_ERROR);
    assert_eq!(i64::from(flags::CANCEL), rt::VM_FLAG_CANCEL);
    assert_eq!(i64::from(flags::INCOMPLETE), rt::VM_FLAG_INCOMPLETE);
    assert_eq!(i64::from(flags::EXIT), rt::VM_FLAG_EXIT);
    assert_eq!(i64::from(flags::MALLOC_CAN_FAIL), rt::VM_FLAG_MALLOC_CAN_FAIL);
    assert_eq!(i64::from(flags::ATOMIC), rt::VM_FLAG_ATOMIC);
    assert_eq!(ctl::GET_FLAGS as i64, rt::VM_CTL_GET_FLAGS);
    assert_eq!(ctl::SET_FLAGS as i64, rt::VM_CTL_SET_FLAGS);
    assert_eq!(ctl::CLEAR_FLAGS as i64, rt::VM_CTL_CLEAR_FLAGS);
    assert_eq!(ctl::FAULT as i64, rt::VM_CTL_FAULT);
    assert_eq!(ctl::NONDET_RANGE as i64, rt::VM_CTL_NONDET_RANGE);
    assert_eq!(ctl::TRACING as i64, rt::VM_CTL_TRACING);
}

#[test]
fn the_runtime_lowers_without_unsupported_constructs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let main = dir.path().join("main.c");
    std::fs::write(&main, "int main(void) { return 0; }\n").expect("write");
    let mut opts = vigil_frontend::FrontendOptions::default();
    opts.runtime = Some(vigil_runtime::RUNTIME_BC);
    let m = vigil_frontend::load(&[main], &opts).expect("program with runtime lowers");
    let listed: Vec<String> = m.unsupported.iter().map(|u| u.construct.clone()).collect();
    assert!(listed.is_empty(), "unsupported constructs in the runtime: {listed:?}");
    for f in ["malloc", "free", "printf", "strlen", "reach_error", "__VERIFIER_nondet_int", "exit"] {
        assert!(m.function_by_name(f).is_some_and(|id| !m.function(id).is_declaration()), "runtime defines {f}");
    }
}
