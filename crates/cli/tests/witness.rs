//! Correctness witnesses round trip: for every `expect: true` program of the synergy corpus
//! (`crates/synergy/tests/programs` and its templates' variants), `vigil check --engine synergy
//! --witness W` writes a correctness witness and `vigil check --validate-witness W` finds every
//! loop invariant in it inductive (the programs of `tests/c` that synergy must prove get the same
//! round trip in `corpus.rs`, which proves them anyway). A witness whose invariant is changed is
//! refused.

mod common;
#[path = "../../synergy/tests/families.rs"]
mod families;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn vigil(args: &[&str], files: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vigil")).args(args).args(files).output().expect("run vigil")
}

fn tests_c(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/c").join(name)
}

/// Proves `prog` with the synergy engine and writes its witness to `w`.
fn prove(prog: &Path, w: &Path, opts: &[String]) -> Result<(), String> {
    let mut args = vec!["check", "--engine", "synergy", "--timeout", "120", "--witness", w.to_str().unwrap()];
    args.extend(opts.iter().map(String::as_str));
    let out = vigil(&args, &[prog]);
    if out.status.code() != Some(0) {
        return Err(format!("{}: not proved: {}", prog.display(), String::from_utf8_lossy(&out.stdout)));
    }
    Ok(())
}

fn validate(prog: &Path, w: &Path, opts: &[String]) -> (Option<i32>, String) {
    let mut args = vec!["check", "--validate-witness", w.to_str().unwrap()];
    args.extend(opts.iter().map(String::as_str));
    let out = vigil(&args, &[prog]);
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

#[test]
fn every_synergy_proof_gives_a_witness_whose_invariants_are_inductive() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut progs: Vec<(PathBuf, Vec<String>)> = Vec::new();
    // The synergy corpus's plain programs and its templates' variants.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../synergy/tests/programs");
    let variants = families::write_all(&corpus.join("templates"), &dir.path().join("families"));
    let plain = std::fs::read_dir(&corpus).expect("synergy corpus").map(|e| e.expect("entry").path());
    for p in plain.chain(variants) {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        if p.extension().is_some_and(|x| x == "c") && text.lines().any(|l| l.trim() == "// expect: true") {
            progs.push((p, Vec::new()));
        }
    }
    progs.sort();
    assert!(progs.len() >= 10, "too few synergy proofs: {}", progs.len());
    let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    let failures = common::in_parallel(&progs, |(prog, opts)| {
        let w = dir.path().join(format!("{}.yml", name(prog)));
        prove(prog, &w, opts)?;
        let text = std::fs::read_to_string(&w).map_err(|e| format!("{}: {e}", name(prog)))?;
        vigil_report::correctness::read_invariants(&text).map_err(|e| format!("{}: {e}", name(prog)))?;
        match validate(prog, &w, opts) {
            (Some(0), _) => Ok(()),
            (_, out) => Err(format!("{}: witness not validated:\n{out}\n{text}", name(prog))),
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A program of `tests/c` whose synergy proof has one loop invariant, and its witness.
struct OneInvariant {
    dir: tempfile::TempDir,
    prog: PathBuf,
    text: String,
    inv: vigil_report::correctness::InvariantAt,
}

/// Proves `tests/c/NAME` with the synergy engine, checks that its witness has exactly one loop
/// invariant and that the validator finds it inductive and sufficient.
fn prove_with_one_invariant(name: &str) -> OneInvariant {
    let dir = tempfile::tempdir().expect("tempdir");
    let prog = tests_c(name);
    let w = dir.path().join("w.yml");
    prove(&prog, &w, &[]).unwrap();
    let text = std::fs::read_to_string(&w).unwrap();
    let mut invs = vigil_report::correctness::read_invariants(&text).unwrap();
    assert_eq!(invs.len(), 1, "{text}");
    let (code, out) = validate(&prog, &w, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 of 1 invariants inductive; they suffice to prove unreach-call: yes"), "{out}");
    OneInvariant { dir, prog, text, inv: invs.remove(0) }
}

#[test]
fn the_counting_loop_witness_proves_the_program_and_a_changed_one_is_refused() {
    let OneInvariant { dir, prog, text, inv } = prove_with_one_invariant("500_syn_witness_counter_true.c");
    assert_eq!((inv.line, inv.column), (7, 3), "at the `while` keyword");
    // x <= 99 is not inductive (x reaches 100), x <= 101 is but does not exclude the error.
    for (bound, verdict) in [("99", "NOT inductive"), ("101", "suffice to prove unreach-call: no")] {
        let bad = dir.path().join(format!("bad{bound}.yml"));
        assert!(text.contains("100"), "{text}");
        let changed = text.replacen("< 100", &format!("< {bound}"), 1).replacen("== 100u", &format!("== {bound}u"), 1);
        assert_ne!(changed, text);
        std::fs::write(&bad, changed).unwrap();
        let (code, out) = validate(&prog, &bad, &[]);
        assert!(out.contains(verdict), "{bound}: {out}");
        if verdict == "NOT inductive" {
            assert_eq!(code, Some(1), "{out}");
        }
    }
    // A hand-written witness: a plain C invariant over the loop variable.
    let hand = text.replace(&inv.value, "(int)x >= 0 && (int)x <= 100");
    let hw = dir.path().join("hand.yml");
    std::fs::write(&hw, hand).unwrap();
    let (code, out) = validate(&prog, &hw, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("suffice to prove unreach-call: yes"), "{out}");
}

#[test]
fn a_true_from_the_explicit_engine_writes_a_witness_without_invariants() {
    let dir = tempfile::tempdir().expect("tempdir");
    let prog = tests_c("500_syn_witness_counter_true.c");
    let w = dir.path().join("w.yml");
    let out = vigil(&["check", "--engine", "explicit", "--timeout", "60", "--witness", w.to_str().unwrap()], &[&prog]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let text = std::fs::read_to_string(&w).unwrap();
    assert_eq!(vigil_report::correctness::read_invariants(&text).unwrap(), vec![], "{text}");
    assert_eq!(validate(&prog, &w, &[]).0, Some(0));
}

#[test]
fn a_loop_invariant_over_array_cells_is_written_and_checked() {
    let OneInvariant { dir, prog, text, inv } = prove_with_one_invariant("650_syn_witness_array_swap_true.c");
    assert!(inv.value.contains("(unsigned int)a[0]") && inv.value.contains("(unsigned int)a[1]"), "{text}");
    // The sum 13 is not where the loop starts; an index past the array names nothing.
    for (changed, verdict) in [("12u", "NOT inductive"), ("a[1]", "unknown variable 'a[2]'")] {
        let bad_value = if changed == "12u" { inv.value.replace("12u", "13u") } else { inv.value.replace("a[1]", "a[2]") };
        let bad = dir.path().join("bad.yml");
        std::fs::write(&bad, text.replace(&inv.value, &bad_value)).unwrap();
        let (_, out) = validate(&prog, &bad, &[]);
        assert!(out.contains(verdict), "{changed}: {out}");
    }
}

#[test]
fn a_proof_through_procedure_summaries_writes_the_loop_invariants_a_checker_without_them_accepts() {
    // 683: synergy proves the program with a may-summary of the recursive `sum`; the loop head
    // invariant of main does not depend on it, so it is written, and --validate-witness (which
    // knows no summaries) finds it inductive. Before, such proofs wrote no invariant at all.
    let dir = tempfile::tempdir().expect("tempdir");
    let prog = tests_c("683_syn_witness_summary_loop_true.c");
    let w = dir.path().join("w.yml");
    prove(&prog, &w, &[]).unwrap();
    let text = std::fs::read_to_string(&w).unwrap();
    let invs = vigil_report::correctness::read_invariants(&text).unwrap();
    assert_eq!(invs.len(), 1, "{text}");
    assert_eq!(invs[0].line, 12, "at the `while` of main: {text}");
    let (code, out) = validate(&prog, &w, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 of 1 invariants inductive"), "{out}");
}
