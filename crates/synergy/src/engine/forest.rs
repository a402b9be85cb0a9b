//! The forest F of concrete test states (Gulavani et al. 2006, §3): running tests through
//! [`crate::exec`], placing each state in its region, detecting a test that reached an error
//! region (step (1) of Figure 2), building a counterexample from a state's parent chain and
//! replaying it, and the path constraints along a chain that drive new tests.
//!
//! Invariants: every state in F was reached by a concrete run (its parent chain with the inputs
//! on each step is an executable test); `Unsafe` is returned only after the counterexample's
//! input vector has been replayed into the error.

use super::*;

/// Runs `inputs` on the concrete interpreter from the start; true iff the error is reached
/// within `bound` steps.
pub fn replay_reaches_error(flat: &Flat, inputs: &[u64], bound: u64) -> bool {
    let mut vals = vec![0u64; flat.regs.len()];
    let mut mem = flat.initial_shadows(true);
    let mut b = 0u32;
    let mut src = ListInputs { values: inputs, pos: 0 };
    let mut consumed = Vec::new();
    for _ in 0..bound {
        match exec::step(flat, b, &mut vals, &mut mem, &mut src, &mut consumed) {
            Step::Next(n) => b = n,
            Step::Error(_) => return true,
            _ => return false,
        }
    }
    false
}

/// The tests may run past [`crate::Options::test_step_bound`] for this fraction (1/n) of the
/// engine's time, in all ([`Ctx::may_run_past_bound`]).
pub const PAST_BOUND_SHARE: f64 = 3.0;

/// Longest parent chain (in states) that a test query executes symbolically. A test runs up
/// to [`crate::Options::test_step_bound`] steps (100,000 by default), and the path constraint
/// of a chain that long, with a region predicate per step, is bit-blasted into millions of
/// clauses (gigabytes, no answer): a longer chain is queried along its suffix only
/// ([`SUFFIX_QUERY_STEPS`]).
pub const MAX_QUERY_CHAIN: usize = 4096;

/// Steps of the suffix a test query executes symbolically when the chain to the frontier is
/// longer than [`MAX_QUERY_CHAIN`] ([`Ctx::query_start`]): the test takes its inputs up to the
/// suffix's first state from the chain's own test, so that state is reached concretely.
pub const SUFFIX_QUERY_STEPS: usize = 256;

impl<'a> Ctx<'a> {
    /// Adds a state (or finds it); returns its id and whether it is new.
    pub(super) fn add_state(&mut self, loc: usize, vals: Rc<[u64]>, mem: Shadows, parent: Option<usize>, inputs: Vec<(String, u32, u64)>, what: Option<(String, vigil_ir::Loc)>) -> (usize, bool) {
        let key = (loc, vals, mem);
        if let Some(&i) = self.index.get(&key) {
            return (i, false);
        }
        let (loc, vals, mem) = key;
        let region = self.region_of(loc, &vals);
        if !self.regions[region].alive {
            // A retired region holds no reachable state ([`Ctx::restrict`]); a test got there,
            // so an invariant was wrong: the run must not end with a proof.
            self.broken_invariant = true;
        }
        let id = self.states.len();
        self.forest_bytes += budget::state_bytes(vals.len(), &inputs);
        self.forest_bytes += match parent {
            Some(p) => mem.fresh_bytes(&self.states[p].mem),
            None => mem.fresh_bytes(&Shadows::default()),
        };
        let depth = parent.map_or(0, |p| self.states[p].depth + 1);
        self.states.push(FState { loc, vals: vals.clone(), mem: mem.clone(), parent, depth, inputs, region, what });
        self.regions[region].members.push(id);
        self.index.insert((loc, vals, mem), id);
        (id, true)
    }

    /// The initial concrete state (all registers 0 at the initialisation block).
    pub fn root(&mut self) -> usize {
        let vals: Rc<[u64]> = vec![0u64; self.flat.regs.len()].into();
        let mem = self.flat.initial_shadows(self.long_tests);
        self.add_state(0, vals, mem, None, Vec::new(), None).0
    }

    /// Where a concrete step leads: the successor's location and, for the error, UB and exit
    /// locations, what happened; None when the path is blocked (an assumption failed).
    pub(super) fn successor(&self, st: Step) -> Option<(usize, Option<(String, vigil_ir::Loc)>)> {
        Some(match st {
            Step::Next(b) => (b as usize, None),
            Step::Error(l) => {
                let what = if self.flat.check_overflow {
                    "signed overflow"
                } else if self.flat.check_memsafety {
                    "memory-safety violation"
                } else {
                    "reach_error called"
                };
                (self.error_loc(), Some((what.to_string(), l)))
            }
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
        let mut mem = self.states[from].mem.clone();
        let mut src = ListInputs { values: inputs, pos: 0 };
        let mut consumed = Vec::new();
        let st = exec::step(self.flat, loc as u32, &mut vals, &mut mem, &mut src, &mut consumed);
        self.stats.steps += 1;
        let (nloc, what) = self.successor(st)?;
        Some(self.add_state(nloc, vals.into(), mem, Some(from), consumed, what).0)
    }

    /// Whether a test that has run [`crate::Options::test_step_bound`] steps or more, the
    /// part past the bound since `since`, may go on: while the time all tests have run past
    /// the bound stays within [`PAST_BOUND_SHARE`] of the engine's time (never without a
    /// deadline), and the engine's memory estimate within half its budget (the rest is the
    /// abstraction's). The bound is a number of steps, the rest shares of the budgets, so a
    /// test runs as long as the program needs within them, whatever its arrays' sizes.
    fn may_run_past_bound(&self, since: Instant) -> bool {
        if !self.long_tests {
            return false;
        }
        let Some(deadline) = self.opts.deadline else { return false };
        let share = deadline.saturating_duration_since(self.started).div_f64(PAST_BOUND_SHARE);
        self.past_bound + since.elapsed() < share && self.opts.max_memory.is_none_or(|b| self.memory_use().total() < b / 2)
    }

    /// Runs a whole test with `inputs` (then zeros) from the initial state, adding every state
    /// to F, for [`crate::Options::test_step_bound`] steps and on while
    /// [`Ctx::may_run_past_bound`] (with [`Ctx::long_tests`] only). Returns the states of the run, in order. A test that
    /// stops before its end (at the bound, the deadline, the memory budget) is a shorter
    /// test: every state it added was reached, nothing is claimed of what follows. Past the
    /// bound, a test that comes back to a state it was in past the bound with its inputs run
    /// out stops there: from that state on, with zeros as inputs, it repeats itself. (Before
    /// the bound a test runs on as it always did: a query expects its run to be as long as
    /// the chain it followed.)
    pub fn run_test(&mut self, inputs: &[u64]) -> Vec<usize> {
        self.stats.tests += 1;
        let mut cur = self.root();
        let mut run = vec![cur];
        let mut pos = 0usize;
        let mut without_inputs: HashSet<usize> = HashSet::new();
        let bound = self.opts.test_step_bound;
        let mut past: Option<Instant> = None;
        for n in 0u64.. {
            // A long test stops when the budget is gone (its states so far were all reached,
            // so a shorter test is still a test); the main loop then answers unknown.
            if n % 1024 == 1023 && self.out_of_time() {
                break;
            }
            let loc = self.states[cur].loc;
            if loc >= self.flat.blocks.len() {
                break;
            }
            if n >= bound && (n == bound || n % 1024 == 0) {
                let since = *past.get_or_insert_with(Instant::now);
                if !self.may_run_past_bound(since) {
                    self.cut_at_bound = true;
                    break;
                }
            }
            let mut vals: Vec<u64> = self.states[cur].vals.to_vec();
            let mut mem = self.states[cur].mem.clone();
            let mut src = ListInputs { values: inputs, pos };
            let mut consumed = Vec::new();
            let st = exec::step(self.flat, loc as u32, &mut vals, &mut mem, &mut src, &mut consumed);
            pos = src.pos;
            self.stats.steps += 1;
            let Some((nloc, what)) = self.successor(st) else { break };
            let (id, _) = self.add_state(nloc, vals.into(), mem, Some(cur), consumed, what);
            run.push(id);
            cur = id;
            if n >= bound && pos >= inputs.len() && !without_inputs.insert(id) {
                break;
            }
        }
        if let Some(since) = past {
            self.past_bound += since.elapsed();
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
    pub fn check_bad_states(&mut self) -> Option<Verdict> {
        let ub = self.at[self.ub_loc()].iter().flat_map(|&r| self.regions[r].members.clone()).next();
        let err = self.at[self.error_loc()].iter().flat_map(|&r| self.regions[r].members.clone()).next();
        if let Some(e) = err {
            return Some(self.counterexample(e));
        }
        if let Some(u) = ub {
            let (w, l) = self.states[u].what.clone().unwrap_or_default();
            if w == crate::flatten::RECURSION_CUT {
                let why = format!(
                    "a test reaches a call nested deeper than the {} inlined recursive calls, at {}, after {} iterations",
                    crate::flatten::MAX_RECURSION_DEPTH,
                    self.describe(l),
                    self.stats.iterations
                );
                return Some(Verdict::Unknown(Unknown::new(Cause::Bounded, why).at(l)));
            }
            if w == crate::flatten::pointers::SITE_CUT {
                let why = format!(
                    "{} ({} slot objects in all), at {}, after {} iterations",
                    crate::flatten::pointers::SITE_CUT_REACHED,
                    self.flat.heap_graph.heap.iter().filter(|n| n.slot()).count(),
                    self.describe(l),
                    self.stats.iterations
                );
                return Some(Verdict::Unknown(Unknown::new(Cause::Bounded, why).at(l)));
            }
            let why = format!(
                "undefined behaviour reachable ({w} at {}) after {} iterations",
                self.describe(l),
                self.stats.iterations
            );
            return Some(Verdict::Unknown(Unknown::new(Cause::UndefinedBehaviour, why).at(l)));
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
    pub(super) fn counterexample(&mut self, e: usize) -> Verdict {
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
                (w, l)
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
            return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: the counterexample did not replay (please report)"));
        }
        Verdict::Unsafe { inputs, trace }
    }

    /// The exits of one symbolic step (concrete mode) of the location at `from` in state `st`
    /// that lead to location `to`, in order; every input the step reads is appended to
    /// `inputs` (each exit's own are its [`SymExit::reads`]).
    pub fn concrete_steps_into(&mut self, from: usize, st: &[TermId], to: usize, inputs: &mut Vec<SymInput>) -> Vec<symbolic::SymExit> {
        let mut fresh = Vec::new();
        let exits = symbolic::sym_step(&mut self.tm, self.flat, from as u32, st, Mode::Concrete, inputs, &mut fresh);
        exits.into_iter().filter(|e| self.loc_of_target(&e.target) == to).collect()
    }

    /// The disjunction of the exits' guards and their post-states merged by `ite` on the
    /// guards (the exits of one step exclude each other); None without exits.
    pub fn merge_exits(&mut self, exits: &[symbolic::SymExit]) -> Option<(TermId, Vec<TermId>)> {
        let (last, rest) = exits.split_last()?;
        let mut guard = last.guard;
        let mut post = last.post.clone();
        for e in rest.iter().rev() {
            guard = self.tm.or(e.guard, guard);
            for (m, &p) in post.iter_mut().zip(&e.post) {
                if *m != p {
                    *m = self.tm.ite(e.guard, p, *m);
                }
            }
        }
        Some((guard, post))
    }

    /// The absorbed blocks ([`crate::locations`]) the concrete step from forest state `from`
    /// to its child `to` passed through (None when no block is absorbed: every exit then
    /// has the empty path).
    fn concrete_path(&self, from: usize, to: usize) -> Option<Vec<u32>> {
        if self.flat.absorbed.is_empty() {
            return None;
        }
        let mut vals: Vec<u64> = self.states[from].vals.to_vec();
        let mut mem = self.states[from].mem.clone();
        let given: Vec<u64> = self.states[to].inputs.iter().map(|(_, _, v)| *v).collect();
        let mut src = ListInputs { values: &given, pos: 0 };
        let mut path = Vec::new();
        exec::step_path(self.flat, self.states[from].loc as u32, &mut vals, &mut mem, &mut src, &mut Vec::new(), &mut path);
        Some(path)
    }

    /// Where a test query along `chain` starts (module doc of [`crate::synergy`]): at the root
    /// when the chain is at most [`MAX_QUERY_CHAIN`] long, else [`SUFFIX_QUERY_STEPS`] steps
    /// before its end. A query from a later start keeps the test's inputs before it, so it
    /// chooses among fewer tests: its `unsat` still shows that the chain's last state has no
    /// successor in the target (that state is one of the suffix's solutions).
    pub fn query_start(chain: &[usize]) -> usize {
        if chain.len() <= MAX_QUERY_CHAIN {
            0
        } else {
            chain.len() - 1 - SUFFIX_QUERY_STEPS
        }
    }

    /// The values of the inputs the test of `chain` read up to its state `chain[start]`, in
    /// order: run from the root, they lead to that state ([`Ctx::run_test`]).
    pub fn inputs_up_to(&self, chain: &[usize], start: usize) -> Vec<u64> {
        chain[1..=start].iter().flat_map(|&s| self.states[s].inputs.iter().map(|(_, _, v)| *v)).collect()
    }

    /// Symbolic execution (concrete mode) along the parent chain `chain` of forest states,
    /// conjoining the region predicates of `regions[i]` for each chain state when given; each
    /// step follows the path down its location's tree that the concrete step took.
    /// Returns the constraints, the final symbolic state and the inputs read on the way.
    pub fn path_constraints(&mut self, chain: &[usize], regions: Option<&[usize]>) -> Option<(Vec<TermId>, Vec<TermId>, Vec<SymInput>)> {
        self.path_constraints_from(chain, 0, regions)
    }

    /// [`Ctx::path_constraints`] along `chain[start..]` only, from the concrete values of
    /// state `chain[start]` (the root's are all 0, so `start = 0` is the whole chain);
    /// `regions` is indexed as `chain`. The large arrays' cells of that state are not read
    /// (a read of one is any value, as along the whole chain).
    pub fn path_constraints_from(&mut self, chain: &[usize], start: usize, regions: Option<&[usize]>) -> Option<(Vec<TermId>, Vec<TermId>, Vec<SymInput>)> {
        let vals = self.states[chain[start]].vals.clone();
        let mut st: Vec<TermId> = self.flat.regs.iter().zip(vals.iter()).map(|(r, &v)| self.tm.bv_u64(r.width, v)).collect();
        let mut cons = Vec::new();
        let mut inputs = Vec::new();
        if let Some(rs) = regions {
            let p = self.regions[rs[start]].pred;
            let c = self.at_post(p, &st);
            cons.push(c);
        }
        for i in start..chain.len() - 1 {
            let loc = self.states[chain[i]].loc;
            let next = self.states[chain[i + 1]].loc;
            let path = self.concrete_path(chain[i], chain[i + 1]);
            let mut exits = self.concrete_steps_into(loc, &st, next, &mut Vec::new());
            if let Some(p) = &path {
                exits.retain(|e| e.path == *p);
            }
            let (guard, post) = self.merge_exits(&exits)?;
            inputs.extend(exits[0].reads.iter().cloned());
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

    /// After a `Sat` answer: of the options of one step (a condition and the inputs its exit
    /// reads), the first whose condition holds in the model (the first one if none is known to).
    pub fn chosen_reads<'o>(&self, options: &'o [(TermId, Vec<SymInput>)]) -> Option<&'o [SymInput]> {
        let holds = |t: TermId| match self.tm.bool_value(t) {
            Some(b) => b,
            None => matches!(self.solver.value(&self.tm, t), Ok(Value::Bool(true))),
        };
        options.iter().find(|(c, _)| holds(*c)).or(options.first()).map(|(_, r)| r.as_slice())
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
}
