//! The meaning of LLVM's pure integer intrinsics — `abs`, `smin`/`smax`/`umin`/`umax`, `ctpop`,
//! `ctlz`, `cttz`, `bswap`, `bitreverse`, `fshl`/`fshr` and `{s,u}{add,sub,mul}.with.overflow` —
//! written once: concretely on [`Scalar`]s (the VM) and as bit-vector terms ([`term`]: the VM's
//! symbolic data and the static engine), side by side (DESIGN.md: "one semantics, three
//! executions"; LLVM Language Reference, "Standard C/C++ Library Intrinsics", "Bit Manipulation
//! Intrinsics", "Arithmetic with Overflow Intrinsics").
//!
//! Invariants:
//! * A concrete result is entirely undefined when an operand is not entirely defined (the VM does
//!   not track definedness bit by bit through intrinsics); it is never a pointer.
//! * `ctlz`/`cttz` of 0 give the width (LLVM's answer when zero is not poison); `fshl`/`fshr`
//!   shift by the amount modulo the width; `abs(MIN)` is `MIN` (whether that is overflow is the
//!   caller's decision: [`is_signed_min`], [`term::is_signed_min`]).
//! * The terms agree with the concrete functions on every defined input: the tests below check it
//!   on random inputs, biased to boundary values, at several widths, by constant folding.
//!
//! Not here: the intrinsics that act on the machine (memory, stack, varargs, lifetime, `assume`,
//! `trap`, `objectsize`): each engine models its own state.

use crate::fault::FaultKind;
use crate::ops;
use crate::scalar::{mask, Scalar};
use vigil_ir::{BinOp, CastOp, ICmpPred, Intrinsic};

/// The comparison that makes `x` the result of `smin`/`smax`/`umin`/`umax(x, y)`; `None` for
/// any other intrinsic.
pub fn min_max_pred(which: Intrinsic) -> Option<ICmpPred> {
    Some(match which {
        Intrinsic::SMin => ICmpPred::Slt,
        Intrinsic::SMax => ICmpPred::Sgt,
        Intrinsic::UMin => ICmpPred::Ult,
        Intrinsic::UMax => ICmpPred::Ugt,
        _ => return None,
    })
}

/// The operation of a `*.with.overflow` intrinsic and whether it is signed; `None` for any other
/// intrinsic.
pub fn overflow_op(which: Intrinsic) -> Option<(BinOp, bool)> {
    use Intrinsic::*;
    Some(match which {
        SAddWithOverflow => (BinOp::Add, true),
        UAddWithOverflow => (BinOp::Add, false),
        SSubWithOverflow => (BinOp::Sub, true),
        USubWithOverflow => (BinOp::Sub, false),
        SMulWithOverflow => (BinOp::Mul, true),
        UMulWithOverflow => (BinOp::Mul, false),
        _ => return None,
    })
}

/// A result that is defined when every operand is.
fn scalar(bits: u64, defined: bool) -> Scalar {
    Scalar { bits, def: if defined { u64::MAX } else { 0 }, ptr: false }
}

/// Is `v` the defined, most negative `w`-bit value?
pub fn is_signed_min(w: u32, v: Scalar) -> bool {
    v.is_defined(w) && v.bits & mask(w) == 1u64 << (w - 1)
}

/// `abs(v)` of a `w`-bit value (`MIN` stays `MIN`).
pub fn abs(w: u32, v: Scalar) -> Result<Scalar, FaultKind> {
    let neg = ops::binop(BinOp::Sub, false, false, w, Scalar::int(0), v)?;
    let is_neg = ops::icmp(ICmpPred::Slt, w, v, Scalar::int(0));
    Ok(if is_neg.bits == 1 { neg } else { v })
}

/// `smin`, `smax`, `umin`, `umax` of `w`-bit values.
pub fn min_max(which: Intrinsic, w: u32, x: Scalar, y: Scalar) -> Scalar {
    let pred = min_max_pred(which).expect("a min/max intrinsic");
    let c = ops::icmp(pred, w, x, y);
    let mut r = if c.bits == 1 { x } else { y };
    if c.def == 0 {
        r.def = 0;
    }
    r
}

/// `ctpop`, `ctlz`, `cttz`, `bswap`, `bitreverse` of a `w`-bit value.
pub fn bit_op(which: Intrinsic, w: u32, v: Scalar) -> Scalar {
    let x = v.bits & mask(w);
    let bits = match which {
        Intrinsic::Ctpop => u64::from(x.count_ones()),
        Intrinsic::Ctlz => u64::from(x.leading_zeros() - (64 - w)),
        Intrinsic::Cttz => u64::from(if x == 0 { w } else { x.trailing_zeros() }),
        Intrinsic::Bswap => x.swap_bytes() >> (64 - w),
        _ => x.reverse_bits() >> (64 - w),
    };
    scalar(bits, v.is_defined(w))
}

/// `fshl(x, y, z)` / `fshr(x, y, z)`: the high (left) or low (right) half of `x:y` shifted by
/// `z` modulo `w`.
pub fn funnel_shift(which: Intrinsic, w: u32, x: Scalar, y: Scalar, z: Scalar) -> Scalar {
    let left = which == Intrinsic::Fshl;
    let m = mask(w);
    let s = (z.bits % u64::from(w)) as u32;
    let (hi, lo) = (x.bits & m, y.bits & m);
    let bits = if s == 0 {
        if left { hi } else { lo }
    } else if left {
        ((hi << s) | (lo >> (w - s))) & m
    } else {
        ((lo >> s) | (hi << (w - s))) & m
    };
    scalar(bits, x.is_defined(w) && y.is_defined(w) && z.is_defined(w))
}

/// `{s,u}{add,sub,mul}.with.overflow`: the wrapped `w`-bit result and whether the exact result
/// does not fit (as a 0/1 scalar).
pub fn with_overflow(which: Intrinsic, w: u32, x: Scalar, y: Scalar) -> (Scalar, Scalar) {
    let (op, signed) = overflow_op(which).expect("an overflow intrinsic");
    let m = mask(w);
    let wrapped = match op {
        BinOp::Add => x.bits.wrapping_add(y.bits),
        BinOp::Sub => x.bits.wrapping_sub(y.bits),
        _ => x.bits.wrapping_mul(y.bits),
    } & m;
    // The exact result in 128 bits: only an unsigned 64-bit product can exceed them, and then
    // it overflows.
    let (ex, ey) = if signed {
        let s = |v| i128::from(ops::cast(CastOp::SExt, w, 64, v).bits as i64);
        (s(x), s(y))
    } else {
        (i128::from(x.bits & m), i128::from(y.bits & m))
    };
    let exact = match op {
        BinOp::Add => Some(ex + ey),
        BinOp::Sub => Some(ex - ey),
        _ => ex.checked_mul(ey),
    };
    let (lo, hi) = if signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, i128::from(m)) };
    let overflow = exact.map_or(true, |e| e < lo || e > hi);
    let defined = x.is_defined(w) && y.is_defined(w);
    (scalar(wrapped, defined), scalar(u64::from(overflow), defined))
}

/// The same intrinsics as bit-vector terms; operands are terms of one width, results have the
/// width LLVM gives them, conditions are Boolean terms.
pub mod term {
    use super::{min_max_pred, overflow_op};
    use vigil_bv::{TermId, TermManager};
    use vigil_ir::{BinOp, Intrinsic};

    /// Is `a` the most negative value of its width? (A Boolean term.)
    pub fn is_signed_min(tm: &mut TermManager, a: TermId) -> TermId {
        tm.neg_overflow(a)
    }

    /// `abs(a)` (`MIN` stays `MIN`).
    pub fn abs(tm: &mut TermManager, a: TermId) -> TermId {
        let zero = tm.bv_u64(tm.width(a), 0);
        let is_neg = tm.slt(a, zero);
        let neg = tm.bvneg(a);
        tm.ite(is_neg, neg, a)
    }

    /// `smin`, `smax`, `umin`, `umax`.
    pub fn min_max(tm: &mut TermManager, which: Intrinsic, a: TermId, b: TermId) -> TermId {
        let c = crate::symbolic::icmp(tm, min_max_pred(which).expect("a min/max intrinsic"), a, b);
        tm.ite(c, a, b)
    }

    /// `ctpop`, `ctlz`, `cttz`, `bswap`, `bitreverse`, bit-precisely.
    pub fn bit_op(tm: &mut TermManager, which: Intrinsic, a: TermId) -> TermId {
        let wd = tm.width(a);
        let one = tm.bv_u64(1, 1);
        let bit = |tm: &mut TermManager, i: u32| {
            let b = tm.extract(a, i, i);
            tm.eq(b, one)
        };
        match which {
            Intrinsic::Bswap | Intrinsic::Bitreverse => {
                let unit = if which == Intrinsic::Bswap { 8 } else { 1 };
                if wd < unit || wd % unit != 0 {
                    return a;
                }
                // The lowest unit becomes the highest: concatenation puts its first operand high.
                let mut r = tm.extract(a, unit - 1, 0);
                for k in 1..wd / unit {
                    let piece = tm.extract(a, (k + 1) * unit - 1, k * unit);
                    r = tm.concat(r, piece);
                }
                r
            }
            Intrinsic::Ctpop => {
                let mut r = tm.bv_u64(wd, 0);
                for i in 0..wd {
                    let b = tm.extract(a, i, i);
                    let z = if wd > 1 { tm.zero_extend(b, wd - 1) } else { b };
                    r = tm.bvadd(r, z);
                }
                r
            }
            Intrinsic::Ctlz => {
                // The highest set bit wins: it is tested last.
                let mut r = tm.bv_u64(wd, u64::from(wd));
                for i in 0..wd {
                    let c = bit(tm, i);
                    let k = tm.bv_u64(wd, u64::from(wd - 1 - i));
                    r = tm.ite(c, k, r);
                }
                r
            }
            _ => {
                let mut r = tm.bv_u64(wd, u64::from(wd));
                for i in (0..wd).rev() {
                    let c = bit(tm, i);
                    let k = tm.bv_u64(wd, u64::from(i));
                    r = tm.ite(c, k, r);
                }
                r
            }
        }
    }

    /// `fshl(a, b, c)` / `fshr(a, b, c)`.
    pub fn funnel_shift(tm: &mut TermManager, which: Intrinsic, a: TermId, b: TermId, c: TermId) -> TermId {
        let wd = tm.width(a);
        let wc = tm.bv_u64(wd, u64::from(wd));
        let amt = tm.bvurem(c, wc);
        let cat = tm.concat(a, b);
        let amt2 = tm.zero_extend(amt, wd);
        if which == Intrinsic::Fshl {
            let sh = tm.bvshl(cat, amt2);
            tm.extract(sh, 2 * wd - 1, wd)
        } else {
            let sh = tm.bvlshr(cat, amt2);
            tm.extract(sh, wd - 1, 0)
        }
    }

    /// Does `a op b` overflow (add, sub or mul, with the given signedness)? A Boolean term.
    pub fn overflows(tm: &mut TermManager, op: BinOp, signed: bool, a: TermId, b: TermId) -> TermId {
        match (op, signed) {
            (BinOp::Add, true) => tm.sadd_overflow(a, b),
            (BinOp::Add, false) => tm.uadd_overflow(a, b),
            (BinOp::Sub, true) => tm.ssub_overflow(a, b),
            (BinOp::Sub, false) => tm.usub_overflow(a, b),
            (BinOp::Mul, true) => tm.smul_overflow(a, b),
            (BinOp::Mul, false) => tm.umul_overflow(a, b),
            _ => panic!("overflow of {op:?} is not an overflow intrinsic's"),
        }
    }

    /// `{s,u}{add,sub,mul}.with.overflow`: the wrapped result and the overflow condition (a
    /// Boolean term).
    pub fn with_overflow(tm: &mut TermManager, which: Intrinsic, a: TermId, b: TermId) -> (TermId, TermId) {
        let (op, signed) = overflow_op(which).expect("an overflow intrinsic");
        (crate::symbolic::binop(tm, op, a, b), overflows(tm, op, signed, a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_bv::{Evaluator, TermId, TermManager, Value};

    /// Values biased towards the boundaries of every width.
    fn samples(seed: u64) -> impl Iterator<Item = u64> {
        let mut rng = vigil_sat::Rng::new(seed);
        (0..60).map(move |_| {
            let x = rng.next_u64();
            match x % 6 {
                0 => 0,
                1 => u64::MAX,
                2 => 1,
                3 => 1 << (x % 64),
                4 => (1u64 << (x % 64)).wrapping_sub(1),
                _ => x,
            }
        })
    }

    fn value(tm: &TermManager, t: TermId) -> u64 {
        match Evaluator::new(tm, std::iter::empty()).eval(t) {
            Value::Bv(v) => v.low_u64(),
            Value::Bool(b) => u64::from(b),
        }
    }

    const WIDTHS: [u32; 5] = [8, 16, 24, 32, 64];

    #[test]
    fn terms_agree_with_the_concrete_meaning() {
        use Intrinsic::*;
        for w in WIDTHS {
            let m = mask(w);
            let (xs, ys): (Vec<u64>, Vec<u64>) = (samples(u64::from(w)).collect(), samples(u64::from(w) + 99).collect());
            for (&x, &y) in xs.iter().zip(&ys) {
                let (sx, sy) = (Scalar::int(x & m), Scalar::int(y & m));
                let mut tm = TermManager::new();
                let (tx, ty) = (tm.bv_u64(w, x & m), tm.bv_u64(w, y & m));
                let t = term::abs(&mut tm, tx);
                assert_eq!(value(&tm, t), abs(w, sx).unwrap().bits & m, "abs w={w} {x:#x}");
                let t = term::is_signed_min(&mut tm, tx);
                assert_eq!(value(&tm, t) == 1, is_signed_min(w, sx), "is_signed_min w={w} {x:#x}");
                for op in [SMin, SMax, UMin, UMax] {
                    let t = term::min_max(&mut tm, op, tx, ty);
                    assert_eq!(value(&tm, t), min_max(op, w, sx, sy).bits & m, "{op:?} w={w} {x:#x} {y:#x}");
                }
                let bit_ops: &[Intrinsic] = if w % 16 == 0 { &[Ctpop, Ctlz, Cttz, Bswap, Bitreverse] } else { &[Ctpop, Ctlz, Cttz, Bitreverse] };
                for &op in bit_ops {
                    let t = term::bit_op(&mut tm, op, tx);
                    assert_eq!(value(&tm, t), bit_op(op, w, sx).bits, "{op:?} w={w} {x:#x}");
                }
                for op in [Fshl, Fshr] {
                    let t = term::funnel_shift(&mut tm, op, tx, ty, ty);
                    assert_eq!(value(&tm, t), funnel_shift(op, w, sx, sy, sy).bits, "{op:?} w={w} {x:#x} {y:#x}");
                }
                for op in [SAddWithOverflow, UAddWithOverflow, SSubWithOverflow, USubWithOverflow, SMulWithOverflow, UMulWithOverflow] {
                    let (tv, to) = term::with_overflow(&mut tm, op, tx, ty);
                    let (v, o) = with_overflow(op, w, sx, sy);
                    assert_eq!((value(&tm, tv), value(&tm, to)), (v.bits, o.bits), "{op:?} w={w} {x:#x} {y:#x}");
                }
            }
        }
    }

    /// The bit operations and funnel shifts built over variables (no constant folding), for
    /// every input: the bit operations at widths 1–8 and 16 (with `bswap`), the funnel shifts at
    /// widths 1–6, by evaluation under each assignment; both at widths 1–4 also through the
    /// bit-blasted circuits (with the inputs fixed, the solver finds the term unequal to the
    /// concrete result unsatisfiable).
    #[test]
    fn bit_op_and_funnel_terms_agree_exhaustively_at_small_widths() {
        use Intrinsic::*;
        let bv = |w: u32, x: u64| Value::Bv(vigil_bv::BitVecValue::from_u64(w, x));
        for w in (1..=8).chain([16]) {
            let m = mask(w);
            let mut tm = TermManager::new();
            let s = vigil_bv::Sort::bv(w).unwrap();
            let (vx, vy, vz) = (tm.var("x", s), tm.var("y", s), tm.var("z", s));
            let ops: &[Intrinsic] = match w {
                16 => &[Ctpop, Ctlz, Cttz, Bswap, Bitreverse],
                _ => &[Ctpop, Ctlz, Cttz, Bitreverse],
            };
            let unary: Vec<(Intrinsic, TermId)> = ops.iter().map(|&op| (op, term::bit_op(&mut tm, op, vx))).collect();
            for x in 0..=m {
                let mut ev = Evaluator::new(&tm, [(vx, bv(w, x))]);
                for &(op, t) in &unary {
                    let Value::Bv(r) = ev.eval(t) else { panic!("{op:?} is a bit-vector") };
                    assert_eq!(r.low_u64(), bit_op(op, w, Scalar::int(x)).bits, "{op:?} w={w} x={x:#x}");
                }
            }
            if w > 6 {
                continue;
            }
            let funnels: Vec<(Intrinsic, TermId)> = [Fshl, Fshr].iter().map(|&op| (op, term::funnel_shift(&mut tm, op, vx, vy, vz))).collect();
            for x in 0..=m {
                for y in 0..=m {
                    for z in 0..=m {
                        let mut ev = Evaluator::new(&tm, [(vx, bv(w, x)), (vy, bv(w, y)), (vz, bv(w, z))]);
                        for &(op, t) in &funnels {
                            let Value::Bv(r) = ev.eval(t) else { panic!("{op:?} is a bit-vector") };
                            let c = funnel_shift(op, w, Scalar::int(x), Scalar::int(y), Scalar::int(z));
                            assert_eq!(r.low_u64(), c.bits, "{op:?} w={w} {x:#x} {y:#x} {z:#x}");
                        }
                    }
                }
            }
            if w > 4 {
                continue;
            }
            let mut solver = vigil_bv::Solver::new();
            for x in 0..=m {
                let cx = tm.bv_u64(w, x);
                let fix_x = tm.eq(vx, cx);
                for &(op, t) in &unary {
                    let r = tm.bv_u64(w, bit_op(op, w, Scalar::int(x)).bits);
                    let e = tm.eq(t, r);
                    let differs = tm.not(e);
                    let res = solver.check_assuming(&tm, &[fix_x, differs]).unwrap();
                    assert_eq!(res, vigil_bv::CheckResult::Unsat, "{op:?} w={w} x={x:#x} (circuit)");
                }
                for y in 0..=m {
                    for z in 0..=m {
                        let (cy, cz) = (tm.bv_u64(w, y), tm.bv_u64(w, z));
                        let (fix_y, fix_z) = (tm.eq(vy, cy), tm.eq(vz, cz));
                        for &(op, t) in &funnels {
                            let c = funnel_shift(op, w, Scalar::int(x), Scalar::int(y), Scalar::int(z));
                            let r = tm.bv_u64(w, c.bits);
                            let e = tm.eq(t, r);
                            let differs = tm.not(e);
                            let res = solver.check_assuming(&tm, &[fix_x, fix_y, fix_z, differs]).unwrap();
                            assert_eq!(res, vigil_bv::CheckResult::Unsat, "{op:?} w={w} {x:#x} {y:#x} {z:#x} (circuit)");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn overflow_terms_agree_with_the_nsw_fault_of_ops() {
        for op in [BinOp::Add, BinOp::Sub, BinOp::Mul] {
            for a in 0..16u64 {
                for b in 0..16u64 {
                    let mut tm = TermManager::new();
                    let (ta, tb) = (tm.bv_u64(4, a), tm.bv_u64(4, b));
                    let t = term::overflows(&mut tm, op, true, ta, tb);
                    let concrete = ops::binop(op, true, true, 4, Scalar::int(a), Scalar::int(b)).is_err();
                    assert_eq!(tm.bool_value(t), Some(concrete), "{op:?} {a} {b}");
                }
            }
        }
    }

    #[test]
    fn concrete_results_match_known_values() {
        use Intrinsic::*;
        assert_eq!(bit_op(Ctlz, 32, Scalar::int(0)).bits, 32, "ctlz(0) is the width");
        assert_eq!(bit_op(Cttz, 16, Scalar::int(0x8000)).bits, 15);
        assert_eq!(bit_op(Bswap, 32, Scalar::int(0x1234_5678)).bits, 0x7856_3412);
        assert_eq!(bit_op(Bitreverse, 8, Scalar::int(1)).bits, 0x80);
        assert_eq!(funnel_shift(Fshl, 8, Scalar::int(0x81), Scalar::int(0x80), Scalar::int(9)).bits, 0x03, "shift modulo 8");
        assert_eq!(abs(32, Scalar::int(0x8000_0000)).unwrap().bits & mask(32), 0x8000_0000, "abs(INT_MIN)");
        assert_eq!(with_overflow(SAddWithOverflow, 8, Scalar::int(0x7f), Scalar::int(1)), (Scalar::int(0x80), Scalar::int(1)));
        assert_eq!(with_overflow(USubWithOverflow, 8, Scalar::int(0), Scalar::int(1)), (Scalar::int(0xff), Scalar::int(1)));
        assert_eq!(with_overflow(UMulWithOverflow, 64, Scalar::int(1 << 32), Scalar::int(1 << 31)).1, Scalar::int(0));
        assert_eq!(with_overflow(UMulWithOverflow, 64, Scalar::int(u64::MAX), Scalar::int(u64::MAX)), (Scalar::int(1), Scalar::int(1)));
    }

    #[test]
    fn an_undefined_operand_makes_the_result_undefined() {
        let u = Scalar { bits: 5, def: 0xff, ptr: false };
        assert_eq!(bit_op(Intrinsic::Ctpop, 32, u).def, 0);
        assert_eq!(min_max(Intrinsic::UMax, 32, u, Scalar::int(1)).def, 0);
        let (v, o) = with_overflow(Intrinsic::SAddWithOverflow, 32, u, Scalar::int(1));
        assert_eq!((v.def, o.def), (0, 0));
        assert!(!is_signed_min(32, Scalar { bits: 0x8000_0000, def: 0, ptr: false }));
    }

    #[test]
    fn signed_minimum_is_recognised_at_every_width() {
        assert!(is_signed_min(32, Scalar::int(0x8000_0000)));
        assert!(!is_signed_min(32, Scalar::int(0x8000_0001)));
        assert!(is_signed_min(64, Scalar::int(1 << 63)));
        assert!(is_signed_min(8, Scalar::int(0x80)));
    }
}
