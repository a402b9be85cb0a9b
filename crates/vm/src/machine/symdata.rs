//! Symbolic data in the explicit engine: control explicit, data symbolic (Bauch, Havel,
//! Barnat, "Control Explicit—Data Symbolic Model Checking", TOSEM 2016, §3–4; Lauko, Štill,
//! Ročkai, Barnat, TACAS 2019, for the same split inside DIVINE's VM).
//!
//! With [`Symbolic::Auto`] (or `Always`), a `__VERIFIER_nondet_*` input wider than 8 bits (with
//! `Always`, and with `Auto` when the program may read three or more chars on a run
//! ([`super::char_inputs`]): of 8 bits too) does not enumerate values: it is input number *k*
//! of the path, the low bits of the 64-bit variable `in<k>` of one hash-consed [`TermManager`] that lives as long
//! as the search. Registers and memory bytes hold such values as *symbolic slots* (see
//! [`crate::memory::SYM_TAG`]): the slot names a term, the bytes under it are undefined, so code
//! that does not know symbolic values treats them as uninitialised (sound: sampled values mark
//! the run incomplete, branches on them go both ways).
//!
//! Invariants:
//! * **Concrete stays concrete.** An instruction without a symbolic operand runs as before
//!   ([`Machine::sym_step`] returns `None` after one scan of the frame's shadow); a term that
//!   folds to a constant is written back as a concrete value.
//! * **One semantics.** Operations build terms through [`crate::symbolic`] only.
//! * **The path condition is part of the state** ([`State::sym`], low word: its term's handle
//!   plus one, 0 for `true`; high word: inputs read). Terms are hash-consed in the one manager of
//!   the search, so two states are equal exactly when their explicit parts and their terms are
//!   the same (an id comparison; TOSEM 2016 §4.2 "explicit state matching"). A hook for
//!   solver-based subsumption would compare path conditions by implication instead; it would
//!   merge states that differ only in how they constrain dead inputs.
//! * **Branches** on a symbolic condition ask the solver which sides are feasible under the path
//!   condition and fork with the VM's `choose` when both are, adding the side taken to the path
//!   condition. **Property checks** (division by zero, `INT_MIN / -1`, `nsw` overflow under
//!   no-overflow, oversized shifts) are queries: a violation when satisfiable (the condition is
//!   added to the path condition, so its model gives the inputs), else the search goes on.
//! * **Concretisation** (a symbolic value where the VM needs a number: an index into memory, a
//!   hypercall's argument, an instruction without a symbolic meaning): at most
//!   [`ENUMERATION_LIMIT`] feasible values are enumerated and chosen among; beyond that the run is
//!   incomplete (never `true`). An index prefers an out-of-bounds value first, so memory errors
//!   are found even when values are sampled. A symbolic value used as an address without a base
//!   object is [`FaultKind::Undefined`] (unknown). A variadic call's extra arguments are
//!   enumerated when all their values are (each then formats to concrete text in `printf`), and
//!   otherwise travel as terms: the runtime's formatter computes digits arithmetically, so the
//!   text of a symbolic number costs a path per digit count, not one per value.
//! * **Counterexamples**: [`Machine::sym_inputs_model`] solves the path condition of the
//!   violating state for the values of the inputs; the engine then replays them concretely
//!   ([`Config::wide_inputs`]: the same calls return those values, nothing else changes).
//! * **Queries see only the conjuncts they depend on** (constraint independence, KLEE §3.3;
//!   [`super::symslice`]): feasibility and enumeration queries assume the slice of the path
//!   condition connected to their terms by shared inputs, and sliced queries are cached across
//!   paths. A counterexample model still solves the whole path condition.
//! * **Recent models answer first**: the solver keeps its last [`MODEL_CACHE`] models and answers
//!   a query one of them satisfies without a SAT call (KLEE's counterexample cache, Cadar et al.,
//!   OSDI 2008 §3.3; `vigil_bv::model_cache`): only *satisfiable* can come from it, checked by
//!   exact evaluation, so infeasibility (what prunes paths) is always the SAT core's.
//! * **Dumps** (`Config::dump_vcs`): each query is written after it is answered, as an SMT-LIB 2
//!   QF_BV script whose `; expect:` header is the engine's answer (`unknown` under its budget);
//!   with `Config::dump_sessions` the solver's whole session is one script
//!   (`vigil_bv::session_log`: every check in order, with the engine's answers).
//! * **Undecided branch sides** (with [`Config::branch_quick_conflicts`] set, in a sequential
//!   program): each side of a branch is first checked within that small conflict budget. A side
//!   that stays undecided is still taken (unknown counts as feasible, below), but its transition
//!   ends right after the branch with [`flags::PC_UNPROVEN`], and the explicit search expands
//!   the state it leaves only when every other state is done, after a check of its whole path
//!   condition with the full budget: a hard infeasible side (a float polynomial shown never to
//!   fall below 0) no longer holds up the easy sides where a violation may lie, and a hard
//!   feasible one is still explored. Nothing is dropped that a full check would keep.
//! * Solver answers `unknown` (conflict budget, deadline) count as *feasible*: the search then
//!   explores more paths than exist, which cannot make a `true` wrong, and a violation found on
//!   such a path is confirmed by the concrete replay or not reported.

use super::*;
use crate::memory::PtrSlot;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use vigil_bv::{CheckResult, Solver, Sort, TermId, TermManager, Value};

/// How many values of a symbolic value are enumerated at most when it must become concrete.
pub const ENUMERATION_LIMIT: usize = 16;

/// The incremental solver keeps every term it ever blasted, and each check assigns all of their
/// variables; with sliced queries (constraint independence) most of them can be irrelevant to
/// the query at hand. A check whose terms mention at most a `1/RESET_FACTOR` share of the inputs
/// that the solver's terms mention (beyond [`RESET_SLACK`] inputs) starts a new solver instead,
/// which forgets learnt clauses and the recent models. On programs whose path condition is one
/// connected chain every query mentions most inputs and no reset happens. A solver whose session
/// is being recorded (`--dump-sessions`) is never replaced.
const RESET_FACTOR: usize = 4;
/// See [`RESET_FACTOR`].
const RESET_SLACK: usize = 4;

/// SAT conflicts a single query may take before it answers unknown.
const CONFLICT_LIMIT: u64 = 200_000;

/// How many recent models the solver tries before a SAT call (`vigil_bv::model_cache`; a
/// `[bv] model-cache` setting overrides it). Successive branches of one path are mostly
/// satisfiable and share most of their path condition, so an earlier model often answers.
const MODEL_CACHE: usize = 4;

/// When inputs are symbolic (`vigil check --symbolic`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Symbolic {
    /// Every input is enumerated or sampled (the runtime's choices).
    #[default]
    Never,
    /// Inputs wider than 8 bits are symbolic; `bool` and `char` are enumerated (256 values at
    /// most, and a dead one merges in the visited set, which a term would not) — chars only
    /// while the program reads at most two on a run ([`super::char_inputs`]), else they are
    /// symbolic too.
    Auto,
    /// Inputs of 8 bits and more are symbolic.
    Always,
}

impl Symbolic {
    /// Whether an input of `bits` bits is symbolic in this mode.
    fn applies(self, bits: u32) -> bool {
        match self {
            Symbolic::Never => false,
            Symbolic::Auto => bits > 8,
            Symbolic::Always => bits >= 8,
        }
    }
}

/// Solver counters of a run.
#[derive(Copy, Clone, Debug, Default)]
pub struct SymStats {
    pub queries: u64,
    pub cache_hits: u64,
    /// Queries answered by one of the solver's recent models ([`MODEL_CACHE`]).
    pub model_hits: u64,
    /// Queries answered by an interval model (`[bv] interval-models`, `vigil_bv::interval_models`).
    pub interval_hits: u64,
    /// Queries the intervals refuted (`[bv] interval-refute`).
    pub interval_refutations: u64,
    /// Queries answered by an assignment near the last model after a stretch of SAT search
    /// (`[bv] neighbour-models`, `vigil_bv::neighbour_models`).
    pub neighbour_hits: u64,
    pub solver_time: Duration,
    /// How often the solver was replaced by a new one ([`RESET_FACTOR`]).
    pub resets: u64,
    /// Branch sides that a quick check left undecided (module doc, "Undecided branch sides").
    pub undecided: u64,
    /// States whose dead inputs were forgotten or whose inputs were renamed before they were
    /// stored ([`super::symnorm`]).
    pub normalised: u64,
}

impl SymStats {
    /// Adds the counters and time of `other` (another run, or another solver of the same run).
    pub fn add(&mut self, other: &SymStats) {
        self.queries += other.queries;
        self.cache_hits += other.cache_hits;
        self.model_hits += other.model_hits;
        self.interval_hits += other.interval_hits;
        self.interval_refutations += other.interval_refutations;
        self.neighbour_hits += other.neighbour_hits;
        self.solver_time += other.solver_time;
        self.resets += other.resets;
        self.undecided += other.undecided;
        self.normalised += other.normalised;
    }
}

/// An enumeration's cache key: the path condition's handle, the term, the preferred condition.
type EnumKey = (u32, TermId, Option<TermId>);

/// The symbolic machinery of one search: the term manager, the incremental solver and caches.
pub struct SymData {
    pub tm: TermManager,
    solver: Solver,
    /// `Some(values)` when replaying a symbolic counterexample concretely.
    pub(super) replay: Option<Vec<u64>>,
    /// For each function: `(bits, signed)` if it is an input function that is symbolic here.
    nondet: Vec<Option<(u32, bool)>>,
    /// The variable of input number k.
    pub(super) input_vars: Vec<TermId>,
    /// The input number of each input variable, by the term manager's variable index.
    pub(super) input_of_var: HashMap<u32, u32>,
    /// See [`SymData::placeholder`].
    placeholder: Option<TermId>,
    /// Whether a symbolic value was ever made (before, every instruction is concrete).
    pub(super) live: bool,
    /// Feasibility under a path condition: (pc handle, query) → answer.
    cache: HashMap<(u32, TermId), CheckResult>,
    /// Branch sides a quick check left undecided, by (pc handle, query): asked again (the
    /// transition runs once per choice), they are not checked again.
    undecided: crate::fasthash::FastSet<(u32, TermId)>,
    /// The conflict budget of a quick check of a branch side (None: no quick checks), and the
    /// full budget of every other check.
    quick_conflicts: Option<u64>,
    full_conflicts: u64,
    /// Enumerations: (pc handle, term, preferred) → (values, complete).
    enums: HashMap<EnumKey, (Vec<u64>, bool)>,
    dump: Option<std::path::PathBuf>,
    /// What a new solver is made from ([`RESET_FACTOR`]): the configuration, the deadline.
    fresh: (vigil_bv::config::SolverConfig, Option<Instant>),
    /// The variables that the terms given to the current solver mention.
    solver_inputs: crate::fasthash::FastSet<u32>,
    /// Whether the solver may be replaced (not while its session is recorded).
    may_reset: bool,
    /// The input variables of terms, for slicing path conditions (constraint independence).
    pub(super) slicer: super::symslice::Slicer,
    /// Feasibility of sliced queries: (query, its slice of the path condition) → answer.
    sliced: crate::fasthash::FastMap<Box<[TermId]>, CheckResult>,
    /// The input number of `main`'s argc when it is an input ([`ARGC`]).
    argc_input: Option<u32>,
    pub stats: SymStats,
}

/// The runtime's source of symbolic random bytes (`getrandom`, crates/runtime/c/random.c): an
/// 8-bit input that is symbolic in every symbolic mode, traced as a note rather than as an input
/// (harnesses and witnesses give only `__VERIFIER_nondet_*` values).
const RANDOM_BYTE: &str = "__vigil_random_byte";
/// The runtime's source of symbolic stdin bytes (crates/runtime/c/stdin.c), like
/// [`RANDOM_BYTE`]; the runtime notes each byte read itself, the VM traces nothing.
const STDIN_BYTE: &str = "__vigil_stdin_byte";
/// The runtime's source of the magnitude of an integer field that scanf reads from stdin
/// (crates/runtime/c/scanf.c, `scan_number`): a 64-bit unsigned input, symbolic whenever stdin
/// bytes are; the runtime notes the field's bytes (the magnitude's digits) itself.
const STDIN_NUMBER: &str = "__vigil_stdin_number";
/// The runtime's source of `main`'s argc (crates/runtime/c/os.c): a 32-bit signed input when
/// [`main_argc_only`] holds; the runtime notes its value itself (`VM_ENV_ARGC`).
const ARGC: &str = "__vigil_argc";

/// The runtime's source of clock readings (`time`, `clock`; crates/runtime/c/time.c): a 64-bit
/// signed input wherever 64-bit inputs are symbolic; the runtime constrains it and notes each
/// value itself (`VM_ENV_TIME`, `VM_ENV_CLOCK`), as harnesses replay them.
const CLOCK_INPUT: &str = "__vigil_clock_input";

/// The most arguments a counterexample may start `main` with: its native run passes that many
/// (Linux refuses a few hundred thousand; see [`Machine::sym_inputs_model`]).
pub const ARGC_RUNNABLE: u64 = 100_000;

/// Whether a run under `config` starts `main` with every argc ≥ 1, an input (the runtime's
/// `__vigil_argc` intercepted), rather than with argc = 1.
pub fn argc_is_input(m: &vigil_ir::Module, config: &Config) -> bool {
    config.symbolic.applies(32) && config.inputs.is_none() && main_argc_only(m)
}

/// Whether `main` reads its first parameter, argc, and nothing reads the rest of what a program
/// is started with: not `main`'s argv or envp, and no constructor any of its parameters. Then
/// argc can be an input on its own (argv's contents, which would need objects of a symbolic
/// size, are never read).
pub fn main_argc_only(m: &vigil_ir::Module) -> bool {
    let Some(main) = m.function_by_name("main").map(|f| m.function(f)) else { return false };
    let observed = |f: &vigil_ir::Function, k: usize| f.params.get(k).is_some_and(|&p| f.observes(p));
    observed(main, 0)
        && !observed(main, 1)
        && !observed(main, 2)
        && !m.constructors.iter().any(|&c| {
            let c = m.function(c);
            (0..c.params.len()).any(|k| observed(c, k))
        })
}

/// The signedness of a `__VERIFIER_nondet_*` function's result by its name, from the one table
/// of SV-COMP functions (None: not a symbolic input — `_Bool` and pointers are not). A float
/// input is its raw IEEE bits, unsigned (as the runtime traces them); its operations have terms
/// from the IEEE circuits (`vigil_semantics::float_sym`).
fn nondet_signed(name: &str) -> Option<bool> {
    vigil_ir::svcomp::nondet_function(name).filter(|n| !n.is_bool() && !n.is_pointer()).map(|n| n.signed && !n.is_float())
}

/// The input functions of `m`, as (bits, signed) by function index: only the runtime's
/// definitions (a program may define its own input function, which then runs as written).
fn input_functions(m: &vigil_ir::Module) -> Vec<Option<(u32, bool)>> {
    m.functions
        .iter()
        .map(|f| {
            if f.is_declaration() || !f.runtime {
                return None;
            }
            Some((m.types.value_bits(f.ret_ty), nondet_signed(&f.name)?))
        })
        .collect()
}

fn auto_symbolic_chars_of(m: &vigil_ir::Module, inputs: &[Option<(u32, bool)>]) -> bool {
    super::char_inputs::reads_many_chars(m, |f| matches!(inputs[f.index()], Some((8, _))))
}

/// Whether [`Symbolic::Auto`] makes the char inputs of `prog` symbolic: when the program may
/// read three or more on one run ([`super::char_inputs`]).
pub fn auto_symbolic_chars(prog: &Program) -> bool {
    auto_symbolic_chars_of(&prog.module, &input_functions(&prog.module))
}

impl SymData {
    /// The symbolic machinery for `config`, or None when nothing is symbolic.
    pub fn new(prog: &Program, config: &Config) -> Option<Box<SymData>> {
        // A fixed input vector (`Config::inputs`) gives every input its value: nothing symbolic.
        if config.symbolic == Symbolic::Never || config.inputs.is_some() {
            return None;
        }
        let m = &prog.module;
        let inputs = input_functions(m);
        let chars = config.symbolic == Symbolic::Auto && auto_symbolic_chars_of(m, &inputs);
        let argc = argc_is_input(m, config);
        let nondet = m
            .functions
            .iter()
            .zip(&inputs)
            .map(|(f, input)| {
                if !f.is_declaration() && f.runtime && (f.name == RANDOM_BYTE || f.name == STDIN_BYTE) {
                    return Some((8, false));
                }
                if !f.is_declaration() && f.runtime && f.name == STDIN_NUMBER {
                    return Some((64, false));
                }
                if argc && !f.is_declaration() && f.runtime && f.name == ARGC {
                    return Some((32, true));
                }
                if config.symbolic.applies(64) && !f.is_declaration() && f.runtime && f.name == CLOCK_INPUT && m.types.value_bits(f.ret_ty) == 64 {
                    return Some((64, true));
                }
                let (bits, signed) = (*input)?;
                (config.symbolic.applies(bits) || (chars && bits == 8)).then_some((bits, signed))
            })
            .collect::<Vec<_>>();
        if nondet.iter().all(Option::is_none) {
            return None;
        }
        let mut solver = new_solver(config);
        if let Some(dir) = &config.dump_sessions {
            // (A recorded session is one solver's: the search then never replaces it, see
            // RESET_FACTOR.)
            static SESSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
            let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            let origin = "the solver session of one search of vigil's explicit engine (symbolic data)";
            solver.record_session(&dir.join(format!("explicit-{n:06}.smt2")), origin);
        }
        Some(Box::new(SymData {
            // The class configuration's `[bv.rewrite]` choices apply to every term of the search.
            tm: TermManager::with_rewrite_config(config.solver.rewrite),
            solver,
            replay: config.wide_inputs.clone(),
            nondet,
            input_vars: Vec::new(),
            input_of_var: HashMap::new(),
            placeholder: None,
            live: false,
            cache: HashMap::new(),
            undecided: Default::default(),
            // (A recorded session replays every check with one conflict limit: no quick ones.)
            quick_conflicts: (config.branch_quick_conflicts > 0
                && config.branch_quick_conflicts < full_conflicts(&config.solver)
                && config.dump_sessions.is_none())
            .then_some(config.branch_quick_conflicts),
            full_conflicts: full_conflicts(&config.solver),
            enums: HashMap::new(),
            dump: config.dump_vcs.clone(),
            fresh: (config.solver.clone(), config.deadline),
            solver_inputs: Default::default(),
            may_reset: config.dump_sessions.is_none(),
            slicer: Default::default(),
            sliced: Default::default(),
            argc_input: None,
            stats: SymStats::default(),
        }))
    }

    /// A variable that is no input: what a forgotten input is replaced by in the shape of a
    /// conjunct ([`super::symnorm`]); it never appears in a state.
    pub(super) fn placeholder(&mut self) -> TermId {
        match self.placeholder {
            Some(p) => p,
            None => *self.placeholder.insert(self.tm.var("forgotten", Sort::BitVec(64))),
        }
    }

    pub(super) fn input_var(&mut self, k: u32) -> TermId {
        self.live = true;
        while self.input_vars.len() <= k as usize {
            let name = format!("in{}", self.input_vars.len());
            let v = self.tm.var(&name, Sort::BitVec(64));
            if let vigil_bv::Op::Var(i) = *self.tm.op(v) {
                self.input_of_var.insert(i, self.input_vars.len() as u32);
            }
            self.input_vars.push(v);
        }
        self.input_vars[k as usize]
    }

    /// Checks `assumptions` (Bool terms) with the solver; unknown counts as satisfiable.
    fn check(&mut self, assumptions: &[TermId]) -> CheckResult {
        self.check_within(assumptions, self.full_conflicts)
    }

    /// [`Self::check`] within `conflicts` SAT conflicts.
    fn check_within(&mut self, assumptions: &[TermId], conflicts: u64) -> CheckResult {
        let start = Instant::now();
        self.stats.queries += 1;
        // A solver whose terms are mostly about other inputs is replaced (see RESET_FACTOR).
        let mut inputs: Vec<u32> = Vec::new();
        for &a in assumptions {
            inputs.extend(self.slicer.support(&self.tm, a).iter());
        }
        inputs.sort_unstable();
        inputs.dedup();
        if self.may_reset && self.solver_inputs.len() > RESET_FACTOR * inputs.len() + RESET_SLACK {
            let (config, deadline) = &self.fresh;
            self.solver = solver_from(config, *deadline);
            self.solver_inputs.clear();
            self.stats.resets += 1;
        }
        self.solver_inputs.extend(inputs);
        let before = self.solver.counters();
        if conflicts != self.full_conflicts {
            self.solver.set_conflict_limit(Some(conflicts));
        }
        let r = self.solver.check_assuming(&self.tm, assumptions).unwrap_or(CheckResult::Unknown);
        if conflicts != self.full_conflicts {
            self.solver.set_conflict_limit(Some(self.full_conflicts));
        }
        self.stats.solver_time += start.elapsed();
        let after = self.solver.counters();
        self.stats.model_hits += after.model_cache_hits - before.model_cache_hits;
        self.stats.interval_hits += after.interval_model_hits - before.interval_model_hits;
        self.stats.interval_refutations += after.interval_refutations - before.interval_refutations;
        self.stats.neighbour_hits += after.neighbour_model_hits - before.neighbour_model_hits;
        if let Some(dir) = &self.dump {
            let name = format!("q{:06}.smt2", self.stats.queries);
            vigil_bv::smtlib::printer::dump_query(dir, &name, &self.tm, assumptions, r, "a query of vigil's explicit engine (symbolic data)");
        }
        r
    }

    /// Is `pc ∧ q` satisfiable (unknown: yes)? Cached by (pc, q).
    fn feasible(&mut self, pc_handle: u32, pc: Option<TermId>, q: TermId) -> bool {
        self.decide(pc_handle, pc, q, None) != Some(false)
    }

    /// Is `pc ∧ q` satisfiable, decided within the quick budget? `None`: undecided (the side
    /// is then deferred, see the module doc); without quick checks, [`Self::feasible`].
    fn feasible_quick(&mut self, pc_handle: u32, pc: Option<TermId>, q: TermId) -> Option<bool> {
        match self.quick_conflicts {
            None => Some(self.feasible(pc_handle, pc, q)),
            quick => self.decide(pc_handle, pc, q, quick),
        }
    }

    /// Whether `pc ∧ q` is satisfiable, with answers cached by (pc, q) and, for the query with
    /// its slice of the path condition, across paths. Within `quick` conflicts (else the full
    /// budget); `None` when undecided — a query undecided within `quick` conflicts is
    /// remembered as such, not as an answer.
    fn decide(&mut self, pc_handle: u32, pc: Option<TermId>, q: TermId, quick: Option<u64>) -> Option<bool> {
        if let Some(b) = self.tm.bool_value(q) {
            return Some(b);
        }
        if let Some(r) = self.cache.get(&(pc_handle, q)) {
            self.stats.cache_hits += 1;
            return known(*r);
        }
        if quick.is_some() && self.undecided.contains(&(pc_handle, q)) {
            self.stats.cache_hits += 1;
            return None;
        }
        let mut a = vec![q];
        if let Some(pc) = pc {
            a.extend(self.slicer.slice(&self.tm, pc, &[q]));
        }
        // Paths that differ only in conjuncts independent of `q` ask the same sliced query.
        let r = match self.sliced.get(a.as_slice()) {
            Some(r) => {
                self.stats.cache_hits += 1;
                *r
            }
            None => {
                let r = self.check_within(&a, quick.unwrap_or(self.full_conflicts));
                if quick.is_some() && r == CheckResult::Unknown {
                    self.stats.undecided += 1;
                    self.undecided.insert((pc_handle, q));
                    return None;
                }
                self.sliced.insert(a.into_boxed_slice(), r);
                r
            }
        };
        self.cache.insert((pc_handle, q), r);
        known(r)
    }

    /// The model value of bit-vector term `t` after a satisfiable check.
    fn model_value(&self, t: TermId) -> Option<u64> {
        match self.solver.value(&self.tm, t) {
            Ok(Value::Bv(v)) => Some(v.low_u64()),
            _ => None,
        }
    }

    /// Up to [`ENUMERATION_LIMIT`] values of `t` under `pc`, the one satisfying `prefer` first
    /// (if any), and whether they are all of them.
    fn enumerate(&mut self, pc_handle: u32, pc: Option<TermId>, t: TermId, prefer: Option<TermId>) -> (Vec<u64>, bool) {
        if let Some(r) = self.enums.get(&(pc_handle, t, prefer)) {
            self.stats.cache_hits += 1;
            return r.clone();
        }
        let w = self.tm.width(t);
        let mut vals: Vec<u64> = Vec::new();
        let mut base: Vec<TermId> = match pc {
            Some(pc) => self.slicer.slice(&self.tm, pc, &[Some(t), prefer].into_iter().flatten().collect::<Vec<_>>()),
            None => Vec::new(),
        };
        if let Some(p) = prefer {
            let mut a = base.clone();
            a.push(p);
            if self.check(&a) == CheckResult::Sat {
                if let Some(v) = self.model_value(t) {
                    vals.push(v);
                }
            }
        }
        let mut complete = false;
        for &v in &vals {
            let c = self.tm.bv_u64(w, v);
            let e = self.tm.eq(t, c);
            let ne = self.tm.not(e);
            base.push(ne);
        }
        while vals.len() <= ENUMERATION_LIMIT {
            match self.check(&base) {
                CheckResult::Sat => {
                    let Some(v) = self.model_value(t) else { break };
                    vals.push(v);
                    let c = self.tm.bv_u64(w, v);
                    let e = self.tm.eq(t, c);
                    let ne = self.tm.not(e);
                    base.push(ne);
                }
                CheckResult::Unsat => {
                    complete = true;
                    break;
                }
                CheckResult::Unknown => break,
            }
        }
        if vals.len() > ENUMERATION_LIMIT {
            vals.truncate(ENUMERATION_LIMIT);
            complete = false;
        }
        let r = (vals, complete);
        self.enums.insert((pc_handle, t, prefer), r.clone());
        r
    }
}


/// The solver of a search.
fn new_solver(config: &Config) -> Solver {
    solver_from(&config.solver, config.deadline)
}

/// A check's answer as feasibility: `None` when undecided.
fn known(r: CheckResult) -> Option<bool> {
    match r {
        CheckResult::Sat => Some(true),
        CheckResult::Unsat => Some(false),
        CheckResult::Unknown => None,
    }
}

/// The conflict budget of a query (the configuration's `[bv] conflict-limit`, else
/// [`CONFLICT_LIMIT`]).
fn full_conflicts(solver_config: &vigil_bv::config::SolverConfig) -> u64 {
    solver_config.conflict_limit.unwrap_or(CONFLICT_LIMIT)
}

fn solver_from(solver_config: &vigil_bv::config::SolverConfig, deadline: Option<Instant>) -> Solver {
    let mut solver = Solver::with_config(solver_config.clone());
    solver.set_conflict_limit(Some(full_conflicts(solver_config)));
    solver.set_deadline(deadline);
    solver.set_model_cache(solver_config.model_cache.unwrap_or(MODEL_CACHE));
    solver
}

/// The low word of [`State::sym`]: the path condition's handle plus one (0: `true`).
fn pc_word(sym: u64) -> u32 {
    sym as u32
}

/// The high word of [`State::sym`]: how many symbolic (or replayed) inputs the path read.
fn inputs_word(sym: u64) -> u32 {
    (sym >> 32) as u32
}

/// A value an operand has for a symbolic operation.
pub(super) enum Val {
    Term(TermId),
    /// A defined integer.
    Int(u64),
    /// Undefined, or a pointer: no term.
    Other,
}

impl Machine<'_> {
    /// Solver counters of this machine's run (None when nothing is symbolic).
    pub fn sym_stats(&self) -> Option<SymStats> {
        self.sym.as_ref().map(|s| s.stats)
    }

    pub(super) fn sd(&mut self) -> &mut SymData {
        self.sym.as_mut().expect("symbolic mode")
    }

    /// The path condition (None: `true`).
    pub(super) fn pc(&self) -> Option<TermId> {
        match pc_word(self.state.sym) {
            0 => None,
            h => Some(TermId::from_index(h - 1)),
        }
    }

    /// Adds `c` to the path condition.
    pub(super) fn add_pc(&mut self, c: TermId) {
        let pc = self.pc();
        let sd = self.sd();
        let new = match pc {
            None => c,
            Some(p) => sd.tm.and(p, c),
        };
        let h = if sd.tm.bool_value(new) == Some(true) { 0 } else { new.index() as u32 + 1 };
        self.state.sym = (self.state.sym & !0xffff_ffff) | u64::from(h);
    }

    pub(super) fn feasible(&mut self, q: TermId) -> bool {
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        self.sd().feasible(h, pc, q)
    }

    /// [`SymData::feasible_quick`] under the current path condition.
    pub(super) fn feasible_quick(&mut self, q: TermId) -> Option<bool> {
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        self.sd().feasible_quick(h, pc, q)
    }

    /// Whether a branch side undecided by a quick check may be deferred here: quick checks are
    /// on, the program is sequential (sleep sets assume a state's successors are expanded with
    /// it), and the transition may end at this point.
    pub(super) fn defers_undecided_branches(&self) -> bool {
        self.sym.as_ref().is_some_and(|s| s.quick_conflicts.is_some())
            && self.interruptible()
            && self.state.flags & (flags::THREADED | flags::ATOMIC) == 0
    }

    /// Whether the current state's path condition may be satisfiable: not refuted by a check
    /// with the full budget (an undecided check counts as satisfiable). The explicit search
    /// asks it of a state that a transition left with [`flags::PC_UNPROVEN`] before expanding
    /// it. It is the stored state's own condition that is checked, not the query the quick
    /// check left undecided: a stored state has its dead inputs forgotten, so it may stand for
    /// other paths too (a feasible one joining the undecided side where both inputs are dead),
    /// and only an unsatisfiable condition of its own says that no run reaches it.
    pub fn path_condition_feasible(&mut self) -> bool {
        if self.sym.as_ref().is_none_or(|s| s.replay.is_some()) {
            return true;
        }
        match self.pc() {
            None => true,
            Some(pc) => self.sd().check(&[pc]) != CheckResult::Unsat,
        }
    }

    /// The term in register `v`, if it holds a symbolic value.
    pub(super) fn sym_reg(&self, v: ValueId) -> Option<TermId> {
        let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
        let (_, h) = self.frame().slot_at(off)?.sym()?;
        Some(TermId::from_index(h))
    }

    /// Whether `op` is a register holding a symbolic value (control flow copies its bytes, not
    /// its scalar).
    pub(super) fn is_sym_operand(&self, op: Operand) -> bool {
        match op {
            // (No register is symbolic before the search's first symbolic input.)
            Operand::Value(v) => self.sym.as_ref().is_some_and(|s| s.live) && self.sym_reg(v).is_some(),
            Operand::Const(_) => false,
        }
    }

    /// `op` as a term of `w` bits, a defined integer, or neither.
    pub(super) fn val(&mut self, op: Operand, w: u32) -> Val {
        if let Operand::Value(v) = op {
            if let Some(t) = self.sym_reg(v) {
                return Val::Term(self.fit(t, w));
            }
        }
        let s = self.operand(op);
        if s.ptr || !s.is_defined(w) { Val::Other } else { Val::Int(s.bits & crate::memory::mask(w)) }
    }

    /// `t` truncated or zero-extended to `w` bits.
    pub(super) fn fit(&mut self, t: TermId, w: u32) -> TermId {
        let tm = &mut self.sd().tm;
        let tw = tm.width(t);
        if tw == w {
            t
        } else if tw > w {
            tm.extract(t, w - 1, 0)
        } else {
            tm.zero_extend(t, w - tw)
        }
    }

    pub(super) fn term(&mut self, v: Val, w: u32) -> Option<TermId> {
        match v {
            Val::Term(t) => Some(t),
            Val::Int(x) => Some(self.sd().tm.bv_u64(w, x)),
            Val::Other => None,
        }
    }

    /// Writes term `t` (of the register's width) into register `dest`: a constant as a concrete
    /// value, anything else as a symbolic slot.
    pub(super) fn set_term(&mut self, dest: Option<ValueId>, t: TermId) {
        let Some(d) = dest else { return };
        if let Some(v) = self.sd().tm.bv_value(t).map(|v| v.low_u64()) {
            self.set_reg(d, Scalar::int(v));
            return;
        }
        let w = self.sd().tm.width(t);
        let info = &self.prog.funcs[self.func.index()];
        let (off, size) = (info.reg_off[d.index()], info.reg_size[d.index()].min(8));
        let frame = self.frame_mut();
        frame.fill(off, size, 0, 0);
        frame.write_sym(off, w.div_ceil(8).clamp(1, size), t.index() as u32);
    }

    /// A fresh handle fits a slot (the term manager stays below [`crate::memory::SYM_MAX_HANDLE`]).
    pub(super) fn handles_exhausted(&self) -> bool {
        self.sym.as_ref().is_some_and(|s| s.tm.num_terms() as u64 >= u64::from(crate::memory::SYM_MAX_HANDLE))
    }

    /// Makes `op` (a symbolic register) concrete: one of its feasible values (see the module
    /// doc), written back to the register and fixed in the path condition.
    pub(super) fn concretize(&mut self, op: Operand, prefer: Option<TermId>) -> u64 {
        let Operand::Value(v) = op else { return 0 };
        let Some(t) = self.sym_reg(v) else { return self.operand(op).bits };
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        let (vals, complete) = self.sd().enumerate(h, pc, t, prefer);
        if vals.is_empty() {
            // Unknown answers only: no value can be trusted, the path is sampled.
            self.trans_flags |= flags::INCOMPLETE;
            let tm = &mut self.sd().tm;
            let z = tm.bv_u64(tm.width(t), 0);
            let e = tm.eq(t, z);
            self.add_pc(e);
            self.set_concrete(v, 0);
            return 0;
        }
        let k = if vals.len() > 1 { self.choose(vals.len() as u32) as usize } else { 0 };
        if !complete {
            self.trans_flags |= flags::INCOMPLETE;
        }
        let x = vals[k];
        if !(complete && vals.len() == 1) {
            let w = self.sd().tm.width(t);
            let c = self.sd().tm.bv_u64(w, x);
            let e = self.sd().tm.eq(t, c);
            self.add_pc(e);
        }
        self.set_concrete(v, x);
        x
    }

    /// Replaces the symbolic value at the start of register `v` by `x`: the whole register for a
    /// scalar; for an aggregate (whose first member is symbolic) only that member's slot, so the
    /// members after it keep their bytes (an `i32` member of an ILP32 struct is 4 bytes, and
    /// writing the 8 bytes of a scalar would overwrite the next one).
    fn set_concrete(&mut self, v: ValueId, x: u64) {
        if !self.is_aggregate_reg(v) {
            self.set_reg(v, Scalar::int(x));
            return;
        }
        let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
        let Some(len) = self.frame().slot_at(off).and_then(|s| s.sym()).map(|(len, _)| len) else { return };
        self.frame_mut().write(off, len, Scalar::int(x));
    }

    /// Splits every symbolic slot of object `obj` that straddles offset `a` or `b` into slots
    /// that do not, each holding the bits of its own bytes (an extract of the slot's term), so
    /// that a write or a copy of `[a, b)` keeps the slot's bytes outside the range: a store of
    /// an `int` into half of a symbolic `long` (a struct coerced to one `i64` and then written
    /// member by member), a `memcpy` of part of one. Without splitting, the write dropped the
    /// whole slot and left its other bytes undefined. Nothing to do without symbolic data.
    pub(super) fn split_sym_slots(&mut self, obj: u32, a: u32, b: u32) {
        if a >= b || self.sym.as_ref().is_none_or(|s| !s.live) {
            return;
        }
        let Some(o) = self.state.heap.get(obj) else { return };
        let straddles = |p: &PtrSlot| {
            let (lo, hi) = (p.off, p.off + p.len());
            (lo < a && a < hi) || (lo < b && b < hi)
        };
        let cut: Vec<PtrSlot> = o.syms_in(a, b - a).filter(|p| straddles(p)).collect();
        for slot in cut {
            let Some((len, h)) = slot.sym() else { continue };
            let (lo, hi) = (slot.off, slot.off + len);
            let mut bounds = vec![lo];
            bounds.extend([a, b].into_iter().filter(|&x| lo < x && x < hi));
            bounds.push(hi);
            bounds.dedup();
            if self.handles_exhausted() {
                return;
            }
            let t = self.fit(TermId::from_index(h), len * 8);
            for w in bounds.windows(2) {
                let (x, y) = (w[0], w[1]);
                let piece = self.sd().tm.extract(t, (y - lo) * 8 - 1, (x - lo) * 8);
                self.state.heap.get_mut(obj).expect("live").write_sym(x, y - x, piece.index() as u32);
            }
        }
    }

    /// Makes `op` (a symbolic register) concrete when all its feasible values are enumerated
    /// (at most [`ENUMERATION_LIMIT`]), else leaves it symbolic.
    pub(super) fn concretize_if_few(&mut self, op: Operand) {
        let Operand::Value(v) = op else { return };
        let Some(t) = self.sym_reg(v) else { return };
        let (h, pc) = (pc_word(self.state.sym), self.pc());
        let (vals, complete) = self.sd().enumerate(h, pc, t, None);
        if complete && !vals.is_empty() {
            self.concretize(op, None);
        }
    }

    /// Makes every symbolic operand of `ops` concrete.
    pub(super) fn concretize_all(&mut self, ops: &[Operand]) {
        for &op in ops {
            if self.is_sym_operand(op) {
                self.concretize(op, None);
            }
        }
    }

    /// A property check as a query: `Err(kind)` on the path where `cond` holds (when it can),
    /// `Ok` on the path where it does not; both when both are feasible (a choice).
    pub(super) fn sym_check(&mut self, cond: TermId, kind: FaultKind) -> VmResult<()> {
        if !self.feasible(cond) {
            return Ok(());
        }
        let not = self.sd().tm.not(cond);
        if !self.feasible(not) {
            return Err(kind);
        }
        if self.choose(2) == 1 {
            self.add_pc(cond);
            Err(kind)
        } else {
            self.add_pc(not);
            Ok(())
        }
    }

    /// A two-way split on Bool `cond`: Some(side) of a feasible side (a choice when both are).
    pub(super) fn sym_split(&mut self, cond: TermId) -> Option<bool> {
        let not = self.sd().tm.not(cond);
        match (self.feasible(cond), self.feasible(not)) {
            (true, true) => {
                if self.choose(2) == 0 {
                    self.add_pc(cond);
                    Some(true)
                } else {
                    self.add_pc(not);
                    Some(false)
                }
            }
            (true, false) => Some(true),
            (false, true) => Some(false),
            (false, false) => None,
        }
    }

    /// A call of an input function that is symbolic in this mode: its result is input number k
    /// of the path (a term, or the replayed value). None for other calls.
    pub(super) fn sym_input(&mut self, f: FuncId, dest: Option<ValueId>) -> Option<Flow> {
        let (bits, signed) = (*self.sym.as_ref()?.nondet.get(f.index())?)?;
        if !self.interruptible() {
            return None;
        }
        let k = inputs_word(self.state.sym);
        self.state.sym += 1 << 32;
        let name = &self.prog.module.function(f).name;
        if let Some(values) = &self.sym.as_ref()?.replay {
            let raw = values.get(k as usize).copied();
            if raw.is_none() {
                self.trans_flags |= flags::INCOMPLETE;
            }
            let v = raw.unwrap_or(0) & crate::memory::mask(bits);
            if name == STDIN_BYTE || name == STDIN_NUMBER || name == ARGC || name == CLOCK_INPUT {
                // Noted by the runtime ("stdin: byte N read", "main started with argc = N",
                // "time() = N").
            } else if self.events.is_some() && name == RANDOM_BYTE {
                let text = format!("getrandom: byte {v}");
                self.event(Event::Trace { kind: super::trace::INFO, text });
            } else if self.events.is_some() {
                let s = 64 - bits;
                let value = if signed { ((v << s) as i64) >> s } else { v as i64 };
                self.event(Event::Input { func: f, value });
            }
            self.set_dest(dest, Scalar::int(v));
            return Some(Flow::Next);
        }
        if name == ARGC {
            self.sd().argc_input = Some(k as u32);
        }
        let var = self.sd().input_var(k);
        let t = self.fit(var, bits);
        self.set_term(dest, t);
        Some(Flow::Next)
    }

    /// The values of the inputs of the current path that satisfy its path condition (the state
    /// of a violation): None when the path read no symbolic input, an error when the solver
    /// cannot give them — [`ModelError::Infeasible`] when the path condition is unsatisfiable:
    /// the path was followed only because a query on it was undecided (conflict budget or
    /// deadline), which counts as feasible, so the violation is not on any real run.
    pub fn sym_inputs_model(&mut self) -> Result<Option<Vec<u64>>, ModelError> {
        let n = inputs_word(self.state.sym);
        if self.sym.is_none() || n == 0 || self.sym.as_ref().is_some_and(|s| s.replay.is_some()) {
            return Ok(None);
        }
        let mut pc: Vec<TermId> = self.pc().into_iter().collect();
        let sd = self.sd();
        match sd.check(&pc) {
            CheckResult::Sat => {}
            CheckResult::Unsat => return Err(ModelError::Infeasible),
            CheckResult::Unknown => return Err(ModelError::Undecided),
        }
        if let Some(k) = sd.argc_input {
            // argc was explored over every positive int, more than Linux passes: a violation
            // counts only with an argc that a native run can be started with.
            let var = sd.input_var(k);
            let argc = sd.tm.extract(var, 31, 0);
            let above = sd.tm.bv_u64(32, ARGC_RUNNABLE + 1);
            let bound = sd.tm.slt(argc, above);
            pc.push(bound);
            match sd.check(&pc) {
                CheckResult::Sat => {}
                CheckResult::Unsat => return Err(ModelError::TooManyArguments),
                CheckResult::Unknown => return Err(ModelError::Undecided),
            }
        }
        let mut out = Vec::new();
        for k in 0..n {
            let var = sd.input_var(k);
            out.push(sd.model_value(var).unwrap_or(0));
        }
        Ok(Some(out))
    }
}

/// Why [`Machine::sym_inputs_model`] gives no inputs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// The path condition is unsatisfiable: the path is spurious.
    Infeasible,
    /// The solver did not decide the path condition within its budget or the deadline.
    Undecided,
    /// Running the violation's path again did not take the choices the search recorded
    /// (`vigil_explicit::search`, after normalised states): no inputs either way.
    Diverged,
    /// The violation needs `main` started with more than [`ARGC_RUNNABLE`] arguments.
    TooManyArguments,
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Infeasible => write!(f, "the violation's path condition is unsatisfiable"),
            ModelError::Undecided => write!(f, "the solver could not find inputs for the violation's path condition"),
            ModelError::Diverged => write!(f, "running the violation's path again did not take the same choices"),
            ModelError::TooManyArguments => {
                write!(f, "the violation needs main started with more than {ARGC_RUNNABLE} arguments, more than a native run is given")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_functions_are_symbolic_by_width() {
        assert!(Symbolic::Auto.applies(32) && !Symbolic::Auto.applies(8) && Symbolic::Always.applies(8));
        assert!(!Symbolic::Never.applies(64));
        assert_eq!(nondet_signed("__VERIFIER_nondet_int"), Some(true));
        assert_eq!(nondet_signed("__VERIFIER_nondet_size_t"), Some(false));
        assert_eq!(nondet_signed("__VERIFIER_nondet_pointer"), None);
        assert_eq!(nondet_signed("__VERIFIER_nondet_bool"), None);
        assert_eq!(nondet_signed("__VERIFIER_nondet_double"), Some(false));
    }
}
