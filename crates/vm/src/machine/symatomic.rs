//! Atomic read-modify-writes (`atomicrmw`, `cmpxchg`) on symbolic data: the old value's term
//! is read from memory as [`Machine::sym_step`]'s loads read it, the stored value is built from
//! the operation's meaning ([`crate::symbolic`], the one shared meaning of `add`, `and`, …) and
//! written back as a term, and the result register gets the old value (and, for `cmpxchg`, the
//! success flag at its member offset).
//!
//! Before this, the concrete VM ran these instructions and read a symbolic location as
//! undefined bytes: `__atomic_fetch_add(&x, 3, …)` on an input `x` gave an undefined result and
//! the answer was `unknown`.
//!
//! Invariants: as for the rest of the symbolic step (see `symops`), an instruction either
//! completes here, ends the transition at its interrupt point before any effect, faults, or is
//! left (`None`) to the concrete VM with nothing changed — for an operation without a term here
//! (`uinc_wrap`, `udec_wrap`, the floating-point ones), a pointer-typed location, or an old value
//! that is partly undefined.

use super::*;
use vigil_bv::TermId;
use vigil_ir::{BinOp, RmwOp, TypeId};

/// The location of an atomic access with a term for its old value.
struct Old {
    p: Scalar,
    obj: u32,
    off: u32,
    size: u32,
    old: TermId,
}

impl Machine<'_> {
    /// The old value at `ptr` (type `ty`) as a term, when the location or one of `others` is
    /// symbolic; `Ok(None)` when the instruction is left to the concrete VM.
    fn sym_atomic_old(&mut self, ptr: Operand, ty: TypeId, others: &[Operand]) -> VmResult<Option<Old>> {
        if self.is_sym_operand(ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let p = self.operand(ptr);
        let size = self.prog.module.types.store_size(ty) as u32;
        if !p.ptr || !p.is_defined(64) || size == 0 || size > 8 || matches!(self.prog.module.types.get(ty), vigil_ir::Type::Ptr) {
            return Ok(None);
        }
        let (obj, off) = decode(p.bits);
        let in_memory = self
            .state
            .heap
            .get(obj)
            .is_some_and(|o| u64::from(off) + u64::from(size) <= u64::from(o.size()) && o.syms_in(off, size).next().is_some());
        if !in_memory && !others.iter().any(|o| self.is_sym_operand(*o)) {
            return Ok(None);
        }
        let Ok((obj, off)) = self.check_access(p, size, true) else { return Ok(None) };
        let Some(old) = self.memory_term(obj, off, size) else { return Ok(None) };
        Ok(Some(Old { p, obj, off, size, old }))
    }

    /// Whether the transition ends at the access's interrupt point (before any effect).
    fn sym_atomic_interrupted(&mut self, at: &Old) -> bool {
        self.mem_interrupt(&[(at.p, u64::from(at.size), true)], true)
    }

    /// Writes `new` as the location's value.
    fn sym_atomic_write(&mut self, at: &Old, new: TermId) {
        let t = self.fit(new, at.size * 8);
        self.split_sym_slots(at.obj, at.off, at.off + at.size);
        self.state.heap.get_mut(at.obj).expect("checked").write_sym(at.off, at.size, t.index() as u32);
    }

    /// `atomicrmw op ptr, val` with symbolic data (see the module documentation).
    pub(super) fn sym_atomic_rmw(&mut self, op: RmwOp, ptr: Operand, val: Operand, ty: TypeId, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        use RmwOp::*;
        if !matches!(op, Xchg | Add | Sub | And | Or | Xor | Nand | Max | Min | UMax | UMin) {
            return Ok(None);
        }
        let Some(at) = self.sym_atomic_old(ptr, ty, &[val])? else { return Ok(None) };
        let w = at.size * 8;
        let v = self.val(val, w);
        let Some(v) = self.term(v, w) else { return Ok(None) };
        if self.sym_atomic_interrupted(&at) {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let old = self.fit(at.old, w);
        let tm = &mut self.sd().tm;
        let bin = |tm: &mut vigil_bv::TermManager, b: BinOp| crate::symbolic::binop(tm, b, old, v);
        let pick = |tm: &mut vigil_bv::TermManager, which: vigil_ir::Intrinsic| vigil_semantics::intrinsic::term::min_max(tm, which, old, v);
        let new = match op {
            Xchg => v,
            Add => bin(tm, BinOp::Add),
            Sub => bin(tm, BinOp::Sub),
            And => bin(tm, BinOp::And),
            Or => bin(tm, BinOp::Or),
            Xor => bin(tm, BinOp::Xor),
            Nand => {
                let a = bin(tm, BinOp::And);
                let ones = tm.bv_u64(w, crate::memory::mask(w));
                crate::symbolic::binop(tm, BinOp::Xor, a, ones)
            }
            Max => pick(tm, vigil_ir::Intrinsic::SMax),
            Min => pick(tm, vigil_ir::Intrinsic::SMin),
            UMax => pick(tm, vigil_ir::Intrinsic::UMax),
            _ => pick(tm, vigil_ir::Intrinsic::UMin),
        };
        self.sym_atomic_write(&at, new);
        let rw = self.dest_width(dest);
        let r = self.fit(old, rw);
        self.set_term(dest, r);
        Ok(Some(Flow::Next))
    }

    /// `cmpxchg ptr, expected, new` with symbolic data: the location becomes `new` where the
    /// old value equals `expected`, and the result is `{old, success}`.
    pub(super) fn sym_cmpxchg(&mut self, ptr: Operand, expected: Operand, new: Operand, ty: TypeId, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        let Some(at) = self.sym_atomic_old(ptr, ty, &[expected, new])? else { return Ok(None) };
        let w = at.size * 8;
        let (e, n) = (self.val(expected, w), self.val(new, w));
        let (Some(e), Some(n)) = (self.term(e, w), self.term(n, w)) else { return Ok(None) };
        if self.sym_atomic_interrupted(&at) {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let old = self.fit(at.old, w);
        let tm = &mut self.sd().tm;
        let same = tm.eq(old, e);
        let stored = tm.ite(same, n, old);
        let flag = crate::symbolic::from_bool(tm, same);
        self.sym_atomic_write(&at, stored);
        if let Some(d) = dest {
            let info = &self.prog.funcs[self.func.index()];
            let (off, len) = (info.reg_off[d.index()], info.reg_size[d.index()]);
            let flag_at = self.flag_offset(d);
            let frame = self.frame_mut();
            frame.fill(off, len, 0, 0);
            frame.write_sym(off, at.size, old.index() as u32);
            if flag_at < len {
                frame.write_sym(off + flag_at, 1, flag.index() as u32);
            }
        }
        Ok(Some(Flow::Next))
    }
}
