//! `fp.add`, `fp.sub`, `fp.mul`, `fp.div` (IEEE 754-2019 §5.4.1) and the exact addition core
//! that `fp.fma` shares (SymFPU §4.3–4.4).
//!
//! Invariants: special operands (NaN, ∞, 0) are decided first from the unpacked flags, exactly
//! as §6.1–6.3 and §7.2 say (∞ − ∞, 0 · ∞, 0/0, ∞/∞ are NaN; x/0 is ∞ with the xor of the
//! signs); finite non-zero results are computed exactly — or exactly up to a sticky bit — and
//! rounded once by [`super::round`]. An exact zero sum is +0, or −0 when rounding toward
//! negative (§6.3), and a sum of two zeros of one sign keeps that sign.

use super::unpack::Unpacked;
use super::{Format, RTN};
use crate::term::{TermId, TermManager};

/// An exact operand of the addition core: `(-1)^sign · sig · 2^(exp - (n - 1))` with `sig`
/// normalised (top bit set) or zero (`zero` true). All operands of one call have the same `n`
/// and exponent width.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Exact {
    pub sign: TermId,
    pub exp: TermId,
    pub sig: TermId,
    pub zero: TermId,
}

impl TermManager {
    /// The correctly rounded `x + y` of two exact operands (either may be zero).
    pub(crate) fn fp_add_exact(&mut self, f: Format, rm: TermId, x: Exact, y: Exact) -> TermId {
        let n = self.width(x.sig);
        // Order by magnitude: a is the larger.
        let ex_lt = self.slt(x.exp, y.exp);
        let ex_eq = self.eq(x.exp, y.exp);
        let sx_lt = self.ult(x.sig, y.sig);
        let same_e_smaller = self.and(ex_eq, sx_lt);
        let x_smaller = self.or(ex_lt, same_e_smaller);
        let x_small_or_zero = self.or(x.zero, x_smaller);
        let ny_zero = self.not(y.zero);
        let swap = self.and(ny_zero, x_small_or_zero);
        let a_sign = self.ite(swap, y.sign, x.sign);
        let a_exp = self.ite(swap, y.exp, x.exp);
        let a_sig = self.ite(swap, y.sig, x.sig);
        let b_sign = self.ite(swap, x.sign, y.sign);
        let b_exp = self.ite(swap, x.exp, y.exp);
        let b_sig = self.ite(swap, x.sig, y.sig);
        let b_zero = self.ite(swap, x.zero, y.zero);
        // Significands with a carry bit above and three bits below: W = n + 4.
        let z1 = self.bv_u64(1, 0);
        let z3 = self.bv_u64(3, 0);
        let a_w = self.concat(z1, a_sig);
        let a_w = self.concat(a_w, z3);
        let b_w = self.concat(z1, b_sig);
        let b_w = self.concat(b_w, z3);
        let w = n + 4;
        let ew = self.width(a_exp) + 2;
        let ae = self.fp_resize_signed(a_exp, ew);
        let be = self.fp_resize_signed(b_exp, ew);
        let d = self.bvsub(ae, be);
        let all = self.bv_u64(ew.max(32), u64::from(w));
        let all = self.fp_resize_unsigned(all, ew);
        let amt = self.ite(b_zero, all, d);
        let (b_sh, lost) = self.fp_sticky_shr(b_w, amt);
        let lost_bv = self.fp_bool_bv(lost);
        let lost_w = self.zero_extend(lost_bv, w - 1);
        let b_sh = self.bvor(b_sh, lost_w);
        let eff_sub = self.xor(a_sign, b_sign);
        let diff = self.bvsub(a_w, b_sh);
        let sum = self.bvadd(a_w, b_sh);
        let r = self.ite(eff_sub, diff, sum);
        // Exact zero: both operands zero, or exact cancellation.
        let r_zero = self.fp_is_zero_bv(r);
        let rtn = self.fp_rm_is(rm, RTN);
        let both_zero = self.and(x.zero, y.zero);
        let any_neg = self.or(x.sign, y.sign);
        let all_neg = self.and(x.sign, y.sign);
        let zz_sign = self.ite(rtn, any_neg, all_neg);
        let zero_sign = self.ite(both_zero, zz_sign, rtn);
        let zero = self.fp_zero_signed(f, zero_sign);
        let one = self.fp_int(ew, 1);
        let r_exp = self.bvadd(ae, one);
        let rounded = self.fp_round(f, rm, a_sign, r_exp, r);
        self.ite(r_zero, zero, rounded)
    }

    fn fp_exact_of(&mut self, u: &Unpacked) -> Exact {
        Exact { sign: u.sign, exp: u.exp, sig: u.sig, zero: u.zero }
    }

    /// `fp.add rm a b`.
    pub fn fp_add(&mut self, f: Format, rm: TermId, a: TermId, b: TermId) -> TermId {
        let ua = self.fp_unpack(f, a);
        let ub = self.fp_unpack(f, b);
        let both_inf = self.and(ua.inf, ub.inf);
        let signs_differ = self.xor(ua.sign, ub.sign);
        let inf_minus_inf = self.and(both_inf, signs_differ);
        let any_nan = self.or(ua.nan, ub.nan);
        let nan = self.or(any_nan, inf_minus_inf);
        let inf_sign = self.ite(ua.inf, ua.sign, ub.sign);
        let any_inf = self.or(ua.inf, ub.inf);
        let (xa, xb) = (self.fp_exact_of(&ua), self.fp_exact_of(&ub));
        let finite = self.fp_add_exact(f, rm, xa, xb);
        let inf = self.fp_inf_signed(f, inf_sign);
        let r = self.ite(any_inf, inf, finite);
        let nanv = self.fp_nan(f);
        self.ite(nan, nanv, r)
    }

    /// `fp.sub rm a b` = `fp.add rm a (fp.neg b)`.
    pub fn fp_sub(&mut self, f: Format, rm: TermId, a: TermId, b: TermId) -> TermId {
        let nb = self.fp_neg(f, b);
        self.fp_add(f, rm, a, nb)
    }

    /// Special cases shared by multiplication and division: the result sign, whether the result
    /// is NaN, ∞, or 0, given the operands' flags.
    fn fp_mul_div_specials(&mut self, f: Format, rm: TermId, ua: &Unpacked, ub: &Unpacked, nan: TermId, inf: TermId, zero: TermId, finite: TermId) -> TermId {
        let _ = rm;
        let sign = self.xor(ua.sign, ub.sign);
        let zv = self.fp_zero_signed(f, sign);
        let iv = self.fp_inf_signed(f, sign);
        let nv = self.fp_nan(f);
        let r = self.ite(zero, zv, finite);
        let r = self.ite(inf, iv, r);
        self.ite(nan, nv, r)
    }

    /// The special cases of `a · b` (`divide` false) or `a / b` (true): whether the result is
    /// NaN, infinite or zero, and its sign. A quotient's cases are a product's with the divisor's
    /// zero and infinity exchanged (`a / b` as `a · (1/b)`): `0/0` and `∞/∞` are NaN as `∞·0`
    /// and `0·∞` are.
    fn fp_mul_div_classes(&mut self, ua: &Unpacked, ub: &Unpacked, divide: bool) -> (TermId, TermId, TermId, TermId) {
        let (b_zero, b_inf) = if divide { (ub.inf, ub.zero) } else { (ub.zero, ub.inf) };
        let inf_times_zero = self.and(ua.inf, b_zero);
        let zero_times_inf = self.and(ua.zero, b_inf);
        let any_nan = self.or(ua.nan, ub.nan);
        let invalid = self.or(inf_times_zero, zero_times_inf);
        let nan = self.or(any_nan, invalid);
        let inf = self.or(ua.inf, b_inf);
        let zero = self.or(ua.zero, b_zero);
        let sign = self.xor(ua.sign, ub.sign);
        (nan, inf, zero, sign)
    }

    /// `fp.mul rm a b`.
    pub fn fp_mul(&mut self, f: Format, rm: TermId, a: TermId, b: TermId) -> TermId {
        let (ua, ub) = (self.fp_unpack(f, a), self.fp_unpack(f, b));
        let (nan, inf, zero, sign) = self.fp_mul_div_classes(&ua, &ub, false);
        let sb = f.sb;
        let sa = self.zero_extend(ua.sig, sb);
        let sbb = self.zero_extend(ub.sig, sb);
        let p = self.bvmul(sa, sbb);
        let ew = f.exp_width() + 2;
        let ea = self.fp_resize_signed(ua.exp, ew);
        let eb = self.fp_resize_signed(ub.exp, ew);
        let e = self.bvadd(ea, eb);
        let one = self.fp_int(ew, 1);
        let e = self.bvadd(e, one);
        let finite = self.fp_round(f, rm, sign, e, p);
        self.fp_mul_div_specials(f, rm, &ua, &ub, nan, inf, zero, finite)
    }

    /// `fp.div rm a b`.
    pub fn fp_div(&mut self, f: Format, rm: TermId, a: TermId, b: TermId) -> TermId {
        let (ua, ub) = (self.fp_unpack(f, a), self.fp_unpack(f, b));
        let (nan, inf, zero, sign) = self.fp_mul_div_classes(&ua, &ub, true);
        let sb = f.sb;
        // Quotient of sig_a · 2^(sb+2) by sig_b: sb + 2 or sb + 3 significant bits.
        let zeros = self.bv_u64(sb + 2, 0);
        let num = self.concat(ua.sig, zeros);
        let den = self.zero_extend(ub.sig, sb + 2);
        let q = self.bvudiv(num, den);
        let r = self.bvurem(num, den);
        let q = self.extract(q, sb + 2, 0);
        let rz = self.fp_is_zero_bv(r);
        let rnz = self.not(rz);
        let stick = self.fp_bool_bv(rnz);
        let stick = self.zero_extend(stick, sb + 2);
        let q = self.bvor(q, stick);
        let ew = f.exp_width() + 2;
        let ea = self.fp_resize_signed(ua.exp, ew);
        let eb = self.fp_resize_signed(ub.exp, ew);
        let e = self.bvsub(ea, eb);
        let finite = self.fp_round(f, rm, sign, e, q);
        self.fp_mul_div_specials(f, rm, &ua, &ub, nan, inf, zero, finite)
    }
}
