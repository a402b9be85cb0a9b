//! The concrete meaning of the IR's integer operations, written once (DESIGN.md: "one semantics,
//! three executions"). Symbolic engines must agree with these functions.
//!
//! * Arithmetic wraps modulo 2^width. `nsw` overflow is reported only when the caller asks
//!   (`no-overflow`); otherwise it wraps like `-fwrapv`.
//! * Division and remainder by zero, and `INT_MIN / -1`, are faults.
//! * Definedness is tracked per bit: `and`/`or` with a defined absorbing bit, and shifts by a
//!   defined amount, keep what they can; every other operation on a partly undefined operand gives
//!   an entirely undefined result.
//! * Pointer provenance: adding or subtracting an integer to a pointer keeps it a pointer (the
//!   offset changes; leaving the 32-bit offset range makes it permanently invalid); the difference
//!   of two pointers into the same object is a plain integer; masking a pointer keeps it a pointer
//!   while the object part is unchanged.

use crate::fault::FaultKind;
use crate::scalar::{decode, encode, mask, Scalar, INVALID_OBJ};
use vigil_ir::{BinOp, CastOp, ICmpPred};

/// `bits`, a `width`-bit two's complement value, as an `i64`.
pub(crate) fn sext(bits: u64, width: u32) -> i64 {
    if width >= 64 {
        bits as i64
    } else {
        let s = 64 - width;
        ((bits << s) as i64) >> s
    }
}

fn all_defined(a: Scalar, b: Scalar, width: u32) -> bool {
    a.is_defined(width) && b.is_defined(width)
}

/// The result of offsetting pointer `p` by `delta` bytes.
pub fn pointer_offset(p: Scalar, delta: i64) -> Scalar {
    let (obj, off) = decode(p.bits);
    if obj == 0 && off == 0 && delta == 0 {
        return p;
    }
    let new = i64::from(off as i32).checked_add(delta);
    match new.and_then(|n| i32::try_from(n).ok()) {
        Some(n) if obj != INVALID_OBJ => Scalar { bits: encode(obj, n as u32), def: p.def, ptr: true },
        _ => Scalar { bits: encode(INVALID_OBJ, 0), def: p.def, ptr: true },
    }
}

/// The bits of `x op y` for an arithmetic or bitwise `op`, one definition for both word types
/// (`u64` here, `u128` in [`crate::wide`]): `$x`, `$y` are the operands and `$sx`, `$sy` their
/// signed readings, `$m` the width's mask, `$shift` the shift amount when it is below the width,
/// and `$u` the unsigned type. A shift by the width or more is poison in LLVM; vigil gives 0
/// (`shl`, `lshr`) or the sign fill (`ashr`), and the caller marks the result undefined. A
/// divisor of zero is the caller's to rule out first.
macro_rules! binop_bits {
    ($op:expr, ($x:expr, $y:expr), ($sx:expr, $sy:expr), $m:expr, $shift:expr, $u:ty) => {{
        let (x, y, sx, sy, m, shift): ($u, $u, _, _, $u, Option<u32>) = ($x, $y, $sx, $sy, $m, $shift);
        (match $op {
            BinOp::Add => x.wrapping_add(y),
            BinOp::Sub => x.wrapping_sub(y),
            BinOp::Mul => x.wrapping_mul(y),
            BinOp::UDiv => x / y,
            BinOp::URem => x % y,
            BinOp::SDiv => sx.wrapping_div(sy) as $u,
            BinOp::SRem => sx.wrapping_rem(sy) as $u,
            BinOp::And => x & y,
            BinOp::Or => x | y,
            BinOp::Xor => x ^ y,
            BinOp::Shl => shift.map_or(0, |s| x << s),
            BinOp::LShr => shift.map_or(0, |s| x >> s),
            BinOp::AShr => shift.map_or(if sx < 0 { m } else { 0 }, |s| (sx >> s) as $u),
        }) & m
    }};
}
pub(crate) use binop_bits;

/// Signed overflow of `a op b` at `width` bits, for add/sub/mul.
fn signed_overflow(op: BinOp, a: u64, b: u64, width: u32) -> bool {
    let (x, y) = (i128::from(sext(a, width)), i128::from(sext(b, width)));
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        _ => return false,
    };
    let lo = -(1i128 << (width - 1));
    let hi = (1i128 << (width - 1)) - 1;
    r < lo || r > hi
}

/// What a left shift of a negative signed operand is under no-overflow: undefined behaviour
/// (C11 §6.5.7p4) that is not an overflow, so the run is inconclusive.
pub const NEGATIVE_LEFT_SHIFT: &str = "left shift of a negative signed value";

/// `a op b` at `width` bits. `check_nsw` reports signed overflow of `nsw` add/sub/mul as a fault.
#[inline]
pub fn binop(op: BinOp, nsw: bool, check_nsw: bool, width: u32, a: Scalar, b: Scalar) -> Result<Scalar, FaultKind> {
    let m = mask(width);
    let defined = all_defined(a, b, width);
    // Pointer arithmetic in integer form (after ptrtoint) keeps provenance.
    if width == 64 && (a.ptr || b.ptr) && defined {
        match op {
            BinOp::Add if a.ptr != b.ptr => {
                let (p, i) = if a.ptr { (a, b) } else { (b, a) };
                return Ok(pointer_offset(p, i.bits as i64));
            }
            BinOp::Sub if a.ptr && !b.ptr => return Ok(pointer_offset(a, (b.bits as i64).wrapping_neg())),
            BinOp::Sub if a.ptr && b.ptr => {
                let ((oa, fa), (ob, fb)) = (decode(a.bits), decode(b.bits));
                if oa == ob {
                    return Ok(Scalar::int((i64::from(fa as i32) - i64::from(fb as i32)) as u64));
                }
            }
            BinOp::And | BinOp::Or | BinOp::Xor if a.ptr != b.ptr => {
                let p = if a.ptr { a } else { b };
                let bits = match op {
                    BinOp::And => a.bits & b.bits,
                    BinOp::Or => a.bits | b.bits,
                    _ => a.bits ^ b.bits,
                };
                let keeps_object = decode(bits).0 == decode(p.bits).0;
                return Ok(Scalar { bits, def: u64::MAX, ptr: keeps_object });
            }
            _ => {}
        }
    }
    let (x, y) = (a.bits & m, b.bits & m);
    if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
        if !b.is_defined(width) {
            return Err(FaultKind::Undefined("divisor"));
        }
        if y == 0 {
            return Err(FaultKind::DivByZero);
        }
        if matches!(op, BinOp::SDiv | BinOp::SRem) && width > 1 && x == 1u64 << (width - 1) && y == m {
            return Err(FaultKind::DivOverflow);
        }
    }
    if check_nsw && nsw && defined && signed_overflow(op, x, y, width) {
        return Err(FaultKind::SignedOverflow);
    }
    if check_nsw && op == BinOp::Shl && defined && y < u64::from(width) && width > 1 {
        // C11 §6.5.7p4: `E1 << E2` of a signed `E1` overflows when `E1 × 2^E2` is not
        // representable — exactly when LLVM's `shl nsw` is poison. The front end sets `nsw` on the
        // shifts clang reports as signed (`vigil_frontend::shifts`); a shift without it may be
        // unsigned in C, so one that would overflow as signed makes the run inconclusive under
        // no-overflow (neither `true` nor a `false` that might be an unsigned shift).
        if nsw && sext(x, width) < 0 {
            // C11 §6.5.7p4 leaves `E1 << E2` undefined for a negative signed `E1` even when the
            // product is representable (`-1 << 1`); not an overflow of the result, so
            // inconclusive under no-overflow (README, "Left shifts under no-overflow").
            return Err(FaultKind::Undefined(NEGATIVE_LEFT_SHIFT));
        }
        let shifted = sext(x, width) as i128 * (1i128 << y);
        let (lo, hi) = (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1);
        if shifted < lo || shifted > hi {
            if nsw {
                return Err(FaultKind::SignedOverflow);
            }
            return Err(FaultKind::Undefined("left shift that overflows if its operand is signed"));
        }
    }
    let shift = (y < u64::from(width)).then_some(y as u32);
    let bits = binop_bits!(op, (x, y), (sext(x, width), sext(y, width)), m, shift, u64);
    let def = match op {
        _ if defined => {
            let oversized_shift = matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) && y >= u64::from(width);
            if oversized_shift { 0 } else { m }
        }
        BinOp::And => ((a.def & b.def) | (a.def & !a.bits) | (b.def & !b.bits)) & m,
        BinOp::Or => ((a.def & b.def) | (a.def & a.bits) | (b.def & b.bits)) & m,
        BinOp::Xor => a.def & b.def & m,
        BinOp::Shl if b.is_defined(width) && y < u64::from(width) => ((a.def << y) | mask(y as u32)) & m,
        BinOp::LShr if b.is_defined(width) && y < u64::from(width) => {
            ((a.def & m) >> y) | (m & !(m >> y))
        }
        BinOp::AShr if b.is_defined(width) && y < u64::from(width) => {
            let sign_def = (a.def >> (width - 1)) & 1 == 1;
            let high = m & !(m >> y);
            ((a.def & m) >> y) | if sign_def { high } else { 0 }
        }
        _ => 0,
    };
    Ok(Scalar { bits, def, ptr: false })
}

/// Whether `pred` holds between two values given as their unsigned and their signed readings
/// (one definition for every width: the 64-bit scalars here and the wide integers).
#[inline]
pub fn icmp_holds<U: Ord, S: Ord>(pred: ICmpPred, (x, y): (U, U), (sx, sy): (S, S)) -> bool {
    match pred {
        ICmpPred::Eq => x == y,
        ICmpPred::Ne => x != y,
        ICmpPred::Ugt => x > y,
        ICmpPred::Uge => x >= y,
        ICmpPred::Ult => x < y,
        ICmpPred::Ule => x <= y,
        ICmpPred::Sgt => sx > sy,
        ICmpPred::Sge => sx >= sy,
        ICmpPred::Slt => sx < sy,
        ICmpPred::Sle => sx <= sy,
    }
}

/// `a pred b` at `width` bits, as an `i1`.
#[inline]
pub fn icmp(pred: ICmpPred, width: u32, a: Scalar, b: Scalar) -> Scalar {
    let m = mask(width);
    let (x, y) = (a.bits & m, b.bits & m);
    let (sx, sy) = (sext(x, width), sext(y, width));
    let r = icmp_holds(pred, (x, y), (sx, sy));
    Scalar { bits: u64::from(r), def: if all_defined(a, b, width) { 1 } else { 0 }, ptr: false }
}

/// A cast from `from` bits to `to` bits.
#[inline]
pub fn cast(op: CastOp, from: u32, to: u32, v: Scalar) -> Scalar {
    let mt = mask(to);
    match op {
        CastOp::Trunc => Scalar { bits: v.bits & mt, def: v.def & mt, ptr: false },
        CastOp::ZExt => {
            let mf = mask(from);
            Scalar { bits: v.bits & mf, def: (v.def & mf) | (mt & !mf), ptr: false }
        }
        CastOp::SExt => {
            let mf = mask(from);
            let bits = sext(v.bits & mf, from) as u64 & mt;
            let sign_def = from > 0 && (v.def >> (from - 1)) & 1 == 1;
            let def = (v.def & mf) | if sign_def { mt & !mf } else { 0 };
            Scalar { bits, def, ptr: false }
        }
        CastOp::PtrToInt | CastOp::IntToPtr | CastOp::Bitcast => {
            if to >= 64 {
                v
            } else {
                Scalar { bits: v.bits & mt, def: v.def & mt, ptr: false }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: u64) -> Scalar {
        Scalar::int(v)
    }

    #[test]
    fn exhaustive_4_bit_arithmetic_matches_wrapping_semantics() {
        let w = 4;
        for a in 0..16u64 {
            for b in 0..16u64 {
                let sa = sext(a, w);
                let sb = sext(b, w);
                let add = binop(BinOp::Add, false, false, w, int(a), int(b)).unwrap().bits;
                assert_eq!(add, (a + b) & 15);
                let mul = binop(BinOp::Mul, false, false, w, int(a), int(b)).unwrap().bits;
                assert_eq!(mul, (a * b) & 15);
                let ovf = binop(BinOp::Add, true, true, w, int(a), int(b));
                assert_eq!(ovf.is_err(), !(-8..=7).contains(&(sa + sb)), "{a}+{b}");
                if b == 0 {
                    assert_eq!(binop(BinOp::UDiv, false, false, w, int(a), int(b)), Err(FaultKind::DivByZero));
                    continue;
                }
                assert_eq!(binop(BinOp::UDiv, false, false, w, int(a), int(b)).unwrap().bits, a / b);
                assert_eq!(binop(BinOp::URem, false, false, w, int(a), int(b)).unwrap().bits, a % b);
                let sdiv = binop(BinOp::SDiv, false, false, w, int(a), int(b));
                if sa == -8 && sb == -1 {
                    assert_eq!(sdiv, Err(FaultKind::DivOverflow));
                } else {
                    assert_eq!(sext(sdiv.unwrap().bits, w), sa / sb, "{sa}/{sb}");
                    let srem = binop(BinOp::SRem, false, false, w, int(a), int(b)).unwrap();
                    assert_eq!(sext(srem.bits, w), sa % sb);
                }
                if b < 4 {
                    assert_eq!(binop(BinOp::Shl, false, false, w, int(a), int(b)).unwrap().bits, (a << b) & 15);
                    assert_eq!(binop(BinOp::LShr, false, false, w, int(a), int(b)).unwrap().bits, a >> b);
                    assert_eq!(sext(binop(BinOp::AShr, false, false, w, int(a), int(b)).unwrap().bits, w), sa >> b);
                }
                for (p, expect) in [
                    (ICmpPred::Ult, a < b),
                    (ICmpPred::Sle, sa <= sb),
                    (ICmpPred::Sgt, sa > sb),
                    (ICmpPred::Uge, a >= b),
                ] {
                    assert_eq!(icmp(p, w, int(a), int(b)).bits == 1, expect);
                }
            }
        }
    }

    #[test]
    fn definedness_is_bit_precise_for_masks_and_shifts() {
        let half = Scalar { bits: 0x0f, def: 0x0f, ptr: false }; // high nibble undefined
        let r = binop(BinOp::And, false, false, 8, half, int(0x0f)).unwrap();
        assert_eq!(r.def, 0xff, "masking away the undefined bits defines the result");
        let r = binop(BinOp::Add, false, false, 8, half, int(1)).unwrap();
        assert_eq!(r.def, 0);
        let r = binop(BinOp::Shl, false, false, 8, half, int(4)).unwrap();
        assert_eq!(r.def, 0xff & ((0x0f << 4) | 0x0f));
        let z = cast(CastOp::ZExt, 8, 32, half);
        assert_eq!(z.def, 0xffff_ff0f);
    }

    #[test]
    fn pointer_arithmetic_keeps_provenance_and_invalidates_on_overflow() {
        let p = Scalar::pointer(7, 8);
        let q = binop(BinOp::Add, false, false, 64, p, int(8)).unwrap();
        assert!(q.ptr && decode(q.bits) == (7, 16));
        let d = binop(BinOp::Sub, false, false, 64, q, p).unwrap();
        assert!(!d.ptr && d.bits == 8);
        // Before the object's start: the same object, a negative offset; ordered below the
        // start and back in it after moving up again (a loop `for (p = end - 1; p >= a; p--)`).
        let before = pointer_offset(p, -12);
        assert!(before.ptr && decode(before.bits) == (7, (-4i32) as u32));
        assert!(before.bits < p.bits && before.bits < Scalar::pointer(7, 0).bits);
        assert_eq!(decode(pointer_offset(before, 6).bits), (7, 2));
        let back = binop(BinOp::Sub, false, false, 64, before, p).unwrap();
        assert_eq!(back.bits as i64, -12, "pointer difference across the start");
        let null_minus = pointer_offset(Scalar::pointer(0, 0), -1);
        assert_eq!(decode(null_minus.bits), (0, u32::MAX));
        let far = pointer_offset(p, -(1i64 << 31) - 9);
        assert_eq!(decode(far.bits).0, INVALID_OBJ);
        let far_up = pointer_offset(p, 1i64 << 31);
        assert_eq!(decode(far_up.bits).0, INVALID_OBJ);
        // Once invalid, never valid again.
        assert_eq!(decode(pointer_offset(far, (1i64 << 31) + 9).bits).0, INVALID_OBJ);
        let aligned = binop(BinOp::And, false, false, 64, q, int(!7u64)).unwrap();
        assert!(aligned.ptr);
    }
}
