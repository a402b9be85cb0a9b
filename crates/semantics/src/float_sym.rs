//! The symbolic meaning of the IR's floating-point operations ([`vigil_ir::FloatOp`]): bit-vector
//! terms built from the IEEE circuits of `vigil_bv::fp`, bit for bit equal to the concrete
//! meaning in [`crate::float`] (what x86-64 computes), NaN encodings included.
//!
//! The circuits of `vigil_bv::fp` return SMT-LIB's single canonical NaN; the machine does not.
//! Around them this module rebuilds x86-64 SSE's NaN rules (Intel SDM vol. 1 §4.8.3.5, table
//! 4-7, as Rust's `f32`/`f64` operations give them on the host): an operation with a NaN
//! operand returns the first NaN operand made quiet; an invalid operation on non-NaN operands
//! returns the "default NaN" (sign set, quiet, payload zero); conversions between formats keep
//! the sign and the top payload bits. `fma` (Rust's `mul_add`, a library call on x86-64 without
//! FMA) returns the first NaN of `(b, a, c)` made quiet; the rounding functions return a NaN
//! operand as they get it (`round` makes it quiet); the test pins each of these rules. Every
//! operation has a term except `is.fpclass` with a mask that is not a constant ([`float_term`]
//! returns `None`; the caller keeps its concrete fallback).
//!
//! Invariants: results have the IR's width (`i1` for comparisons); a conversion to an integer
//! comes with the Bool condition under which it is undefined behaviour (C11 6.3.1.4, the
//! concrete fault [`crate::FaultKind::Undefined`]); rounding is to nearest even except where the
//! operation fixes another mode (`floor`, `ceil`, `trunc`, `round`, the conversions to integers).
//! The test `tests/float_terms.rs` checks every operation against [`crate::float::float_op`] on
//! edge cases and random encodings of both formats.

use vigil_bv::fp::{Format, RNA, RNE, RTN, RTP, RTZ, RM_WIDTH};
use vigil_bv::{BitVecValue, TermId, TermManager};
use vigil_ir::{FCmpPred, FloatOp};

use crate::float_round::Rounding;
use crate::symbolic::from_bool;

/// A float operation's term: its value, and (for conversions to integers) when it is undefined.
#[derive(Clone, Copy, Debug)]
pub struct FloatTerm {
    pub value: TermId,
    /// Bool term: the operation is undefined behaviour on these operands.
    pub undefined: Option<TermId>,
}

fn format(width: u32) -> Format {
    if width == 32 { Format::BINARY32 } else { Format::BINARY64 }
}

fn quiet_bit(f: Format) -> BitVecValue {
    BitVecValue::one(f.width()).shl_by(f.sb - 2)
}

/// `x` with its quiet bit set.
fn quiet(tm: &mut TermManager, f: Format, x: TermId) -> TermId {
    let q = tm.bv_const(quiet_bit(f));
    tm.bvor(x, q)
}

/// x86's default NaN (sign set, quiet, payload zero).
fn default_nan(tm: &mut TermManager, f: Format) -> TermId {
    let v = BitVecValue::one(1).concat(&f.nan().extract(f.width() - 2, 0));
    tm.bv_const(v)
}

/// Puts x86's NaN rules around `r`, the circuit's result for the operands `ops`: the first NaN
/// operand made quiet, else the default NaN if `r` is NaN, else `r`.
fn sse_nans(tm: &mut TermManager, f: Format, ops: &[TermId], r: TermId) -> TermId {
    let r_nan = tm.fp_is_nan(f, r);
    let dn = default_nan(tm, f);
    let mut out = tm.ite(r_nan, dn, r);
    for &x in ops.iter().rev() {
        let n = tm.fp_is_nan(f, x);
        let q = quiet(tm, f, x);
        out = tm.ite(n, q, out);
    }
    out
}

fn rm(tm: &mut TermManager, mode: u64) -> TermId {
    tm.bv_u64(RM_WIDTH, mode)
}

fn fcmp(tm: &mut TermManager, f: Format, pred: FCmpPred, a: TermId, b: TermId) -> TermId {
    use FCmpPred::*;
    let na = tm.fp_is_nan(f, a);
    let nb = tm.fp_is_nan(f, b);
    let uno = tm.or(na, nb);
    let (ordered, base) = match pred {
        False => return tm.ff(),
        True => return tm.tt(),
        Ord => return tm.not(uno),
        Uno => return uno,
        Oeq | Ueq => (pred == Oeq, tm.fp_eq(f, a, b)),
        Ogt | Ugt => (pred == Ogt, tm.fp_gt(f, a, b)),
        Oge | Uge => (pred == Oge, tm.fp_geq(f, a, b)),
        Olt | Ult => (pred == Olt, tm.fp_lt(f, a, b)),
        Ole | Ule => (pred == Ole, tm.fp_leq(f, a, b)),
        One | Une => {
            let e = tm.fp_eq(f, a, b);
            let ne = tm.not(e);
            let ord = tm.not(uno);
            let one = tm.and(ne, ord);
            return if pred == One { one } else { tm.or(uno, ne) };
        }
    };
    // `base` is false on NaN operands already.
    if ordered { base } else { tm.or(uno, base) }
}

/// The `llvm.is.fpclass` test of `x` against the constant `mask` (bit numbering of
/// [`crate::float`]: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0, 7 +subnormal,
/// 8 +normal, 9 +inf).
fn fp_class(tm: &mut TermManager, f: Format, x: TermId, mask: u64) -> TermId {
    let nan = tm.fp_is_nan(f, x);
    let qb = tm.bv_const(quiet_bit(f));
    let qx = tm.bvand(x, qb);
    let z = tm.bv_u64(f.width(), 0);
    let qz = tm.eq(qx, z);
    let quiet = tm.not(qz);
    let snan = tm.and(nan, qz);
    let qnan = tm.and(nan, quiet);
    let neg = tm.fp_sign_bit(f, x);
    let pos = tm.not(neg);
    let inf = tm.fp_is_infinite(f, x);
    let normal = tm.fp_is_normal(f, x);
    let sub = tm.fp_is_subnormal(f, x);
    let zero = tm.fp_is_zero(f, x);
    let classes = [snan, qnan, tm.and(neg, inf), tm.and(neg, normal), tm.and(neg, sub), tm.and(neg, zero), tm.and(pos, zero), tm.and(pos, sub), tm.and(pos, normal), tm.and(pos, inf)];
    let mut acc = tm.ff();
    for (i, c) in classes.into_iter().enumerate() {
        if mask >> i & 1 == 1 {
            acc = tm.or(acc, c);
        }
    }
    acc
}

/// The term of `op` on `args` (widths `arg_widths`; result `res_width` bits), or `None` where
/// this module gives no term (see the module documentation).
/// `rounding` is the current rounding direction (the rounded operations and `rint`, `nearbyint`,
/// `lrint` follow it, as in [`crate::float`]).
pub fn float_term(tm: &mut TermManager, op: FloatOp, res_width: u32, args: &[TermId], arg_widths: &[u32], rounding: Rounding) -> Option<FloatTerm> {
    use FloatOp::*;
    let aw = *arg_widths.first()?;
    let f = format(aw);
    let x = args[0];
    let plain = |value| Some(FloatTerm { value, undefined: None });
    let current = match rounding {
        Rounding::NearestEven => RNE,
        Rounding::Down => RTN,
        Rounding::Up => RTP,
        Rounding::TowardZero => RTZ,
    };
    let cur = rm(tm, current);
    let value = match op {
        FAdd | FSub | FMul | FDiv => {
            let y = args[1];
            let r = match op {
                FAdd => tm.fp_add(f, cur, x, y),
                FSub => tm.fp_sub(f, cur, x, y),
                FMul => tm.fp_mul(f, cur, x, y),
                _ => tm.fp_div(f, cur, x, y),
            };
            sse_nans(tm, f, &[x, y], r)
        }
        Sqrt => {
            let r = tm.fp_sqrt(f, cur, x);
            sse_nans(tm, f, &[x], r)
        }
        FNeg | Fabs | Copysign => {
            let sign = tm.bv_const(BitVecValue::one(aw).shl_by(aw - 1));
            match op {
                FNeg => tm.bvxor(x, sign),
                Fabs => {
                    let m = tm.bvnot(sign);
                    tm.bvand(x, m)
                }
                _ => {
                    let m = tm.bvnot(sign);
                    let mag = tm.bvand(x, m);
                    let s = tm.bvand(args[1], sign);
                    tm.bvor(mag, s)
                }
            }
        }
        FCmp(p) => {
            let b = fcmp(tm, f, p, x, args[1]);
            from_bool(tm, b)
        }
        IsFpClass => {
            let mask = tm.bv_value(args[1])?.to_u64()?;
            let b = fp_class(tm, f, x, mask);
            from_bool(tm, b)
        }
        FpTrunc | FpExt => {
            let to = format(res_width);
            let r = tm.fp_convert(f, to, cur, x);
            // NaN: sign, quiet bit and the top payload bits carry over.
            let sign = tm.extract(x, aw - 1, aw - 1);
            let payload = tm.extract(x, f.sb - 3, 0);
            let payload = if to.sb > f.sb {
                let z = tm.bv_u64(to.sb - f.sb, 0);
                tm.concat(payload, z)
            } else {
                tm.extract(payload, f.sb - 3, f.sb - to.sb)
            };
            let exp = tm.bv_const(BitVecValue::ones(to.eb + 1));
            let hi = tm.concat(sign, exp);
            let nan = tm.concat(hi, payload);
            let is_nan = tm.fp_is_nan(f, x);
            tm.ite(is_nan, nan, r)
        }
        FpToSi | FpToUi | LRound | LRint => {
            let mode = match op {
                LRound => RNA,
                LRint => current,
                _ => RTZ,
            };
            let r = rm(tm, mode);
            let unspecified = tm.bv_u64(res_width, 0);
            let c = tm.fp_to_bv(f, r, x, res_width, op != FpToUi, unspecified);
            let undefined = tm.not(c.in_range);
            return Some(FloatTerm { value: c.value, undefined: Some(undefined) });
        }
        SiToFp | UiToFp => {
            let to = format(res_width);
            tm.fp_from_bv(to, cur, x, op == SiToFp)
        }
        Floor | Ceil | Trunc | Round | RoundEven | Rint | NearbyInt => {
            let mode = match op {
                Floor => RTN,
                Ceil => RTP,
                Trunc => RTZ,
                Round => RNA,
                RoundEven => RNE,
                _ => current, // rint, nearbyint
            };
            let r = rm(tm, mode);
            let v = tm.fp_round_to_integral(f, r, x);
            // A NaN operand: `floor`, `ceil`, `trunc` of the concrete semantics (Rust's, on
            // x86-64) and the round-to-even ones return it unchanged, even a signalling one;
            // `round` makes it quiet.
            let n = tm.fp_is_nan(f, x);
            let nan = if op == Round { quiet(tm, f, x) } else { x };
            tm.ite(n, nan, v)
        }
        MinNum | MaxNum => {
            let y = args[1];
            let nx = tm.fp_is_nan(f, x);
            let ny = tm.fp_is_nan(f, y);
            let better = if op == MinNum { tm.fp_lt(f, y, x) } else { tm.fp_gt(f, y, x) };
            let keep_x = {
                let nb = tm.not(better);
                tm.or(ny, nb)
            };
            let r = tm.ite(keep_x, x, y);
            tm.ite(nx, y, r)
        }
        Minimum | Maximum => {
            let y = args[1];
            let nx = tm.fp_is_nan(f, x);
            let ny = tm.fp_is_nan(f, y);
            let any_nan = tm.or(nx, ny);
            let eq = tm.fp_eq(f, x, y);
            let sx = tm.fp_sign_bit(f, x);
            let (first_if_neg, lt) = if op == Minimum { (true, tm.fp_lt(f, x, y)) } else { (false, tm.fp_gt(f, x, y)) };
            let on_eq = if first_if_neg { tm.ite(sx, x, y) } else { tm.ite(sx, y, x) };
            let ord = tm.ite(lt, x, y);
            let r = tm.ite(eq, on_eq, ord);
            let nan = tm.bv_const(f.nan());
            tm.ite(any_nan, nan, r)
        }
        Fma => {
            let r = tm.fp_fma(f, cur, x, args[1], args[2]);
            sse_nans(tm, f, &[args[1], x, args[2]], r)
        }
        // Not fused on x86-64 without FMA: a rounded product, then a rounded sum (see
        // `float::float_op`).
        FMulAdd => {
            let p = tm.fp_mul(f, cur, x, args[1]);
            let p = sse_nans(tm, f, &[x, args[1]], p);
            let r = tm.fp_add(f, cur, p, args[2]);
            sse_nans(tm, f, &[p, args[2]], r)
        }
        FRem => {
            let r = tm.fp_fmod(f, x, args[1]);
            sse_nans(tm, f, &[x, args[1]], r)
        }
    };
    plain(value)
}
