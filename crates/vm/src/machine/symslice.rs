//! Constraint independence for the explicit engine's solver queries (KLEE: Cadar, Dunbar,
//! Engler, OSDI 2008, §3.3 "constraint independence"): a path condition is a conjunction, and a
//! question about a term needs only the conjuncts that share an input with it — directly, or
//! through a chain of conjuncts that share inputs with each other.
//!
//! Soundness. Write the path condition as `S ∧ R`, where `S` is the slice returned for the
//! query terms `Q` and `R` shares no variable with `S ∧ Q`. Then `S ∧ R ∧ Q` is satisfiable
//! exactly when `S ∧ Q` and `R` are, and a model of `S ∧ Q` gives every variable of `Q` its value
//! in some model of the whole. `R` is satisfiable when the whole path condition is, which holds
//! for every state the search keeps, except when an *undecided* query (conflict budget,
//! deadline) let an infeasible branch through; that case already counts as feasible in
//! [`super::symdata`], and a sliced query can only answer *feasible* more often there, never
//! less: the search explores a superset of the real paths (a `true` stays a proof) and every
//! violation is replayed concretely before it is reported. Counterexample models
//! ([`super::Machine::sym_inputs_model`]) still solve the whole path condition.
//!
//! Invariants: supports (the input variables a term mentions) are computed once per term and
//! kept for the search (terms are hash-consed and never change); every traversal is iterative,
//! because path conditions are conjunction chains thousands of terms deep.

use crate::fasthash::FastMap;
use std::rc::Rc;
use vigil_bv::{Op, TermId, TermManager};

/// The variables of terms, remembered.
#[derive(Default)]
pub struct Slicer {
    /// The sorted, deduplicated variable numbers each term mentions.
    support: FastMap<TermId, Rc<[u32]>>,
    /// Scratch space of [`Slicer::slice`]: union-find parents and wanted classes, by variable.
    parent: Vec<u32>,
    wanted: Vec<bool>,
}

impl Slicer {
    /// The variable numbers `t` mentions (sorted, without repeats).
    pub fn support(&mut self, tm: &TermManager, t: TermId) -> Rc<[u32]> {
        if let Some(s) = self.support.get(&t) {
            return Rc::clone(s);
        }
        // Post-order without recursion: a term is finished when all its arguments are.
        let mut stack = vec![(t, false)];
        while let Some((u, expanded)) = stack.pop() {
            if self.support.contains_key(&u) {
                continue;
            }
            if !expanded {
                stack.push((u, true));
                for &a in tm.args(u) {
                    if !self.support.contains_key(&a) {
                        stack.push((a, false));
                    }
                }
                continue;
            }
            let mut vars: Vec<u32> = match tm.op(u) {
                Op::Var(i) => vec![*i],
                _ => tm.args(u).iter().flat_map(|a| self.support[a].iter().copied()).collect(),
            };
            vars.sort_unstable();
            vars.dedup();
            self.support.insert(u, vars.into());
        }
        Rc::clone(&self.support[&t])
    }

    /// The conjuncts of `pc` that `queries` depend on: those sharing a variable with a query
    /// term, closed under sharing a variable with a conjunct already taken. Conjuncts without
    /// variables are kept only when they are not the constant `true`. Linear in the size of
    /// `pc` (a partition kept per path condition and built anew for each was slower: most
    /// states' path conditions are asked about once or twice).
    pub fn slice(&mut self, tm: &TermManager, pc: TermId, queries: &[TermId]) -> Vec<TermId> {
        let conjuncts = conjuncts(tm, pc);
        let supports: Vec<Rc<[u32]>> = conjuncts.iter().map(|&c| self.support(tm, c)).collect();
        let queried: Vec<Rc<[u32]>> = queries.iter().map(|&q| self.support(tm, q)).collect();
        let vars = supports.iter().chain(&queried).filter_map(|s| s.last()).max().map_or(0, |&v| v as usize + 1);
        // Union-find over variable numbers: the variables of one conjunct are one class.
        self.parent.clear();
        self.parent.extend(0..vars as u32);
        for s in &supports {
            let Some(&first) = s.first() else { continue };
            let r = find(&mut self.parent, first);
            for &v in &s[1..] {
                let rv = find(&mut self.parent, v);
                if rv != r {
                    self.parent[rv as usize] = r;
                }
            }
        }
        self.wanted.clear();
        self.wanted.resize(vars, false);
        for s in &queried {
            for &v in s.iter() {
                let r = find(&mut self.parent, v);
                self.wanted[r as usize] = true;
            }
        }
        let mut out = Vec::new();
        for (c, s) in conjuncts.into_iter().zip(&supports) {
            let keep = match s.first() {
                Some(&v) => self.wanted[find(&mut self.parent, v) as usize],
                None => tm.bool_value(c) != Some(true),
            };
            if keep {
                out.push(c);
            }
        }
        out
    }
}

/// The representative of `v`'s class, halving paths on the way.
pub(super) fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        let p = parent[v as usize];
        parent[v as usize] = parent[p as usize];
        v = p;
    }
    v
}

/// The conjuncts of `t`: the leaves of its tree of `and`s, in order.
pub(super) fn conjuncts(tm: &TermManager, t: TermId) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(u) = stack.pop() {
        if matches!(tm.op(u), Op::And) {
            stack.extend(tm.args(u).iter().rev());
        } else {
            out.push(u);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::Sort;

    /// Slices over a path condition of three independent groups of inputs: a query takes the
    /// conjuncts of its own group, including those linked only through another conjunct.
    #[test]
    fn a_query_takes_the_conjuncts_connected_to_its_variables() {
        let mut tm = TermManager::new();
        let v: Vec<TermId> = (0..5).map(|k| tm.var(&format!("in{k}"), Sort::BitVec(8))).collect();
        let c10 = tm.bv_u64(8, 10);
        let a = tm.ult(v[0], c10); // in0 < 10
        let b = tm.ult(v[1], v[2]); // in1 < in2
        let c = tm.ult(v[2], c10); // in2 < 10
        let d = tm.eq(v[3], c10); // in3 = 10
        let ab = tm.and(a, b);
        let abc = tm.and(ab, c);
        let pc = tm.and(abc, d);
        let q: Vec<TermId> = (0..5).map(|k| tm_eq(&mut tm, v[k])).collect();
        let q03 = tm.ult(v[0], v[3]);
        let mut s = Slicer::default();
        assert_eq!(sorted(s.slice(&tm, pc, &[q[0]])), vec![a]);
        assert_eq!(sorted(s.slice(&tm, pc, &[q[1]])), sorted(vec![b, c]));
        assert_eq!(sorted(s.slice(&tm, pc, &[q[2]])), sorted(vec![b, c]));
        assert_eq!(s.slice(&tm, pc, &[q[4]]), Vec::<TermId>::new());
        assert_eq!(sorted(s.slice(&tm, pc, &[q03])), sorted(vec![a, d]));
        assert_eq!(sorted(s.slice(&tm, pc, &[q[0], q[3]])), sorted(vec![a, d]));
    }

    /// (`and` is commutative: the rewriter may order a conjunction's operands.)
    fn sorted(mut v: Vec<TermId>) -> Vec<TermId> {
        v.sort();
        v
    }

    fn tm_eq(tm: &mut TermManager, x: TermId) -> TermId {
        let c = tm.bv_u64(8, 3);
        tm.eq(x, c)
    }
}
