//! Decision scopes (`[bv] decision-scope`, `vigil_bv::cone`) in incremental use: one solver
//! (and with propagation confined to the cone, `[bv] confine-propagation`) accumulates the circuits of many random formulas (the situation of the explicit engine, whose
//! solver keeps the circuits of every query), asserts some under push levels and checks others as
//! assumptions. Under every scope the answers equal those of a solver deciding all variables,
//! every model satisfies the open assertions and the assumptions by exact evaluation (the
//! solver's own model check is on in debug builds too), and after `Unsat` the failed
//! assumptions are unsatisfiable with the open assertions.

mod common;

use common::{Gen, GenParams, Rng};
use vigil_bv::cone::DecisionScope;
use vigil_bv::config::SolverConfig;
use vigil_bv::{CheckResult, Evaluator, Solver, TermId, TermManager, Value};

fn solver(scope: DecisionScope, confine_propagation: bool) -> Solver {
    Solver::with_config(SolverConfig {
        decision_scope: scope,
        confine_propagation,
        check_models: true,
        ..SolverConfig::default()
    })
}

fn holds(s: &Solver, tm: &TermManager, vars: &[TermId], roots: &[TermId]) -> bool {
    let vals = s.values(tm, vars).unwrap();
    let mut ev = Evaluator::new(tm, vars.iter().copied().zip(vals));
    roots.iter().all(|&r| ev.eval(r) == Value::Bool(true))
}

#[test]
fn scoped_incremental_sessions_answer_like_unscoped_ones() {
    let (mut sats, mut unsats) = (0, 0);
    for seed in 0..12u64 {
        let mut r = Rng::new(seed ^ 0x5c0de);
        let params =
            GenParams { widths: vec![4, 8, 16], max_width: 24, heavy_max: 8, vars_per_width: 2, bool_vars: 2, reuse: 30 };
        let mut tm = TermManager::new();
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let vars = g.all_vars();
        let formulas: Vec<TermId> = (0..16).map(|k| g.fork(seed * 100 + k).formula(&mut tm, 1, 3)).collect();
        let mut solvers: Vec<Solver> = [DecisionScope::All, DecisionScope::Cone, DecisionScope::Inputs]
            .into_iter()
            .flat_map(|s| [solver(s, false), solver(s, true)])
            .collect();
        let mut asserted: Vec<Vec<TermId>> = vec![Vec::new()];
        for step in 0..40 {
            match r.below(8) {
                0 => {
                    let f = formulas[r.below(16) as usize];
                    for s in &mut solvers {
                        s.assert(&tm, f).unwrap();
                    }
                    asserted.last_mut().unwrap().push(f);
                }
                1 => {
                    for s in &mut solvers {
                        s.push();
                    }
                    asserted.push(Vec::new());
                }
                2 if asserted.len() > 1 => {
                    for s in &mut solvers {
                        s.pop().unwrap();
                    }
                    asserted.pop();
                }
                _ => {
                    let k = 1 + r.below(3) as usize;
                    let a: Vec<TermId> = (0..k).map(|_| formulas[r.below(16) as usize]).collect();
                    let answers: Vec<CheckResult> = solvers.iter_mut().map(|s| s.check_assuming(&tm, &a).unwrap()).collect();
                    assert!(answers.iter().all(|&x| x == answers[0]), "seed {seed} step {step}: {answers:?}");
                    let roots: Vec<TermId> = asserted.iter().flatten().chain(&a).copied().collect();
                    match answers[0] {
                        CheckResult::Sat => {
                            sats += 1;
                            for s in &solvers {
                                assert!(holds(s, &tm, &vars, &roots), "seed {seed} step {step}: model fails");
                            }
                        }
                        CheckResult::Unsat => {
                            unsats += 1;
                            for s in &solvers {
                                let mut fresh = solver(DecisionScope::All, false);
                                for &t in asserted.iter().flatten() {
                                    fresh.assert(&tm, t).unwrap();
                                }
                                let failed = s.failed_assumptions().to_vec();
                                assert_eq!(fresh.check_assuming(&tm, &failed).unwrap(), CheckResult::Unsat);
                            }
                        }
                        CheckResult::Unknown => panic!("seed {seed} step {step}: unknown without a budget"),
                    }
                }
            }
        }
    }
    assert!(sats > 20 && unsats > 20, "degenerate mix: {sats} sat, {unsats} unsat");
}
