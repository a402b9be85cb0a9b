//! The CDCL loop: propagate, analyse conflicts and backjump, restart, reduce, decide; plus the
//! solve entry point with assumptions, budgets and model extraction.
//!
//! Invariants: assumptions occupy decision levels 1..=k in order (a level with no decision is
//! opened when an assumption is already true); a falsified assumption ends the solve with
//! `Unsat` and a failed-assumption set. Budgets are checked after every conflict and every
//! 1024 decisions; stopping returns `Unknown`. After a solve the trail is back at level 0, or
//! with `keep_trail` at the kept assumption levels (`keep_trail.rs`).

use crate::clause_db::NO_CREF;
use crate::lit::{Lit, SolveResult};
use crate::params::PhaseMode;
use crate::solver::Solver;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// How one run of the CDCL search loop between restarts ended.
enum SearchEnd {
    Done(SolveResult),
    Restart,
}

impl Solver {
    /// Solves under `assumptions` (literals assumed true for this call only).
    pub fn solve_with(&mut self, assumptions: &[Lit]) -> SolveResult {
        let t0 = Instant::now();
        let other0 = self.stats.time_elim + self.stats.time_simplify + self.stats.time_reduce + self.stats.time_walk;
        self.stats.solves += 1;
        self.model.clear();
        self.failed.clear();
        for &a in assumptions {
            self.ensure_live_var(a.var(), "assumption on variable", "freeze it before solving");
            self.frozen[a.var().index()] = true;
        }
        // Backtracks to level 0, or with `keep_trail` to the kept levels these assumptions
        // share (then they are reordered to follow those levels; `keep_trail.rs`).
        self.assumptions = self.reuse_kept_levels(assumptions);
        if self.scoped {
            self.fill_scope_heap();
        }
        let result = self.solve_inner();
        self.keep_levels_after(result);
        self.proof.flush();
        let other = (self.stats.time_elim + self.stats.time_simplify + self.stats.time_reduce + self.stats.time_walk)
            .saturating_sub(other0);
        self.stats.time_search += t0.elapsed().saturating_sub(other);
        result
    }

    fn solve_inner(&mut self) -> SolveResult {
        if !self.ok {
            return SolveResult::Unsat;
        }
        if self.propagate().is_some() {
            self.set_unsat();
            return SolveResult::Unsat;
        }
        let start_conflicts = self.stats.conflicts;
        self.elim_runs = 0;
        self.next_elim = self.stats.conflicts;
        loop {
            if self.decision_level() == 0
                && self.params.elim
                && self.elim_runs < self.params.elim_rounds
                && self.stats.conflicts >= self.next_elim
            {
                self.elim_runs += 1;
                self.next_elim = self.stats.conflicts + self.params.elim_interval;
                if !self.simplify_level0() || !self.eliminate() {
                    return SolveResult::Unsat;
                }
            }
            match self.search(start_conflicts) {
                SearchEnd::Done(r) => return r,
                SearchEnd::Restart => {
                    self.stats.restarts += 1;
                    self.restarts.on_restart(&self.params);
                    self.target_len = 0;
                    self.cancel_until(0);
                    if self.mode_switch_due() {
                        self.switch_mode();
                    }
                    if self.rephase_due() {
                        self.rephase();
                    }
                }
            }
        }
    }

    pub(crate) fn set_unsat(&mut self) {
        if self.ok {
            self.ok = false;
            self.proof.add(&[]);
        }
    }

    fn out_of_budget(&self, start_conflicts: u64) -> bool {
        if let Some(n) = self.conflict_limit {
            if self.stats.conflicts - start_conflicts >= n {
                return true;
            }
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                return true;
            }
        }
        if let Some(f) = &self.interrupt {
            if f.load(Ordering::Relaxed) {
                return true;
            }
        }
        false
    }

    fn search(&mut self, start_conflicts: u64) -> SearchEnd {
        if self.out_of_budget(start_conflicts) {
            return SearchEnd::Done(SolveResult::Unknown);
        }
        loop {
            if let Some(confl) = self.propagate() {
                self.stats.conflicts += 1;
                if self.decision_level() == 0 {
                    self.set_unsat();
                    return SearchEnd::Done(SolveResult::Unsat);
                }
                if let Some(&prefix) = self.trail_lim.last() {
                    if self.params.phase == PhaseMode::Target {
                        self.update_target_phase(prefix);
                    }
                    if self.params.rephase {
                        self.update_best_phase(prefix);
                    }
                }
                let learned = self.analyze(confl);
                let blocked = self.restarts.on_conflict(
                    &self.params,
                    learned.lbd,
                    self.trail.len(),
                    self.stats.conflicts,
                );
                if blocked {
                    self.stats.blocked_restarts += 1;
                }
                self.cancel_until(learned.backjump);
                self.proof.add(&learned.lits);
                self.stats.learned += 1;
                if learned.lits.len() == 1 {
                    self.stats.learned_units += 1;
                    self.assign(learned.lits[0], NO_CREF);
                } else {
                    let c = self.db.alloc(&learned.lits, true, learned.lbd);
                    self.db.learnts.push(c);
                    self.watches.attach(&self.db, c);
                    self.db.bump(c);
                    self.assign(learned.lits[0], c);
                }
                self.learnt_buf = learned.lits;
                self.decay_activities();
                if self.out_of_budget(start_conflicts) {
                    return SearchEnd::Done(SolveResult::Unknown);
                }
            } else {
                if self.restarts.should_restart(&self.params) || self.mode_switch_due() {
                    return SearchEnd::Restart;
                }
                if self.decision_level() == 0
                    && self.params.simplify
                    && self.trail.len() > self.simp_assigns
                    && self.stats.propagations >= self.simp_props
                    && !self.simplify_level0()
                {
                    return SearchEnd::Done(SolveResult::Unsat);
                }
                if self.stats.conflicts >= self.next_reduce {
                    self.reductions += 1;
                    self.next_reduce = self.stats.conflicts
                        + self.params.reduce_first
                        + self.reductions * self.params.reduce_inc;
                    self.reduce_db();
                }
                let mut next = None;
                while (self.decision_level() as usize) < self.assumptions.len() {
                    let a = self.assumptions[self.decision_level() as usize];
                    match self.lit_value(a) {
                        1 => self.new_decision_level(),
                        -1 => {
                            self.analyze_final(a);
                            return SearchEnd::Done(SolveResult::Unsat);
                        }
                        _ => {
                            next = Some(a);
                            break;
                        }
                    }
                }
                let next = match next {
                    Some(a) => a,
                    None => {
                        self.stats.decisions += 1;
                        if self.stats.decisions.is_multiple_of(1024)
                            && self.out_of_budget(start_conflicts)
                        {
                            return SearchEnd::Done(SolveResult::Unknown);
                        }
                        match self.pick_branch_lit() {
                            Some(l) => l,
                            None => {
                                self.extract_model();
                                return SearchEnd::Done(SolveResult::Sat);
                            }
                        }
                    }
                };
                self.new_decision_level();
                self.assign(next, NO_CREF);
            }
        }
    }

    fn decay_activities(&mut self) {
        let p = &self.params;
        if !self.stable
            && self.cur_var_decay < p.var_decay
            && self.stats.conflicts.is_multiple_of(p.var_decay_period)
        {
            self.cur_var_decay = (self.cur_var_decay + p.var_decay_step).min(p.var_decay);
        }
        self.vsids.decay(self.cur_var_decay);
        self.db.decay(self.params.clause_decay);
    }

    /// Copies the assignment into `model` and extends it to eliminated variables.
    fn extract_model(&mut self) {
        let n = self.num_vars();
        self.model = (0..n).map(|v| self.vals[2 * v] > 0).collect();
        self.extend_model();
    }
}
