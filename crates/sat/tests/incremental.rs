//! Incremental use: clauses added between solves and assumptions, checked against brute force
//! on the accumulated formula; failed assumptions are a subset of the assumptions and are
//! themselves unsatisfiable with the formula.
mod common;
use common::*;
use vigil_sat::{Lit, Params, SolveResult, Solver, Var};

fn check_sequence(seed: u64, params: Params, freeze_some: bool) -> u64 {
    let mut rng = Prng(seed);
    let vars = 3 + rng.below(9) as u32;
    let mut s = Solver::with_params(params.clone());
    let proof = SharedBuf::default();
    s.set_proof_writer(Box::new(proof.clone()));
    // With elimination, only the first `frozen` variables are frozen, and only they are used
    // after the first batch of clauses; the others may be eliminated.
    let frozen = if freeze_some { vars / 2 + 1 } else { vars };
    if freeze_some {
        for v in 0..frozen {
            s.freeze(Var::from_index(v as usize));
        }
    }
    let mut f = Formula::new();
    for round in 0..8 {
        let scope = if round == 0 { vars } else { frozen };
        let n = 1 + rng.below(scope as u64 * 2) as usize;
        let extra = random_formula(&mut rng, scope, n, 3);
        for c in &extra {
            s.add_clause(&lits(c));
        }
        f.extend(extra);
        for _ in 0..3 {
            let k = rng.below(4) as usize;
            let assumptions: Vec<i32> = (0..k)
                .map(|_| {
                    let v = 1 + rng.below(frozen as u64) as i32;
                    if rng.next() & 1 == 1 {
                        -v
                    } else {
                        v
                    }
                })
                .collect();
            let mut g = f.clone();
            g.extend(assumptions.iter().map(|&a| vec![a]));
            let expected = brute_force(&g, vars).is_some();
            let r = s.solve_with(&lits(&assumptions));
            assert_eq!(
                r == SolveResult::Sat,
                expected,
                "seed {seed}: formula {f:?} assumptions {assumptions:?}"
            );
            match r {
                SolveResult::Sat => {
                    assert!(
                        satisfies(&g, |l| s.value(Lit::from_dimacs(l)) == Some(true)),
                        "seed {seed}: bad model"
                    );
                }
                SolveResult::Unsat => {
                    let failed: Vec<i32> = s
                        .failed_assumptions()
                        .iter()
                        .map(|l| l.to_dimacs())
                        .collect();
                    for a in &failed {
                        assert!(
                            assumptions.contains(a),
                            "seed {seed}: failed {a} is not an assumption {assumptions:?}"
                        );
                    }
                    let mut h = f.clone();
                    h.extend(failed.iter().map(|&a| vec![a]));
                    assert!(
                        brute_force(&h, vars).is_none(),
                        "seed {seed}: failed set {failed:?} is satisfiable with the formula"
                    );
                    if failed.is_empty() {
                        // The clauses alone are unsatisfiable: the incremental proof must show it.
                        s.flush_proof().unwrap();
                        check_drat(&f, &proof.text())
                            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                    } else {
                        // Certify the failed set with a fresh, proof-producing solve.
                        assert_eq!(solve_checked(&h, params.clone()), SolveResult::Unsat);
                    }
                }
                SolveResult::Unknown => panic!("no budget was set"),
            }
        }
    }
    s.stats().eliminated_vars
}

#[test]
fn incremental_sequences_default() {
    for seed in 0..300 {
        check_sequence(seed, Params::default(), false);
    }
}

#[test]
fn incremental_sequences_with_elimination_and_frozen_vars() {
    let mut eliminated = 0;
    for seed in 1000..1300 {
        eliminated += check_sequence(
            seed,
            Params {
                elim: true,
                elim_rounds: 2,
                elim_grow: 2,
                ..Params::default()
            },
            true,
        );
    }
    assert!(
        eliminated > 100,
        "elimination should have happened in these sequences ({eliminated})"
    );
}

#[test]
fn incremental_sequences_simplifying_at_every_new_unit() {
    for seed in 2000..2150 {
        check_sequence(
            seed,
            Params {
                simplify_props: 0.0,
                ..Params::default()
            },
            false,
        );
    }
}

#[test]
fn level_zero_simplification_is_amortised_over_propagations() {
    // A chain x1 → x2 → … → x200; each round asserts one more unit x_i and solves. The units
    // are new at every solve: at factor 0 each solve simplifies, at the default only once the
    // propagations since the last simplification reach the arena's size.
    let count = |factor: f64| {
        let mut s = Solver::with_params(Params {
            simplify_props: factor,
            ..Params::default()
        });
        let n = 200;
        for i in 1..n {
            s.add_clause(&lits(&[-i, i + 1]));
        }
        for i in (1..=n).rev().step_by(5) {
            s.add_clause(&lits(&[i]));
            assert_eq!(s.solve(), SolveResult::Sat);
        }
        s.stats().simplifications
    };
    let (every, amortised) = (count(0.0), count(1.0));
    assert!(every >= 30, "factor 0 simplified {every} times");
    assert!(amortised < every, "the default simplified {amortised} times, factor 0 {every}");
}

#[test]
fn incremental_learned_clauses_survive_and_stay_correct() {
    // Pigeonhole 5 under a selector: unsat with the selector, sat without it.
    let f = pigeonhole(5);
    let sel = num_vars(&f) as i32 + 1;
    let mut s = Solver::new();
    let proof = SharedBuf::default();
    s.set_proof_writer(Box::new(proof.clone()));
    let mut g = Formula::new();
    for c in &f {
        let mut c = c.clone();
        c.push(-sel);
        s.add_clause(&lits(&c));
        g.push(c);
    }
    assert_eq!(s.solve_with(&lits(&[sel])), SolveResult::Unsat);
    assert_eq!(s.failed_assumptions(), &lits(&[sel])[..]);
    assert_eq!(s.solve(), SolveResult::Sat);
    assert_eq!(s.value(Lit::from_dimacs(sel)), Some(false));
    assert_eq!(s.solve_with(&lits(&[sel])), SolveResult::Unsat);
    s.add_clause(&lits(&[sel]));
    g.push(vec![sel]);
    assert_eq!(s.solve(), SolveResult::Unsat);
    assert!(s.failed_assumptions().is_empty());
    s.flush_proof().unwrap();
    check_drat(&g, &proof.text()).unwrap();
}

#[test]
fn eliminated_model_values_are_extended() {
    // With elimination on and nothing frozen, the model must still satisfy every clause.
    let mut rng = Prng(77);
    for _ in 0..200 {
        let f = random_formula(&mut rng, 10, 25, 3);
        let mut s = Solver::with_params(Params {
            elim: true,
            elim_grow: 5,
            ..Params::default()
        });
        for c in &f {
            s.add_clause(&lits(c));
        }
        if s.solve() == SolveResult::Sat {
            assert!(satisfies(&f, |l| s.value(Lit::from_dimacs(l)) == Some(true)));
        } else {
            assert!(brute_force(&f, 10).is_none());
        }
    }
}

#[test]
fn frozen_variables_are_never_eliminated() {
    let mut rng = Prng(5);
    let f: Formula = random_formula(&mut rng, 10, 40, 3)
        .into_iter()
        .filter(|c| c.len() == 3)
        .collect();
    let mut s = Solver::with_params(Params {
        elim: true,
        ..Params::default()
    });
    for v in 0..5 {
        s.freeze(Var::from_index(v));
    }
    for c in &f {
        s.add_clause(&lits(c));
    }
    s.solve();
    for v in 0..5 {
        assert!(!s.is_eliminated(Var::from_index(v)));
    }
    assert!(
        s.stats().eliminated_vars > 0,
        "some unfrozen variable should have been eliminated: {:?} {f:?}",
        s.stats()
    );
}
