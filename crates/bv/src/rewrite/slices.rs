//! Rules that see through concatenations and extensions (all off by default, `[bv.rewrite]`):
//! an equality of a concatenation or an extension with a constant splits into equalities of
//! the parts, and an extraction from an extension extracts from the extended term.
//!
//! Why (issue #19, tune8): the explicit engine's address arithmetic writes `4·(long)n` as
//! `concat((sext n)[61:0], 00)`, so a path condition `4·(long)n = K` pins `n` only through a
//! concatenation, a slice and a sign extension; after these rules it is `n = K/4`, an atom the
//! interval models ([`crate::interval_models`]) read, and a smaller circuit for the SAT core.
//!
//! Invariant: as for every rule ([`super`]), the result is equivalent to the term for every
//! assignment, of the same sort, and smaller (fewer or narrower operators), so rewriting
//! terminates; `tests/rewrite_rules.rs` checks each rule exhaustively at widths 1–4 and with
//! the solver.

use crate::term::{Op, TermId, TermManager};

use super::const_side;

/// [`super::Rule::EqConcatConst`]: `(= (concat h l) K) = (and (= h K_hi) (= l K_lo))`.
pub(super) fn eq_concat_const(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (x, c) = const_side(tm, args)?;
    if *tm.op(x) != Op::Concat {
        return None;
    }
    let (h, l) = (tm.arg(x, 0), tm.arg(x, 1));
    let (w, lw) = (tm.width(x), tm.width(l));
    let (khi, klo) = (tm.bv_const(c.extract(w - 1, lw)), tm.bv_const(c.extract(lw - 1, 0)));
    let (eh, el) = (tm.eq(h, khi), tm.eq(l, klo));
    Some(tm.and(eh, el))
}

/// [`super::Rule::EqExtendConst`]: `(= (zero_extend n a) K)` is `(= a K_lo)` when `K`'s top `n`
/// bits are zero, else false; `(= (sign_extend n a) K)` is `(= a K_lo)` when `K` is the sign
/// extension of its low part `K_lo`, else false.
pub(super) fn eq_extend_const(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (x, c) = const_side(tm, args)?;
    let (n, signed) = match *tm.op(x) {
        Op::ZeroExt(n) if n > 0 => (n, false),
        Op::SignExt(n) if n > 0 => (n, true),
        _ => return None,
    };
    let a = tm.arg(x, 0);
    let low = c.extract(tm.width(a) - 1, 0);
    let back = if signed { low.sign_extend(n) } else { low.zero_extend(n) };
    if back != c {
        return Some(tm.ff());
    }
    let k = tm.bv_const(low);
    Some(tm.eq(a, k))
}

/// [`super::Rule::ExtractExtend`]: bits `hi..=lo` of `ext(b)` (a zero or sign extension of `b`,
/// `w` bits wide): inside `b` (`hi < w`) they are `b[hi:lo]`; across its top they are
/// `ext(b[w-1:lo])` by `hi + 1 − w` bits; above `b` in a zero extension they are zero.
pub(super) fn extract_extend(tm: &mut TermManager, op: &Op, args: &[TermId]) -> Option<TermId> {
    let Op::Extract { hi, lo } = *op else { return None };
    let a = args[0];
    let signed = match tm.op(a) {
        Op::ZeroExt(_) => false,
        Op::SignExt(_) => true,
        _ => return None,
    };
    let b = tm.arg(a, 0);
    let w = tm.width(b);
    if hi < w {
        return Some(tm.extract(b, hi, lo));
    }
    if lo < w {
        let part = tm.extract(b, w - 1, lo);
        let by = hi + 1 - w;
        return Some(if signed { tm.sign_extend(part, by) } else { tm.zero_extend(part, by) });
    }
    (!signed).then(|| tm.bv_u64(hi - lo + 1, 0))
}
