//! IEEE 754 floating point as bit-vector circuits, in the manner of SymFPU (Brain, Schanda, Sun,
//! "Building better bit-blasters for floating-point problems", TACAS 2019, §3–4): every
//! floating-point operation is a function that builds ordinary bit-vector terms, so the rewriter,
//! blaster and SAT core need no floating-point case at all.
//!
//! Representation (the invariants every file of this module keeps):
//! * A float of format [`Format`] `(eb, sb)` is a bit-vector term of width `eb + sb` holding its
//!   IEEE interchange encoding (sign, biased exponent, trailing significand), as in SMT-LIB's
//!   `(fp s e m)`. Operations accept any encoding, including every NaN pattern.
//! * Operations of this module return the one canonical NaN ([`Format::nan`], positive, quiet,
//!   payload zero) for every NaN result, so that bit equality of results is SMT-LIB's `=` (the
//!   standard has a single NaN). Users that need a machine's NaN bits (the VM) rebuild them
//!   around these operations.
//! * A rounding mode is a 3-bit term: [`RNE`] 0, [`RNA`] 1, [`RTP`] 2, [`RTN`] 3, [`RTZ`] 4;
//!   values 5–7 act as RNE (the SMT-LIB front end never produces them).
//! * Inside an operation a finite value is *unpacked* ([`unpack`]): sign, a signed exponent wide
//!   enough for normalised subnormals, and a significand with its leading one explicit. Exact
//!   intermediate results are handed to the single rounding function [`round`], which is where
//!   every rounding decision, underflow and overflow is made (SymFPU §4.2).

pub mod arith;
pub mod compare;
pub mod convert;
pub mod fma;
pub mod integral;
pub mod rem;
pub mod round;
pub mod sqrt;
pub mod unpack;

use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

/// Round to nearest, ties to even.
pub const RNE: u64 = 0;
/// Round to nearest, ties away from zero.
pub const RNA: u64 = 1;
/// Round toward positive.
pub const RTP: u64 = 2;
/// Round toward negative.
pub const RTN: u64 = 3;
/// Round toward zero.
pub const RTZ: u64 = 4;
/// Width of a rounding-mode term.
pub const RM_WIDTH: u32 = 3;

/// A floating-point format: `eb` exponent bits, `sb` significand bits including the hidden bit
/// (SMT-LIB's `(_ FloatingPoint eb sb)`; binary32 is (8, 24), binary64 (11, 53)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Format {
    pub eb: u32,
    pub sb: u32,
}

impl Format {
    pub const BINARY32: Format = Format { eb: 8, sb: 24 };
    pub const BINARY64: Format = Format { eb: 11, sb: 53 };

    /// The format, if SMT-LIB allows it (`eb >= 2`, `sb >= 2`) and this module supports it
    /// (`eb <= 20`, `sb <= 256`: wider circuits would not be solvable anyway).
    pub fn new(eb: u32, sb: u32) -> Option<Format> {
        ((2..=20).contains(&eb) && (2..=256).contains(&sb)).then_some(Format { eb, sb })
    }

    pub fn width(self) -> u32 {
        self.eb + self.sb
    }

    pub fn bias(self) -> i64 {
        (1i64 << (self.eb - 1)) - 1
    }

    /// Smallest exponent of a normal number.
    pub fn emin(self) -> i64 {
        1 - self.bias()
    }

    /// Largest exponent of a finite number.
    pub fn emax(self) -> i64 {
        self.bias()
    }

    /// Width of the signed exponent of unpacked values: holds every exponent from that of the
    /// smallest subnormal, `emin - (sb - 1)`, to `emax + 1`, with a spare bit.
    pub fn exp_width(self) -> u32 {
        signed_width_for(self.emin() - i64::from(self.sb), self.emax() + 1) + 1
    }

    /// The canonical NaN: positive, quiet, otherwise zero payload.
    pub fn nan(self) -> BitVecValue {
        let exp = BitVecValue::ones(self.eb);
        let frac = BitVecValue::one(1).concat(&BitVecValue::zero(self.sb - 1)).extract(self.sb - 1, 1);
        BitVecValue::zero(1).concat(&exp).concat(&frac)
    }

    pub fn inf(self, negative: bool) -> BitVecValue {
        BitVecValue::from_u64(1, negative as u64).concat(&BitVecValue::ones(self.eb)).concat(&BitVecValue::zero(self.sb - 1))
    }

    pub fn zero(self, negative: bool) -> BitVecValue {
        BitVecValue::from_u64(1, negative as u64).concat(&BitVecValue::zero(self.width() - 1))
    }

    /// The largest finite magnitude with the given sign.
    pub fn max_finite(self, negative: bool) -> BitVecValue {
        let exp = BitVecValue::ones(self.eb).sub(&BitVecValue::one(self.eb));
        BitVecValue::from_u64(1, negative as u64).concat(&exp).concat(&BitVecValue::ones(self.sb - 1))
    }
}

/// Smallest width `w` of a two's-complement number holding both `lo` and `hi`.
pub(crate) fn signed_width_for(lo: i64, hi: i64) -> u32 {
    let mut w = 2;
    while !(-(1i64 << (w - 1)) <= lo && hi < (1i64 << (w - 1))) {
        w += 1;
    }
    w
}

/// Small building blocks shared by the files of this module.
impl TermManager {
    /// Bit `i` of `t` as a Bool.
    pub(crate) fn fp_bit(&mut self, t: TermId, i: u32) -> TermId {
        let b = self.extract(t, i, i);
        let one = self.bv_u64(1, 1);
        self.eq(b, one)
    }

    /// A Bool as a 1-bit vector.
    pub(crate) fn fp_bool_bv(&mut self, b: TermId) -> TermId {
        let one = self.bv_u64(1, 1);
        let zero = self.bv_u64(1, 0);
        self.ite(b, one, zero)
    }

    pub(crate) fn fp_is_zero_bv(&mut self, t: TermId) -> TermId {
        let w = self.width(t);
        let z = self.bv_u64(w, 0);
        self.eq(t, z)
    }

    /// The signed constant `v` of width `w`.
    pub(crate) fn fp_int(&mut self, w: u32, v: i64) -> TermId {
        self.bv_const(BitVecValue::from_i64(w, v))
    }

    /// `t` sign-extended (`signed`) or zero-extended, or truncated, to width `w`.
    fn fp_resize(&mut self, t: TermId, w: u32, signed: bool) -> TermId {
        let tw = self.width(t);
        match tw.cmp(&w) {
            std::cmp::Ordering::Less if signed => self.sign_extend(t, w - tw),
            std::cmp::Ordering::Less => self.zero_extend(t, w - tw),
            std::cmp::Ordering::Greater => self.extract(t, w - 1, 0),
            std::cmp::Ordering::Equal => t,
        }
    }

    /// `t` sign-extended or truncated to width `w` (truncation only where the value fits).
    pub(crate) fn fp_resize_signed(&mut self, t: TermId, w: u32) -> TermId {
        self.fp_resize(t, w, true)
    }

    /// `t` zero-extended or truncated to width `w`.
    pub(crate) fn fp_resize_unsigned(&mut self, t: TermId, w: u32) -> TermId {
        self.fp_resize(t, w, false)
    }

    /// Is the rounding mode `rm` equal to the constant `mode`?
    pub(crate) fn fp_rm_is(&mut self, rm: TermId, mode: u64) -> TermId {
        let c = self.bv_u64(RM_WIDTH, mode);
        self.eq(rm, c)
    }

    /// `a >> amount` with the bits shifted out ORed into bit 0 ("sticky" right shift). `amount`
    /// is an unsigned term of any width; amounts of `width(a)` or more leave only the sticky bit.
    pub(crate) fn fp_sticky_shr(&mut self, a: TermId, amount: TermId) -> (TermId, TermId) {
        let w = self.width(a);
        let amt = self.fp_clamp_amount(amount, w);
        let shifted = self.bvlshr(a, amt);
        let ones = self.bv_const(BitVecValue::ones(w));
        let high = self.bvshl(ones, amt);
        let low_mask = self.bvnot(high);
        let lost_bits = self.bvand(a, low_mask);
        let z = self.fp_is_zero_bv(lost_bits);
        let lost = self.not(z);
        (shifted, lost)
    }

    /// An unsigned shift amount as a term of width `w`, saturated at `w`.
    pub(crate) fn fp_clamp_amount(&mut self, amount: TermId, w: u32) -> TermId {
        let aw = self.width(amount);
        let cw = aw.max(32 - w.leading_zeros() + 1);
        let a = self.fp_resize_unsigned(amount, cw);
        let lim = self.bv_u64(cw, u64::from(w));
        let over = self.ult(lim, a);
        let a = self.ite(over, lim, a);
        // Now a <= w < 2^w, so it fits in w bits.
        self.fp_resize_unsigned(a, w)
    }

    /// Normalises a significand: shifts `sig` left until its top bit is set (if it is not
    /// zero), decrementing the signed exponent `exp` by the shift. Greedy by descending powers
    /// of two, a leading-zero count in `log2(width)` stages.
    pub(crate) fn fp_normalize(&mut self, exp: TermId, sig: TermId) -> (TermId, TermId) {
        let w = self.width(sig);
        let ew = self.width(exp);
        let mut k = 1u32;
        while k * 2 < w {
            k *= 2;
        }
        let (mut e, mut s) = (exp, sig);
        while k >= 1 {
            if k < w {
                let top = self.extract(s, w - 1, w - k);
                let zero = self.fp_is_zero_bv(top);
                let kk = self.bv_u64(w, u64::from(k));
                let shifted = self.bvshl(s, kk);
                s = self.ite(zero, shifted, s);
                let kd = self.bv_u64(ew, u64::from(k));
                let dec = self.bvsub(e, kd);
                e = self.ite(zero, dec, e);
            }
            k /= 2;
        }
        (e, s)
    }

    /// A float constant of format `f` from its encoding.
    pub(crate) fn fp_const(&mut self, v: BitVecValue) -> TermId {
        self.bv_const(v)
    }
}
