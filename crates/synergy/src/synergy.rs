//! The SYNERGY main loop (Gulavani et al., FSE 2006, §3, Figure 2): tests and partition
//! refinement guiding each other.
//!
//! Each iteration: (1) a forest state in an error region ends with `false` (after replay);
//! (2) a shortest abstract error trace is found, or the partition is the proof; (3) the trace is
//! made *ordered*: the latest region on it that F visits is located, its earliest-added F-state
//! chosen, and the prefix replaced by that state's parent chain, so the frontier `k` is the first
//! position F has not visited; (4) GenSuitableTest: the chain is executed symbolically, each
//! state constrained to its region, and the step into `S_k` is added; a model is a test, which
//! runs to completion (it may leave the trace after `S_k`) and joins F. When the earliest state
//! of `S_{k-1}` has no successor in `S_k`, the query is asked once more along the chain of its
//! latest state (with locations that are trees of blocks, [`crate::locations`], a loop's exit
//! test is part of the loop head's step, and it is the head's last visit that leaves the loop;
//! along its suffix when its chain is long, below);
//! (5) otherwise `S_{k-1}` is split by `Pre(S_k)`. The unsatisfiable query shows that the
//! chosen F-state has no successor in `S_k`, so it lands on the `¬Pre` side, whose edge to `S_k`
//! is gone: every refinement removes the trace just used — except through a call of a
//! procedure, whose abstract step is only as precise as its may-summaries: there a witness
//! inside `Pre` asks [`crate::summary::prove`] for more summaries (SMASH's alternation of must
//! and may queries), and the iteration starts again. With generalisation on,
//! [`crate::generalize`] runs when a loop location keeps being split, after [`cover_loop`] has
//! made sure the tests visited the loop head in more than one state, and also when the chain
//! to the frontier is long ([`crate::engine::MAX_QUERY_CHAIN`]: a test through a loop over a
//! large array): an invariant may remove the trace at once.
//!
//! A chain longer than [`crate::engine::MAX_QUERY_CHAIN`] is queried along its last
//! [`crate::engine::SUFFIX_QUERY_STEPS`] steps only ([`Ctx::query_start`]): the symbolic state
//! starts from the concrete values of the suffix's first state, and a model's test is the
//! chain's own test's inputs up to there followed by the model's — a real execution, run
//! and checked like any other. The query chooses among fewer tests, so its `unsat` is weaker
//! than the whole chain's, but it still shows what refinement needs: the chain's last state
//! (one of the suffix's solutions) has no successor in `S_k`, so it lands on the `¬Pre` side.
//! A test asked for that way which stops before the frontier (the step bound, the time share
//! past it) is taken as no test: `S_{k-1}` is refined (sound: a split only divides a region);
//! a run that makes no progress that way ends at the deadline, `unknown`.
//!
//! Tests first stop at [`crate::Options::test_step_bound`] steps, and at reads of the large
//! arrays the tests do not keep from the start ([`crate::flatten::arrays::LargeArray::early`]).
//! When the loop ends `unknown` for a reason longer tests may remove (an imprecise
//! refinement, a query along a chain too long: loops over a large array past the bound) and
//! a test was cut short that way, or has run for [`FIRST_PHASE_SHARE`] of the time (at most
//! [`FIRST_PHASE_MAX`]) on a program with arrays not kept from the start, it starts again from scratch with long tests ([`Ctx::long_tests`]:
//! past the bound, every array kept; [`run`]; the first phase's partition is not kept: its
//! refinements around the cut tests only slow the second down). A cheap proof is not made to
//! wait for long tests; one that needs states past the bound (a later loop's head) gets them.
//!
//! The first test (frontier 0) follows the abstract error trace as far as any execution can
//! ([`first_test`]), as the paper's first test on Figure 3 does. An iteration is one abstract
//! error trace worked on ([`Ctx::next_error_trace`]), the count of the paper's Table 1.

use crate::engine::{Ctx, Sat};
use crate::generalize::Generalizer;
use crate::Verdict;
use vigil_ir::unknown::{Cause, Unknown};

/// GetOrderedAbstractTrace: for an abstract trace, the latest region on it that F visits is
/// found, its earliest-added state chosen, and the trace prefix replaced by the regions of that
/// state's parent chain. Returns (ordered trace, chain of F-states, frontier k): positions
/// `0..k` are the chain's regions, positions `k..` are regions F has not visited.
pub fn ordered_trace(cx: &Ctx, trace: &[usize]) -> (Vec<usize>, Vec<usize>, usize) {
    match trace.iter().rposition(|&r| !cx.regions[r].members.is_empty()) {
        None => (trace.to_vec(), Vec::new(), 0),
        Some(i) => {
            let s = cx.regions[trace[i]].members[0];
            let chain = cx.chain(s);
            let mut ord: Vec<usize> = chain.iter().map(|&c| cx.states[c].region).collect();
            let k = ord.len();
            ord.extend_from_slice(&trace[i + 1..]);
            (ord, chain, k)
        }
    }
}

/// GenSuitableTest along `chain` (forest states whose regions are `prefix`): a test that
/// follows the chain and steps from its last state into region `target`. On `Yes` the test's
/// input vector is left in [`Ctx::pending_test`]; `Err` ends the run. A chain longer than
/// [`crate::engine::MAX_QUERY_CHAIN`] is queried along its last
/// [`crate::engine::SUFFIX_QUERY_STEPS`] steps only ([`Ctx::query_start`]; module doc).
fn suitable_test(cx: &mut Ctx, chain: &[usize], prefix: &[usize], target: usize) -> Result<Sat, Verdict> {
    let k = chain.len();
    let start = Ctx::query_start(chain);
    let Some((mut cons, st, inputs)) = cx.path_constraints_from(chain, start, Some(prefix)) else {
        return Err(Verdict::Unknown(Unknown::new(Cause::Bug, "internal: forest path does not follow the program")));
    };
    let from = cx.states[chain[k - 1]].loc;
    let mut last_inputs = inputs.clone();
    let mut fresh = Vec::new();
    let (exits, calls) = crate::symbolic::sym_step_calls(&mut cx.tm, cx.flat, from as u32, &st, crate::symbolic::Mode::Concrete, &mut last_inputs, &mut fresh);
    let tl = cx.regions[target].loc;
    let tp = cx.regions[target].pred;
    let mut step = cx.tm.ff();
    // The exits into the target, each with the inputs read on its way through the tree.
    let mut options = Vec::new();
    for e in &exits {
        if cx.loc_of_target(&e.target) == tl {
            let p = cx.at_post(tp, &e.post);
            let c = cx.tm.and(e.guard, p);
            step = cx.tm.or(step, c);
            options.push((c, e.reads.clone()));
        }
    }
    cons.push(step);
    if !cx.flat.procs.is_empty() && !last_inputs.is_empty() {
        // A test's calls run concretely, as deep as their arguments make them: ask first
        // for shallow calls, then for small inputs, so that a deep recursion is not chosen
        // when a shallow one follows the same path (only the choice of test changes). The
        // shallow calls' bounds come first: the small inputs' window is signed, and under
        // it an unsigned argument at least 1000 can only be 2^32 − 16 or more, a recursion
        // cut at its frame bound in every test (1292: 87 such tests, 26 s). A query
        // without a solution has none under the bounds either: it is asked once, without
        // them.
        let r = cx.sat(&cons);
        if r != Sat::Yes {
            return Ok(r);
        }
        prefer_shallow_calls(cx, &mut cons, &calls);
        prefer_small_inputs(cx, &mut cons, &last_inputs, crate::summary::SMALL_INPUTS);
    }
    let r = cx.sat(&cons);
    if r == Sat::Yes {
        let mut test_inputs = inputs;
        test_inputs.extend(cx.chosen_reads(&options).unwrap_or_default().iter().cloned());
        let mut test = cx.inputs_up_to(chain, start);
        test.extend(cx.model_inputs(&test_inputs));
        cx.pending_test = Some(test);
    }
    Ok(r)
}

/// Adds to `query` the first bound of `bounds` on `inputs` ([`crate::summary::small_inputs`])
/// under which it is still satisfiable, and says whether one was; leaves it as it is when none is.
fn prefer_small_inputs(cx: &mut Ctx, query: &mut Vec<vigil_bv::TermId>, inputs: &[crate::symbolic::SymInput], bounds: impl IntoIterator<Item = i64>) -> bool {
    for bound in bounds {
        let small = crate::summary::small_inputs(&mut cx.tm, inputs, bound);
        query.push(small);
        if cx.sat(query) == Sat::Yes {
            return true;
        }
        query.pop();
    }
    false
}

/// Adds to `query`, one at a time while it stays satisfiable, the first bound of
/// [`crate::summary::SMALL_INPUTS`] on each argument that the called procedure compares
/// ([`crate::flatten::procs::ProcTable::compared_params`]) of each call in `calls`: first
/// as an unsigned bound, then as a signed one. A recursion's depth is decided by the
/// arguments it branches on, so a test whose other arguments are large still runs its calls
/// to the end (a sum that wraps needs one large addend, not a deep recursion), and a signed
/// window alone would let an unsigned count down from `2^32 − 1`. Only the choice of test
/// changes.
fn prefer_shallow_calls(cx: &mut Ctx, query: &mut Vec<vigil_bv::TermId>, calls: &[crate::symbolic::StepCall]) {
    let table = cx.flat.procs.clone();
    for call in calls {
        for i in table.compared_params(call.proc) {
            let arg = call.inputs[i];
            let vigil_bv::Sort::BitVec(w) = cx.tm.sort(arg) else { continue };
            if w < 12 {
                continue;
            }
            let mut kept = false;
            for bound in crate::summary::SMALL_INPUTS {
                let k = cx.tm.bv_u64(w, bound as u64);
                let small = vigil_semantics::symbolic::icmp(&mut cx.tm, vigil_ir::ICmpPred::Ule, arg, k);
                query.push(small);
                if cx.sat(query) == Sat::Yes {
                    kept = true;
                    break;
                }
                query.pop();
            }
            if !kept {
                let input = crate::symbolic::SymInput { var: arg, func: String::new(), width: w };
                prefer_small_inputs(cx, query, std::slice::from_ref(&input), crate::summary::SMALL_INPUTS);
            }
        }
    }
}

/// Fewer than this many forest states at a loop head after a split there: [`cover_loop`]
/// runs one test around the loop.
const COVER_STATES: usize = 3;

/// When a loop head is split and the tests have visited it in fewer than [`COVER_STATES`]
/// states (the first test takes every input as 0, which often skips an input-controlled
/// loop), one test that goes around the loop once more from its latest state there: the
/// generalisation ([`crate::generalize`]) takes its candidates from the tests' values at the
/// head, and a single state there shows no relation between the variables. Tried once per
/// head; the test is a test like any other (it joins F), only its choice is different.
fn cover_loop(cx: &mut Ctx, head: usize) -> Result<(), Verdict> {
    let mut at: Vec<usize> = cx.at[head].iter().flat_map(|&r| cx.regions[r].members.clone()).collect();
    if at.len() >= COVER_STATES {
        return Ok(());
    }
    at.sort_unstable();
    // The latest visit (a long test's along its chain's suffix only).
    let Some(&last) = at.last() else { return Ok(()) };
    let chain = cx.chain(last);
    let start = Ctx::query_start(&chain);
    let Some((mut cons, st, inputs)) = cx.path_constraints_from(&chain, start, None) else {
        return Err(Verdict::Unknown(Unknown::new(Cause::Bug, "internal: forest path does not follow the program")));
    };
    let mut fresh = Vec::new();
    let exits = crate::symbolic::sym_step(&mut cx.tm, cx.flat, head as u32, &st, crate::symbolic::Mode::Concrete, &mut Vec::new(), &mut fresh);
    let mut around = cx.tm.ff();
    let mut options = Vec::new();
    for e in exits {
        if cx.loc_of_target(&e.target) == head {
            around = cx.tm.or(around, e.guard);
            options.push((e.guard, e.reads));
        }
    }
    cons.push(around);
    match cx.sat(&cons) {
        Sat::Yes => {
            let mut test_inputs = inputs;
            test_inputs.extend(cx.chosen_reads(&options).unwrap_or_default().iter().cloned());
            let mut vals = cx.inputs_up_to(&chain, start);
            vals.extend(cx.model_inputs(&test_inputs));
            cx.run_test(&vals);
            Ok(())
        }
        Sat::No => Ok(()),
        Sat::Unknown => Err(Verdict::Unknown(cx.gave_up())),
    }
}

/// The first test (F is empty, frontier 0): inputs that follow the abstract error trace as far
/// as any execution can (its longest feasible prefix, found by bisection), with zeros, then
/// small values preferred — as the paper's first test "traverses the loop some number of times and visits
/// all regions along the abstract trace up to pc = 8" (§4, Figure 3). Every input is 0 when
/// only the initial region is feasible. A whole feasible trace makes the test reach the error.
fn first_test(cx: &mut Ctx, trace: &[usize]) -> Result<Vec<u64>, Verdict> {
    let (cons, steps) = crate::cegar::trace_constraints(cx, trace);
    let mut lo = 1usize;
    match cx.sat(&cons[..1]) {
        Sat::Yes => {}
        Sat::No => return Ok(Vec::new()),
        Sat::Unknown => return Err(Verdict::Unknown(cx.gave_up())),
    }
    // lo: a feasible prefix length; hi: an infeasible one (or one past the whole trace).
    if cx.sat(&cons) == Sat::Yes {
        lo = cons.len();
    } else {
        let mut hi = cons.len();
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match cx.sat(&cons[..mid]) {
                Sat::Yes => lo = mid,
                Sat::No => hi = mid,
                Sat::Unknown => return Err(Verdict::Unknown(cx.gave_up())),
            }
        }
    }
    if lo <= 1 {
        return Ok(Vec::new());
    }
    let all: Vec<crate::symbolic::SymInput> = steps[..lo - 1].iter().flat_map(|o| o.iter().flat_map(|(_, r)| r.iter().cloned())).collect();
    let mut query = cons[..lo].to_vec();
    // Zeros first (the default test's inputs), then small values.
    prefer_small_inputs(cx, &mut query, &all, [0].into_iter().chain(crate::summary::SMALL_INPUTS));
    if cx.sat(&query) != Sat::Yes {
        return Ok(Vec::new());
    }
    let inputs: Vec<crate::symbolic::SymInput> = steps[..lo - 1].iter().flat_map(|o| cx.chosen_reads(o).unwrap_or_default().to_vec()).collect();
    Ok(cx.model_inputs(&inputs))
}

/// The share (1/n) of the engine's time the main loop runs with short tests at most, when
/// tests were cut short (module doc).
pub const FIRST_PHASE_SHARE: u32 = 5;

/// The most time the main loop runs with short tests when tests were cut short.
pub const FIRST_PHASE_MAX: std::time::Duration = std::time::Duration::from_secs(2);

/// Why the first phase ended (module doc).
const FIRST_PHASE_OVER: &str = "arrays the tests do not keep yet, and the time for short tests is over";

/// Whether the first phase (short tests) is over: the program has arrays the tests do not
/// keep from the start and it has run its time (module doc).
fn first_phase_over(cx: &Ctx) -> bool {
    let Some(deadline) = cx.opts.deadline else { return false };
    let later = cx.flat.arrays.iter().any(|a| !a.early);
    let time = deadline.saturating_duration_since(cx.started) / FIRST_PHASE_SHARE;
    !cx.long_tests && later && cx.started.elapsed() >= time.min(FIRST_PHASE_MAX)
}

/// SYNERGY: the main loop, then once more with long tests when that may help (module doc).
pub fn run(cx: &mut Ctx) -> Verdict {
    let v = main_loop(cx);
    let retry = matches!(&v, Verdict::Unknown(u) if matches!(u.cause, Cause::Imprecise | Cause::SolverLimit));
    let later = cx.flat.arrays.iter().any(|a| !a.early);
    if !retry || cx.long_tests || !(cx.cut_at_bound || later) || cx.out_of_time() {
        return v;
    }
    let mut long = Ctx::new(cx.flat, cx.opts);
    long.long_tests = true;
    long.started = cx.started;
    let v = main_loop(&mut long);
    long.stats = cx.stats.then(&long.stats);
    *cx = long;
    v
}

/// The main loop (Figure 2; module doc).
fn main_loop(cx: &mut Ctx) -> Verdict {
    let mut gen = Generalizer::new(cx.flat);
    let heads = crate::witness::loop_heads(cx.flat);
    let mut covered = std::collections::HashSet::new();
    loop {
        if first_phase_over(cx) {
            return Verdict::Unknown(Unknown::new(Cause::Imprecise, FIRST_PHASE_OVER));
        }
        let trace = match cx.next_error_trace() {
            Ok(t) => t,
            Err(done) => return done,
        };
        // (3) ordered trace.
        let (ordered, chain, k) = ordered_trace(cx, &trace);
        // (4) GenSuitableTest.
        if k == 0 {
            let before = cx.regions[ordered[0]].members.len();
            let vals = match first_test(cx, &ordered) {
                Ok(v) => v,
                Err(v) => return v,
            };
            cx.run_test(&vals);
            if cx.regions[ordered[0]].members.len() == before && before == 0 {
                return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: the initial region is not covered by a test"));
            }
            continue;
        }
        let from = cx.states[chain[k - 1]].loc;
        let target = ordered[k];
        if k > crate::engine::MAX_QUERY_CHAIN && cx.opts.generalize && gen.when_stuck(cx, from) {
            // No test query along a chain that long: an invariant may cut the trace instead.
            continue;
        }
        let mut answer = match suitable_test(cx, &chain, &ordered[..k], target) {
            Ok(a) => a,
            Err(v) => return v,
        };
        let mut k_run = k;
        let mut suffix_query = Ctx::query_start(&chain) > 0;
        if answer == Sat::No {
            // The earliest state of S_{k-1} has no successor in S_k. Its latest state may
            // (a loop head's exit test runs at its last visit, not its first): one more
            // query along that state's chain before refining (along its suffix when long).
            let last = cx.regions[ordered[k - 1]].members.last().copied().unwrap_or(chain[k - 1]);
            if last != chain[k - 1] {
                let chain2 = cx.chain(last);
                let prefix: Vec<usize> = chain2.iter().map(|&c| cx.states[c].region).collect();
                answer = match suitable_test(cx, &chain2, &prefix, target) {
                    Ok(a) => a,
                    Err(v) => return v,
                };
                k_run = chain2.len();
                suffix_query = Ctx::query_start(&chain2) > 0;
            }
        }
        let mut refine_without_test = false;
        match answer {
            Sat::Yes => {
                let vals = cx.pending_test.take().unwrap_or_default();
                let run = cx.run_test(&vals);
                if run.len() <= k_run || cx.states[run[k_run]].region != target {
                    if cx.out_of_time() {
                        return Verdict::Unknown(cx.gave_up()); // the test was cut short
                    }
                    if suffix_query && run.len() <= k_run {
                        // A test along a long chain stopped before the frontier (the step
                        // bound, the time share past it): no test is known to reach the
                        // target; refining is sound and the deadline ends a run that makes
                        // no progress this way.
                        refine_without_test = true;
                    } else if !cx.flat.procs.is_empty() {
                        let table = cx.flat.procs.clone();
                        // The model chose a call's result that the call does not return (only
                        // the memo constrains it exactly): the test still joined F, and its
                        // calls joined the memo, so the next query knows them; summaries
                        // proven from them constrain every other argument too.
                        if table.memo_size() > table.proven_at.get() && crate::summary::prove(cx) {
                            cx.summaries_changed();
                        }
                        continue;
                    } else if cx.flat.tests_read_arrays_exactly() {
                        return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: a generated test did not follow its path (please report)"));
                    } else {
                        // The path condition read a large array inexactly ([`crate::flatten::arrays`]):
                        // no test is known to reach the target, so refine as when none exists.
                        refine_without_test = true;
                    }
                }
            }
            Sat::Unknown => return Verdict::Unknown(cx.gave_up()),
            Sat::No => refine_without_test = true,
        }
        if refine_without_test {
            // The part of the trace past the frontier may be infeasible on its own (a
            // loop exit no test reaches): then it is split instead ([`crate::suffix`]).
            if crate::suffix::refine(cx, &ordered, k) {
                continue;
            }
            // (5) refine S_{k-1} by Pre(S_k).
            let s = ordered[k - 1];
            let (p, exact) = cx.pre(from, target);
            let witness = chain[k - 1];
            let stuck = cx.holds(p, &cx.states[witness].vals.clone());
            let calls = crate::locations::tree(cx.flat, from)
                .into_iter()
                .any(|b| cx.flat.blocks[b].insts.iter().any(|i| matches!(i, crate::flatten::FInst::Call { .. })));
            let table = cx.flat.procs.clone();
            if calls && (stuck || table.memo_size() > table.proven_at.get()) {
                // The step is through a call, and either the concrete call does not lead
                // into S_k while the may-summaries allow it, or calls were seen since the
                // summaries were last proposed: learn summaries from the calls seen so far
                // (SMASH's may-summary query) before refining.
                if crate::summary::prove(cx) {
                    cx.summaries_changed();
                    continue;
                }
                if cx.out_of_time() {
                    return Verdict::Unknown(cx.gave_up());
                }
            }
            if stuck && calls {
                return Verdict::Unknown(Unknown::new(
                    Cause::Imprecise,
                    format!(
                        "no procedure summary proven that excludes the step from {} after {} iterations",
                        cx.loc_name(from),
                        cx.stats.iterations
                    ),
                ));
            }
            if !exact && stuck {
                // An invariant may exclude the state without the input's value: guess
                // and check one now before giving up.
                if cx.opts.generalize && gen.when_stuck(cx, from) {
                    continue;
                }
                return Verdict::Unknown(Unknown::new(
                    Cause::Imprecise,
                    format!(
                        "refinement needs an input quantified away (inexact precondition at {}) after {} iterations",
                        cx.loc_name(from),
                        cx.stats.iterations
                    ),
                ));
            }
            if cx.split(s, p).is_none() {
                let why = format!("refinement made no progress at {}", cx.loc_name(from));
                return Verdict::Unknown(Unknown::new(Cause::Imprecise, why));
            }
            if cx.opts.generalize {
                if let Some(heads) = &heads {
                    if heads.contains(&(from as u32)) && covered.insert(from) {
                        if let Err(v) = cover_loop(cx, from) {
                            return v;
                        }
                    }
                }
                gen.after_split(cx, from);
            }
        }
    }
}
