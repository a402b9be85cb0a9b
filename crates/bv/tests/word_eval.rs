//! `WordProgram` against the reference evaluator on random terms: mixed widths from 1 to 64
//! bits, every operator the generator builds (division, shifts, extraction, extension included),
//! with no rewriting so the operators reach the compiled program as built, and random values
//! biased towards the edge cases (0, 1, all ones, the signed extremes).

mod common;

use common::{special_const, Gen, GenParams, Rng};
use vigil_bv::word_eval::WordProgram;
use vigil_bv::{Evaluator, RewriteConfig, Sort, TermManager, Value};

#[test]
fn compiled_terms_evaluate_as_the_reference_evaluator() {
    let mut checked = 0;
    for seed in 0..300u64 {
        let mut r = Rng::new(seed ^ 0x5eed);
        let widths: Vec<u32> = [1, 3, 8, 13, 32, 63, 64].iter().copied().filter(|_| r.chance(70)).collect();
        let widths = if widths.is_empty() { vec![8] } else { widths };
        let max_width = *widths.iter().max().unwrap();
        let params = GenParams { widths: widths.clone(), max_width, heavy_max: 64, vars_per_width: 2, bool_vars: 2, reuse: 25 };
        let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let vars = g.all_vars();
        let t = g.formula(&mut tm, 1 + r.below(3) as usize, 4);
        let Some(p) = WordProgram::compile(&tm, t, |v| vars.iter().position(|&x| x == v).map(|i| i as u32)) else {
            continue; // a sub-term wider than 64 bits (concatenation)
        };
        let mut scratch = Vec::new();
        for _ in 0..40 {
            let vals: Vec<Value> = vars
                .iter()
                .map(|&v| match tm.sort(v) {
                    Sort::Bool => Value::Bool(r.chance(50)),
                    Sort::BitVec(w) => Value::Bv(special_const(&mut r, w)),
                })
                .collect();
            let words: Vec<u64> = vals
                .iter()
                .map(|v| match v {
                    Value::Bool(b) => u64::from(*b),
                    Value::Bv(b) => b.to_u64().unwrap(),
                })
                .collect();
            let want = Evaluator::new(&tm, vars.iter().copied().zip(vals)).eval(t) == Value::Bool(true);
            assert_eq!(p.eval(&words, &mut scratch) == 1, want, "seed {seed}: {words:?}");
            checked += 1;
        }
    }
    assert!(checked > 5000, "only {checked} evaluations compared");
}
