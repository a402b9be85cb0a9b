//! The `cegar` baseline: partition refinement from abstract counterexamples alone, without tests
//! (the Slam-like comparison of Gulavani et al., FSE 2006, §4 and Table 1), on the same partition
//! and abstract program as SYNERGY.
//!
//! Each iteration takes a shortest abstract error trace `S_0 … S_n` and finds, by binary search
//! over prefix length with the solver, the longest prefix `S_0 … S_j` that some execution follows
//! (each state in its region). If the whole trace is feasible its model is a test, which is run and
//! replayed; otherwise `S_j` is split by `Pre(S_{j+1})`. As in SLAM, a deterministic loop costs one
//! refinement per iteration before a path around it becomes feasible.

use vigil_bv::TermId;

use crate::engine::{Ctx, Sat};
use crate::symbolic::SymInput;
use crate::Verdict;
use vigil_ir::unknown::{Cause, Unknown};

/// Constraints for following `trace` from the initial state: one list entry per position
/// (`cons[i]` constrains the step into position `i`), plus per step the options of the exits
/// it may take (condition, inputs read) for [`Ctx::chosen_reads`].
pub(crate) fn trace_constraints(cx: &mut Ctx, trace: &[usize]) -> (Vec<TermId>, Vec<Vec<(TermId, Vec<SymInput>)>>) {
    let mut st: Vec<TermId> = cx.flat.regs.iter().map(|r| cx.tm.bv_u64(r.width, 0)).collect();
    let p0 = cx.regions[trace[0]].pred;
    let mut cons = vec![cx.at_post(p0, &st)];
    let mut steps = Vec::new();
    for i in 0..trace.len() - 1 {
        let from = cx.regions[trace[i]].loc;
        let (tl, tp) = (cx.regions[trace[i + 1]].loc, cx.regions[trace[i + 1]].pred);
        let exits = cx.concrete_steps_into(from, &st, tl, &mut Vec::new());
        let mut c = cx.tm.ff();
        let mut options = Vec::new();
        for e in &exits {
            let p = cx.at_post(tp, &e.post);
            let g = cx.tm.and(e.guard, p);
            c = cx.tm.or(c, g);
            options.push((g, e.reads.clone()));
        }
        cons.push(c);
        steps.push(options);
        match cx.merge_exits(&exits) {
            Some((_, p)) => st = p,
            None => break,
        }
    }
    (cons, steps)
}

pub fn run(cx: &mut Ctx) -> Verdict {
    loop {
        let trace = match cx.next_error_trace() {
            Ok(t) => t,
            Err(done) => return done,
        };
        let (cons, steps) = trace_constraints(cx, &trace);
        let n = trace.len();
        if cons.len() == n {
            match cx.sat(&cons) {
                Sat::Yes => {
                    let inputs: Vec<SymInput> = steps.iter().flat_map(|o| cx.chosen_reads(o).unwrap_or_default().to_vec()).collect();
                    let vals = cx.model_inputs(&inputs);
                    cx.run_test(&vals);
                    if cx.check_bad_states().is_none() {
                        if !cx.flat.tests_read_arrays_exactly() {
                            return Verdict::Unknown(Unknown::new(Cause::Imprecise, crate::flatten::Flat::INEXACT_ARRAY_PATH));
                        }
                        return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: a feasible abstract trace did not replay (please report)"));
                    }
                    continue;
                }
                Sat::Unknown => return Verdict::Unknown(cx.gave_up()),
                Sat::No => {}
            }
        }
        // Longest feasible prefix: lo feasible, hi infeasible (prefix lengths).
        let (mut lo, mut hi) = (1usize, cons.len());
        if cx.sat(&cons[..1]) != Sat::Yes {
            return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: initial region infeasible"));
        }
        if cons.len() == n {
            // the whole trace was infeasible: hi = n
        } else {
            hi = cons.len();
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            match cx.sat(&cons[..mid]) {
                Sat::Yes => lo = mid,
                Sat::No => hi = mid,
                Sat::Unknown => return Verdict::Unknown(cx.gave_up()),
            }
        }
        // Prefix of length lo (positions 0..lo-1) feasible; position lo is not.
        let j = lo - 1;
        let s = trace[j];
        let from = cx.regions[s].loc;
        let (p, _exact) = cx.pre(from, trace[j + 1]);
        if cx.split(s, p).is_none() {
            let why = format!("refinement made no progress at {}", cx.loc_name(from));
            return Verdict::Unknown(Unknown::new(Cause::Imprecise, why));
        }
    }
}
