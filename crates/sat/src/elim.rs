//! Bounded variable elimination by clause distribution (SatELite-style), and model extension.
//!
//! A variable `x` is eliminated by replacing all irredundant clauses containing `x` or `!x` by
//! their non-tautological resolvents on `x`, when the parameters allow it: at most
//! `elim_max_occ` clauses contain `x`, no resolvent is longer than `elim_max_resolvent`, and the
//! number of clauses grows by at most `elim_grow`. Candidates are tried in `elim_order`; one round
//! visits at most `elim_lit_budget` literals.
//!
//! Invariants: runs at level 0 after `simplify_level0`; frozen, assigned and already eliminated
//! variables are never eliminated; every removed clause is pushed on `elim_stack` with its pivot
//! literal (`[lits.., len, pivot]`), so [`Solver::extend_model`], walking the stack backwards and
//! making the pivot true in each clause the model falsifies, yields a model of the clauses that
//! existed before elimination. Resolvents are RUP (written to the proof before the removed
//! clauses are deleted). Learned clauses containing an eliminated variable are deleted when
//! `elim_drop_learned` is set (keeping them is sound: they are implied by the original clauses,
//! and no complete assignment leaves them falsified).

use crate::clause_db::CRef;
use crate::lit::{Lit, Var};
use crate::params::ElimOrder;
use crate::solver::Solver;
use std::time::Instant;

/// Result of resolving two clauses on a pivot.
enum Resolvent {
    /// Tautological or satisfied at level 0: contributes nothing.
    Trivial,
    /// The resolvent's literals are in the output buffer.
    Clause,
}

impl Solver {
    /// One elimination round. Returns false if the formula became unsatisfiable.
    pub(crate) fn eliminate(&mut self) -> bool {
        let t0 = Instant::now();
        self.stats.elim_rounds += 1;
        let n = self.num_vars();
        let mut occs: Vec<Vec<CRef>> = vec![Vec::new(); 2 * n];
        for &c in &self.db.originals {
            for &l in self.db.lits(c) {
                occs[l as usize].push(c);
            }
        }
        let count = |v: usize| occs[2 * v].len() as u64 + occs[2 * v + 1].len() as u64;
        let mut cands: Vec<usize> = (0..n)
            .filter(|&v| {
                !self.frozen[v]
                    && !self.eliminated[v]
                    && self.vals[2 * v] == 0
                    && count(v) > 0
                    && count(v) <= self.params.elim_max_occ
            })
            .collect();
        match self.params.elim_order {
            ElimOrder::Rarest => cands.sort_by_key(|&v| (count(v), v)),
            ElimOrder::Product => {
                cands.sort_by_key(|&v| (occs[2 * v].len() as u64 * occs[2 * v + 1].len() as u64, v))
            }
            ElimOrder::Index => {}
        }
        let mut budget = self.params.elim_lit_budget as i64;
        let mut marks: Vec<i8> = vec![0; n];
        let mut buf: Vec<Lit> = Vec::new();
        let mut resolvents: Vec<Vec<Lit>> = Vec::new();
        'vars: for v in cands {
            if budget <= 0 {
                break;
            }
            if self.vals[2 * v] != 0 || self.eliminated[v] {
                continue;
            }
            for code in [2 * v, 2 * v + 1] {
                let db = &self.db;
                occs[code].retain(|&c| !db.is_deleted(c));
            }
            let (pos, neg) = (occs[2 * v].clone(), occs[2 * v + 1].clone());
            let total = (pos.len() + neg.len()) as u64;
            if total == 0 || total > self.params.elim_max_occ {
                continue;
            }
            let limit = total + self.params.elim_grow;
            resolvents.clear();
            for &a in &pos {
                for &b in &neg {
                    budget -= (self.db.len(a) + self.db.len(b)) as i64;
                    if let Resolvent::Clause =
                        self.resolve(a, b, Var(v as u32), &mut marks, &mut buf)
                    {
                        if buf.len() as u64 > self.params.elim_max_resolvent
                            || resolvents.len() as u64 >= limit
                        {
                            continue 'vars;
                        }
                        resolvents.push(buf.clone());
                    }
                }
            }
            // Commit: add resolvents, then remove the clauses on `v`.
            for r in &resolvents {
                self.stats.elim_resolvents += 1;
                self.proof.add(r);
                match r.len() {
                    0 => {
                        self.ok = false;
                        self.stats.time_elim += t0.elapsed();
                        return false;
                    }
                    1 => match self.lit_value(r[0]) {
                        0 => self.assign(r[0], crate::clause_db::NO_CREF),
                        -1 => {
                            self.set_unsat();
                            self.stats.time_elim += t0.elapsed();
                            return false;
                        }
                        _ => {}
                    },
                    _ => {
                        let c = self.db.alloc(r, false, 0);
                        self.db.originals.push(c);
                        for l in r {
                            occs[l.code()].push(c);
                        }
                    }
                }
            }
            for &c in pos.iter().chain(neg.iter()) {
                let pivot = if self.db.lits(c).contains(&(2 * v as u32)) {
                    Lit::positive(Var(v as u32))
                } else {
                    Lit::negative(Var(v as u32))
                };
                let lits = self.db.lits(c);
                self.elim_stack.extend_from_slice(lits);
                self.elim_stack.push(lits.len() as u32);
                self.elim_stack.push(pivot.0);
                self.proof.delete_codes(self.db.lits(c));
                self.db.mark_deleted(c);
            }
            self.eliminated[v] = true;
            self.stats.eliminated_vars += 1;
        }
        let mut originals = std::mem::take(&mut self.db.originals);
        originals.retain(|&c| !self.db.is_deleted(c));
        self.db.originals = originals;
        if self.params.elim_drop_learned {
            let mut learnts = std::mem::take(&mut self.db.learnts);
            learnts.retain(|&c| {
                if self
                    .db
                    .lits(c)
                    .iter()
                    .any(|&l| self.eliminated[(l >> 1) as usize])
                {
                    self.proof.delete_codes(self.db.lits(c));
                    self.db.mark_deleted(c);
                    self.stats.elim_learned_dropped += 1;
                    false
                } else {
                    true
                }
            });
            self.db.learnts = learnts;
        }
        self.collect_garbage();
        self.stats.time_elim += t0.elapsed();
        if self.propagate().is_some() {
            self.set_unsat();
            return false;
        }
        true
    }

    /// Resolves clauses `a` (containing `x`) and `b` (containing `!x`) into `out`, dropping
    /// literals false at level 0; trivial if tautological or satisfied at level 0.
    fn resolve(&self, a: CRef, b: CRef, x: Var, marks: &mut [i8], out: &mut Vec<Lit>) -> Resolvent {
        out.clear();
        let mut trivial = false;
        for &c in [a, b].iter() {
            for &code in self.db.lits(c) {
                let l = Lit(code);
                let v = l.var();
                if v == x || self.vals[l.code()] < 0 {
                    continue;
                }
                if self.vals[l.code()] > 0 {
                    trivial = true;
                    break;
                }
                let sign: i8 = if l.is_negative() { -1 } else { 1 };
                match marks[v.index()] {
                    0 => {
                        marks[v.index()] = sign;
                        out.push(l);
                    }
                    m if m == sign => {}
                    _ => {
                        trivial = true;
                        break;
                    }
                }
            }
            if trivial {
                break;
            }
        }
        for l in out.iter() {
            marks[l.var().index()] = 0;
        }
        if trivial {
            Resolvent::Trivial
        } else {
            Resolvent::Clause
        }
    }

    /// Extends `model` to eliminated variables (see the module doc).
    pub(crate) fn extend_model(&mut self) {
        let s = &self.elim_stack;
        let mut i = s.len();
        while i >= 2 {
            let pivot = Lit(s[i - 1]);
            let len = s[i - 2] as usize;
            let start = i - 2 - len;
            let satisfied = s[start..i - 2].iter().any(|&c| {
                let l = Lit(c);
                self.model[l.var().index()] != l.is_negative()
            });
            if !satisfied {
                self.model[pivot.var().index()] = !pivot.is_negative();
            }
            i = start;
        }
    }
}
