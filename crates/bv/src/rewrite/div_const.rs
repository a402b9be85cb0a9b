//! Unsigned division and remainder by constants, compared with constants.
//!
//! A decimal formatter counting the digits of a value computes `x/10`, `(x/10)/10`, … and asks
//! whether each is below 10; it then writes `x%10` as a character, and whether that character is
//! a digit (`x%10 < 10`) decides which. Bit-blasted, every such question carries a chain of
//! division circuits that the SAT solver must see through; as words, `((x/10)/10) <u 10` is
//! `x <u 1000` and `x%10 <u 10` is true. Two rules, for a constant divisor `c ≠ 0`:
//!
//! * [`super::Rule::CmpDivConst`]: `(x udiv c) <u k = x <u c·k`, or `true` when `c·k ≥ 2^w`;
//!   `k <u (x udiv c) = ¬(x <u c·(k+1))`, or `false` when `c·(k+1) ≥ 2^w`. For an integer
//!   `k`, ⌊x/c⌋ < k ⇔ x/c < k ⇔ x < c·k; and k < ⌊x/c⌋ ⇔ k+1 ≤ ⌊x/c⌋ ⇔ c·(k+1) ≤ x. Applied
//!   again to its result, it folds a chain: `((x/10)/10) <u 10` → `(x/10) <u 100` → `x <u 1000`.
//! * [`super::Rule::CmpRemConst`]: `(x urem c) <u k = true` when `c ≤ k`, and
//!   `k <u (x urem c) = false` when `c − 1 ≤ k`: the remainder lies in `0 ..= c − 1`.
//!
//! A nested division `(x/c1)/c2` is deliberately *not* made `x/(c1·c2)`: the formatter's digits
//! `(x/10^k) % 10` would then each need a division circuit of their own instead of one more
//! step of a shared chain (measured: a third slower on a `printf("%d")` of an input).
//!
//! Invariant: neither rule fires on a division or remainder by the constant 0 (SMT-LIB's
//! `x udiv 0` is all ones and `x urem 0` is `x`, which the identities above do not describe);
//! products are computed at twice the width, so an overflow is seen, never wrapped.

use crate::term::{Op, TermId, TermManager};
use crate::value::BitVecValue;

/// `(x, c)` when `t` is `op(x, c)` with a constant `c ≠ 0`.
fn by_constant(tm: &TermManager, t: TermId, op: Op) -> Option<(TermId, BitVecValue)> {
    if *tm.op(t) != op {
        return None;
    }
    let c = tm.bv_value(tm.arg(t, 1))?;
    (!c.is_zero()).then(|| (tm.arg(t, 0), c.clone()))
}

/// `a·b` when it is below `2^w` (`w` their width), else None.
fn product_within_width(a: &BitVecValue, b: &BitVecValue) -> Option<BitVecValue> {
    let w = a.width();
    let wide = a.zero_extend(w).mul(&b.zero_extend(w));
    wide.extract(2 * w - 1, w).is_zero().then(|| wide.extract(w - 1, 0))
}

/// [`super::Rule::CmpDivConst`] on `args[0] <u args[1]`.
pub(super) fn cmp_div_const(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (a, b) = (args[0], args[1]);
    if let (Some((x, c)), Some(k)) = (by_constant(tm, a, Op::BvUdiv), tm.bv_value(b).cloned()) {
        // ⌊x/c⌋ < k  ⇔  x < c·k
        return Some(match product_within_width(&c, &k) {
            Some(ck) => {
                let ck = tm.bv_const(ck);
                tm.ult(x, ck)
            }
            None => tm.tt(),
        });
    }
    if let (Some(k), Some((x, c))) = (tm.bv_value(a).cloned(), by_constant(tm, b, Op::BvUdiv)) {
        // k < ⌊x/c⌋  ⇔  c·(k+1) ≤ x; k = 2^w − 1 is left to `CmpBounds` (it is false).
        if k.is_ones() {
            return None;
        }
        let next = k.add(&BitVecValue::one(k.width()));
        return Some(match product_within_width(&c, &next) {
            Some(bound) => {
                let bound = tm.bv_const(bound);
                let below = tm.ult(x, bound);
                tm.not(below)
            }
            None => tm.ff(),
        });
    }
    None
}

/// [`super::Rule::CmpRemConst`] on `args[0] <u args[1]`.
pub(super) fn cmp_rem_const(tm: &mut TermManager, args: &[TermId]) -> Option<TermId> {
    let (a, b) = (args[0], args[1]);
    if let (Some((_, c)), Some(k)) = (by_constant(tm, a, Op::BvUrem), tm.bv_value(b)) {
        // x%c ≤ c − 1 < k
        return (!k.ult(&c)).then(|| tm.tt());
    }
    if let (Some(k), Some((_, c))) = (tm.bv_value(a), by_constant(tm, b, Op::BvUrem)) {
        // x%c ≤ c − 1 ≤ k
        let largest = c.sub(&BitVecValue::one(c.width()));
        return (!k.ult(&largest)).then(|| tm.ff());
    }
    None
}
