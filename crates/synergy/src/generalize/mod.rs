//! RefineWithGeneralization (Gulavani et al., FSE 2006, §5 and line 35 of Figure 2): a
//! widening-style step that proposes candidate loop invariants when one loop location keeps
//! being split, and keeps the inductive ones (a Houdini-style fixpoint: Flanagan and Leino,
//! "Houdini, an annotation assistant for ESC/Java", FME 2001).
//!
//! Without it SYNERGY diverges on loops whose proof needs an invariant (Figure 9: splitting with
//! `y<0`, `y+x<0`, `y+2x<0`, …). When a location inside a natural loop has been split
//! [`THRESHOLD`] times (and again each time that count doubles), candidate invariants of the
//! loop header and of every loop around it are guessed from the tests' values and the loop's
//! constants ([`candidates`]). Candidates violated by a forest state at the header are dropped
//! at once; then, with the solver, those not established by every edge entering the header from
//! an abstractly reachable region outside the loop (initiation), and those not preserved by
//! every path around the loop body (consecution; [`paths`]: an inner loop on the way is
//! havocked under its own proven invariant), until a fixpoint. The conjunction `C` that
//! survives holds in every reachable state at the header (induction over executions).
//!
//! `C` is then used as a fact, not as a split: the header's regions are restricted to it
//! ([`Ctx::restrict`]: the `¬C` parts are retired, so no abstract edge enters them), and it is
//! remembered for havocking this loop inside an outer one. Splitting by `C` instead would leave
//! the `¬C` halves for SYNERGY's own refinement to disconnect, one precondition at a time, and
//! those preconditions carry the region history along (`x+2 ≥ K ∧ x+4 < K …`): on a counting
//! loop they grow with every iteration and never end.
//!
//! Invariants: the loop must be single-entry in the flat CFG (checked; otherwise nothing is
//! done); a cycle through no loop header gives no body paths (nothing is done). A solver
//! `unknown` drops every candidate. The proven invariants only grow (a conjunction per header).
//! A proof that rests on a restriction is still a partition without abstract error trace, and
//! the union of a head's alive reachable regions stays inductive (the witness's invariant):
//! a step from a state there satisfies `C` again by consecution, or the invariants of the inner
//! heads it enters by their initiation.

pub mod candidates;
pub mod paths;

use std::collections::{HashMap, HashSet};

use vigil_bv::TermId;
use vigil_ir::cfg::{Graph, LoopForest};

use crate::engine::{Ctx, Sat};

pub use paths::MAX_BODY_PATHS;

/// Forest states at a loop header used to filter candidates (a sample when there are more).
pub const MAX_FILTER_STATES: usize = 1000;

/// Splits at one loop location before the first generalisation attempt.
pub const THRESHOLD: u32 = 2;

pub struct Generalizer {
    loops: Option<LoopForest>,
    preds: Vec<Vec<u32>>,
    /// Per loop: split count at the last attempt.
    attempted: HashMap<u32, u32>,
    /// Per loop header: the conjunction of the invariants proven there.
    pub invariants: HashMap<u32, TermId>,
}

impl Generalizer {
    pub fn new(flat: &crate::flatten::Flat) -> Generalizer {
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
        Generalizer { loops, preds, attempted: HashMap::new(), invariants: HashMap::new() }
    }

    /// Called after a split at location `loc`: tries the innermost loop around it, then the
    /// enclosing ones (an inner loop's new invariant can make an outer one provable).
    pub fn after_split(&mut self, cx: &mut Ctx, loc: usize) {
        let Some(lf) = self.loops.take() else { return };
        let count = cx.splits_at[loc];
        let mut cur = lf.innermost_loop(loc as u32);
        while let Some(l) = cur {
            if count < THRESHOLD {
                break;
            }
            let last = self.attempted.get(&l).copied().unwrap_or(0);
            if last == 0 || count >= 2 * last {
                self.attempted.insert(l, count);
                if self.try_loop(cx, &lf, l) {
                    cx.stats.generalizations += 1;
                }
            }
            cur = lf.get(l).parent;
        }
        self.loops = Some(lf);
    }

    /// Attempts generalisation for loop `l`; true if its header's regions were restricted.
    fn try_loop(&mut self, cx: &mut Ctx, lf: &LoopForest, l: u32) -> bool {
        let header = lf.get(l).header;
        let body: Vec<u32> = lf.body(l).to_vec();
        let inloop: HashSet<u32> = body.iter().copied().collect();
        // Single entry: only the header has predecessors outside the loop.
        for &b in &body {
            if b != header && self.preds[b as usize].iter().any(|p| !inloop.contains(p)) {
                return false;
            }
        }
        let Some(paths) = paths::body_paths(cx, lf, l, &self.invariants) else { return false };
        let regs = paths::header_regs(cx.flat, header, &body);
        // Forest states at the header; a long test leaves very many, and a sample spread over
        // them (the first and last included) filters candidates as well at a fraction of the
        // cost — filtering only saves solver work, the solver decides what is kept.
        let mut fstates: Vec<usize> = (0..cx.states.len()).filter(|&s| cx.states[s].loc == header as usize).collect();
        if fstates.len() > MAX_FILTER_STATES {
            let n = fstates.len();
            let mut sample: Vec<usize> = (0..MAX_FILTER_STATES).map(|i| fstates[i * (n - 1) / (MAX_FILTER_STATES - 1)]).collect();
            sample.dedup();
            fstates = sample;
        }
        let mut cands = candidates::candidates(cx, &regs, &fstates, &body, &paths);
        // Known already: not a candidate again.
        if let Some(&known) = self.invariants.get(&header) {
            let mut have = Vec::new();
            crate::symbolic::conjuncts(&cx.tm, known, &mut have);
            cands.retain(|c| !have.contains(c));
        }
        if !houdini(cx, &self.preds, header, &inloop, &paths, &mut cands) {
            return false;
        }
        let inv = conj_of(cx, &cands);
        let all = match self.invariants.get(&header) {
            Some(&k) => cx.tm.and(k, inv),
            None => inv,
        };
        self.invariants.insert(header, all);
        cx.restrict(header as usize, inv)
    }
}

/// The Houdini fixpoint over `cands` (module doc): drops candidates until the conjunction is
/// established on entry and preserved by every body path. False if none is left.
fn houdini(cx: &mut Ctx, preds: &[Vec<u32>], header: u32, inloop: &HashSet<u32>, paths: &[(TermId, Vec<TermId>)], cands: &mut Vec<TermId>) -> bool {
    if cands.is_empty() {
        return false;
    }
    // Initiation: edges into the header from abstractly reachable regions outside the loop.
    let reach = cx.abstract_reachable();
    let outside: Vec<u32> = preds[header as usize].iter().copied().filter(|p| !inloop.contains(p)).collect();
    let mut changed = true;
    'fix: while changed && !cands.is_empty() {
        changed = false;
        let conj = conj_of(cx, cands);
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
                    if drop_violated(cx, &[rp, e.guard], &e.post, cands, conj) {
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
        for (g, post) in paths {
            if drop_violated(cx, &[conj, *g], post, cands, conj) {
                changed = true;
                continue 'fix;
            }
        }
    }
    !cands.is_empty()
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
