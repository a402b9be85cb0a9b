//! The SYNERGY main loop (Gulavani et al., FSE 2006, §3, Figure 2): tests and partition
//! refinement guiding each other.
//!
//! Each iteration: (1) a forest state in an error region ends with `false` (after replay);
//! (2) a shortest abstract error trace is found, or the partition is the proof; (3) the trace is
//! made *ordered*: the latest region on it that F visits is located, its earliest-added F-state
//! chosen, and the prefix replaced by that state's parent chain, so the frontier `k` is the first
//! position F has not visited; (4) GenSuitableTest: the chain is executed symbolically, each
//! state constrained to its region, and the step into `S_k` is added; a model is a test, which
//! runs to completion (it may leave the trace after `S_k`) and joins F; (5) otherwise `S_{k-1}` is
//! split by `Pre(S_k)`. The unsatisfiable query shows that the chosen F-state has no successor
//! in `S_k`, so it lands on the `¬Pre` side, whose edge to `S_k` is gone: every refinement removes
//! the trace just used — except through a call of a procedure, whose abstract step is only as
//! precise as its may-summaries: there a witness inside `Pre` asks [`crate::summary::prove`]
//! for more summaries (SMASH's alternation of must and may queries), and the iteration starts
//! again. With generalisation on, [`crate::generalize`] runs when a loop location
//! keeps being split.

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

pub fn run(cx: &mut Ctx) -> Verdict {
    let mut gen = Generalizer::new(cx.flat);
    loop {
        let trace = match cx.next_error_trace() {
            Ok(t) => t,
            Err(done) => return done,
        };
        // (3) ordered trace.
        let (ordered, chain, k) = ordered_trace(cx, &trace);
        // (4) GenSuitableTest.
        if k == 0 {
            let before = cx.regions[ordered[0]].members.len();
            cx.run_test(&[]);
            if cx.regions[ordered[0]].members.len() == before && before == 0 {
                return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: the initial region is not covered by a test"));
            }
            continue;
        }
        let Some((mut cons, st, inputs)) = cx.path_constraints(&chain, Some(&ordered[..k])) else {
            return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: forest path does not follow the program"));
        };
        let from = cx.states[chain[k - 1]].loc;
        let target = ordered[k];
        let mut last_inputs = inputs.clone();
        let mut fresh = Vec::new();
        let exits = crate::symbolic::sym_step(&mut cx.tm, cx.flat, from as u32, &st, crate::symbolic::Mode::Concrete, &mut last_inputs, &mut fresh);
        let tl = cx.regions[target].loc;
        let tp = cx.regions[target].pred;
        let mut step = cx.tm.ff();
        for e in &exits {
            if cx.loc_of_target(&e.target) == tl {
                let p = cx.at_post(tp, &e.post);
                let c = cx.tm.and(e.guard, p);
                step = cx.tm.or(step, c);
            }
        }
        cons.push(step);
        if !cx.flat.procs.is_empty() && !last_inputs.is_empty() {
            // A test's calls run concretely, as deep as their arguments make them: ask first
            // for small inputs, so that a deep recursion is not chosen when a shallow one
            // follows the same path (only the choice of test changes).
            for bound in crate::summary::SMALL_INPUTS {
                let small = crate::summary::small_inputs(&mut cx.tm, &last_inputs, bound);
                let mut c2 = cons.clone();
                c2.push(small);
                if cx.sat(&c2) == Sat::Yes {
                    cons = c2;
                    break;
                }
            }
        }
        match cx.sat(&cons) {
            Sat::Yes => {
                let vals = cx.model_inputs(&last_inputs);
                let run = cx.run_test(&vals);
                if run.len() <= k || cx.states[run[k]].region != target {
                    if cx.out_of_time() {
                        return Verdict::Unknown(cx.gave_up()); // the test was cut short
                    }
                    let table = cx.flat.procs.clone();
                    if !table.is_empty() {
                        // The model chose a call's result that the call does not return (only
                        // the memo constrains it exactly): the test still joined F, and its
                        // calls joined the memo, so the next query knows them; summaries
                        // proven from them constrain every other argument too.
                        if table.memo_size() > table.proven_at.get() && crate::summary::prove(cx) {
                            cx.summaries_changed();
                        }
                        continue;
                    }
                    return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: a generated test did not follow its path (please report)"));
                }
            }
            Sat::Unknown => return Verdict::Unknown(cx.gave_up()),
            Sat::No => {
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
                let calls = cx.flat.blocks[from].insts.iter().any(|i| matches!(i, crate::flatten::FInst::Call { .. }));
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
                    gen.after_split(cx, from);
                }
            }
        }
    }
}
