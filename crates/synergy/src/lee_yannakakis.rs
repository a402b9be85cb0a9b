//! The `lee-yannakakis` baseline: the reachable bisimulation quotient by simultaneous search and
//! stabilisation (Lee & Yannakakis, STOC 1992, as presented in Gulavani et al., FSE 2006, §4,
//! Figure 5), on the same partition, abstract program and concrete interpreter as SYNERGY.
//!
//! The tree T keeps at most one concrete witness per region. Each iteration either (search) adds
//! a witness for a region without one that is the concrete successor of an existing witness —
//! found by asking the solver for inputs that take the witness's concrete state into the region —
//! or (split) stabilises a witnessed region `P` against a region `Q`: when some but not all of `P`
//! steps into `Q`, `P` becomes `P ∧ Pre(Q)` and `P ∧ ¬Pre(Q)`. Search has priority. When neither
//! applies and no witness is an error, the partition is the proof. Stability is only as precise as
//! `Pre` ([`crate::symbolic::exists`]); the proof is therefore checked again by the absence of an
//! abstract error trace before `true` is answered.

use std::collections::{HashMap, HashSet};

use crate::engine::{Ctx, Sat};
use crate::symbolic::{self, Mode};
use crate::Verdict;
use vigil_ir::unknown::{Cause, Unknown};

pub fn run(cx: &mut Ctx) -> Verdict {
    let mut witness: HashMap<usize, usize> = HashMap::new();
    let root = cx.root();
    witness.insert(cx.states[root].region, root);
    let mut no_succ: HashSet<(usize, usize)> = HashSet::new();
    let mut stable: HashSet<(usize, usize)> = HashSet::new();
    loop {
        // Witnesses follow their states when regions are split.
        witness = witness.values().map(|&s| (cx.states[s].region, s)).collect();
        if let Some(o) = cx.check_bad_states() {
            return o;
        }
        if let Some(why) = cx.out_of_budget() {
            return Verdict::Unknown(why);
        }
        cx.stats.iterations += 1;
        // Search.
        let mut found = None;
        let mut ws: Vec<(usize, usize)> = witness.iter().map(|(&r, &s)| (r, s)).collect();
        ws.sort_unstable();
        'search: for &(_, t) in &ws {
            let loc = cx.states[t].loc;
            for l in cx.succ_locs(loc) {
                for q in cx.at[l].clone() {
                    if witness.contains_key(&q) || no_succ.contains(&(t, q)) {
                        continue;
                    }
                    match concrete_successor(cx, t, q) {
                        Some(Some(inputs)) => {
                            found = Some((t, q, inputs));
                            break 'search;
                        }
                        Some(None) => {
                            no_succ.insert((t, q));
                        }
                        None => return Verdict::Unknown(cx.gave_up()),
                    }
                }
            }
        }
        if let Some((t, q, inputs)) = found {
            match cx.step_from(t, &inputs) {
                Some(s) if cx.states[s].region == q => {
                    witness.insert(q, s);
                    continue;
                }
                _ if !cx.flat.tests_read_arrays_exactly() => {
                    return Verdict::Unknown(Unknown::new(Cause::Imprecise, crate::flatten::Flat::INEXACT_ARRAY_PATH))
                }
                _ => return Verdict::Unknown(Unknown::new(Cause::Bug, "internal: search step did not reach its region (please report)")),
            }
        }
        // Split: a witnessed region unstable with respect to some region.
        let mut did = false;
        'split: for &(p, _) in &ws {
            let loc = cx.regions[p].loc;
            for l in cx.succ_locs(loc) {
                for q in cx.at[l].clone() {
                    if stable.contains(&(p, q)) || !cx.edge(p, q) {
                        continue;
                    }
                    let (pre, _exact) = cx.pre(loc, q);
                    let pp = cx.regions[p].pred;
                    let npre = cx.tm.not(pre);
                    match cx.sat(&[pp, npre]) {
                        Sat::No => {
                            stable.insert((p, q));
                        }
                        Sat::Unknown => return Verdict::Unknown(cx.gave_up()),
                        Sat::Yes => {
                            if cx.split(p, pre).is_some() {
                                did = true;
                                break 'split;
                            }
                            stable.insert((p, q));
                        }
                    }
                }
            }
        }
        if did {
            continue;
        }
        return match cx.proof() {
            Some(p) => Verdict::Safe { proof: p },
            None => Verdict::Unknown(Unknown::new(
                Cause::Imprecise,
                "lee-yannakakis: partition stable but an abstract error trace remains (inexact precondition)",
            )),
        };
    }
}

/// Inputs that take witness state `t` into region `q` in one step: `Some(Some(inputs))`,
/// `Some(None)` if there are none, `None` if the solver gave up.
fn concrete_successor(cx: &mut Ctx, t: usize, q: usize) -> Option<Option<Vec<u64>>> {
    let loc = cx.states[t].loc;
    let st: Vec<vigil_bv::TermId> =
        cx.flat.regs.iter().enumerate().map(|(i, r)| cx.tm.bv_u64(r.width, cx.states[t].vals[i])).collect();
    let mut inputs = Vec::new();
    let mut fresh = Vec::new();
    let exits = symbolic::sym_step(&mut cx.tm, cx.flat, loc as u32, &st, Mode::Concrete, &mut inputs, &mut fresh);
    let (ql, qp) = (cx.regions[q].loc, cx.regions[q].pred);
    let mut c = cx.tm.ff();
    let mut options = Vec::new();
    for e in exits {
        if cx.loc_of_target(&e.target) == ql {
            let p = cx.at_post(qp, &e.post);
            let g = cx.tm.and(e.guard, p);
            c = cx.tm.or(c, g);
            options.push((g, e.reads));
        }
    }
    match cx.sat(&[c]) {
        Sat::Yes => {
            let reads = cx.chosen_reads(&options).unwrap_or_default().to_vec();
            Some(Some(cx.model_inputs(&reads)))
        }
        Sat::No => Some(None),
        Sat::Unknown => None,
    }
}
