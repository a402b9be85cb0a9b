//! Candidate quantified invariants over a large array ([`crate::flatten::arrays`]), stated on
//! its ghost cell: `k` is any offset, fixed from the start, and `g` the array's value there,
//! so a fact about `(k, g)` that holds in every reachable state holds for every cell —
//! `∀k. lo ≤ k < hi ⇒ P(a[k], k)`, the array property fragment, with the ∀ left implicit.
//!
//! The candidates at a header: `k` not a cell below a bound, or `g` a function of the cell's
//! index `k / len`: `(k & (len−1)) ≠ 0 ∨ k ≥u B ∨ g == f(k / len)`, where the bound `B` is
//! `r·len` for an integer register `r` of the header (a loop counter: the cells the loop has
//! filled) or the whole array, and `f` is affine, `α·idx + β`, or periodic with period 2,
//! `α·(idx & 1) + β` (modulo the cell's width), with `α` and `β` read off the tests' shadow
//! cells 0 and 1 and kept only when every shadow cell below the bound in every forest state
//! at the header agrees — or every one but cells named at constant indices (pinned cells,
//! which a constant-index store may have changed): then those offsets are exceptions,
//! `… ∨ k == K·len ∨ …`, and the pinned cells' own registers say what they hold.
//!
//! How a proven one is used ([`crate::engine::Ctx::ghost_instances`]): at a step from the
//! header, a read of the array at offset `o` whose value `v` the step knows nothing of
//! satisfies the fact with `k := o, g := v` (the instantiation of the ∀ at the read index);
//! the Houdini check of [`super`] instantiates the candidates assumed at a segment's start
//! the same way. Invariant: guesses only; nothing is claimed before Houdini keeps it.

use vigil_bv::TermId;

use crate::engine::Ctx;

/// Shadow cells sampled per forest state when fitting and checking `f`.
pub const MAX_SAMPLED_CELLS: usize = 256;

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let mut out = Vec::new();
    for a in cx.flat.arrays.clone() {
        let (Some(gh), Some(first)) = (a.ghost, a.shadow) else { continue };
        if fstates.is_empty() {
            continue;
        }
        let gw = cx.flat.width(gh.g);
        let gmask = if gw >= 64 { u64::MAX } else { (1u64 << gw) - 1 };
        let counters: Vec<u32> = regs
            .iter()
            .copied()
            .filter(|&r| cx.flat.width(r) >= 8 && !cx.flat.regs[r as usize].ptr && !cx.flat.is_shadow(r) && r != gh.k && r != gh.g)
            .collect();
        // Bounds: per counter, the number of cells below it in a state; or the whole array.
        let mut bounds: Vec<Option<u32>> = counters.iter().copied().map(Some).collect();
        bounds.push(None);
        let k = cx.canon[gh.k as usize];
        let g = cx.canon[gh.g as usize];
        let shift = a.len.trailing_zeros();
        for bound in bounds {
            let below = |cx: &Ctx, s: usize| -> u64 {
                match bound {
                    Some(r) => cx.states[s].vals[r as usize].min(u64::from(a.cells)),
                    None => u64::from(a.cells),
                }
            };
            // The cells below the bound, sampled: (index, value); a pinned cell's value is its
            // register's (a constant-index store writes that one, not the shadow cell).
            let mut cells: Vec<(u64, u64)> = Vec::new();
            for &s in fstates {
                let n = below(cx, s).min(MAX_SAMPLED_CELLS as u64);
                let vals = &cx.states[s].vals;
                let value = |i: u64| match a.pinned.iter().find(|p| p.0 == i) {
                    Some(&(_, r)) => vals[r as usize],
                    None => vals[(first + i as u32) as usize],
                };
                cells.extend((0..n).map(|i| (i, value(i))));
            }
            let v0 = cells.iter().find(|c| c.0 == 0).map(|c| c.1);
            let v1 = cells.iter().find(|c| c.0 == 1).map(|c| c.1);
            let (Some(v0), Some(v1)) = (v0, v1) else { continue };
            let alpha = v1.wrapping_sub(v0) & gmask;
            let affine = |i: u64| alpha.wrapping_mul(i).wrapping_add(v0) & gmask;
            let periodic = |i: u64| alpha.wrapping_mul(i & 1).wrapping_add(v0) & gmask;
            // Per shape, whether every sampled cell fits, or every one but pinned cells (which
            // static accesses may have changed: they become exceptions of the candidate).
            let pinned: Vec<u64> = a.pinned.iter().map(|p| p.0).collect();
            let fit = |f: &dyn Fn(u64) -> u64| -> Option<bool> {
                if cells.iter().all(|&(i, v)| v == f(i)) {
                    Some(false)
                } else if cells.iter().all(|&(i, v)| v == f(i) || pinned.contains(&i)) {
                    Some(true)
                } else {
                    None
                }
            };
            let fits = [fit(&affine), fit(&periodic)];
            // The guard: k is not a cell below the bound.
            let lenm = cx.tm.bv_u64(64, a.len - 1);
            let low = cx.tm.bvand(k, lenm);
            let zero64 = cx.tm.bv_u64(64, 0);
            let aligned = cx.tm.eq(low, zero64);
            let unaligned = cx.tm.not(aligned);
            let b = match bound {
                Some(r) => {
                    let rv = cx.canon[r as usize];
                    let w = cx.flat.width(r);
                    let wide = if w < 64 { cx.tm.zero_extend(rv, 64 - w) } else { rv };
                    let l = cx.tm.bv_u64(64, a.len);
                    cx.tm.bvmul(wide, l)
                }
                None => cx.tm.bv_u64(64, u64::from(a.cells) * a.len),
            };
            let past = cx.tm.uge(k, b);
            let mut guard = cx.tm.or(unaligned, past);
            let plain_guard = guard;
            for &i in &pinned {
                let at = cx.tm.bv_u64(64, i * a.len);
                let here = cx.tm.eq(k, at);
                guard = cx.tm.or(guard, here);
            }
            let excepted_guard = guard;
            let sh = cx.tm.bv_u64(64, u64::from(shift));
            let idx64 = cx.tm.bvlshr(k, sh);
            let idx = if gw < 64 { cx.tm.extract(idx64, gw - 1, 0) } else { idx64 };
            let al = cx.tm.bv_u64(gw, alpha);
            let be = cx.tm.bv_u64(gw, v0);
            for (n, fit) in fits.into_iter().enumerate() {
                let Some(excepted) = fit else { continue };
                let guard = if excepted { excepted_guard } else { plain_guard };
                let x = if n == 0 {
                    idx
                } else {
                    let one = cx.tm.bv_u64(gw, 1);
                    cx.tm.bvand(idx, one)
                };
                let ax = cx.tm.bvmul(al, x);
                let f = cx.tm.bvadd(ax, be);
                let eq = cx.tm.eq(g, f);
                out.push(cx.tm.or(guard, eq));
            }
        }
    }
    out.retain(|&c| fstates.iter().all(|&s| cx.holds(c, &cx.states[s].vals.clone())));
    out
}
