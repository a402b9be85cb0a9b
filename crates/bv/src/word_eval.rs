//! Fast repeated evaluation of one term under many assignments: the term's DAG compiled once to
//! a straight-line program over machine words.
//!
//! [`crate::eval::Evaluator`] is the reference semantics, built for one-off evaluation: it keeps
//! values as [`crate::BitVecValue`]s in a hash map. Engines that evaluate the *same* predicate on
//! thousands of concrete states (SYNERGY places every test state in the region whose predicate
//! it satisfies, Gulavani et al. 2006 §3) pay that hashing on every state. A [`WordProgram`]
//! does the DAG walk and the hashing once: each node becomes one instruction writing one slot of
//! a word array, in an order where operands come first.
//!
//! Invariants: a program exists only for terms whose every sub-term is Boolean or a bit-vector of
//! at most 64 bits ([`WordProgram::compile`] returns `None` otherwise, and the caller falls back
//! to the reference evaluator). Every slot holds its value zero-extended to 64 bits (Booleans
//! are 0 or 1), so equality is word equality and unsigned comparisons are word comparisons. The
//! meaning of every operator is SMT-LIB's, as in [`crate::eval::apply`] — division by zero
//! included — and the tests in `tests/word_eval.rs` check the two agree on random terms.

use std::collections::HashMap;

use crate::sort::Sort;
use crate::term::{Op, TermId, TermManager};

/// One node of the compiled DAG: the operator, the width of its first operand (or of the
/// result, for constants and variables), and the slots of its operands.
#[derive(Clone, Debug)]
struct Instr {
    op: WordOp,
    /// Width of the first operand; for leaves, of the result.
    w: u32,
    args: [u32; 3],
}

#[derive(Clone, Copy, Debug)]
enum WordOp {
    Const(u64),
    /// The input at this index (a variable of the term); `None`: not assigned, so 0 / false.
    Input(Option<u32>),
    Not,
    And,
    Or,
    Xor,
    Ite,
    Eq,
    BvNot,
    BvAnd,
    BvOr,
    BvXor,
    BvNeg,
    BvAdd,
    BvSub,
    BvMul,
    BvUdiv,
    BvUrem,
    BvSdiv,
    BvSrem,
    BvSmod,
    BvShl,
    BvLshr,
    BvAshr,
    /// `concat(hi, lo)` where `lo` has this many bits.
    Concat(u32),
    Extract { hi: u32, lo: u32 },
    ZeroExt,
    SignExt(u32),
    Ult,
    Slt,
}

/// A term compiled for evaluation over 64-bit words.
#[derive(Clone, Debug)]
pub struct WordProgram {
    code: Vec<Instr>,
}

/// The low `w` bits set.
#[inline]
fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// `x`, a `w`-bit value, sign-extended to 64 bits.
#[inline]
fn signed(x: u64, w: u32) -> i64 {
    let shift = 64 - w;
    ((x << shift) as i64) >> shift
}

impl WordProgram {
    /// Compiles `root`. `input_of` names, for each variable term, its index in the input slice
    /// given to [`Self::eval`] (`None`: the variable is unassigned and evaluates to 0 / false,
    /// as in the reference evaluator). `None` if some sub-term is wider than 64 bits.
    pub fn compile(tm: &TermManager, root: TermId, mut input_of: impl FnMut(TermId) -> Option<u32>) -> Option<WordProgram> {
        let mut slot: HashMap<TermId, u32> = HashMap::new();
        let mut code = Vec::new();
        let mut stack = vec![(root, false)];
        while let Some((t, expanded)) = stack.pop() {
            if slot.contains_key(&t) {
                continue;
            }
            if !expanded {
                stack.push((t, true));
                for &c in tm.args(t) {
                    if !slot.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            let width = |s: Sort| match s {
                Sort::Bool => 1,
                Sort::BitVec(w) => w,
            };
            let own = width(tm.sort(t));
            if own > 64 {
                return None;
            }
            let args = tm.args(t);
            let w = args.first().map_or(own, |&a| width(tm.sort(a)));
            let op = match tm.op(t) {
                Op::BoolConst(b) => WordOp::Const(u64::from(*b)),
                Op::BvConst(v) => WordOp::Const(v.to_u64()?),
                Op::Var(_) => WordOp::Input(input_of(t)),
                Op::Not => WordOp::Not,
                Op::And => WordOp::And,
                Op::Or => WordOp::Or,
                Op::Xor => WordOp::Xor,
                Op::Ite => WordOp::Ite,
                Op::Eq => WordOp::Eq,
                Op::BvNot => WordOp::BvNot,
                Op::BvAnd => WordOp::BvAnd,
                Op::BvOr => WordOp::BvOr,
                Op::BvXor => WordOp::BvXor,
                Op::BvNeg => WordOp::BvNeg,
                Op::BvAdd => WordOp::BvAdd,
                Op::BvSub => WordOp::BvSub,
                Op::BvMul => WordOp::BvMul,
                Op::BvUdiv => WordOp::BvUdiv,
                Op::BvUrem => WordOp::BvUrem,
                Op::BvSdiv => WordOp::BvSdiv,
                Op::BvSrem => WordOp::BvSrem,
                Op::BvSmod => WordOp::BvSmod,
                Op::BvShl => WordOp::BvShl,
                Op::BvLshr => WordOp::BvLshr,
                Op::BvAshr => WordOp::BvAshr,
                Op::Concat => WordOp::Concat(width(tm.sort(args[1]))),
                Op::Extract { hi, lo } => WordOp::Extract { hi: *hi, lo: *lo },
                Op::ZeroExt(_) => WordOp::ZeroExt,
                Op::SignExt(_) => WordOp::SignExt(own),
                Op::Ult => WordOp::Ult,
                Op::Slt => WordOp::Slt,
            };
            let mut a = [0u32; 3];
            for (i, c) in args.iter().enumerate() {
                a[i] = slot[c];
            }
            slot.insert(t, code.len() as u32);
            code.push(Instr { op, w, args: a });
        }
        Some(WordProgram { code })
    }

    /// The number of instructions (nodes of the compiled DAG).
    pub fn len(&self) -> usize {
        self.code.len()
    }

    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    /// The value of the term (zero-extended; a Boolean is 0 or 1) when variable number `i` of
    /// [`Self::compile`]'s `input_of` has the value `inputs[i]` (its low bits are used).
    /// `scratch` is reused between calls to avoid allocation.
    pub fn eval(&self, inputs: &[u64], scratch: &mut Vec<u64>) -> u64 {
        scratch.clear();
        scratch.reserve(self.code.len());
        for ins in &self.code {
            let v = |i: usize| scratch[ins.args[i] as usize];
            let w = ins.w;
            let m = mask(w);
            let r = match ins.op {
                WordOp::Const(c) => c,
                WordOp::Input(i) => i.map_or(0, |i| inputs[i as usize] & m),
                WordOp::Not => v(0) ^ 1,
                WordOp::And | WordOp::BvAnd => v(0) & v(1),
                WordOp::Or | WordOp::BvOr => v(0) | v(1),
                WordOp::Xor | WordOp::BvXor => v(0) ^ v(1),
                WordOp::Ite => {
                    if v(0) != 0 {
                        v(1)
                    } else {
                        v(2)
                    }
                }
                WordOp::Eq => u64::from(v(0) == v(1)),
                WordOp::BvNot => !v(0) & m,
                WordOp::BvNeg => v(0).wrapping_neg() & m,
                WordOp::BvAdd => v(0).wrapping_add(v(1)) & m,
                WordOp::BvSub => v(0).wrapping_sub(v(1)) & m,
                WordOp::BvMul => v(0).wrapping_mul(v(1)) & m,
                WordOp::BvUdiv => v(0).checked_div(v(1)).unwrap_or(m),
                WordOp::BvUrem => v(0).checked_rem(v(1)).unwrap_or(v(0)),
                WordOp::BvSdiv => {
                    let (a, b) = (signed(v(0), w), signed(v(1), w));
                    if b == 0 {
                        // SMT-LIB: −(|a| udiv 0) for negative a, i.e. 1; all ones otherwise.
                        if a < 0 {
                            1
                        } else {
                            m
                        }
                    } else {
                        (a.wrapping_div(b) as u64) & m
                    }
                }
                WordOp::BvSrem => {
                    let (a, b) = (signed(v(0), w), signed(v(1), w));
                    if b == 0 {
                        v(0)
                    } else {
                        (a.wrapping_rem(b) as u64) & m
                    }
                }
                WordOp::BvSmod => {
                    let (a, b) = (signed(v(0), w), signed(v(1), w));
                    if b == 0 {
                        v(0)
                    } else {
                        let r = a.wrapping_rem(b);
                        let r = if r != 0 && (r < 0) != (b < 0) { r.wrapping_add(b) } else { r };
                        (r as u64) & m
                    }
                }
                WordOp::BvShl => {
                    let s = v(1);
                    if s >= u64::from(w) {
                        0
                    } else {
                        (v(0) << s) & m
                    }
                }
                WordOp::BvLshr => {
                    let s = v(1);
                    if s >= u64::from(w) {
                        0
                    } else {
                        v(0) >> s
                    }
                }
                WordOp::BvAshr => {
                    let (a, s) = (signed(v(0), w), v(1));
                    let s = s.min(u64::from(w) - 1) as u32;
                    ((a >> s) as u64) & m
                }
                WordOp::Concat(lo_bits) => (v(0) << lo_bits) | v(1),
                WordOp::Extract { hi, lo } => (v(0) >> lo) & mask(hi - lo + 1),
                WordOp::ZeroExt => v(0),
                WordOp::SignExt(to) => (signed(v(0), w) as u64) & mask(to),
                WordOp::Ult => u64::from(v(0) < v(1)),
                WordOp::Slt => u64::from(signed(v(0), w) < signed(v(1), w)),
            };
            scratch.push(r);
        }
        scratch.last().copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluator, Value};
    use crate::BitVecValue;

    /// Every binary bit-vector operator at width 4, on all pairs of values, against the
    /// reference evaluator (the random differential test is in `tests/word_eval.rs`).
    #[test]
    fn every_binary_operator_at_width_4_agrees_with_the_reference() {
        let ops = [
            Op::BvAnd,
            Op::BvOr,
            Op::BvXor,
            Op::BvAdd,
            Op::BvSub,
            Op::BvMul,
            Op::BvUdiv,
            Op::BvUrem,
            Op::BvSdiv,
            Op::BvSrem,
            Op::BvSmod,
            Op::BvShl,
            Op::BvLshr,
            Op::BvAshr,
            Op::Concat,
            Op::Ult,
            Op::Slt,
            Op::Eq,
        ];
        let mut tm = TermManager::new();
        tm.set_rewrite_config(crate::RewriteConfig::none());
        let (x, y) = (tm.var("x", Sort::BitVec(4)), tm.var("y", Sort::BitVec(4)));
        for op in ops {
            let t = tm.app(op.clone(), &[x, y]);
            let p = WordProgram::compile(&tm, t, |v| Some(u32::from(v == y))).unwrap();
            let mut scratch = Vec::new();
            for a in 0..16u64 {
                for b in 0..16u64 {
                    let assign = [(x, Value::Bv(BitVecValue::from_u64(4, a))), (y, Value::Bv(BitVecValue::from_u64(4, b)))];
                    let want = match Evaluator::new(&tm, assign).eval(t) {
                        Value::Bool(b) => u64::from(b),
                        Value::Bv(v) => v.to_u64().unwrap(),
                    };
                    assert_eq!(p.eval(&[a, b], &mut scratch), want, "{op:?} {a} {b}");
                }
            }
        }
    }

    #[test]
    fn terms_wider_than_a_word_are_not_compiled() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(64));
        let t = tm.zero_extend(x, 1);
        assert!(WordProgram::compile(&tm, t, |_| Some(0)).is_none());
    }
}
