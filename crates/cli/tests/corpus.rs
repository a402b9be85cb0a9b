//! `vigil check` over every program in `tests/c` that states its expected verdict (headers: see
//! `common/mod.rs`), once with the explicit engine alone and once with the `auto` portfolio.
//!
//! For every program: a `true` or `false` answer must be the expected one (vigil is never wrong),
//! every `false` carries a replayed counterexample that ends in the violation, and the engines
//! named in `// decide:` (`explicit`, `auto`) answer exactly the expectation. The portfolio run
//! of a program that expects `false` also writes and checks its evidence (`common/evidence.rs`).

mod common;
#[path = "common/evidence.rs"]
mod evidence;

use common::Case;
use std::path::Path;
use std::process::Command;

/// Checks `engine`'s answer on `case`; with `evidence`, the witness, harness and test case it
/// writes there too.
fn run(case: &Case, engine: &str, evidence: Option<&Path>) -> Result<(), String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vigil"));
    // The portfolio gets a shorter budget where nothing must be decided: its unknowns are the slow
    // cases, and they stay unknown; the engines' budget where a `decide` engine must answer (three
    // engines share the cores, and the tests run two programs at once: on a loaded machine 10 s
    // were too little for programs the engine alone decides in 3–9 s); a longer one where it
    // writes evidence, so that slow bugs get their evidence checked.
    let timeout = match (engine, evidence) {
        ("auto", None) if case.decide.is_empty() => "10",
        ("auto", None) => "60",
        ("auto", Some(_)) => "60",
        // (An engine that must decide gets room for the machine's load: synergy's longest
        // proofs, 930-933, take 7-9 s alone and 20-30 s at a load of 10; on the 2026-11-28
        // machine 932 alone took 8 s but ran out of 60 s inside the corpus run, and 1036 out of
        // the portfolio's 30 s.)
        (e, _) if case.decide.iter().any(|d| d == e) => "120",
        // An engine run that only checks the answer is not wrong: a short budget. Most such runs
        // are the explicit engine on programs written for the other engines (loops over large
        // arrays, unbounded lists), which it cannot finish at any budget; at 30 s they were half
        // of the corpus's time (2026-11-29: 55 of 310 ran out, 1668 of 2210 s); at 5 s it answers
        // a dozen of them no more (each is still decided by the engine its header names).
        _ => "5",
    };
    cmd.args(["check", "--engine", engine, "--format", "json", "--timeout", timeout, "--max-states", "200000"]);
    cmd.args(["--max-memory", "1024"]);
    if let Some(dir) = evidence {
        cmd.args(evidence::options(case, dir));
    }
    cmd.args(case.options()).arg(&case.path);
    let started = std::time::Instant::now();
    let out = cmd.output().map_err(|e| format!("cannot run vigil: {e}"))?;
    let name = format!("{} [{engine}]", case.name());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("{name}: output is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))?;
    let verdict = json["verdict"].as_str().unwrap_or("?");
    common::log_time(&case.name(), engine, started.elapsed(), verdict);
    let answer = match verdict {
        "false" => format!("false({})", json["property"].as_str().unwrap_or("?")),
        other => other.to_string(),
    };
    let code = out.status.code();
    match verdict {
        "true" | "false" if answer != case.expect => {
            return Err(format!("{name}: WRONG ANSWER {answer}, expected {} (engine {})", case.expect, json["engine"]));
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
    let must_decide = case.decide.iter().any(|d| d == engine) || (engine == "auto" && !case.decide.is_empty());
    // `expect: unknown(WHY)`: vigil's semantics leave the program without a verdict (undefined
    // behaviour outside the property); an engine that must decide answers unknown naming WHY.
    let decided = match case.expect.strip_prefix("unknown(").and_then(|r| r.strip_suffix(')')) {
        Some(why) => verdict == "unknown" && json["reason"].as_str().unwrap_or("").contains(why),
        None => answer == case.expect,
    };
    if must_decide && !decided {
        return Err(format!("{name}: expected a decision {}, got {answer} ({})", case.expect, json["reason"]));
    }
    // `unknown: CAUSE`: the unknown of an engine that must decide (of the explicit engine when
    // `decide` names none) has that cause.
    let must_have_cause = must_decide || (case.decide.is_empty() && engine == "explicit");
    if let (Some(pattern), true) = (&case.unknown, must_have_cause) {
        let cause = json["cause"].as_str().and_then(|c| vigil_ir::unknown::Cause::from_name(c.split_once(':')?.1));
        if !cause.is_some_and(|c| c.matches(pattern)) {
            return Err(format!("{name}: expected unknown with cause {pattern}, got {answer} ({}, cause {})", json["reason"], json["cause"]));
        }
    }
    match evidence {
        Some(dir) => evidence::check(case, dir, &json, code),
        None => Ok(()),
    }
}

#[test]
fn explicit_engine_is_never_wrong_on_the_corpus_and_decides_what_it_must() {
    let cases = common::cases();
    let all = !common::is_restricted();
    assert!(!all || cases.len() >= 50, "expected at least 50 programs with expectations, found {}", cases.len());
    assert!(!all || cases.iter().filter(|c| c.decide.iter().any(|d| d == "explicit")).count() >= 10);
    let failures = common::in_parallel(&cases, |c| run(c, "explicit", None));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The portfolio decides everything any single engine must decide, and is never wrong; on the
/// programs that expect `false`, every `false` answer has a valid witness, harness and test case
/// and is confirmed natively (`common/evidence.rs`).
#[test]
fn auto_portfolio_is_never_wrong_on_the_corpus() {
    let cases = common::cases();
    let falses = cases.iter().filter(|c| c.expect.starts_with("false")).count();
    assert!(common::is_restricted() || falses >= 15, "expected at least 15 programs expecting false, found {falses}");
    let dir = tempfile::tempdir().expect("temp dir");
    let failures = common::in_parallel(&cases, |c| run(c, "auto", c.expect.starts_with("false").then_some(dir.path())));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The VM's flags, control operations and registers and the fault codes are defined from
/// `vigil_runtime::consts`, which its unit test checks against `vigil_vm.h`. Checked here: every
/// fault kind has its own `VM_FAULT_*` code, every code of the header is some kind's, and what
/// the runtime raises comes back as the same kind.
#[test]
fn fault_kinds_and_the_runtime_header_codes_are_one_to_one() {
    use vigil_runtime::consts as rt;
    use vigil_vm::FaultKind as F;
    let kinds = [
        F::Assert,
        F::InvalidFree,
        F::Leak,
        F::NullDeref,
        F::OutOfBounds,
        F::UseAfterFree,
        F::InvalidPointer,
        F::WriteToConstant,
        F::DivByZero,
        F::DivOverflow,
        F::SignedOverflow,
        F::Undefined("x"),
        F::Unreachable,
        F::BadCall,
        F::UnknownFunction("f".into()),
        F::BadHypercall("x"),
        F::InvalidArgument("x"),
        F::Unsupported("x".into()),
        F::OverlappingCopy("x"),
        F::VaArgBeyondArguments,
        F::Deadlock,
        F::DataRace,
        F::ObjectTooLarge,
    ];
    let mut codes: Vec<i64> = kinds.iter().map(|k| k.code() as i64).collect();
    codes.sort();
    let mut header: Vec<i64> = rt::ALL.iter().filter(|(n, _)| n.starts_with("VM_FAULT_")).map(|c| c.1).collect();
    header.sort();
    assert_eq!(codes, header, "the fault kinds' codes and the header's VM_FAULT_* codes");
    let raised = [rt::VM_FAULT_ASSERT, rt::VM_FAULT_INVALID_FREE, rt::VM_FAULT_NULL_DEREF, rt::VM_FAULT_OUT_OF_BOUNDS,
        rt::VM_FAULT_USE_AFTER_FREE, rt::VM_FAULT_INVALID_POINTER, rt::VM_FAULT_DIV_BY_ZERO, rt::VM_FAULT_DIV_OVERFLOW,
        rt::VM_FAULT_SIGNED_OVERFLOW, rt::VM_FAULT_OVERLAP, rt::VM_FAULT_DEADLOCK, rt::VM_FAULT_INVALID_ARG, rt::VM_FAULT_UNSUPPORTED];
    for code in raised {
        assert_eq!(F::from_runtime_code(code as u64).code() as i64, code, "code {code} raised by the runtime");
    }
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
    // Every input function vigil knows the type of (the engines and the harness read them all).
    for n in &vigil_ir::svcomp::NONDET {
        let f = n.name();
        assert!(m.function_by_name(&f).is_some_and(|id| !m.function(id).is_declaration()), "runtime defines {f}");
    }
}

/// Programs written for the symbolic engines: each engine named in `// decide:` answers alone.
#[test]
fn symbolic_engines_decide_their_programs() {
    let runs: Vec<(Case, String)> = common::cases()
        .into_iter()
        .flat_map(|c| {
            let engines: Vec<String> = c.decide.iter().filter(|d| ["synergy", "static", "shape"].contains(&d.as_str())).cloned().collect();
            engines.into_iter().map(move |e| (Case { decide: vec![e.clone()], ..c.clone() }, e))
        })
        .collect();
    assert!(common::is_restricted() || runs.len() >= 4, "expected programs decided by the symbolic engines");
    let failures = common::in_parallel(&runs, |(c, e)| run(c, e, None));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
