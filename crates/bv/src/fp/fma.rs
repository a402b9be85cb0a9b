//! `fp.fma rm a b c` = `a · b + c` rounded once (IEEE 754-2019 §5.4.1, SymFPU §4.5).
//!
//! Invariants: the product is formed exactly (`2·sb` bits, normalised by at most one shift) and
//! `c` is widened to the same `2·sb`-bit scale, then both go through the exact addition core of
//! [`super::arith`], so the result is rounded once. `0 · ∞` is NaN whatever `c` is (§7.2(c)),
//! and a zero product plus a zero `c` follows the sum-of-zeros sign rule.

use super::arith::Exact;
use super::Format;
use crate::term::{TermId, TermManager};

impl TermManager {
    pub fn fp_fma(&mut self, f: Format, rm: TermId, a: TermId, b: TermId, c: TermId) -> TermId {
        let ua = self.fp_unpack(f, a);
        let ub = self.fp_unpack(f, b);
        let uc = self.fp_unpack(f, c);
        let sb = f.sb;
        let psign = self.xor(ua.sign, ub.sign);
        let pinf = self.or(ua.inf, ub.inf);
        let pzero = self.or(ua.zero, ub.zero);
        let i0 = self.and(ua.inf, ub.zero);
        let z0 = self.and(ua.zero, ub.inf);
        let invalid_mul = self.or(i0, z0);
        let both_inf = self.and(pinf, uc.inf);
        let sd = self.xor(psign, uc.sign);
        let inf_minus_inf = self.and(both_inf, sd);
        let n1 = self.or(ua.nan, ub.nan);
        let n2 = self.or(n1, uc.nan);
        let n3 = self.or(n2, invalid_mul);
        let nan = self.or(n3, inf_minus_inf);
        let inf = self.or(pinf, uc.inf);
        let inf_sign = self.ite(pinf, psign, uc.sign);
        // Exact product, normalised to a set top bit.
        let ew = f.exp_width() + 2;
        let sa = self.zero_extend(ua.sig, sb);
        let sbb = self.zero_extend(ub.sig, sb);
        let p = self.bvmul(sa, sbb);
        let ea = self.fp_resize_signed(ua.exp, ew);
        let eb = self.fp_resize_signed(ub.exp, ew);
        let e = self.bvadd(ea, eb);
        let one = self.fp_int(ew, 1);
        let e1 = self.bvadd(e, one);
        let top = self.fp_bit(p, 2 * sb - 1);
        let one_w = self.bv_u64(2 * sb, 1);
        let p_sh = self.bvshl(p, one_w);
        let p = self.ite(top, p, p_sh);
        let pe = self.ite(top, e1, e);
        let zeros = self.bv_u64(sb, 0);
        let csig = self.concat(uc.sig, zeros);
        let ce = self.fp_resize_signed(uc.exp, ew);
        let x = Exact { sign: psign, exp: pe, sig: p, zero: pzero };
        let y = Exact { sign: uc.sign, exp: ce, sig: csig, zero: uc.zero };
        let finite = self.fp_add_exact(f, rm, x, y);
        let iv = self.fp_inf_signed(f, inf_sign);
        let r = self.ite(inf, iv, finite);
        let nv = self.fp_nan(f);
        self.ite(nan, nv, r)
    }
}
