//! RefineWithGeneralization (Gulavani et al., FSE 2006, §5 and line 35 of Figure 2): a
//! widening-style step that proposes candidate loop invariants when one loop location keeps
//! being split, and keeps the inductive ones (a Houdini-style fixpoint).
//!
//! Without it SYNERGY diverges on loops whose proof needs an invariant (Figure 9: splitting with
//! `y<0`, `y+x<0`, `y+2x<0`, …). When a location inside a natural loop has been split
//! [`THRESHOLD`] times (and again each time that count doubles), candidate invariants of the
//! loop header are formed over the registers whose values persist across iterations (the
//! header's φs, registers the loop only reads, memory cells): `r ≥s 0`, `r ≤s 0`, `r == c`,
//! `min ≤s r ≤s max` for the constant / range the forest shows at the header, `r & (2^k−1) == c`
//! for the low bits (up to 8) all those states agree on, `r ≤s K` and `r ≥s K` for the constants
//! `K` the loop's comparisons use, and `a ≤s b` for
//! pairs of them of one width, and the linear equalities `Σ c·r == d` between registers of one
//! width that all forest states at the header satisfy ([`crate::affine`]: the affine hull of
//! the tests' values, e.g. `s == 2*i`; arithmetic modulo the width). Candidates violated by a forest state at the header are dropped
//! at once; then, with the solver, those not established by every edge entering the header from
//! an abstractly reachable region outside the loop (initiation), and those not preserved by
//! every path around the loop body (consecution, paths enumerated symbolically), until a
//! fixpoint. The conjunction `C` that survives holds in every reachable state at the header
//! (induction over executions). Every header region is split by `C`: the `¬C` halves have no
//! abstract predecessor outside the loop, and SYNERGY's own refinement then removes the edges
//! into them from inside the loop in as many steps as the body is long, which is what ends the
//! divergence.
//!
//! Invariants: the loop must be single-entry in the flat CFG and its body acyclic apart from the
//! back edges (checked; otherwise nothing is done). A solver `unknown` drops every candidate.

use std::collections::{HashMap, HashSet};

use vigil_bv::TermId;
use vigil_ir::cfg::{Graph, LoopForest};

use crate::engine::{Ctx, Sat};
use crate::flatten::{sext, FInst, Flat, Opnd};
use crate::symbolic::{sym_step, Mode, Target};

/// Paths around a loop body considered by consecution.
pub const MAX_BODY_PATHS: usize = 256;

/// Registers considered for relational candidates `a ≤s b`, and per width for affine ones.
pub const MAX_RELATIONAL_REGS: usize = 16;

/// Registers with a non-zero coefficient in one affine candidate (keeps candidates readable
/// and their terms small).
pub const MAX_AFFINE_TERMS: usize = 4;

/// Forest states at a loop header used to filter candidates (a sample when there are more).
pub const MAX_FILTER_STATES: usize = 1000;

/// Constants of the loop's comparisons used as bounds.
pub const MAX_LOOP_CONSTANTS: usize = 16;

/// Splits at one loop location before the first generalisation attempt.
pub const THRESHOLD: u32 = 2;

pub struct Generalizer {
    loops: Option<LoopForest>,
    preds: Vec<Vec<u32>>,
    /// Per loop: split count at the last attempt.
    attempted: HashMap<u32, u32>,
}

impl Generalizer {
    pub fn new(flat: &Flat) -> Generalizer {
        let n = flat.blocks.len();
        let mut edges = Vec::new();
        let mut preds = vec![Vec::new(); n];
        for (i, b) in flat.blocks.iter().enumerate() {
            for e in b.term.edges() {
                edges.push((i as u32, e.target));
                preds[e.target as usize].push(i as u32);
            }
        }
        let loops = Graph::try_new(n, 0, edges).ok().map(|g| LoopForest::compute(&g));
        Generalizer { loops, preds, attempted: HashMap::new() }
    }

    /// Called after a split at location `loc`.
    pub fn after_split(&mut self, cx: &mut Ctx, loc: usize) {
        let Some(lf) = &self.loops else { return };
        let Some(mut l) = lf.innermost_loop(loc as u32) else { return };
        let count = cx.splits_at[loc];
        if count < THRESHOLD {
            return;
        }
        // Try the innermost loop, then the enclosing ones.
        loop {
            let last = self.attempted.get(&l).copied().unwrap_or(0);
            if last == 0 || count >= 2 * last {
                self.attempted.insert(l, count);
                let body: Vec<u32> = lf.body(l).to_vec();
                let header = lf.get(l).header;
                if try_loop(cx, &self.preds, header, &body) {
                    cx.stats.generalizations += 1;
                    return;
                }
            }
            match lf.get(l).parent {
                Some(p) => l = p,
                None => return,
            }
        }
    }
}

/// Registers live at the loop header whose values persist across iterations: the header's φs,
/// registers the loop reads but never writes, and memory cells.
fn header_regs(flat: &Flat, header: u32, body: &[u32]) -> Vec<u32> {
    let mut read = HashSet::new();
    let mut written = HashSet::new();
    let mut phis = HashSet::new();
    let rd = |o: &Opnd, read: &mut HashSet<u32>| {
        if let Opnd::Reg(r) = o {
            read.insert(*r);
        }
    };
    for &b in body {
        let blk = &flat.blocks[b as usize];
        for i in &blk.insts {
            match i {
                FInst::Bin { dst, a, b, .. } | FInst::ICmp { dst, a, b, .. } => {
                    rd(a, &mut read);
                    rd(b, &mut read);
                    written.insert(*dst);
                }
                FInst::Select { dst, c, t, f } => {
                    rd(c, &mut read);
                    rd(t, &mut read);
                    rd(f, &mut read);
                    written.insert(*dst);
                }
                FInst::Cast { dst, v, .. } | FInst::Copy { dst, v } => {
                    rd(v, &mut read);
                    written.insert(*dst);
                }
                FInst::Nondet { dst, .. } => {
                    written.insert(*dst);
                }
                FInst::Assume { c } | FInst::Check { c, .. } => rd(c, &mut read),
                FInst::Call { dst, args, .. } => {
                    for a in args {
                        rd(a, &mut read);
                    }
                    written.extend(*dst);
                }
                FInst::Error { .. } | FInst::Exit => {}
            }
        }
        for e in blk.term.edges() {
            for (d, v) in &e.assigns {
                rd(v, &mut read);
                written.insert(*d);
                if e.target == header {
                    phis.insert(*d);
                }
            }
        }
    }
    let mut v: Vec<u32> = (0..flat.regs.len() as u32)
        .filter(|r| phis.contains(r) || (read.contains(r) && !written.contains(r)) || (flat.regs[*r as usize].cell && (read.contains(r) || written.contains(r))))
        .collect();
    v.sort_unstable();
    v
}

/// Paths through the loop body from the header back to it: (guard, post-state) over the
/// canonical variables, in abstract mode. None if the body has an inner cycle or more than
/// [`MAX_BODY_PATHS`] paths.
fn body_paths(cx: &mut Ctx, header: u32, inloop: &HashSet<u32>) -> Option<Vec<(TermId, Vec<TermId>)>> {
    let mut out = Vec::new();
    let pre = cx.canon.clone();
    let tt = cx.tm.tt();
    // (block, state, guard, blocks on this path)
    let mut stack: Vec<(u32, Vec<TermId>, TermId, Vec<u32>)> = vec![(header, pre, tt, vec![header])];
    while let Some((b, st, g, seen)) = stack.pop() {
        let mut ins = Vec::new();
        let mut fresh = Vec::new();
        let exits = sym_step(&mut cx.tm, cx.flat, b, &st, Mode::Abstract, &mut ins, &mut fresh);
        for e in exits {
            let Target::Block(t) = e.target else { continue };
            if !inloop.contains(&t) {
                continue;
            }
            let ng = cx.tm.and(g, e.guard);
            if cx.tm.bool_value(ng) == Some(false) {
                continue;
            }
            if t == header {
                out.push((ng, e.post));
                if out.len() > MAX_BODY_PATHS {
                    return None;
                }
            } else if seen.contains(&t) {
                return None;
            } else {
                let mut s2 = seen.clone();
                s2.push(t);
                stack.push((t, e.post, ng, s2));
            }
        }
    }
    Some(out)
}

/// Attempts generalisation for one loop; true if header regions were split.
fn try_loop(cx: &mut Ctx, preds: &[Vec<u32>], header: u32, body: &[u32]) -> bool {
    let inloop: HashSet<u32> = body.iter().copied().collect();
    // Single entry: only the header has predecessors outside the loop.
    for &b in body {
        if b != header && preds[b as usize].iter().any(|p| !inloop.contains(p)) {
            return false;
        }
    }
    let Some(paths) = body_paths(cx, header, &inloop) else { return false };
    let regs = header_regs(cx.flat, header, body);
    // Forest states at the header.
    // Forest states at the header; a long test leaves very many, and a sample spread over them
    // (the first and last included) filters candidates as well at a fraction of the cost —
    // filtering only saves solver work, the solver decides what is kept.
    let mut fstates: Vec<usize> = (0..cx.states.len()).filter(|&s| cx.states[s].loc == header as usize).collect();
    if fstates.len() > MAX_FILTER_STATES {
        let n = fstates.len();
        let mut sample: Vec<usize> = (0..MAX_FILTER_STATES).map(|i| fstates[i * (n - 1) / (MAX_FILTER_STATES - 1)]).collect();
        sample.dedup();
        fstates = sample;
    }
    let mut cands: Vec<TermId> = Vec::new();
    for &r in &regs {
        let w = cx.flat.width(r);
        let v = cx.canon[r as usize];
        let vals: Vec<u64> = fstates.iter().map(|&s| cx.states[s].vals[r as usize]).collect();
        let zero = cx.tm.bv_u64(w, 0);
        if let Some(&c0) = vals.first() {
            if vals.iter().all(|&x| x == c0) {
                let c = cx.tm.bv_u64(w, c0);
                cands.push(cx.tm.eq(v, c));
            }
        }
        // Congruence: the low bits all states agree on (`r & 1 == 0` for a counter stepping by 2).
        if let Some(&c0) = vals.first() {
            let k = vals.iter().map(|&x| (x ^ c0).trailing_zeros()).min().unwrap_or(64).min(8).min(w.saturating_sub(1));
            if k > 0 && vals.len() > 1 {
                let m = cx.tm.bv_u64(w, (1u64 << k) - 1);
                let low = cx.tm.bvand(v, m);
                let c = cx.tm.bv_u64(w, c0 & ((1u64 << k) - 1));
                cands.push(cx.tm.eq(low, c));
            }
        }
        if w >= 2 {
            cands.push(cx.tm.sge(v, zero));
            cands.push(cx.tm.sle(v, zero));
            if !vals.is_empty() {
                let lo = vals.iter().map(|&x| sext(x, w)).min().unwrap_or(0);
                let hi = vals.iter().map(|&x| sext(x, w)).max().unwrap_or(0);
                let lc = cx.tm.bv_u64(w, lo as u64);
                let hc = cx.tm.bv_u64(w, hi as u64);
                cands.push(cx.tm.sge(v, lc));
                cands.push(cx.tm.sle(v, hc));
            }
        }
    }
    // Relational candidates `a ≤s b` between registers of one width (at most
    // MAX_RELATIONAL_REGS registers, so at most a few hundred pairs).
    let wide: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.width(r) >= 2).take(MAX_RELATIONAL_REGS).collect();
    for &a in &wide {
        for &b in &wide {
            if a != b && cx.flat.width(a) == cx.flat.width(b) {
                let (va, vb) = (cx.canon[a as usize], cx.canon[b as usize]);
                cands.push(cx.tm.sle(va, vb));
            }
        }
    }
    // Bounds from the loop's own comparisons: `r ≤s K` and `r ≥s K` for the constants K the
    // loop compares with (the loop's exit bound, which the tests need not have reached).
    let mut consts: Vec<(u32, u64)> = Vec::new();
    for &b in body {
        for i in &cx.flat.blocks[b as usize].insts {
            if let FInst::ICmp { a, b, .. } = i {
                for o in [a, b] {
                    if let Opnd::Const { bits, width } = *o {
                        if !consts.contains(&(width, bits)) && consts.len() < MAX_LOOP_CONSTANTS {
                            consts.push((width, bits));
                        }
                    }
                }
            }
        }
    }
    for &r in &regs {
        let w = cx.flat.width(r);
        for &(cw, k) in &consts {
            if cw == w && w >= 2 {
                let (v, kt) = (cx.canon[r as usize], cx.tm.bv_u64(w, k));
                cands.push(cx.tm.sle(v, kt));
                cands.push(cx.tm.sge(v, kt));
            }
        }
    }
    // Linear equalities between registers of one width that hold on every forest state at
    // the header (their affine hull, [`crate::affine`]), e.g. `s == 2*i`.
    cands.extend(affine_candidates(cx, &regs, &fstates));
    // Drop candidates falsified by the forest, constants and duplicates.
    let mut seen = HashSet::new();
    cands.retain(|&c| cx.tm.bool_value(c).is_none() && seen.insert(c));
    cands.retain(|&c| fstates.iter().all(|&s| cx.holds(c, &cx.states[s].vals.clone())));
    if cands.is_empty() {
        return false;
    }
    // Initiation: edges into the header from abstractly reachable regions outside the loop.
    let reach = cx.abstract_reachable();
    let outside: Vec<u32> = preds[header as usize].iter().copied().filter(|p| !inloop.contains(p)).collect();
    let mut changed = true;
    'fix: while changed && !cands.is_empty() {
        changed = false;
        let conj = conj_of(cx, &cands);
        for &p in &outside {
            let rel = cx.rel(p as usize);
            for r in cx.at[p as usize].clone() {
                if !reach.contains(&r) {
                    continue;
                }
                for e in rel.iter() {
                    if cx.loc_of_target(&e.target) != header as usize {
                        continue;
                    }
                    let rp = cx.regions[r].pred;
                    if drop_violated(cx, &[rp, e.guard], &e.post, &mut cands, conj) {
                        changed = true;
                        if cands.is_empty() {
                            return false;
                        }
                        continue 'fix;
                    }
                }
            }
        }
        // Consecution over every path around the loop.
        for (g, post) in &paths {
            if drop_violated(cx, &[conj, *g], post, &mut cands, conj) {
                changed = true;
                continue 'fix;
            }
        }
    }
    if cands.is_empty() {
        return false;
    }
    let inv = conj_of(cx, &cands);
    let mut any = false;
    for r in cx.at[header as usize].clone() {
        if cx.split(r, inv).is_some() {
            any = true;
        }
    }
    any
}

/// The affine equalities of the forest states `fstates` over `regs`, per register width, as
/// bit-vector terms (coefficients and constants reduced modulo `2^w`).
fn affine_candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let mut out = Vec::new();
    let mut widths: Vec<u32> = regs.iter().map(|&r| cx.flat.width(r)).filter(|&w| w >= 2).collect();
    widths.sort_unstable();
    widths.dedup();
    for w in widths {
        let group: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.width(r) == w).take(MAX_RELATIONAL_REGS).collect();
        if group.len() < 2 {
            continue;
        }
        let mut points: Vec<Vec<i64>> = Vec::new();
        for &s in fstates {
            let p: Vec<i64> = group.iter().map(|&r| sext(cx.states[s].vals[r as usize], w)).collect();
            if !points.contains(&p) {
                points.push(p);
                if points.len() > crate::affine::MAX_POINTS {
                    break;
                }
            }
        }
        let Some(eqs) = crate::affine::equalities(&points) else { continue };
        let m = crate::flatten::mask(w) as u128;
        for (c, d) in eqs {
            let nz: Vec<usize> = (0..c.len()).filter(|&j| c[j] != 0).collect();
            if nz.len() < 2 || nz.len() > MAX_AFFINE_TERMS {
                continue; // constants are candidates already
            }
            let mut sum = cx.tm.bv_u64(w, 0);
            for j in nz {
                let k = cx.tm.bv_u64(w, (c[j] as u128 & m) as u64);
                let v = cx.canon[group[j] as usize];
                let t = cx.tm.bvmul(k, v);
                sum = cx.tm.bvadd(sum, t);
            }
            let dt = cx.tm.bv_u64(w, (d as u128 & m) as u64);
            out.push(cx.tm.eq(sum, dt));
        }
    }
    out
}

fn conj_of(cx: &mut Ctx, cands: &[TermId]) -> TermId {
    let mut c = cx.tm.tt();
    for &x in cands {
        c = cx.tm.and(c, x);
    }
    c
}

/// Asks for a step (from `pre` conjuncts, to `post`) that violates the conjunction `conj` of
/// `cands`; drops the candidates the model violates. True if something was dropped. A solver
/// `unknown` drops everything (nothing is claimed without proof).
fn drop_violated(cx: &mut Ctx, pre: &[TermId], post: &[TermId], cands: &mut Vec<TermId>, conj: TermId) -> bool {
    let after = cx.at_post(conj, post);
    let bad = cx.tm.not(after);
    let mut q = pre.to_vec();
    q.push(bad);
    match cx.sat(&q) {
        Sat::No => false,
        Sat::Unknown => {
            cands.clear();
            true
        }
        Sat::Yes => {
            let before = cands.len();
            let mut keep = Vec::new();
            for &c in cands.iter() {
                let cp = cx.at_post(c, post);
                let ok = matches!(cx.solver.value(&cx.tm, cp), Ok(vigil_bv::Value::Bool(true)));
                if ok {
                    keep.push(c);
                }
            }
            if keep.len() == before {
                // The model violates the conjunction, so some candidate must be false in it;
                // if evaluation disagrees, give up on all of them.
                keep.clear();
            }
            *cands = keep;
            true
        }
    }
}
