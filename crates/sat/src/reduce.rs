//! Learned-clause database reduction: rank deletable learned clauses by the `reduce_order`
//! parameter and delete the worst `reduce_fraction` of them.
//!
//! Invariants: binary learned clauses, clauses with LBD <= `lbd_keep` and clauses that are the
//! reason of a current assignment (locked) are never deleted. After a reduction no watch refers
//! to a deleted clause.

use crate::clause_db::CRef;
use crate::params::ReduceOrder;
use crate::solver::Solver;
use std::cmp::Ordering;
use std::time::Instant;

impl Solver {
    fn locked(&self, c: CRef) -> bool {
        (0..2).any(|k| {
            let l = self.db.lit(c, k);
            self.vals[l.code()] > 0 && self.reason[l.var().index()] == c
        })
    }

    pub(crate) fn reduce_db(&mut self) {
        let t0 = Instant::now();
        self.stats.reductions += 1;
        let keep = self.params.lbd_keep;
        // (age, clause) of the deletable clauses; age = position in `learnts` (older first).
        let mut cands: Vec<(usize, CRef)> = self
            .db
            .learnts
            .iter()
            .enumerate()
            .filter(|&(_, &c)| {
                self.db.len(c) > 2 && self.db.lbd(c) as u64 > keep && !self.locked(c)
            })
            .map(|(i, &c)| (i, c))
            .collect();
        let db = &self.db;
        let worse_first = |a: &(usize, CRef), b: &(usize, CRef)| -> Ordering {
            let (x, y) = (a.1, b.1);
            let act = |c| db.activity(c);
            match self.params.reduce_order {
                ReduceOrder::LbdActivity => {
                    db.lbd(y).cmp(&db.lbd(x)).then(act(x).total_cmp(&act(y)))
                }
                ReduceOrder::Activity => act(x).total_cmp(&act(y)),
                ReduceOrder::LbdSize => db.lbd(y).cmp(&db.lbd(x)).then(db.len(y).cmp(&db.len(x))),
                ReduceOrder::Size => db.len(y).cmp(&db.len(x)),
                ReduceOrder::Age => a.0.cmp(&b.0),
            }
        };
        cands.sort_by(worse_first);
        let n = (cands.len() as f64 * self.params.reduce_fraction) as usize;
        for &(_, c) in &cands[..n] {
            self.proof.delete_codes(self.db.lits(c));
            self.db.mark_deleted(c);
        }
        self.stats.deleted += n as u64;
        let mut learnts = std::mem::take(&mut self.db.learnts);
        learnts.retain(|&c| !self.db.is_deleted(c));
        self.db.learnts = learnts;
        self.purge_deleted();
        self.stats.time_reduce += t0.elapsed();
    }

    /// Removes watches of deleted clauses, compacting the arena if enough of it is garbage.
    pub(crate) fn purge_deleted(&mut self) {
        if self.db.garbage as f64 > self.params.garbage_fraction * self.db.words() as f64 {
            self.collect_garbage();
        } else {
            let db = &self.db;
            for ws in self.watches.lists.iter_mut() {
                ws.retain(|w| !db.is_deleted(w.cref()));
            }
        }
    }
}
