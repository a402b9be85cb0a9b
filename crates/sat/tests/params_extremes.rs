//! Every parameter at each end of its range (and every choice) still gives correct, certified
//! answers on a small corpus.
mod common;
use common::*;
use vigil_sat::{Params, SolveResult};

fn corpus() -> Vec<(Formula, Option<bool>)> {
    let mut rng = Prng(11);
    let mut v: Vec<(Formula, Option<bool>)> = (0..12)
        .map(|i| {
            let vars = 6 + i % 6;
            let f = random_formula(&mut rng, vars, (vars * 4 + i) as usize, 3);
            let ans = brute_force(&f, vars).is_some();
            (f, Some(ans))
        })
        .collect();
    v.push((pigeonhole(4), Some(false)));
    v.push((Formula::new(), Some(true)));
    v.push((vec![vec![]], Some(false)));
    v
}

fn check(p: Params, what: &str) {
    for (f, ans) in corpus() {
        let r = solve_checked(&f, p.clone());
        assert_ne!(r, SolveResult::Unknown, "{what}");
        if let Some(a) = ans {
            assert_eq!(r == SolveResult::Sat, a, "{what}: wrong answer on {f:?}");
        }
    }
}

#[test]
fn every_parameter_at_both_ends() {
    for name in Params::NAMES {
        for high in [false, true] {
            for elim in [false, true] {
                let mut p = Params {
                    elim,
                    ..Params::default()
                };
                p.set_extreme(name, high).unwrap();
                check(
                    p,
                    &format!(
                        "{name} at {} (elim {elim})",
                        if high { "high" } else { "low" }
                    ),
                );
            }
        }
    }
}

#[test]
fn every_choice_of_every_choice_parameter() {
    for info in Params::info() {
        for c in info.choices {
            let mut p = Params {
                elim: true,
                ..Params::default()
            };
            p.set(info.name, c).unwrap();
            check(p, &format!("{}={c}", info.name));
        }
    }
}
