//! The static engine of vigil: Calysto-style structure-preserving symbolic execution and
//! structural abstraction (Babić, *Exploiting Structure for Scalable Software Verification*, PhD
//! thesis, UBC 2008, chapters 3, 4 and 6).
//!
//! Pipeline, one idea per module:
//!
//! * [`unroll`] cuts loops (each back edge followed at most `unroll` times) into an acyclic graph;
//! * `vigil_semantics::symbolic` gives every IR operation its bit-precise term (shared with the synergy
//!   engine, tested against `vigil_semantics::ops`);
//! * [`memory`] is the logical memory model (terminal pointer + constant offset);
//! * [`symex`] executes each function once, bottom-up over the call graph, into the maximally
//!   shared DAG ([`term_space`]), producing its summary (one term per side effect) and its checks;
//! * [`refine`] checks each verification condition with summaries abstracted as unconstrained
//!   variables and expands them on demand (structural refinement);
//! * a VC that cannot be proved in its function is *lifted* into each calling context (thesis
//!   §4.2.1 "VC lifting") up to `main`, where a falsifying assignment becomes a [`Report`] with an
//!   input vector and a trace ([`trace`]);
//! * [`sarif`] renders reports as SARIF 2.1.0.
//!
//! Soundness contract: this engine never claims a program correct. A [`Report`] is a *candidate*:
//! its input vector must be replayed on the concrete VM before anyone says `false`. Loops are
//! under-approximated (cut paths are dropped), `malloc` never fails, external functions other
//! than the SV-COMP ones return unconstrained values without side effects, symbolic array
//! indices make whole-object locations unrelated to constant-offset ones, and distinct terminal
//! pointers are assumed not to alias inside a function — all of which can lose bugs or produce
//! candidates that do not replay, never a wrong verdict once replay is applied. The crate's
//! README lists the model's limits.
#![forbid(unsafe_code)]

pub mod memory;
pub mod refine;
pub mod sarif;
pub mod symex;
pub mod term_space;
pub mod trace;
pub mod unroll;

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use vigil_bv::TermId;
use vigil_ir::unknown::{Cause, Unknown};
use vigil_ir::{FuncId, Module};

use crate::refine::{CheckStats, Refiner, VcAnswer};
use crate::symex::FuncInfo;
use crate::term_space::TermSpace;

/// The kind of a report (one SARIF rule each).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ReportKind {
    /// `reach_error()` / `__VERIFIER_error()` reachable, or a failed `assert`.
    Assertion,
    /// Dereference of a NULL (or undefined) pointer.
    NullDeref,
    DivByZero,
}

impl ReportKind {
    /// Rule id (SARIF) and property name.
    pub fn rule_id(self) -> &'static str {
        match self {
            ReportKind::Assertion => "unreach-call",
            ReportKind::NullDeref => "null-deref",
            ReportKind::DivByZero => "div-by-zero",
        }
    }
}

/// Which properties are checked.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PropertySet {
    pub unreach_call: bool,
    pub null_deref: bool,
    pub div_by_zero: bool,
}

impl PropertySet {
    pub const ALL: PropertySet = PropertySet { unreach_call: true, null_deref: true, div_by_zero: true };

    pub fn contains(&self, k: ReportKind) -> bool {
        match k {
            ReportKind::Assertion => self.unreach_call,
            ReportKind::NullDeref => self.null_deref,
            ReportKind::DivByZero => self.div_by_zero,
        }
    }
}

impl Default for PropertySet {
    fn default() -> Self {
        PropertySet::ALL
    }
}

/// Options of the engine.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many times each loop's back edges may be followed (default 1).
    pub unroll: u32,
    pub properties: PropertySet,
    pub deadline: Option<Instant>,
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Summary expansions allowed per VC check (the refinement loop gives up beyond).
    pub summary_expand_limit: usize,
    /// Summary operators expanded at most per refinement round (rounds expand 1, 2, 4, … up to
    /// this; 1 is the thesis' one operator per solver call).
    pub refine_batch: usize,
    /// Pointer-sized summaries of at most this many DAG nodes are inlined at the call (so they
    /// can be dereferenced precisely); larger ones are terminal pointers.
    pub deref_inline_limit: usize,
    /// Functions whose unrolled graph exceeds this many nodes are skipped.
    pub max_unrolled_nodes: usize,
    /// A VC is lifted into at most this many calling contexts.
    pub max_contexts: usize,
    /// SAT conflicts allowed per solver call (a VC that needs more is left undecided, so one
    /// hard VC — e.g. about 32-bit division — cannot starve the others). `None`: no limit.
    pub vc_conflict_limit: Option<u64>,
    /// The bit-vector solver's configuration, with the SAT core's parameters.
    pub solver: vigil_bv::config::SolverConfig,
    /// Write every solver call as an SMT-LIB 2 script into this directory ([`refine`]).
    pub dump_vcs: Option<std::path::PathBuf>,
    /// Write each refiner's whole incremental solver session (one per VC) as one SMT-LIB 2
    /// script into this directory (`static-NNNNNN.smt2`, `vigil_bv::session_log`).
    pub dump_sessions: Option<std::path::PathBuf>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            unroll: 1,
            properties: PropertySet::ALL,
            deadline: None,
            interrupt: None,
            summary_expand_limit: 500,
            refine_batch: 16,
            deref_inline_limit: 64,
            max_unrolled_nodes: 100_000,
            max_contexts: 64,
            solver: vigil_bv::config::SolverConfig::default(),
            vc_conflict_limit: Some(20_000),
            dump_vcs: None,
            dump_sessions: None,
        }
    }
}

/// One nondet call's result, in call order (shared with the VM, which replays them).
pub use vigil_vm::Input;

/// One step of a report's trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub function: String,
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub note: String,
}

/// A bug candidate.
#[derive(Clone, Debug)]
pub struct Report {
    pub kind: ReportKind,
    pub function: String,
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// Call chain from `main` and the blocks executed, ending at the bug.
    pub trace: Vec<TraceStep>,
    pub inputs: Vec<Input>,
    /// The call chain from `main` (function names), ending at `function`.
    pub context: Vec<String>,
}

/// Counters and times (thesis Table 6.4: symbolic execution vs solver).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub functions: usize,
    pub functions_analysed: usize,
    pub source_lines: usize,
    pub instructions: usize,
    pub vcs: usize,
    pub vcs_proved: usize,
    pub vcs_undecided: usize,
    /// VCs falsifiable only in functions that no analysed call chain from `main` reaches.
    pub vcs_unreached: usize,
    pub vcs_lifted: usize,
    pub candidates: usize,
    pub summary_operators: usize,
    pub summaries_expanded: usize,
    pub solver_calls: usize,
    pub terms: usize,
    pub symex_time: Duration,
    pub solver_time: Duration,
    pub broken_recursion_edges: Vec<String>,
    /// Loop back edges cut by the unrolling bound, over the analysed functions: 0 means no
    /// execution was left out by the bound (a larger bound would analyse the same paths).
    pub cut_back_edges: usize,
    /// Expansions per summary label (`callee:effect`), for tests and tuning.
    pub expanded_by_callee: HashMap<String, usize>,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "functions: {} ({} analysed)", self.functions, self.functions_analysed)?;
        writeln!(f, "source lines: {}, instructions: {}", self.source_lines, self.instructions)?;
        writeln!(
            f,
            "VCs: {} ({} proved, {} undecided, {} not reached from main, {} lifted copies, {} candidates)",
            self.vcs, self.vcs_proved, self.vcs_undecided, self.vcs_unreached, self.vcs_lifted, self.candidates
        )?;
        writeln!(
            f,
            "summaries expanded/total: {}/{} (expansions over all VC checks / summary operators created)",
            self.summaries_expanded, self.summary_operators
        )?;
        writeln!(f, "solver calls: {}, terms: {}", self.solver_calls, self.terms)?;
        writeln!(
            f,
            "time: symbolic execution {:.3}s, solver {:.3}s",
            self.symex_time.as_secs_f64(),
            self.solver_time.as_secs_f64()
        )?;
        if !self.broken_recursion_edges.is_empty() {
            writeln!(f, "broken call edges: {}", self.broken_recursion_edges.join(", "))?;
        }
        Ok(())
    }
}

/// The result of [`analyse`].
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    pub reports: Vec<Report>,
    pub vcs_total: usize,
    pub vcs_proved: usize,
    /// Functions not analysed, with the reason.
    pub skipped: Vec<(String, String)>,
    pub stats: Stats,
    /// Why the analysis stopped early (deadline, interrupt), if it did.
    pub incomplete: Option<Unknown>,
}

/// Runs the engine on a module.
pub fn analyse(module: &Module, opts: &Options) -> Analysis {
    let names: Vec<String> = module.functions.iter().map(|f| f.name.clone()).collect();
    let mut w = TermSpace::new(names);
    // The class configuration's `[bv.rewrite]` choices apply to every term of the analysis.
    w.tm.set_rewrite_config(opts.solver.rewrite);
    let mut an = Analysis::default();
    let mut st = Stats { functions: module.defined_functions().count(), ..Stats::default() };
    let mut lines = HashSet::new();
    for (_, f) in module.defined_functions() {
        for b in &f.blocks {
            st.instructions += b.insts.len() + 1;
            for i in &b.insts {
                if i.loc.is_known() {
                    lines.insert((i.loc.file, i.loc.line));
                }
            }
        }
    }
    st.source_lines = lines.len();

    // Bottom-up over the call graph; calls into an unfinished SCC (recursion) stay unsummarised.
    let info = vigil_ir::graphs::call_info(module);
    let order: Vec<FuncId> = match vigil_ir::graphs::call_graph(module, &info) {
        Ok(cg) => cg.bottom_up().flat_map(|scc| scc.iter().map(|&f| FuncId(f))).collect(),
        Err(e) => {
            an.incomplete = Some(Unknown::new(Cause::Bug, format!("call graph: {e}")));
            Vec::new()
        }
    };
    let t0 = Instant::now();
    let mut cst = CheckStats::default();
    let mut refiner: Refiner;
    let mut infos: Vec<Option<FuncInfo>> = vec![None; module.functions.len()];
    for fid in order {
        let f = module.function(fid);
        if f.is_declaration() || is_special(&f.name) {
            continue;
        }
        if let Some(cause) = stopped(opts) {
            an.incomplete = Some(Unknown::new(cause, "deadline or interrupt during symbolic execution"));
            break;
        }
        // An internal error in one function skips it (reported), never the whole analysis.
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| symex::execute(&mut w, module, fid, opts)))
            .unwrap_or_else(|_| Err("internal error during symbolic execution".into()));
        match res {
            Ok(fi) => {
                // A control-flow context that holds for every input (checked under structural
                // abstraction) imposes nothing on callers: drop it rather than give every
                // caller a `cfc` operator to expand.
                let cfc = w.summaries[fid.index()].as_ref().map(|s| s.cfc);
                if let Some(cfc) = cfc.filter(|&c| c != w.tm.tt()) {
                    let neg = w.tm.not(cfc);
                    refiner = Refiner::new(opts);
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| refiner.check(&mut w, neg, opts, &mut cst)));
                    let r = r.unwrap_or_else(|_| {
                        refiner = Refiner::new(opts);
                        VcAnswer::Unknown(Unknown::new(Cause::Bug, "internal error"))
                    });
                    if let VcAnswer::Valid = r {
                        let tt = w.tm.tt();
                        if let Some(s) = w.summaries[fid.index()].as_mut() {
                            s.cfc = tt;
                        }
                    }
                }
                st.broken_recursion_edges.extend(fi.broken_edges.iter().cloned());
                st.cut_back_edges += fi.cut_edges;
                infos[fid.index()] = Some(fi);
                st.functions_analysed += 1;
            }
            Err(reason) => an.skipped.push((f.name.clone(), reason)),
        }
    }
    st.symex_time = t0.elapsed().saturating_sub(cst.solver_time);

    // Call sites by callee, for lifting.
    let mut sites_of: HashMap<FuncId, Vec<(FuncId, u32)>> = HashMap::new();
    for (i, fi) in infos.iter().enumerate() {
        if let Some(fi) = fi {
            for (s, site) in fi.sites.iter().enumerate() {
                sites_of.entry(site.callee).or_default().push((FuncId(i as u32), s as u32));
            }
        }
    }
    let main = module.function_by_name("main");
    let mut seen_reports: HashSet<(ReportKind, String, u32, u32, CallChain)> = HashSet::new();
    'vcs: for (fi_idx, fi) in infos.iter().enumerate() {
        let Some(fi) = fi else { continue };
        let fid = FuncId(fi_idx as u32);
        for (ci, check) in fi.checks.iter().enumerate() {
            st.vcs += 1;
            if let Some(cause) = stopped(opts) {
                an.incomplete = Some(Unknown::new(cause, "deadline or interrupt while checking VCs"));
                st.vcs_undecided += 1;
                continue 'vcs;
            }
            let mut queue: Vec<(FuncId, TermId, CallChain)> = vec![(fid, check.bad, Vec::new())];
            let mut contexts = 0usize;
            let (mut falsified, mut undecided, mut unreached) = (false, false, false);
            while let Some((f, bad, chain)) = queue.pop() {
                contexts += 1;
                if contexts > opts.max_contexts {
                    undecided = true;
                    break;
                }
                // A fresh solver per check: a shared one would keep every earlier VC's circuits,
                // and each satisfiable answer must assign all of them (measured: the `flags`
                // benchmark went from seconds to minutes).
                refiner = Refiner::new(opts);
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    refiner.check(&mut w, bad, opts, &mut cst)
                }))
                .unwrap_or_else(|_| {
                    refiner = Refiner::new(opts);
                    VcAnswer::Unknown(Unknown::new(Cause::Bug, "internal error while checking"))
                });
                match outcome {
                    VcAnswer::Valid => {}
                    VcAnswer::Unknown(_) => undecided = true,
                    VcAnswer::Candidate => {
                        if Some(f) == main {
                            falsified = true;
                            st.candidates += 1;
                            let key = (check.kind, module.function(fid).name.clone(), check.loc.line, check.loc.col, chain.clone());
                            if seen_reports.insert(key) {
                                let r = trace::build_report(&mut w, module, &infos, &refiner.solver, fid, ci as u32, check, &chain);
                                an.reports.push(r);
                            }
                        } else {
                            let callers = sites_of.get(&f).map(Vec::as_slice).unwrap_or(&[]);
                            if callers.is_empty() {
                                // Not called (directly) from main's call tree: nothing to report,
                                // but nothing proved either.
                                unreached = true;
                            }
                            for &(g, s) in callers {
                                let site = &infos[g.index()].as_ref().expect("caller analysed").sites[s as usize];
                                let (inst, ctx) = (site.inst, site.ctx);
                                let lifted = w.subst(inst, bad);
                                let nb = w.tm.and(ctx, lifted);
                                let mut ch = vec![(g, s)];
                                ch.extend(chain.iter().copied());
                                st.vcs_lifted += 1;
                                queue.push((g, nb, ch));
                            }
                        }
                    }
                }
            }
            if undecided {
                st.vcs_undecided += 1;
            } else if unreached && !falsified {
                st.vcs_unreached += 1;
            } else if !falsified {
                st.vcs_proved += 1;
            }
        }
    }
    st.summary_operators = w.summary_ops_created;
    st.summaries_expanded = cst.expansions;
    st.solver_calls = cst.solver_calls;
    st.solver_time = cst.solver_time;
    st.terms = w.tm.num_terms();
    st.expanded_by_callee = w.expansion_counts();
    an.vcs_total = st.vcs;
    an.vcs_proved = st.vcs_proved;
    an.stats = st;
    an
}

/// Call sites (caller, site index in the caller) from the outermost caller down.
type CallChain = Vec<(FuncId, u32)>;

/// Functions whose calls have a built-in meaning; their bodies (if any) are not analysed.
fn is_special(name: &str) -> bool {
    use vigil_ir::svcomp::Role;
    matches!(vigil_ir::svcomp::role(name), Some(Role::Error | Role::Assert | Role::Assume | Role::Exit | Role::Nondet))
}

/// Why the analysis must stop now, if it must: its deadline passed or it was interrupted.
fn stopped(opts: &Options) -> Option<Cause> {
    if opts.deadline.is_some_and(|d| Instant::now() >= d) {
        Some(Cause::Timeout)
    } else if opts.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
        Some(Cause::Cancelled)
    } else {
        None
    }
}

pub use sarif::sarif;
