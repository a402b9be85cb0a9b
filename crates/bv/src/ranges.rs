//! The values a bit-vector term can take, as its syntax alone guarantees: an interval of the
//! integers it denotes read as two's complement or as unsigned, found by interval arithmetic
//! over extensions, constants, sums, differences and products (Boolector's and Bitwuzla's
//! overflow predicates fold the same way when an operand's width is known to be small).
//!
//! Invariant: for every assignment, the term's value (in the chosen reading) lies in the
//! interval returned. An operation whose interval would leave the representable range may wrap,
//! so it gets the whole range; every other term too. The walk looks [`DEPTH`] operations deep
//! (terms are shared DAGs and the walk is not memoised) and gives up on widths over 64.
//!
//! Used by the overflow predicates of [`crate::derived`]: `(long)x * (long)y + 1` of two `int`s
//! cannot overflow, which the SAT core can only show by reasoning about a multiplier (the
//! explicit engine's no-overflow checks ran into its conflict limit).

use crate::term::{Op, TermId, TermManager};

/// How many operations deep [`TermManager::value_range`] looks.
const DEPTH: u32 = 6;

/// An interval `[lo, hi]` of integers.
pub type Range = (i128, i128);

/// All values of `w` bits in a reading.
pub fn full_range(w: u32, signed: bool) -> Range {
    if signed {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    }
}

/// `r` when it lies inside `w` bits' range (the operation did not wrap), else that whole range.
fn inside(r: Option<Range>, w: u32, signed: bool) -> Range {
    let full = full_range(w, signed);
    match r {
        Some((lo, hi)) if full.0 <= lo && hi <= full.1 => (lo, hi),
        _ => full,
    }
}

/// The interval of the sum, difference or product of two intervals (None on i128 overflow).
pub fn add(a: Range, b: Range) -> Option<Range> {
    Some((a.0.checked_add(b.0)?, a.1.checked_add(b.1)?))
}

pub fn sub(a: Range, b: Range) -> Option<Range> {
    Some((a.0.checked_sub(b.1)?, a.1.checked_sub(b.0)?))
}

pub fn mul(a: Range, b: Range) -> Option<Range> {
    let corners = [a.0.checked_mul(b.0)?, a.0.checked_mul(b.1)?, a.1.checked_mul(b.0)?, a.1.checked_mul(b.1)?];
    Some((*corners.iter().min()?, *corners.iter().max()?))
}

/// Whether `r` lies inside the range of `w` bits in a reading.
pub fn fits(r: Option<Range>, w: u32, signed: bool) -> bool {
    let full = full_range(w, signed);
    r.is_some_and(|(lo, hi)| full.0 <= lo && hi <= full.1)
}

impl TermManager {
    /// The interval of `t`'s values read as two's complement (`signed`) or unsigned; None for
    /// widths over 64.
    pub fn value_range(&self, t: TermId, signed: bool) -> Option<Range> {
        self.range_within(t, signed, DEPTH)
    }

    fn range_within(&self, t: TermId, signed: bool, depth: u32) -> Option<Range> {
        let w = self.width(t);
        if w == 0 || w > 64 {
            return None;
        }
        if depth == 0 {
            return Some(full_range(w, signed));
        }
        let arg = |i: usize, signed: bool| self.range_within(self.arg(t, i), signed, depth - 1);
        let r = match self.op(t) {
            Op::BvConst(v) => {
                let u = v.low_u64() as i128;
                Some(if signed && v.msb() { (u - (1i128 << w), u - (1i128 << w)) } else { (u, u) })
            }
            // An extension by nothing is the operand itself.
            Op::ZeroExt(0) | Op::SignExt(0) => arg(0, signed),
            // A zero-extended value is its operand's unsigned value, in either reading.
            Op::ZeroExt(_) => arg(0, false),
            Op::SignExt(_) if signed => arg(0, true),
            // Read unsigned, a sign extension keeps only a non-negative operand's value.
            Op::SignExt(_) => arg(0, true).filter(|r| r.0 >= 0),
            Op::BvAdd => arg(0, signed).zip(arg(1, signed)).and_then(|(a, b)| add(a, b)),
            Op::BvSub => arg(0, signed).zip(arg(1, signed)).and_then(|(a, b)| sub(a, b)),
            Op::BvMul => arg(0, signed).zip(arg(1, signed)).and_then(|(a, b)| mul(a, b)),
            _ => None,
        };
        Some(inside(r, w, signed))
    }
}
