//! Derived operators: SMT-LIB operators and overflow predicates defined by their standard
//! expansions into the core operators of [`crate::term::Op`].
//!
//! Invariant: each constructor here is a definition, not a rewrite; the result is equivalent to
//! the SMT-LIB meaning for all inputs (checked exhaustively in `tests/operators.rs`). Keeping
//! them out of `Op` means the evaluator, rewriter and blaster have fewer cases to get right.
//! The overflow predicates are `false` outright when their operands' value ranges
//! ([`crate::ranges`]) show that the result fits: still equivalent for all inputs, and it
//! spares the SAT core proving a multiplier property (`(long)x * (long)y` of two `int`s, the
//! explicit engine's overflow check, ran into its limit of 200,000 conflicts).

use crate::ranges;
use crate::term::{TermId, TermManager};
use crate::value::BitVecValue;

/// The comparisons derived from a strict one `lt`: `le(a, b) = ¬lt(b, a)`, `gt(a, b) = lt(b, a)`,
/// `ge(a, b) = le(b, a)`.
macro_rules! derived_comparisons {
    ($($lt:ident => $le:ident, $gt:ident, $ge:ident;)*) => {
        $(
            #[doc = concat!("`(", stringify!($le), " a b)` = `¬(", stringify!($lt), " b a)`.")]
            pub fn $le(&mut self, a: TermId, b: TermId) -> TermId {
                let gt = self.$lt(b, a);
                self.not(gt)
            }
            #[doc = concat!("`(", stringify!($gt), " a b)` = `(", stringify!($lt), " b a)`.")]
            pub fn $gt(&mut self, a: TermId, b: TermId) -> TermId {
                self.$lt(b, a)
            }
            #[doc = concat!("`(", stringify!($ge), " a b)` = `(", stringify!($le), " b a)`.")]
            pub fn $ge(&mut self, a: TermId, b: TermId) -> TermId {
                self.$le(b, a)
            }
        )*
    };
}

/// `not(op(a, b))` for a bitwise operator `op`.
macro_rules! negated_bitwise {
    ($($op:ident => $name:ident;)*) => {
        $(
            #[doc = concat!("`(", stringify!($name), " a b)` = `(bvnot (", stringify!($op), " a b))`.")]
            pub fn $name(&mut self, a: TermId, b: TermId) -> TermId {
                let x = self.$op(a, b);
                self.bvnot(x)
            }
        )*
    };
}

impl TermManager {
    pub fn implies(&mut self, a: TermId, b: TermId) -> TermId {
        let na = self.not(a);
        self.or(na, b)
    }

    /// `(distinct t1 … tn)`: all pairs differ.
    pub fn distinct(&mut self, ts: &[TermId]) -> TermId {
        let mut acc = self.tt();
        for i in 0..ts.len() {
            for j in i + 1..ts.len() {
                let e = self.eq(ts[i], ts[j]);
                let ne = self.not(e);
                acc = self.and(acc, ne);
            }
        }
        acc
    }

    derived_comparisons! {
        ult => ule, ugt, uge;
        slt => sle, sgt, sge;
    }

    negated_bitwise! {
        bvand => bvnand;
        bvor => bvnor;
        bvxor => bvxnor;
    }

    /// `(bvcomp a b)`: `#b1` if equal, `#b0` otherwise.
    pub fn bvcomp(&mut self, a: TermId, b: TermId) -> TermId {
        let e = self.eq(a, b);
        let one = self.bv_u64(1, 1);
        let zero = self.bv_u64(1, 0);
        self.ite(e, one, zero)
    }

    /// `((_ repeat n) a)` for `n >= 1`.
    pub fn repeat(&mut self, a: TermId, n: u32) -> TermId {
        let mut r = a;
        for _ in 1..n.max(1) {
            r = self.concat(r, a);
        }
        r
    }

    pub fn rotate_left(&mut self, a: TermId, k: u32) -> TermId {
        let w = self.width(a);
        let k = k % w;
        if k == 0 {
            return a;
        }
        let hi = self.extract(a, w - k - 1, 0);
        let lo = self.extract(a, w - 1, w - k);
        self.concat(hi, lo)
    }

    pub fn rotate_right(&mut self, a: TermId, k: u32) -> TermId {
        let w = self.width(a);
        self.rotate_left(a, (w - k % w) % w)
    }

    fn msb(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        let b = self.extract(a, w - 1, w - 1);
        let one = self.bv_u64(1, 1);
        self.eq(b, one)
    }

    /// Unsigned addition overflows: the carry out of `a + b`.
    pub fn uadd_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        if self.cannot_overflow(a, b, false, ranges::add) {
            return self.ff();
        }
        let (xa, xb) = (self.zero_extend(a, 1), self.zero_extend(b, 1));
        let s = self.bvadd(xa, xb);
        let c = self.extract(s, w, w);
        let one = self.bv_u64(1, 1);
        self.eq(c, one)
    }

    /// Signed addition overflows: operands of equal sign, result of the other sign.
    pub fn sadd_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        self.signed_add_sub_overflow(a, b, false)
    }

    /// Whether `a + b` (`a - b` when `subtract`) overflows the signed range: the operands' signs
    /// are equal for a sum (differ for a difference), and the result's sign is not `a`'s.
    fn signed_add_sub_overflow(&mut self, a: TermId, b: TermId, subtract: bool) -> TermId {
        if self.cannot_overflow(a, b, true, if subtract { ranges::sub } else { ranges::add }) {
            return self.ff();
        }
        let s = if subtract { self.bvsub(a, b) } else { self.bvadd(a, b) };
        let (ma, mb, ms) = (self.msb(a), self.msb(b), self.msb(s));
        let signs = if subtract { self.xor(ma, mb) } else { self.eq(ma, mb) };
        let flip = self.xor(ma, ms);
        self.and(signs, flip)
    }

    /// Unsigned subtraction overflows (borrows): `a < b`.
    pub fn usub_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        if self.cannot_overflow(a, b, false, ranges::sub) {
            return self.ff();
        }
        self.ult(a, b)
    }

    /// Signed subtraction overflows: operands of different sign, result sign differs from `a`.
    pub fn ssub_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        self.signed_add_sub_overflow(a, b, true)
    }

    /// Bit `i` of `a`, as a Bool.
    fn bit_is_set(&mut self, a: TermId, i: u32) -> TermId {
        let b = self.extract(a, i, i);
        let one = self.bv_u64(1, 1);
        self.eq(b, one)
    }

    /// Whether some set bit `a[i]` and some set bit `b[j]` have `i + j > top`, for `i` and `j`
    /// in `1..=top`: `OR_j (b[j] AND OR_{i >= top + 1 - j} a[i])`, with the inner disjunction
    /// grown as `j` rises (linear size).
    fn high_bits_meet(&mut self, a: TermId, b: TermId, top: u32) -> TermId {
        let mut prefix = self.ff();
        let mut meet = self.ff();
        for j in 1..=top {
            let ai = self.bit_is_set(a, top + 1 - j);
            prefix = self.or(prefix, ai);
            let bj = self.bit_is_set(b, j);
            let both = self.and(prefix, bj);
            meet = self.or(meet, both);
        }
        meet
    }

    /// Whether the ranges of `a` and `b` ([`crate::ranges`]) show that `combine` of them stays
    /// inside `w` bits in the reading, so the operation cannot overflow.
    fn cannot_overflow(&self, a: TermId, b: TermId, signed: bool, combine: fn(ranges::Range, ranges::Range) -> Option<ranges::Range>) -> bool {
        let w = self.width(a);
        let r = self.value_range(a, signed).zip(self.value_range(b, signed)).and_then(|(ra, rb)| combine(ra, rb));
        ranges::fits(r, w, signed)
    }

    /// Unsigned multiplication overflows. With `p`, `q` the highest set bits of `a` and `b`: if
    /// `p + q >= w` the product is at least `2^w`; otherwise it is below `2^(p+q+2) <= 2^(w+1)`,
    /// so the `w+1`-bit product is exact and overflow is its bit `w`. A `w+1`-bit multiplier and
    /// a linear test instead of a `2w`-bit multiplier (Boolector's `umulo`; checked exhaustively
    /// at widths 1–8 by `tests/operators.rs`).
    pub fn umul_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        if self.cannot_overflow(a, b, false, ranges::mul) {
            return self.ff();
        }
        let (xa, xb) = (self.zero_extend(a, 1), self.zero_extend(b, 1));
        let p = self.bvmul(xa, xb);
        let carry = self.bit_is_set(p, w);
        if w < 2 {
            return carry;
        }
        let meet = self.high_bits_meet(a, b, w - 1);
        self.or(carry, meet)
    }

    /// Signed multiplication overflows. With `a'`, `b'` the operands XOR their sign (so `a'` is
    /// `a` or `|a| - 1`, below `2^(w-1)`) and `p`, `q` their highest set bits: if
    /// `p + q >= w - 1` then `|a b| > 2^(w-1)`, an overflow for any signs; otherwise
    /// `|a b| <= 2^(p+q+2) <= 2^w`, so the `w+1`-bit product of the sign-extended operands is
    /// exact (or wraps only at `+2^w`, itself an overflow) and overflow is its bits `w` and `w-1`
    /// differing (Boolector's `smulo`; checked exhaustively at widths 1–8).
    pub fn smul_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        if self.cannot_overflow(a, b, true, ranges::mul) {
            return self.ff();
        }
        let (xa, xb) = (self.sign_extend(a, 1), self.sign_extend(b, 1));
        let p = self.bvmul(xa, xb);
        let (top, below) = (self.bit_is_set(p, w), self.bit_is_set(p, w - 1));
        let differ = self.xor(top, below);
        if w < 3 {
            return differ;
        }
        let magnitude = |tm: &mut Self, x: TermId| {
            let sign = tm.extract(x, w - 1, w - 1);
            let signs = tm.sign_extend(sign, w - 1);
            tm.bvxor(x, signs)
        };
        let (ma, mb) = (magnitude(self, a), magnitude(self, b));
        let meet = self.high_bits_meet(ma, mb, w - 2);
        self.or(differ, meet)
    }

    /// Signed division overflows: `MIN / -1`.
    pub fn sdiv_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        let min = self.bv_const(BitVecValue::min_signed(w));
        let m1 = self.bv_const(BitVecValue::ones(w));
        let ea = self.eq(a, min);
        let eb = self.eq(b, m1);
        self.and(ea, eb)
    }

    /// Negation overflows: `-MIN`.
    pub fn neg_overflow(&mut self, a: TermId) -> TermId {
        let w = self.width(a);
        let min = self.bv_const(BitVecValue::min_signed(w));
        self.eq(a, min)
    }
}

#[cfg(test)]
mod tests {
    use crate::eval::{Evaluator, Value};
    use crate::{BitVecValue, Sort, TermId, TermManager};

    /// The early `false` of the overflow predicates ([`crate::ranges`]), against integer
    /// arithmetic: 8-bit operands built from two 3-bit inputs (extensions, their sums,
    /// differences and products, some that wrap, constants), every input pair, every predicate.
    /// Each operand's value also lies in its range, in both readings.
    #[test]
    fn overflow_predicates_of_narrow_operands_are_exact() {
        let mut tm = TermManager::new();
        let (x, y) = (tm.var("x", Sort::BitVec(3)), tm.var("y", Sort::BitVec(3)));
        let (sx, sy, zx, zy) = (tm.sign_extend(x, 5), tm.sign_extend(y, 5), tm.zero_extend(x, 5), tm.zero_extend(y, 5));
        let mut operands = vec![sx, sy, zx, zy];
        for (a, b) in [(sx, sy), (zx, zy), (sx, zy)] {
            operands.push(tm.bvadd(a, b));
            operands.push(tm.bvsub(a, b));
            operands.push(tm.bvmul(a, b));
        }
        let sq = tm.bvmul(sx, sx);
        operands.push(tm.bvmul(sq, sx));
        let sum = tm.bvadd(sq, sy);
        operands.push(tm.bvadd(sum, sum));
        let big = tm.bvmul(sum, sum); // wraps: its range is the whole one
        operands.push(tm.bvsub(big, zx));
        let (one, nine) = (tm.bv_u64(8, 1), tm.bv_u64(8, 9));
        let zx1 = tm.bvadd(zx, one);
        operands.push(zx1);
        operands.push(tm.bvsub(zx1, nine));
        operands.push(tm.sign_extend(sy, 0));
        for c in [0u64, 1, 3, 4, 7, 8, 0x3f, 0x40, 0x7f, 0x80, 0xc0, 0xfc, 0xff] {
            operands.push(tm.bv_u64(8, c));
        }
        let value = |ev: &mut Evaluator, t: TermId| match ev.eval(t) {
            Value::Bv(v) => v.low_u64(),
            other => panic!("not a bit-vector: {other:?}"),
        };
        let mut early = 0;
        for &a in &operands {
            for &b in &operands {
                let preds = [
                    ("sadd", tm.sadd_overflow(a, b)),
                    ("ssub", tm.ssub_overflow(a, b)),
                    ("uadd", tm.uadd_overflow(a, b)),
                    ("usub", tm.usub_overflow(a, b)),
                    ("smul", tm.smul_overflow(a, b)),
                    ("umul", tm.umul_overflow(a, b)),
                ];
                early += preds.iter().filter(|(_, p)| *p == tm.ff()).count();
                for xv in 0..8u64 {
                    for yv in 0..8u64 {
                        let inputs = [(x, Value::Bv(BitVecValue::from_u64(3, xv))), (y, Value::Bv(BitVecValue::from_u64(3, yv)))];
                        let mut ev = Evaluator::new(&tm, inputs);
                        let (ua, ub) = (value(&mut ev, a) as i64, value(&mut ev, b) as i64);
                        let (sa, sb) = (ua as u8 as i8 as i64, ub as u8 as i8 as i64);
                        let signed_out = |r: i64| !(-128..=127).contains(&r);
                        for (t, v, signed) in [(a, sa, true), (a, ua, false), (b, sb, true), (b, ub, false)] {
                            let (lo, hi) = tm.value_range(t, signed).expect("8 bits have a range");
                            assert!(lo <= v as i128 && v as i128 <= hi, "value {v} outside [{lo}, {hi}] (signed {signed})");
                        }
                        for (name, p) in preds {
                            let expect = match name {
                                "sadd" => signed_out(sa + sb),
                                "ssub" => signed_out(sa - sb),
                                "uadd" => ua + ub > 255,
                                "usub" => ua < ub,
                                "smul" => signed_out(sa * sb),
                                _ => ua * ub > 255,
                            };
                            assert_eq!(ev.eval(p), Value::Bool(expect), "{name} at x = {xv}, y = {yv}");
                        }
                    }
                }
            }
        }
        assert!(early > 100, "the narrow operands take the early answer ({early} times)");
    }
}
