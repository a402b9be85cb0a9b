//! Stable/focused mode switching (Biere & Fleury, "Chasing target phases", POS 2020, section 3;
//! Oh, "Between SAT and UNSAT", SAT 2015).
//!
//! The search alternates between a focused mode (the `restart` policy, usually glucose's fast
//! LBD-driven restarts, and the `var_decay` schedule) and a stable mode (Luby restarts in units
//! of `stable_restart_base` conflicts, "reluctant doubling", and VSIDS decay
//! `stable_var_decay`). The first (focused) phase lasts `mode_init` conflicts; its propagation
//! count `P` is the unit of the later phases: phase `i >= 1` lasts `P * (i / 2 + 1)^2`
//! propagations, so both modes get comparable, growing effort whatever their conflict rates.
//!
//! Invariants: the mode changes only at a restart (decision level 0); only restart policy and
//! activity decay depend on it, so answers and proofs do not.

use crate::solver::Solver;

impl Solver {
    /// Whether the current mode phase is over (the search then restarts and switches).
    #[inline]
    pub(crate) fn mode_switch_due(&self) -> bool {
        if !self.params.mode_switch {
            return false;
        }
        if self.mode_phases == 0 {
            self.stats.conflicts >= self.params.mode_init
        } else {
            self.stats.propagations >= self.mode_limit
        }
    }

    /// Switches between focused and stable mode (at decision level 0).
    pub(crate) fn switch_mode(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        if self.mode_phases == 0 {
            self.mode_unit = (self.stats.propagations - self.mode_start_props).max(1);
        }
        self.mode_phases += 1;
        self.stats.mode_switches += 1;
        self.stable = !self.stable;
        let k = self.mode_phases / 2 + 1;
        self.mode_limit = self.stats.propagations + self.mode_unit.saturating_mul(k * k);
        if self.stable {
            self.restarts
                .set_mode(&self.params, crate::params::RestartMode::Luby, self.params.stable_restart_base);
            self.focused_decay = self.cur_var_decay;
            self.cur_var_decay = self.params.stable_var_decay;
        } else {
            self.restarts.set_mode(&self.params, self.params.restart, self.params.restart_base);
            self.cur_var_decay = self.focused_decay;
        }
    }
}
