//! Trail reuse between incremental solves under assumptions (`keep_trail`; Hickey and Bacchus,
//! "Speeding Up Assumption-Based SAT", SAT 2019, §3: keep the assumption part of the trail
//! between solver calls).
//!
//! Why: a client such as the explicit engine asks many checks under nearly the same long list
//! of assumptions (a path condition). Backtracking to level 0 after each solve makes the next
//! one re-assign and re-propagate every assumption; with this option the levels of the
//! assumptions both solves share stay on the trail.
//!
//! What is kept: after a solve, the decision levels 1..=k that hold assumptions and whose
//! propagation ran to its fixpoint without conflict (every level below the current one; the
//! current one too when the solve answered `Sat` or `Unsat`, both of which end after a complete
//! propagation). The next solve reorders its assumptions so that those of the kept levels come
//! first, in the kept order, as long as they are among its own (a conjunction of assumptions does
//! not depend on their order), and backtracks only to the last level shared. The remaining
//! assumptions follow, those the previous solve had as well first and new ones last: a client
//! that puts a fresh query literal in front of a path condition (the explicit engine) thus gets
//! the path condition at the bottom of the trail, where the next check finds it again.
//!
//! Invariants, and why answers do not change: (1) every kept level is what the solve would
//! rebuild itself: level i holds assumption i and its unit consequences, closed under
//! propagation over all clauses (so nothing is kept after a solve under a propagation scope,
//! whose levels are closed only inside the scope, nor into one). (2) A clause added while levels
//! are kept ([`Solver::clause_safe_level`]) first backtracks to the highest level at which at
//! least two of its literals are not false; it is then neither unit nor falsified on the kept
//! trail, so (1) holds with it, and its two watches are on non-false literals, as the watch
//! invariant requires. A clause that is unit or empty at level 0 backtracks to level 0, where
//! it is handled as always. Only level-0 values simplify an added clause. (3) Conflict analysis,
//! learning and failed-assumption sets are those of the search from the kept trail, which is a
//! state the search itself could have reached; so answers, models and failed assumptions are
//! as valid as without the option.

use crate::lit::{Lit, SolveResult};
use crate::solver::Solver;

impl Solver {
    /// At the start of a solve under `assumptions`: backtracks to the deepest kept level shared
    /// with `assumptions` and returns them reordered, the shared ones first.
    pub(crate) fn reuse_kept_levels(&mut self, assumptions: &[Lit]) -> Vec<Lit> {
        if !self.params.keep_trail || self.prop_scoped || self.qhead != self.trail.len() {
            self.kept.clear();
            self.cancel_until(0);
            return assumptions.to_vec();
        }
        let dl = self.decision_level() as usize;
        self.kept.truncate(dl);
        // The new assumptions by literal, to find each kept one (and mark it used) quickly.
        let mut by_lit: Vec<(Lit, usize)> = assumptions.iter().copied().zip(0..).collect();
        by_lit.sort_unstable();
        let mut used = vec![false; assumptions.len()];
        let take = |l: Lit, used: &mut Vec<bool>| -> bool {
            let from = by_lit.partition_point(|&(m, _)| m < l);
            for &(m, i) in &by_lit[from..] {
                if m != l {
                    break;
                }
                if !used[i] {
                    used[i] = true;
                    return true;
                }
            }
            false
        };
        let mut order = Vec::with_capacity(assumptions.len());
        for &k in &self.kept {
            if !take(k, &mut used) {
                break;
            }
            order.push(k);
        }
        let shared = order.len();
        self.stats.reused_levels += shared as u64;
        self.cancel_until(shared as u32);
        self.kept.truncate(shared);
        // Then the assumptions the previous solve had too (likely to come again: a path
        // condition), then the new ones (e.g. a query), so that the next solve shares more.
        let mut previous = self.assumptions.clone();
        previous.sort_unstable();
        let (old, new): (Vec<usize>, Vec<usize>) =
            (0..assumptions.len()).filter(|&i| !used[i]).partition(|&i| previous.binary_search(&assumptions[i]).is_ok());
        order.extend(old.into_iter().chain(new).map(|i| assumptions[i]));
        order
    }

    /// At the end of a solve that answered `result`: backtracks to the levels that may be kept
    /// (module doc), or to level 0 without `keep_trail`.
    pub(crate) fn keep_levels_after(&mut self, result: SolveResult) {
        let complete = match result {
            SolveResult::Sat | SolveResult::Unsat => self.decision_level(),
            SolveResult::Unknown => self.decision_level().saturating_sub(1),
        };
        let keep = if self.params.keep_trail && !self.prop_scoped && self.ok {
            complete.min(self.assumptions.len() as u32)
        } else {
            0
        };
        self.cancel_until(keep);
        self.kept.clear();
        self.kept.extend_from_slice(&self.assumptions[..keep as usize]);
    }

    /// Where a clause added while levels are kept goes (module doc, (2)): the level to backtrack
    /// to, and the literal it implies there, if any. A clause with two non-false literals stays
    /// at the current level; one false except a literal `x` is unit at the highest level `l` of
    /// its false literals: back to `l`, where it implies `x` (unless `x` is already true at a
    /// level up to `l`); one falsified by the trail goes back below its second-highest level.
    pub(crate) fn clause_safe_level(&self, lits: &[Lit]) -> (u32, Option<Lit>) {
        let mut non_false = None;
        let mut count = 0;
        let (mut l1, mut l2) = (0u32, 0u32); // the two highest levels of false literals
        for &l in lits {
            if self.lit_value(l) >= 0 {
                count += 1;
                non_false = Some(l);
            } else {
                let lv = self.level[l.var().index()];
                if lv > l1 {
                    l2 = l1;
                    l1 = lv;
                } else if lv > l2 {
                    l2 = lv;
                }
            }
        }
        match (count, non_false) {
            (1, Some(x)) if self.lit_value(x) > 0 && self.level[x.var().index()] <= l1 => (self.decision_level(), None),
            (1, Some(_)) if l1 == 0 => (0, None),
            (1, Some(x)) => (l1, Some(x)),
            (0, _) => (l2.saturating_sub(1), None),
            _ => (self.decision_level(), None),
        }
    }
}
