//! Comparisons (`fp.eq fp.lt fp.leq fp.gt fp.geq`, IEEE 754-2019 §5.11) and `fp.min`/`fp.max`
//! (§5.3.1 minNum/maxNum as SMT-LIB defines them).
//!
//! Invariants: comparisons read the encodings directly. They are false whenever an operand is
//! NaN, and `-0` and `+0` compare equal (unlike SMT-LIB's `=`, which is bit equality on the
//! canonical encodings). Ordering on encodings is sign-magnitude: for two non-negative values
//! the larger magnitude field is the larger value, for two negative ones the reverse.
//! `fp.min(-0, +0)` is unspecified in SMT-LIB; the caller supplies the choice as a Bool term
//! (`true` takes the first operand), so a solver front end can make it a free choice.

use super::Format;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

impl TermManager {
    /// Whether either operand is a NaN, and whether both are zeros (of any signs).
    fn fp_nan_or_zeros(&mut self, f: Format, a: TermId, b: TermId) -> (TermId, TermId) {
        let na = self.fp_is_nan(f, a);
        let nb = self.fp_is_nan(f, b);
        let any_nan = self.or(na, nb);
        let za = self.fp_is_zero(f, a);
        let zb = self.fp_is_zero(f, b);
        (any_nan, self.and(za, zb))
    }

    /// `fp.eq`: neither is NaN, and both are zeros or the encodings are equal.
    pub fn fp_eq(&mut self, f: Format, a: TermId, b: TermId) -> TermId {
        let (any_nan, zz) = self.fp_nan_or_zeros(f, a, b);
        let same = self.eq(a, b);
        let eq = self.or(zz, same);
        let nn = self.not(any_nan);
        self.and(nn, eq)
    }

    /// `fp.lt`.
    pub fn fp_lt(&mut self, f: Format, a: TermId, b: TermId) -> TermId {
        let w = f.width();
        let (any_nan, zz) = self.fp_nan_or_zeros(f, a, b);
        let sa = self.fp_sign_bit(f, a);
        let sbit = self.fp_sign_bit(f, b);
        let mask = self.bv_const(BitVecValue::ones(w).lshr_by(1));
        let ma = self.bvand(a, mask);
        let mb = self.bvand(b, mask);
        let a_smaller = self.ult(ma, mb);
        let b_smaller = self.ult(mb, ma);
        let nsb = self.not(sbit);
        let nsa = self.not(sa);
        let neg_pos = self.and(sa, nsb);
        let both_pos = self.and(nsa, nsb);
        let pos_case = self.and(both_pos, a_smaller);
        let both_neg = self.and(sa, sbit);
        let neg_case = self.and(both_neg, b_smaller);
        let lt = self.or(neg_pos, pos_case);
        let lt = self.or(lt, neg_case);
        let excluded = self.or(any_nan, zz);
        let ne = self.not(excluded);
        self.and(ne, lt)
    }

    /// `fp.leq` = `fp.lt` or `fp.eq`.
    pub fn fp_leq(&mut self, f: Format, a: TermId, b: TermId) -> TermId {
        let lt = self.fp_lt(f, a, b);
        let eq = self.fp_eq(f, a, b);
        self.or(lt, eq)
    }

    pub fn fp_gt(&mut self, f: Format, a: TermId, b: TermId) -> TermId {
        self.fp_lt(f, b, a)
    }

    pub fn fp_geq(&mut self, f: Format, a: TermId, b: TermId) -> TermId {
        self.fp_leq(f, b, a)
    }

    fn fp_min_max(&mut self, f: Format, a: TermId, b: TermId, zero_choice: TermId, max: bool) -> TermId {
        let na = self.fp_is_nan(f, a);
        let nb = self.fp_is_nan(f, b);
        let za = self.fp_is_zero(f, a);
        let zb = self.fp_is_zero(f, b);
        let zz = self.and(za, zb);
        let sa = self.fp_sign_bit(f, a);
        let sbit = self.fp_sign_bit(f, b);
        let sd = self.xor(sa, sbit);
        let mixed_zeros = self.and(zz, sd);
        let a_better = if max { self.fp_gt(f, a, b) } else { self.fp_lt(f, a, b) };
        let ordinary = self.ite(a_better, a, b);
        let chosen = self.ite(zero_choice, a, b);
        let r = self.ite(mixed_zeros, chosen, ordinary);
        let r = self.ite(nb, a, r);
        let r = self.ite(na, b, r);
        self.fp_canonical(f, r)
    }

    /// `fp.min`: a NaN operand is ignored; `zero_choice` decides `fp.min(-0, +0)`.
    pub fn fp_min(&mut self, f: Format, a: TermId, b: TermId, zero_choice: TermId) -> TermId {
        self.fp_min_max(f, a, b, zero_choice, false)
    }

    /// `fp.max`: a NaN operand is ignored; `zero_choice` decides `fp.max(-0, +0)`.
    pub fn fp_max(&mut self, f: Format, a: TermId, b: TermId, zero_choice: TermId) -> TermId {
        self.fp_min_max(f, a, b, zero_choice, true)
    }
}
