//! Decision scopes: on random AND-gate circuits (Tseitin-encoded, as the bit-vector layer
//! encodes its AIGs) with constraints on some gate outputs, solving with the cone of the
//! constrained gates (or only its inputs) as the scope gives the same answers as solving without
//! one, across a sequence of incremental calls, with and without propagation confined to the
//! cone; every `Sat` assignment of the cone satisfies the
//! cone's clauses; dropping the scope again restores full decisions.

use vigil_sat::{Lit, Params, Rng, SolveResult, Solver, Var};

/// A random circuit: `inputs` input variables, then `gates` AND gates over earlier nodes with
/// random polarities. Returns the fanins of each gate (by variable, with polarity).
struct Circuit {
    inputs: usize,
    gates: Vec<(Lit, Lit)>,
}

impl Circuit {
    fn random(rng: &mut Rng, inputs: usize, gates: usize) -> Circuit {
        let mut g = Vec::new();
        for k in 0..gates {
            let n = inputs + k;
            let pick = |rng: &mut Rng| {
                let v = Var::from_index(rng.below(n));
                if rng.next_u64() & 1 == 1 { Lit::positive(v) } else { Lit::negative(v) }
            };
            let a = pick(rng);
            let mut b = pick(rng);
            while b.var() == a.var() {
                b = pick(rng);
            }
            g.push((a, b));
        }
        Circuit { inputs, gates: g }
    }

    fn var(&self, gate: usize) -> Var {
        Var::from_index(self.inputs + gate)
    }

    fn load(&self, s: &mut Solver) {
        for _ in 0..self.inputs + self.gates.len() {
            let v = s.new_var();
            s.freeze(v);
        }
        for (k, &(a, b)) in self.gates.iter().enumerate() {
            let o = Lit::positive(self.var(k));
            s.add_clause(&[!o, a]);
            s.add_clause(&[!o, b]);
            s.add_clause(&[o, !a, !b]);
        }
    }

    /// The variables below `roots` (gates and inputs), and the inputs among them.
    fn cone(&self, roots: &[Lit]) -> (Vec<Var>, Vec<Var>) {
        let mut seen = vec![false; self.inputs + self.gates.len()];
        let mut stack: Vec<usize> = roots.iter().map(|l| l.var().index()).collect();
        while let Some(v) = stack.pop() {
            if std::mem::replace(&mut seen[v], true) {
                continue;
            }
            if v >= self.inputs {
                let (a, b) = self.gates[v - self.inputs];
                stack.push(a.var().index());
                stack.push(b.var().index());
            }
        }
        let all: Vec<Var> = (0..seen.len()).filter(|&v| seen[v]).map(Var::from_index).collect();
        let inputs = all.iter().copied().filter(|v| v.index() < self.inputs).collect();
        (all, inputs)
    }

    /// Whether the model of `s` satisfies every gate definition inside `cone`.
    fn model_ok(&self, s: &Solver, cone: &[Var]) -> bool {
        cone.iter().filter(|v| v.index() >= self.inputs).all(|&v| {
            let (a, b) = self.gates[v.index() - self.inputs];
            let val = |l: Lit| s.value(l).unwrap_or(false);
            val(Lit::positive(v)) == (val(a) && val(b))
        })
    }
}

fn run(params: Params, seed: u64) {
    let mut rng = Rng::new(seed);
    for round in 0..30 {
        let c = Circuit::random(&mut rng, 6 + round % 5, 30 + round);
        let (mut plain, mut scoped) = (Solver::with_params(params.clone()), Solver::with_params(params.clone()));
        c.load(&mut plain);
        c.load(&mut scoped);
        for call in 0..8 {
            let k = 1 + rng.below(3);
            let roots: Vec<Lit> = (0..k)
                .map(|_| {
                    let v = c.var(rng.below(c.gates.len()));
                    if rng.next_u64() & 1 == 1 { Lit::positive(v) } else { Lit::negative(v) }
                })
                .collect();
            let (cone, inputs) = c.cone(&roots);
            let expect = plain.solve_with(&roots);
            let only_inputs = call % 2 == 1;
            scoped.set_decision_scope(Some(if only_inputs { &inputs } else { &cone }));
            // Every other pair of calls also confines propagation to the cone.
            scoped.set_propagation_scope(if call % 4 >= 2 { Some(&cone) } else { None });
            let got = scoped.solve_with(&roots);
            assert_eq!(got, expect, "seed {seed} round {round} call {call} roots {roots:?}");
            if got == SolveResult::Sat {
                assert!(roots.iter().all(|&r| scoped.value(r) == Some(true)));
                assert!(c.model_ok(&scoped, &cone), "the cone's gates are consistent");
            }
            if call == 5 {
                // Back to full decisions: every variable is assigned again.
                scoped.set_decision_scope(None);
                scoped.set_propagation_scope(None);
                let r = scoped.solve_with(&roots);
                assert_eq!(r, expect);
                if r == SolveResult::Sat {
                    let all: Vec<Var> = (0..c.inputs + c.gates.len()).map(Var::from_index).collect();
                    assert!(c.model_ok(&scoped, &all));
                }
            }
        }
    }
}

#[test]
fn scoped_answers_equal_unscoped_answers() {
    run(Params::default(), 1);
    run(Params::default(), 2);
}

#[test]
fn scoped_answers_with_random_decisions_and_other_extremes() {
    let mut p = Params { random_decision_pct: 50.0, random_phase_pct: 50.0, ..Params::default() };
    run(p.clone(), 3);
    p.restart_base = 1;
    p.reduce_first = 1;
    p.reduce_fraction = 1.0;
    run(p, 4);
}
