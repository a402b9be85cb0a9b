//! The one rounding function (SymFPU §4.2): from an exact (or sticky-exact) intermediate result
//! to an encoded float, in any of the five rounding modes.
//!
//! Invariants: the input is a sign (Bool), a signed exponent `exp` of any width and a non-zero
//! significand `sig` of width `W >= sb + 2`, meaning `(-1)^sign · sig · 2^(exp - (W - 1))`; bit
//! 0 of `sig` may be a "sticky" bit (set when the true value lies strictly between `sig` and
//! `sig + 1` at that scale, and `sig` is then odd). Under that contract the result is the
//! correctly rounded value of IEEE 754-2019 §4.3: subnormal results are rounded once, at their
//! own precision (no double rounding), and overflow gives ±∞ or the largest finite number as
//! §7.4 prescribes for the mode. Exact zero results are the callers' business (their sign rules
//! differ).

use super::{Format, RNA, RTN, RTP, RTZ};
use crate::term::{TermId, TermManager};

impl TermManager {
    /// Whether to add one unit in the last place: from the last kept bit, the first dropped bit
    /// (`guard`) and whether any later bit is set (`sticky`). All Bool terms.
    pub(crate) fn fp_round_up(&mut self, rm: TermId, sign: TermId, lsb: TermId, guard: TermId, sticky: TermId) -> TermId {
        let gs = self.or(guard, sticky);
        let sl = self.or(sticky, lsb);
        let rne = self.and(guard, sl);
        let (toward_zero, away) = self.fp_directed(rm, sign);
        let ff = self.ff();
        let r = self.ite(toward_zero, ff, rne);
        let r = self.ite(away, gs, r);
        let is_rna = self.fp_rm_is(rm, RNA);
        self.ite(is_rna, guard, r)
    }

    /// Whether mode `rm` rounds a value of sign `sign` (Bool) towards zero (RTZ; RTP for a
    /// negative value, RTN for a positive one), and whether away from zero (RTP for a positive
    /// value, RTN for a negative one). Both false for the two round-to-nearest modes.
    fn fp_directed(&mut self, rm: TermId, sign: TermId) -> (TermId, TermId) {
        let nsign = self.not(sign);
        let is_rtz = self.fp_rm_is(rm, RTZ);
        let is_rtp = self.fp_rm_is(rm, RTP);
        let is_rtn = self.fp_rm_is(rm, RTN);
        let p_neg = self.and(is_rtp, sign);
        let n_pos = self.and(is_rtn, nsign);
        let toward = self.or(p_neg, n_pos);
        let toward = self.or(is_rtz, toward);
        let p_pos = self.and(is_rtp, nsign);
        let n_neg = self.and(is_rtn, sign);
        (toward, self.or(p_pos, n_neg))
    }

    /// `kept` rounded in mode `rm` from its `guard` and `sticky` bits: `kept` plus the increment
    /// of [`Self::fp_round_up`], one bit wider (the top bit is the carry).
    pub(crate) fn fp_round_kept(&mut self, rm: TermId, sign: TermId, kept: TermId, guard: TermId, sticky: TermId) -> TermId {
        let sb = self.width(kept);
        let lsb = self.fp_bit(kept, 0);
        let up = self.fp_round_up(rm, sign, lsb, guard, sticky);
        let upb = self.fp_bool_bv(up);
        let upw = self.zero_extend(upb, sb);
        let k1 = self.zero_extend(kept, 1);
        self.bvadd(k1, upw)
    }

    /// Rounds `(-1)^sign · sig · 2^(exp - (W - 1))` to format `f` (see the module contract).
    pub fn fp_round(&mut self, f: Format, rm: TermId, sign: TermId, exp: TermId, sig: TermId) -> TermId {
        let w = self.width(sig);
        assert!(w >= f.sb + 2, "fp_round needs two bits below the significand");
        let sb = f.sb;
        // Exponent arithmetic in a width where nothing below can wrap.
        let ew = self.width(exp).max(f.exp_width()) + (32 - w.leading_zeros()) + 2;
        let e = self.fp_resize_signed(exp, ew);
        let (e, s) = self.fp_normalize(e, sig);
        // Below emin the value is subnormal: shift right to emin's scale, keeping a sticky bit.
        let emin = self.fp_int(ew, f.emin());
        let tiny = self.slt(e, emin);
        let d = self.bvsub(emin, e);
        let zero_e = self.fp_int(ew, 0);
        let amt = self.ite(tiny, d, zero_e);
        let (s, lost) = self.fp_sticky_shr(s, amt);
        let e = self.ite(tiny, emin, e);
        // Kept bits, guard bit, sticky bits.
        let kept = self.extract(s, w - 1, w - sb);
        let guard = self.fp_bit(s, w - sb - 1);
        let rest = self.extract(s, w - sb - 2, 0);
        let rz = self.fp_is_zero_bv(rest);
        let rnz = self.not(rz);
        let sticky = self.or(rnz, lost);
        let k1 = self.fp_round_kept(rm, sign, kept, guard, sticky);
        let carry = self.fp_bit(k1, sb);
        let hi = self.extract(k1, sb, 1);
        let lo = self.extract(k1, sb - 1, 0);
        let sig_f = self.ite(carry, hi, lo);
        let one_e = self.fp_int(ew, 1);
        let e_inc = self.bvadd(e, one_e);
        let e_f = self.ite(carry, e_inc, e);
        // Overflow.
        let emax = self.fp_int(ew, f.emax());
        let overflow = self.slt(emax, e_f);
        // A mode that rounds towards zero stops at the largest finite number.
        let (to_max, _) = self.fp_directed(rm, sign);
        let maxp = self.fp_const(f.max_finite(false));
        let maxn = self.fp_const(f.max_finite(true));
        let maxv = self.ite(sign, maxn, maxp);
        let infv = self.fp_inf_signed(f, sign);
        let ovf = self.ite(to_max, maxv, infv);
        // Packing: a set top bit means a normal number.
        let normal = self.fp_bit(sig_f, sb - 1);
        let bias = self.fp_int(ew, f.bias());
        let biased = self.bvadd(e_f, bias);
        let biased = self.extract(biased, f.eb - 1, 0);
        let zero_field = self.bv_u64(f.eb, 0);
        let field = self.ite(normal, biased, zero_field);
        let frac = self.extract(sig_f, sb - 2, 0);
        let sbit = self.fp_bool_bv(sign);
        let packed = self.concat(sbit, field);
        let packed = self.concat(packed, frac);
        self.ite(overflow, ovf, packed)
    }
}
