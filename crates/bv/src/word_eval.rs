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

/// One node of the compiled DAG: what it computes, the width of its first operand (or of the
/// result, for leaves), and the slots of its operands.
#[derive(Clone, Debug)]
struct Instr {
    node: Node,
    /// Width of the first operand; for leaves, of the result.
    w: u32,
    /// Width of the second operand (what `concat` shifts by).
    w2: u32,
    args: [u32; 3],
}

#[derive(Clone, Debug)]
enum Node {
    Const(u64),
    /// The input at this index (a variable of the term); `None`: not assigned, so 0 / false.
    Input(Option<u32>),
    /// An operator applied to the operand slots.
    Apply(Op),
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
        // Per compiled term its instruction's index, and the instructions.
        let mut state: (HashMap<TermId, u32>, Vec<Instr>) = (HashMap::new(), Vec::new());
        let compile_node = |(slot, code): &mut (HashMap<TermId, u32>, Vec<Instr>), t: TermId| {
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
            let node = match tm.op(t) {
                Op::BoolConst(b) => Node::Const(u64::from(*b)),
                Op::BvConst(v) => Node::Const(v.to_u64()?),
                Op::Var(_) => Node::Input(input_of(t)),
                op => Node::Apply(op.clone()),
            };
            let w2 = args.get(1).map_or(0, |&a| width(tm.sort(a)));
            let mut a = [0u32; 3];
            for (i, c) in args.iter().enumerate() {
                a[i] = slot[c];
            }
            slot.insert(t, code.len() as u32);
            code.push(Instr { node, w, w2, args: a });
            Some(())
        };
        tm.post_order(root, &mut state, |(slot, _), t| slot.contains_key(&t), compile_node)?;
        Some(WordProgram { code: state.1 })
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
            let w = ins.w;
            let m = mask(w);
            let op = match &ins.node {
                Node::Const(c) => {
                    scratch.push(*c);
                    continue;
                }
                Node::Input(i) => {
                    scratch.push(i.map_or(0, |i| inputs[i as usize] & m));
                    continue;
                }
                Node::Apply(op) => op,
            };
            let v = |i: usize| scratch[ins.args[i] as usize];
            let r = match op {
                Op::Not => v(0) ^ 1,
                Op::And | Op::BvAnd => v(0) & v(1),
                Op::Or | Op::BvOr => v(0) | v(1),
                Op::Xor | Op::BvXor => v(0) ^ v(1),
                Op::Ite => {
                    if v(0) != 0 {
                        v(1)
                    } else {
                        v(2)
                    }
                }
                Op::Eq => u64::from(v(0) == v(1)),
                Op::BvNot => !v(0) & m,
                Op::BvNeg => v(0).wrapping_neg() & m,
                Op::BvAdd => v(0).wrapping_add(v(1)) & m,
                Op::BvSub => v(0).wrapping_sub(v(1)) & m,
                Op::BvMul => v(0).wrapping_mul(v(1)) & m,
                Op::BvUdiv => v(0).checked_div(v(1)).unwrap_or(m),
                Op::BvUrem => v(0).checked_rem(v(1)).unwrap_or(v(0)),
                Op::BvSdiv | Op::BvSrem | Op::BvSmod => {
                    let (a, b) = (signed(v(0), w), signed(v(1), w));
                    let r = match (op, b) {
                        // SMT-LIB: −(|a| udiv 0) for negative a, i.e. 1; all ones otherwise.
                        (Op::BvSdiv, 0) => {
                            if a < 0 {
                                1
                            } else {
                                -1
                            }
                        }
                        (_, 0) => a,
                        (Op::BvSdiv, _) => a.wrapping_div(b),
                        (Op::BvSrem, _) => a.wrapping_rem(b),
                        // bvsmod: the remainder with the divisor's sign.
                        _ => {
                            let r = a.wrapping_rem(b);
                            if r != 0 && (r < 0) != (b < 0) {
                                r.wrapping_add(b)
                            } else {
                                r
                            }
                        }
                    };
                    (r as u64) & m
                }
                Op::BvShl => {
                    let s = v(1);
                    if s >= u64::from(w) {
                        0
                    } else {
                        (v(0) << s) & m
                    }
                }
                Op::BvLshr => {
                    let s = v(1);
                    if s >= u64::from(w) {
                        0
                    } else {
                        v(0) >> s
                    }
                }
                Op::BvAshr => {
                    let (a, s) = (signed(v(0), w), v(1));
                    let s = s.min(u64::from(w) - 1) as u32;
                    ((a >> s) as u64) & m
                }
                Op::Concat => (v(0) << ins.w2) | v(1),
                Op::Extract { hi, lo } => (v(0) >> lo) & mask(hi - lo + 1),
                Op::ZeroExt(_) => v(0),
                Op::SignExt(n) => (signed(v(0), w) as u64) & mask(w + n),
                Op::Ult => u64::from(v(0) < v(1)),
                Op::Slt => u64::from(signed(v(0), w) < signed(v(1), w)),
                Op::BoolConst(_) | Op::BvConst(_) | Op::Var(_) => unreachable!("leaves are Node::Const and Node::Input"),
            };
            scratch.push(r);
        }
        scratch.last().copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_wider_than_a_word_are_not_compiled() {
        let mut tm = TermManager::new();
        let x = tm.var("x", Sort::BitVec(64));
        let t = tm.zero_extend(x, 1);
        assert!(WordProgram::compile(&tm, t, |_| Some(0)).is_none());
    }
}
