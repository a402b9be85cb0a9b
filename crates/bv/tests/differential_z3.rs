//! Differential testing against z3 (Debian package `z3`).
//!
//! Seeded random formulas (mixed operators, widths 1–64) are built twice from one recipe: once
//! without rewriting (printed as SMT-LIB for z3) and once with rewriting (solved by vigil's API;
//! the default rules, and for odd seeds every rule, those off by default too).
//! Answers must agree, and every vigil model must make the *unrewritten* formula true. Every
//! fourth formula also goes through vigil's own SMT-LIB front end, and every formula is solved
//! again under each decision scope (`[bv] decision-scope`, with and without `confine-propagation`). A disagreement prints the
//! formula. `VIGIL_DIFF_N` sets the number of formulas (default 300); without z3 the test fails
//! unless `VIGIL_SKIP_Z3=1`.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Gen, GenParams};
use vigil_bv::smtlib::{printer::to_script, run_smt_str, SmtCliOptions};
use vigil_bv::cone::DecisionScope;
use vigil_bv::config::SolverConfig;
use vigil_bv::{CheckResult, Evaluator, RewriteConfig, Solver, TermManager, Value};

fn z3_available() -> bool {
    Command::new("z3").arg("-version").output().map(|o| o.status.success()).unwrap_or(false)
}

fn z3(script: &str) -> String {
    let mut child = Command::new("z3")
        .args(["-in", "-T:20"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cannot run z3");
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn agrees_with_z3_on_random_formulas() {
    if !z3_available() {
        if std::env::var("VIGIL_SKIP_Z3").as_deref() == Ok("1") {
            eprintln!("z3 not found: differential test SKIPPED (VIGIL_SKIP_Z3=1)");
            return;
        }
        panic!("z3 not found on PATH: install it (apt-get install -y z3) or set VIGIL_SKIP_Z3=1 to skip");
    }
    let n: u64 = std::env::var("VIGIL_DIFF_N").ok().and_then(|s| s.parse().ok()).unwrap_or(300);
    let (mut sat, mut unsat, mut skipped) = (0, 0, 0);
    for seed in 0..n {
        let mut r = common::Rng::new(seed ^ 0xabcdef);
        let all = [1u32, 2, 3, 4, 5, 7, 8, 12, 16, 24, 32, 48, 64];
        let mut widths: Vec<u32> = (0..1 + r.below(3)).map(|_| r.pick(&all)).collect();
        widths.sort();
        widths.dedup();
        let max_width = widths.iter().max().copied().unwrap_or(8) + 8;
        let params = GenParams { widths, max_width, heavy_max: 12, vars_per_width: 2, bool_vars: 2, reuse: 20 };
        let conjuncts = 1 + r.below(3) as usize;

        let mut raw = TermManager::with_rewrite_config(RewriteConfig::none());
        let mut g = Gen::new(seed, params.clone());
        g.declare(&mut raw);
        let raw_vars = g.all_vars();
        let f_raw = g.fork(seed).formula(&mut raw, conjuncts, 4);

        // Odd seeds rewrite with every rule, the ones off by default too.
        let mut tm = TermManager::new();
        if seed % 2 == 1 {
            let mut all = RewriteConfig::default();
            for &rule in vigil_bv::Rule::OFF_BY_DEFAULT {
                all.set(rule, true);
            }
            tm.set_rewrite_config(all);
        }
        let mut g2 = Gen::new(seed, params);
        g2.declare(&mut tm);
        let vars = g2.all_vars();
        let f = g2.fork(seed).formula(&mut tm, conjuncts, 4);

        let script = to_script(&raw, &[f_raw]);
        let expect = z3(&format!("{script}(check-sat)\n"));
        if expect != "sat" && expect != "unsat" {
            skipped += 1;
            continue;
        }
        let mut solver = Solver::new();
        solver.set_deadline(Some(Instant::now() + Duration::from_secs(60)));
        solver.assert(&tm, f).unwrap();
        let got = solver.check(&tm).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{script}"));
        let got_s = match got {
            CheckResult::Sat => "sat",
            CheckResult::Unsat => "unsat",
            CheckResult::Unknown => panic!("seed {seed}: vigil answered unknown within 60 s\n{script}"),
        };
        assert_eq!(got_s, expect, "seed {seed}: vigil says {got_s}, z3 says {expect}\n{script}");
        if got == CheckResult::Sat {
            sat += 1;
            let vals = solver.values(&tm, &vars).unwrap();
            let asg: Vec<_> = raw_vars.iter().copied().zip(vals).collect();
            let v = Evaluator::new(&raw, asg.clone()).eval(f_raw);
            assert_eq!(v, Value::Bool(true), "seed {seed}: vigil's model {asg:?} falsifies the formula\n{script}");
        } else {
            unsat += 1;
        }
        // The same formula under each decision scope (`vigil_bv::cone`): same answer, and a
        // model that makes the unrewritten formula true.
        for (scope, confine_propagation) in
            [(DecisionScope::Cone, false), (DecisionScope::Inputs, false), (DecisionScope::Cone, true), (DecisionScope::Inputs, true)]
        {
            let config = SolverConfig { decision_scope: scope, confine_propagation, ..SolverConfig::default() };
            let mut s2 = Solver::with_config(config);
            s2.set_deadline(Some(Instant::now() + Duration::from_secs(60)));
            s2.assert(&tm, f).unwrap();
            let r = s2.check(&tm).unwrap_or_else(|e| panic!("seed {seed} {scope:?}: {e}\n{script}"));
            assert_eq!(r, got, "seed {seed}: decision scope {scope:?} changes the answer\n{script}");
            if r == CheckResult::Sat {
                let vals = s2.values(&tm, &vars).unwrap();
                let asg: Vec<_> = raw_vars.iter().copied().zip(vals).collect();
                let v = Evaluator::new(&raw, asg.clone()).eval(f_raw);
                assert_eq!(v, Value::Bool(true), "seed {seed} {scope:?}: model {asg:?} falsifies the formula\n{script}");
            }
        }
        if seed % 4 == 0 {
            let mut out = Vec::new();
            let code = run_smt_str(&format!("{script}(check-sat)\n"), &SmtCliOptions::default(), &mut out).unwrap();
            let text = String::from_utf8_lossy(&out).trim().to_string();
            assert_eq!((code, text.as_str()), (0, expect.as_str()), "seed {seed}: SMT-LIB front end disagrees\n{script}");
        }
    }
    eprintln!("differential: {sat} sat, {unsat} unsat, {skipped} skipped (z3 unknown)");
    assert!(sat > n / 10 && unsat > n / 10, "formula mix is degenerate: {sat} sat, {unsat} unsat");
    assert!(skipped * 20 <= n, "z3 gave up on too many formulas: {skipped}");
}
