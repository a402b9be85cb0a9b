//! Registers and constants as terms: every SSA value has one term per unrolled node that
//! defines it (a value defined in a loop has one per iteration copy), and an operand read at a
//! node takes the definition of the closest dominating copy.
//!
//! Invariant: a term built for a value has the value's width in bits (pointers are 64 bits; a
//! pointer constant is its address in the logical memory model, [`crate::memory`]).

use super::*;

impl FunctionExecutor<'_> {
    pub(super) fn define(&mut self, v: ValueId, t: TermId) {
        self.vals.entry(v).or_default().push((self.node, t));
        if !self.un.nodes[self.node as usize].iters.is_empty() {
            // Defined in a loop: its copies reach later uses through merges (see `Base::Reg`).
            let bits = self.w.tm.width(t);
            self.write(Loc { base: Base::Reg(v.0, bits), off: Some(0), bytes: 0 }, t);
        }
    }

    pub(super) fn width_of(&self, ty: TypeId) -> u32 {
        self.m.types.value_bits(ty)
    }

    pub(super) fn operand_type(&self, op: Operand) -> TypeId {
        match op {
            Operand::Value(v) => self.f.value(v).ty,
            Operand::Const(c) => self.m.const_type(c),
        }
    }

    pub(super) fn free_var(&mut self, name: &str, width: u32) -> TermId {
        self.w.new_var(name, width.max(1), VarKind::Local(LocalKind::Free))
    }

    pub(super) fn operand(&mut self, op: Operand) -> TermId {
        self.operand_at(op, self.node)
    }

    pub(super) fn operand_at(&mut self, op: Operand, at: u32) -> TermId {
        match op {
            Operand::Const(c) => self.constant(c),
            Operand::Value(v) => {
                if v.index() < self.params.len() {
                    return self.params[v.index()];
                }
                let mut best: Option<(u32, TermId)> = None;
                let in_loop = self.vals.get(&v).is_some_and(|c| c.iter().any(|&(n, _)| !self.un.nodes[n as usize].iters.is_empty()));
                if in_loop {
                    let bits = self.vals[&v][0].1;
                    let bits = self.w.tm.width(bits);
                    return self.read_at(Loc { base: Base::Reg(v.0, bits), off: Some(0), bytes: 0 }, at);
                }
                if let Some(copies) = self.vals.get(&v) {
                    for &(n, t) in copies {
                        if self.dom.dominates(n, at) && best.is_none() || best.is_some_and(|(d, _)| self.depth[n as usize] > d) {
                            best = Some((self.depth[n as usize], t));
                        }
                    }
                }
                match best {
                    Some((_, t)) => t,
                    None => {
                        let wd = self.width_of(self.f.value(v).ty);
                        self.free_var("undominated", wd)
                    }
                }
            }
        }
    }

    pub(super) fn constant(&mut self, c: vigil_ir::ConstId) -> TermId {
        match self.m.konst(c).clone() {
            Const::Int { ty, bits } => {
                let wd = self.width_of(ty).max(1);
                self.w.tm.bv_u64(wd, bits)
            }
            Const::Null => self.w.tm.bv_u64(64, 0),
            Const::Ptr { target, offset } => {
                let a = self.target_addr(target);
                self.w.tm.bv_u64(64, a.wrapping_add(offset as u64))
            }
            Const::PtrAsInt { ty, target, offset } => {
                let a = self.target_addr(target).wrapping_add(offset as u64);
                let wd = self.width_of(ty).max(1);
                self.w.tm.bv_u64(wd, a)
            }
            Const::Undef { ty } => {
                let wd = self.width_of(ty).max(1);
                let v = self.free_var("undef", wd.min(MAX_VALUE_BITS));
                self.undef_vars.insert(v);
                v
            }
            Const::Aggregate { ty, init } => {
                let wd = self.width_of(ty);
                if wd == 0 || wd > MAX_VALUE_BITS || !init.relocs.is_empty() || !init.undef.is_empty() {
                    return self.free_var("aggregate", wd.clamp(1, MAX_VALUE_BITS));
                }
                self.bytes_const(&init.bytes, 0, wd)
            }
        }
    }

    pub(super) fn bytes_const(&mut self, bytes: &[u8], off: usize, width: u32) -> TermId {
        let nbytes = width.div_ceil(8) as usize;
        let mut limbs = vec![0u64; width.div_ceil(64) as usize];
        for i in 0..nbytes {
            let b = bytes.get(off + i).copied().unwrap_or(0);
            limbs[i / 8] |= u64::from(b) << (8 * (i % 8));
        }
        self.w.tm.bv_const(BitVecValue::from_limbs(width, limbs))
    }

    pub(super) fn target_addr(&mut self, t: PtrTarget) -> u64 {
        match t {
            PtrTarget::Global(g) => self.w.objects.addr(Base::Global(g.0)),
            PtrTarget::Func(f) => self.w.objects.addr(Base::Func(f)),
        }
    }
}
