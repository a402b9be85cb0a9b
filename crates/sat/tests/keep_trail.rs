//! Trail reuse between solves (`keep_trail`, `vigil_sat`'s `keep_trail` module): over random
//! incremental sequences shaped like the explicit engine's (a growing and shrinking list of
//! assumptions, a fresh query literal in front, clauses of every length added between solves,
//! including units and clauses falsified or unit under the kept levels), a solver that keeps
//! its trail answers exactly as one that does not; each `Sat` model satisfies every clause and
//! assumption, and each failed-assumption set is a subset of the assumptions that is
//! unsatisfiable on its own.

use vigil_sat::{Lit, Params, Rng, SolveResult, Solver, Var};

fn lit(rng: &mut Rng, vars: usize) -> Lit {
    let v = Var::from_index(rng.below(vars));
    if rng.next_u64() & 1 == 1 { Lit::positive(v) } else { Lit::negative(v) }
}

fn satisfied(s: &Solver, clause: &[Lit]) -> bool {
    clause.iter().any(|&l| s.value(l) == Some(true))
}

fn run(base: Params, seed: u64, rounds: usize) {
    let mut rng = Rng::new(seed);
    let mut kept_checks = 0;
    let mut reused = 0;
    for round in 0..rounds {
        let mut vars = 12 + round % 8;
        let (mut plain, mut keep) =
            (Solver::with_params(base.clone()), Solver::with_params(Params { keep_trail: true, ..base.clone() }));
        for s in [&mut plain, &mut keep] {
            for _ in 0..vars {
                let v = s.new_var();
                s.freeze(v);
            }
        }
        let mut clauses: Vec<Vec<Lit>> = Vec::new();
        let mut path: Vec<Lit> = Vec::new();
        for call in 0..40 {
            // Between solves: sometimes new variables, and a few clauses of length 1 to 4.
            if rng.below(4) == 0 {
                vars += 1;
                for s in [&mut plain, &mut keep] {
                    let v = s.new_var();
                    s.freeze(v);
                }
            }
            for _ in 0..rng.below(4) {
                let len = match rng.below(20) {
                    0 => 1,
                    1..=6 => 2,
                    7..=14 => 3,
                    _ => 4,
                };
                let c: Vec<Lit> = (0..len).map(|_| lit(&mut rng, vars)).collect();
                plain.add_clause(&c);
                keep.add_clause(&c);
                clauses.push(c);
            }
            // The path grows, sometimes shrinks; a query literal goes in front.
            match rng.below(6) {
                0 => {
                    let n = rng.below(path.len() + 1);
                    path.truncate(n);
                }
                1 | 2 | 3 => path.push(lit(&mut rng, vars)),
                _ => {}
            }
            let mut assumptions = vec![lit(&mut rng, vars)];
            assumptions.extend_from_slice(&path);
            let expect = plain.solve_with(&assumptions);
            let got = keep.solve_with(&assumptions);
            let ctx = format!("seed {seed} round {round} call {call} assumptions {assumptions:?}");
            assert_eq!(got, expect, "{ctx}");
            kept_checks += 1;
            match got {
                SolveResult::Sat => {
                    assert!(clauses.iter().all(|c| satisfied(&keep, c)), "model violates a clause: {ctx}");
                    assert!(assumptions.iter().all(|&a| keep.value(a) == Some(true)), "{ctx}");
                }
                SolveResult::Unsat => {
                    let failed = keep.failed_assumptions().to_vec();
                    assert!(failed.iter().all(|f| assumptions.contains(f)), "{ctx}");
                    let mut fresh = Solver::with_params(base.clone());
                    for c in &clauses {
                        fresh.add_clause(c);
                    }
                    assert_eq!(fresh.solve_with(&failed), SolveResult::Unsat, "failed set not unsat: {ctx}");
                }
                SolveResult::Unknown => {}
            }
            // Once in a while the clauses alone are unsatisfiable: start the round again.
            if got == SolveResult::Unsat && keep.failed_assumptions().is_empty() {
                break;
            }
        }
        reused += keep.stats().reused_levels;
    }
    assert!(kept_checks > rounds * 5);
    assert!(reused > 0, "no solve started from kept levels");
}

#[test]
fn kept_trail_answers_equal_fresh_backtracking() {
    run(Params::default(), 1, 60);
    run(Params::default(), 2, 60);
}

#[test]
fn kept_trail_under_extreme_parameters() {
    let p = Params {
        random_decision_pct: 50.0,
        restart_base: 1,
        reduce_first: 1,
        reduce_fraction: 1.0,
        ..Params::default()
    };
    run(p, 3, 60);
    run(Params { phase: vigil_sat::params::PhaseMode::MinWork, ..Params::default() }, 4, 40);
}

#[test]
fn kept_trail_with_a_conflict_limit_stays_sound() {
    // Budget stops (`Unknown`) leave a partly propagated level behind; the answers that come
    // must still agree.
    let mut rng_seed = 5;
    for _ in 0..3 {
        let mut rng = Rng::new(rng_seed);
        rng_seed += 1;
        let vars = 40;
        let mut plain = Solver::new();
        let mut keep = Solver::with_params(Params { keep_trail: true, ..Params::default() });
        let mut clauses = Vec::new();
        for _ in 0..170 {
            let c: Vec<Lit> = (0..3).map(|_| lit(&mut rng, vars)).collect();
            plain.add_clause(&c);
            keep.add_clause(&c);
            clauses.push(c);
        }
        for v in 0..vars {
            keep.freeze(Var::from_index(v));
        }
        let mut path = Vec::new();
        for call in 0..40 {
            path.push(lit(&mut rng, vars));
            if rng.below(3) == 0 {
                path.truncate(rng.below(path.len()));
            }
            keep.set_conflict_limit(Some(if call % 2 == 0 { 1 } else { 10_000 }));
            let got = keep.solve_with(&path);
            let expect = plain.solve_with(&path);
            if got != SolveResult::Unknown {
                assert_eq!(got, expect, "call {call}");
            }
            if got == SolveResult::Sat {
                assert!(clauses.iter().all(|c| satisfied(&keep, c)));
            }
        }
    }
}
