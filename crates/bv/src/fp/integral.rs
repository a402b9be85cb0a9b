//! `fp.roundToIntegral rm x` (IEEE 754-2019 §5.9) and the integer-valued rounding it rests on.
//!
//! Invariants: a value whose exponent is at least `sb - 1` is already an integer and is returned
//! unchanged (as are ±0 and ±∞); otherwise the fraction bits are shifted out into a guard and a
//! sticky bit and the rounding decision is the same one [`super::round`] makes. A result of
//! magnitude zero keeps the operand's sign (§5.9: `roundToIntegral(-0.3) = -0`).

use super::Format;
use crate::term::{TermId, TermManager};

impl TermManager {
    /// The magnitude of `x` rounded to an integer in mode `rm`, as an unsigned `sb + 1`-bit
    /// term, for finite `x` whose exponent is below `sb - 1` (other inputs: meaningless).
    pub(crate) fn fp_small_integer_part(&mut self, f: Format, rm: TermId, sign: TermId, exp: TermId, sig: TermId) -> TermId {
        let sb = f.sb;
        let ew = self.width(exp) + 1;
        let e = self.fp_resize_signed(exp, ew);
        let top = self.fp_int(ew, i64::from(sb) - 1);
        let fbits = self.bvsub(top, e); // > 0 here
        let z2 = self.bv_u64(2, 0);
        let x = self.concat(sig, z2);
        let (sh, lost) = self.fp_sticky_shr(x, fbits);
        let int = self.extract(sh, sb + 1, 2);
        let guard = self.fp_bit(sh, 1);
        let b0 = self.fp_bit(sh, 0);
        let sticky = self.or(b0, lost);
        self.fp_round_kept(rm, sign, int, guard, sticky)
    }

    pub fn fp_round_to_integral(&mut self, f: Format, rm: TermId, x: TermId) -> TermId {
        let u = self.fp_unpack(f, x);
        let sb = f.sb;
        let lim = self.fp_int(f.exp_width(), i64::from(sb) - 1);
        let integral = self.sge(u.exp, lim);
        let n = self.fp_small_integer_part(f, rm, u.sign, u.exp, u.sig);
        let nz = self.fp_is_zero_bv(n);
        let zero = self.fp_zero_signed(f, u.sign);
        // n < 2^sb + 1 is exact in the format: n · 2^0 with W = sb + 2.
        let z1 = self.bv_u64(1, 0);
        let n2 = self.concat(n, z1);
        let e = self.fp_int(f.exp_width() + 2, i64::from(sb));
        let rounded = self.fp_round(f, rm, u.sign, e, n2);
        let small = self.ite(nz, zero, rounded);
        let keep = self.or(u.inf, u.zero);
        let keep = self.or(keep, integral);
        let r = self.ite(keep, x, small);
        let nv = self.fp_nan(f);
        self.ite(u.nan, nv, r)
    }
}
