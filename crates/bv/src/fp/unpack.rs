//! Classification and unpacking of encoded floats (SymFPU §3, "unpacked" form).
//!
//! Invariants: the classification predicates read only the encoding and are exact for every bit
//! pattern. An [`Unpacked`] value's `exp`/`sig` are meaningful only when it is finite and not
//! zero; then `sig` has its top bit set and the value is `(-1)^sign · sig · 2^(exp - (sb - 1))`.
//! For a zero, `sig` is 0 and `exp` is `emin` (so differences of exponents stay in range).

use super::Format;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

/// A float taken apart. `nan`, `inf`, `zero`, `sign` are Bool terms; `exp` is a signed
/// bit-vector of width [`Format::exp_width`]; `sig` has width `sb`.
#[derive(Clone, Copy, Debug)]
pub struct Unpacked {
    pub nan: TermId,
    pub inf: TermId,
    pub zero: TermId,
    pub sign: TermId,
    pub exp: TermId,
    pub sig: TermId,
}

impl TermManager {
    fn fp_fields(&mut self, f: Format, x: TermId) -> (TermId, TermId, TermId) {
        let w = f.width();
        let sign = self.extract(x, w - 1, w - 1);
        let exp = self.extract(x, w - 2, f.sb - 1);
        let frac = self.extract(x, f.sb - 2, 0);
        (sign, exp, frac)
    }

    fn fp_exp_all_ones(&mut self, f: Format, x: TermId) -> TermId {
        let (_, e, _) = self.fp_fields(f, x);
        let ones = self.bv_const(BitVecValue::ones(f.eb));
        self.eq(e, ones)
    }

    fn fp_exp_zero(&mut self, f: Format, x: TermId) -> TermId {
        let (_, e, _) = self.fp_fields(f, x);
        self.fp_is_zero_bv(e)
    }

    fn fp_frac_zero(&mut self, f: Format, x: TermId) -> TermId {
        let (_, _, m) = self.fp_fields(f, x);
        self.fp_is_zero_bv(m)
    }

    /// The sign bit as a Bool (also for NaN encodings).
    pub fn fp_sign_bit(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_bit(x, f.width() - 1)
    }

    /// The encodings whose exponent field is all ones (`exp_ones`; else all zeros) and whose
    /// fraction is zero (`frac_zero`) or not: the infinities, NaNs, zeros and subnormals.
    fn fp_class(&mut self, f: Format, x: TermId, exp_ones: bool, frac_zero: bool) -> TermId {
        let e = if exp_ones { self.fp_exp_all_ones(f, x) } else { self.fp_exp_zero(f, x) };
        let m = self.fp_frac_zero(f, x);
        let m = if frac_zero { m } else { self.not(m) };
        self.and(e, m)
    }

    pub fn fp_is_nan(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_class(f, x, true, false)
    }

    pub fn fp_is_infinite(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_class(f, x, true, true)
    }

    pub fn fp_is_zero(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_class(f, x, false, true)
    }

    pub fn fp_is_subnormal(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_class(f, x, false, false)
    }

    pub fn fp_is_normal(&mut self, f: Format, x: TermId) -> TermId {
        let z = self.fp_exp_zero(f, x);
        let o = self.fp_exp_all_ones(f, x);
        let either = self.or(z, o);
        self.not(either)
    }

    /// A number (not NaN) whose sign bit is `negative`: `fp.isNegative`, `fp.isPositive`.
    fn fp_signed_number(&mut self, f: Format, x: TermId, negative: bool) -> TermId {
        let s = self.fp_sign_bit(f, x);
        let s = if negative { s } else { self.not(s) };
        let n = self.fp_is_nan(f, x);
        let nn = self.not(n);
        self.and(s, nn)
    }

    /// `fp.isNegative`: false for NaN.
    pub fn fp_is_negative(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_signed_number(f, x, true)
    }

    /// `fp.isPositive`: false for NaN.
    pub fn fp_is_positive(&mut self, f: Format, x: TermId) -> TermId {
        self.fp_signed_number(f, x, false)
    }

    /// Takes `x` apart (see [`Unpacked`]); subnormals are normalised.
    pub fn fp_unpack(&mut self, f: Format, x: TermId) -> Unpacked {
        let nan = self.fp_is_nan(f, x);
        let inf = self.fp_is_infinite(f, x);
        let zero = self.fp_is_zero(f, x);
        let sign = self.fp_sign_bit(f, x);
        let (_, e, m) = self.fp_fields(f, x);
        let ew = f.exp_width();
        let ez = self.fp_exp_zero(f, x);
        // Hidden bit: 1 unless the exponent field is 0.
        let hidden = self.not(ez);
        let hb = self.fp_bool_bv(hidden);
        let sig = self.concat(hb, m);
        // Unbiased exponent: field - bias, or emin for subnormals (and zeros).
        let ee = self.zero_extend(e, ew - f.eb);
        let bias = self.fp_int(ew, f.bias());
        let unb = self.bvsub(ee, bias);
        let emin = self.fp_int(ew, f.emin());
        let exp = self.ite(ez, emin, unb);
        let (nexp, nsig) = self.fp_normalize(exp, sig);
        // Zeros keep exponent emin (normalising 0 would shift it down).
        let exp = self.ite(zero, emin, nexp);
        Unpacked { nan, inf, zero, sign, exp, sig: nsig }
    }

    /// The canonical NaN of `f` as a term.
    pub fn fp_nan(&mut self, f: Format) -> TermId {
        self.fp_const(f.nan())
    }

    /// Infinity with the sign given by the Bool `sign`.
    pub fn fp_inf_signed(&mut self, f: Format, sign: TermId) -> TermId {
        let p = self.fp_const(f.inf(false));
        let n = self.fp_const(f.inf(true));
        self.ite(sign, n, p)
    }

    /// Zero with the sign given by the Bool `sign`.
    pub fn fp_zero_signed(&mut self, f: Format, sign: TermId) -> TermId {
        let p = self.fp_const(f.zero(false));
        let n = self.fp_const(f.zero(true));
        self.ite(sign, n, p)
    }

    /// `fp.neg`: flips the sign; NaN stays the canonical NaN.
    pub fn fp_neg(&mut self, f: Format, x: TermId) -> TermId {
        let w = f.width();
        let bit = self.bv_const(BitVecValue::one(w).shl_by(w - 1));
        let flipped = self.bvxor(x, bit);
        let n = self.fp_is_nan(f, x);
        let nan = self.fp_nan(f);
        self.ite(n, nan, flipped)
    }

    /// `fp.abs`: clears the sign; NaN stays the canonical NaN.
    pub fn fp_abs(&mut self, f: Format, x: TermId) -> TermId {
        let w = f.width();
        let mask = self.bv_const(BitVecValue::ones(w).lshr_by(1));
        let cleared = self.bvand(x, mask);
        let n = self.fp_is_nan(f, x);
        let nan = self.fp_nan(f);
        self.ite(n, nan, cleared)
    }

    /// `x` itself, or the canonical NaN if `x` is any NaN.
    pub fn fp_canonical(&mut self, f: Format, x: TermId) -> TermId {
        let n = self.fp_is_nan(f, x);
        let nan = self.fp_nan(f);
        self.ite(n, nan, x)
    }
}
