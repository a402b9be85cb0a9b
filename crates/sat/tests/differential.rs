//! Differential test against a reference solver (CaDiCaL or MiniSat, whichever is installed):
//! random 3-SAT near the threshold, beyond brute force, solved by vigil with the defaults and
//! with rephasing, walks and mode switches at almost every restart; answers must agree with the
//! reference, models satisfy the formula and proofs check (see `solve_checked`). Without a
//! reference solver on the PATH the answers are only checked for consistency with each other.
mod common;
use common::*;
use std::io::Write;
use std::process::{Command, Stdio};
use vigil_sat::{Params, SolveResult};

/// The reference solver's answer, or `None` if no reference solver runs here.
fn reference(f: &Formula, vars: u32) -> Option<SolveResult> {
    let mut text = format!("p cnf {vars} {}\n", f.len());
    for c in f {
        for l in c {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    for (solver, args) in [("cadical", &["-q"][..]), ("minisat", &["-verb=0"][..])] {
        let Ok(mut child) = Command::new(solver)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            continue;
        };
        child.stdin.take()?.write_all(text.as_bytes()).ok()?;
        let status = child.wait().ok()?;
        return match status.code() {
            Some(10) => Some(SolveResult::Sat),
            Some(20) => Some(SolveResult::Unsat),
            _ => None,
        };
    }
    None
}

#[test]
fn random_3sat_agrees_with_reference_solver() {
    let mut rng = Prng(11);
    let mut aggressive = Params::default();
    aggressive
        .apply_assignments(&["rephase_interval=1", "rephase_cycle=full", "walk_min_ticks=500", "mode_init=1", "stable_restart_base=2"])
        .unwrap();
    let (mut compared, mut seen) = (0, [0usize; 2]);
    for i in 0..40 {
        let vars = 50 + rng.below(40) as u32;
        let f: Formula = (0..(vars as f64 * 4.26) as usize)
            .map(|_| {
                (0..3)
                    .map(|_| {
                        let v = 1 + rng.below(vars as u64) as i32;
                        if rng.next() & 1 == 1 { -v } else { v }
                    })
                    .collect()
            })
            .collect();
        let r = solve_checked(&f, Params::default());
        assert_ne!(r, SolveResult::Unknown);
        assert_eq!(solve_checked(&f, aggressive.clone()), r, "instance {i}: rephasing changed the answer");
        seen[(r == SolveResult::Sat) as usize] += 1;
        if let Some(expected) = reference(&f, vars) {
            assert_eq!(r, expected, "instance {i}: vigil and the reference solver disagree on {f:?}");
            compared += 1;
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "mix of answers expected: {seen:?}");
    if compared == 0 {
        eprintln!("no reference solver (cadical, minisat) found: answers checked for consistency only");
    }
}
