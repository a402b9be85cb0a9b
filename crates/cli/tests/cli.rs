//! End-to-end tests of the `vigil` binary: the output contract and bad input.
//!
//! Bad input must end in exit code 2 with a one-line reason on stderr (compile errors add
//! clang's diagnostics after that line), never in a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vigil() -> Command {
    Command::new(env!("CARGO_BIN_EXE_vigil"))
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c").join(name)
}

fn scratch(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("write scratch file");
    (dir, path)
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_usage_error(o: &Output, needle: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "expected exit 2, stderr:\n{err}");
    assert!(!err.contains("panicked"), "vigil panicked:\n{err}");
    let first = err.lines().next().unwrap_or_default();
    assert!(first.starts_with("vigil "), "first line should name vigil: {first:?}");
    assert!(first.contains(needle), "first line {first:?} should mention {needle:?}");
}

#[test]
fn check_prints_the_verdict_line_and_exit_code() {
    // Decided true, decided false (with a trace), and unknown (sampled inputs): lines and codes.
    // The explicit engine keeps the int input symbolic by default and finds the one bad value;
    // with enumeration of samples instead (`--symbolic never`) it must not say true.
    for (prog, engine, symbolic, line, code) in [
        ("007_nested_loops.c", "auto", "auto", "verdict: true", 0),
        ("010_function_pointers.c", "auto", "auto", "verdict: false(unreach-call)", 10),
        ("061_incomplete_not_true.c", "auto", "auto", "verdict: false(unreach-call)", 10),
        ("061_incomplete_not_true.c", "explicit", "auto", "verdict: false(unreach-call)", 10),
        ("061_incomplete_not_true.c", "explicit", "never", "verdict: unknown(input domain not enumerated)", 20),
    ] {
        let o = vigil()
            .args(["check", "--timeout", "20", "--engine", engine, "--symbolic", symbolic])
            .arg(corpus(prog))
            .output()
            .expect("run vigil");
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(out.lines().last(), Some(line), "{prog} stdout:\n{out}");
        assert_eq!(o.status.code(), Some(code), "{prog}");
        if code == 10 {
            assert!(out.contains("counterexample (replayed):") && out.contains("VIOLATION"), "{out}");
        }
    }
}

#[test]
fn check_json_has_the_contract_fields() {
    let o = vigil()
        .args(["check", "--format", "json", "--property", "valid-memsafety"])
        .arg(corpus("015_heap_malloc.c"))
        .output()
        .expect("run vigil");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("stdout is one JSON object");
    for k in ["verdict", "property", "engine", "reason", "trace", "stats", "time_s"] {
        assert!(v.get(k).is_some(), "missing field {k} in {v}");
    }
    assert_eq!(v["property"], "valid-memsafety");
    assert_eq!(v["verdict"], "true");
    assert_eq!(v["engine"], "explicit");
    assert!(v["stats"]["states"].as_u64().is_some_and(|n| n > 0));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn property_files_are_read() {
    let (_d, prp) = scratch("unreach-call.prp", b"CHECK( init(main()), LTL(G ! call(reach_error())) )\n");
    let o = vigil()
        .args(["check", "--format", "json", "--timeout", "10", "--property"])
        .arg(&prp)
        .arg(corpus("006_loop_phi.c"))
        .output()
        .expect("run vigil");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["property"], "unreach-call");
}

#[test]
fn syntax_error_gives_exit_2_and_clang_diagnostics() {
    let (_d, c) = scratch("broken.c", b"int main(void) { return 0 }\n");
    let o = vigil().arg("check").arg(&c).output().expect("run vigil");
    assert_usage_error(&o, "does not compile");
    assert!(stderr(&o).contains("error:"), "clang's diagnostics should follow");
}

#[test]
fn binary_file_gives_exit_2() {
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
    let (_d, c) = scratch("noise.c", &bytes);
    let o = vigil().arg("ir").arg(&c).output().expect("run vigil");
    assert_usage_error(&o, "does not compile");
}

#[test]
fn corrupt_bitcode_gives_exit_2() {
    let mut bytes = b"BC\xC0\xDE".to_vec();
    bytes.extend((0..512u32).map(|i| (i * 7 + 3) as u8));
    let (_d, bc) = scratch("corrupt.bc", &bytes);
    let o = vigil().arg("check").arg(&bc).output().expect("run vigil");
    assert_usage_error(&o, "invalid LLVM bitcode");
}

#[test]
fn truncated_bitcode_gives_exit_2() {
    // A real bitcode file cut in half.
    let dir = tempfile::tempdir().expect("temp dir");
    let bc = dir.path().join("whole.bc");
    let status = Command::new(vigil_frontend::ToolPaths::discover(None).clang)
        .args(["-c", "-emit-llvm", "-o"])
        .arg(&bc)
        .arg(corpus("006_loop_phi.c"))
        .args(["-include", "stdint.h", "-w", "-Wno-error=implicit-function-declaration"])
        .status()
        .expect("clang runs");
    assert!(status.success());
    let bytes = std::fs::read(&bc).expect("read bc");
    let cut = dir.path().join("cut.bc");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("write");
    let o = vigil().arg("ir").arg(&cut).output().expect("run vigil");
    assert_usage_error(&o, "invalid LLVM bitcode");
}

#[test]
fn empty_bitcode_gives_exit_2() {
    let (_d, bc) = scratch("empty.bc", b"");
    let o = vigil().arg("ir").arg(&bc).output().expect("run vigil");
    assert_usage_error(&o, "empty");
}

#[test]
fn empty_c_file_has_no_main() {
    let (_d, c) = scratch("empty.c", b"");
    let o = vigil().arg("check").arg(&c).output().expect("run vigil");
    assert_usage_error(&o, "no main function");
}

#[test]
fn missing_file_and_unknown_kind_give_exit_2() {
    let o = vigil().args(["check", "/nonexistent/prog.c"]).output().expect("run vigil");
    assert_usage_error(&o, "/nonexistent/prog.c");
    let (_d, t) = scratch("notes.txt", b"hello");
    let o = vigil().arg("check").arg(&t).output().expect("run vigil");
    assert_usage_error(&o, "unknown input kind");
}

#[test]
fn bad_options_give_exit_2() {
    let o = vigil().args(["check", "--property", "bogus"]).arg(corpus("001_arith_signed.c")).output().expect("run");
    assert_usage_error(&o, "unknown property");
    let o = vigil().args(["check", "--timeout=0"]).arg(corpus("001_arith_signed.c")).output().expect("run");
    assert_usage_error(&o, "--timeout");
    let o = vigil().args(["check", "--engine", "magic", "x.c"]).output().expect("run");
    assert_eq!(o.status.code(), Some(2));
    // Budgets too large for the clock are usage errors, not crashes.
    let o = vigil().args(["check", "--timeout", "1e300"]).arg(corpus("001_arith_signed.c")).output().expect("run");
    assert_usage_error(&o, "--timeout");
    let (_d, smt) = scratch("q.smt2", b"(check-sat)\n");
    assert_usage_error(&vigil().args(["smt", "--timeout", "1e300"]).arg(&smt).output().expect("run"), "--timeout");
    let o = vigil().args(["bench", "--memory", "18446744073709551615"]).arg(tasks("printf_trace.yml")).output().expect("run");
    assert_usage_error(&o, "--memory");
    let o = vigil().args(["bench", "--timeout", "inf"]).arg(tasks("printf_trace.yml")).output().expect("run");
    assert_usage_error(&o, "--timeout");
}

#[test]
fn help_and_version() {
    let o = vigil().arg("--help").output().expect("run");
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("check") && text.contains("Exit codes"), "{text}");
    let o = vigil().args(["check", "--help"]).output().expect("run");
    assert!(String::from_utf8_lossy(&o.stdout).contains("verdict:"));
    let o = vigil().arg("--version").output().expect("run");
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("vigil "));
}

#[test]
fn ir_prints_locations_and_lists_unsupported_constructs() {
    let o = vigil().arg("ir").arg(corpus("006_loop_phi.c")).output().expect("run");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("define i32 @main()"), "{out}");
    assert!(out.contains("006_loop_phi.c:7:"), "locations are printed: {out}");
    let o = vigil().arg("ir").arg(corpus("unsupported/long_double.c")).output().expect("run");
    let err = stderr(&o);
    assert!(err.contains("unsupported construct x86_fp80 (long double) arithmetic at") && err.contains("long_double.c:6:"), "{err}");
}

#[test]
fn multiple_inputs_are_linked() {
    let (d, a) = scratch("a.c", b"int helper(int x) { return x + 1; }\n");
    let b = d.path().join("b.c");
    std::fs::write(&b, b"int helper(int);\nint main(void) { return helper(41) != 42; }\n").expect("write");
    let o = vigil().arg("ir").arg(&a).arg(&b).output().expect("run");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("define i32 @helper(") && out.contains("define i32 @main()"), "{out}");
}

#[test]
fn saved_counterexamples_replay_and_tampered_ones_do_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cex = dir.path().join("cex.json");
    let o = vigil().arg("check").arg("--counterexample").arg(&cex).arg(corpus("064_printf_trace.c")).output().expect("run");
    assert_eq!(o.status.code(), Some(10));
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(10), "{out}");
    assert!(out.contains("output: b is 1") && out.ends_with("verdict: false(unreach-call)\n"), "{out}");
    // The other choice does not reach the error: the replay must say so, not claim false.
    let text = std::fs::read_to_string(&cex).expect("read");
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["choices"] = serde_json::json!([[0]]);
    std::fs::write(&cex, v.to_string()).expect("write");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(20), "{}", String::from_utf8_lossy(&o.stdout));
    std::fs::write(&cex, "{\"format\": 3}").expect("write");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_usage_error(&o, "not a vigil counterexample");
}

#[test]
fn saved_counterexamples_replay_under_the_step_limit_of_the_check() {
    // The error follows a loop of some thousands of steps within one transition.
    let src = b"extern void reach_error(void);\nint main(void) {\n    volatile int s = 0;\n    for (int i = 0; i < 2000; i++) s += i;\n    if (s > 0) reach_error();\n    return 0;\n}\n";
    let (dir, prog) = scratch("long_transition.c", src);
    let cex = dir.path().join("cex.json");
    let o = vigil().args(["check", "--engine", "explicit", "-C", "vm.max_steps=1000000", "--counterexample"]).arg(&cex).arg(&prog).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    let mut v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cex).expect("read")).expect("json");
    assert_eq!(v["max_steps"], 1_000_000);
    assert_eq!(vigil().arg("replay").arg(&cex).output().expect("run").status.code(), Some(10));
    // Under a limit the path's transition exceeds, the same choices do not reach the error.
    v["max_steps"] = serde_json::json!(100);
    std::fs::write(&cex, v.to_string()).expect("write");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(20), "{}", String::from_utf8_lossy(&o.stdout));
}

/// A program and a configuration file for it: `check` runs `vigil check --format json --engine
/// ENGINE` on the program with extra options, and `config` is `--config FILE`.
struct Configured {
    dir: tempfile::TempDir,
    prog: PathBuf,
}

impl Configured {
    fn new(name: &str, src: &[u8], toml: &str) -> Configured {
        let (dir, prog) = scratch(name, src);
        std::fs::write(dir.path().join("config.toml"), toml).expect("write");
        Configured { dir, prog }
    }

    fn config(&self) -> Vec<String> {
        vec!["--config".into(), self.dir.path().join("config.toml").to_string_lossy().into_owned()]
    }

    fn check(&self, engine: &str, extra: &[String]) -> serde_json::Value {
        let o = vigil().args(["check", "--format", "json", "--engine", engine]).args(extra).arg(&self.prog).output().expect("run");
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stderr(&o)))
    }

    /// `what` of the engine's JSON answer is `default` without settings, and `set` with the
    /// `settings` given by -C and, separately, by the configuration file.
    fn assert_changes(&self, engine: &str, settings: &[&str], what: impl Fn(&serde_json::Value) -> serde_json::Value, default: serde_json::Value, set: serde_json::Value) {
        let j = self.check(engine, &[]);
        assert_eq!(what(&j), default, "{engine} by default: {j}");
        let by_c: Vec<String> = settings.iter().flat_map(|s| ["-C".to_string(), s.to_string()]).collect();
        for extra in [by_c, self.config()] {
            let j = self.check(engine, &extra);
            assert_eq!(what(&j), set, "{engine} with {extra:?}: {j}");
        }
    }
}

/// A loop over a nondet bound: synergy proves it, and the static engine checks main's one VC.
const LOOP: &[u8] = b"extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n    int i = 0;\n    int n = __VERIFIER_nondet_int();\n    while (i < n) i++;\n    if (i < 0) reach_error();\n    return 0;\n}\n";

/// Ten states for the explicit engine: one per value of i the loop can stop at.
const BOOLS: &[u8] = b"extern void reach_error(void);\nextern _Bool __VERIFIER_nondet_bool(void);\nint main(void) {\n    int i = 0;\n    while (i < 10 && __VERIFIER_nondet_bool()) i++;\n    if (i < 0) reach_error();\n    return 0;\n}\n";

/// The verdict and the cause of an answer.
fn verdict_and_cause(j: &serde_json::Value) -> serde_json::Value {
    serde_json::json!([j["verdict"], j["cause"]])
}

#[test]
fn the_symbolic_engines_take_their_parameters_from_settings_and_files() {
    use serde_json::json;
    let c = Configured::new("loop.c", LOOP, "[synergy]\nmax_iterations = 1\n\n[static]\nmax_unrolled_nodes = 1\n");
    // synergy proves the program by default, and stops at its iteration bound when it is 1.
    c.assert_changes("synergy", &["synergy.max_iterations=1"], verdict_and_cause, json!(["true", null]), json!(["unknown", "limit:iteration-limit"]));
    // The static engine checks main's verification condition by default, and skips main when
    // its unrolled graph may have one node.
    let vcs = |j: &serde_json::Value| json!([j["verdict"], j["stats"]["vcs"]]);
    c.assert_changes("static", &["static.max_unrolled_nodes=1"], vcs, json!(["unknown", 1]), json!(["unknown", 0]));
}

#[test]
fn the_explicit_engine_takes_its_parameters_from_settings_and_files() {
    use serde_json::json;
    let c = Configured::new("bools.c", BOOLS, "[explicit]\nmax_states = 1\n");
    c.assert_changes("explicit", &["explicit.max_states=1"], verdict_and_cause, json!(["true", null]), json!(["unknown", "limit:state-limit"]));
}

#[test]
fn the_portfolio_passes_the_parameters_to_its_engines() {
    use serde_json::json;
    // By default two engines prove the program; bounded to one state and one iteration, neither
    // can, and the static engine never answers true.
    let c = Configured::new("bools.c", BOOLS, "[explicit]\nmax_states = 1\n[synergy]\nmax_iterations = 1\n");
    let limits = |j: &serde_json::Value| {
        let engines = j["stats"]["engines"].as_array().cloned().unwrap_or_default();
        let result = |name: &str| engines.iter().find(|e| e["engine"] == name).map(|e| e["result"].to_string()).unwrap_or_default();
        json!([j["verdict"], result("explicit").contains("state limit"), result("synergy").contains("iteration bound 1")])
    };
    c.assert_changes("auto", &["explicit.max_states=1", "synergy.max_iterations=1"], limits, json!(["true", false, false]), json!(["unknown", true, true]));
}

#[test]
fn every_engine_rejects_bad_parameters_with_the_reason() {
    let (dir, prog) = scratch("bools.c", BOOLS);
    let file = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).expect("write");
        p.to_string_lossy().into_owned()
    };
    let bad_key = file("key.toml", "[static]\nno_such_key = 1\n");
    let bad_value = file("value.toml", "[synergy]\nmax_iterations = 0\n");
    let bad_section = file("section.toml", "[nosuch]\nx = 1\n");
    for engine in ["explicit", "static", "synergy", "auto"] {
        for (extra, needle) in [
            (vec!["-C", "explicit.no_such_key=1"], "unknown parameter 'no_such_key' (see vigil params)"),
            (vec!["-C", "explicit.max_states=zero"], "cannot read 'zero'"),
            (vec!["-C", "vm.max_steps=0"], "outside its range"),
            (vec!["-C", "portfolio.wind_down_ms=-1"], "wind_down_ms"),
            (vec!["-C", "max_states=1"], "expected section.key=value"),
            (vec!["--config", &bad_key], "unknown parameter 'no_such_key'"),
            (vec!["--config", &bad_value], "outside its range"),
            (vec!["--config", &bad_section], "unknown section [nosuch]"),
        ] {
            let o = vigil().args(["check", "--engine", engine]).args(&extra).arg(&prog).output().expect("run");
            assert_usage_error(&o, needle);
        }
    }
}

fn tasks(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/tasks").join(name)
}

#[test]
fn task_files_give_program_property_and_data_model() {
    let o = vigil().args(["check", "--format", "json"]).arg(tasks("invalid_free.yml")).output().expect("run");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(j["verdict"], "false");
    assert_eq!(j["property"], "valid-free");
    assert_eq!(j["stats"]["expected_verdict"], false);
    // --property overrides the task's; an unsupported property is unknown, not an error.
    let o = vigil().args(["check"]).arg(tasks("small_domain_termination.yml")).output().expect("run");
    assert_eq!(o.status.code(), Some(20), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("verdict: unknown(property termination is not supported)"));
}

#[test]
fn malformed_task_files_give_exit_2() {
    let (_d, p) = scratch("bad.yml", b"format_version: '2.0'\ninput_files: [\n");
    assert_usage_error(&vigil().args(["check"]).arg(&p).output().expect("run"), "not a valid SV-COMP task definition");
    let (_d, p) = scratch("nofile.yml", b"format_version: '2.0'\ninput_files: 'missing.c'\nproperties: []\n");
    assert_usage_error(&vigil().args(["check", "--property", "unreach-call"]).arg(&p).output().expect("run"), "missing.c");
    let (_d, p) = scratch("noprop.yml", b"format_version: '2.0'\ninput_files: 'a.c'\nproperties: []\n");
    assert_usage_error(&vigil().args(["check"]).arg(&p).output().expect("run"), "lists no property");
}

#[test]
fn harness_subcommand_writes_a_harness_from_a_saved_counterexample() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cex = dir.path().join("cex.json");
    let o = vigil().args(["check", "--counterexample"]).arg(&cex).arg(corpus("064_printf_trace.c")).output().expect("run");
    assert_eq!(o.status.code(), Some(10));
    let o = vigil().arg("harness").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let h = String::from_utf8_lossy(&o.stdout);
    assert!(h.contains("vigil_inputs[]") && h.contains("__VERIFIER_nondet_int(void)"), "{h}");
    let (_d, bad) = scratch("bad.json", b"{}");
    assert_usage_error(&vigil().arg("harness").arg(&bad).output().expect("run"), "not a vigil counterexample");
}

#[test]
fn bench_scores_the_project_task_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("run.json");
    let mut cmd = vigil();
    cmd.args(["bench", "--jobs", "2", "--timeout", "120", "--json"]).arg(&json);
    for t in std::fs::read_dir(tasks("")).expect("tests/tasks") {
        let p = t.expect("entry").path();
        if p.extension().is_some_and(|e| e == "yml") {
            cmd.arg(p);
        }
    }
    let o = cmd.output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "a wrong answer or an error:\n{out}\n{}", stderr(&o));
    let total = out.lines().find(|l| l.starts_with("TOTAL")).expect("TOTAL row");
    let cols: Vec<&str> = total.split_whitespace().collect();
    // tasks, ok-true, ok-false, wrong-true, wrong-false, unknown, score
    assert_eq!(&cols[1..8], ["8", "3", "4", "0", "0", "1", "10"], "{out}");
    let results: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).expect("json written")).expect("json");
    assert_eq!(results["results"].as_array().map(|a| a.len()), Some(8));
    // Comparing a run with itself shows no differences.
    let o = vigil().args(["bench", "--timeout", "60", "--compare"]).arg(&json).arg(tasks("printf_trace.yml")).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("REGRESSION") && out.contains("1 tasks compared"), "{out}");
}

#[test]
fn synergy_true_prints_its_proof_and_static_writes_sarif() {
    let o = vigil().args(["check", "--engine", "synergy", "--stats"]).arg(corpus("089_countdown_true.c")).output().expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("partition (") && out.contains("iterations:"), "{out}");
    let o = vigil().args(["check", "--format", "sarif", "--property", "valid-memsafety"]).arg(corpus("090_null_deref_wide.c")).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", stderr(&o));
    let log: serde_json::Value = serde_json::from_slice(&o.stdout).expect("SARIF is JSON");
    assert_eq!(log["version"], "2.1.0");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert!(results.iter().any(|r| r["level"] == "error" && r["properties"]["confirmed"] == true), "{log}");
    assert_usage_error(
        &vigil().args(["check", "--format", "sarif", "--engine", "explicit"]).arg(corpus("088_wide_input_false.c")).output().expect("run"),
        "--engine static",
    );
}

#[test]
fn portfolio_names_the_deciding_engine_and_summarises_the_others() {
    let o = vigil().args(["check", "--format", "json"]).arg(corpus("088_wide_input_false.c")).output().expect("run");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(j["verdict"], "false");
    // Every engine finds this bug (the explicit one with symbolic inputs); the first to answer
    // decides, and the summary lists every engine (the shape engine, which checks unreach-call
    // only on programs that allocate, as declined) with the decider's answer.
    let decided = j["engine"].as_str().expect("engine");
    let engines = j["stats"]["engines"].as_array().expect("engine summary");
    let names: Vec<&str> = engines.iter().filter_map(|e| e["engine"].as_str()).collect();
    assert_eq!(names, ["explicit", "synergy", "shape", "static"]);
    let shape = engines.iter().find(|e| e["engine"] == "shape").expect("shape summarised");
    assert!(shape["result"].as_str().is_some_and(|r| r.contains("does not allocate heap memory")), "{j}");
    let decider = engines.iter().find(|e| e["engine"] == decided).expect("the deciding engine is summarised");
    assert_eq!(decider["result"], "false(unreach-call)", "{j}");
    // A property no engine checks yet is unknown, with the reason.
    let o = vigil().args(["check", "--property", "termination"]).arg(corpus("088_wide_input_false.c")).output().expect("run");
    assert_eq!(o.status.code(), Some(20));
    assert!(String::from_utf8_lossy(&o.stdout).contains("not supported"));
}

#[test]
fn counterexamples_of_the_symbolic_engines_keep_their_inputs_and_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cex = dir.path().join("cex.json");
    let o = vigil()
        .args(["check", "--engine", "synergy", "--counterexample"])
        .arg(&cex)
        .arg(corpus("088_wide_input_false.c"))
        .output()
        .expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&cex).expect("saved")).expect("json");
    assert_eq!(saved["inputs"], serde_json::json!([333331]), "{saved}");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    let o = vigil().arg("harness").arg(&cex).output().expect("run");
    assert!(String::from_utf8_lossy(&o.stdout).contains("__VERIFIER_nondet_int = 333331"));
}

#[test]
fn symbolic_counterexamples_of_the_explicit_engine_keep_the_solver_inputs_and_replay() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cex = dir.path().join("cex.json");
    let vcs = dir.path().join("vcs");
    let o = vigil()
        .args(["check", "--engine", "explicit", "--stats", "--dump-vcs"])
        .arg(&vcs)
        .arg("--counterexample")
        .arg(&cex)
        .arg(corpus("088_wide_input_false.c"))
        .output()
        .expect("run");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(10), "{out}");
    assert!(out.contains("__VERIFIER_nondet_int = 333331") && out.contains("solver_queries"), "{out}");
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&cex).expect("saved")).expect("json");
    assert_eq!(saved["wide_inputs"], serde_json::json!([333331]), "{saved}");
    let dumped = std::fs::read_dir(&vcs).expect("queries dumped").count();
    assert!(dumped > 0);
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
}

/// The program's own code is checked for overflow whether or not it has debug information: a
/// `.ll` without any, linked beside C with debug information, is watched too (only vigil's
/// runtime, told apart by its section, is not). 127 × 20,000,000 overflows `int`; 127 ×
/// 2,000,000 does not.
#[test]
fn overflow_is_checked_in_code_without_debug_information() {
    let main = b"extern int scale(int);\nextern char __VERIFIER_nondet_char(void);\n\
int main(void) { signed char c = __VERIFIER_nondet_char(); return scale(c) > 0; }\n";
    let scale = |k: u32| format!("define i32 @scale(i32 %x) {{\n  %r = mul nsw i32 %x, {k}\n  ret i32 %r\n}}\n");
    for (k, verdict) in [(20_000_000, "verdict: false(no-overflow)"), (2_000_000, "verdict: true")] {
        let (dir, c) = scratch("main.c", main);
        let ll = dir.path().join("scale.ll");
        std::fs::write(&ll, scale(k)).expect("write scale.ll");
        let o = vigil().args(["check", "--property", "no-overflow", "--timeout", "30"]).arg(&c).arg(&ll).output().expect("run");
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(out.lines().last(), Some(verdict), "k = {k}:\n{out}\n{}", stderr(&o));
    }
}

#[test]
fn files_given_with_file_are_saved_with_the_counterexample_and_replayed_from_it() {
    let src = b"#include <stdio.h>\nextern void reach_error(void);\nint main(void) {\n    FILE *f = fopen(\"in.txt\", \"r\");\n    if (f && fgetc(f) == 'B') reach_error();\n    return 0;\n}\n";
    let (dir, prog) = scratch("reads_file.c", src);
    let data = dir.path().join("data.txt");
    std::fs::write(&data, b"Bug").expect("write");
    let cex = dir.path().join("cex.json");
    let arg = format!("in.txt={}", data.display());
    let o = vigil().args(["check", "--engine", "explicit", "--file", &arg, "--counterexample"]).arg(&cex).arg(&prog).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&cex).expect("read")).expect("json");
    assert_eq!(v["compile"]["vm_files"][0]["name"], "in.txt");
    assert_eq!(v["compile"]["vm_files"][0]["contents"], "427567");
    // The replay uses the saved bytes, not the host file (which now says something else).
    std::fs::write(&data, b"Fine").expect("write");
    let o = vigil().arg("replay").arg(&cex).output().expect("run");
    assert_eq!(o.status.code(), Some(10), "{}", String::from_utf8_lossy(&o.stdout));
    // Without the file, the open fails in the VM, but a file system holding `in.txt` could
    // let it succeed: no verdict. With other bytes, the program is correct.
    let o = vigil().args(["check", "--engine", "explicit", "--format", "json"]).arg(&prog).output().expect("run");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!((j["verdict"].as_str(), j["cause"].as_str()), (Some("unknown"), Some("incomplete:file-system")), "{j}");
    let o = vigil().args(["check", "--engine", "explicit", "--file", &arg]).arg(&prog).output().expect("run");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
}

#[test]
fn a_bad_file_argument_is_a_usage_error() {
    let o = vigil().args(["check", "--file", "x=/nonexistent/vigil/input"]).arg(corpus("064_printf_trace.c")).output().expect("run");
    assert_usage_error(&o, "cannot read /nonexistent/vigil/input");
    let o = vigil().args(["check", "--file", "=x"]).arg(corpus("064_printf_trace.c")).output().expect("run");
    assert_usage_error(&o, "NAME=PATH");
}

/// A reader that stops early (`vigil ir f.c | head -1`) closes the pipe; vigil then ends by
/// `SIGPIPE` like any Unix filter, without a panic message.
#[test]
fn a_closed_output_pipe_ends_vigil_quietly() {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    // Enough functions that the IR listing is far larger than a pipe's buffer (64 KiB).
    let mut program = String::new();
    for i in 0..400 {
        program.push_str(&format!("int f{i}(int x) {{ return x * {i} + (x >> 3) - {i}; }}\n"));
    }
    program.push_str("int main(void) { return f1(2); }\n");
    let (_dir, path) = scratch("wide.c", program.as_bytes());
    let mut child = vigil()
        .arg("ir")
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run");
    let mut first = [0u8; 16];
    child.stdout.take().expect("stdout").read_exact(&mut first).expect("some output");
    // The read end is dropped here, before vigil has written the rest.
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("stderr");
    let status = child.wait().expect("wait");
    assert!(!err.contains("panicked"), "vigil panicked on a closed pipe:\n{err}");
    const SIGPIPE: i32 = 13; // on Linux
    assert_eq!(status.signal(), Some(SIGPIPE), "status {status:?}, stderr:\n{err}");
}

#[test]
fn a_trace_of_millions_of_steps_keeps_its_ends_and_every_input() {
    // 734: two inputs, one before and one in the middle of a loop of 2^21 iterations, then the
    // violation. The replay's event log leaves the middle's source lines out (it used to keep
    // them all, gigabytes for longer loops) but not the inputs, the violation or the notes.
    let o = vigil().args(["check", "--format", "json", "--engine", "explicit"]).arg(corpus("734_long_loop_trace_false.c")).output().expect("run vigil");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("stdout is one JSON object");
    assert_eq!(v["verdict"], "false", "{}", stderr(&o));
    let trace = v["trace"].as_array().expect("a trace");
    let inputs: Vec<&str> = trace.iter().filter(|s| s["kind"] == "input").filter_map(|s| s["value"].as_str()).collect();
    assert_eq!(inputs, ["__VERIFIER_nondet_int = 3", "__VERIFIER_nondet_int = 5"]);
    assert!(
        trace.iter().any(|s| s["kind"] == "note" && s["text"].as_str().is_some_and(|t| t.contains("location steps left out (a trace this long"))),
        "the replay's log says what it left out"
    );
    assert_eq!(trace.last().expect("steps")["kind"], "violation");
    assert!(trace.len() < 20_000, "the shown trace is bounded: {} steps", trace.len());
}
