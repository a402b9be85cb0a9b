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
//! * The alive regions of one location partition all valuations of the registers there: a split
//!   replaces a region by its intersections with `P` and `¬P`, and a split with an empty side is
//!   not made. Regions are never revived, so a region id names one set forever and edge answers
//!   can be cached by id pair.
//! * An abstract edge `S → T` exists iff the solver finds a state of `S` with a successor in `T`
//!   under the [`Mode::Abstract`] relation (which over-approximates the VM); a solver `unknown`
//!   counts as an edge. So "no abstract error trace" proves that neither an error nor undefined
//!   behaviour is reachable, whatever splits were made: splits only affect progress.
//! * Every forest state is a state some concrete test passed through; its parent is its concrete
//!   predecessor and `inputs` are the inputs read on that step, so the parent chain of any state
//!   is an executable test.

use std::collections::{HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use vigil_bv::{CheckResult, Solver, Sort, TermId, TermManager, Value};

use crate::exec::{self, ListInputs, Step};
use crate::flat::Flat;
use crate::symb::{self, Mode, SymExit, SymInput, Target};
use crate::{Input, Options, Outcome, Stats, TraceStep};

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
}

/// A state of the forest.
#[derive(Clone, Debug)]
pub struct FState {
    pub loc: usize,
    pub vals: Rc<[u64]>,
    pub parent: Option<usize>,
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
    index: HashMap<(usize, Rc<[u64]>), usize>,
    pub stats: Stats,
    pub splits_at: Vec<u32>,
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
        let mut solver = Solver::new();
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
            index: HashMap::new(),
            stats: Stats::default(),
            splits_at: vec![0; nloc],
        };
        for l in 0..nloc {
            let t = cx.tm.tt();
            cx.add_region(l, t);
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

    fn add_region(&mut self, loc: usize, pred: TermId) -> usize {
        self.regions.push(Region { loc, pred, alive: true, members: Vec::new() });
        let id = self.regions.len() - 1;
        self.at[loc].push(id);
        id
    }

    /// Budget check: iterations, deadline, interrupt.
    pub fn out_of_budget(&self) -> Option<String> {
        if self.stats.iterations >= self.opts.max_iterations {
            return Some(format!("iteration bound {} reached", self.opts.max_iterations));
        }
        if let Some(d) = self.opts.deadline {
            if Instant::now() >= d {
                return Some(format!("time limit reached after {} iterations", self.stats.iterations));
            }
        }
        if let Some(f) = &self.opts.interrupt {
            if f.load(Ordering::Relaxed) {
                return Some(format!("interrupted after {} iterations", self.stats.iterations));
            }
        }
        None
    }

    /// The reason for `unknown` after the solver answered `unknown`: the budget, if that is
    /// what ran out, else the solver itself.
    pub fn gave_up(&self) -> String {
        self.out_of_budget().unwrap_or_else(|| format!("solver gave up after {} iterations", self.stats.iterations))
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
        self.maybe_fresh_solver();
        self.stats.solver_calls += 1;
        let t0 = Instant::now();
        let r = self.solver.check_assuming(&self.tm, &ts);
        self.stats.solver_time += t0.elapsed();
        match r {
            Ok(CheckResult::Sat) => Sat::Yes,
            Ok(CheckResult::Unsat) => Sat::No,
            _ => Sat::Unknown,
        }
    }

    /// The incremental solver keeps the circuit of every query it has seen; once that grows
    /// past [`SOLVER_CLAUSE_LIMIT`] clauses a fresh solver replaces it (queries are independent:
    /// everything is passed as assumptions).
    fn maybe_fresh_solver(&mut self) {
        if self.solver.stats().clauses > SOLVER_CLAUSE_LIMIT {
            let mut s = Solver::new();
            s.set_deadline(self.opts.deadline);
            if let Some(f) = &self.opts.interrupt {
                s.set_interrupt(f.clone());
            }
            self.solver = s;
        }
    }

    /// The abstract-mode relation of block `b` over the canonical variables (cached).
    pub fn rel(&mut self, b: usize) -> Rc<Vec<SymExit>> {
        if let Some(r) = &self.rel[b] {
            return r.clone();
        }
        let mut ins = Vec::new();
        let mut fresh = Vec::new();
        let pre = self.canon.clone();
        let ex = symb::sym_step(&mut self.tm, self.flat, b as u32, &pre, Mode::Abstract, &mut ins, &mut fresh);
        let r = Rc::new(ex);
        self.rel[b] = Some(r.clone());
        r
    }

    /// `pred` with the canonical variables replaced by `post`.
    pub fn at_post(&mut self, pred: TermId, post: &[TermId]) -> TermId {
        if self.tm.is_const(pred) {
            return pred;
        }
        let map: HashMap<TermId, TermId> = self.canon.iter().copied().zip(post.iter().copied()).collect();
        let mut memo = HashMap::new();
        symb::subst(&mut self.tm, pred, &map, &mut memo)
    }

    /// The formula "a state of the block at `from` steps into a state satisfying `pred` at
    /// location `to`", over the canonical variables and the step's inputs.
    pub fn step_into(&mut self, from: usize, to: usize, pred: TermId) -> TermId {
        let rel = self.rel(from);
        let mut disj = self.tm.ff();
        for e in rel.iter() {
            if self.loc_of_target(&e.target) != to {
                continue;
            }
            let p = self.at_post(pred, &e.post);
            let c = self.tm.and(e.guard, p);
            disj = self.tm.or(disj, c);
        }
        disj
    }

    /// Does the abstract edge `s → t` exist? (cached)
    pub fn edge(&mut self, s: usize, t: usize) -> bool {
        if let Some(&e) = self.edge_cache.get(&(s, t)) {
            return e;
        }
        let (sl, sp) = (self.regions[s].loc, self.regions[s].pred);
        let (tl, tp) = (self.regions[t].loc, self.regions[t].pred);
        let e = if sl >= self.flat.blocks.len() {
            false
        } else {
            let f = self.step_into(sl, tl, tp);
            self.sat(&[sp, f]) != Sat::No
        };
        self.edge_cache.insert((s, t), e);
        e
    }

    /// Locations a block can step to.
    pub fn succ_locs(&mut self, b: usize) -> Vec<usize> {
        if b >= self.flat.blocks.len() {
            return Vec::new();
        }
        let rel = self.rel(b);
        let mut v: Vec<usize> = Vec::new();
        for e in rel.iter() {
            let l = self.loc_of_target(&e.target);
            if l != self.exit_loc() && !v.contains(&l) {
                v.push(l);
            }
        }
        v
    }

    /// Abstract successors of region `r`.
    pub fn succ_regions(&mut self, r: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for l in self.succ_locs(self.regions[r].loc) {
            for t in self.at[l].clone() {
                if self.edge(r, t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The start of one main-loop iteration, common to SYNERGY and CEGAR: the run ends with a
    /// test state in a bad region, on the budget, or with the proof when no abstract error trace
    /// is left; otherwise the iteration is counted and the shortest abstract error trace returned.
    pub fn next_error_trace(&mut self) -> Result<Vec<usize>, Outcome> {
        if let Some(o) = self.check_bad_states() {
            return Err(o);
        }
        if let Some(why) = self.out_of_budget() {
            return Err(Outcome::Unknown(why));
        }
        self.stats.iterations += 1;
        match self.abstract_error_trace() {
            Some(trace) => Ok(trace),
            None => Err(match self.proof() {
                Some(p) => Outcome::Safe { proof: p },
                None => Outcome::Unknown("internal: proof check failed".into()),
            }),
        }
    }

    /// A shortest abstract error trace from an initial region (breadth-first), if any.
    pub fn abstract_error_trace(&mut self) -> Option<Vec<usize>> {
        let mut prev: HashMap<usize, usize> = HashMap::new();
        let mut q: VecDeque<usize> = VecDeque::new();
        let mut seen = HashSet::new();
        for &r in &self.at[0] {
            q.push_back(r);
            seen.insert(r);
        }
        while let Some(r) = q.pop_front() {
            if self.is_bad(self.regions[r].loc) {
                let mut path = vec![r];
                let mut c = r;
                while let Some(&p) = prev.get(&c) {
                    path.push(p);
                    c = p;
                }
                path.reverse();
                return Some(path);
            }
            for t in self.succ_regions(r) {
                if seen.insert(t) {
                    prev.insert(t, r);
                    q.push_back(t);
                }
            }
        }
        None
    }

    /// All abstractly reachable regions.
    pub fn abstract_reachable(&mut self) -> HashSet<usize> {
        let mut seen: HashSet<usize> = self.at[0].iter().copied().collect();
        let mut q: VecDeque<usize> = seen.iter().copied().collect();
        while let Some(r) = q.pop_front() {
            for t in self.succ_regions(r) {
                if seen.insert(t) {
                    q.push_back(t);
                }
            }
        }
        seen
    }

    /// Does the valuation `vals` satisfy `pred`?
    pub fn holds(&self, pred: TermId, vals: &[u64]) -> bool {
        if let Some(b) = self.tm.bool_value(pred) {
            return b;
        }
        let fv = symb::free_vars(&self.tm, pred);
        let assign = self.canon.iter().enumerate().filter(|(_, v)| fv.contains(v)).map(|(i, &v)| {
            let w = self.flat.regs[i].width;
            (v, Value::Bv(vigil_bv::BitVecValue::from_u64(w, vals[i])))
        });
        let mut ev = vigil_bv::Evaluator::new(&self.tm, assign);
        ev.eval(pred) == Value::Bool(true)
    }

    fn region_of(&self, loc: usize, vals: &[u64]) -> usize {
        for &r in &self.at[loc] {
            if self.holds(self.regions[r].pred, vals) {
                return r;
            }
        }
        // The alive regions partition the location; reaching here would break that invariant.
        self.at[loc][0]
    }

    /// Splits region `s` by `p`. Returns the two new regions, or None if one side is empty.
    pub fn split(&mut self, s: usize, p: TermId) -> Option<(usize, usize)> {
        let sp = self.regions[s].pred;
        let a = self.tm.and(sp, p);
        let np = self.tm.not(p);
        let b = self.tm.and(sp, np);
        if self.sat(&[a]) == Sat::No || self.sat(&[b]) == Sat::No {
            return None;
        }
        let loc = self.regions[s].loc;
        self.regions[s].alive = false;
        self.at[loc].retain(|&r| r != s);
        let ra = self.add_region(loc, a);
        let rb = self.add_region(loc, b);
        let members = std::mem::take(&mut self.regions[s].members);
        for m in members {
            let r = if self.holds(a, &self.states[m].vals) { ra } else { rb };
            self.states[m].region = r;
            self.regions[r].members.push(m);
        }
        self.stats.refinements += 1;
        self.splits_at[loc] += 1;
        Some((ra, rb))
    }

    /// `Pre(t)` at the block of region `s` (over canonical variables); and whether it is exact.
    pub fn pre(&mut self, from: usize, t: usize) -> (TermId, bool) {
        let (tl, tp) = (self.regions[t].loc, self.regions[t].pred);
        let rel = self.rel(from);
        let mut disj = self.tm.ff();
        let mut exact = true;
        for e in rel.iter() {
            if self.loc_of_target(&e.target) != tl {
                continue;
            }
            let p = self.at_post(tp, &e.post);
            let c = self.tm.and(e.guard, p);
            let mut calls = 0;
            self.maybe_fresh_solver();
            let t0 = Instant::now();
            let (q, ex) = symb::exists(&mut self.tm, &mut self.solver, c, &self.canon_set, &mut calls);
            self.stats.solver_calls += calls;
            self.stats.solver_time += t0.elapsed();
            exact &= ex;
            disj = self.tm.or(disj, q);
        }
        (disj, exact)
    }

    // ----- the forest -----

    /// Adds a state (or finds it); returns its id and whether it is new.
    fn add_state(&mut self, loc: usize, vals: Rc<[u64]>, parent: Option<usize>, inputs: Vec<(String, u32, u64)>, what: Option<(String, vigil_ir::Loc)>) -> (usize, bool) {
        if let Some(&i) = self.index.get(&(loc, vals.clone())) {
            return (i, false);
        }
        let region = self.region_of(loc, &vals);
        let id = self.states.len();
        self.states.push(FState { loc, vals: vals.clone(), parent, inputs, region, what });
        self.regions[region].members.push(id);
        self.index.insert((loc, vals), id);
        (id, true)
    }

    /// The initial concrete state (all registers 0 at the initialisation block).
    pub fn root(&mut self) -> usize {
        let vals: Rc<[u64]> = vec![0u64; self.flat.regs.len()].into();
        self.add_state(0, vals, None, Vec::new(), None).0
    }

    /// Where a concrete step leads: the successor's location and, for the error, UB and exit
    /// locations, what happened; None when the path is blocked (an assumption failed).
    fn successor(&self, st: Step) -> Option<(usize, Option<(String, vigil_ir::Loc)>)> {
        Some(match st {
            Step::Next(b) => (b as usize, None),
            Step::Error(l) => (self.error_loc(), Some(("reach_error".to_string(), l))),
            Step::Ub(w, l) => (self.ub_loc(), Some((w, l))),
            Step::Exit => (self.exit_loc(), None),
            Step::Blocked => return None,
        })
    }

    /// One concrete step from forest state `from` with `inputs`; adds the successor.
    /// Returns None when the path ends (blocked, exit from a terminal location).
    pub fn step_from(&mut self, from: usize, inputs: &[u64]) -> Option<usize> {
        let loc = self.states[from].loc;
        if loc >= self.flat.blocks.len() {
            return None;
        }
        let mut vals: Vec<u64> = self.states[from].vals.to_vec();
        let mut src = ListInputs { values: inputs, pos: 0 };
        let mut consumed = Vec::new();
        let st = exec::step(self.flat, loc as u32, &mut vals, &mut src, &mut consumed);
        self.stats.steps += 1;
        let (nloc, what) = self.successor(st)?;
        Some(self.add_state(nloc, vals.into(), Some(from), consumed, what).0)
    }

    /// Runs a whole test with `inputs` (then zeros) from the initial state, adding every state
    /// to F. Returns the states of the run, in order.
    pub fn run_test(&mut self, inputs: &[u64]) -> Vec<usize> {
        self.stats.tests += 1;
        let mut cur = self.root();
        let mut run = vec![cur];
        let mut pos = 0usize;
        for _ in 0..self.opts.test_step_bound {
            let loc = self.states[cur].loc;
            if loc >= self.flat.blocks.len() {
                break;
            }
            let mut vals: Vec<u64> = self.states[cur].vals.to_vec();
            let mut src = ListInputs { values: inputs, pos };
            let mut consumed = Vec::new();
            let st = exec::step(self.flat, loc as u32, &mut vals, &mut src, &mut consumed);
            pos = src.pos;
            self.stats.steps += 1;
            let Some((nloc, what)) = self.successor(st) else { break };
            let (id, _) = self.add_state(nloc, vals.into(), Some(cur), consumed, what);
            run.push(id);
            cur = id;
        }
        run
    }

    /// The parent chain of state `s`, root first.
    pub fn chain(&self, s: usize) -> Vec<usize> {
        let mut v = vec![s];
        let mut c = s;
        while let Some(p) = self.states[c].parent {
            v.push(p);
            c = p;
        }
        v.reverse();
        v
    }

    /// Step (1) of Figure 2: a forest state in an error region ends the search. An error state
    /// becomes `Unsafe` after its input vector is replayed; an undefined-behaviour state makes
    /// the answer `unknown`.
    pub fn check_bad_states(&mut self) -> Option<Outcome> {
        let ub = self.at[self.ub_loc()].iter().flat_map(|&r| self.regions[r].members.clone()).next();
        let err = self.at[self.error_loc()].iter().flat_map(|&r| self.regions[r].members.clone()).next();
        if let Some(e) = err {
            return Some(self.counterexample(e));
        }
        if let Some(u) = ub {
            let (w, l) = self.states[u].what.clone().unwrap_or_default();
            return Some(Outcome::Unknown(format!(
                "undefined behaviour reachable ({w} at {}) after {} iterations",
                self.describe(l),
                self.stats.iterations
            )));
        }
        None
    }

    pub fn describe(&self, l: vigil_ir::Loc) -> String {
        match l.line {
            0 => format!("{}:?", self.flat.file_of(l)),
            n => format!("{}:{n}", self.flat.file_of(l)),
        }
    }

    /// Builds and replays the counterexample ending in error state `e`.
    fn counterexample(&mut self, e: usize) -> Outcome {
        let chain = self.chain(e);
        let mut inputs = Vec::new();
        let mut trace = Vec::new();
        for &s in &chain {
            for (f, w, v) in &self.states[s].inputs {
                inputs.push(Input { function: f.clone(), width: *w, value: *v });
            }
            let st = &self.states[s];
            let (what, loc) = if st.loc < self.flat.blocks.len() {
                let b = &self.flat.blocks[st.loc];
                let loc = b.locs.iter().find(|l| l.is_known()).copied().unwrap_or(b.term_loc);
                (format!("enter {}", b.name), loc)
            } else {
                let (w, l) = st.what.clone().unwrap_or_default();
                (format!("{w} called"), l)
            };
            let function = if st.loc < self.flat.blocks.len() { self.flat.blocks[st.loc].func.clone() } else { String::new() };
            trace.push(TraceStep {
                file: self.flat.file_of(loc).to_string(),
                line: loc.line,
                function,
                what,
                inputs: st.inputs.iter().map(|(_, _, v)| *v).collect(),
            });
        }
        // Replay on the concrete interpreter before reporting.
        let values: Vec<u64> = inputs.iter().map(|i| i.value).collect();
        if !replay_reaches_error(self.flat, &values, self.opts.test_step_bound.saturating_mul(2).max(chain.len() as u64 + 1)) {
            return Outcome::Unknown("internal: the counterexample did not replay (please report)".into());
        }
        Outcome::Unsafe { inputs, trace }
    }

    /// Symbolic execution (concrete mode) along the parent chain `chain` of forest states,
    /// conjoining the region predicates of `regions[i]` for each chain state when given.
    /// Returns the constraints, the final symbolic state and the inputs read.
    pub fn path_constraints(&mut self, chain: &[usize], regions: Option<&[usize]>) -> Option<(Vec<TermId>, Vec<TermId>, Vec<SymInput>)> {
        let mut st: Vec<TermId> = self.flat.regs.iter().map(|r| self.tm.bv_u64(r.width, 0)).collect();
        let mut cons = Vec::new();
        let mut inputs = Vec::new();
        if let Some(rs) = regions {
            let p = self.regions[rs[0]].pred;
            let c = self.at_post(p, &st);
            cons.push(c);
        }
        for i in 0..chain.len() - 1 {
            let loc = self.states[chain[i]].loc;
            let next = self.states[chain[i + 1]].loc;
            let mut fresh = Vec::new();
            let exits = symb::sym_step(&mut self.tm, self.flat, loc as u32, &st, Mode::Concrete, &mut inputs, &mut fresh);
            let mut guard = self.tm.ff();
            let mut post = None;
            for e in exits {
                if self.loc_of_target(&e.target) == next {
                    guard = self.tm.or(guard, e.guard);
                    post.get_or_insert(e.post);
                }
            }
            let post = post?;
            cons.push(guard);
            st = post;
            if let Some(rs) = regions {
                let p = self.regions[rs[i + 1]].pred;
                let c = self.at_post(p, &st);
                cons.push(c);
            }
        }
        Some((cons, st, inputs))
    }

    /// After a `Sat` answer: the values of `inputs` in the model.
    pub fn model_inputs(&self, inputs: &[SymInput]) -> Vec<u64> {
        inputs
            .iter()
            .map(|i| match self.solver.value(&self.tm, i.var) {
                Ok(Value::Bv(v)) => v.low_u64(),
                _ => 0,
            })
            .collect()
    }

    /// Renders a predicate with register names.
    pub fn show(&self, t: TermId) -> String {
        let names: HashMap<TermId, String> =
            self.canon.iter().enumerate().map(|(i, &v)| (v, self.flat.regs[i].name.clone())).collect();
        symb::show(&self.tm, t, &|v| names.get(&v).cloned().unwrap_or_else(|| "?".into()))
    }

    /// The proof: the alive regions per location (after checking again that no abstract error
    /// trace exists).
    pub fn proof(&mut self) -> Option<crate::Proof> {
        if self.abstract_error_trace().is_some() {
            return None;
        }
        let mut locations = Vec::new();
        for l in 0..self.flat.blocks.len() {
            let b = &self.flat.blocks[l];
            let line = b.locs.iter().find(|x| x.is_known()).copied().unwrap_or(b.term_loc).line;
            let regions: Vec<String> = self.at[l].clone().iter().map(|&r| self.show(self.regions[r].pred)).collect();
            locations.push(crate::ProofLocation { location: b.name.clone(), function: b.func.clone(), line, regions });
        }
        let reachable = self.abstract_reachable();
        Some(crate::Proof { locations, abstract_reachable_regions: reachable.len() })
    }
}

/// Runs `inputs` on the concrete interpreter from the start; true iff the error is reached
/// within `bound` steps.
pub fn replay_reaches_error(flat: &Flat, inputs: &[u64], bound: u64) -> bool {
    let mut vals = vec![0u64; flat.regs.len()];
    let mut b = 0u32;
    let mut src = ListInputs { values: inputs, pos: 0 };
    let mut consumed = Vec::new();
    for _ in 0..bound {
        match exec::step(flat, b, &mut vals, &mut src, &mut consumed) {
            Step::Next(n) => b = n,
            Step::Error(_) => return true,
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flat::{Edge, FBlock, FInst, FTerm, Opnd, RegInfo};
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
            RegInfo { name: "x".into(), width: 32, cell: false },
            RegInfo { name: "c".into(), width: 1, cell: false },
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
        Flat { blocks, regs, files: Vec::new(), source_file: "sample.c".into() }
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
    fn synergy_generates_the_test_that_reaches_the_error() {
        let flat = sample();
        let opts = Options::default();
        let (o, st) = crate::check_flat(&flat, &opts);
        match o {
            crate::Outcome::Unsafe { inputs, .. } => {
                assert_eq!(inputs.len(), 1);
                assert!(crate::flat::sext(inputs[0].value, 32) > 5, "{inputs:?}");
            }
            other => panic!("expected Unsafe, got {other:?}"),
        }
        assert_eq!(st.tests, 2, "one default test, one directed test");
        assert!(replay_reaches_error(&flat, &[6], 10));
        assert!(!replay_reaches_error(&flat, &[5], 10));
    }
}
