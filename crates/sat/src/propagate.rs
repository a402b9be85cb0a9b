//! Unit propagation over two watched literals with blocking literals.
//!
//! Invariants on exit without conflict: `qhead == trail.len()` and no live clause is unit or
//! falsified under the assignment, except, under a propagation scope above level 0
//! (`scope.rs`), clauses unit on a variable outside the scope. For each long clause the literal implied by it is moved to
//! position 0, so a long clause is the reason of its literal 0 (binary clauses are not
//! reordered; their implied literal is whichever one is true). On conflict the conflicting
//! clause is returned and the watch invariant still holds for every visited clause.

use crate::clause_db::CRef;
use crate::lit::Lit;
use crate::solver::Solver;
use crate::watch::Watch;

impl Solver {
    /// Propagates all pending trail literals; returns a falsified clause on conflict.
    pub(crate) fn propagate(&mut self) -> Option<CRef> {
        let mut conflict = None;
        let mut props = 0u64;
        // Above level 0 under a propagation scope, implications onto variables outside it are
        // skipped (`scope.rs`).
        let confined = self.prop_scoped && !self.trail_lim.is_empty();
        while self.qhead < self.trail.len() && conflict.is_none() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            props += 1;
            let false_lit = !p;
            let mut ws = std::mem::take(&mut self.watches.lists[false_lit.code()]);
            let n = ws.len();
            let (mut i, mut j) = (0usize, 0usize);
            while i < n {
                let w = ws[i];
                i += 1;
                let bv = self.vals[w.blocker.code()];
                if bv > 0 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.is_binary() {
                    ws[j] = w;
                    j += 1;
                    if bv < 0 {
                        conflict = Some(w.cref());
                        break;
                    }
                    if confined && !self.may_propagate(w.blocker.var().index()) {
                        continue;
                    }
                    self.assign(w.blocker, w.cref());
                    continue;
                }
                let c = w.cref();
                let cs = c as usize;
                let len = self.db.arena[cs] as usize;
                let lits = &mut self.db.arena[cs + 3..cs + 3 + len];
                // Put the false literal at position 1.
                if lits[0] == false_lit.0 {
                    lits[0] = lits[1];
                    lits[1] = false_lit.0;
                }
                let first = Lit(lits[0]);
                let nw = Watch::new(c, first, false);
                let fv = self.vals[first.code()];
                if first != w.blocker && fv > 0 {
                    ws[j] = nw;
                    j += 1;
                    continue;
                }
                // Look for a new literal to watch.
                let mut new_watch = None;
                for k in 2..len {
                    let l = lits[k];
                    if self.vals[l as usize] >= 0 {
                        lits[1] = l;
                        lits[k] = false_lit.0;
                        new_watch = Some(l);
                        break;
                    }
                }
                if let Some(l) = new_watch {
                    self.watches.lists[l as usize].push(nw);
                    continue;
                }
                ws[j] = nw;
                j += 1;
                if fv < 0 {
                    conflict = Some(c);
                    break;
                }
                if confined && !self.may_propagate(first.var().index()) {
                    continue;
                }
                self.assign(first, c);
            }
            while i < n {
                ws[j] = ws[i];
                i += 1;
                j += 1;
            }
            ws.truncate(j);
            self.watches.lists[false_lit.code()] = ws;
        }
        self.stats.propagations += props;
        conflict
    }
}
