//! Cell promotion (scalar replacement): memory that is only ever accessed at constant byte
//! offsets of a known object (an alloca or a global, through constant `getelementptr`s and
//! inlined pointer parameters) becomes one register per accessed cell.
//!
//! Invariants: a pointer is *static* — an object and a constant offset known at flattening time —
//! or flattening fails; each `(offset, length)` of an object is one register, created on first
//! use; a load or store outside the object is a check that always fails (a memory error where
//! it is reached); an access that overlaps another cell partially makes flattening fail with a
//! `memory` reason (the engine then answers `unknown`).

use super::*;

/// The check that fails where a constant object is written.
pub(super) const WRITE_TO_CONSTANT: &str = "write to constant memory";

impl<'m> Builder<'m> {
    pub(super) fn static_ptr(&mut self, fr: &Frame, o: Operand, loc: Loc) -> Result<StaticPtr, Unsupported> {
        match self.any_ptr(fr, o, loc)? {
            AnyPtr::Static(p) => Ok(p),
            AnyPtr::Dyn(_) | AnyPtr::Reg { .. } => Err(Unsupported(format!("memory: computed pointer used as an object at {}", self.m.describe_loc(loc)))),
        }
    }

    /// The pointer `o`: static, or an object with an offset in a register. A pointer whose
    /// object is known is a *mention* of the object in the current block ([`super::reach`]).
    pub(super) fn any_ptr(&mut self, fr: &Frame, o: Operand, loc: Loc) -> Result<AnyPtr, Unsupported> {
        let p = self.any_ptr_of(fr, o, loc)?;
        match p {
            AnyPtr::Static(x) => self.mentions.push((self.cur, x.obj)),
            AnyPtr::Dyn(d) => self.mentions.push((self.cur, d.obj)),
            AnyPtr::Reg { .. } => {}
        }
        Ok(p)
    }

    fn any_ptr_of(&mut self, fr: &Frame, o: Operand, loc: Loc) -> Result<AnyPtr, Unsupported> {
        Ok(AnyPtr::Static(match o {
            Operand::Value(v) => match fr.vals.get(&v.0) {
                Some(Val::Ptr(p)) => *p,
                Some(Val::Dyn(d)) => return Ok(AnyPtr::Dyn(*d)),
                Some(Val::Reg(r)) if self.regs[*r as usize].ptr => return Ok(AnyPtr::Reg { reg: *r, disp: 0 }),
                Some(Val::RegPtr { reg, disp }) => return Ok(AnyPtr::Reg { reg: *reg, disp: *disp }),
                _ => return Err(Unsupported(format!("memory: access through a computed pointer at {}", self.m.describe_loc(loc)))),
            },
            Operand::Const(c) => match self.m.konst(c) {
                Const::Ptr { target: vigil_ir::PtrTarget::Global(g), offset } => {
                    let obj = self.global_obj(g.0, loc)?;
                    StaticPtr { obj, off: *offset }
                }
                _ => return Err(Unsupported(format!("memory: pointer constant at {}", self.m.describe_loc(loc)))),
            },
        }))
    }

    pub(super) fn global_obj(&mut self, g: u32, loc: Loc) -> Result<u32, Unsupported> {
        if let Some(o) = self.global_objs.get(&g) {
            return Ok(*o);
        }
        let gl = self.m.global(vigil_ir::GlobalId(g));
        if gl.init.is_none() {
            return Err(Unsupported(format!("memory: external global {} at {}", gl.name, self.m.describe_loc(loc))));
        }
        let shape = self.c_shape(gl.ty, 1, &gl.name, None);
        self.objs.push(Obj { name: gl.name.clone(), size: gl.size, cells: Vec::new(), global_init: gl.init.clone(), alive: None, heap: false, shape, escaped: false, scoped: false, constant: gl.is_constant, dyn_size: None });
        let id = (self.objs.len() - 1) as u32;
        self.global_objs.insert(g, id);
        Ok(id)
    }

    /// Whether `[p.off, p.off+len)` lies inside `p.obj`.
    pub(super) fn in_bounds(&self, p: StaticPtr, len: u64) -> bool {
        p.off >= 0 && (p.off as u64).checked_add(len).is_some_and(|e| e <= self.objs[p.obj as usize].size)
    }

    /// An access at a constant offset outside its object: a memory error wherever it is
    /// reached (a check that always fails; the rest of the path is dead).
    pub(super) fn out_of_bounds(&mut self, cur: u32, loc: Loc) {
        self.emit(cur, loc, FInst::Check { c: Opnd::Const { bits: 0, width: 1 }, what: "access out of the bounds of its object", kind: CheckKind::Memory });
    }

    /// An access at constant address `p` that LLVM's `align` promises is not aligned to it
    /// (the VM's `Misaligned`): undefined behaviour wherever it is reached, and `true` (the
    /// access itself is then not lowered: the rest of the path is dead). Objects start at
    /// addresses aligned beyond any type's alignment, as in the VM, so the offset decides.
    pub(super) fn misaligned(&mut self, cur: u32, loc: Loc, p: StaticPtr, align: u64) -> bool {
        if align <= 1 || p.off.rem_euclid(align as i64) == 0 {
            return false;
        }
        self.emit(cur, loc, FInst::Check { c: Opnd::Const { bits: 0, width: 1 }, what: "misaligned access", kind: CheckKind::Ub });
        true
    }

    /// A write to `obj`: when the object is constant, a memory error wherever it is reached
    /// (C11 6.7.3p6 and 6.4.5p7; the platform keeps such objects in read-only pages), and
    /// `true` (the write itself is then not lowered: the rest of the path is dead).
    pub(super) fn write_to_constant(&mut self, cur: u32, loc: Loc, obj: u32) -> bool {
        if !self.objs[obj as usize].constant {
            return false;
        }
        self.emit(cur, loc, FInst::Check { c: Opnd::Const { bits: 0, width: 1 }, what: WRITE_TO_CONSTANT, kind: CheckKind::Memory });
        true
    }

    /// The register of the cell `[off, off+len)` of `p.obj`, created on first use.
    pub(super) fn cell(&mut self, p: StaticPtr, len: u64, loc: Loc) -> Result<u32, Unsupported> {
        let o = &self.objs[p.obj as usize];
        if p.off < 0 || (p.off as u64).checked_add(len).filter(|&e| e <= o.size).is_none() {
            return Err(Unsupported(format!(
                "memory: access out of the bounds of {} at {}",
                o.name,
                self.m.describe_loc(loc)
            )));
        }
        let off = p.off as u64;
        for &(co, cl, r) in &o.cells {
            if co == off && cl == len {
                return Ok(r);
            }
            if co < off + len && off < co + cl {
                return Err(Unsupported(format!(
                    "memory: overlapping accesses to {} at {}",
                    o.name,
                    self.m.describe_loc(loc)
                )));
            }
        }
        let name = format!("{}[{}]", o.name, off);
        let r = self.new_reg(name, (len * 8) as u32);
        self.regs[r as usize].cell = true;
        self.objs[p.obj as usize].cells.push((off, len, r));
        Ok(r)
    }
}
