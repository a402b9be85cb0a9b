//! Level-0 inprocessing: removal of satisfied clauses and falsified literals, and garbage
//! collection of the clause arena (compaction, reason relocation, watch rebuilding).
//!
//! Invariants: runs only at decision level 0 after complete propagation, so every clause that
//! is not satisfied keeps at least two unassigned literals. Before any clause is deleted or
//! shortened the level-0 units are written to the proof, so each change is justified (shortened
//! clauses are RUP from the units; deletions are always allowed in DRAT).

use crate::clause_db::{forward, NO_CREF};
use crate::lit::Lit;
use crate::solver::Solver;
use std::time::Instant;

impl Solver {
    /// Propagates at level 0 and cleans the clause database. Returns false if unsatisfiable.
    pub(crate) fn simplify_level0(&mut self) -> bool {
        debug_assert_eq!(self.decision_level(), 0);
        if self.propagate().is_some() {
            self.set_unsat();
            return false;
        }
        if self.trail.len() == self.simp_assigns {
            return true;
        }
        let t0 = Instant::now();
        self.stats.simplifications += 1;
        self.write_units_to_proof();
        for i in 0..self.trail.len() {
            let v = self.trail[i].var().index();
            self.reason[v] = NO_CREF;
        }
        let mut buf: Vec<Lit> = Vec::new();
        for learnt in [false, true] {
            let list = if learnt {
                std::mem::take(&mut self.db.learnts)
            } else {
                std::mem::take(&mut self.db.originals)
            };
            let mut kept = Vec::with_capacity(list.len());
            for c in list {
                let lits = self.db.lits(c);
                if lits.iter().any(|&x| self.vals[x as usize] > 0) {
                    self.proof.delete_codes(lits);
                    self.db.mark_deleted(c);
                    self.stats.satisfied_removed += 1;
                    continue;
                }
                if lits.iter().any(|&x| self.vals[x as usize] < 0) {
                    buf.clear();
                    buf.extend(
                        lits.iter()
                            .filter(|&&x| self.vals[x as usize] == 0)
                            .map(|&x| Lit(x)),
                    );
                    self.stats.falsified_literals_removed += (lits.len() - buf.len()) as u64;
                    self.proof.add(&buf);
                    self.proof.delete_codes(self.db.lits(c));
                    debug_assert!(buf.len() >= 2, "propagation left a unit clause");
                    let n = buf.len();
                    for (k, l) in buf.iter().enumerate() {
                        self.db.lits_mut(c)[k] = l.0;
                    }
                    self.db.shrink(c, n);
                }
                kept.push(c);
            }
            if learnt {
                self.db.learnts = kept;
            } else {
                self.db.originals = kept;
            }
        }
        self.collect_garbage();
        self.simp_assigns = self.trail.len();
        self.simp_props = self.stats.propagations + (self.params.simplify_props * self.db.words() as f64) as u64;
        self.stats.time_simplify += t0.elapsed();
        true
    }

    /// Compacts the arena, relocates reasons and rebuilds all watch lists.
    pub(crate) fn collect_garbage(&mut self) {
        let old = self.db.compact();
        for i in 0..self.trail.len() {
            let v = self.trail[i].var().index();
            let r = self.reason[v];
            if r != NO_CREF {
                self.reason[v] = forward(&old, r);
            }
        }
        self.watches.rebuild(&self.db);
    }
}
