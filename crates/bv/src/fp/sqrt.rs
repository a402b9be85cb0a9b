//! `fp.sqrt rm x` (IEEE 754-2019 §5.4.1, §6.3: `sqrt(-0) = -0`; SymFPU §4.7).
//!
//! Invariants: the significand is scaled by an even power of two so that its integer square
//! root has at least `sb + 2` bits; the root is computed digit by digit (two radicand bits per
//! step, a subtract-and-compare each, no multiplier), and a non-zero remainder becomes the
//! sticky bit. The square root of a non-zero finite value is never exactly halfway, so RNE and
//! RNA agree, as they must.

use super::Format;
use crate::term::{TermId, TermManager};

impl TermManager {
    /// Integer square root of the unsigned `n` (even width `L`): `(root, remainder)` with
    /// `root` of width `L/2` and `root² + remainder = n`.
    pub(crate) fn fp_isqrt(&mut self, n: TermId) -> (TermId, TermId) {
        let l = self.width(n);
        debug_assert!(l % 2 == 0);
        let h = l / 2 + 3;
        let mut rem = self.bv_u64(h, 0);
        let mut root = self.bv_u64(h, 0);
        let two = self.bv_u64(h, 2);
        let one = self.bv_u64(h, 1);
        for i in (0..l / 2).rev() {
            let pair = self.extract(n, 2 * i + 1, 2 * i);
            let pair = self.zero_extend(pair, h - 2);
            let r4 = self.bvshl(rem, two);
            rem = self.bvor(r4, pair);
            let t4 = self.bvshl(root, two);
            let trial = self.bvor(t4, one);
            let ge = self.uge(rem, trial);
            let sub = self.bvsub(rem, trial);
            rem = self.ite(ge, sub, rem);
            let r2 = self.bvshl(root, one);
            let r2b = self.bvor(r2, one);
            root = self.ite(ge, r2b, r2);
        }
        let root = self.extract(root, l / 2 - 1, 0);
        (root, rem)
    }

    pub fn fp_sqrt(&mut self, f: Format, rm: TermId, x: TermId) -> TermId {
        let u = self.fp_unpack(f, x);
        let sb = f.sb;
        let nz = self.not(u.zero);
        let neg = self.and(u.sign, nz);
        let nan = self.or(u.nan, neg);
        // x = sig · 2^(exp - (sb-1)); scale sig by t = sb+4 or sb+5 so exp - (sb-1) - t is even.
        let ew = f.exp_width() + 2;
        let e = self.fp_resize_signed(u.exp, ew);
        let base = self.fp_int(ew, i64::from(sb) - 1 + i64::from(sb) + 4);
        let e0 = self.bvsub(e, base);
        let odd = self.fp_bit(e0, 0);
        let l = 2 * sb + 6;
        let s = self.zero_extend(u.sig, l - sb);
        let t0 = self.bv_u64(l, u64::from(sb) + 4);
        let t1 = self.bv_u64(l, u64::from(sb) + 5);
        let t = self.ite(odd, t1, t0);
        let radicand = self.bvshl(s, t);
        let one = self.fp_int(ew, 1);
        let e0m = self.bvsub(e0, one);
        let e_even = self.ite(odd, e0m, e0);
        let half = self.bvashr(e_even, one);
        // root has width sb+3; value = root · 2^half = root · 2^(exp' - (sb+2)).
        let off = self.fp_int(ew, i64::from(sb) + 2);
        let re = self.bvadd(half, off);
        let (root, rem) = self.fp_isqrt(radicand);
        let rz = self.fp_is_zero_bv(rem);
        let rnz = self.not(rz);
        let stick = self.fp_bool_bv(rnz);
        let stick = self.zero_extend(stick, sb + 2);
        let root = self.bvor(root, stick);
        let ff = self.ff();
        let finite = self.fp_round(f, rm, ff, re, root);
        let r = self.ite(u.inf, x, finite);
        let r = self.ite(u.zero, x, r);
        let nv = self.fp_nan(f);
        self.ite(nan, nv, r)
    }
}
