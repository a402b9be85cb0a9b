//! Decisions: which variable (VSIDS with optional random decisions) and which polarity.
//!
//! Invariant: a returned decision literal is unassigned, its variable is not eliminated and is
//! in the decision scope, if one is set (`scope.rs`).
//! Assigned or eliminated variables popped from the heap are dropped from it; backtracking
//! re-inserts unassigned, non-eliminated variables.

use crate::lit::{Lit, Var};
use crate::params::PhaseMode;
use crate::solver::Solver;

impl Solver {
    /// The next decision literal, or `None` when every variable is assigned (or eliminated).
    pub(crate) fn pick_branch_lit(&mut self) -> Option<Lit> {
        let mut next: Option<u32> = None;
        if self.params.random_decision_pct > 0.0
            && !self.vsids.heap.is_empty()
            && self.rng.chance_pct(self.params.random_decision_pct)
        {
            let v = self.vsids.heap[self.rng.below(self.vsids.heap.len())];
            if self.vals[Lit::positive(Var(v)).code()] == 0 && !self.eliminated[v as usize] && self.in_scope(v as usize) {
                next = Some(v);
                self.stats.random_decisions += 1;
            }
        }
        while next.is_none() {
            let v = self.vsids.pop()?;
            // A variable outside the decision scope is dropped from the heap (`scope.rs`).
            if self.vals[Lit::positive(Var(v)).code()] == 0 && !self.eliminated[v as usize] && self.in_scope(v as usize) {
                next = Some(v);
            }
        }
        let v = Var(next?);
        Some(Lit::new(v, self.pick_phase(v)))
    }

    /// Records the conflict-free part of the trail (all levels below the current one) as the
    /// target phase if it is longer than the one recorded since the last restart.
    pub(crate) fn update_target_phase(&mut self, prefix: usize) {
        if prefix > self.target_len {
            self.target_len = prefix;
            for &l in &self.trail[..prefix] {
                self.target_phase[l.var().index()] = if l.is_negative() { -1 } else { 1 };
            }
        }
    }

    fn pick_phase(&mut self, v: Var) -> bool {
        if self.params.random_phase_pct > 0.0 && self.rng.chance_pct(self.params.random_phase_pct) {
            return self.rng.next_u64() & 1 == 1;
        }
        match self.params.phase {
            PhaseMode::Saved => self.saved_phase[v.index()],
            PhaseMode::Target => match self.target_phase[v.index()] {
                0 => self.saved_phase[v.index()],
                t => t > 0,
            },
            PhaseMode::False => false,
            PhaseMode::True => true,
            PhaseMode::MinWork => {
                // Making `l` true visits the watches of `!l`: take the side with fewer.
                let pos = Lit::positive(v);
                self.watches.count(!pos) <= self.watches.count(pos)
            }
        }
    }
}
