//! The concrete meaning of the IR's floating-point operations ([`vigil_ir::FloatOp`]): IEEE 754
//! binary32 and binary64 with rounding to nearest, ties to even — what x86-64 (SSE2) computes for
//! C's `float` and `double`, and what glibc's exactly rounded functions (`sqrt`, `fma`, `floor`,
//! `rint`, `fmod`, …) return.
//!
//! Invariants:
//! * Values are raw IEEE bits in a [`Scalar`] of 32 or 64 bits. Rust's `f32`/`f64` operations on
//!   run-time values are the IEEE operations of the host (x86-64 SSE2, or any IEEE host), so they
//!   are used directly; NaNs produced by an invalid operation are the host's default NaN, as in
//!   the native program (glibc prints x86's default NaN as `-nan`).
//! * A result is entirely undefined when an operand is not entirely defined.
//! * Float → integer conversions whose truncated value does not fit the integer type (or of a
//!   NaN) are undefined behaviour in C (C11 6.3.1.4) and poison in LLVM: they fault with
//!   [`FaultKind::Undefined`].
//! * Integer → float conversions and `fptrunc` round to nearest even (Rust's `as` does).
//! * In another rounding direction ([`Rounding`], C's `fesetround`), the rounded operations
//!   (`+ - * /`, `sqrt`, `fma`, `fmuladd`'s two roundings, conversions to a float) and the ones
//!   that round to an integer in the current direction (`rint`, `nearbyint`, `lrint`) follow it
//!   ([`float_round`]); the others are exact or fixed (`floor`, `round`, `roundeven`, `fptosi`
//!   truncating) and do not depend on it.

use crate::fault::FaultKind;
use crate::float_round::{self as directed, Binary, Rounding};
use crate::ops::sext;
use crate::scalar::{mask, Scalar};
use vigil_ir::{FCmpPred, FloatOp};

/// A float operand or result: binary32 or binary64.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum F {
    S(f32),
    D(f64),
}

impl F {
    /// Reads `bits` as a float of `width` bits (32 or 64).
    pub fn from_bits(width: u32, bits: u64) -> F {
        if width == 32 {
            F::S(f32::from_bits(bits as u32))
        } else {
            F::D(f64::from_bits(bits))
        }
    }

    pub fn to_bits(self) -> u64 {
        match self {
            F::S(x) => u64::from(x.to_bits()),
            F::D(x) => x.to_bits(),
        }
    }

    /// The value as a double (exact for both formats).
    fn wide(self) -> f64 {
        match self {
            F::S(x) => f64::from(x),
            F::D(x) => x,
        }
    }

    fn map(self, f32op: impl Fn(f32) -> f32, f64op: impl Fn(f64) -> f64) -> F {
        match self {
            F::S(x) => F::S(f32op(x)),
            F::D(x) => F::D(f64op(x)),
        }
    }
}


/// Binary operation on two floats of the same format.
/// `p + c` for `llvm.fmuladd`'s second rounding: clang's x86-64 code adds the addend to the
/// product (`addsd c, p`), and SSE returns the NaN of that first operand, quietened, ahead of
/// the addend's; Rust's `p + c` may be emitted with the operands the other way round.
fn add_to_product(p: F, c: F) -> F {
    match (p, c) {
        (F::S(p), F::S(c)) => F::S(match (p.is_nan(), c.is_nan()) {
            (true, _) => f32::from_bits(p.to_bits() | 1 << 22),
            (false, true) => f32::from_bits(c.to_bits() | 1 << 22),
            _ => p + c,
        }),
        (p, c) => {
            let (p, c) = (p.wide(), c.wide());
            F::D(match (p.is_nan(), c.is_nan()) {
                (true, _) => f64::from_bits(p.to_bits() | 1 << 51),
                (false, true) => f64::from_bits(c.to_bits() | 1 << 51),
                _ => p + c,
            })
        }
    }
}

fn binary(a: F, b: F, s: impl Fn(f32, f32) -> f32, d: impl Fn(f64, f64) -> f64) -> F {
    match (a, b) {
        (F::S(x), F::S(y)) => F::S(s(x, y)),
        (x, y) => F::D(d(x.wide(), y.wide())),
    }
}

fn compare(pred: FCmpPred, a: f64, b: f64) -> bool {
    use FCmpPred::*;
    let unordered = a.is_nan() || b.is_nan();
    match pred {
        False => false,
        True => true,
        Ord => !unordered,
        Uno => unordered,
        Oeq => !unordered && a == b,
        Ogt => !unordered && a > b,
        Oge => !unordered && a >= b,
        Olt => !unordered && a < b,
        Ole => !unordered && a <= b,
        One => !unordered && a != b,
        Ueq => unordered || a == b,
        Ugt => unordered || a > b,
        Uge => unordered || a >= b,
        Ult => unordered || a < b,
        Ule => unordered || a <= b,
        Une => unordered || a != b,
    }
}

/// The class bits of `llvm.is.fpclass`: 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal,
/// 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf.
fn fp_class(x: F) -> u32 {
    use std::num::FpCategory::*;
    let (cat, neg, quiet) = match x {
        F::S(v) => (v.classify(), v.is_sign_negative(), v.to_bits() & (1 << 22) != 0),
        F::D(v) => (v.classify(), v.is_sign_negative(), v.to_bits() & (1 << 51) != 0),
    };
    let bit = match (cat, neg) {
        (Nan, _) => return if quiet { 1 << 1 } else { 1 },
        (Infinite, true) => 2,
        (Normal, true) => 3,
        (Subnormal, true) => 4,
        (Zero, true) => 5,
        (Zero, false) => 6,
        (Subnormal, false) => 7,
        (Normal, false) => 8,
        (Infinite, false) => 9,
    };
    1 << bit
}

/// `x` rounded toward zero as an integer of `width` bits, or the fault if it does not fit.
fn to_int(x: f64, width: u32, signed: bool) -> Result<u64, FaultKind> {
    let t = x.trunc();
    let fits = if signed {
        let lim = (2f64).powi(width as i32 - 1);
        t >= -lim && t < lim
    } else {
        t >= 0.0 && t < (2f64).powi(width as i32)
    };
    if !fits {
        return Err(FaultKind::Undefined("float-to-integer conversion of a value out of the integer's range"));
    }
    Ok(if signed { (t as i64) as u64 & mask(width) } else { t as u64 & mask(width) })
}

/// An integer (its low `from` bits, signed or not) as a float of `to` bits, rounded to nearest.
fn from_int(bits: u64, from: u32, signed: bool, to: u32) -> F {
    let v = bits & mask(from);
    match (signed, to) {
        (true, 32) => F::S(sext(v, from) as f32),
        (true, _) => F::D(sext(v, from) as f64),
        (false, 32) => F::S(v as f32),
        (false, _) => F::D(v as f64),
    }
}

/// `op` on `args` (already read from registers), giving a result of `res_width` bits. `arg_width`
/// is the width of the first operand.
/// `rounding` is the current rounding direction.
pub fn float_op(op: FloatOp, arg_width: u32, res_width: u32, args: &[Scalar], arg_widths: &[u32], rounding: Rounding) -> Result<Scalar, FaultKind> {
    let defined = args.iter().zip(arg_widths).all(|(a, w)| a.is_defined(*w));
    if !defined {
        return Ok(Scalar { bits: 0, def: 0, ptr: false });
    }
    if rounding != Rounding::NearestEven {
        if let Some(r) = in_direction(op, arg_width, res_width, args, rounding)? {
            return Ok(r);
        }
    }
    let f = |i: usize| F::from_bits(arg_widths[i], args[i].bits);
    let x = || f(0);
    use FloatOp::*;
    let out = match op {
        FAdd => binary(x(), f(1), |a, b| a + b, |a, b| a + b),
        FSub => binary(x(), f(1), |a, b| a - b, |a, b| a - b),
        FMul => binary(x(), f(1), |a, b| a * b, |a, b| a * b),
        FDiv => binary(x(), f(1), |a, b| a / b, |a, b| a / b),
        FRem => binary(x(), f(1), |a, b| a % b, |a, b| a % b),
        FNeg => F::from_bits(arg_width, x().to_bits() ^ (1u64 << (arg_width - 1))),
        Fabs => F::from_bits(arg_width, x().to_bits() & !(1u64 << (arg_width - 1))),
        Copysign => {
            let sign = 1u64 << (arg_width - 1);
            F::from_bits(arg_width, (x().to_bits() & !sign) | (f(1).to_bits() & sign))
        }
        FCmp(p) => return Ok(Scalar::int(u64::from(compare(p, x().wide(), f(1).wide())))),
        IsFpClass => return Ok(Scalar::int(u64::from(fp_class(x()) & args[1].bits as u32 != 0))),
        FpTrunc => F::S(x().wide() as f32),
        FpExt => F::D(x().wide()),
        FpToSi => return to_int(x().wide(), res_width, true).map(Scalar::int),
        FpToUi => return to_int(x().wide(), res_width, false).map(Scalar::int),
        LRound => return to_int(x().wide().round(), res_width, true).map(Scalar::int),
        LRint => return to_int(x().wide().round_ties_even(), res_width, true).map(Scalar::int),
        SiToFp => from_int(args[0].bits, arg_width, true, res_width),
        UiToFp => from_int(args[0].bits, arg_width, false, res_width),
        Floor => x().map(f32::floor, f64::floor),
        Ceil => x().map(f32::ceil, f64::ceil),
        Trunc => x().map(f32::trunc, f64::trunc),
        Round => x().map(f32::round, f64::round),
        RoundEven | Rint | NearbyInt => x().map(f32::round_ties_even, f64::round_ties_even),
        Sqrt => x().map(f32::sqrt, f64::sqrt),
        Fma => match (x(), f(1), f(2)) {
            (F::S(a), F::S(b), F::S(c)) => F::S(a.mul_add(b, c)),
            (a, b, c) => F::D(a.wide().mul_add(b.wide(), c.wide())),
        },
        // `llvm.fmuladd` (clang's contraction of `a * b + c` under its default
        // `-ffp-contract=on`) may be fused or not, as the target does it: x86-64 without FMA
        // (clang's default target) multiplies, rounds, adds and rounds again, and so does vigil.
        FMulAdd => add_to_product(binary(x(), f(1), |a, b| a * b, |a, b| a * b), f(2)),
        MinNum => binary(x(), f(1), |a, b| min_num(a, b, |p, q| p < q), |a, b| min_num(a, b, |p, q| p < q)),
        MaxNum => binary(x(), f(1), |a, b| min_num(a, b, |p, q| p > q), |a, b| min_num(a, b, |p, q| p > q)),
        Minimum => binary(x(), f(1), f32::minimum_compat, f64::minimum_compat),
        Maximum => binary(x(), f(1), f32::maximum_compat, f64::maximum_compat),
    };
    Ok(Scalar::int(out.to_bits()))
}

/// The result of `op` in a rounding direction other than to nearest, where it differs from the
/// host's round-to-nearest result; `None` where that result is the answer in every direction.
fn in_direction(op: FloatOp, arg_width: u32, res_width: u32, args: &[Scalar], mode: Rounding) -> Result<Option<Scalar>, FaultKind> {
    use FloatOp::*;
    let w = arg_width;
    let bits = |i: usize| args[i].bits & mask(w);
    if !matches!(op, SiToFp | UiToFp) && (0..args.len()).any(|i| F::from_bits(w, bits(i)).wide().is_nan()) {
        // A NaN operand: the result is a NaN in every direction, and which one is the
        // to-nearest path's business (x86's operand order).
        return Ok(None);
    }
    let directed_binary = |b: Binary| directed::binary_bits(b, bits(0), bits(1), w, mode);
    let to_integer = |x: f64| match mode {
        Rounding::NearestEven => x.round_ties_even(),
        Rounding::Down => x.floor(),
        Rounding::Up => x.ceil(),
        Rounding::TowardZero => x.trunc(),
    };
    let out = match op {
        FAdd => directed_binary(Binary::Add),
        FSub => directed_binary(Binary::Sub),
        FMul => directed_binary(Binary::Mul),
        FDiv => directed_binary(Binary::Div),
        Sqrt => directed::sqrt_bits(bits(0), w, mode),
        Fma => {
            let finite = (0..3).all(|i| F::from_bits(w, bits(i)).wide().is_finite());
            finite.then(|| directed::fma_bits(bits(0), bits(1), bits(2), w, mode))
        }
        FMulAdd => {
            // Two roundings, each in the direction; NaNs and infinities as to nearest.
            let host_product = || binary(F::from_bits(w, bits(0)), F::from_bits(w, bits(1)), |a, b| a * b, |a, b| a * b);
            let product = directed_binary(Binary::Mul).unwrap_or_else(|| host_product().to_bits());
            let sum = directed::binary_bits(Binary::Add, product, bits(2), w, mode);
            Some(sum.unwrap_or_else(|| add_to_product(F::from_bits(w, product), F::from_bits(w, bits(2))).to_bits()))
        }
        FpTrunc => directed::narrow_bits(bits(0), mode),
        SiToFp => {
            let v = sext(args[0].bits & mask(w), w) as i64;
            Some(directed::int_bits(v < 0, v.unsigned_abs(), res_width, mode))
        }
        UiToFp => Some(directed::int_bits(false, args[0].bits & mask(w), res_width, mode)),
        // As `floor`, `ceil`, `trunc` (a NaN is returned unchanged, as the host's do).
        Rint | NearbyInt => Some(
            match mode {
                Rounding::NearestEven => F::from_bits(w, bits(0)).map(f32::round_ties_even, f64::round_ties_even),
                Rounding::Down => F::from_bits(w, bits(0)).map(f32::floor, f64::floor),
                Rounding::Up => F::from_bits(w, bits(0)).map(f32::ceil, f64::ceil),
                Rounding::TowardZero => F::from_bits(w, bits(0)).map(f32::trunc, f64::trunc),
            }
            .to_bits(),
        ),
        LRint => return to_int(to_integer(F::from_bits(w, bits(0)).wide()), res_width, true).map(|v| Some(Scalar::int(v))),
        _ => None,
    };
    Ok(out.map(Scalar::int))
}

/// `minnum(x, y)` (with `better` = `<`) or `maxnum` (`>`): a NaN operand is ignored, and of two
/// equal operands (`-0` and `+0`) the first is returned — what clang's x86-64 code for the
/// intrinsic computes (`y < x ? y : x` after the NaN test), hence what a native run of
/// `fmin`/`fmax` gives.
fn min_num<T: PartialOrd + Copy>(x: T, y: T, better: impl Fn(T, T) -> bool) -> T {
    #[allow(clippy::eq_op)]
    let is_nan = |v: T| v != v;
    if is_nan(x) {
        y
    } else if is_nan(y) || !better(y, x) {
        x
    } else {
        y
    }
}

/// IEEE 754-2019 `minimum`/`maximum` (NaN propagates, -0 < +0), which Rust's `min`/`max` are not.
trait MinMax: Copy {
    /// `maximum` when `max`, else `minimum`.
    fn extremum(self, other: Self, max: bool) -> Self;
    fn minimum_compat(self, other: Self) -> Self {
        self.extremum(other, false)
    }
    fn maximum_compat(self, other: Self) -> Self {
        self.extremum(other, true)
    }
}

macro_rules! min_max {
    ($t:ty) => {
        impl MinMax for $t {
            fn extremum(self, o: $t, max: bool) -> $t {
                if self.is_nan() || o.is_nan() {
                    <$t>::NAN
                } else if self == o {
                    // Equal values differ only in the sign of a zero: -0 is the minimum.
                    if self.is_sign_negative() != max { self } else { o }
                } else if max {
                    self.max(o)
                } else {
                    self.min(o)
                }
            }
        }
    };
}
min_max!(f32);
min_max!(f64);

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: f64) -> Scalar {
        Scalar::int(x.to_bits())
    }

    fn run(op: FloatOp, args: &[Scalar], widths: &[u32], res: u32) -> Result<Scalar, FaultKind> {
        float_op(op, widths[0], res, args, widths, Rounding::NearestEven)
    }

    #[test]
    fn arithmetic_is_ieee_double() {
        let r = run(FloatOp::FAdd, &[d(0.1), d(0.2)], &[64, 64], 64).unwrap();
        assert_eq!(f64::from_bits(r.bits), 0.30000000000000004);
        let r = run(FloatOp::FDiv, &[d(1.0), d(0.0)], &[64, 64], 64).unwrap();
        assert_eq!(f64::from_bits(r.bits), f64::INFINITY);
        let r = run(FloatOp::FRem, &[d(-7.5), d(2.0)], &[64, 64], 64).unwrap();
        assert_eq!(f64::from_bits(r.bits), -1.5);
        let r = run(FloatOp::FNeg, &[d(0.0)], &[64], 64).unwrap();
        assert_eq!(r.bits, (-0.0f64).to_bits());
        let s = Scalar::int(u64::from(16777216f32.to_bits()));
        let one = Scalar::int(u64::from(1f32.to_bits()));
        let r = run(FloatOp::FAdd, &[s, one], &[32, 32], 32).unwrap();
        assert_eq!(f32::from_bits(r.bits as u32), 16777216.0, "binary32 rounds to even");
    }

    #[test]
    fn fmuladd_rounds_twice_and_fma_once() {
        // x = 10/7 as a double: x * 10 - 10 rounds the product first natively (clang's
        // `llvm.fmuladd` on x86-64 without FMA); `fma` keeps it exact.
        let x = d(1.0 / 7.0 * 10.0);
        let args = [x, d(10.0), d(-10.0)];
        let muladd = run(FloatOp::FMulAdd, &args, &[64, 64, 64], 64).unwrap();
        let fma = run(FloatOp::Fma, &args, &[64, 64, 64], 64).unwrap();
        assert_eq!(muladd.bits, 0x4011_2492_4924_9248);
        assert_eq!(fma.bits, 0x4011_2492_4924_9247);
    }

    #[test]
    fn comparisons_follow_ordered_and_unordered_predicates() {
        let nan = d(f64::NAN);
        for p in FCmpPred::ALL {
            let r = run(FloatOp::FCmp(p), &[nan, d(1.0)], &[64, 64], 1).unwrap().bits == 1;
            let unordered_true = matches!(p, FCmpPred::True | FCmpPred::Uno) || p.name().starts_with('u');
            assert_eq!(r, unordered_true, "{}", p.name());
        }
        let lt = run(FloatOp::FCmp(FCmpPred::Olt), &[d(-0.0), d(0.0)], &[64, 64], 1).unwrap();
        assert_eq!(lt.bits, 0, "-0 == +0");
    }

    #[test]
    fn out_of_range_conversion_is_undefined() {
        assert_eq!(run(FloatOp::FpToSi, &[d(2147483647.9)], &[64], 32).unwrap().bits, 0x7fff_ffff);
        assert!(run(FloatOp::FpToSi, &[d(2147483648.0)], &[64], 32).is_err());
        assert_eq!(run(FloatOp::FpToSi, &[d(-2147483648.9)], &[64], 32).unwrap().bits, 0x8000_0000);
        assert!(run(FloatOp::FpToSi, &[d(f64::NAN)], &[64], 32).is_err());
        assert_eq!(run(FloatOp::FpToUi, &[d(-0.9)], &[64], 32).unwrap().bits, 0);
        assert!(run(FloatOp::FpToUi, &[d(-1.0)], &[64], 32).is_err());
        assert_eq!(run(FloatOp::FpToUi, &[d(255.5)], &[64], 8).unwrap().bits, 255);
        assert!(run(FloatOp::FpToUi, &[d(256.0)], &[64], 8).is_err());
        assert_eq!(run(FloatOp::FpToSi, &[d(-1e18)], &[64], 64).unwrap().bits, (-1e18f64 as i64) as u64);
    }

    #[test]
    fn integer_conversions_round_to_nearest_even() {
        let r = run(FloatOp::SiToFp, &[Scalar::int(0xffff_ffff)], &[32], 64).unwrap();
        assert_eq!(f64::from_bits(r.bits), -1.0);
        let r = run(FloatOp::UiToFp, &[Scalar::int(u64::MAX)], &[64], 64).unwrap();
        assert_eq!(f64::from_bits(r.bits), 18446744073709551616.0);
        let r = run(FloatOp::SiToFp, &[Scalar::int(16777217)], &[32], 32).unwrap();
        assert_eq!(f32::from_bits(r.bits as u32), 16777216.0);
    }

    #[test]
    fn rounding_functions() {
        let one = |op, x: f64| f64::from_bits(run(op, &[d(x)], &[64], 64).unwrap().bits);
        assert_eq!(one(FloatOp::Round, 2.5), 3.0);
        assert_eq!(one(FloatOp::Rint, 2.5), 2.0);
        assert_eq!(one(FloatOp::Floor, -0.5), -1.0);
        assert_eq!(one(FloatOp::Sqrt, 2.0), std::f64::consts::SQRT_2);
        assert!(one(FloatOp::Sqrt, -1.0).is_nan());
    }

    #[test]
    fn min_max_ignore_nan_and_keep_the_first_of_equal_zeros() {
        let two = |op, a: f64, b: f64| f64::from_bits(run(op, &[d(a), d(b)], &[64, 64], 64).unwrap().bits);
        assert_eq!(two(FloatOp::MinNum, f64::NAN, 1.0), 1.0);
        assert_eq!(two(FloatOp::MaxNum, 1.0, f64::NAN), 1.0);
        assert!(two(FloatOp::MinNum, 0.0, -0.0).is_sign_positive());
        assert!(two(FloatOp::MinNum, -0.0, 0.0).is_sign_negative());
        assert!(two(FloatOp::MaxNum, -0.0, 0.0).is_sign_negative());
        assert_eq!(two(FloatOp::MaxNum, -3.0, 2.0), 2.0);
        assert!(two(FloatOp::Minimum, 0.0, -0.0).is_sign_negative());
        assert!(two(FloatOp::Maximum, 1.0, f64::NAN).is_nan());
    }

    #[test]
    fn undefined_operands_give_undefined_results() {
        let u = Scalar { bits: 0, def: 0, ptr: false };
        assert_eq!(run(FloatOp::FAdd, &[u, d(1.0)], &[64, 64], 64).unwrap().def, 0);
    }
}
