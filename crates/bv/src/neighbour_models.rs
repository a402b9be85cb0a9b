//! Neighbour models: when a check runs long in the SAT core, a few assignments close to the last
//! model are evaluated at the word level, and one under which every root is true answers the
//! check (`sat`) without the rest of the search.
//!
//! Why: some satisfiable checks are hard for CDCL but have solutions almost everywhere. The
//! explicit engine's branch on `rand() % 10 == 7` after `srand(time(NULL))` asks whether some
//! seed makes glibc's generator (hundreds of multiplications and divisions) give a number that
//! does *not* end in 7 — nine seeds in ten do, yet the SAT core took 16–23 s to find one, and z3
//! did not within 100 s. Evaluating a candidate is linear in the query's term DAG. This is the
//! word-level counterpart of the "local search phase for satisfiable instances" of issue #19; the
//! candidates stay near the last model because path conditions hold range constraints (`time()`
//! below 2^33) that uniformly random values break.
//!
//! Invariants:
//! * Only *satisfiable* is ever answered here, and only with an assignment under which every
//!   root (asserted term or assumption) evaluates to true by the exact semantics of
//!   [`crate::eval`]; unsat and unknown always come from the SAT core. Variables the candidate does
//!   not assign are 0 / false, as in every model of the solver.
//! * Deterministic: the candidates come from a fixed-seed generator whose state advances only
//!   here, so the same sequence of checks gets the same answers and models in every run.
//! * A candidate differs from its base (the last model, variables it lacks at 0) in the low `k`
//!   bits of one variable or of several, `k` drawn for each: small changes keep it inside the
//!   ranges the base satisfied, large ones reach values far away.

use std::collections::HashMap;

use crate::eval::{eval_cached, Value};
use crate::fasthash::FastSet;
use crate::term::{Op, TermId};
use crate::value::BitVecValue;
use crate::TermManager;

/// The candidates' generator and counters of one solver.
#[derive(Debug)]
pub struct NeighbourModels {
    /// xorshift64 state (never 0).
    state: u64,
    /// Checks answered by a neighbour model.
    pub hits: u64,
    /// Candidates evaluated.
    pub tries: u64,
}

impl Default for NeighbourModels {
    fn default() -> Self {
        NeighbourModels { state: 0x9e37_79b9_7f4a_7c15, hits: 0, tries: 0 }
    }
}

impl NeighbourModels {
    fn next(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state = x;
        x
    }

    /// A value below `n` (> 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Up to `candidates` assignments near `base`, each evaluated on `roots` (Bool terms); the
    /// first under which all of them are true, with every variable of the roots assigned.
    pub fn find(
        &mut self,
        tm: &TermManager,
        roots: &[TermId],
        base: Option<&HashMap<TermId, Value>>,
        candidates: usize,
    ) -> Option<HashMap<TermId, Value>> {
        let vars = variables(tm, roots);
        if vars.is_empty() {
            return None;
        }
        let base_value = |v: TermId| base.and_then(|b| b.get(&v).cloned()).unwrap_or_else(|| Value::default_of(tm.sort(v)));
        let start: Vec<Value> = vars.iter().map(|&v| base_value(v)).collect();
        for _ in 0..candidates {
            self.tries += 1;
            let mut values = start.clone();
            // Half of the candidates change one variable, the others each variable with
            // probability one half (at least one).
            let one = self.next() & 1 == 0 || vars.len() == 1;
            let first = self.below(vars.len() as u64) as usize;
            for (i, value) in values.iter_mut().enumerate() {
                let change = if one { i == first } else { i == first || self.next() & 1 == 0 };
                if change {
                    *value = self.mutate(value);
                }
            }
            let mut memo: HashMap<TermId, Value> = vars.iter().copied().zip(values).collect();
            if roots.iter().all(|&r| eval_cached(tm, r, &mut memo) == Value::Bool(true)) {
                self.hits += 1;
                return Some(vars.iter().map(|v| (*v, memo[v].clone())).collect());
            }
        }
        None
    }

    /// `value` with its low `k` bits (`k` uniform in 1..=min(width, 64)) replaced by random
    /// ones; a Bool flipped.
    fn mutate(&mut self, value: &Value) -> Value {
        match value {
            Value::Bool(b) => Value::Bool(!b),
            Value::Bv(v) => {
                let width = v.width();
                let k = 1 + self.below(width.min(64) as u64) as u32;
                let mask = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
                let low = (v.low_u64() & !mask) | (self.next() & mask);
                let mut limbs = v.limbs();
                limbs[0] = low;
                Value::Bv(BitVecValue::from_limbs(width, limbs))
            }
        }
    }
}

/// The variables in the term DAG of `roots`, in first-visit order (deterministic).
fn variables(tm: &TermManager, roots: &[TermId]) -> Vec<TermId> {
    let mut seen: FastSet<TermId> = FastSet::default();
    let mut stack: Vec<TermId> = roots.to_vec();
    let mut vars = Vec::new();
    while let Some(t) = stack.pop() {
        if !seen.insert(t) {
            continue;
        }
        match tm.op(t) {
            Op::Var(_) => vars.push(t),
            _ => stack.extend(tm.args(t).iter().copied()),
        }
    }
    vars
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::eval;
    use crate::sort::Sort;

    fn bv(w: u32, v: u64) -> Value {
        Value::Bv(BitVecValue::from_u64(w, v))
    }

    #[test]
    fn a_found_model_satisfies_every_root_and_assigns_every_variable() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(32));
        let y = tm.var("y", Sort::BitVec(32));
        let ten = tm.bv_u64(32, 10);
        let seven = tm.bv_u64(32, 7);
        let bound = tm.bv_u64(32, 1 << 20);
        // (x * y) % 10 != 7 and x <u 2^20: most assignments near a small base satisfy it.
        let p = tm.bvmul(x, y);
        let r = tm.bvurem(p, ten);
        let is7 = tm.eq(r, seven);
        let not7 = tm.not(is7);
        let small = tm.ult(x, bound);
        let base = HashMap::from([(x, bv(32, 1)), (y, bv(32, 7))]);
        let mut n = NeighbourModels::default();
        let m = n.find(&tm, &[not7, small], Some(&base), 16).expect("a neighbour of x=1, y=7");
        assert_eq!(m.len(), 2);
        for root in [not7, small] {
            assert_eq!(eval(&tm, root, &m), Value::Bool(true));
        }
        assert_eq!(n.hits, 1);
    }

    #[test]
    fn an_unsatisfiable_query_gets_no_model_and_the_candidates_are_deterministic() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(8));
        let c = tm.bv_u64(8, 200);
        let gt = tm.ult(c, x);
        let lt = tm.ult(x, c);
        let mut n = NeighbourModels::default();
        assert!(n.find(&tm, &[gt, lt], None, 64).is_none());
        assert_eq!((n.hits, n.tries), (0, 64));
        // x > 200 from x = 0: found by the same candidate in two fresh generators.
        let a = NeighbourModels::default().find(&tm, &[gt], None, 256);
        let b = NeighbourModels::default().find(&tm, &[gt], None, 256);
        assert!(a.is_some());
        assert_eq!(a, b);
        // A query without variables is left to the SAT core.
        let t = tm.bool_const(true);
        assert!(n.find(&tm, &[t], None, 8).is_none());
    }
}
