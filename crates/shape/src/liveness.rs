//! Which registers a function may still read: backward liveness over the SSA form, with a φ's
//! operand live at the end of the predecessor it comes from.

use vigil_ir::{BlockId, Function, InstKind, Operand, ValueId};

/// A set of registers of one function.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Regs(Vec<u64>);

impl Regs {
    fn new(n: usize) -> Regs {
        Regs(vec![0; n.div_ceil(64)])
    }

    pub fn contains(&self, v: usize) -> bool {
        self.0.get(v / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }

    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }

    fn remove(&mut self, v: usize) {
        self.0[v / 64] &= !(1 << (v % 64));
    }

    /// Adds `other`; true when that changed the set.
    fn union(&mut self, other: &Regs) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let n = *a | b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
}

/// Registers live at the end of each block.
pub struct Liveness {
    live_out: Vec<Regs>,
    values: usize,
}

fn uses(ops: Vec<Operand>, set: &mut Regs) {
    for o in ops {
        if let Operand::Value(v) = o {
            set.insert(v.index());
        }
    }
}

impl Liveness {
    pub fn compute(f: &Function) -> Liveness {
        let n = f.values.len();
        let blocks = f.blocks.len();
        let mut live_out = vec![Regs::new(n); blocks];
        let mut live_in = vec![Regs::new(n); blocks];
        // φ operands flowing out of each predecessor.
        let mut phi_out = vec![Regs::new(n); blocks];
        for b in &f.blocks {
            for i in &b.insts {
                if let InstKind::Phi { incoming } = &i.kind {
                    for (pred, op) in incoming {
                        if let Operand::Value(v) = op {
                            phi_out[pred.index()].insert(v.index());
                        }
                    }
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for bi in (0..blocks).rev() {
                let mut out = phi_out[bi].clone();
                for s in f.blocks[bi].term.successors() {
                    out.union(&live_in[s.index()]);
                }
                let inn = Self::scan(f, bi, out.clone(), 0);
                changed |= live_out[bi].union(&out);
                changed |= live_in[bi].union(&inn);
            }
        }
        Liveness { live_out, values: n }
    }

    /// Registers live just before instruction `from` of block `bi`, given those live at its end
    /// (φ definitions count as defined before every non-φ instruction).
    fn scan(f: &Function, bi: usize, mut live: Regs, from: usize) -> Regs {
        let b = &f.blocks[bi];
        uses(b.term.operands(), &mut live);
        for i in b.insts[from..].iter().rev() {
            if let Some(d) = i.dest {
                live.remove(d.index());
            }
            if !matches!(i.kind, InstKind::Phi { .. }) {
                uses(i.kind.operands(), &mut live);
            }
        }
        live
    }

    /// Registers live just before instruction `inst` of `block` (`inst` may be the number of
    /// instructions: before the terminator).
    pub fn live_before(&self, f: &Function, block: BlockId, inst: usize) -> Regs {
        debug_assert_eq!(f.values.len(), self.values);
        Self::scan(f, block.index(), self.live_out[block.index()].clone(), inst)
    }

    /// Registers live just after instruction `inst` of `block`, not counting its result.
    pub fn live_after(&self, f: &Function, block: BlockId, inst: usize, dest: Option<ValueId>) -> Regs {
        let mut l = self.live_before(f, block, inst + 1);
        if let Some(d) = dest {
            l.remove(d.index());
        }
        l
    }
}
