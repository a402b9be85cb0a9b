//! Thousands of seeded random small CNFs: answers agree with brute force, SAT models satisfy the
//! formula, UNSAT answers carry a DRAT proof accepted by the test checker.
mod common;
use common::*;
use vigil_sat::{Params, SolveResult};

fn run(seed: u64, count: usize, params: impl Fn() -> Params) -> (usize, usize) {
    let mut rng = Prng(seed);
    let (mut sat, mut unsat) = (0, 0);
    for i in 0..count {
        let vars = 1 + rng.below(12) as u32;
        let clauses = rng.below(vars as u64 * 6) as usize;
        let width = 1 + rng.below(4);
        let f = random_formula(&mut rng, vars, clauses, width);
        let expected = brute_force(&f, vars).is_some();
        let r = solve_checked(&f, params());
        assert_ne!(r, SolveResult::Unknown);
        assert_eq!(
            r == SolveResult::Sat,
            expected,
            "instance {i} (seed {seed}) wrong answer: {f:?}"
        );
        if expected {
            sat += 1
        } else {
            unsat += 1
        }
    }
    (sat, unsat)
}

#[test]
fn random_default_params() {
    let (sat, unsat) = run(1, 2500, Params::default);
    assert!(
        sat > 300 && unsat > 300,
        "corpus should mix answers: {sat} sat / {unsat} unsat"
    );
}

#[test]
fn random_with_elimination() {
    let (sat, unsat) = run(2, 1500, || Params {
        elim: true,
        elim_rounds: 3,
        elim_interval: 5,
        ..Params::default()
    });
    assert!(sat > 100 && unsat > 100);
}

#[test]
fn random_aggressive_restarts_and_reduction() {
    let p = || {
        let mut p = Params::default();
        p.apply_assignments(&[
            "restart=luby",
            "restart_base=1",
            "reduce_first=1",
            "reduce_inc=0",
            "reduce_fraction=1",
            "lbd_keep=0",
            "random_decision_pct=30",
            "phase=min_work",
        ])
        .unwrap();
        p
    };
    run(3, 1500, p);
}

/// Rephasing, walks and mode switches at (almost) every restart: answers, models and proofs
/// are unchanged in kind.
fn aggressive_rephasing(cycle: &str, elim: bool) -> Params {
    let mut p = Params {
        elim,
        elim_rounds: 3,
        elim_interval: 5,
        ..Params::default()
    };
    p.apply_assignments(&[
        "rephase_interval=1",
        &format!("rephase_cycle={cycle}"),
        "walk_min_ticks=200",
        "mode_init=1",
        "stable_restart_base=1",
        "restart_base=1",
    ])
    .unwrap();
    p
}

#[test]
fn random_with_aggressive_rephasing_and_mode_switching() {
    let (sat, unsat) = run(5, 1500, || aggressive_rephasing("full", false));
    assert!(sat > 100 && unsat > 100);
    let (sat, unsat) = run(6, 1500, || aggressive_rephasing("best_walk", true));
    assert!(sat > 100 && unsat > 100);
}

#[test]
fn random_3sat_near_threshold_bigger() {
    // 40-variable 3-SAT at ratio ~4.26 is beyond brute force; check models and proofs only.
    let mut rng = Prng(4);
    let mut seen = [0usize; 2];
    for _ in 0..40 {
        let f: Formula = (0..170)
            .map(|_| {
                (0..3)
                    .map(|_| {
                        let v = 1 + rng.below(40) as i32;
                        if rng.next() & 1 == 1 {
                            -v
                        } else {
                            v
                        }
                    })
                    .collect()
            })
            .collect();
        for elim in [false, true] {
            let r = solve_checked(
                &f,
                Params {
                    elim,
                    ..Params::default()
                },
            );
            seen[(r == SolveResult::Sat) as usize] += 1;
            let again = solve_checked(&f, aggressive_rephasing(if elim { "full" } else { "best_walk" }, elim));
            assert_eq!(again, r, "rephasing changed the answer on {f:?}");
        }
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

#[test]
fn pigeonhole_unsat_with_proof() {
    for n in 2..=6 {
        for elim in [false, true] {
            assert_eq!(
                solve_checked(
                    &pigeonhole(n),
                    Params {
                        elim,
                        ..Params::default()
                    }
                ),
                SolveResult::Unsat
            );
        }
    }
}
