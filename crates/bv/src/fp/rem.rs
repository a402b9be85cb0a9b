//! `fp.rem` (IEEE 754-2019 §5.3.1 remainder: `x - y·n` with `n` the integer nearest `x/y`, ties
//! to even) and C's `fmod` (the same with `n` truncated toward zero, C11 7.12.10.1), both exact.
//!
//! Invariants: the result is exact, so the only rounding is packing an exact value. The
//! remainder of the significands is computed by restoring long division, one quotient bit per
//! unit of exponent difference `ex - ey`, unrolled to the largest difference the format allows
//! (`emax - emin + sb - 1` steps, each guarded by "step < difference"); the last quotient bit
//! decides ties for `fp.rem`. Special cases (§7.2(f)): NaN if an operand is NaN, `x` is ∞ or `y`
//! is 0; `x` itself if `y` is ∞ or `x` is 0. A zero result has the sign of `x`.

use super::Format;
use crate::term::{TermId, TermManager};

impl TermManager {
    /// The encoding of the exact value `(-1)^sign · m · 2^scale` (`m` unsigned, non-zero, and
    /// representable in `f` at that scale).
    fn fp_pack_exact(&mut self, f: Format, sign: TermId, m: TermId, scale: TermId) -> TermId {
        let mw = self.width(m);
        let w = (mw + 2).max(f.sb + 2);
        let z2 = self.bv_u64(2, 0);
        let sig = self.concat(m, z2);
        let sig = self.fp_resize_unsigned(sig, w);
        let sw = self.width(scale);
        let k = self.fp_int(sw, i64::from(w) - 3);
        let e = self.bvadd(scale, k);
        let rne = self.bv_u64(super::RM_WIDTH, super::RNE);
        self.fp_round(f, rne, sign, e, sig)
    }

    fn fp_remainder(&mut self, f: Format, x: TermId, y: TermId, nearest: bool) -> TermId {
        let ux = self.fp_unpack(f, x);
        let uy = self.fp_unpack(f, y);
        let sb = f.sb;
        let ew = f.exp_width() + 2;
        let ex = self.fp_resize_signed(ux.exp, ew);
        let ey = self.fp_resize_signed(uy.exp, ew);
        let d = self.bvsub(ex, ey);
        // Long division of sx · 2^d by sy (d >= 0), in sb + 1 bits.
        let sx = self.zero_extend(ux.sig, 1);
        let sy = self.zero_extend(uy.sig, 1);
        let ge = self.uge(sx, sy);
        let sub = self.bvsub(sx, sy);
        let mut r = self.ite(ge, sub, sx);
        let mut q = ge;
        let steps = f.emax() - f.emin() + i64::from(sb) - 1;
        let one = self.bv_u64(sb + 1, 1);
        for i in 0..steps {
            let ic = self.fp_int(ew, i);
            let active = self.slt(ic, d);
            let r2 = self.bvshl(r, one);
            let ge = self.uge(r2, sy);
            let sub = self.bvsub(r2, sy);
            let rn = self.ite(ge, sub, r2);
            r = self.ite(active, rn, r);
            q = self.ite(active, ge, q);
        }
        let zero_e = self.fp_int(ew, 0);
        let d_nonneg = self.sge(d, zero_e);
        // d >= 0: r at scale ey - (sb - 1); round the quotient to nearest if asked.
        let (mag, flip) = if nearest {
            let r2 = self.bvshl(r, one);
            let gt = self.ult(sy, r2);
            let eq = self.eq(r2, sy);
            let tie_odd = self.and(eq, q);
            let flip = self.or(gt, tie_odd);
            let other = self.bvsub(sy, r);
            (self.ite(flip, other, r), flip)
        } else {
            (r, self.ff())
        };
        let sb1 = self.fp_int(ew, i64::from(sb) - 1);
        let scale_y = self.bvsub(ey, sb1);
        let mag_zero = self.fp_is_zero_bv(mag);
        let sign = self.xor(ux.sign, flip);
        let packed = self.fp_pack_exact(f, sign, mag, scale_y);
        let zero_x = self.fp_zero_signed(f, ux.sign);
        let big = self.ite(mag_zero, zero_x, packed);
        // d < 0: |x| < |y|; for fp.rem, d = -1 and sx > sy means |x| > |y|/2: x - sign·y.
        let small = if nearest {
            let m1 = self.fp_int(ew, -1);
            let d_m1 = self.eq(d, m1);
            let gt = self.ult(sy, sx);
            let flip = self.and(d_m1, gt);
            let sy2 = self.zero_extend(uy.sig, 2);
            let two = self.bv_u64(sb + 2, 1);
            let sy2 = self.bvshl(sy2, two);
            let sx2 = self.zero_extend(ux.sig, 2);
            let m = self.bvsub(sy2, sx2);
            let scale_x = self.bvsub(ex, sb1);
            let nsign = self.not(ux.sign);
            let flipped = self.fp_pack_exact(f, nsign, m, scale_x);
            self.ite(flip, flipped, x)
        } else {
            x
        };
        let finite = self.ite(d_nonneg, big, small);
        let keep = self.or(uy.inf, ux.zero);
        let r = self.ite(keep, x, finite);
        let n1 = self.or(ux.nan, uy.nan);
        let n2 = self.or(ux.inf, uy.zero);
        let nan = self.or(n1, n2);
        let nv = self.fp_nan(f);
        self.ite(nan, nv, r)
    }

    /// `fp.rem x y`: IEEE remainder (quotient rounded to nearest, ties to even).
    pub fn fp_rem(&mut self, f: Format, x: TermId, y: TermId) -> TermId {
        self.fp_remainder(f, x, y, true)
    }

    /// C's `fmod(x, y)` (LLVM `frem`): the quotient truncated toward zero.
    pub fn fp_fmod(&mut self, f: Format, x: TermId, y: TermId) -> TermId {
        self.fp_remainder(f, x, y, false)
    }
}
