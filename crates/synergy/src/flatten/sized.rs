//! Objects whose size is a program input: `malloc(n * sizeof(int))`, `calloc(n, 4)` and the
//! variable-length array `int a[n]` (an `alloca` of a variable count), each at a site that runs
//! at most once (not on a cycle of the flat CFG, not in a callee inlined into a loop).
//!
//! Such an object is not a grid of cells: its static size ([`Obj::size`]) is the VM's largest
//! object, [`MAX_OBJECT`], an upper bound only, and it is accessed at dynamic offsets as a large
//! array ([`super::arrays`]) whose tests keep its cells sparse and whose proofs see it through its
//! ghost cell. Its actual byte size is a [`DynSize`]: `scale · ext(reg)` modulo 2^64, the
//! expression the program computed the size with (`mul (sext n), 4`), over the program's own
//! register `reg`. So a bounds check `off + len ≤ size` is a term over the same register the
//! program's loop compares its counter with, and proving it needs no invariant relating a copy
//! of the size to the input.
//!
//! Invariants (soundness):
//! * The size expression equals the object's size in every state after the allocation: the VM
//!   computes the size from `reg` with exactly these operations, modulo 2^64, and `reg` is never
//!   written in a block reachable from the allocation's block ([`Builder::check_sized_objects`],
//!   checked when flattening ends; every write of a register is an instruction's destination or
//!   an edge's φ assignment, and the register is not a cell, so no procedure call writes it).
//! * The allocation itself is a [`FInst::Check`] (undefined behaviour, a limit of the model)
//!   that the size is at most [`MAX_OBJECT`] (for `calloc` and a VLA, that the count is at most
//!   `MAX_OBJECT / element size`, which also excludes the product's overflow): above it the VM
//!   returns NULL, cancels the path or faults (`malloc.c`: `too_large`; the VM's `alloca`), none
//!   of which the engine models. Allocation otherwise succeeds, the VM's default; with
//!   [`crate::Options::malloc_can_fail`] the engine declines every program that allocates.
//! * Every access is bounds-checked against the size: a dynamic one by `off <u size ∧
//!   off + len ≤u size` (plus the large array's alignment check), a static one at constant
//!   offset `o` by `o + len ≤u size`, a constant `memset`/`memcpy` likewise; a `memset` of
//!   zeros of a variable length only when it is the whole object (its length is the size
//!   expression itself), in bounds by construction. A failed check is a
//!   memory error ([`CheckKind::Memory`]): the VM faults there too (out of bounds).
//! * The cells past the size never exist for the VM; the model's cells there are never read or
//!   written (every access is checked first), so facts the ghost cell states about them are
//!   about nothing the program sees: a proof assumes nothing about the object's cells but what
//!   its own writes and the allocation (undefined or zero) put there.
//! * The address never escapes (it is not stored, not compared with another object's, not in
//!   a pointer register): such a program is declined, since the pointer model ([`super::pointers`])
//!   knows only static sizes.
//! * A VLA is block-scoped: its liveness register is set where it is allocated and cleared at
//!   the `llvm.stackrestore` of a save taken before it (and where its inlined function
//!   returns); its accesses check it. A restore is a scope end, so under valid-memsafety the
//!   engine declines the program ([`crate::check`]), as for other block-scoped objects.

use super::*;

/// The VM's largest object in bytes (`VM_OBJ_SIZE_MAX` of the runtime, the VM's `MAX_OBJECT`).
pub const MAX_OBJECT: u64 = 1 << 28;

/// The byte size of an object of variable size (see the module doc): `scale · ext(reg)` modulo
/// 2^64, with `reg` of `from` bits, `ext` a sign or zero extension to 64 bits (none when `from`
/// is 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct DynSize {
    pub reg: u32,
    pub from: u32,
    pub signed: bool,
    pub scale: u64,
}

impl DynSize {
    /// The size this expression gives when `reg` holds `bits` (masked to `from` bits).
    #[cfg(test)]
    pub fn value(&self, bits: u64) -> u64 {
        let x = if self.signed { sext(bits & mask(self.from), self.from) as u64 } else { bits & mask(self.from) };
        x.wrapping_mul(self.scale)
    }
}

/// What kind of allocation makes an object of variable size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SizedKind {
    /// `malloc`: undefined bytes, on the heap.
    Malloc,
    /// `calloc`: zero bytes, on the heap.
    Calloc,
    /// A variable-length array: undefined bytes, block-scoped.
    Vla,
}

/// The instruction that defines IR value `v` in `func`, if any.
fn def_of(func: &vigil_ir::Function, v: ValueId) -> Option<&vigil_ir::Inst> {
    func.blocks.iter().flat_map(|b| b.insts.iter()).find(|i| i.dest == Some(v))
}

impl<'m> Builder<'m> {
    fn int_const(&self, o: Operand) -> Option<u64> {
        match o {
            Operand::Const(c) => match self.m.konst(c) {
                Const::Int { bits, .. } => Some(*bits),
                _ => None,
            },
            _ => None,
        }
    }

    /// The size expression of operand `o` (a 64-bit count or size): `mul x, C`, `mul C, x` or
    /// `shl x, C` of an extension of a narrower value, or of a 64-bit value, or `o` itself. The
    /// register must be an integer register of the frame (not a pointer, not a cell).
    fn size_expr(&mut self, f: FuncId, fr: &mut Frame, o: Operand, loc: Loc) -> Result<DynSize, Unsupported> {
        let m = self.m;
        let func = m.function(f);
        let unsupported = || Unsupported(format!("memory: an object of a size computed in a way not modelled at {}", m.describe_loc(loc)));
        let def = |o: Operand| match o {
            Operand::Value(v) => def_of(func, v),
            Operand::Const(_) => None,
        };
        let (base, scale) = match def(o).map(|i| &i.kind) {
            // (Only wrapping arithmetic: with `nsw`/`nuw` an overflow is the VM's business, and
            // the size is then the program's own register.)
            Some(InstKind::Bin { op: BinOp::Mul, lhs, rhs, flags }) if !flags.nsw && !flags.nuw => match (self.int_const(*lhs), self.int_const(*rhs)) {
                (None, Some(c)) => (*lhs, c),
                (Some(c), None) => (*rhs, c),
                _ => (o, 1),
            },
            Some(InstKind::Bin { op: BinOp::Shl, lhs, rhs, flags }) if !flags.nsw && !flags.nuw => match self.int_const(*rhs) {
                Some(c) if c < 64 && self.int_const(*lhs).is_none() => (*lhs, 1u64 << c),
                _ => (o, 1),
            },
            _ => (o, 1),
        };
        let (leaf, signed) = match def(base).map(|i| &i.kind) {
            Some(InstKind::Cast { op: op @ (CastOp::SExt | CastOp::ZExt), val, .. }) => (*val, *op == CastOp::SExt),
            _ => (base, false),
        };
        let Operand::Value(v) = leaf else { return Err(unsupported()) };
        if !matches!(fr.vals.get(&v.0), Some(Val::Reg(_))) {
            return Err(unsupported());
        }
        let reg = match self.opnd(f, fr, leaf, loc)? {
            Opnd::Reg(r) => r,
            _ => return Err(unsupported()),
        };
        let info = &self.regs[reg as usize];
        if info.ptr || info.cell {
            return Err(unsupported());
        }
        let from = info.width;
        Ok(DynSize { reg, from, signed: signed && from < 64, scale })
    }

    /// Emits the computation of `s` into a 64-bit register (in block `cur`).
    pub(super) fn emit_size(&mut self, cur: u32, loc: Loc, s: DynSize) -> Opnd {
        let mut x = Opnd::Reg(s.reg);
        if s.from < 64 {
            let t = self.new_reg("size.ext".into(), 64);
            let op = if s.signed { CastOp::SExt } else { CastOp::ZExt };
            self.emit(cur, loc, FInst::Cast { dst: t, op, from: s.from, to: 64, v: x });
            x = Opnd::Reg(t);
        }
        if s.scale != 1 {
            let t = self.new_reg("size.scaled".into(), 64);
            self.emit(cur, loc, FInst::Bin { dst: t, op: BinOp::Mul, w: 64, a: x, b: Opnd::Const { bits: s.scale, width: 64 }, nsw: false });
            x = Opnd::Reg(t);
        }
        x
    }

    /// The checks that `len` bytes at byte offset `off` lie inside `obj`, when its size is
    /// variable (nothing otherwise): `off <u size ∧ off + len ≤u size`, a memory error when not.
    pub(super) fn check_dyn_bounds(&mut self, cur: u32, loc: Loc, obj: u32, off: Opnd, len: u64) {
        let Some(s) = self.objs[obj as usize].dyn_size else { return };
        let size = self.emit_size(cur, loc, s);
        let below = self.new_reg("size.below".into(), 1);
        self.emit(cur, loc, FInst::ICmp { dst: below, pred: ICmpPred::Ult, w: 64, a: off, b: size });
        let end = self.new_reg("size.end".into(), 64);
        self.emit(cur, loc, FInst::Bin { dst: end, op: BinOp::Add, w: 64, a: off, b: Opnd::Const { bits: len, width: 64 }, nsw: false });
        let fits = self.new_reg("size.fits".into(), 1);
        self.emit(cur, loc, FInst::ICmp { dst: fits, pred: ICmpPred::Ule, w: 64, a: Opnd::Reg(end), b: size });
        let inb = self.new_reg("size.inbounds".into(), 1);
        self.emit(cur, loc, FInst::Bin { dst: inb, op: BinOp::And, w: 1, a: Opnd::Reg(below), b: Opnd::Reg(fits), nsw: false });
        self.emit(cur, loc, FInst::Check { c: Opnd::Reg(inb), what: "array access out of bounds", kind: CheckKind::Memory });
    }

    /// An allocation of a variable size (see the module doc): `count` elements of `elem` bytes
    /// (`malloc` is a count of bytes, `elem` 1). Makes the object and binds `d` to its start.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alloc_sized(&mut self, f: FuncId, fr: &mut Frame, cur: u32, loc: Loc, d: ValueId, count: Operand, elem: u64, kind: SizedKind) -> Result<(), Unsupported> {
        let m = self.m;
        if self.call_in_loop || self.on_cycle(f, self.ir_at) {
            return Err(Unsupported(format!("memory: allocation of a variable size in a loop at {}", m.describe_loc(loc))));
        }
        if elem == 0 || elem > MAX_OBJECT {
            return Err(Unsupported(format!("memory: allocation of a variable count of {elem}-byte elements at {}", m.describe_loc(loc))));
        }
        let mut s = self.size_expr(f, fr, count, loc)?;
        // Within the VM's object limit (this also rules out `count · elem` overflowing).
        let c = self.emit_size(cur, loc, s);
        let ok = self.new_reg("size.limit".into(), 1);
        self.emit(cur, loc, FInst::ICmp { dst: ok, pred: ICmpPred::Ule, w: 64, a: c, b: Opnd::Const { bits: MAX_OBJECT / elem, width: 64 } });
        self.emit(cur, loc, FInst::Check { c: Opnd::Reg(ok), what: "an allocation above the VM's object limit (not modelled)", kind: CheckKind::Ub });
        s.scale = s.scale.wrapping_mul(elem);
        let func = m.function(f);
        let (name, heap) = match kind {
            SizedKind::Vla => (format!("{}:{}", func.name, func.value(d).name), false),
            SizedKind::Malloc | SizedKind::Calloc => (format!("{}:heap@{}", func.name, loc.line), true),
        };
        let alive = self.new_reg(format!("{name}.alive"), 1);
        if !heap {
            // (A heap object's is cleared in block 0 with the leak checks.)
            self.blocks[0].insts.push(FInst::Copy { dst: alive, v: Opnd::Const { bits: 0, width: 1 } });
            self.blocks[0].locs.push(Loc::UNKNOWN);
        }
        self.objs.push(Obj {
            name,
            size: MAX_OBJECT,
            cells: Vec::new(),
            global_init: None,
            alive: Some(alive),
            heap,
            shape: None,
            escaped: false,
            scoped: !heap,
            constant: false,
            dyn_size: Some(s),
        });
        let obj = (self.objs.len() - 1) as u32;
        fr.vals.insert(d.0, Val::Ptr(StaticPtr { obj, off: 0 }));
        self.emit(cur, loc, FInst::Copy { dst: alive, v: Opnd::Const { bits: 1, width: 1 } });
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Sized { block: cur as usize, at, obj, zero: kind == SizedKind::Calloc });
        self.alloc_sites.push((cur, loc));
        self.sized_sites.push((cur, obj, loc));
        if !heap {
            if self.stack.len() > 1 {
                fr.frame_objs.push(obj);
            }
            fr.vlas.push(obj);
        }
        Ok(())
    }

    /// `memset(p, 0, size)` of a whole object of variable size: `p` its start and `size` the
    /// expression it was allocated with (the same register, extension and scale), so the fill
    /// is in bounds by construction; a [`Pending::Sized`] of zeros. Returns false (nothing
    /// emitted) for any other `memset`, which [`Builder::lower_fill`] then lowers or refuses.
    pub(super) fn lower_sized_memset(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, args: &[Operand]) -> Result<bool, Unsupported> {
        let loc = inst.loc;
        let (Some(&dst), Some(&byte), Some(&len)) = (args.first(), args.get(1), args.get(2)) else { return Ok(false) };
        if self.int_const(len).is_some() || self.int_const(byte) != Some(0) {
            return Ok(false);
        }
        let p = match self.any_ptr(fr, dst, loc)? {
            AnyPtr::Static(p) if p.off == 0 => p,
            _ => return Ok(false),
        };
        let Some(size) = self.objs[p.obj as usize].dyn_size else { return Ok(false) };
        let Ok(s) = self.size_expr(f, fr, len, loc) else { return Ok(false) };
        if s != size {
            return Ok(false);
        }
        self.check_alive(cur, loc, p.obj);
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Sized { block: cur as usize, at, obj: p.obj, zero: true });
        Ok(true)
    }

    /// `llvm.stacksave`: remembers how many variable-length arrays the instance has made.
    pub(super) fn lower_stack_save(&mut self, fr: &mut Frame, d: Option<ValueId>) {
        if let Some(d) = d {
            fr.saves.insert(d.0, fr.vlas.len());
        }
    }

    /// `llvm.stackrestore(save)`: the variable-length arrays made since `save` end (a scope
    /// end, see the module doc). A restore of anything but a save of this instance is
    /// unsupported.
    pub(super) fn lower_stack_restore(&mut self, fr: &mut Frame, cur: u32, loc: Loc, save: Operand) -> Result<(), Unsupported> {
        let mark = match save {
            Operand::Value(v) => fr.saves.get(&v.0).copied(),
            Operand::Const(_) => None,
        };
        let Some(mark) = mark else {
            return Err(Unsupported(format!("intrinsic llvm.stackrestore of an unknown save at {}", self.m.describe_loc(loc))));
        };
        if !(self.stack.len() == 1 && self.ir_block.1) {
            self.scope_ends = true;
        }
        for &o in &fr.vlas[mark.min(fr.vlas.len())..] {
            if let Some(a) = self.objs[o as usize].alive {
                self.emit(cur, loc, FInst::Copy { dst: a, v: Opnd::Const { bits: 0, width: 1 } });
            }
        }
        Ok(())
    }

    /// The code of a [`Pending::Sized`], or of a constant fill ([`Pending::Fill`]) of an
    /// object of variable size: its cells named at constant offsets, and when it is a large
    /// array its tests' cells and its ghost cell. A fill must write whole cells of one value.
    pub(super) fn sized_fill_code(&mut self, p: &Pending, obj: u32) -> Result<Vec<FInst>, Unsupported> {
        let mut code = Vec::new();
        let large = self.large.get(&obj).copied();
        if let Some(array) = large {
            code.push(FInst::ArrayFill { array });
        }
        for (co, cl, r) in self.objs[obj as usize].cells.clone() {
            let w = self.regs[r as usize].width;
            let v = match p {
                Pending::Sized { zero: false, .. } => Opnd::Undef { width: w },
                Pending::Sized { zero: true, .. } => Opnd::Const { bits: 0, width: w },
                Pending::Fill { off, bytes, loc, .. } => {
                    let Some(bits) = self.filled_bits(obj, *off, bytes, *loc, co, cl)? else { continue };
                    if bits != 0 {
                        self.type_cell(r, false, *loc)?;
                    }
                    Opnd::Const { bits: bits & mask(w), width: w }
                }
                _ => unreachable!("an object of variable size is not renewed"),
            };
            code.push(FInst::Copy { dst: r, v });
        }
        let Some(x) = large else { return Ok(code) };
        let a = self.arrays[x as usize].clone();
        let gw = (a.len * 8) as u32;
        match p {
            Pending::Sized { zero, .. } => {
                // The tests' cells are all 0 (what an undefined cell reads as there, and
                // calloc's zeros); the ghost cell is undefined or 0.
                code.push(FInst::ShadowFill { array: x, from: 0, to: u64::from(a.cells), v: 0 });
                let v = if *zero { Opnd::Const { bits: 0, width: gw } } else { Opnd::Undef { width: gw } };
                code.push(FInst::Copy { dst: a.ghost.g, v });
            }
            Pending::Fill { off, bytes, loc, .. } => {
                let end = off + bytes.len() as u64;
                let unsupported = || Unsupported(format!("memory: a fill of {} other than whole elements of one value at {}", self.objs[obj as usize].name, self.m.describe_loc(*loc)));
                if off % a.len != 0 || end % a.len != 0 || bytes.is_empty() {
                    return Err(unsupported());
                }
                let v = self.filled_bits(obj, *off, bytes, *loc, *off, a.len)?.ok_or_else(unsupported)?;
                let mut co = *off;
                while co < end {
                    if self.filled_bits(obj, *off, bytes, *loc, co, a.len)? != Some(v) {
                        return Err(unsupported());
                    }
                    co += a.len;
                }
                code.push(FInst::ShadowFill { array: x, from: off / a.len, to: end / a.len, v });
                let c64 = |b: u64| Opnd::Const { bits: b, width: 64 };
                let below = self.new_reg(format!("{}~below", a.name), 1);
                code.push(FInst::ICmp { dst: a.ghost.at, pred: ICmpPred::Uge, w: 64, a: Opnd::Reg(a.ghost.k), b: c64(*off) });
                code.push(FInst::ICmp { dst: below, pred: ICmpPred::Ult, w: 64, a: Opnd::Reg(a.ghost.k), b: c64(end) });
                code.push(FInst::Bin { dst: a.ghost.at, op: BinOp::And, w: 1, a: Opnd::Reg(a.ghost.at), b: Opnd::Reg(below), nsw: false });
                code.push(FInst::Select { dst: a.ghost.g, c: Opnd::Reg(a.ghost.at), t: Opnd::Const { bits: v & mask(gw), width: gw }, f: Opnd::Reg(a.ghost.g) });
            }
            _ => unreachable!("an object of variable size is not renewed"),
        }
        Ok(code)
    }

    /// Refuses what the model of objects of variable size does not cover (see the module
    /// doc): an address that escaped, a size register written again after the allocation.
    pub(super) fn check_sized_objects(&self) -> Result<(), Unsupported> {
        for &(site, obj, loc) in &self.sized_sites {
            let o = &self.objs[obj as usize];
            let Some(s) = o.dyn_size else { continue };
            if o.escaped {
                return Err(Unsupported(format!("memory: the address of {}, of a variable size, is stored or compared", o.name)));
            }
            let rewritten = || Err(Unsupported(format!("memory: the size of the object allocated at {} may change after the allocation", self.m.describe_loc(loc))));
            // Blocks reachable from the site by one edge or more.
            let mut seen = vec![false; self.blocks.len()];
            let mut stack: Vec<u32> = self.blocks[site as usize].term.edges().iter().map(|e| e.target).collect();
            let mut leaving = vec![site];
            while let Some(b) = stack.pop() {
                if std::mem::replace(&mut seen[b as usize], true) {
                    continue;
                }
                leaving.push(b);
                let blk = &self.blocks[b as usize];
                if blk.insts.iter().any(|i| arrays::written_reg(i) == Some(s.reg) || matches!(i, FInst::Call { globals, .. } if globals.contains(&s.reg))) {
                    return rewritten();
                }
                stack.extend(blk.term.edges().iter().map(|e| e.target));
            }
            for b in leaving {
                if self.blocks[b as usize].term.edges().iter().any(|e| e.assigns.iter().any(|&(r, _)| r == s.reg)) {
                    return rewritten();
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_values_wrap_as_the_program_computes_them() {
        let s = DynSize { reg: 0, from: 32, signed: true, scale: 4 };
        assert_eq!(s.value(1000), 4000);
        // -1 sign-extended, times 4, modulo 2^64.
        assert_eq!(s.value(0xffff_ffff), (-4i64) as u64);
        let z = DynSize { signed: false, ..s };
        assert_eq!(z.value(0xffff_ffff), 0xffff_ffff * 4);
        let w = DynSize { reg: 0, from: 64, signed: false, scale: 4 };
        assert_eq!(w.value(1 << 62), 0);
    }

    #[test]
    fn the_object_limit_is_the_vms() {
        assert_eq!(MAX_OBJECT, vigil_runtime::consts::VM_OBJ_SIZE_MAX as u64);
    }
}
