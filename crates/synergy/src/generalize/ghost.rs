//! Candidate quantified invariants over a large array ([`crate::flatten::arrays`]), stated on
//! its ghost cell: `k` is any offset, fixed from the start, and `g` the array's value there,
//! so a fact about `(k, g)` that holds in every reachable state holds for every cell —
//! `∀k. lo ≤ k < hi ⇒ P(a[k], k)`, the array property fragment, with the ∀ left implicit.
//!
//! The candidates at a header: `k` not a cell of a range, or a fact `P` about `g`:
//! `(k & (len−1)) ≠ 0 ∨ k ∉ range ∨ P`. The range ([`Range`]) is the cells below `r·len` for
//! an integer register `r` of the header (a loop counter filling upwards: the cells it has
//! filled), the cells from `(r+1)·len` on (a loop filling downwards), or the whole array.
//! The facts, each kept only when every sampled shadow cell of the range in every forest
//! state at the header agrees:
//! * `g == f(k / len)` with `f` affine, `α·idx + β`, or periodic with period 2,
//!   `α·(idx & 1) + β` (modulo the cell's width), `α` and `β` read off two neighbouring cells;
//! * `g ≤s r`, `g ≥s r`, `g == r` for a register `r` of the header of `g`'s width (a running
//!   maximum, minimum, a value stored everywhere);
//! * `g ≥s 0`, `g <s 0` (cells kept or copied for their sign);
//! * `k' ≠ m(k) ∨ g == g' + d` for the ghost cell `(k', g')` of a second large array with
//!   cells of the same width, at the same offset (`m(k) = k`: a copy, `b[i] = a[i] + d`) or
//!   at the mirrored one (`m(k) = c·len − k` with `c = cells − 1` of either array: a copy
//!   reversed, `b[i] = a[N−1−i]`), `d` read off the first sampled cell. Both ghost offsets are
//!   arbitrary, so the fact holds for every pair of cells they can name. Each such fact is also
//!   proposed as `r == 0 ∨ …` for each register `r` of the header (a flag cleared at the first
//!   difference: `if (a[i] != b[i]) same = 0;`).
//! * `k' ≠ k ∨ k'' ≠ k ∨ g == g' + g''` for the ghost cells of two other large arrays with
//!   cells of the same size and width: a cell the sum of the two others' at its index, or
//!   one of them their difference (`c[i] = a[i] - b[i];` is `a[k] == b[k] + c[k]`, the
//!   candidate of `a`'s ghost cell).
//! * `k' ≠ k ∨ (g' ≠ 0 ⇔ t(g))` and `k' ≠ k ∨ (g' ≠ 0 ⇔ ¬t(g))` for the ghost cell `(k', g')`
//!   of a second large array with cells of the same size (any width), `t` one of `≥s 0`,
//!   `>s 0`, `== 0` ([`FlagOf`]): a flag array recording a test of the other array's cell at
//!   the same index (`b[i] = (a[i] >= 0);`); only when the sampled cells of the second array
//!   are all 0 or 1 and not all 0.
//!
//! A fit that fails only at cells named at constant indices (pinned cells, which a
//! constant-index store may have changed) makes those offsets exceptions,
//! `… ∨ k == K·len ∨ …`, and the pinned cells' own registers say what they hold.
//!
//! How a proven one is used ([`crate::engine::Ctx::ghost_instances`]): at a step from the
//! header, a read of the array at offset `o` whose value `v` the step knows nothing of
//! satisfies the fact with `k := o, g := v` (the instantiation of the ∀ at the read index),
//! and a fact over two arrays' ghost cells is instantiated at each pair of reads of the two;
//! the Houdini check of [`super`] instantiates the candidates assumed at a segment's start
//! the same way. Invariant: guesses only; nothing is claimed before Houdini keeps it.

use vigil_bv::TermId;

use crate::engine::{Ctx, FState};
use crate::flatten::arrays::{LargeArray, Shadow};
use crate::flatten::{mask, sext};

/// Shadow cells sampled per forest state when fitting and checking `f`.
pub const MAX_SAMPLED_CELLS: usize = 256;

/// The cells a candidate speaks of (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Range {
    /// Indices below the register's value (unsigned).
    Below(u32),
    /// Indices above the register's value (signed: −1 leaves the whole array).
    Above(u32),
    Whole,
}

/// A sampled cell: forest state, element index, value.
#[derive(Clone, Copy, Debug)]
struct Cell {
    state: usize,
    idx: u64,
    val: u64,
}

/// The value of element `i` of `a` (array number `ai`) in forest state `st`: a pinned cell's
/// register (a constant-index store writes that one, not the shadow cell), else the shadow cell.
/// None when the state does not keep the array's cells ([`crate::sparse`]).
fn cell_value(a: &LargeArray, ai: usize, st: &FState, i: u64) -> Option<u64> {
    match a.shadow {
        Shadow::Sparse if !st.mem.keeps(ai as u32) => return None,
        _ => {}
    }
    Some(match a.pinned.iter().find(|p| p.0 == i) {
        Some(&(_, r)) => st.vals[r as usize],
        None => match a.shadow {
            Shadow::Regs(first) => st.vals[(first + i as u32) as usize],
            Shadow::Sparse => st.mem.get(ai as u32, i),
        },
    })
}

/// The index range `lo..hi` of `range` in state `vals`.
fn index_range(cx: &Ctx, a: &LargeArray, range: Range, vals: &[u64]) -> (u64, u64) {
    let n = u64::from(a.cells);
    match range {
        Range::Below(r) => (0, vals[r as usize].min(n)),
        Range::Above(r) => {
            let after = sext(vals[r as usize], cx.flat.width(r)).saturating_add(1);
            (after.clamp(0, n as i64) as u64, n)
        }
        Range::Whole => (0, n),
    }
}

/// The candidates at a header: `regs` are the registers there, `fstates` the forest states.
pub fn candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize]) -> Vec<TermId> {
    let mut out = Vec::new();
    if fstates.is_empty() {
        return out;
    }
    let arrays = cx.flat.arrays.clone();
    for (ai, a) in arrays.iter().enumerate() {
        let gh = a.ghost;
        let gw = cx.flat.width(gh.g);
        let gmask = mask(gw);
        let counters: Vec<u32> = regs
            .iter()
            .copied()
            .filter(|&r| cx.flat.width(r) >= 8 && !cx.flat.regs[r as usize].ptr && !cx.flat.is_shadow(r) && r != gh.k && r != gh.g)
            .collect();
        let mut ranges: Vec<Range> = counters.iter().flat_map(|&r| [Range::Below(r), Range::Above(r)]).collect();
        ranges.push(Range::Whole);
        let k = cx.canon[gh.k as usize];
        let g = cx.canon[gh.g as usize];
        let pinned: Vec<u64> = a.pinned.iter().map(|p| p.0).collect();
        for range in ranges {
            // The cells of the range, sampled.
            let mut cells: Vec<Cell> = Vec::new();
            for &s in fstates {
                let st = &cx.states[s];
                if cell_value(a, ai, st, 0).is_none() {
                    continue; // (a state before the tests kept the array)
                }
                let (lo, hi) = index_range(cx, a, range, &st.vals);
                let hi = hi.min(lo + MAX_SAMPLED_CELLS as u64);
                cells.extend((lo..hi).filter_map(|i| Some(Cell { state: s, idx: i, val: cell_value(a, ai, st, i)? })));
            }
            let Some(&c0) = cells.first() else { continue };
            // Whether every sampled cell fits, or every one but pinned cells (which static
            // accesses may have changed: they become exceptions of the candidate).
            let fit = |ok: &dyn Fn(&Cell) -> bool| fit_all(cells.iter().map(|c| (ok(c), c.idx)), &pinned);
            let (plain_guard, excepted_guard) = guards(cx, a, range, k);
            let mut facts: Vec<(Option<bool>, TermId)> = Vec::new();
            // g a function of the index, from two neighbouring cells of one state (a constant
            // when no state shows two).
            let pair = cells.windows(2).find(|p| p[0].state == p[1].state && p[1].idx == p[0].idx + 1);
            let (c0, c1) = pair.map_or((c0, Cell { idx: c0.idx + 1, ..c0 }), |p| (p[0], p[1]));
            {
                let alpha = c1.val.wrapping_sub(c0.val) & gmask;
                let beta = c0.val.wrapping_sub(alpha.wrapping_mul(c0.idx)) & gmask;
                let affine = |c: &Cell| c.val == alpha.wrapping_mul(c.idx).wrapping_add(beta) & gmask;
                let beta_p = c0.val.wrapping_sub(alpha.wrapping_mul(c0.idx & 1)) & gmask;
                let periodic = |c: &Cell| c.val == alpha.wrapping_mul(c.idx & 1).wrapping_add(beta_p) & gmask;
                let shift = a.len.trailing_zeros();
                let sh = cx.tm.bv_u64(64, u64::from(shift));
                let idx64 = cx.tm.bvlshr(k, sh);
                let idx = if gw < 64 { cx.tm.extract(idx64, gw - 1, 0) } else { idx64 };
                let al = cx.tm.bv_u64(gw, alpha);
                for (periodic_shape, fits) in [(false, fit(&affine)), (true, fit(&periodic))] {
                    if fits.is_none() {
                        continue;
                    }
                    let (x, b) = if periodic_shape {
                        let one = cx.tm.bv_u64(gw, 1);
                        (cx.tm.bvand(idx, one), beta_p)
                    } else {
                        (idx, beta)
                    };
                    let ax = cx.tm.bvmul(al, x);
                    let be = cx.tm.bv_u64(gw, b);
                    let f = cx.tm.bvadd(ax, be);
                    facts.push((fits, cx.tm.eq(g, f)));
                }
            }
            // g against a register of the header.
            for &r in counters.iter().filter(|&&r| cx.flat.width(r) == gw) {
                let rv = cx.canon[r as usize];
                let reg = |c: &Cell| cx.states[c.state].vals[r as usize];
                let le = fit(&|c: &Cell| sext(c.val, gw) <= sext(reg(c), gw));
                let ge = fit(&|c: &Cell| sext(c.val, gw) >= sext(reg(c), gw));
                let eq = fit(&|c: &Cell| c.val == reg(c));
                // All that fit: tests that only saw equal values (zeros) fit `==` too, and
                // the proof may need only `≤`.
                if eq.is_some() {
                    facts.push((eq, cx.tm.eq(g, rv)));
                }
                if le.is_some() {
                    facts.push((le, cx.tm.sle(g, rv)));
                }
                if ge.is_some() {
                    facts.push((ge, cx.tm.sge(g, rv)));
                }
            }
            // g's sign (the cells a loop kept or copied because they were non-negative).
            let zero = cx.tm.bv_u64(gw, 0);
            let nonneg = fit(&|c: &Cell| sext(c.val, gw) >= 0);
            if nonneg.is_some() {
                facts.push((nonneg, cx.tm.sge(g, zero)));
            }
            let neg = fit(&|c: &Cell| sext(c.val, gw) < 0);
            if neg.is_some() {
                facts.push((neg, cx.tm.slt(g, zero)));
            }
            // g against a second array's ghost cell at the same or the mirrored offset.
            for (bi, b) in arrays.iter().enumerate() {
                let gb = b.ghost;
                if bi == ai || b.len != a.len || cx.flat.width(gb.g) != gw {
                    continue;
                }
                let kb = cx.canon[gb.k as usize];
                let vb = cx.canon[gb.g as usize];
                let mut maps: Vec<Option<u64>> = vec![None];
                for c in [u64::from(a.cells) - 1, u64::from(b.cells) - 1] {
                    if !maps.contains(&Some(c)) {
                        maps.push(Some(c));
                    }
                }
                for m in maps {
                    // The partner index of element i, if it is one of b's.
                    let partner = |i: u64| -> Option<u64> {
                        let j = match m {
                            None => i,
                            Some(c) => c.checked_sub(i)?,
                        };
                        (j < u64::from(b.cells)).then_some(j)
                    };
                    let other = |c: &Cell| partner(c.idx).and_then(|j| cell_value(b, bi, &cx.states[c.state], j));
                    let Some(d) = cells.iter().find_map(|c| other(c).map(|v| c.val.wrapping_sub(v) & gmask)) else { continue };
                    let fits = fit(&|c: &Cell| other(c).is_some_and(|v| c.val == v.wrapping_add(d) & gmask));
                    if fits.is_none() {
                        continue;
                    }
                    let at = match m {
                        None => k,
                        Some(c) => {
                            let top = cx.tm.bv_u64(64, c * a.len);
                            cx.tm.bvsub(top, k)
                        }
                    };
                    let apart = cx.tm.eq(kb, at);
                    let apart = cx.tm.not(apart);
                    let dv = cx.tm.bv_u64(gw, d);
                    let shifted = cx.tm.bvadd(vb, dv);
                    let same = cx.tm.eq(g, shifted);
                    let pair = cx.tm.or(apart, same);
                    facts.push((fits, pair));
                    // The same while a register (a flag) is not 0: a comparison loop that
                    // clears a flag at the first difference.
                    for &r in &counters {
                        let rv = cx.canon[r as usize];
                        let z = cx.tm.bv_u64(cx.flat.width(r), 0);
                        let cleared = cx.tm.eq(rv, z);
                        facts.push((fits, cx.tm.or(cleared, pair)));
                    }
                }
            }
            // g the sum of two other arrays' cells at the same offset (a difference is the sum
            // seen from its minuend's array).
            for (bi, b) in arrays.iter().enumerate() {
                for (ci, c) in arrays.iter().enumerate() {
                    if bi == ai || ci == ai || ci <= bi || b.len != a.len || c.len != a.len || cx.flat.width(b.ghost.g) != gw || cx.flat.width(c.ghost.g) != gw {
                        continue;
                    }
                    let vals: Vec<Option<(u64, u64)>> = cells
                        .iter()
                        .map(|x| {
                            let st = &cx.states[x.state];
                            let in_both = x.idx < u64::from(b.cells) && x.idx < u64::from(c.cells);
                            in_both.then(|| Some((cell_value(b, bi, st, x.idx)?, cell_value(c, ci, st, x.idx)?))).flatten()
                        })
                        .collect();
                    let ok = cells.iter().zip(&vals).map(|(x, v)| (v.is_some_and(|(y, z)| x.val == y.wrapping_add(z) & gmask), x.idx));
                    let fits = fit_all(ok, &pinned);
                    if fits.is_some() {
                        let (kb, vb) = (cx.canon[b.ghost.k as usize], cx.canon[b.ghost.g as usize]);
                        let (kc, vc) = (cx.canon[c.ghost.k as usize], cx.canon[c.ghost.g as usize]);
                        let apart_b = cx.tm.eq(kb, k);
                        let apart_b = cx.tm.not(apart_b);
                        let apart_c = cx.tm.eq(kc, k);
                        let apart_c = cx.tm.not(apart_c);
                        let apart = cx.tm.or(apart_b, apart_c);
                        let sum = cx.tm.bvadd(vb, vc);
                        let same = cx.tm.eq(g, sum);
                        facts.push((fits, cx.tm.or(apart, same)));
                    }
                }
            }
            // A second array's cell at the same offset as a flag of g's sign or zeroness.
            for (bi, b) in arrays.iter().enumerate() {
                if bi == ai || b.len != a.len {
                    continue;
                }
                let others: Vec<Option<u64>> = cells.iter().map(|c| (c.idx < u64::from(b.cells)).then(|| cell_value(b, bi, &cx.states[c.state], c.idx)).flatten()).collect();
                // A flag array: its sampled cells are 0 or 1, not all 0 (tests that only saw
                // zeros would fit every flag shape).
                if !others.iter().flatten().all(|&v| v <= 1) || !others.iter().flatten().any(|&v| v == 1) {
                    continue;
                }
                let kb = cx.canon[b.ghost.k as usize];
                let vb = cx.canon[b.ghost.g as usize];
                let zb = cx.tm.bv_u64(cx.flat.width(b.ghost.g), 0);
                let set = cx.tm.eq(vb, zb);
                let set = cx.tm.not(set);
                let apart = cx.tm.eq(kb, k);
                let apart = cx.tm.not(apart);
                for test in FlagOf::ALL {
                    for polarity in [true, false] {
                        let ok = cells.iter().zip(&others).map(|(c, o)| (o.is_some_and(|v| (v != 0) == (test.holds(sext(c.val, gw)) == polarity)), c.idx));
                        let fits = fit_all(ok, &pinned);
                        if fits.is_none() {
                            continue;
                        }
                        let t = test.term(cx, g, gw);
                        let t = if polarity { t } else { cx.tm.not(t) };
                        let differ = cx.tm.xor(set, t);
                        let same = cx.tm.not(differ);
                        facts.push((fits, cx.tm.or(apart, same)));
                    }
                }
            }
            for (fits, fact) in facts {
                let Some(excepted) = fits else { continue };
                let guard = if excepted { excepted_guard } else { plain_guard };
                out.push(cx.tm.or(guard, fact));
            }
        }
    }
    // (Two shapes may give one term: a constant is affine and periodic.)
    let mut seen = std::collections::HashSet::new();
    out.retain(|&c| seen.insert(c) && fstates.iter().all(|&s| cx.holds(c, &cx.states[s].vals.clone())));
    out
}

/// Whether every sampled cell fits (`ok`, with the cell's index), `Some(false)`; or every one
/// but pinned cells, which static accesses may have changed (they become exceptions of the
/// candidate), `Some(true)`; else None.
fn fit_all(ok: impl Iterator<Item = (bool, u64)> + Clone, pinned: &[u64]) -> Option<bool> {
    if ok.clone().all(|(o, _)| o) {
        Some(false)
    } else if ok.into_iter().all(|(o, i)| o || pinned.contains(&i)) {
        Some(true)
    } else {
        None
    }
}

/// What a flag array's cell may record of a cell of another array at the same offset
/// (`b[i] = (a[i] >= 0);`, `if (a[i] == 0) b[i] = 1;`): a comparison with 0.
#[derive(Clone, Copy, Debug)]
enum FlagOf {
    NonNegative,
    Positive,
    Zero,
}

impl FlagOf {
    const ALL: [FlagOf; 3] = [FlagOf::NonNegative, FlagOf::Positive, FlagOf::Zero];

    fn holds(self, v: i64) -> bool {
        match self {
            FlagOf::NonNegative => v >= 0,
            FlagOf::Positive => v > 0,
            FlagOf::Zero => v == 0,
        }
    }

    fn term(self, cx: &mut Ctx, g: TermId, w: u32) -> TermId {
        let zero = cx.tm.bv_u64(w, 0);
        match self {
            FlagOf::NonNegative => cx.tm.sge(g, zero),
            FlagOf::Positive => cx.tm.sgt(g, zero),
            FlagOf::Zero => cx.tm.eq(g, zero),
        }
    }
}

/// The guards of a candidate over `range`: `k` is not a cell of the range; and the same or
/// `k` is a pinned cell's offset (the exceptions).
fn guards(cx: &mut Ctx, a: &LargeArray, range: Range, k: TermId) -> (TermId, TermId) {
    let lenm = cx.tm.bv_u64(64, a.len - 1);
    let low = cx.tm.bvand(k, lenm);
    let zero64 = cx.tm.bv_u64(64, 0);
    let aligned = cx.tm.eq(low, zero64);
    let unaligned = cx.tm.not(aligned);
    let l = cx.tm.bv_u64(64, a.len);
    let outside = match range {
        Range::Below(r) => {
            let rv = cx.canon[r as usize];
            let w = cx.flat.width(r);
            let wide = if w < 64 { cx.tm.zero_extend(rv, 64 - w) } else { rv };
            let b = cx.tm.bvmul(wide, l);
            cx.tm.uge(k, b)
        }
        Range::Above(r) => {
            let rv = cx.canon[r as usize];
            let w = cx.flat.width(r);
            let wide = if w < 64 { cx.tm.sign_extend(rv, 64 - w) } else { rv };
            let one = cx.tm.bv_u64(64, 1);
            let next = cx.tm.bvadd(wide, one);
            let b = cx.tm.bvmul(next, l);
            let below = cx.tm.ult(k, b);
            // (Past the array the ghost cell names no cell: its value is arbitrary.)
            let end = cx.tm.bv_u64(64, u64::from(a.cells) * a.len);
            let past = cx.tm.uge(k, end);
            cx.tm.or(below, past)
        }
        Range::Whole => {
            let b = cx.tm.bv_u64(64, u64::from(a.cells) * a.len);
            cx.tm.uge(k, b)
        }
    };
    let plain = cx.tm.or(unaligned, outside);
    let mut excepted = plain;
    for &(i, _) in &a.pinned {
        let at = cx.tm.bv_u64(64, i * a.len);
        let here = cx.tm.eq(k, at);
        excepted = cx.tm.or(excepted, here);
    }
    (plain, excepted)
}
