//! The solver state, the trail primitives and the public incremental API.
//!
//! Invariants (between public calls): the solver is at decision level 0; `vals` holds for each
//! literal code 1 (true), -1 (false) or 0 (unassigned) and `vals[l] == -vals[!l]`; every trail
//! literal is true and appears once; `level`/`reason` are meaningful for assigned variables only;
//! `ok == false` means the clauses are unsatisfiable without assumptions (the empty clause has
//! been written to the proof). Eliminated variables occur in no live clause (unless
//! `elim_drop_learned` is off, then only in learned ones) and are never decided.
//!
//! Elimination rule for incremental use: variable elimination runs only if the parameter `elim`
//! is on (default off; `vigil sat` turns it on for DIMACS input). Frozen variables
//! ([`Solver::freeze`]) and assumption variables are never eliminated. Using an already
//! eliminated variable in a later clause or assumption is a contract violation and panics with
//! a message saying so: freeze variables you will use again before solving.

use crate::clause_db::{CRef, ClauseDb, NO_CREF};
use crate::drat::Proof;
use crate::lit::{Lit, SolveResult, Var};
use crate::params::{Params, TieBreak};
use crate::restart::Restarts;
use crate::rng::Rng;
use crate::stats::Stats;
use crate::vsids::Vsids;
use crate::watch::Watches;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// A CDCL SAT solver with an incremental interface (see the crate documentation).
pub struct Solver {
    pub(crate) params: Params,
    pub(crate) db: ClauseDb,
    pub(crate) watches: Watches,
    pub(crate) vals: Vec<i8>,
    pub(crate) level: Vec<u32>,
    pub(crate) reason: Vec<CRef>,
    pub(crate) trail: Vec<Lit>,
    pub(crate) trail_lim: Vec<usize>,
    pub(crate) qhead: usize,
    pub(crate) vsids: Vsids,
    pub(crate) saved_phase: Vec<bool>,
    /// Target phase (see `PhaseMode::Target`): 0 unset, 1 true, -1 false.
    pub(crate) target_phase: Vec<i8>,
    /// Length of the conflict-free trail prefix recorded in `target_phase` since the last restart.
    pub(crate) target_len: usize,
    /// Best phase (see `rephase.rs`): 0 unset, 1 true, -1 false.
    pub(crate) best_phase: Vec<i8>,
    /// Length of the conflict-free trail prefix recorded in `best_phase` since the last rephase.
    pub(crate) best_len: usize,
    /// Conflict count at which the next rephase is due.
    pub(crate) next_rephase: u64,
    /// Propagation count at the last walk (the walk budget is relative to the propagations since).
    pub(crate) walk_last_props: u64,
    /// Stable mode (else focused), see `mode.rs`.
    pub(crate) stable: bool,
    /// Mode phases completed; the propagation count that ends the current one; the propagations
    /// of the first (focused) phase, the unit of the later ones; propagations at its start.
    pub(crate) mode_phases: u64,
    pub(crate) mode_limit: u64,
    pub(crate) mode_unit: u64,
    pub(crate) mode_start_props: u64,
    /// The focused-mode VSIDS decay to return to after a stable phase.
    pub(crate) focused_decay: f64,
    /// Occurrences of each literal in clauses added by the user (for tie-breaking).
    pub(crate) occurrences: Vec<u64>,
    pub(crate) rng: Rng,
    pub(crate) restarts: Restarts,
    pub(crate) seen: Vec<u8>,
    pub(crate) level_stamp: Vec<u64>,
    pub(crate) stamp: u64,
    pub(crate) frozen: Vec<bool>,
    pub(crate) eliminated: Vec<bool>,
    /// Elimination stack for model extension: repeated `[pivot, len, lits...]` records.
    pub(crate) elim_stack: Vec<u32>,
    pub(crate) ok: bool,
    pub(crate) model: Vec<bool>,
    pub(crate) failed: Vec<Lit>,
    pub(crate) assumptions: Vec<Lit>,
    /// With `keep_trail`: the assumptions of the decision levels kept since the last solve
    /// (`keep_trail.rs`), level i + 1 holding `kept[i]`.
    pub(crate) kept: Vec<Lit>,
    pub(crate) conflict_limit: Option<u64>,
    pub(crate) deadline: Option<Instant>,
    pub(crate) interrupt: Option<Arc<AtomicBool>>,
    pub(crate) stats: Stats,
    pub(crate) proof: Proof,
    pub(crate) next_reduce: u64,
    pub(crate) reductions: u64,
    /// Trail length at the last level-0 simplification.
    pub(crate) simp_assigns: usize,
    /// Propagation count before which no level-0 simplification runs ([`Params::simplify_props`]).
    pub(crate) simp_props: u64,
    /// Level-0 trail literals already written to the proof as unit lemmas.
    pub(crate) units_in_proof: usize,
    pub(crate) elim_runs: u64,
    pub(crate) next_elim: u64,
    pub(crate) cur_var_decay: f64,
    /// Scratch buffer for clause addition.
    pub(crate) tmp: Vec<Lit>,
    /// Scratch buffers of conflict analysis (kept to avoid allocation per conflict).
    pub(crate) learnt_buf: Vec<Lit>,
    pub(crate) clear_buf: Vec<usize>,
    pub(crate) minimize_stack: Vec<(Lit, usize)>,
    /// Decision scope (`scope.rs`): whether one is set, its variables as a set and as a list.
    pub(crate) scoped: bool,
    pub(crate) scope_set: crate::scope::StampedSet,
    pub(crate) scope_vars: Vec<u32>,
    /// Propagation scope (`scope.rs`): whether one is set, and its variables.
    pub(crate) prop_scoped: bool,
    pub(crate) prop_set: crate::scope::StampedSet,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with default parameters.
    pub fn new() -> Self {
        Solver::with_params(Params::default())
    }

    /// A solver with the given parameters. Panics if they are out of range: use
    /// [`Params::validate`] (or `Params::set`, which validates) on user-supplied values first.
    pub fn with_params(p: Params) -> Self {
        if let Err(e) = p.validate() {
            panic!("invalid solver parameters: {e}");
        }
        Solver {
            db: ClauseDb::new(),
            watches: Watches::default(),
            vals: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            trail: Vec::new(),
            trail_lim: Vec::new(),
            qhead: 0,
            vsids: Vsids::new(),
            saved_phase: Vec::new(),
            target_phase: Vec::new(),
            target_len: 0,
            best_phase: Vec::new(),
            best_len: 0,
            next_rephase: p.rephase_interval,
            walk_last_props: 0,
            stable: false,
            mode_phases: 0,
            mode_limit: 0,
            mode_unit: 0,
            mode_start_props: 0,
            focused_decay: p.var_decay,
            occurrences: Vec::new(),
            rng: Rng::new(p.seed),
            restarts: Restarts::new(&p),
            seen: Vec::new(),
            level_stamp: vec![0],
            stamp: 0,
            frozen: Vec::new(),
            eliminated: Vec::new(),
            elim_stack: Vec::new(),
            ok: true,
            model: Vec::new(),
            failed: Vec::new(),
            assumptions: Vec::new(),
            kept: Vec::new(),
            conflict_limit: None,
            deadline: None,
            interrupt: None,
            stats: Stats::default(),
            proof: Proof::default(),
            next_reduce: p.reduce_first,
            reductions: 0,
            simp_assigns: 0,
            simp_props: 0,
            units_in_proof: 0,
            elim_runs: 0,
            next_elim: 0,
            cur_var_decay: if p.var_decay_start < p.var_decay {
                p.var_decay_start
            } else {
                p.var_decay
            },
            tmp: Vec::new(),
            learnt_buf: Vec::new(),
            clear_buf: Vec::new(),
            minimize_stack: Vec::new(),
            scoped: false,
            scope_set: Default::default(),
            scope_vars: Vec::new(),
            prop_scoped: false,
            prop_set: Default::default(),
            params: p,
        }
    }

    /// The parameters in use.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        let v = Var::from_index(self.num_vars());
        self.vals.push(0);
        self.vals.push(0);
        self.level.push(0);
        self.reason.push(NO_CREF);
        self.vsids.grow();
        self.saved_phase.push(false);
        self.target_phase.push(0);
        self.best_phase.push(0);
        self.occurrences.push(0);
        self.occurrences.push(0);
        self.seen.push(0);
        self.level_stamp.push(0);
        self.frozen.push(false);
        self.eliminated.push(false);
        self.scope_set.grow();
        self.prop_set.grow();
        self.watches.grow();
        self.vsids.insert(v.0);
        v
    }

    /// Number of variables created so far.
    pub fn num_vars(&self) -> usize {
        self.level.len()
    }

    /// Creates `v` if needed and panics (a misuse of the API) if variable elimination removed
    /// it: `use_` says how it is used, `advice` how to avoid that.
    pub(crate) fn ensure_live_var(&mut self, v: Var, use_: &str, advice: &str) {
        self.ensure_var(v);
        assert!(!self.eliminated[v.index()], "vigil-sat: {use_} {} which was eliminated; {advice}", v.index() + 1);
    }

    /// Makes sure variable `v` exists (creating variables up to it).
    pub fn ensure_var(&mut self, v: Var) {
        while self.num_vars() <= v.index() {
            self.new_var();
        }
    }

    /// Loads a DIMACS formula: variables up to the largest one its clauses use (a header may
    /// over-declare; the others are unconstrained), then every clause. Returns how many
    /// variables that is.
    pub fn add_cnf(&mut self, cnf: &crate::dimacs::Cnf) -> usize {
        let used = cnf.clauses.iter().flatten().map(|l| l.var().index() + 1).max().unwrap_or(0);
        for _ in 0..used {
            self.new_var();
        }
        for c in &cnf.clauses {
            self.add_clause(c);
        }
        used
    }

    /// Adds a clause. Allowed at any time between solves; variables are created as needed.
    /// The empty clause makes the solver unsatisfiable.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        self.model.clear();
        for &l in lits {
            self.ensure_live_var(l.var(), "clause uses variable", "freeze variables that are used again (see Solver docs)");
        }
        if self.params.tie_break != TieBreak::None {
            for &l in lits {
                self.occurrences[l.code()] += 1;
                let v = l.var();
                let (p, n) = (
                    self.occurrences[Lit::positive(v).code()],
                    self.occurrences[Lit::negative(v).code()],
                );
                self.vsids.tie[v.index()] = match self.params.tie_break {
                    TieBreak::Product => p.saturating_mul(n),
                    TieBreak::Sum => p + n,
                    TieBreak::None => 0,
                };
                self.vsids.update(v.0);
            }
        }
        if !self.ok {
            return;
        }
        let mut c = std::mem::take(&mut self.tmp);
        c.clear();
        c.extend_from_slice(lits);
        c.sort_unstable();
        c.dedup();
        let tautology = c.windows(2).any(|w| w[0] == !w[1]);
        let mut implied = None;
        if !tautology && self.decision_level() > 0 {
            // With kept levels (`keep_trail.rs`), backtrack only as far as the clause needs.
            let (keep, x) = self.clause_safe_level(&c);
            self.cancel_until(keep);
            self.kept.truncate(keep as usize);
            implied = x;
        }
        // Only level-0 values are facts (levels above may be kept, `keep_trail.rs`).
        let fixed = |s: &Self, l: Lit| if s.level[l.var().index()] == 0 { s.lit_value(l) } else { 0 };
        let satisfied = c.iter().any(|&l| fixed(self, l) > 0);
        if !tautology && !satisfied {
            let before = c.len();
            c.retain(|&l| fixed(self, l) == 0);
            if c.len() != before {
                // The shortened clause is RUP given the level-0 units; the proof needs them.
                self.write_units_to_proof();
                self.proof.add(&c);
            }
            match c.len() {
                0 => {
                    self.ok = false;
                    if before != 0 {
                        // RUP of the empty clause was just written above.
                    } else {
                        self.proof.add(&[]);
                    }
                }
                1 => {
                    self.assign(c[0], NO_CREF);
                    if self.propagate().is_some() {
                        self.ok = false;
                        self.proof.add(&[]);
                    }
                }
                _ => {
                    // Above level 0 (`keep_trail.rs`): watch the non-false literals first, then
                    // the false ones from the highest level down; a clause unit at this level
                    // implies its first literal, and a conflict then goes back to level 0.
                    // At level 0 (always, without `keep_trail`) no literal left is assigned:
                    // the order is free, and clause addition is the encoder's hot path.
                    if self.decision_level() > 0 {
                        let (vals, level) = (&self.vals, &self.level);
                        c.sort_by_key(|&l| (vals[l.code()] < 0, std::cmp::Reverse(level[l.var().index()])));
                    }
                    let cr = self.db.alloc(&c, false, 0);
                    self.db.originals.push(cr);
                    self.watches.attach(&self.db, cr);
                    if let Some(x) = implied {
                        debug_assert_eq!(c[0], x);
                        self.assign(x, cr);
                        if self.propagate().is_some() {
                            self.cancel_until(0);
                            self.kept.clear();
                        }
                    }
                }
            }
        }
        self.tmp = c;
    }

    /// Solves without assumptions.
    pub fn solve(&mut self) -> SolveResult {
        self.solve_with(&[])
    }

    /// The value of `lit` in the model found by the last successful solve; `None` if there is no
    /// model (last answer not Sat, or clauses were added since) or the variable is newer.
    pub fn value(&self, lit: Lit) -> Option<bool> {
        self.model
            .get(lit.var().index())
            .map(|&b| b != lit.is_negative())
    }

    /// After `Unsat` under assumptions: a subset of the assumptions that is already unsatisfiable
    /// with the clauses (empty if the clauses alone are unsatisfiable).
    pub fn failed_assumptions(&self) -> &[Lit] {
        &self.failed
    }

    /// Protects `v` from variable elimination.
    pub fn freeze(&mut self, v: Var) {
        self.ensure_var(v);
        assert!(
            !self.eliminated[v.index()],
            "vigil-sat: freeze of already eliminated variable {}",
            v.index() + 1
        );
        self.frozen[v.index()] = true;
    }

    /// Stops each later solve call (with `Unknown`) after `n` more conflicts in that call.
    pub fn set_conflict_limit(&mut self, n: Option<u64>) {
        self.conflict_limit = n;
    }

    /// Stops solving (with `Unknown`) at time `t`.
    pub fn set_deadline(&mut self, t: Option<Instant>) {
        self.deadline = t;
    }

    /// Solving returns `Unknown` soon after `flag` becomes true.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Counters and times.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Writes a textual DRAT proof of every later `Unsat` (without assumptions) to `w`.
    /// Set it before adding clauses whose simplification should be justified.
    pub fn set_proof_writer(&mut self, w: Box<dyn std::io::Write + Send>) {
        self.proof.set_writer(w);
    }

    /// Flushes the proof writer and reports the first proof write error, if any.
    pub fn flush_proof(&mut self) -> std::io::Result<()> {
        self.proof.flush();
        match self.proof.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Whether variable `v` has been eliminated.
    pub fn is_eliminated(&self, v: Var) -> bool {
        self.eliminated.get(v.index()).copied().unwrap_or(false)
    }

    // ----- trail primitives ------------------------------------------------------------------

    #[inline]
    pub(crate) fn lit_value(&self, l: Lit) -> i8 {
        self.vals[l.code()]
    }
    #[inline]
    pub(crate) fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }
    /// Makes `l` true at the current decision level with reason `r`.
    #[inline]
    pub(crate) fn assign(&mut self, l: Lit, r: CRef) {
        debug_assert_eq!(self.vals[l.code()], 0);
        self.vals[l.code()] = 1;
        self.vals[(!l).code()] = -1;
        let v = l.var().index();
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = r;
        self.trail.push(l);
    }
    pub(crate) fn new_decision_level(&mut self) {
        self.trail_lim.push(self.trail.len());
    }
    /// Undoes all assignments above decision level `lvl`, saving phases.
    pub(crate) fn cancel_until(&mut self, lvl: u32) {
        if self.decision_level() <= lvl {
            return;
        }
        let start = self.trail_lim[lvl as usize];
        for i in (start..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = l.var().index();
            self.vals[l.code()] = 0;
            self.vals[(!l).code()] = 0;
            self.reason[v] = NO_CREF;
            self.saved_phase[v] = !l.is_negative();
            if !self.eliminated[v] && self.in_scope(v) {
                self.vsids.insert(v as u32);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(lvl as usize);
        self.qhead = start;
    }
    /// Writes the level-0 trail literals not yet in the proof as unit lemmas, so that clauses
    /// they satisfy or shorten can be deleted or rewritten in the proof.
    pub(crate) fn write_units_to_proof(&mut self) {
        if !self.proof.active() {
            return;
        }
        let end = if self.trail_lim.is_empty() {
            self.trail.len()
        } else {
            self.trail_lim[0]
        };
        while self.units_in_proof < end {
            let l = self.trail[self.units_in_proof];
            self.proof.add(&[l]);
            self.units_in_proof += 1;
        }
    }
}
