//! The shared machinery of the three algorithms: the partition Π of the state space into regions,
//! the abstract program over it, the forest F of concrete test states, and the operations on them
//! (Gulavani, Henzinger, Kannan, Nori, Rajamani, *SYNERGY: A New Algorithm for Property Checking*,
//! FSE 2006, §3, Figure 2).
//!
//! # Invariants
//!
//! * Locations are the flat blocks `0..n`, then [`Ctx::error_loc`] (`reach_error`),
//!   [`Ctx::ub_loc`] (undefined behaviour: an additional error region, so a proof excludes it
//!   too) and [`Ctx::exit_loc`] (normal termination, a sink).
//! * The alive regions of one location partition the valuations of the registers there that
//!   satisfy the loop invariants proven at it (all valuations where none is): a split
//!   replaces a region by its intersections with `P` and `¬P`, and a split with an empty side is
//!   not made; [`Ctx::restrict`] retires the part of each region outside a proven invariant
//!   ([`crate::generalize`]), which holds no reachable state. Regions are never revived, so a
//!   region id names one set forever and edge answers can be cached by id pair. A forest state
//!   found in a retired region would disprove the invariant: the run then ends `unknown`.
//! * An abstract edge `S → T` exists iff the solver finds a state of `S` with a successor in `T`
//!   under the [`Mode::Abstract`] relation (which over-approximates the VM); a solver `unknown`
//!   counts as an edge. So "no abstract error trace" proves that neither an error nor undefined
//!   behaviour is reachable, whatever splits were made: splits only affect progress.
//! * Every forest state is a state some concrete test passed through; its parent is its concrete
//!   predecessor and `inputs` are the inputs read on that step, so the parent chain of any state
//!   is an executable test.

mod budget;
mod forest;
mod partition;

pub use budget::MemoryUse;
pub(crate) use budget::malloc_block;

pub use forest::{replay_reaches_error, MAX_QUERY_CHAIN, PAST_BOUND_SHARE, SUFFIX_QUERY_STEPS};

use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use vigil_bv::{CheckResult, Solver, Sort, TermId, TermManager, Value};

use crate::exec::{self, ListInputs, Step};
use crate::flatten::Flat;
use crate::sparse::Shadows;
use crate::symbolic::{self, Mode, SymExit, SymInput, Target};
use crate::{Input, Options, Verdict, Stats, TraceStep};
use vigil_ir::unknown::{Cause, Unknown};

/// See [`Ctx::maybe_fresh_solver`].
pub const SOLVER_CLAUSE_LIMIT: u64 = 20_000;

/// A region: a location and a predicate over the registers (canonical variables).
#[derive(Clone, Debug)]
pub struct Region {
    pub loc: usize,
    pub pred: TermId,
    pub alive: bool,
    /// Forest states in this region, in the order they were added to F.
    pub members: Vec<usize>,
    /// Once the region is split by `p`: `(p, a, b)` with `a`'s predicate `pred ∧ p` and `b`'s
    /// `pred ∧ ¬p`. The regions of a location form a binary tree rooted at the location's first
    /// region (number `loc`, whose predicate is `true`); the alive ones are its leaves.
    pub split: Option<(TermId, usize, usize)>,
}

/// A state of the forest.
#[derive(Clone, Debug)]
pub struct FState {
    pub loc: usize,
    pub vals: Rc<[u64]>,
    /// The large arrays' sparse shadow cells ([`crate::sparse`]).
    pub mem: Shadows,
    pub parent: Option<usize>,
    /// Number of ancestors: the length of the state's test up to it, in steps.
    pub depth: usize,
    /// Inputs read on the step from the parent to this state.
    pub inputs: Vec<(String, u32, u64)>,
    pub region: usize,
    /// For error and UB states: what happened where.
    pub what: Option<(String, vigil_ir::Loc)>,
}

pub struct Ctx<'a> {
    pub flat: &'a Flat,
    pub opts: &'a Options,
    pub tm: TermManager,
    pub solver: Solver,
    pub canon: Vec<TermId>,
    pub canon_set: HashSet<TermId>,
    rel: Vec<Option<Rc<Vec<SymExit>>>>,
    pub regions: Vec<Region>,
    pub at: Vec<Vec<usize>>,
    edge_cache: HashMap<(usize, usize), bool>,
    pub states: Vec<FState>,
    /// Forest states by (location, values), to find a state again (hashed with the VM's fast
    /// hasher: tests add one state per block step).
    index: vigil_vm::fasthash::FastMap<(usize, Rc<[u64]>, Shadows), usize>,
    pub stats: Stats,
    pub splits_at: Vec<u32>,
    /// A forest state fell into a retired region ([`Ctx::restrict`]): never with a sound
    /// invariant; if it happens the run ends `unknown` instead of with a proof.
    pub broken_invariant: bool,
    /// Per predicate, how [`Ctx::holds`] evaluates it (compiled once: every test state is
    /// placed in a region by evaluating predicates).
    compiled: std::cell::RefCell<HashMap<TermId, CompiledPred>>,
    /// The word array [`vigil_bv::word_eval::WordProgram::eval`] reuses.
    eval_scratch: std::cell::RefCell<Vec<u64>>,
    /// The input vector of the suitable test just found ([`crate::synergy`]).
    pub pending_test: Option<Vec<u64>>,
    /// Estimated bytes of the forest's states ([`budget`]).
    forest_bytes: u64,
    /// Estimated bytes of each block's cached relation in `rel` ([`budget`]).
    relation_bytes: Vec<u64>,
    /// Per location, the proven invariants there that speak of a large array's ghost cell
    /// ([`crate::flatten::arrays`]): facts for every offset `k`, instantiated at the reads of
    /// a step from there ([`Ctx::rel`]).
    ghost_facts: HashMap<usize, Vec<TermId>>,
    /// When the engine started ([`Ctx::may_run_past_bound`], [`crate::synergy`]'s phases).
    pub started: Instant,
    /// The time the tests have run past [`Options::test_step_bound`], in all.
    pub(super) past_bound: std::time::Duration,
    /// Whether tests may run past [`Options::test_step_bound`] ([`Ctx::run_test`]).
    pub long_tests: bool,
    /// Whether a test stopped at [`Options::test_step_bound`] (with more to run).
    pub cut_at_bound: bool,
}

/// A region predicate prepared for evaluation on concrete states: a word program over the
/// registers when every sub-term fits in 64 bits, else the registers it mentions for the
/// reference evaluator.
#[derive(Clone)]
enum CompiledPred {
    Word(Rc<vigil_bv::word_eval::WordProgram>),
    Reference(Rc<[usize]>),
}

/// Result of a solver query.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sat {
    Yes,
    No,
    Unknown,
}

impl<'a> Ctx<'a> {
    pub fn new(flat: &'a Flat, opts: &'a Options) -> Ctx<'a> {
        let mut tm = TermManager::new();
        let canon: Vec<TermId> = flat.regs.iter().map(|r| tm.var(&r.name, Sort::BitVec(r.width))).collect();
        let canon_set = canon.iter().copied().collect();
        let mut solver = Solver::with_config(opts.solver.clone());
        solver.set_deadline(opts.deadline);
        if let Some(f) = &opts.interrupt {
            solver.set_interrupt(f.clone());
        }
        let nloc = flat.blocks.len() + 3;
        let mut cx = Ctx {
            flat,
            opts,
            tm,
            solver,
            canon,
            canon_set,
            rel: vec![None; flat.blocks.len()],
            regions: Vec::new(),
            at: vec![Vec::new(); nloc],
            edge_cache: HashMap::new(),
            states: Vec::new(),
            index: Default::default(),
            stats: Stats::default(),
            splits_at: vec![0; nloc],
            broken_invariant: false,
            compiled: Default::default(),
            eval_scratch: Default::default(),
            pending_test: None,
            forest_bytes: 0,
            relation_bytes: vec![0; flat.blocks.len()],
            ghost_facts: HashMap::new(),
            started: Instant::now(),
            past_bound: std::time::Duration::ZERO,
            long_tests: false,
            cut_at_bound: false,
        };
        for l in 0..nloc {
            let t = cx.tm.tt();
            let root = cx.add_region(l, t);
            debug_assert_eq!(root, l, "location l's root region is region l");
        }
        cx
    }

    pub fn error_loc(&self) -> usize {
        self.flat.blocks.len()
    }

    pub fn ub_loc(&self) -> usize {
        self.flat.blocks.len() + 1
    }

    pub fn exit_loc(&self) -> usize {
        self.flat.blocks.len() + 2
    }

    pub fn is_bad(&self, loc: usize) -> bool {
        loc == self.error_loc() || loc == self.ub_loc()
    }

    pub fn loc_of_target(&self, t: &Target) -> usize {
        match t {
            Target::Block(b) => *b as usize,
            Target::Error(_) => self.error_loc(),
            Target::Ub(..) => self.ub_loc(),
            Target::Exit => self.exit_loc(),
        }
    }

    pub fn loc_name(&self, loc: usize) -> String {
        if loc < self.flat.blocks.len() {
            self.flat.blocks[loc].name.clone()
        } else if loc == self.error_loc() {
            "<error>".into()
        } else if loc == self.ub_loc() {
            "<undefined behaviour>".into()
        } else {
            "<exit>".into()
        }
    }

    /// Budget check: iterations, memory ([`budget`]), deadline, interrupt.
    pub fn out_of_budget(&self) -> Option<Unknown> {
        if self.stats.iterations >= self.opts.max_iterations {
            return Some(Unknown::new(Cause::IterationLimit, format!("iteration bound {} reached", self.opts.max_iterations)));
        }
        if let Some(why) = self.over_memory_budget() {
            return Some(why);
        }
        if let Some(d) = self.opts.deadline {
            if Instant::now() >= d {
                let why = format!("time limit reached after {} iterations", self.stats.iterations);
                return Some(Unknown::new(Cause::Timeout, why));
            }
        }
        if let Some(f) = &self.opts.interrupt {
            if f.load(Ordering::Relaxed) {
                return Some(Unknown::new(Cause::Cancelled, format!("interrupted after {} iterations", self.stats.iterations)));
            }
        }
        None
    }

    /// The deadline passed, the run was interrupted or the memory budget is spent (the budget
    /// without the iteration bound): what ends a run in the middle of an iteration.
    pub fn out_of_time(&self) -> bool {
        self.opts.deadline.is_some_and(|d| Instant::now() >= d)
            || self.opts.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || self.over_memory_budget().is_some()
    }

    /// The reason for `unknown` after the solver answered `unknown`: the budget, if that is
    /// what ran out, else the solver itself.
    pub fn gave_up(&self) -> Unknown {
        self.out_of_budget().unwrap_or_else(|| {
            Unknown::new(Cause::SolverLimit, format!("solver gave up after {} iterations", self.stats.iterations))
        })
    }

    /// Satisfiability of the conjunction of `ts`.
    pub fn sat(&mut self, ts: &[TermId]) -> Sat {
        if ts.iter().any(|&t| self.tm.bool_value(t) == Some(false)) {
            return Sat::No;
        }
        let ts: Vec<TermId> = ts.iter().copied().filter(|&t| self.tm.bool_value(t) != Some(true)).collect();
        if ts.is_empty() {
            return Sat::Yes;
        }
        if self.out_of_time() {
            // What the solver answers after the deadline anyway, without bit-blasting the
            // query first: every caller takes `Unknown` as "maybe" (an edge is kept).
            return Sat::Unknown;
        }
        self.maybe_fresh_solver();
        self.stats.solver_calls += 1;
        let t0 = Instant::now();
        let r = self.solver.check_assuming(&self.tm, &ts);
        self.stats.solver_time += t0.elapsed();
        if let Some(dir) = &self.opts.dump_vcs {
            let name = format!("s{:06}.smt2", self.stats.solver_calls);
            let answer = r.as_ref().ok().copied().unwrap_or(CheckResult::Unknown);
            vigil_bv::smtlib::printer::dump_query(dir, &name, &self.tm, &ts, answer, "a query of vigil's synergy engine");
        }
        match r {
            Ok(CheckResult::Sat) => Sat::Yes,
            Ok(CheckResult::Unsat) => Sat::No,
            _ => Sat::Unknown,
        }
    }

    /// Satisfiability of `t` by the solver itself (never short-cut), so that after `Yes` the
    /// solver's model gives every term's value ([`crate::summary::prove`]).
    pub fn sat_with_model(&mut self, t: TermId) -> Sat {
        if self.out_of_time() {
            return Sat::Unknown;
        }
        self.maybe_fresh_solver();
        self.stats.solver_calls += 1;
        let t0 = Instant::now();
        let r = self.solver.check_assuming(&self.tm, &[t]);
        self.stats.solver_time += t0.elapsed();
        match r {
            Ok(CheckResult::Sat) => Sat::Yes,
            Ok(CheckResult::Unsat) => Sat::No,
            _ => Sat::Unknown,
        }
    }

    /// [`Self::sat_with_model`] within `conflicts` SAT conflicts (`Unknown` past them): for
    /// checks whose failure costs only precision (a Houdini candidate that is dropped).
    pub fn sat_with_model_within(&mut self, t: TermId, conflicts: u64) -> Sat {
        self.maybe_fresh_solver();
        self.solver.set_conflict_limit(Some(conflicts));
        let r = self.sat_with_model(t);
        self.solver.set_conflict_limit(None);
        r
    }

    /// The may-summaries changed ([`crate::summary::prove`]): the cached relations of blocks
    /// with calls and every cached edge answer are recomputed when next needed. (Summaries only
    /// grow, so an old "no edge" stays true; the cache is dropped for precision.)
    pub fn summaries_changed(&mut self) {
        for b in 0..self.flat.blocks.len() {
            let tree = crate::locations::tree(self.flat, b);
            if tree.iter().any(|&t| self.flat.blocks[t].insts.iter().any(|i| matches!(i, crate::flatten::FInst::Call { .. }))) {
                self.rel[b] = None;
                self.relation_bytes[b] = 0;
            }
        }
        self.edge_cache.clear();
    }

    /// The incremental solver keeps the circuit of every query it has seen; once that grows
    /// past [`SOLVER_CLAUSE_LIMIT`] clauses a fresh solver replaces it (queries are independent:
    /// everything is passed as assumptions).
    fn maybe_fresh_solver(&mut self) {
        if self.solver.stats().clauses > SOLVER_CLAUSE_LIMIT {
            let mut s = Solver::with_config(self.opts.solver.clone());
            s.set_deadline(self.opts.deadline);
            if let Some(f) = &self.opts.interrupt {
                s.set_interrupt(f.clone());
            }
            self.solver = s;
        }
    }

    /// Renders a predicate with register names.
    pub fn show(&self, t: TermId) -> String {
        let names: HashMap<TermId, String> =
            self.canon.iter().enumerate().map(|(i, &v)| (v, self.flat.regs[i].name.clone())).collect();
        symbolic::show(&self.tm, t, &|v| names.get(&v).cloned().unwrap_or_else(|| "?".into()))
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use crate::flatten::{Edge, FBlock, FInst, FTerm, Opnd, RegInfo};
    use vigil_ir::{ICmpPred, Loc};

    fn block(name: &str, insts: Vec<FInst>, term: FTerm) -> FBlock {
        let n = insts.len();
        FBlock { name: name.into(), func: "main".into(), insts, locs: vec![Loc::UNKNOWN; n], term, term_loc: Loc::UNKNOWN }
    }

    fn br(t: u32) -> Edge {
        Edge { target: t, assigns: Vec::new() }
    }

    /// b0: x = nondet; b1: c = x >s 5; if c then b2 (error) else b3 (return).
    fn sample() -> Flat {
        let regs = vec![
            RegInfo { name: "x".into(), width: 32, cell: false, ptr: false },
            RegInfo { name: "c".into(), width: 1, cell: false, ptr: false },
        ];
        let blocks = vec![
            block("b0", vec![FInst::Nondet { dst: 0, func: "__VERIFIER_nondet_int".into() }], FTerm::Br(br(1))),
            block(
                "b1",
                vec![FInst::ICmp { dst: 1, pred: ICmpPred::Sgt, w: 32, a: Opnd::Reg(0), b: Opnd::Const { bits: 5, width: 32 } }],
                FTerm::CondBr { c: Opnd::Reg(1), t: br(2), f: br(3) },
            ),
            block("b2", vec![FInst::Error { loc: Loc::UNKNOWN }], FTerm::Return),
            block("b3", vec![], FTerm::Return),
        ];
        Flat { blocks, regs, files: Vec::new(), source_file: "sample.c".into(), check_overflow: false, check_memsafety: false, shl_signedness_known: false, scope_ends: false, heap_objects: 0, heap_alive: Vec::new(), heap_graph: Default::default(), procs: Default::default(), cell_names: Vec::new(), absorbed: Vec::new(), arrays: Vec::new() }
    }

    #[test]
    fn precondition_of_one_step_is_the_branch_condition() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        let target = cx.at[2][0];
        let (p, exact) = cx.pre(1, target);
        assert!(exact);
        let five = cx.tm.bv_u64(32, 5);
        let expect = cx.tm.sgt(cx.canon[0], five);
        let differ = cx.tm.xor(p, expect);
        assert_eq!(cx.sat(&[differ]), Sat::No, "Pre = x >s 5, got {}", cx.show(p));
        // Through the nondet step the input is quantified away exactly: Pre at b0 of b1 is true.
        let b1 = cx.at[1][0];
        let (p0, exact0) = cx.pre(0, b1);
        assert!(exact0);
        assert_eq!(cx.tm.bool_value(p0), Some(true), "got {}", cx.show(p0));
    }

    #[test]
    fn splitting_partitions_regions_and_their_forest_states() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        cx.run_test(&[0]);
        cx.run_test(&[7]);
        let r = cx.at[1][0];
        assert_eq!(cx.regions[r].members.len(), 2);
        let five = cx.tm.bv_u64(32, 5);
        let p = cx.tm.sgt(cx.canon[0], five);
        let (a, b) = cx.split(r, p).expect("both sides non-empty");
        assert!(!cx.regions[r].alive);
        assert_eq!(cx.at[1], vec![a, b]);
        assert_eq!(cx.regions[a].members.len(), 1);
        assert_eq!(cx.regions[b].members.len(), 1);
        assert_eq!(cx.states[cx.regions[a].members[0]].vals[0], 7);
        assert_eq!(cx.states[cx.regions[b].members[0]].vals[0], 0);
        // A split with an empty side is refused.
        let t = cx.tm.tt();
        assert!(cx.split(a, t).is_none());
        // The edge from the x <= 5 half into the error block is gone.
        let err_block = cx.at[2][0];
        assert!(cx.edge(a, err_block));
        assert!(!cx.edge(b, err_block));
    }

    #[test]
    fn ordered_trace_follows_the_parent_chain_of_the_latest_visited_region() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        cx.run_test(&[0]); // b0 -> b1 -> b3 -> exit
        let trace = cx.abstract_error_trace().expect("abstract error trace");
        let locs: Vec<usize> = trace.iter().map(|&r| cx.regions[r].loc).collect();
        assert_eq!(locs, vec![0, 1, 2, cx.error_loc()]);
        let (ordered, chain, k) = crate::synergy::ordered_trace(&cx, &trace);
        assert_eq!(k, 2, "F visits b0 and b1, not b2");
        assert_eq!(chain.len(), 2);
        assert_eq!(cx.states[chain[1]].loc, 1);
        assert_eq!(ordered.len(), trace.len());
        assert_eq!(ordered[k], trace[2]);
    }

    #[test]
    fn a_spent_memory_budget_ends_the_run_unknown_and_names_it() {
        let flat = sample();
        // The terms of the registers alone take more than 1 KiB.
        let opts = Options { max_memory: Some(1024), ..Options::default() };
        let (o, st) = crate::check_flat(&flat, &opts);
        match o {
            crate::Verdict::Unknown(why) => {
                assert_eq!(why.cause, Cause::MemoryLimit, "{why:?}");
                assert!(why.message.contains("memory budget of 0 MiB"), "{}", why.message);
            }
            other => panic!("expected unknown, got {other:?}"),
        }
        assert!(st.memory_bytes > 1024, "{}", st.memory_bytes);
        // A budget the run fits in changes nothing.
        let opts = Options { max_memory: Some(64 << 20), ..Options::default() };
        assert!(matches!(crate::check_flat(&flat, &opts).0, crate::Verdict::Unsafe { .. }));
    }

    #[test]
    fn past_the_deadline_an_edge_is_assumed_without_a_query_and_not_cached() {
        let flat = sample();
        let opts = Options { deadline: Some(Instant::now()), ..Options::default() };
        let mut cx = Ctx::new(&flat, &opts);
        // b0 steps only to b1: before the deadline this edge is refuted.
        let (b0, b2) = (cx.at[0][0], cx.at[2][0]);
        let before = cx.tm.num_terms();
        assert!(cx.edge(b0, b2));
        assert!(!cx.edge_cache.contains_key(&(b0, b2)));
        assert_eq!(cx.tm.num_terms(), before, "no query was built");
        assert_eq!(cx.stats.solver_calls, 0);
        let in_time = Options::default();
        let mut cx = Ctx::new(&flat, &in_time);
        assert!(!cx.edge(b0, b2));
        // A run that starts past its deadline ends unknown for the time limit.
        match crate::check_flat(&flat, &opts).0 {
            crate::Verdict::Unknown(why) => assert_eq!(why.cause, Cause::Timeout, "{why:?}"),
            other => panic!("expected unknown, got {other:?}"),
        }
    }

    #[test]
    fn the_estimate_counts_test_states_and_relations() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        let empty = cx.memory_use();
        assert_eq!((empty.forest, empty.relations), (0, 0));
        cx.run_test(&[0]);
        let after_test = cx.memory_use();
        // Four states (b0, b1, b3, exit), each with its two registers.
        assert!(after_test.forest >= 4 * budget::state_bytes(2, &[]), "{after_test:?}");
        cx.rel(1);
        let after_rel = cx.memory_use();
        assert!(after_rel.relations > 0 && after_rel.terms >= after_test.terms, "{after_rel:?}");
    }

    #[test]
    fn synergy_generates_the_test_that_reaches_the_error() {
        let flat = sample();
        let opts = Options::default();
        let (o, st) = crate::check_flat(&flat, &opts);
        match o {
            crate::Verdict::Unsafe { inputs, .. } => {
                assert_eq!(inputs.len(), 1);
                assert!(crate::flatten::sext(inputs[0].value, 32) > 5, "{inputs:?}");
            }
            other => panic!("expected Unsafe, got {other:?}"),
        }
        // The first test follows the abstract error trace as far as it is feasible: here to
        // the error itself.
        assert_eq!(st.tests, 1, "the first test follows the abstract error trace");
        assert_eq!(st.iterations, 1);
        assert!(replay_reaches_error(&flat, &[6], 10));
        assert!(!replay_reaches_error(&flat, &[5], 10));
    }
}
