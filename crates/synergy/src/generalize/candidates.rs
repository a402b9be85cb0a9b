//! Candidate loop invariants at a loop header, from the tests' values and the loop's own
//! constants (the guessing half of RefineWithGeneralization, Gulavani et al. 2006 §5; the
//! checking half, Houdini, is in [`super`]).
//!
//! Over the registers whose values persist across iterations ([`super::paths::header_regs`]):
//! * per register `r`: `r == c` for the constant the forest shows, `r & (2^k−1) == c` for the
//!   low bits all its states agree on (`r & 1 == 0` for a counter stepping by 2), and for the
//!   fewer low bits that a constant step of the loop keeps (`x += 4*t` keeps 2),
//!   `r ≥s 0`, `r ≤s 0`, and the signed and unsigned range `[min, max]` of the tests' values;
//! * bounds from the loops' comparisons: for each constant `K` a comparison in the loop nest
//!   uses, `r ≤ K + δ` and `r ≥ K − δ` (signed and unsigned), where δ is 0, ±1, and the
//!   overshoot of a counter stepping by a constant `d` past its bound (`x < K` with `x += 2`
//!   ends at most at `K + 1`; an outer counter is at most `K − 1` inside its loop's body);
//! * bounds of a register the loop nest never writes but compares with another register (a
//!   bound `n` of `i < n`), from the constants it is compared with anywhere in the program,
//!   with δ = 0, ±1: an input checked before the loop (`if (n > 9) return;`) keeps that bound
//!   through the loop, and the loop's own comparisons do not name the constant;
//! * relational: `a ≤s b` between pairs of one width (also with a register the loop passes by),
//!   the affine equalities `Σ c·r == d` that every forest state at the header satisfies
//!   ([`crate::affine`]: the tests' affine hull, e.g. `s == 2*i`; arithmetic modulo the width),
//!   and `a − b == d` for each pair whose difference every forest state agrees on;
//! * phases: `r <u K ∨ r & (2^j−1) == K & (2^j−1)` (and `<s`) for a constant `K` of the loop's
//!   comparisons and the low bits `j` a constant step keeps (a counter stepping by 1 up to `K`
//!   and by 2 from there on is even past `K` when `K` is), and `r ≥s K ∨ e`, `r <s K ∨ e` for
//!   the affine equalities `e` of the forest states on each side of `K` (`y == 50` until `x`
//!   reaches 50, `y == x` from there on);
//! * conserved forms: `L ≤s x`, `L ≥s x`, `L ≤s 0`, `L ≥s 0` for each linear form `L` that every
//!   body path leaves unchanged (`k + j` under `j++, k--`) and each other register `x`.
//!
//! Invariant: these are guesses only; nothing here is claimed to hold. Candidates false on a
//! forest state at the header, constants and duplicates are dropped before the solver sees them.

use std::collections::HashSet;

use vigil_bv::{Op, TermId};

use crate::engine::Ctx;
use crate::flatten::{sext, FInst, Opnd};
use vigil_ir::BinOp;

/// Registers considered for relational candidates `a ≤s b`, and per width for affine ones.
pub const MAX_RELATIONAL_REGS: usize = 16;

/// Registers with a non-zero coefficient in one affine candidate (keeps candidates readable
/// and their terms small).
pub const MAX_AFFINE_TERMS: usize = 4;

/// Constants of the loop's comparisons used as bounds.
pub const MAX_LOOP_CONSTANTS: usize = 16;

/// Constant steps of a counter considered for the overshoot of a bound (larger steps are left
/// to the tests' ranges).
pub const MAX_STEP: i64 = 64;

/// The candidates at a header: `regs` are the persisting registers, `passed_by` registers live
/// there that the loop does not write (in the affine equalities only, after `regs`), `fstates`
/// the forest states there, `body` the loop's blocks, `paths` the body paths' (guard, post-state).
pub fn candidates(
    cx: &mut Ctx,
    regs: &[u32],
    passed_by: &[u32],
    fstates: &[usize],
    body: &[u32],
    paths: &[(TermId, Vec<TermId>)],
) -> Vec<TermId> {
    let mut cands: Vec<TermId> = Vec::new();
    let step_bits = step_low_bits(cx, body);
    for &r in regs {
        let w = cx.flat.width(r);
        let v = cx.canon[r as usize];
        let vals: Vec<u64> = fstates.iter().map(|&s| cx.states[s].vals[r as usize]).collect();
        let zero = cx.tm.bv_u64(w, 0);
        if let Some(&c0) = vals.first() {
            if vals.iter().all(|&x| x == c0) {
                let c = cx.tm.bv_u64(w, c0);
                cands.push(cx.tm.eq(v, c));
            }
            // Congruence: the low bits all states agree on, and fewer of them, as many as the
            // loop's steps keep (the tests may agree on more bits than the steps preserve).
            let k = vals.iter().map(|&x| (x ^ c0).trailing_zeros()).min().unwrap_or(64).min(w.saturating_sub(1));
            if k > 0 && vals.len() > 1 {
                for j in std::iter::once(k).chain(step_bits.iter().copied().filter(|&j| j > 0 && j < k)) {
                    let m = cx.tm.bv_u64(w, (1u64 << j) - 1);
                    let low = cx.tm.bvand(v, m);
                    let c = cx.tm.bv_u64(w, c0 & ((1u64 << j) - 1));
                    cands.push(cx.tm.eq(low, c));
                }
            }
        }
        if w >= 2 {
            cands.push(cx.tm.sge(v, zero));
            cands.push(cx.tm.sle(v, zero));
            if !vals.is_empty() {
                let lo = vals.iter().map(|&x| sext(x, w)).min().unwrap_or(0);
                let hi = vals.iter().map(|&x| sext(x, w)).max().unwrap_or(0);
                let (lc, hc) = (cx.tm.bv_u64(w, lo as u64), cx.tm.bv_u64(w, hi as u64));
                cands.push(cx.tm.sge(v, lc));
                cands.push(cx.tm.sle(v, hc));
                let ulo = vals.iter().copied().min().unwrap_or(0);
                let uhi = vals.iter().copied().max().unwrap_or(0);
                let (lc, hc) = (cx.tm.bv_u64(w, ulo), cx.tm.bv_u64(w, uhi));
                cands.push(cx.tm.uge(v, lc));
                cands.push(cx.tm.ule(v, hc));
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
    // The same between a persisting register and one the loop passes by (`buf ≤s lim` with
    // `lim` read only after the loop), or two passed-by registers (`len ≤s cap`, checked before
    // the loop and needed after it).
    let passed_wide: Vec<u32> = passed_by.iter().copied().filter(|&r| cx.flat.width(r) >= 2).take(MAX_RELATIONAL_REGS).collect();
    for &a in wide.iter().chain(&passed_wide) {
        for &b in &passed_wide {
            if a != b && cx.flat.width(a) == cx.flat.width(b) {
                let (va, vb) = (cx.canon[a as usize], cx.canon[b as usize]);
                cands.push(cx.tm.sle(va, vb));
                cands.push(cx.tm.sle(vb, va));
            }
        }
    }
    bound_candidates(cx, regs, body, paths, &mut cands);
    guard_bound_candidates(cx, regs, body, &mut cands);
    phase_parity_candidates(cx, regs, body, &mut cands);
    phase_affine_candidates(cx, regs, fstates, body, &mut cands);
    conserved_candidates(cx, regs, passed_by, paths, &mut cands);
    let affine_regs: Vec<u32> = regs.iter().chain(passed_by).copied().collect();
    cands.extend(affine_candidates(cx, &affine_regs, fstates));
    difference_candidates(cx, &affine_regs, fstates, &mut cands);
    let mut seen = HashSet::new();
    cands.retain(|&c| cx.tm.bool_value(c).is_none() && seen.insert(c));
    cands.retain(|&c| fstates.iter().all(|&s| cx.holds(c, &cx.states[s].vals.clone())));
    cands
}

/// The low bits that the loop's additive steps keep: for each constant operand `c` of an
/// addition, subtraction or multiplication in `body`, the number of trailing zeros of `c` (a
/// step `x += 4*t` keeps `x mod 4`), and for a constant left shift `s`, `s` itself.
fn step_low_bits(cx: &Ctx, body: &[u32]) -> Vec<u32> {
    let mut bits: Vec<u32> = Vec::new();
    for &b in body {
        for i in &cx.flat.blocks[b as usize].insts {
            let FInst::Bin { op, w, a, b, .. } = i else { continue };
            for (o, is_amount) in [(a, false), (b, true)] {
                let Opnd::Const { bits: c, .. } = *o else { continue };
                let c = c & crate::flatten::mask(*w);
                let k = match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul if c != 0 => c.trailing_zeros(),
                    BinOp::Shl if is_amount && c < u64::from(*w) => c as u32,
                    _ => continue,
                };
                if !bits.contains(&k) && bits.len() < MAX_LOOP_CONSTANTS {
                    bits.push(k);
                }
            }
        }
    }
    bits
}

/// `d` when `post` is `v + d` (or `v − d`) for the canonical variable `v`, a constant `d`.
fn constant_step(cx: &Ctx, v: TermId, post: TermId) -> Option<i64> {
    let w = cx.tm.width(v);
    let konst = |t: TermId| cx.tm.bv_value(t).filter(|_| w <= 64).map(|c| sext(c.low_u64(), w));
    match cx.tm.op(post) {
        Op::BvAdd if cx.tm.args(post).len() == 2 => {
            let (a, b) = (cx.tm.arg(post, 0), cx.tm.arg(post, 1));
            if a == v {
                konst(b)
            } else if b == v {
                konst(a)
            } else {
                None
            }
        }
        Op::BvSub if cx.tm.arg(post, 0) == v => konst(cx.tm.arg(post, 1)).and_then(i64::checked_neg),
        _ => None,
    }
}

/// The constants (width, bits) the comparisons in `body` use, at most [`MAX_LOOP_CONSTANTS`].
fn loop_constants(cx: &Ctx, body: &[u32]) -> Vec<(u32, u64)> {
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
    consts
}

/// A congruence that holds only past a threshold the loop compares with: `r <u K ∨ r & m ==
/// K & m` (and `<s`), for each constant `K` of the loop's comparisons and each mask `m = 2^j − 1`
/// of the low bits a constant step keeps. A counter that steps by 1 below `K` and by 2 from
/// there on enters the second phase at `K` exactly and keeps `K`'s parity (module doc).
fn phase_parity_candidates(cx: &mut Ctx, regs: &[u32], body: &[u32], cands: &mut Vec<TermId>) {
    let consts = loop_constants(cx, body);
    let step_bits = step_low_bits(cx, body);
    for &r in regs {
        let w = cx.flat.width(r);
        if w < 2 || w > 64 {
            continue;
        }
        let v = cx.canon[r as usize];
        for &(cw, k) in &consts {
            if cw != w {
                continue;
            }
            for &j in step_bits.iter().filter(|&&j| j > 0 && j < w) {
                let m = (1u64 << j) - 1;
                let (mt, kt, low_k) = (cx.tm.bv_u64(w, m), cx.tm.bv_u64(w, k), cx.tm.bv_u64(w, k & m));
                let low = cx.tm.bvand(v, mt);
                let same = cx.tm.eq(low, low_k);
                for below in [cx.tm.ult(v, kt), cx.tm.slt(v, kt)] {
                    cands.push(cx.tm.or(below, same));
                }
            }
        }
    }
}

/// Linear forms the loop conserves, compared with the registers it passes by or keeps: the
/// forms `L = Σ c·r` over the registers every body path steps by a constant, with `L(post) ==
/// L(pre)` on every path (the null space of the step vectors: `k + j` for `j++, k--`), give
/// `L ≤s x`, `L ≥s x` for every other register `x` of the width, and `L ≥s 0`, `L ≤s 0`. The
/// value of `L` differs from test to test (`k + j == n` when `n ≥ 0`, `0` otherwise), so the
/// tests' affine hull does not contain it, but its bound against an input does (`k + j ≥s n`).
fn conserved_candidates(cx: &mut Ctx, regs: &[u32], passed_by: &[u32], paths: &[(TermId, Vec<TermId>)], cands: &mut Vec<TermId>) {
    if paths.is_empty() {
        return;
    }
    let mut widths: Vec<u32> = regs.iter().map(|&r| cx.flat.width(r)).filter(|&w| (2..=64).contains(&w)).collect();
    widths.sort_unstable();
    widths.dedup();
    for w in widths {
        // The registers of width `w` with a constant step on every path, not all zero.
        let mut stepped: Vec<(u32, Vec<i64>)> = Vec::new();
        for &r in regs.iter().filter(|&&r| cx.flat.width(r) == w) {
            let v = cx.canon[r as usize];
            let steps: Option<Vec<i64>> = paths.iter().map(|(_, post)| if post[r as usize] == v { Some(0) } else { constant_step(cx, v, post[r as usize]) }).collect();
            if let Some(steps) = steps.filter(|s| s.iter().any(|&d| d != 0)) {
                stepped.push((r, steps));
                if stepped.len() == MAX_RELATIONAL_REGS {
                    break;
                }
            }
        }
        if stepped.len() < 2 {
            continue;
        }
        // Points: the origin and each path's step vector; their equalities `c·d = 0` are the
        // conserved forms.
        let mut points: Vec<Vec<i64>> = vec![vec![0; stepped.len()]];
        for p in 0..paths.len() {
            points.push(stepped.iter().map(|(_, s)| s[p]).collect());
        }
        let Some(forms) = crate::affine::equalities(&points) else { continue };
        let others: Vec<u32> = regs.iter().chain(passed_by).copied().filter(|&r| cx.flat.width(r) == w).take(MAX_RELATIONAL_REGS).collect();
        for (c, _) in forms {
            let nz: Vec<usize> = (0..c.len()).filter(|&j| c[j] != 0).collect();
            if nz.len() < 2 || nz.len() > MAX_AFFINE_TERMS {
                continue;
            }
            let terms: Vec<(u32, i128)> = nz.iter().map(|&j| (stepped[j].0, c[j])).collect();
            let sum = linear_term(cx, w, &terms);
            let zero = cx.tm.bv_u64(w, 0);
            cands.push(cx.tm.sle(sum, zero));
            cands.push(cx.tm.sle(zero, sum));
            for &x in &others {
                if nz.iter().any(|&j| stepped[j].0 == x) {
                    continue;
                }
                let vx = cx.canon[x as usize];
                cands.push(cx.tm.sle(sum, vx));
                cands.push(cx.tm.sle(vx, sum));
            }
        }
    }
}

/// Bounds from the constants the loop compares with (module doc).
fn bound_candidates(cx: &mut Ctx, regs: &[u32], body: &[u32], paths: &[(TermId, Vec<TermId>)], cands: &mut Vec<TermId>) {
    let consts = loop_constants(cx, body);
    for &r in regs {
        let w = cx.flat.width(r);
        if w < 2 || w > 64 || !consts.iter().any(|&(cw, _)| cw == w) {
            continue;
        }
        let v = cx.canon[r as usize];
        let mut up: Vec<i64> = vec![-1, 0, 1];
        let mut down: Vec<i64> = vec![-1, 0, 1];
        for (_, post) in paths {
            match constant_step(cx, v, post[r as usize]) {
                Some(d) if d > 1 && d <= MAX_STEP => up.extend([d - 1, d]),
                Some(d) if d < -1 && d >= -MAX_STEP => down.extend([-d - 1, -d]),
                _ => {}
            }
        }
        up.sort_unstable();
        up.dedup();
        down.sort_unstable();
        down.dedup();
        let m = crate::flatten::mask(w);
        for &(cw, k) in &consts {
            if cw != w {
                continue;
            }
            for &d in &up {
                let kt = cx.tm.bv_u64(w, k.wrapping_add(d as u64) & m);
                cands.push(cx.tm.sle(v, kt));
                cands.push(cx.tm.ule(v, kt));
            }
            for &d in &down {
                let kt = cx.tm.bv_u64(w, k.wrapping_sub(d as u64) & m);
                cands.push(cx.tm.sge(v, kt));
                cands.push(cx.tm.uge(v, kt));
            }
        }
    }
}

/// Bounds of the registers `body` does not write, from the constants they are compared with
/// anywhere (module doc).
fn guard_bound_candidates(cx: &mut Ctx, regs: &[u32], body: &[u32], cands: &mut Vec<TermId>) {
    let written = super::paths::written(cx.flat, body);
    let mut bounds: HashSet<u32> = HashSet::new();
    for &b in body {
        for i in &cx.flat.blocks[b as usize].insts {
            if let FInst::ICmp { a: Opnd::Reg(x), b: Opnd::Reg(y), .. } = i {
                bounds.extend([*x, *y]);
            }
        }
    }
    for &r in regs {
        let w = cx.flat.width(r);
        if w < 2 || w > 64 || written.contains(&r) || !bounds.contains(&r) {
            continue;
        }
        let mut consts: Vec<u64> = Vec::new();
        for blk in &cx.flat.blocks {
            for i in &blk.insts {
                let FInst::ICmp { a, b, .. } = i else { continue };
                let k = match (a, b) {
                    (Opnd::Reg(x), Opnd::Const { bits, width }) | (Opnd::Const { bits, width }, Opnd::Reg(x)) if *x == r && *width == w => *bits,
                    _ => continue,
                };
                if !consts.contains(&k) && consts.len() < MAX_LOOP_CONSTANTS {
                    consts.push(k);
                }
            }
        }
        let v = cx.canon[r as usize];
        let m = crate::flatten::mask(w);
        for k in consts {
            for d in [-1i64, 0, 1] {
                let kt = cx.tm.bv_u64(w, k.wrapping_add(d as u64) & m);
                cands.push(cx.tm.sle(v, kt));
                cands.push(cx.tm.sge(v, kt));
                cands.push(cx.tm.ule(v, kt));
                cands.push(cx.tm.uge(v, kt));
            }
        }
    }
}

/// `a − b == d` for each pair of registers of one width whose difference the forest states
/// agree on. The affine hull has these too, but when the tests are few its basis vectors can
/// mix two such relations with a third that only the tests share (`inlen − bufferlen == 1` on
/// every test), and Houdini then drops the mixtures; a pair alone survives.
fn difference_candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize], cands: &mut Vec<TermId>) {
    let Some(&first) = fstates.first() else { return };
    let wide: Vec<u32> = regs.iter().copied().filter(|&r| cx.flat.width(r) >= 2).take(MAX_RELATIONAL_REGS).collect();
    for (i, &a) in wide.iter().enumerate() {
        for &b in &wide[i + 1..] {
            let w = cx.flat.width(a);
            if cx.flat.width(b) != w {
                continue;
            }
            let m = crate::flatten::mask(w);
            let diff = |s: usize| cx.states[s].vals[a as usize].wrapping_sub(cx.states[s].vals[b as usize]) & m;
            let d = diff(first);
            if fstates.iter().all(|&s| diff(s) == d) {
                let (va, vb) = (cx.canon[a as usize], cx.canon[b as usize]);
                let lhs = cx.tm.bvsub(va, vb);
                let dt = cx.tm.bv_u64(w, d);
                cands.push(cx.tm.eq(lhs, dt));
            }
        }
    }
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
        // Single-register equalities are constants, candidates already.
        out.extend(hull_equalities(cx, &group, w, fstates, 2));
    }
    out
}

/// The equalities `Σ c·r == d` of the affine hull of `states` over `group` (registers of width
/// `w`) with `min_terms` to [`MAX_AFFINE_TERMS`] non-zero coefficients.
fn hull_equalities(cx: &mut Ctx, group: &[u32], w: u32, states: &[usize], min_terms: usize) -> Vec<TermId> {
    let mut points: Vec<Vec<i64>> = Vec::new();
    for &s in states {
        let p: Vec<i64> = group.iter().map(|&r| sext(cx.states[s].vals[r as usize], w)).collect();
        if !points.contains(&p) {
            points.push(p);
            if points.len() > crate::affine::MAX_POINTS {
                break;
            }
        }
    }
    let Some(eqs) = crate::affine::equalities(&points) else { return Vec::new() };
    let m = crate::flatten::mask(w) as u128;
    let mut out = Vec::new();
    for (c, d) in eqs {
        let terms: Vec<(u32, i128)> = (0..c.len()).filter(|&j| c[j] != 0).map(|j| (group[j], c[j])).collect();
        if terms.len() < min_terms || terms.len() > MAX_AFFINE_TERMS {
            continue;
        }
        let sum = linear_term(cx, w, &terms);
        let dt = cx.tm.bv_u64(w, (d as u128 & m) as u64);
        out.push(cx.tm.eq(sum, dt));
    }
    out
}

/// `Σ c·r` over `terms` (register, coefficient) at width `w`, coefficients modulo `2^w`.
fn linear_term(cx: &mut Ctx, w: u32, terms: &[(u32, i128)]) -> TermId {
    let m = crate::flatten::mask(w) as u128;
    let mut sum = cx.tm.bv_u64(w, 0);
    for &(r, c) in terms {
        let k = cx.tm.bv_u64(w, (c as u128 & m) as u64);
        let v = cx.canon[r as usize];
        let t = cx.tm.bvmul(k, v);
        sum = cx.tm.bvadd(sum, t);
    }
    sum
}

/// Affine equalities that hold in one phase of a loop: for each register `r` and constant `K`
/// of the loop's comparisons, the forest states with `r <s K` and those with `r ≥s K` are fitted
/// apart, and each equality `e` of one side gives `r ≥s K ∨ e` (or `r <s K ∨ e`); constants
/// count (`y == 50` before `x` reaches 50, `y == x` after it). A side needs two distinct states.
fn phase_affine_candidates(cx: &mut Ctx, regs: &[u32], fstates: &[usize], body: &[u32], cands: &mut Vec<TermId>) {
    let consts = loop_constants(cx, body);
    for &r in regs {
        let w = cx.flat.width(r);
        if !(2..=64).contains(&w) {
            continue;
        }
        let group: Vec<u32> = regs.iter().copied().filter(|&x| cx.flat.width(x) == w).take(MAX_RELATIONAL_REGS).collect();
        if group.len() < 2 {
            continue;
        }
        let v = cx.canon[r as usize];
        for &(cw, k) in &consts {
            if cw != w {
                continue;
            }
            let below: Vec<usize> = fstates.iter().copied().filter(|&s| sext(cx.states[s].vals[r as usize], w) < sext(k, w)).collect();
            let above: Vec<usize> = fstates.iter().copied().filter(|&s| sext(cx.states[s].vals[r as usize], w) >= sext(k, w)).collect();
            let kt = cx.tm.bv_u64(w, k);
            for (side, below_side) in [(below, true), (above, false)] {
                let point = |s: usize| -> Vec<u64> { group.iter().map(|&x| cx.states[s].vals[x as usize]).collect() };
                let two = side.first().is_some_and(|&f| side.iter().any(|&s| point(s) != point(f)));
                if !two || side.len() == fstates.len() {
                    continue; // one state only, or no phase split: the plain hull has these
                }
                let other = if below_side { cx.tm.sle(kt, v) } else { cx.tm.slt(v, kt) };
                for e in hull_equalities(cx, &group, w, &side, 1) {
                    cands.push(cx.tm.or(other, e));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Sat;
    use crate::flatten::{Flat, RegInfo};
    use crate::Options;

    /// Three 32-bit registers `k`, `j`, `n` and no instructions: the candidates are built from
    /// body paths given by hand.
    fn sample() -> Flat {
        let reg = |name: &str| RegInfo { name: name.into(), width: 32, cell: false, ptr: false };
        super::super::two_block_flat(vec![reg("k"), reg("j"), reg("n")], Vec::new(), Vec::new())
    }

    /// Whether some candidate is equivalent to `t`.
    fn has_equivalent(cx: &mut Ctx, cands: &[TermId], t: TermId) -> bool {
        cands.iter().any(|&c| {
            let differ = cx.tm.xor(c, t);
            cx.sat(&[differ]) == Sat::No
        })
    }

    #[test]
    fn a_sum_the_steps_keep_is_bounded_by_the_passed_by_register() {
        let flat = sample();
        let opts = Options::default();
        let mut cx = Ctx::new(&flat, &opts);
        let (k, j, n) = (cx.canon[0], cx.canon[1], cx.canon[2]);
        // One path: k--, j++ (n unchanged); k + j is conserved, k − j is not.
        let one = cx.tm.bv_u64(32, 1);
        let (k1, j1) = (cx.tm.bvsub(k, one), cx.tm.bvadd(j, one));
        let guard = cx.tm.tt();
        let paths = vec![(guard, vec![k1, j1, n])];
        let mut cands = Vec::new();
        conserved_candidates(&mut cx, &[0, 1], &[2], &paths, &mut cands);
        let sum = cx.tm.bvadd(k, j);
        let above = cx.tm.sle(n, sum);
        assert!(has_equivalent(&mut cx, &cands, above), "{:?}", cands.iter().map(|&t| cx.show(t)).collect::<Vec<_>>());
        let diff = cx.tm.bvsub(k, j);
        let not_conserved = cx.tm.sle(n, diff);
        assert!(!has_equivalent(&mut cx, &cands, not_conserved));
        // A second path that steps k alone conserves nothing.
        let paths2 = vec![paths[0].clone(), (guard, vec![k1, j, n])];
        let mut none = Vec::new();
        conserved_candidates(&mut cx, &[0, 1], &[2], &paths2, &mut none);
        assert!(none.is_empty(), "{:?}", none.iter().map(|&t| cx.show(t)).collect::<Vec<_>>());
    }
}
