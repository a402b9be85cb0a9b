//! The incremental solver API used by vigil's engines (Babić thesis §5.1: Spear's pipeline,
//! here with incremental assertions and assumptions on top).
//!
//! Invariants:
//! - All clauses given to the SAT core are Tseitin definitions of AIG nodes (valid forever) or
//!   assertions guarded by the activation literal of their push level; `pop` disables a level by
//!   a unit clause on its activation literal, so nothing is ever retracted from the SAT core.
//! - Only terms passed to `assert`/`check_assuming`/`value` (and their subterms) are blasted,
//!   and each at most once (see [`crate::blast`]).
//! - Every variable handed to the SAT core is frozen: any encoded node may be a fanin of a later
//!   one, so none may be eliminated.
//! - After `Sat`, model values are obtained by evaluating terms under the variable values the SAT
//!   core found (variables it never saw are 0/false); with `check_models` on, every asserted
//!   term and assumption is re-evaluated and a false one turns the answer into an error.
//! - With a model cache ([`Solver::set_model_cache`], `[bv] model-cache`), a check that one of
//!   the last models satisfies is answered `Sat` with that model, before anything is blasted
//!   ([`crate::model_cache`]); `Unsat` and `Unknown` always come from the SAT core.
//! - With interval models (`[bv] interval-models`, [`crate::interval_models`]), a check that
//!   the model cache does not answer first tries the last model with the values of the
//!   variables bounded by single-input linear constraints moved into their intervals; it is
//!   answered `Sat` only if that assignment satisfies every assertion and assumption. If it does
//!   not and `[bv] interval-bits` is on, the variable bits that the intervals fix are assumed as well (they follow from the
//!   roots, so the answer is unchanged); a failed one stands for the assumptions that bound it.
//!   With `[bv] interval-refute`, a check the intervals refute is answered `Unsat` without the
//!   SAT core; its failed assumptions are the assumptions among the roots the refutation rests on.
//! - With neighbour models (`[bv] neighbour-models`, on by default, [`crate::neighbour_models`]),
//!   a check still undecided after `[bv] neighbour-after` conflicts is answered `Sat` by an
//!   assignment near the last model under which every assertion and assumption evaluates to
//!   true, if one of the few tried is; else the SAT search goes on with the rest of its budget.
//! - With a decision scope other than `all` (`[bv] decision-scope`, [`crate::cone`]), a check
//!   decides only the SAT variables of the cone of the open assertions and the assumptions (or
//!   that cone's inputs); model values of variables outside the cone are then arbitrary (their
//!   unassigned bits read 0), which is a model all the same, since nothing asserted or assumed
//!   depends on them. [`Solver::blasted_value`] is meaningful for terms in the cone only.
//! - With a session log ([`Solver::record_session`], [`crate::session_log`]), every assertion,
//!   push, pop and check is also written as an SMT-LIB 2 script that replays the session.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use vigil_sat::{Lit, SolveResult};

use crate::aig::{AigLit, ClauseSink, Tseitin};
use crate::blast::Blaster;
use crate::cone::{ConeCollector, DecisionScope};
use crate::config::SolverConfig;
use crate::session_log::SessionLog;
use crate::eval::{Evaluator, Value};
use crate::interval_models::IntervalModels;
use crate::model_cache::ModelCache;
use crate::neighbour_models::NeighbourModels;
use crate::sort::Sort;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

/// Answer of a satisfiability check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CheckResult {
    Sat,
    Unsat,
    /// The budget (conflicts, deadline, interrupt) ran out, or the SAT core gave up.
    Unknown,
}

/// Misuse of the solver API or an internal consistency failure.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SolverError {
    /// `assert`/`check_assuming` on a term that is not Bool.
    NotBool(TermId),
    /// `pop` without a matching `push`.
    PopUnderflow,
    /// A model was requested without a preceding `Sat` answer.
    NoModel,
    /// The model found does not satisfy an asserted term: a bug in the blaster or SAT core.
    ModelCheckFailed(TermId),
}

impl std::fmt::Display for SolverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolverError::NotBool(t) => write!(f, "term {t:?} is not Boolean"),
            SolverError::PopUnderflow => f.write_str("pop without matching push"),
            SolverError::NoModel => f.write_str("no model available (last check was not sat)"),
            SolverError::ModelCheckFailed(t) => {
                write!(f, "internal error: model does not satisfy asserted term {t:?}")
            }
        }
    }
}

impl std::error::Error for SolverError {}

/// Counters for reports and benchmarks.
#[derive(Clone, Copy, Default, Debug)]
pub struct SolverStats {
    pub checks: u64,
    /// Checks answered by a cached model (no SAT call).
    pub model_cache_hits: u64,
    /// Checks answered by an interval model (no SAT call).
    pub interval_model_hits: u64,
    /// Checks refuted by the intervals (`[bv] interval-refute`; no SAT call).
    pub interval_refutations: u64,
    /// Checks answered by a neighbour model after a first stretch of SAT search.
    pub neighbour_model_hits: u64,
    pub aig_nodes: usize,
    pub sat_vars: usize,
    pub clauses: u64,
    /// Terms bit-blasted so far.
    pub blasted_terms: usize,
}

struct Sink<'a> {
    sat: &'a mut vigil_sat::Solver,
    clauses: &'a mut u64,
}

impl ClauseSink for Sink<'_> {
    fn new_var(&mut self) -> i32 {
        let v = self.sat.new_var();
        self.sat.freeze(v);
        Lit::positive(v).to_dimacs()
    }

    fn add_clause(&mut self, lits: &[i32]) {
        let c: Vec<Lit> = lits.iter().map(|&l| Lit::from_dimacs(l)).collect();
        *self.clauses += 1;
        self.sat.add_clause(&c);
    }
}

/// Incremental bit-vector solver over terms of one [`TermManager`].
pub struct Solver {
    sat: vigil_sat::Solver,
    blaster: Blaster,
    tseitin: Tseitin,
    config: SolverConfig,
    /// Activation literal of each open push level.
    levels: Vec<Lit>,
    /// Assertions per level (level 0 first), kept for model checking and `get-assertions`.
    assertions: Vec<Vec<TermId>>,
    /// The AIG literal of each assertion, per level (the roots of decision scopes).
    assertion_lits: Vec<Vec<AigLit>>,
    cones: ConeCollector,
    session: Option<SessionLog>,
    last: Option<CheckResult>,
    last_assumptions: Vec<TermId>,
    failed: Vec<TermId>,
    model: Option<HashMap<TermId, Value>>,
    conflict_limit: Option<u64>,
    deadline: Option<Instant>,
    interrupt: Option<Arc<AtomicBool>>,
    clauses: u64,
    checks: u64,
    models: ModelCache,
    intervals: IntervalModels,
    /// The last model found (kept only with interval models on): their seed.
    seed: Option<HashMap<TermId, Value>>,
    /// Candidate models near the last one, for checks the SAT core is slow on.
    neighbours: NeighbourModels,
    /// The last model found, moved here from `model` when the next check or assertion
    /// invalidates it (kept only with neighbour models on): the candidates' base.
    neighbour_base: Option<HashMap<TermId, Value>>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    pub fn new() -> Self {
        Self::with_config(SolverConfig::default())
    }

    pub fn with_config(config: SolverConfig) -> Self {
        let sat = vigil_sat::Solver::with_params(config.sat_params());
        Solver {
            sat,
            blaster: Blaster::new(),
            tseitin: Tseitin::new(),
            conflict_limit: config.conflict_limit,
            deadline: config.timeout.map(|d| Instant::now() + d),
            models: ModelCache::new(config.model_cache.unwrap_or(0)),
            config,
            levels: Vec::new(),
            assertions: vec![Vec::new()],
            assertion_lits: vec![Vec::new()],
            cones: ConeCollector::default(),
            session: None,
            last: None,
            last_assumptions: Vec::new(),
            failed: Vec::new(),
            model: None,
            interrupt: None,
            clauses: 0,
            checks: 0,
            intervals: IntervalModels::default(),
            seed: None,
            neighbours: NeighbourModels::default(),
            neighbour_base: None,
        }
    }

    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Keeps the last `capacity` models and answers a check that one of them satisfies from it
    /// (0: off, the default; see [`crate::model_cache`]).
    pub fn set_model_cache(&mut self, capacity: usize) {
        self.models = ModelCache::new(capacity);
    }

    /// Writes this solver's session from now on to `path` as an SMT-LIB 2 script
    /// ([`crate::session_log`]); the header names `origin` and the conflict limit and model
    /// cache set so far. Does nothing if the file cannot be created.
    pub fn record_session(&mut self, path: &std::path::Path, origin: &str) {
        self.session = SessionLog::create(path, origin, self.conflict_limit, self.models.capacity());
    }

    /// Limits the number of SAT conflicts per check (`None`: unlimited).
    pub fn set_conflict_limit(&mut self, limit: Option<u64>) {
        self.conflict_limit = limit;
    }

    /// Checks after `deadline` end in `Unknown`.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Setting the flag makes a running check end in `Unknown`.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    pub fn stats(&self) -> SolverStats {
        SolverStats { blasted_terms: self.blaster.num_blasted(), ..self.counters() }
    }

    /// [`Self::stats`] without `blasted_terms` (left 0), whose count takes a pass over every
    /// term: for a caller that takes the counters' differences around each check.
    pub fn counters(&self) -> SolverStats {
        SolverStats {
            checks: self.checks,
            model_cache_hits: self.models.hits,
            interval_model_hits: self.intervals.hits,
            interval_refutations: self.intervals.refutations,
            neighbour_model_hits: self.neighbours.hits,
            aig_nodes: self.blaster.aig.num_nodes(),
            sat_vars: self.sat.num_vars(),
            clauses: self.clauses,
            blasted_terms: 0,
        }
    }

    /// Number of open push levels.
    pub fn level(&self) -> usize {
        self.levels.len()
    }

    /// Terms asserted at open levels, outermost first.
    pub fn assertions(&self) -> impl Iterator<Item = TermId> + '_ {
        self.assertions.iter().flatten().copied()
    }

    fn sat_lit(&mut self, tm: &TermManager, t: TermId) -> Result<(Lit, AigLit), SolverError> {
        if tm.sort(t) != Sort::Bool {
            return Err(SolverError::NotBool(t));
        }
        let l = self.blaster.blast_bool(tm, t);
        let mut sink = Sink { sat: &mut self.sat, clauses: &mut self.clauses };
        Ok((Lit::from_dimacs(self.tseitin.encode(&self.blaster.aig, l, &mut sink)), l))
    }

    /// Adds `t` (Bool) to the assertions of the current level.
    pub fn assert(&mut self, tm: &TermManager, t: TermId) -> Result<(), SolverError> {
        let (l, al) = self.sat_lit(tm, t)?;
        if let Some(log) = &mut self.session {
            log.assert(tm, t);
        }
        self.invalidate();
        if let Some(v) = self.assertion_lits.last_mut() {
            v.push(al);
        }
        match self.levels.last() {
            None => self.sat.add_clause(&[l]),
            Some(&act) => self.sat.add_clause(&[!act, l]),
        }
        self.clauses += 1;
        if let Some(v) = self.assertions.last_mut() {
            v.push(t);
        }
        Ok(())
    }

    pub fn push(&mut self) {
        self.invalidate();
        let v = self.sat.new_var();
        self.sat.freeze(v);
        self.levels.push(Lit::positive(v));
        self.assertions.push(Vec::new());
        self.assertion_lits.push(Vec::new());
        if let Some(log) = &mut self.session {
            log.push();
        }
    }

    pub fn pop(&mut self) -> Result<(), SolverError> {
        let act = self.levels.pop().ok_or(SolverError::PopUnderflow)?;
        self.invalidate();
        self.sat.add_clause(&[!act]);
        self.assertions.pop();
        self.assertion_lits.pop();
        if let Some(log) = &mut self.session {
            log.pop();
        }
        Ok(())
    }

    fn invalidate(&mut self) {
        self.last = None;
        // The model found last stays the neighbour models' base (moved, not copied).
        match self.model.take() {
            Some(m) if self.config.neighbour_models > 0 => self.neighbour_base = Some(m),
            _ => {}
        }
        self.failed.clear();
    }

    pub fn check(&mut self, tm: &TermManager) -> Result<CheckResult, SolverError> {
        self.check_assuming(tm, &[])
    }

    /// Checks the assertions together with the Bool terms `assumptions` (which are not kept).
    pub fn check_assuming(&mut self, tm: &TermManager, assumptions: &[TermId]) -> Result<CheckResult, SolverError> {
        let r = self.check_inner(tm, assumptions);
        if let Some(log) = &mut self.session {
            log.check(tm, assumptions, *r.as_ref().unwrap_or(&CheckResult::Unknown));
        }
        r
    }

    fn check_inner(&mut self, tm: &TermManager, assumptions: &[TermId]) -> Result<CheckResult, SolverError> {
        self.invalidate();
        self.checks += 1;
        if self.models.is_enabled() || self.config.interval_models {
            let roots: Vec<TermId> = self.assertions().chain(assumptions.iter().copied()).collect();
            let mut found = if self.models.is_enabled() { self.models.find(tm, &roots) } else { None };
            if found.is_none() && self.config.interval_models {
                self.intervals.refute = self.config.interval_refute;
                found = self.intervals.find(tm, &roots, self.seed.as_ref());
                if let Some(m) = &found {
                    self.models.insert(m);
                }
                if let Some(refuted) = self.intervals.refutation() {
                    // The roots in `refuted` are unsatisfiable together (`interval-refute`).
                    self.failed = assumptions.iter().copied().filter(|a| refuted.contains(a)).collect();
                    self.last = Some(CheckResult::Unsat);
                    self.last_assumptions = assumptions.to_vec();
                    return Ok(CheckResult::Unsat);
                }
            }
            if let Some(m) = found {
                if self.config.interval_models {
                    self.seed = Some(m.clone());
                }
                self.model = Some(m);
                self.last = Some(CheckResult::Sat);
                self.last_assumptions = assumptions.to_vec();
                return Ok(CheckResult::Sat);
            }
        }
        let mut lits: Vec<Lit> = self.levels.clone();
        let mut lit_terms: Vec<(Lit, TermId)> = Vec::new();
        let mut roots: Vec<AigLit> = Vec::new();
        for &a in assumptions {
            let (l, al) = self.sat_lit(tm, a)?;
            lits.push(l);
            lit_terms.push((l, a));
            roots.push(al);
        }
        // Interval models found no model (and `interval-bits` is on): the bits the intervals fix become assumptions too
        // (implied by the roots, so the answer is the same; after `Unsat` one of them stands for
        // the assumptions among its sources).
        let mut implied: Vec<(Lit, Vec<TermId>)> = Vec::new();
        if self.config.interval_models && self.config.interval_bits {
            for b in self.intervals.implied_bits() {
                let bits = self.blaster.blast(tm, b.var);
                let al = if b.value { bits[b.bit as usize] } else { !bits[b.bit as usize] };
                let mut sink = Sink { sat: &mut self.sat, clauses: &mut self.clauses };
                let l = Lit::from_dimacs(self.tseitin.encode(&self.blaster.aig, al, &mut sink));
                lits.push(l);
                roots.push(al);
                implied.push((l, b.sources));
            }
        }
        match self.config.decision_scope {
            DecisionScope::All => {}
            scope => {
                roots.extend(self.assertion_lits.iter().flatten().copied());
                let (mut cone, mut inputs) = self.cones.collect(&self.blaster.aig, &self.tseitin, &roots);
                let acts = self.levels.iter().map(|l| l.var());
                cone.extend(acts.clone());
                inputs.extend(acts);
                self.sat.set_decision_scope(Some(if scope == DecisionScope::Inputs { &inputs } else { &cone }));
                self.sat.set_propagation_scope(self.config.confine_propagation.then_some(&cone[..]));
            }
        }
        self.sat.set_conflict_limit(self.conflict_limit);
        self.sat.set_deadline(self.deadline);
        if let Some(f) = &self.interrupt {
            self.sat.set_interrupt(f.clone());
        }
        let (r, neighbour) = self.solve_sat(tm, &lits, assumptions);
        self.last = Some(r);
        self.last_assumptions = assumptions.to_vec();
        match r {
            CheckResult::Sat => {
                let model = neighbour.unwrap_or_else(|| self.read_model(tm));
                self.models.insert(&model);
                if self.config.interval_models {
                    self.seed = Some(model.clone());
                }
                self.model = Some(model);
                if self.config.check_models {
                    let roots: Vec<TermId> = self.assertions().chain(assumptions.iter().copied()).collect();
                    let model = self.model.as_ref().map(|m| m.iter().map(|(k, v)| (*k, v.clone())));
                    let mut ev = Evaluator::new(tm, model.into_iter().flatten());
                    for t in roots {
                        if ev.eval(t) != Value::Bool(true) {
                            return Err(SolverError::ModelCheckFailed(t));
                        }
                    }
                }
            }
            CheckResult::Unsat => {
                let failed: Vec<Lit> = self.sat.failed_assumptions().to_vec();
                self.failed = lit_terms.iter().filter(|(l, _)| failed.contains(l)).map(|&(_, t)| t).collect();
                for (l, sources) in &implied {
                    if failed.contains(l) {
                        for &t in sources.iter().filter(|t| assumptions.contains(t)) {
                            if !self.failed.contains(&t) {
                                self.failed.push(t);
                            }
                        }
                    }
                }
            }
            CheckResult::Unknown => {}
        }
        Ok(r)
    }

    /// The SAT core on `lits` (the levels' activation literals and the assumptions'), under the
    /// check's conflict limit. With neighbour models on, a search still running after
    /// `[bv] neighbour-after` conflicts pauses while assignments near the last model are tried
    /// ([`crate::neighbour_models`]); one that satisfies every assertion and assumption is
    /// returned with `Sat`, else the search goes on with the rest of the limit (its learnt
    /// clauses kept).
    fn solve_sat(&mut self, tm: &TermManager, lits: &[Lit], assumptions: &[TermId]) -> (CheckResult, Option<HashMap<TermId, Value>>) {
        let answer = |r: SolveResult| match r {
            SolveResult::Sat => CheckResult::Sat,
            SolveResult::Unsat => CheckResult::Unsat,
            SolveResult::Unknown => CheckResult::Unknown,
        };
        let (candidates, after) = (self.config.neighbour_models, self.config.neighbour_after);
        if candidates == 0 || self.conflict_limit.is_some_and(|limit| limit <= after) {
            return (answer(self.sat.solve_with(lits)), None);
        }
        let before = self.sat.stats().conflicts;
        self.sat.set_conflict_limit(Some(after));
        let first = self.sat.solve_with(lits);
        let used = self.sat.stats().conflicts - before;
        self.sat.set_conflict_limit(self.conflict_limit);
        if first != SolveResult::Unknown || used < after {
            // Answered, or stopped by the deadline or an interrupt.
            return (answer(first), None);
        }
        let roots: Vec<TermId> = self.assertions().chain(assumptions.iter().copied()).collect();
        if let Some(model) = self.neighbours.find(tm, &roots, self.neighbour_base.as_ref(), candidates) {
            return (CheckResult::Sat, Some(model));
        }
        self.sat.set_conflict_limit(self.conflict_limit.map(|limit| limit.saturating_sub(used)));
        let r = self.sat.solve_with(lits);
        self.sat.set_conflict_limit(self.conflict_limit);
        (answer(r), None)
    }

    /// Result of the last check, if nothing changed since.
    pub fn last_result(&self) -> Option<CheckResult> {
        self.last
    }

    /// After `Unsat`: assumptions (from the last `check_assuming`) that took part in the proof.
    pub fn failed_assumptions(&self) -> &[TermId] {
        &self.failed
    }

    fn read_model(&self, tm: &TermManager) -> HashMap<TermId, Value> {
        let mut m = HashMap::new();
        for &v in self.blaster.blasted_vars() {
            let bits = self.blaster.bits(v).unwrap_or(&[]);
            m.insert(v, self.value_of_bits(tm.sort(v), bits));
        }
        m
    }

    /// The value of one AIG literal in the SAT model (a literal of a node the model does not
    /// mention reads as its node being false).
    fn model_bit(&self, l: crate::aig::AigLit) -> bool {
        if l.is_const() {
            return l == crate::aig::AigLit::TRUE;
        }
        let v = self.tseitin.var_of_node(l.node()).and_then(|dv| self.sat.value(Lit::from_dimacs(dv)));
        v.unwrap_or(false) ^ l.is_complemented()
    }

    /// The value of sort `sort` whose bits (least significant first) are the model values of
    /// `bits`.
    fn value_of_bits(&self, sort: Sort, bits: &[crate::aig::AigLit]) -> Value {
        match sort {
            Sort::Bool => Value::Bool(self.model_bit(bits[0])),
            Sort::BitVec(w) => {
                let mut limbs = vec![0u64; w.div_ceil(64) as usize];
                for i in 0..w as usize {
                    if self.model_bit(bits[i]) {
                        limbs[i / 64] |= 1 << (i % 64);
                    }
                }
                Value::Bv(BitVecValue::from_limbs(w, limbs))
            }
        }
    }

    /// The value of a blasted term read directly from the SAT model bits of its circuit (not by
    /// evaluation); `None` if there is no model or `t` was never blasted. Tests use this to
    /// check circuits against the evaluator. Meaningful only after a `Sat` of the SAT core
    /// itself (not of the model cache, interval or neighbour models, which leave its bits as
    /// they were).
    pub fn blasted_value(&self, tm: &TermManager, t: TermId) -> Option<Value> {
        self.model.as_ref()?;
        let bits = self.blaster.bits(t)?;
        Some(self.value_of_bits(tm.sort(t), bits))
    }

    /// The value of any term in the current model (after `Sat`).
    pub fn value(&self, tm: &TermManager, t: TermId) -> Result<Value, SolverError> {
        let m = self.model.as_ref().ok_or(SolverError::NoModel)?;
        Ok(Evaluator::new(tm, m.iter().map(|(k, v)| (*k, v.clone()))).eval(t))
    }

    /// Values of many terms, sharing one evaluation cache.
    pub fn values(&self, tm: &TermManager, ts: &[TermId]) -> Result<Vec<Value>, SolverError> {
        let m = self.model.as_ref().ok_or(SolverError::NoModel)?;
        let mut ev = Evaluator::new(tm, m.iter().map(|(k, v)| (*k, v.clone())));
        Ok(ts.iter().map(|&t| ev.eval(t)).collect())
    }
}
