//! The low bits of a bit-vector term that its syntax alone fixes: `t mod 2^k = r` for every
//! assignment, found bottom-up from constants, sums, differences, products, shifts by constants,
//! concatenations, extractions and extensions (the "known bits" of LLVM's `computeKnownBits`
//! and of Bitwuzla's abstraction, restricted to a known *suffix*, which sums keep exact).
//!
//! Why (issue #19, `bench/RESULTS-2.md`, tune8): the explicit engine's path conditions contain
//! sums of multiples of powers of two (`x = x + 2^20·a` in a loop); `4x − 2y + z = 2^20` is
//! false for every input because the left side is a multiple of 2^22, but the SAT core proves
//! it again at every iteration, through ever longer adder chains. [`crate::rewrite::Rule::EqLowBits`]
//! turns such an equality into `false` when the two sides' known low bits differ.
//!
//! Invariant (tested exhaustively at small widths in `tests/low_bits.rs`): for every term `t`
//! and every assignment, `value(t) mod 2^k = r`, where `(k, r) = TermManager::low_bits(t)`,
//! `k ≤ min(width(t), 64)` and `r < 2^k`. Bool terms and unknown operators have `k = 0`.
//! Each node's pair is computed once, from its operands' pairs, when the node is created.

use crate::term::Op;
use crate::value::BitVecValue;

/// `value mod 2^k = r` for every assignment (`k ≤ 64`, `r < 2^k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LowBits {
    pub k: u32,
    pub r: u64,
}

/// `2^k − 1` for `k ≤ 64`.
fn mask(k: u32) -> u64 {
    if k >= 64 {
        !0
    } else {
        (1u64 << k) - 1
    }
}

impl LowBits {
    pub const UNKNOWN: LowBits = LowBits { k: 0, r: 0 };

    fn new(k: u32, r: u64) -> LowBits {
        LowBits { k, r: r & mask(k) }
    }

    /// All (up to 64) low bits of a constant.
    pub fn of_const(v: &BitVecValue) -> LowBits {
        LowBits::new(v.width().min(64), v.low_u64())
    }

    /// Known to the full width `w` (every bit fixed).
    fn is_full(self, w: u32) -> bool {
        w <= 64 && self.k == w
    }

    /// The number of low bits known to be zero (`k` when `r = 0`).
    fn zeros(self) -> u32 {
        if self.r == 0 {
            self.k
        } else {
            self.r.trailing_zeros()
        }
    }

    /// Whether the two pairs' common low bits contradict each other: then no assignment gives
    /// the two terms the same value.
    pub fn conflicts(self, o: LowBits) -> bool {
        let k = self.k.min(o.k);
        (self.r ^ o.r) & mask(k) != 0
    }

    /// The pair of `op` applied to operands with pairs `args` and widths `widths`, giving a
    /// result of width `w` (1 for Bool, whose pair is unknown).
    pub fn of_op(op: &Op, args: &[LowBits], widths: &[u32], w: u32) -> LowBits {
        let cap = w.min(64);
        let two = |i: usize| (args[i], args.get(1).copied().unwrap_or_default());
        match op {
            Op::BvConst(v) => LowBits::of_const(v),
            Op::BvNot => LowBits::new(args[0].k, !args[0].r),
            Op::BvNeg => LowBits::new(args[0].k, args[0].r.wrapping_neg()),
            Op::BvAdd => {
                let (a, b) = two(0);
                LowBits::new(a.k.min(b.k), a.r.wrapping_add(b.r))
            }
            Op::BvSub => {
                let (a, b) = two(0);
                LowBits::new(a.k.min(b.k), a.r.wrapping_sub(b.r))
            }
            Op::BvMul => {
                // a = ra + 2^ka·A, b = rb + 2^kb·B: a·b = ra·rb + ra·2^kb·B + rb·2^ka·A + 2^(ka+kb)·A·B,
                // and ra·2^kb·B is a multiple of 2^(kb + zeros(ra)) (likewise the third term).
                let (a, b) = two(0);
                let k = (a.k + b.k).min(b.k + a.zeros()).min(a.k + b.zeros()).min(cap);
                LowBits::new(k, a.r.wrapping_mul(b.r))
            }
            Op::BvAnd | Op::BvOr | Op::BvXor => {
                let (a, b) = two(0);
                let k = a.k.min(b.k);
                let r = match op {
                    Op::BvAnd => a.r & b.r,
                    Op::BvOr => a.r | b.r,
                    _ => a.r ^ b.r,
                };
                // Known zeros of either operand of `and` stay zero beyond the common suffix.
                let k = if matches!(op, Op::BvAnd) { k.max(a.zeros().max(b.zeros()).min(cap)) } else { k };
                LowBits::new(k, r)
            }
            Op::BvShl => match args[1].is_full(widths[1]).then_some(args[1].r) {
                // A constant shift: the low `s` bits become zero, the known ones move up.
                Some(s) if s < cap as u64 => LowBits::new((args[0].k + s as u32).min(cap), args[0].r << s),
                // All the low (up to 64) bits are shifted-in zeros.
                Some(_) => LowBits::new(cap, 0),
                // Any shift keeps the known low zeros (a shift by the width or more gives 0).
                None => LowBits::new(args[0].zeros().min(cap), 0),
            },
            Op::BvLshr | Op::BvAshr => match args[1].is_full(widths[1]).then_some(args[1].r) {
                Some(0) => args[0],
                // Bits at `s` and above move down; known ones stay known while they came from below
                // `k` (and below the width, where `lshr` shifts zeros in).
                Some(s) if s < args[0].k as u64 => LowBits::new(args[0].k - s as u32, args[0].r >> s),
                _ => LowBits::UNKNOWN,
            },
            Op::Concat => {
                let (hi, lo) = two(0);
                if lo.is_full(widths[1]) && widths[1] < 64 {
                    LowBits::new((widths[1] + hi.k).min(cap), lo.r | (hi.r << widths[1]))
                } else {
                    lo
                }
            }
            Op::Extract { hi, lo } => {
                let a = args[0];
                if a.k > *lo {
                    LowBits::new((a.k - lo).min(hi - lo + 1), a.r >> lo)
                } else {
                    LowBits::UNKNOWN
                }
            }
            Op::ZeroExt(_) => {
                let a = args[0];
                if a.is_full(widths[0]) && widths[0] < 64 {
                    // The extension's zeros are known too.
                    LowBits::new(cap, a.r)
                } else {
                    a
                }
            }
            Op::SignExt(_) => {
                let a = args[0];
                if a.is_full(widths[0]) && widths[0] < 64 {
                    let sign = (a.r >> (widths[0] - 1)) & 1 == 1;
                    LowBits::new(cap, if sign { a.r | !mask(widths[0]) } else { a.r })
                } else {
                    a
                }
            }
            Op::Ite => {
                // The bits both branches agree on, from the bottom.
                let (a, b) = (args[1], args[2]);
                let k = a.k.min(b.k).min((a.r ^ b.r).trailing_zeros());
                LowBits::new(k, a.r)
            }
            _ => LowBits::UNKNOWN,
        }
    }
}
