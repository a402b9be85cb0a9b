//! `WordProgram` against the reference evaluator on random terms, with no rewriting so the
//! operators reach the compiled program as built: every assignment at widths 1 and 4, and
//! random values biased towards the edge cases (0, 1, all ones, the signed extremes) at mixed
//! widths up to 64 bits. The generator builds every operator (division, shifts, extraction,
//! extension included).

mod common;

use common::{special_const, Gen, GenParams, Rng};
use vigil_bv::word_eval::WordProgram;
use vigil_bv::{BitVecValue, Evaluator, RewriteConfig, Sort, TermManager, Value};

/// The reference evaluator's answer for `t` under `vals` (one per variable of `vars`), and the
/// same values as words.
fn reference(tm: &TermManager, vars: &[vigil_bv::TermId], vals: Vec<Value>, t: vigil_bv::TermId) -> (bool, Vec<u64>) {
    let words = vals
        .iter()
        .map(|v| match v {
            Value::Bool(b) => u64::from(*b),
            Value::Bv(b) => b.to_u64().unwrap(),
        })
        .collect();
    let want = Evaluator::new(tm, vars.iter().copied().zip(vals)).eval(t) == Value::Bool(true);
    (want, words)
}

#[test]
fn small_terms_agree_with_the_reference_under_every_assignment() {
    for seed in 0..200u64 {
        let params = GenParams { widths: vec![1, 4], max_width: 8, heavy_max: 8, vars_per_width: 1, bool_vars: 1, reuse: 25 };
        let mut tm = TermManager::with_rewrite_config(RewriteConfig::none());
        let mut g = Gen::new(seed, params);
        g.declare(&mut tm);
        let vars = g.all_vars();
        let t = g.formula(&mut tm, 2, 3);
        let p = WordProgram::compile(&tm, t, |v| vars.iter().position(|&x| x == v).map(|i| i as u32)).expect("at most 8 bits");
        let mut scratch = Vec::new();
        // Variables: x1 (1 bit), x4 (4 bits), p0 (Bool): 64 assignments.
        for bits in 0..64u64 {
            let vals = vars
                .iter()
                .map(|&v| match tm.sort(v) {
                    Sort::Bool => Value::Bool(bits >> 5 == 1),
                    Sort::BitVec(1) => Value::Bv(BitVecValue::from_u64(1, bits & 1)),
                    Sort::BitVec(w) => Value::Bv(BitVecValue::from_u64(w, (bits >> 1) & 15)),
                })
                .collect();
            let (want, words) = reference(&tm, &vars, vals, t);
            assert_eq!(p.eval(&words, &mut scratch) == 1, want, "seed {seed}: {words:?}");
        }
    }
}

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
            let vals = vars
                .iter()
                .map(|&v| match tm.sort(v) {
                    Sort::Bool => Value::Bool(r.chance(50)),
                    Sort::BitVec(w) => Value::Bv(special_const(&mut r, w)),
                })
                .collect();
            let (want, words) = reference(&tm, &vars, vals, t);
            assert_eq!(p.eval(&words, &mut scratch) == 1, want, "seed {seed}: {words:?}");
            checked += 1;
        }
    }
    assert!(checked > 5000, "only {checked} evaluations compared");
}
