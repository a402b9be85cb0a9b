//! Derived operators: SMT-LIB operators and overflow predicates defined by their standard
//! expansions into the core operators of [`crate::term::Op`].
//!
//! Invariant: each constructor here is a definition, not a rewrite; the result is equivalent to
//! the SMT-LIB meaning for all inputs (checked exhaustively in `tests/operators.rs`). Keeping
//! them out of `Op` means the evaluator, rewriter and blaster have fewer cases to get right.

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
        let s = if subtract { self.bvsub(a, b) } else { self.bvadd(a, b) };
        let (ma, mb, ms) = (self.msb(a), self.msb(b), self.msb(s));
        let signs = if subtract { self.xor(ma, mb) } else { self.eq(ma, mb) };
        let flip = self.xor(ma, ms);
        self.and(signs, flip)
    }

    /// Unsigned subtraction overflows (borrows): `a < b`.
    pub fn usub_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        self.ult(a, b)
    }

    /// Signed subtraction overflows: operands of different sign, result sign differs from `a`.
    pub fn ssub_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        self.signed_add_sub_overflow(a, b, true)
    }

    /// Unsigned multiplication overflows: the double-width product has a non-zero high half.
    pub fn umul_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        let (xa, xb) = (self.zero_extend(a, w), self.zero_extend(b, w));
        let p = self.bvmul(xa, xb);
        let hi = self.extract(p, 2 * w - 1, w);
        let z = self.bv_u64(w, 0);
        let e = self.eq(hi, z);
        self.not(e)
    }

    /// Signed multiplication overflows: the double-width product is not a sign extension of its
    /// low half.
    pub fn smul_overflow(&mut self, a: TermId, b: TermId) -> TermId {
        let w = self.width(a);
        let (xa, xb) = (self.sign_extend(a, w), self.sign_extend(b, w));
        let p = self.bvmul(xa, xb);
        let lo = self.extract(p, w - 1, 0);
        let back = self.sign_extend(lo, w);
        let e = self.eq(back, p);
        self.not(e)
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
