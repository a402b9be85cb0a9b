//! Refinement of an abstract error trace's unexplored suffix, when the suffix alone is
//! infeasible.
//!
//! SYNERGY refines at the frontier (Gulavani et al. 2006, Figure 2, line 30): the last region
//! the tests reach is split by the precondition of the next one. Where the tests cannot get
//! near the error — a loop that runs 2^27 times before its exit, or a value no test can choose
//! (an uninitialised local) — the regions past the frontier are never split, and the frontier
//! moves back one loop iteration per refinement. Yet the part of the trace the tests never
//! reached is often spurious on its own: after `while (x < K) x += 2;` restricted to
//! `x & 1 == 0` ([`crate::generalize`]), no state of the loop head's region steps into the
//! error of `assert(x % 2 == 0)`, whatever the rest of the trace does.
//!
//! So before the frontier split, [`refine`] walks the suffix `S_{k−1} … S_n` backwards as the
//! CEGAR baseline's counterexample analysis would (Ball and Rajamani's SLAM; Lee–Yannakakis'
//! stability check, Figure 5): `Q_n = S_n`, `Q_i = S_i ∧ Pre(Q_{i+1})`, the states of `S_i` from
//! which the rest of the trace can be followed. If some `Q_i` is empty, every `S_j` with
//! `i < j < n` is split by `W_j = Pre(Q_{j+1})`: the `W_j` halves keep exactly the states that
//! can follow the rest, the first of them has no edge from `S_i`, and each `¬W_j` half has
//! none into `Q_{j+1}`, so this trace is gone from the abstract program. Otherwise the
//! frontier split is made as in the paper.
//!
//! Invariant: only splits are made, so soundness is untouched (splits affect progress only,
//! [`crate::engine`]). An inexact `Pre` over-approximates, so an empty `Q_i` is still a proof
//! that the suffix is infeasible; a solver `unknown` counts as feasible (nothing is done).
//! The walk stops after [`MAX_SUFFIX`] steps or when `Q` grows past [`MAX_TERM_NODES`].

use std::collections::HashSet;

use vigil_bv::{TermId, TermManager};

use crate::engine::{Ctx, Sat};

/// Longest suffix walked.
pub const MAX_SUFFIX: usize = 32;

/// Largest `Q` (term nodes) the walk goes on with.
pub const MAX_TERM_NODES: usize = 4000;

/// Number of distinct nodes of a term.
pub fn term_size(tm: &TermManager, t: TermId) -> usize {
    let mut seen = HashSet::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        if seen.insert(x) {
            stack.extend(tm.args(x).iter().copied());
        }
    }
    seen.len()
}

/// Walks the suffix of `ordered` from the frontier `k` (`k ≥ 1`) back from its end; if it is
/// infeasible on its own, splits it (module doc) and returns true.
pub fn refine(cx: &mut Ctx, ordered: &[usize], k: usize) -> bool {
    let n = ordered.len();
    if k == 0 || n < 2 || n - k > MAX_SUFFIX {
        return false;
    }
    // ws[j] = W_j for j in (i, n): the splits to make, found walking back.
    let mut ws: Vec<(usize, TermId)> = Vec::new();
    let mut q = cx.regions[ordered[n - 1]].pred;
    for i in (k - 1..n - 1).rev() {
        let (r, next) = (ordered[i], ordered[i + 1]);
        let from = cx.regions[r].loc;
        let to = cx.regions[next].loc;
        if from >= cx.flat.blocks.len() {
            return false;
        }
        let (w, _exact) = cx.pre_of(from, to, q);
        let rp = cx.regions[r].pred;
        match cx.sat(&[rp, w]) {
            Sat::No => {
                let mut any = false;
                for &(s, wj) in ws.iter().rev() {
                    if cx.regions[s].alive && cx.split(s, wj).is_some() {
                        any = true;
                    }
                }
                return any;
            }
            Sat::Unknown => return false,
            Sat::Yes => {}
        }
        if i >= k {
            ws.push((r, w));
        }
        q = cx.tm.and(rp, w);
        if term_size(&cx.tm, q) > MAX_TERM_NODES {
            return false;
        }
    }
    false
}
