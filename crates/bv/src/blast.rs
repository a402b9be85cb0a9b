//! The bit-blaster: terms to AIG literals (Babić thesis §5.1.2, the CNF encoder's front half).
//!
//! Invariants:
//! - `bits[t]`, once set, is the final bit vector of term `t` (LSB first; one bit for Bool) and
//!   never changes; blasting is memoised per term, so a term shared by many formulas is blasted
//!   once, and a term never asked for (or not reachable from one asked for) is never blasted.
//! - A variable's bits are fresh AIG inputs; [`Blaster::var_bits`] lists them for model reading.
//! - The blaster belongs to one [`TermManager`]; using it with another gives wrong circuits.

use crate::aig::{Aig, AigLit};
use crate::circuits::{self, Shift};
use crate::term::{Op, TermId, TermManager};

#[derive(Default)]
pub struct Blaster {
    pub aig: Aig,
    bits: Vec<Option<Box<[AigLit]>>>,
    vars: Vec<TermId>,
}

impl Blaster {
    pub fn new() -> Self {
        Self::default()
    }

    /// Bits of an already blasted term.
    pub fn bits(&self, t: TermId) -> Option<&[AigLit]> {
        self.bits.get(t.index()).and_then(|b| b.as_deref())
    }

    /// Variables blasted so far (their bits are AIG inputs).
    pub fn blasted_vars(&self) -> &[TermId] {
        &self.vars
    }

    /// Number of terms blasted so far.
    pub fn num_blasted(&self) -> usize {
        self.bits.iter().filter(|b| b.is_some()).count()
    }

    /// The single literal of a Bool term.
    pub fn blast_bool(&mut self, tm: &TermManager, t: TermId) -> AigLit {
        self.blast(tm, t)[0]
    }

    /// Blasts `root` and everything below it that is not blasted yet.
    pub fn blast(&mut self, tm: &TermManager, root: TermId) -> Vec<AigLit> {
        if self.bits.len() < tm.num_terms() {
            self.bits.resize(tm.num_terms(), None);
        }
        let mut stack = vec![root];
        while let Some(&t) = stack.last() {
            if self.bits[t.index()].is_some() {
                stack.pop();
                continue;
            }
            let pending: Vec<TermId> =
                tm.args(t).iter().copied().filter(|a| self.bits[a.index()].is_none()).collect();
            if !pending.is_empty() {
                stack.extend(pending);
                continue;
            }
            stack.pop();
            let b = self.blast_node(tm, t);
            debug_assert_eq!(b.len() as u32, tm.width(t));
            self.bits[t.index()] = Some(b.into_boxed_slice());
        }
        self.bits[root.index()].as_deref().map(|b| b.to_vec()).unwrap_or_default()
    }

    fn blast_node(&mut self, tm: &TermManager, t: TermId) -> Vec<AigLit> {
        let arg = |i: usize| -> Vec<AigLit> {
            let a = tm.arg(t, i);
            self.bits[a.index()].as_deref().map(|b| b.to_vec()).unwrap_or_default()
        };
        let g = &mut self.aig;
        use Op::*;
        match tm.op(t) {
            BoolConst(b) => vec![AigLit::from_bool(*b)],
            BvConst(v) => (0..v.width()).map(|i| AigLit::from_bool(v.bit(i))).collect(),
            Var(_) => {
                self.vars.push(t);
                let g = &mut self.aig;
                (0..tm.width(t)).map(|_| g.input()).collect()
            }
            Not | BvNot => circuits::not(&arg(0)),
            And | BvAnd => {
                let (a, b) = (arg(0), arg(1));
                a.iter().zip(&b).map(|(&x, &y)| g.and(x, y)).collect()
            }
            Or | BvOr => {
                let (a, b) = (arg(0), arg(1));
                a.iter().zip(&b).map(|(&x, &y)| g.or(x, y)).collect()
            }
            Xor | BvXor => {
                let (a, b) = (arg(0), arg(1));
                a.iter().zip(&b).map(|(&x, &y)| g.xor(x, y)).collect()
            }
            Ite => {
                let c = arg(0)[0];
                circuits::mux(g, c, &arg(1), &arg(2))
            }
            Eq => vec![circuits::eq(g, &arg(0), &arg(1))],
            BvNeg => circuits::neg(g, &arg(0)),
            BvAdd => circuits::add(g, &arg(0), &arg(1), AigLit::FALSE).0,
            BvSub => circuits::sub(g, &arg(0), &arg(1)),
            BvMul => circuits::mul(g, &arg(0), &arg(1)),
            BvUdiv => circuits::udivrem(g, &arg(0), &arg(1)).0,
            BvUrem => circuits::udivrem(g, &arg(0), &arg(1)).1,
            BvSdiv => circuits::sdiv(g, &arg(0), &arg(1)),
            BvSrem => circuits::srem(g, &arg(0), &arg(1)),
            BvSmod => circuits::smod(g, &arg(0), &arg(1)),
            BvShl => circuits::shift(g, &arg(0), &arg(1), Shift::Left),
            BvLshr => circuits::shift(g, &arg(0), &arg(1), Shift::LogicalRight),
            BvAshr => circuits::shift(g, &arg(0), &arg(1), Shift::ArithRight),
            Concat => {
                let mut lo = arg(1);
                lo.extend(arg(0));
                lo
            }
            Extract { hi, lo } => arg(0)[*lo as usize..=*hi as usize].to_vec(),
            ZeroExt(n) => {
                let mut a = arg(0);
                a.extend(std::iter::repeat_n(AigLit::FALSE, *n as usize));
                a
            }
            SignExt(n) => {
                let mut a = arg(0);
                let s = a[a.len() - 1];
                a.extend(std::iter::repeat_n(s, *n as usize));
                a
            }
            Ult => vec![circuits::ult(g, &arg(0), &arg(1))],
            Slt => vec![circuits::slt(g, &arg(0), &arg(1))],
        }
    }
}
