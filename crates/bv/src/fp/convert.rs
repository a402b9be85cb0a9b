//! Conversions (IEEE 754-2019 §5.4.1 convertFromInt, §5.4.2 formatOf, §5.8
//! convertToInteger; SMT-LIB `to_fp`, `to_fp_unsigned`, `fp.to_ubv`, `fp.to_sbv`).
//!
//! Invariants: integer → float and float → float round once through [`super::round`] (an
//! integer is exact at exponent `width - 1`); NaN converts to the canonical NaN, ±∞ and ±0 keep
//! their sign. Float → integer rounds with the given mode to an integer and reports separately
//! whether that integer is representable ([`FpToBv::in_range`]); outside that range (and for NaN
//! and ∞) SMT-LIB leaves the value unspecified and C makes the conversion undefined, so the
//! value returned there is the caller's `unspecified` term.

use super::Format;
use crate::term::{TermId, TermManager};

/// Result of a float → bit-vector conversion.
#[derive(Clone, Copy, Debug)]
pub struct FpToBv {
    /// The integer (equal to `unspecified` where `in_range` is false).
    pub value: TermId,
    /// Bool: the rounded value is a number representable in the target width and signedness.
    pub in_range: TermId,
}

impl TermManager {
    /// `((_ to_fp_unsigned eb sb) rm v)` (`signed` false) or `((_ to_fp eb sb) rm v)` for a
    /// bit-vector `v` read as two's complement (`signed` true).
    pub fn fp_from_bv(&mut self, f: Format, rm: TermId, v: TermId, signed: bool) -> TermId {
        let m = self.width(v);
        let (sign, mag) = if signed {
            let s = self.fp_bit(v, m - 1);
            let n = self.bvneg(v);
            (s, self.ite(s, n, v))
        } else {
            (self.ff(), v)
        };
        let is_zero = self.fp_is_zero_bv(v);
        // mag · 2^0 = sig · 2^(exp - (W-1)) with sig = mag · 2^k, W = m + k, exp = m - 1.
        let k = (f.sb + 2).saturating_sub(m);
        let sig = if k > 0 {
            let z = self.bv_u64(k, 0);
            self.concat(mag, z)
        } else {
            mag
        };
        let ew = f.exp_width().max(32 - m.leading_zeros() + 2);
        let e = self.fp_int(ew, i64::from(m) - 1);
        let r = self.fp_round(f, rm, sign, e, sig);
        let z = self.fp_zero_signed(f, sign);
        self.ite(is_zero, z, r)
    }

    /// `((_ to_fp eb sb) rm x)` for a float `x` of format `from`.
    pub fn fp_convert(&mut self, from: Format, to: Format, rm: TermId, x: TermId) -> TermId {
        let u = self.fp_unpack(from, x);
        let k = (to.sb + 2).saturating_sub(from.sb);
        let sig = if k > 0 {
            let z = self.bv_u64(k, 0);
            self.concat(u.sig, z)
        } else {
            u.sig
        };
        let r = self.fp_round(to, rm, u.sign, u.exp, sig);
        let z = self.fp_zero_signed(to, u.sign);
        let i = self.fp_inf_signed(to, u.sign);
        let r = self.ite(u.zero, z, r);
        let r = self.ite(u.inf, i, r);
        let nv = self.fp_nan(to);
        self.ite(u.nan, nv, r)
    }

    /// `((_ fp.to_ubv m) rm x)` / `((_ fp.to_sbv m) rm x)`: `x` rounded to an integer in mode
    /// `rm`, as `m` bits; `unspecified` (width `m`) where it is out of range.
    pub fn fp_to_bv(&mut self, f: Format, rm: TermId, x: TermId, m: u32, signed: bool, unspecified: TermId) -> FpToBv {
        let r = self.fp_round_to_integral(f, rm, x);
        let u = self.fp_unpack(f, r);
        let sb = f.sb;
        // Integer magnitude: sig · 2^(exp - (sb-1)), computed in m + sb + 1 bits where exp < m.
        let wide = m + sb + 1;
        let s = self.zero_extend(u.sig, wide - sb);
        let ew = f.exp_width().max(32 - wide.leading_zeros() + 2);
        let e = self.fp_resize_signed(u.exp, ew);
        let lim = self.fp_int(ew, i64::from(m));
        let small = self.slt(e, lim);
        let zero_e = self.fp_int(ew, 0);
        let e_nonneg = self.sge(e, zero_e);
        // exp >= 0 for any non-zero integer; shift by exp (< m) then down by sb - 1.
        let e_amt = self.ite(e_nonneg, e, zero_e);
        let e_amt = self.fp_clamp_amount(e_amt, wide);
        let up = self.bvshl(s, e_amt);
        let down = self.bv_u64(wide, u64::from(sb) - 1);
        let mag = self.bvlshr(up, down);
        let mag_m = self.extract(mag, m - 1, 0);
        let finite = {
            let n = self.or(u.nan, u.inf);
            self.not(n)
        };
        let in_range = if signed {
            // |n| < 2^(m-1), or n = -2^(m-1).
            let lim1 = self.fp_int(ew, i64::from(m) - 1);
            let lt = self.slt(e, lim1);
            let eq = self.eq(e, lim1);
            let pow = self.bv_const(crate::value::BitVecValue::one(sb).shl_by(sb - 1));
            let exact_pow = self.eq(u.sig, pow);
            let min = self.and(eq, exact_pow);
            let min = self.and(min, u.sign);
            let ok = self.or(lt, min);
            self.or(u.zero, ok)
        } else {
            let ns = self.not(u.sign);
            let ok = self.and(ns, small);
            self.or(u.zero, ok)
        };
        let in_range = self.and(finite, in_range);
        let neg = self.bvneg(mag_m);
        let val = if signed { self.ite(u.sign, neg, mag_m) } else { mag_m };
        let zero = self.bv_u64(m, 0);
        let val = self.ite(u.zero, zero, val);
        let value = self.ite(in_range, val, unspecified);
        FpToBv { value, in_range }
    }
}
