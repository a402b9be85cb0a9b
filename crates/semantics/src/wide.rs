//! The concrete meaning of integer operations wider than 64 bits (`__int128`, i.e. LLVM's `i128`,
//! and `_BitInt(N)` for 64 < N ≤ 128): the counterpart of [`crate::ops`] for values that do not fit
//! a [`crate::scalar::Scalar`].
//!
//! A wide value lives in 16 bytes (a register laid out like an aggregate, or memory) and is
//! handled here as a [`Wide`]: a `u128` of its low `width` bits and whether it is defined.
//!
//! Invariants (the same meaning as `ops`, at more bits):
//! * Arithmetic wraps modulo 2^width; `nsw` overflow of add/sub/mul is a fault only when the caller
//!   asks (`no-overflow`); the overflowing-if-signed left shift is inconclusive there, as in `ops`.
//! * Division or remainder by zero and `MIN / -1` are faults.
//! * Shifting by the width or more gives 0 (or the sign fill) and an undefined result.
//! * Definedness is per value, not per bit: an operand with any undefined bit makes the whole
//!   result undefined (coarser than `ops`' per-bit rule for masks and shifts; never more defined
//!   than the truth).
//! * Wide values carry no pointer provenance: bytes holding a pointer are refused by the caller.

use crate::fault::FaultKind;
use vigil_ir::{BinOp, CastOp, ICmpPred};

/// A wide integer value: the low `width` bits of `bits`, defined or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide {
    pub bits: u128,
    pub defined: bool,
}

impl Wide {
    pub fn int(bits: u128) -> Wide {
        Wide { bits, defined: true }
    }
}

low_bits_mask!(
    /// All-ones in the low `width` bits (`width` ≤ 128).
    mask128: u128
);

/// `bits`, a `width`-bit two's complement value, as an `i128`.
pub fn sext128(bits: u128, width: u32) -> i128 {
    if width >= 128 || width == 0 {
        bits as i128
    } else {
        let s = 128 - width;
        ((bits << s) as i128) >> s
    }
}

/// Whether `x op y` (sign-extended from `width` bits) overflows the signed range, for add/sub/mul.
fn signed_overflow(op: BinOp, x: u128, y: u128, width: u32) -> bool {
    let (a, b) = (sext128(x, width), sext128(y, width));
    let r = match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        _ => return false,
    };
    match r {
        None => true,
        Some(r) => r != sext128(r as u128 & mask128(width), width),
    }
}

/// `a op b` at `width` bits (64 < width ≤ 128).
pub fn binop(op: BinOp, nsw: bool, check_nsw: bool, width: u32, a: Wide, b: Wide) -> Result<Wide, FaultKind> {
    let m = mask128(width);
    let (x, y) = (a.bits & m, b.bits & m);
    let defined = a.defined && b.defined;
    if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
        if !b.defined {
            return Err(FaultKind::Undefined("divisor"));
        }
        if y == 0 {
            return Err(FaultKind::DivByZero);
        }
        if matches!(op, BinOp::SDiv | BinOp::SRem) && x == 1u128 << (width - 1) && y == m {
            return Err(FaultKind::DivOverflow);
        }
    }
    if check_nsw && nsw && defined && signed_overflow(op, x, y, width) {
        return Err(FaultKind::SignedOverflow);
    }
    let in_range = y < u128::from(width);
    if check_nsw && op == BinOp::Shl && defined && in_range {
        // As in `ops`: a shift that overflows if its operand is signed is inconclusive.
        let v = sext128(x, width);
        if nsw && v < 0 {
            return Err(FaultKind::Undefined(crate::ops::NEGATIVE_LEFT_SHIFT));
        }
        let back = sext128((x << y) & m, width);
        if back >> y != v {
            return Err(FaultKind::Undefined("left shift that overflows if its operand is signed"));
        }
    }
    let bits = crate::ops::binop_bits!(op, (x, y), (sext128(x, width), sext128(y, width)), m, in_range.then_some(y as u32), u128);
    let shift = matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr);
    Ok(Wide { bits, defined: defined && (!shift || in_range) })
}

/// `a pred b` at `width` bits: the boolean and whether it is defined.
pub fn icmp(pred: ICmpPred, width: u32, a: Wide, b: Wide) -> (bool, bool) {
    let m = mask128(width);
    let (x, y) = (a.bits & m, b.bits & m);
    let (sx, sy) = (sext128(x, width), sext128(y, width));
    let r = crate::ops::icmp_holds(pred, (x, y), (sx, sy));
    (r, a.defined && b.defined)
}

/// A `trunc`, `zext`, `sext` or same-width `bitcast` from `from` to `to` bits, one of them > 64.
/// `None` for any other cast (the front end lets none through).
pub fn cast(op: CastOp, from: u32, to: u32, v: Wide) -> Option<Wide> {
    let x = v.bits & mask128(from);
    let bits = match op {
        CastOp::Trunc if to <= from => x & mask128(to),
        CastOp::ZExt if to >= from => x,
        CastOp::SExt if to >= from => sext128(x, from) as u128 & mask128(to),
        CastOp::Bitcast if to == from => x,
        _ => return None,
    };
    Some(Wide { bits, defined: v.defined })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(x: i128) -> Wide {
        Wide::int(x as u128)
    }

    #[test]
    fn arithmetic_agrees_with_rust_i128_and_u128() {
        let vals: [i128; 9] = [0, 1, -1, 7, -7, i128::MAX, i128::MIN, 1 << 100, (u64::MAX as i128) + 3];
        for &a in &vals {
            for &b in &vals {
                let (ua, ub) = (a as u128, b as u128);
                let r = |op| binop(op, false, false, 128, w(a), w(b));
                assert_eq!(r(BinOp::Add).unwrap().bits, ua.wrapping_add(ub));
                assert_eq!(r(BinOp::Sub).unwrap().bits, ua.wrapping_sub(ub));
                assert_eq!(r(BinOp::Mul).unwrap().bits, ua.wrapping_mul(ub));
                assert_eq!(r(BinOp::Xor).unwrap().bits, ua ^ ub);
                if b != 0 {
                    assert_eq!(r(BinOp::UDiv).unwrap().bits, ua / ub);
                    assert_eq!(r(BinOp::URem).unwrap().bits, ua % ub);
                    if !(a == i128::MIN && b == -1) {
                        assert_eq!(r(BinOp::SDiv).unwrap().bits, (a / b) as u128);
                        assert_eq!(r(BinOp::SRem).unwrap().bits, (a % b) as u128);
                    }
                } else {
                    assert_eq!(r(BinOp::UDiv), Err(FaultKind::DivByZero));
                }
                let ov = a.checked_add(b).is_none();
                assert_eq!(binop(BinOp::Add, true, true, 128, w(a), w(b)).is_err(), ov, "{a} + {b}");
                let ov = a.checked_mul(b).is_none();
                assert_eq!(binop(BinOp::Mul, true, true, 128, w(a), w(b)).is_err(), ov, "{a} * {b}");
                let (c, d) = icmp(ICmpPred::Slt, 128, w(a), w(b));
                assert!(d);
                assert_eq!(c, a < b);
                assert_eq!(icmp(ICmpPred::Ult, 128, w(a), w(b)).0, ua < ub);
            }
            for s in [0u32, 1, 63, 64, 65, 127] {
                let r = |op| binop(op, false, false, 128, w(a), Wide::int(u128::from(s))).unwrap().bits;
                assert_eq!(r(BinOp::Shl), (a as u128) << s);
                assert_eq!(r(BinOp::LShr), (a as u128) >> s);
                assert_eq!(r(BinOp::AShr), (a >> s) as u128);
            }
        }
        assert_eq!(binop(BinOp::SDiv, false, false, 128, w(i128::MIN), w(-1)), Err(FaultKind::DivOverflow));
        let big = binop(BinOp::Shl, false, false, 128, w(1), w(128)).unwrap();
        assert!(!big.defined);
    }

    #[test]
    fn casts_and_odd_widths() {
        let m = Wide::int(u128::from(u64::MAX));
        assert_eq!(cast(CastOp::SExt, 64, 128, m).unwrap().bits, u128::MAX);
        assert_eq!(cast(CastOp::ZExt, 64, 128, m).unwrap().bits, u128::from(u64::MAX));
        assert_eq!(cast(CastOp::Trunc, 128, 64, w(-2)).unwrap().bits, u128::from(u64::MAX - 1));
        assert_eq!(cast(CastOp::PtrToInt, 64, 128, m), None);
        // i96 wraps at 2^96 and its sign bit is bit 95.
        let top = Wide::int(1u128 << 95);
        assert!(binop(BinOp::Add, true, true, 96, top, top).is_err());
        assert_eq!(binop(BinOp::Add, false, false, 96, top, top).unwrap().bits, 0);
        assert!(icmp(ICmpPred::Slt, 96, top, Wide::int(0)).0);
        let u = Wide { bits: 5, defined: false };
        assert!(!binop(BinOp::Add, false, false, 128, u, w(1)).unwrap().defined);
    }
}
