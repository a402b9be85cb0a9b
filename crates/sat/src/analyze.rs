//! Conflict analysis: first-UIP learning, clause minimisation, LBD, and the final analysis that
//! explains a falsified assumption.
//!
//! Invariants: on entry to [`Solver::analyze`] the conflict clause is falsified at the current
//! decision level (> 0). The learned clause has the asserting literal (negation of the first
//! UIP) at position 0 and, if longer than one, a literal of the highest remaining level at
//! position 1, so it is unit after backjumping to that level. `seen` is all zero on exit.
//! Reasons are read by skipping the implied variable, so binary clauses need no reordering.

use crate::clause_db::{CRef, NO_CREF};
use crate::lit::Lit;
use crate::params::MinimizeMode;
use crate::solver::Solver;

const SEEN: u8 = 1;
const REMOVABLE: u8 = 2;
const FAILED: u8 = 4;

/// The result of analysing one conflict.
pub(crate) struct Learned {
    pub lits: Vec<Lit>,
    pub backjump: u32,
    pub lbd: u32,
}

impl Solver {
    pub(crate) fn analyze(&mut self, mut confl: CRef) -> Learned {
        let mut learnt: Vec<Lit> = std::mem::take(&mut self.learnt_buf);
        learnt.clear();
        learnt.push(Lit(0));
        let mut path = 0usize;
        let mut pivot: Option<Lit> = None;
        let mut index = self.trail.len();
        let dl = self.decision_level();
        loop {
            if self.db.is_learnt(confl) {
                self.db.bump(confl);
                if self.params.lbd_update && self.db.lbd(confl) as u64 > self.params.lbd_keep {
                    let lbd = self.clause_lbd(confl);
                    if lbd < self.db.lbd(confl) {
                        self.db.set_lbd(confl, lbd);
                    }
                }
            }
            let len = self.db.len(confl);
            for k in 0..len {
                let q = self.db.lit(confl, k);
                if Some(q.var()) == pivot.map(|p| p.var()) {
                    continue;
                }
                let v = q.var().index();
                if self.seen[v] == 0 && self.level[v] > 0 {
                    self.vsids.bump(v as u32);
                    self.seen[v] = SEEN;
                    if self.level[v] >= dl {
                        path += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // Next literal of the current level on the trail that is marked.
            loop {
                index -= 1;
                if self.seen[self.trail[index].var().index()] != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            pivot = Some(p);
            self.seen[p.var().index()] = 0;
            path -= 1;
            if path == 0 {
                learnt[0] = !p;
                break;
            }
            confl = self.reason[p.var().index()];
            debug_assert!(confl != NO_CREF);
        }
        let before = learnt.len();
        self.minimize(&mut learnt);
        self.stats.minimized_literals += (before - learnt.len()) as u64;
        self.stats.learned_literals += learnt.len() as u64;
        // Find the backjump level and move its literal to position 1.
        let mut backjump = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[learnt[i].var().index()] > self.level[learnt[best].var().index()] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            backjump = self.level[learnt[1].var().index()];
        }
        let lbd = self.compute_lbd(&learnt);
        Learned {
            lits: learnt,
            backjump,
            lbd,
        }
    }

    /// Removes redundant literals (per the `minimize` parameter) and clears `seen` for all
    /// literals of the clause.
    fn minimize(&mut self, learnt: &mut Vec<Lit>) {
        let mode = self.params.minimize;
        let mut clear = std::mem::take(&mut self.clear_buf);
        clear.clear();
        clear.extend(learnt.iter().map(|l| l.var().index()));
        if mode != MinimizeMode::None && learnt.len() > 1 {
            let mut abstract_levels = 0u32;
            for l in &learnt[1..] {
                abstract_levels |= 1 << (self.level[l.var().index()] & 31);
            }
            let mut j = 1;
            for i in 1..learnt.len() {
                let l = learnt[i];
                let r = self.reason[l.var().index()];
                let keep = if r == NO_CREF {
                    true
                } else if mode == MinimizeMode::Local {
                    !self.reason_lits_seen(r, l)
                } else {
                    !self.redundant(l, abstract_levels, &mut clear)
                };
                if keep {
                    learnt[j] = l;
                    j += 1;
                }
            }
            learnt.truncate(j);
        }
        for &v in &clear {
            self.seen[v] = 0;
        }
        self.clear_buf = clear;
    }

    fn reason_lits_seen(&self, r: CRef, implied: Lit) -> bool {
        self.db.lits(r).iter().all(|&c| {
            let v = Lit(c).var();
            v == implied.var() || self.seen[v.index()] != 0 || self.level[v.index()] == 0
        })
    }

    /// Whether `l` (in the learned clause) is implied by the other literals: a depth-first
    /// search through reasons that stops at marked literals (redundant) and fails at decisions
    /// or at levels not in the clause. Results are cached in `seen` (REMOVABLE / FAILED).
    fn redundant(&mut self, l: Lit, abstract_levels: u32, clear: &mut Vec<usize>) -> bool {
        let mut stack = std::mem::take(&mut self.minimize_stack);
        stack.clear();
        stack.push((l, 0));
        let ok = self.redundant_search(&mut stack, abstract_levels, clear);
        self.minimize_stack = stack;
        ok
    }

    fn redundant_search(
        &mut self,
        stack: &mut Vec<(Lit, usize)>,
        abstract_levels: u32,
        clear: &mut Vec<usize>,
    ) -> bool {
        while let Some(&mut (cur, ref mut k)) = stack.last_mut() {
            let r = self.reason[cur.var().index()];
            let len = self.db.len(r);
            if *k < len {
                let q = self.db.lit(r, *k);
                *k += 1;
                let v = q.var().index();
                if v == cur.var().index()
                    || self.level[v] == 0
                    || self.seen[v] & (SEEN | REMOVABLE) != 0
                {
                    continue;
                }
                let qr = self.reason[v];
                if qr == NO_CREF
                    || self.seen[v] & FAILED != 0
                    || (1u32 << (self.level[v] & 31)) & abstract_levels == 0
                {
                    // Failure: mark everything on the stack as failed.
                    for &(s, _) in stack.iter() {
                        let sv = s.var().index();
                        if self.seen[sv] == 0 {
                            clear.push(sv);
                        }
                        self.seen[sv] |= FAILED;
                    }
                    if self.seen[v] == 0 {
                        clear.push(v);
                    }
                    self.seen[v] |= FAILED;
                    return false;
                }
                stack.push((q, 0));
            } else {
                let sv = cur.var().index();
                stack.pop();
                if !stack.is_empty() {
                    if self.seen[sv] == 0 {
                        clear.push(sv);
                    }
                    self.seen[sv] |= REMOVABLE;
                }
            }
        }
        true
    }

    /// Number of distinct decision levels among `lits`.
    pub(crate) fn compute_lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut n = 0;
        for l in lits {
            let lv = self.level[l.var().index()] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                n += 1;
            }
        }
        n
    }

    /// Number of distinct decision levels among the literals of clause `c`.
    fn clause_lbd(&mut self, c: CRef) -> u32 {
        self.stamp += 1;
        let mut n = 0;
        for k in 0..self.db.len(c) {
            let lv = self.level[self.db.lit(c, k).var().index()] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                n += 1;
            }
        }
        n
    }

    /// Sets `failed` to the assumptions responsible for `p` (an assumption that is false).
    pub(crate) fn analyze_final(&mut self, p: Lit) {
        self.failed.clear();
        self.failed.push(p);
        if self.decision_level() == 0 {
            return;
        }
        self.seen[p.var().index()] = SEEN;
        let start = self.trail_lim[0];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l.var().index();
            if self.seen[v] == 0 {
                continue;
            }
            let r = self.reason[v];
            if r == NO_CREF {
                // A decision above level 0 while assumptions are placed is an assumption.
                if l != p {
                    self.failed.push(l);
                }
            } else {
                for k in 0..self.db.len(r) {
                    let q = self.db.lit(r, k);
                    if q.var().index() != v && self.level[q.var().index()] > 0 {
                        self.seen[q.var().index()] = SEEN;
                    }
                }
            }
            self.seen[v] = 0;
        }
        self.seen[p.var().index()] = 0;
    }
}
