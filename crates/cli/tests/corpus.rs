//! `vigil check` over every program in `tests/c` that states its expected verdict (headers: see
//! `common/mod.rs`) with the `auto` portfolio; the explicit engine alone on the programs that
//! name no engine and on those it must decide whose portfolio run does not show its answer (see
//! [`runs_alone`]); each symbolic engine alone on the programs it must decide whose portfolio
//! answer it did not give.
//!
//! For every program: a `true` or `false` answer must be the expected one (vigil is never wrong),
//! every `false` carries a replayed counterexample that ends in the violation, and the engines
//! named in `// decide:` (`explicit`, `auto`) answer exactly the expectation. The portfolio run
//! of a program that expects `false` also writes and checks its evidence (`common/evidence.rs`),
//! its native confirmation included; the other runs skip native confirmation, so that a wrong
//! `false` shows as one instead of being caught by it. A synergy proof writes a correctness
//! witness that vigil validates.
//!
//! `VIGIL_CORPUS_TIMES=FILE` appends each run's time to FILE (where the corpus's time goes).

mod common;
#[path = "common/evidence.rs"]
mod evidence;

use common::Case;
use std::path::Path;
use std::process::Command;

/// Checks `engine`'s answer on `case`; with `evidence`, the witness, harness and test case it
/// writes there too. Returns the engine that answered (the portfolio names the one it took).
fn run(case: &Case, engine: &str, evidence: Option<&Path>) -> Result<String, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vigil"));
    // The portfolio gets a shorter budget where nothing must be decided: its unknowns are the slow
    // cases, and they stay unknown; the engines' budget where a `decide` engine must answer (three
    // engines share the cores, and the tests run two programs at once: on a loaded machine 10 s
    // were too little for programs the engine alone decides in 3–9 s); a longer one where it
    // writes evidence, so that slow bugs get their evidence checked.
    let timeout = match (engine, evidence) {
        ("auto", None) if case.decide.is_empty() => "10",
        // (2026-11-29: 1036 and 1236 ran out of 60 s in the portfolio inside the corpus run;
        // alone, 15 and 34 s.)
        ("auto", _) => "120",
        // (An engine that must decide gets room for the machine's load: synergy's longest
        // proofs, 930-933, take 7-9 s alone and 20-30 s at a load of 10; on the 2026-11-28
        // machine 932 alone took 8 s but ran out of 60 s inside the corpus run, and 1036 out of
        // the portfolio's 30 s.)
        (e, _) if case.decide.iter().any(|d| d == e) => "120",
        // An engine run that only checks the answer is not wrong: a short budget. (At 30 s, the
        // explicit engine's runs on programs written for the other engines, which it cannot
        // finish at any budget, were half of the corpus's time, 2026-11-29; those programs are
        // no longer run alone, see `runs_alone`.)
        _ => "5",
    };
    cmd.args(["check", "--engine", engine, "--format", "json", "--timeout", timeout, "--max-states", "200000"]);
    cmd.args(["--max-memory", "1024"]);
    if evidence.is_none() {
        // Native confirmation is checked where the evidence is (the portfolio's run of every
        // program that expects false); each run without it saves a sanitized build.
        cmd.arg("--no-native-confirm");
    }
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
    if let Some(dir) = evidence {
        evidence::check(case, dir, &json, code)?;
    }
    Ok(json["engine"].as_str().unwrap_or("?").to_string())
}

/// Whether the portfolio's run checks the explicit engine's decision of `case`: the explicit
/// engine must decide it, with a `true` or `false` (an expected unknown's cause is the explicit
/// engine's own). The portfolio answers such a program with the explicit engine nearly always;
/// when another engine answers first, the explicit engine then runs alone
/// ([`auto_portfolio_is_never_wrong_on_the_corpus`]).
fn decided_through_the_portfolio(case: &Case) -> bool {
    case.decide.iter().any(|d| d == "explicit") && !case.expect.starts_with("unknown")
}

/// Whether the explicit engine runs alone on `case` in
/// [`explicit_engine_is_never_wrong_on_the_corpus_and_decides_what_it_must`]: the programs that
/// name no engine (the explicit engine's semantics of C and libc, with a short budget) and those
/// it must decide that the portfolio's run does not check. Programs written for another engine
/// (loops over arrays for synergy, lists for shape) are left to that engine's run and the
/// portfolio's, which runs the explicit engine on them too: alone, it answered almost none of
/// them within its short budget, at a sixth of the corpus's time (2026-11-29).
fn runs_alone(case: &Case) -> bool {
    (case.decide.is_empty() || case.decide.iter().any(|d| d == "explicit")) && !decided_through_the_portfolio(case)
}

/// The corpus tests run one at a time, each with two programs at once: three of them side by
/// side ran a dozen engine threads on two cores, and programs an engine decides in 15–35 s
/// alone ran out of their budget (CI, 2026-11-29).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn explicit_engine_is_never_wrong_on_the_corpus_and_decides_what_it_must() {
    let cases = common::cases();
    let all = !common::is_restricted();
    assert!(!all || cases.len() >= 50, "expected at least 50 programs with expectations, found {}", cases.len());
    assert!(!all || cases.iter().filter(|c| c.decide.iter().any(|d| d == "explicit")).count() >= 10);
    // The programs the explicit engine must decide with true or false are checked through the
    // portfolio's run (a second run of the same engine on them was a third of the corpus's time).
    let alone: Vec<Case> = cases.into_iter().filter(runs_alone).collect();
    let _one = one_at_a_time();
    let failures = common::in_parallel(&alone, |c| run(c, "explicit", None).map(drop));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The symbolic engines a program names in `// decide:`.
const SYMBOLIC: [&str; 3] = ["synergy", "static", "shape"];

/// Whether `case` expects a proof that synergy must give (its witness is then validated).
fn synergy_proves(case: &Case) -> bool {
    case.expect == "true" && case.decide.iter().any(|d| d == "synergy")
}

/// `vigil check --validate-witness` on the correctness witness of `case` written in `dir`: every
/// loop invariant in it must be inductive.
fn validate_witness(case: &Case, dir: &Path, engine: &str) -> Result<(), String> {
    let (witness, _, _) = evidence::files(case, dir);
    let out = Command::new(env!("CARGO_BIN_EXE_vigil"))
        .arg("check")
        .arg("--validate-witness")
        .arg(&witness)
        .args(case.options())
        .arg(&case.path)
        .output()
        .map_err(|err| format!("cannot run vigil: {err}"))?;
    match out.status.code() {
        Some(0) => Ok(()),
        _ => Err(format!(
            "{} [{engine}]: witness not validated:\n{}{}",
            case.name(),
            String::from_utf8_lossy(&out.stdout),
            std::fs::read_to_string(&witness).unwrap_or_default()
        )),
    }
}

/// The portfolio decides everything any single engine must decide, and is never wrong; on the
/// programs that expect `false`, every `false` answer has a valid witness, harness and test case
/// and is confirmed natively (`common/evidence.rs`).
///
/// Each engine named in `// decide:` must decide the program alone: shown by the portfolio's
/// answer when that engine gave it, else by a run of the engine alone. A synergy proof's
/// correctness witness is validated (its invariants inductive).
#[test]
fn auto_portfolio_is_never_wrong_on_the_corpus() {
    let cases = common::cases();
    let falses = cases.iter().filter(|c| c.expect.starts_with("false")).count();
    assert!(common::is_restricted() || falses >= 15, "expected at least 15 programs expecting false, found {falses}");
    let symbolic = cases.iter().filter(|c| c.decide.iter().any(|d| SYMBOLIC.contains(&d.as_str()))).count();
    assert!(common::is_restricted() || symbolic >= 4, "expected programs decided by the symbolic engines");
    let dir = tempfile::tempdir().expect("temp dir");
    let _one = one_at_a_time();
    let failures = common::in_parallel(&cases, |c| {
        let with_evidence = c.expect.starts_with("false") || synergy_proves(c);
        let engine = run(c, "auto", with_evidence.then_some(dir.path()))?;
        // The explicit engine's decision, when another engine answered first.
        if decided_through_the_portfolio(c) && engine != "explicit" {
            run(c, "explicit", None)?;
        }
        for e in c.decide.iter().filter(|d| SYMBOLIC.contains(&d.as_str())) {
            match (e.as_str() == engine, e == "synergy" && synergy_proves(c)) {
                (true, true) => validate_witness(c, dir.path(), "auto")?,
                (true, false) => {}
                (false, proof) => {
                    // Each engine's files in a folder of its own.
                    let own = dir.path().join(e);
                    std::fs::create_dir_all(&own).map_err(|err| format!("{}: {err}", c.name()))?;
                    run(c, e, proof.then_some(own.as_path()))?;
                    if proof {
                        validate_witness(c, &own, e)?;
                    }
                }
            }
        }
        Ok(())
    });
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
    opts.whole_runtime = true;
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
