//! Proving may-summaries: Houdini (Flanagan, Leino, *Houdini, an Annotation Assistant for
//! ESC/Java*, FME 2001) over the candidates of [`super::candidates`], each procedure body
//! checked path by path (bodies are acyclic, [`crate::flatten::procs`]) with its calls stepped
//! through the candidates themselves ([`crate::symbolic::sym_step`] in abstract mode reads the
//! table's summaries).
//!
//! A check that finds a path violating candidates drops exactly the candidates the solver's
//! model violates; a model satisfies every candidate assumed at the calls, so no inductive
//! subset can contain a dropped one, and the loop ends with the greatest inductive subset
//! (or less, when a body has too many paths or time runs out: that procedure's new
//! candidates are all dropped). Each query has a budget of SAT conflicts ([`MAX_CONFLICTS`]):
//! past it, the candidates with products are dropped unproven (a true `ret == n * m` makes the
//! inductive step a multiplier's distributivity, slow for the SAT solver, and its weight at
//! every call would hold back the others), then, if still too hard, each candidate is checked
//! alone and the ones past the budget dropped (and not proposed again). Dropping a candidate that no model violates is
//! sound: the loop goes on until a round drops nothing, and that round's unsatisfiable checks
//! assumed exactly the candidates that are left, so they are inductive (merely not the greatest
//! such set). The result is added to the summaries proven before (which stay true facts); see
//! [`super`] for why an inductive set is sound.

use vigil_bv::{Sort, TermId, Value};

use super::{candidates, Shape, Summary};
use crate::engine::{Ctx, Sat};
use crate::flatten::procs::ProcTable;
use crate::flatten::{FInst, Opnd};
use crate::symbolic::{sym_step, Mode, Target};

/// Paths of one body explored per check before giving up.
pub const MAX_PATHS: usize = 4096;

/// SAT conflicts a Houdini query may take before its candidates are checked one by one, and
/// one candidate's query before it is dropped unproven.
pub const MAX_CONFLICTS: u64 = 5_000;

/// Comparison constants of procedure `p`'s body against inputs (parameters, globals) of their
/// width, as `(input, constant)` thresholds for preconditions.
fn thresholds(table: &ProcTable, p: u32) -> Vec<(usize, u64)> {
    let procs = table.procs.borrow();
    let pr = &procs[p as usize];
    let mut out = Vec::new();
    for b in &pr.flat.blocks {
        for i in &b.insts {
            let FInst::ICmp { w, a, b: bb, .. } = i else { continue };
            for o in [a, bb] {
                if let Opnd::Const { bits, .. } = o {
                    for (k, &r) in pr.inputs().iter().enumerate() {
                        if pr.flat.width(r) == *w {
                            for c in [*bits, bits.wrapping_add(1) & crate::flatten::mask(*w)] {
                                if !out.contains(&(k, c)) && out.len() < 8 {
                                    out.push((k, c));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Proposes candidates from the memo and proves the greatest inductive subset it can; the
/// table's summaries become the old ones plus the proven. Returns whether they grew.
///
/// The greatest inductive subset of a set of candidates only grows with the set (an
/// inductive subset of a set is one of every superset), which saves work in two ways
/// ([`ProcTable::tried`] holds the candidates of the last *full* run, one of every
/// candidate proposed, whose result the summaries hold):
///
/// * candidates all tried before: the run could only prove what that one did; it is skipped;
/// * otherwise a first run leaves out what that one tried and refuted (a new call adds a
///   point or two, while hundreds of templates fail again), and is kept when it proves
///   something new. What it proves is inductive on its own, so sound; it may be less than
///   the full run would prove (a refuted candidate that the new ones make inductive), so
///   when it proves nothing new, the full run follows, and a caller that gets `false` has
///   had every candidate tried.
pub fn prove(cx: &mut Ctx) -> bool {
    let table = cx.flat.procs.clone();
    table.proven_at.set(table.memo_size());
    let n = table.procs.borrow().len();
    let old: Vec<Vec<Summary>> = table.summaries.borrow().clone();
    let cands: Vec<Vec<Summary>> = (0..n)
        .map(|p| {
            let mut c = old[p].clone();
            let hard = table.too_hard.borrow();
            for s in candidates(&table, p as u32, &thresholds(&table, p as u32)) {
                if !c.contains(&s) && !hard.iter().any(|(q, h)| *q == p as u32 && *h == s) {
                    c.push(s);
                }
            }
            c
        })
        .collect();
    // The old summaries come first in each procedure's candidates (and are never refuted).
    let known: Vec<usize> = old.iter().map(Vec::len).collect();
    let tried = table.tried.borrow().clone();
    let refuted = |p: usize, s: &Summary| tried.get(p).is_some_and(|t| t.contains(s)) && !old[p].contains(s);
    if tried.len() == n && (0..n).all(|p| cands[p].iter().all(|s| tried[p].contains(s))) {
        return false;
    }
    let untried: Vec<Vec<Summary>> = (0..n).map(|p| cands[p].iter().filter(|s| !refuted(p, s)).cloned().collect()).collect();
    if untried.iter().map(Vec::len).sum::<usize>() < cands.iter().map(Vec::len).sum::<usize>() {
        match houdini_from(cx, untried, &known) {
            Some(proven) if (0..n).any(|p| proven[p].iter().any(|s| !old[p].contains(s))) => return keep(&table, old, proven),
            Some(_) => {}
            None => {
                *table.summaries.borrow_mut() = old;
                return false;
            }
        }
    }
    let Some(proven) = houdini_from(cx, cands.clone(), &known) else {
        *table.summaries.borrow_mut() = old;
        return false;
    };
    *table.tried.borrow_mut() = cands;
    keep(&table, old, proven)
}

/// The table's summaries become `old` plus `proven`; whether that is more than `old`.
fn keep(table: &ProcTable, old: Vec<Vec<Summary>>, mut proven: Vec<Vec<Summary>>) -> bool {
    let mut grew = false;
    for (p, olds) in old.into_iter().enumerate() {
        let before = olds.len();
        for s in olds {
            if !proven[p].contains(&s) {
                proven[p].push(s);
            }
        }
        grew |= proven[p].len() > before;
    }
    *table.summaries.borrow_mut() = proven;
    grew
}

/// The greatest inductive subset of `cands` (per procedure) that the checks find, or None when
/// time ran out. Leaves the table's summaries set to the result.
pub fn houdini(cx: &mut Ctx, cands: Vec<Vec<Summary>>) -> Option<Vec<Vec<Summary>>> {
    let known = vec![0; cands.len()];
    houdini_from(cx, cands, &known)
}

/// [`houdini`] when the first `known[p]` candidates of each procedure `p` are summaries
/// already proven (an inductive set on its own): they are assumed at calls like the others
/// but not checked again, and never dropped. Checking them would find nothing: each round
/// assumes a superset of them, and more summaries at calls only narrow a body's paths (the
/// posts are conjoined, the error exits are where no pre covers the inputs), so their checks
/// stay unsatisfiable.
pub fn houdini_from(cx: &mut Ctx, mut cands: Vec<Vec<Summary>>, known: &[usize]) -> Option<Vec<Vec<Summary>>> {
    let table = cx.flat.procs.clone();
    loop {
        if cx.out_of_time() {
            return None;
        }
        // Every check of a round assumes the round's candidates at calls: a superset of
        // what is left, so each drop is justified (see the module doc); a round without drops
        // checked the final set itself.
        *table.summaries.borrow_mut() = cands.clone();
        let mut dropped = false;
        for (p, c) in cands.iter_mut().enumerate() {
            match check_proc(cx, &table, p as u32, c, known[p]) {
                Some(d) => dropped |= d,
                None => {
                    dropped |= !c.is_empty();
                    c.clear();
                }
            }
        }
        if !dropped {
            return Some(cands);
        }
    }
}

/// The model's truth value of `t` after a satisfiable query.
fn model_true(cx: &Ctx, t: TermId) -> bool {
    if let Some(b) = cx.tm.bool_value(t) {
        return b;
    }
    matches!(cx.solver.value(&cx.tm, t), Ok(Value::Bool(true)))
}

/// Checks procedure `p`'s body against candidates `cands` (assumed at its calls through the
/// table), dropping each candidate a path violates; the first `known` are proven already and
/// not checked ([`houdini_from`]). Returns whether any was dropped, or None when the check
/// gave up (too many paths, solver `unknown`, time).
fn check_proc(cx: &mut Ctx, table: &ProcTable, p: u32, cands: &mut Vec<Summary>, known: usize) -> Option<bool> {
    if cands.is_empty() {
        return Some(false);
    }
    let pr = table.procs.borrow()[p as usize].clone();
    let sh = Shape::of(table, p);
    let st0: Vec<TermId> = pr.flat.regs.iter().map(|r| cx.tm.var(&r.name, Sort::BitVec(r.width))).collect();
    let args: Vec<TermId> = pr.inputs().iter().map(|&r| st0[r as usize]).collect();
    let pres: Vec<TermId> = cands.iter().map(|s| s.pre_term(&mut cx.tm, &sh, &args)).collect();
    // The candidates still checked: the known ones are left out from the start.
    let mut alive: Vec<bool> = (0..cands.len()).map(|i| i >= known).collect();
    if !alive.contains(&true) {
        return Some(false);
    }
    let tt = cx.tm.tt();
    let mut stack = vec![(0u32, tt, st0)];
    let mut steps = 0usize;
    while let Some((b, pc, st)) = stack.pop() {
        steps += 1;
        if steps > MAX_PATHS || cx.out_of_time() {
            return None;
        }
        let mut ins = Vec::new();
        let mut fresh = Vec::new();
        let exits = sym_step(&mut cx.tm, &pr.flat, b, &st, Mode::Abstract, &mut ins, &mut fresh);
        for e in exits {
            let g = cx.tm.and(pc, e.guard);
            if cx.tm.bool_value(g) == Some(false) {
                continue;
            }
            // The terms each candidate must not meet on this path: its precondition (an error
            // path) or its precondition with its postcondition false (a return).
            let bad: Vec<TermId> = match e.target {
                Target::Block(t) if t == pr.ret_block => {
                    let outs: Vec<TermId> = pr.outputs().iter().map(|&r| e.post[r as usize]).collect();
                    cands
                        .iter()
                        .zip(&pres)
                        .map(|(s, &pre)| {
                            let post = s.post_term(&mut cx.tm, &sh, &args, &outs);
                            let np = cx.tm.not(post);
                            cx.tm.and(pre, np)
                        })
                        .collect()
                }
                Target::Block(t) => {
                    stack.push((t, g, e.post));
                    continue;
                }
                Target::Error(_) | Target::Ub(..) | Target::Exit => pres.clone(),
            };
            loop {
                let mut any = cx.tm.ff();
                for (i, &t) in bad.iter().enumerate() {
                    if alive[i] {
                        any = cx.tm.or(any, t);
                    }
                }
                let q = cx.tm.and(g, any);
                if cx.tm.bool_value(q) == Some(false) {
                    break;
                }
                match cx.sat_with_model_within(q, MAX_CONFLICTS) {
                    Sat::No => break,
                    Sat::Unknown if cx.out_of_time() => return None,
                    Sat::Unknown if (0..cands.len()).any(|i| alive[i] && cands[i].is_heavy()) => {
                        // Too hard: first without the products' candidates (a product's
                        // inductive step is a multiplier's distributivity, which the SAT
                        // solver proves slowly), dropped unproven.
                        for i in 0..cands.len() {
                            if alive[i] && cands[i].is_heavy() {
                                alive[i] = false;
                                table.too_hard.borrow_mut().push((p, cands[i].clone()));
                            }
                        }
                    }
                    Sat::Unknown => {
                        // Still too hard: each candidate alone, and the ones still too hard
                        // are dropped unproven.
                        for i in 0..cands.len() {
                            if !alive[i] {
                                continue;
                            }
                            let qi = cx.tm.and(g, bad[i]);
                            match cx.sat_with_model_within(qi, MAX_CONFLICTS) {
                                Sat::No => {}
                                Sat::Unknown if cx.out_of_time() => return None,
                                Sat::Unknown => {
                                    alive[i] = false;
                                    table.too_hard.borrow_mut().push((p, cands[i].clone()));
                                }
                                Sat::Yes => {
                                    for k in 0..cands.len() {
                                        if alive[k] && model_true(cx, bad[k]) {
                                            alive[k] = false;
                                        }
                                    }
                                    alive[i] = false;
                                }
                            }
                        }
                        break;
                    }
                    Sat::Yes => {
                        let idx: Vec<usize> = (0..cands.len()).filter(|&i| alive[i] && model_true(cx, bad[i])).collect();
                        if idx.is_empty() {
                            return None;
                        }
                        for i in idx {
                            alive[i] = false;
                        }
                    }
                }
            }
        }
    }
    let dropped = (known..cands.len()).any(|i| !alive[i]);
    let mut k = 0;
    cands.retain(|_| {
        k += 1;
        k - 1 < known || alive[k - 1]
    });
    Some(dropped)
}
