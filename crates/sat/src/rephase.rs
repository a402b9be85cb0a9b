//! Rephasing (Biere & Fleury, "Chasing target phases", POS 2020, section 4): best phases and the
//! periodic reset of the saved and target phases to original, inverted, best or walk phases.
//!
//! Best phases: the longest conflict-free trail prefix met since the last rephase (recorded at
//! conflicts together with the target phase, see `decide.rs`). A rephase replaces the saved
//! phases by one source, in the cycle chosen by `rephase_cycle`, then copies them into the
//! target phases and forgets the target and best lengths, so both are rebuilt from the new
//! phases. Rephase `k` (counting from 1) happens `rephase_interval * k` conflicts after the
//! previous one (arithmetic growth). The walk source runs the local search of `walk.rs`.
//!
//! Invariants: rephasing happens only at decision level 0 (at a restart); it changes phases
//! only, never clauses or assignments, so answers and proofs do not depend on it.

use crate::params::RephaseCycle;
use crate::solver::Solver;

/// Where a rephase takes the new phases from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Rephase {
    /// The initial phase (false).
    Original,
    /// Its negation (true).
    Inverted,
    /// The best phases.
    Best,
    /// The best assignment of a local-search walk.
    Walk,
}

impl RephaseCycle {
    /// The rephase source for the `k`-th rephase (0-based).
    pub(crate) fn kind(self, k: u64, walk: bool) -> Rephase {
        use Rephase::*;
        let w = if walk { Walk } else { Best };
        match self {
            RephaseCycle::BestWalk => [Best, w][(k % 2) as usize],
            RephaseCycle::Full => {
                if k < 2 {
                    [Original, Inverted][k as usize]
                } else {
                    [Best, w, Original, Best, w, Inverted][((k - 2) % 6) as usize]
                }
            }
        }
    }
}

impl Solver {
    /// Whether a rephase is due (checked at restarts).
    pub(crate) fn rephase_due(&self) -> bool {
        self.params.rephase && self.stats.conflicts >= self.next_rephase
    }

    /// Records the conflict-free trail prefix as best phase if it is the longest since the last
    /// rephase. `prefix` is the trail length below the conflict level.
    pub(crate) fn update_best_phase(&mut self, prefix: usize) {
        if prefix > self.best_len {
            self.best_len = prefix;
            for &l in &self.trail[..prefix] {
                self.best_phase[l.var().index()] = if l.is_negative() { -1 } else { 1 };
            }
        }
    }

    /// Performs the next rephase of the cycle (at decision level 0).
    pub(crate) fn rephase(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        let kind = self.params.rephase_cycle.kind(self.stats.rephases, self.params.walk);
        self.stats.rephases += 1;
        self.next_rephase = self.stats.conflicts + self.params.rephase_interval * (self.stats.rephases + 1);
        let n = self.num_vars();
        match kind {
            Rephase::Original | Rephase::Inverted => {
                let value = kind == Rephase::Inverted;
                self.saved_phase.iter_mut().for_each(|p| *p = value);
            }
            Rephase::Best => {
                for v in 0..n {
                    if self.best_phase[v] != 0 {
                        self.saved_phase[v] = self.best_phase[v] > 0;
                    }
                }
            }
            Rephase::Walk => {
                if self.walk().is_some() {
                    // The walk installed its phases (saved and target) already.
                    self.best_len = 0;
                    self.target_len = 0;
                    return;
                }
            }
        }
        for v in 0..n {
            self.target_phase[v] = if self.saved_phase[v] { 1 } else { -1 };
        }
        self.best_len = 0;
        self.target_len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles() {
        use Rephase::*;
        let full: Vec<Rephase> = (0..10).map(|k| RephaseCycle::Full.kind(k, true)).collect();
        assert_eq!(full, vec![Original, Inverted, Best, Walk, Original, Best, Walk, Inverted, Best, Walk]);
        assert_eq!(RephaseCycle::BestWalk.kind(3, false), Best);
        assert_eq!(RephaseCycle::BestWalk.kind(3, true), Walk);
    }
}
