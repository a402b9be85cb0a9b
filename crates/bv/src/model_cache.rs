//! A cache of recent models (KLEE's counterexample cache: Cadar, Dunbar, Engler, OSDI 2008,
//! §3.3): before a satisfiability check, the asserted terms and assumptions are evaluated under
//! the last few models found; if one satisfies all of them, it is the answer, without bit-blasting
//! or SAT search.
//!
//! Why: an engine that asks many queries over one growing path condition (the explicit engine's
//! symbolic data) pays, per SAT check, propagation and decisions over the whole blasted path
//! condition; a model of the previous branch often satisfies the next one, and evaluating the
//! query's term DAG is far cheaper.
//!
//! Invariants: the cache only ever answers *satisfiable*, and only with an assignment under which
//! every root evaluates to true by the evaluator's exact semantics ([`crate::eval`], the same the
//! model check of [`crate::Solver`] uses); an unsatisfiable or undecided answer always comes from
//! the SAT core. Variables a cached model does not mention evaluate to 0/false, here and in every
//! later `value` under that model, so the answer and the model values agree. Capacity 0 disables
//! the cache (nothing is evaluated or kept). Each cached model keeps the values of the terms
//! evaluated under it (at most `MEMO_LIMIT`, then it starts over), so that the roots of a growing
//! path condition are evaluated once per model rather than at every check (tune8: this
//! evaluation was over half of the time of long counting-loop sessions).

use std::collections::{HashMap, VecDeque};

use crate::eval::{eval_cached, Value};
use crate::term::TermId;
use crate::TermManager;

/// The most terms whose values one cached model remembers ([`Cached::values`]) before it
/// forgets them: bounds the memory of the memo (a few MB per model).
const MEMO_LIMIT: usize = 1 << 16;

/// One cached model, with the values of the terms evaluated under it so far.
#[derive(Debug)]
struct Cached {
    model: HashMap<TermId, Value>,
    /// The model's assignment and the value of every term evaluated under it since (terms are
    /// immutable and the model does not change, so a value once computed stays right): a root
    /// of the path condition is evaluated once per model, not at every check.
    values: HashMap<TermId, Value>,
}

/// The most recent models, newest first.
#[derive(Debug, Default)]
pub struct ModelCache {
    capacity: usize,
    models: VecDeque<Cached>,
    /// Checks answered from the cache.
    pub hits: u64,
}

impl ModelCache {
    pub fn new(capacity: usize) -> ModelCache {
        ModelCache { capacity, models: VecDeque::new(), hits: 0 }
    }

    /// A cached model under which every one of `roots` (Bool terms) is true, newest first.
    pub fn find(&mut self, tm: &TermManager, roots: &[TermId]) -> Option<HashMap<TermId, Value>> {
        let k = self.models.iter_mut().position(|c| {
            if c.values.len() > MEMO_LIMIT {
                c.values = c.model.clone();
            }
            roots.iter().all(|&r| eval_cached(tm, r, &mut c.values) == Value::Bool(true))
        })?;
        self.hits += 1;
        // The model that answered moves to the front (it is the likeliest to answer again).
        let c = self.models.remove(k)?;
        let m = c.model.clone();
        self.models.push_front(c);
        Some(m)
    }

    /// Keeps `model` (a model the SAT core found) as the newest one.
    pub fn insert(&mut self, model: &HashMap<TermId, Value>) {
        if self.capacity == 0 {
            return;
        }
        if self.models.len() == self.capacity {
            self.models.pop_back();
        }
        self.models.push_front(Cached { model: model.clone(), values: model.clone() });
    }

    /// How many models are kept at most.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn is_enabled(&self) -> bool {
        self.capacity > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sort::Sort;

    #[test]
    fn answers_only_with_a_satisfying_model_and_keeps_the_newest() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(8));
        let five = tm.bv_u64(8, 5);
        let seven = tm.bv_u64(8, 7);
        let is5 = tm.eq(x, five);
        let is7 = tm.eq(x, seven);
        let mut c = ModelCache::new(2);
        assert!(c.find(&tm, &[is5]).is_none());
        let m = |v: u64| HashMap::from([(x, Value::Bv(crate::value::BitVecValue::from_u64(8, v)))]);
        c.insert(&m(5));
        c.insert(&m(7));
        assert_eq!(c.find(&tm, &[is5]), Some(m(5)));
        assert_eq!(c.find(&tm, &[is7]), Some(m(7)));
        // Both conditions at once: no single model satisfies them.
        assert!(c.find(&tm, &[is5, is7]).is_none());
        // A variable the model does not mention is 0.
        let y = tm.var("y", Sort::BitVec(8));
        let zero = tm.bv_u64(8, 0);
        let y0 = tm.eq(y, zero);
        assert!(c.find(&tm, &[is7, y0]).is_some());
        assert_eq!(c.hits, 3);
        // Capacity 2: a third model drops the oldest (5 was used last but one).
        c.insert(&m(9));
        assert!(c.find(&tm, &[is5]).is_none());
        let mut off = ModelCache::new(0);
        off.insert(&m(5));
        assert!(off.find(&tm, &[is5]).is_none() && !off.is_enabled());
    }
}
