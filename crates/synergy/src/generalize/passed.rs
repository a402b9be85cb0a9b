//! Candidate loop invariants for the cells of a large array ([`crate::flatten::arrays`]) that
//! static accesses name: *once a counter has passed the cell, the cell holds its final value*.
//!
//! A loop that writes `a[i]` for `i = 0, 1, …` (or downwards) sets a pinned cell `a[k]` at the
//! iteration `i == k` and never again; the proof of a check after the loop (`a[250] == 751`,
//! `dst[77] == src[77]`) needs, at the loop head, the disjunction `i ≤ k ∨ a[k] == v` (or
//! `i ≥ k ∨ …` for a loop counting down). Neither the per-register guesses nor the relational
//! ones of [`super::candidates`] state a disjunction, and SYNERGY's own refinement would split
//! the head once per iteration.
//!
//! For each pinned cell `c` of element index `k` among the header's registers and each other
//! integer register `r` there (a possible counter), with the guards `r ≤s k`, `r <s k`,
//! `r ≥s k` and `r >s k`: `guard ∨ c == d` when every forest state at the header outside the
//! guard shows `c == d` for one constant `d`, and `guard ∨ c == x` for a register `x` of the
//! header of `c`'s width when every such state shows `c == x`. At least one forest state must
//! lie outside the guard (the tests must have seen the cell passed).
//!
//! Invariant: guesses only; the Houdini check of [`super`] keeps a candidate only when it is
//! inductive.

use std::collections::HashSet;

use vigil_bv::TermId;

use crate::engine::Ctx;

/// Most candidates proposed at one header (pinned cells × counters × guards × values).
pub const MAX_PASSED_CANDIDATES: usize = 256;

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let pinned: Vec<(u64, u32)> = cx.flat.arrays.iter().flat_map(|a| a.pinned.iter().copied()).filter(|(_, r)| regs.contains(r)).collect();
    if pinned.is_empty() || fstates.is_empty() {
        return Vec::new();
    }
    let pinned_regs: HashSet<u32> = pinned.iter().map(|&(_, r)| r).collect();
    let counters: Vec<u32> = regs.iter().copied().filter(|r| !pinned_regs.contains(r) && !cx.flat.regs[*r as usize].ptr && cx.flat.width(*r) >= 8).collect();
    let mut out = Vec::new();
    for &(k, c) in &pinned {
        let cw = cx.flat.width(c);
        for &r in &counters {
            let w = cx.flat.width(r);
            if w < 64 && k >= 1u64 << (w - 1) {
                continue;
            }
            let kc = cx.tm.bv_u64(w, k);
            let rv = cx.canon[r as usize];
            let guards = [cx.tm.sle(rv, kc), cx.tm.slt(rv, kc), cx.tm.sge(rv, kc), cx.tm.sgt(rv, kc)];
            for g in guards {
                // The states that have passed the cell: outside the guard.
                let passed: Vec<usize> = fstates.iter().copied().filter(|&s| !cx.holds(g, &cx.states[s].vals.clone())).collect();
                let Some(&first) = passed.first() else { continue };
                let val = |s: usize, x: u32| cx.states[s].vals[x as usize];
                let d = val(first, c);
                let mut facts = Vec::new();
                if passed.iter().all(|&s| val(s, c) == d) {
                    facts.push(cx.tm.bv_u64(cw, d));
                }
                for &x in regs {
                    if x != c && cx.flat.width(x) == cw && !cx.flat.regs[x as usize].ptr && passed.iter().all(|&s| val(s, c) == val(s, x)) {
                        facts.push(cx.canon[x as usize]);
                    }
                }
                for f in facts {
                    let eq = cx.tm.eq(cx.canon[c as usize], f);
                    out.push(cx.tm.or(g, eq));
                    if out.len() >= MAX_PASSED_CANDIDATES {
                        return out;
                    }
                }
            }
        }
    }
    out
}
