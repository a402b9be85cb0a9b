//! Lowering vigil IR into flat blocks, one instruction at a time: arithmetic to flat
//! instructions over registers, loads and stores to copies of cell registers ([`super::cells`]),
//! constant `getelementptr`s to static pointers, and calls either to the SV-COMP functions' flat
//! instructions (error, exit, assume, nondet), to nothing (harmless output), or to an inlined copy
//! of the callee.
//!
//! Invariants: the block being lowered into can change in the middle of an IR block (after an
//! inlined call, the continuation; after an error or exit, a detached block that keeps the dead
//! rest's registers); anything not listed here makes flattening fail with the construct and its
//! location.

use super::pointers::PtrOp;
use super::*;
use vigil_ir::svcomp::{self, Role};


/// Output functions that change no program state when declared externally: `puts` and
/// `putchar` always, `printf` when its format is a constant string without a `%n` conversion
/// (which would write through a pointer).
pub(super) const OUTPUT_FUNCS: [&str; 3] = ["printf", "puts", "putchar"];

pub(super) fn output_is_harmless(m: &Module, name: &str, args: &[Operand]) -> bool {
    let defined = m.function_by_name(name).is_some_and(|f| !m.function(f).is_declaration());
    if defined {
        return false; // the program's own function of that name: inline it as any other
    }
    if name != "printf" {
        return true;
    }
    let Some(Operand::Const(c)) = args.first() else { return false };
    let Const::Ptr { target: PtrTarget::Global(g), offset } = m.konst(*c) else { return false };
    let global = m.global(*g);
    let Some(init) = global.init.as_ref().filter(|_| global.is_constant) else { return false };
    let Some(bytes) = usize::try_from(*offset).ok().and_then(|o| init.bytes.get(o..)) else { return false };
    let format = bytes.split(|&b| b == 0).next().unwrap_or(&[]);
    !writes_through_pointer(format)
}

/// Whether a printf format has a `%n` conversion (flags, width, precision and length skipped).
pub(super) fn writes_through_pointer(format: &[u8]) -> bool {
    let mut k = 0;
    while k < format.len() {
        if format[k] == b'%' {
            k += 1;
            while k < format.len() && b"0123456789.-+ #'*hlLqjzt$".contains(&format[k]) {
                k += 1;
            }
            if format.get(k) == Some(&b'n') {
                return true;
            }
        }
        k += 1;
    }
    false
}

/// Is `name` one of the SV-COMP input functions the engine handles (numbers, not pointers)?
pub fn is_nondet(name: &str) -> bool {
    svcomp::role(name) == Some(Role::Nondet) && !svcomp::nondet_function(name).is_some_and(|n| n.is_pointer())
}

impl<'m> Builder<'m> {
    /// Appends `i` (from source location `loc`) to flat block `cur`.
    pub(super) fn emit(&mut self, cur: u32, loc: Loc, i: FInst) {
        self.blocks[cur as usize].insts.push(i);
        self.blocks[cur as usize].locs.push(loc);
    }

    pub(super) fn lower_block(&mut self, f: FuncId, b: BlockId, fr: &mut Frame, ret: Option<(Option<u32>, u32)>) -> Result<(), Unsupported> {
        let blk = &self.m.function(f).blocks[b.index()];
        let mut cur = fr.heads[b.index()];
        // Where a lifetime marker stands says whether its object's scope is the whole function.
        let here = (b.index() == 0, matches!(blk.term, Terminator::Ret { .. }));
        for inst in &blk.insts {
            // (Set per instruction: an inlined call lowers other blocks in between.)
            (self.ir_block, self.ir_at, self.cur) = (here, b, cur);
            cur = self.lower_inst(f, fr, cur, inst)?;
        }
        (self.ir_at, self.cur) = (b, cur);
        let loc = blk.term_loc;
        let term = self.lower_terminator(f, b, fr, &blk.term, loc, ret)?;
        self.blocks[cur as usize].term = term;
        self.blocks[cur as usize].term_loc = loc;
        Ok(())
    }

    /// Lowers one instruction into flat block `cur`; returns the block that lowering continues
    /// in (a new one after a call, an error or an exit).
    pub(super) fn lower_inst(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst) -> Result<u32, Unsupported> {
        let m = self.m;
        let func = m.function(f);
        let loc = inst.loc;
        match &inst.kind {
            InstKind::Phi { .. } => {}
            InstKind::Bin { op, lhs, rhs, flags } => {
                let d = inst.dest.expect("bin dest");
                let w = self.int_width(func.value(d).ty, "arithmetic", loc)?;
                let (dst, a, bb) = self.binary(f, fr, d, *lhs, *rhs, loc)?;
                self.emit(cur, loc, FInst::Bin { dst, op: *op, w, a, b: bb, nsw: flags.nsw });
            }
            InstKind::ICmp { pred, lhs, rhs } if self.is_ptr_operand(func, *lhs) => self.lower_ptr_icmp(f, fr, cur, inst, *pred, *lhs, *rhs)?,
            InstKind::ICmp { pred, lhs, rhs } => {
                let (dst, a, bb) = self.binary(f, fr, inst.dest.expect("icmp dest"), *lhs, *rhs, loc)?;
                let w = opnd_width(&self.regs, a);
                self.emit(cur, loc, FInst::ICmp { dst, pred: *pred, w, a, b: bb });
            }
            InstKind::Select { cond, if_true, if_false } => {
                let d = inst.dest.expect("select dest");
                let c = self.opnd(f, fr, *cond, loc)?;
                let t = self.opnd(f, fr, *if_true, loc)?;
                let e = self.opnd(f, fr, *if_false, loc)?;
                let dst = self.reg_of_value(f, fr, d, loc)?;
                self.emit(cur, loc, FInst::Select { dst, c, t, f: e });
            }
            InstKind::Cast { op, val, to } => self.lower_cast(f, fr, cur, inst, *op, *val, *to)?,
            InstKind::Freeze { val } => {
                let d = inst.dest.expect("freeze dest");
                let v = self.opnd(f, fr, *val, loc)?;
                let dst = self.reg_of_value(f, fr, d, loc)?;
                self.emit(cur, loc, FInst::Copy { dst, v });
            }
            InstKind::Alloca { elem_ty, elem_size, count, .. } => self.lower_alloca(f, fr, cur, inst, *elem_ty, *elem_size, *count)?,
            InstKind::PtrAdd { base, offset, indices, .. } => self.lower_ptr_add(f, fr, cur, inst, *base, *offset, indices)?,
            InstKind::IndexCheck { base, index, len, elem_size, one_past } => {
                let (bytes, limit) = (len.saturating_mul(*elem_size), len.saturating_add(u64::from(*one_past)));
                self.lower_index_check(f, fr, cur, loc, *base, *index, bytes, limit)?;
            }
            InstKind::BoolCheck { val } => {
                // A `_Bool` holding another value than 0 or 1 is undefined behaviour under
                // every property (the VM's `InvalidBool`).
                let v = self.opnd(f, fr, *val, loc)?;
                let valid = self.temp(f, "bool.valid", 1);
                self.emit(cur, loc, FInst::ICmp { dst: valid, pred: ICmpPred::Ule, w: 8, a: v, b: Opnd::Const { bits: 1, width: 8 } });
                self.emit(cur, loc, FInst::Check { c: Opnd::Reg(valid), what: "a _Bool object holding a value other than 0 or 1", kind: CheckKind::Ub });
            }
            InstKind::Load { ptr, ty, .. } => self.lower_load(f, fr, cur, inst, *ptr, *ty)?,
            InstKind::Store { ptr, val, ty, align, .. } => self.lower_store(f, fr, cur, loc, *ptr, *val, *ty, *align)?,
            InstKind::Intrinsic { which, args, .. } => self.lower_intrinsic(f, fr, cur, inst, *which, args)?,
            InstKind::Call { callee, args, ret_ty } => return self.lower_call(f, fr, cur, inst, callee, args, *ret_ty),
            InstKind::Float { op, .. } => {
                return Err(Unsupported(format!("floating-point {} at {}", op.name(), m.describe_loc(loc))))
            }
            other => {
                let what = match other {
                    InstKind::ExtractValue { .. } | InstKind::InsertValue { .. } => "a struct or array value in a register",
                    InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::Fence { .. } => "an atomic operation",
                    InstKind::Unsupported { construct } => construct,
                    _ => "an instruction SYNERGY does not model",
                };
                return Err(Unsupported(format!("{what} at {}", m.describe_loc(loc))));
            }
        }
        Ok(cur)
    }

    /// The result register and the two operands of a binary instruction (in that order of
    /// lowering: operands first).
    fn binary(&mut self, f: FuncId, fr: &mut Frame, d: ValueId, lhs: Operand, rhs: Operand, loc: Loc) -> Result<(u32, Opnd, Opnd), Unsupported> {
        let a = self.opnd(f, fr, lhs, loc)?;
        let b = self.opnd(f, fr, rhs, loc)?;
        let dst = self.reg_of_value(f, fr, d, loc)?;
        Ok((dst, a, b))
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_cast(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, op: CastOp, val: Operand, to: vigil_ir::TypeId) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let d = inst.dest.expect("cast dest");
        if !matches!(op, CastOp::Trunc | CastOp::ZExt | CastOp::SExt | CastOp::Bitcast) {
            return Err(Unsupported(format!("memory: {} at {}", op.name(), self.m.describe_loc(loc))));
        }
        let v = self.opnd(f, fr, val, loc)?;
        let from = opnd_width(&self.regs, v);
        let tw = self.int_width(to, "cast", loc)?;
        let dst = self.reg_of_value(f, fr, d, loc)?;
        if op == CastOp::Bitcast {
            self.emit(cur, loc, FInst::Copy { dst, v });
        } else {
            self.emit(cur, loc, FInst::Cast { dst, op, from, to: tw, v });
        }
        Ok(())
    }

    /// An alloca of constant size: a new object whose cells become undefined when it executes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_alloca(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, elem_ty: vigil_ir::TypeId, elem_size: u64, count: Operand) -> Result<(), Unsupported> {
        let m = self.m;
        let loc = inst.loc;
        let d = inst.dest.expect("alloca dest");
        let n = match count {
            Operand::Const(c) => match m.konst(c) {
                Const::Int { bits, .. } => *bits,
                _ => return Err(Unsupported(format!("memory: alloca size at {}", m.describe_loc(loc)))),
            },
            _ => return self.alloc_sized(f, fr, cur, loc, d, count, elem_size, super::sized::SizedKind::Vla),
        };
        let func = m.function(f);
        let name = format!("{}:{}", func.name, func.value(d).name);
        let shape = self.c_shape(elem_ty, n, &func.value(d).name, Some(func.name.clone()));
        // A local of an inlined call ends when the call returns, a block-scoped one (lifetime
        // markers inside the function) where its block ends: it gets a liveness register, so
        // that an address kept past its end reaches a failing check (undefined behaviour; a
        // memory error under valid-memsafety). Only a block-scoped object's own static accesses
        // need the check: a static address never leaves its function instance, and one kept
        // in memory or a φ is a pointer register, whose accesses check every object's liveness.
        // An end is the frame's own when only other ends and the return follow it (one block
        // may hold the end of an inner block's local and more code after it).
        let is_end = |i: &vigil_ir::Inst| matches!(&i.kind, InstKind::Intrinsic { which: Intrinsic::LifetimeEnd, .. });
        let scoped = func.blocks.iter().enumerate().any(|(bi, b)| {
            b.insts.iter().enumerate().any(|(k, i)| match &i.kind {
                InstKind::Intrinsic { which, args, .. } if args.get(1) == Some(&Operand::Value(d)) => match which {
                    Intrinsic::LifetimeStart => bi != 0,
                    Intrinsic::LifetimeEnd => !(matches!(b.term, Terminator::Ret { .. }) && b.insts[k + 1..].iter().all(is_end)),
                    _ => false,
                },
                _ => false,
            })
        });
        let alive = (self.stack.len() > 1 || scoped).then(|| {
            let a = self.new_reg(format!("{name}.alive"), 1);
            self.blocks[0].insts.push(FInst::Copy { dst: a, v: Opnd::Const { bits: 0, width: 1 } });
            self.blocks[0].locs.push(Loc::UNKNOWN);
            self.emit(cur, loc, FInst::Copy { dst: a, v: Opnd::Const { bits: 1, width: 1 } });
            a
        });
        self.objs.push(Obj { name, size: elem_size.saturating_mul(n), cells: Vec::new(), global_init: None, alive, heap: false, shape, escaped: false, scoped, constant: false, dyn_size: None });
        let obj = (self.objs.len() - 1) as u32;
        if self.stack.len() > 1 {
            fr.frame_objs.push(obj);
            if self.call_in_loop {
                self.reborn.push(obj);
            }
        }
        fr.vals.insert(d.0, Val::Ptr(StaticPtr { obj, off: 0 }));
        let at = self.blocks[cur as usize].insts.len();
        self.pending.push(Pending::Havoc { block: cur as usize, at, obj });
        Ok(())
    }

    /// A load from a cell: a copy of the cell's register (truncated for an `i1` in a byte).
    pub(super) fn lower_load(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, ptr: Operand, ty: vigil_ir::TypeId) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let d = inst.dest.expect("load dest");
        let is_ptr = self.m.types.is_ptr(ty);
        let w = if is_ptr { 64 } else { self.int_width(ty, "load", loc)? };
        if w % 8 != 0 && w != 1 {
            return Err(Unsupported(format!("memory: odd-width load at {}", self.m.describe_loc(loc))));
        }
        let bytes = self.m.types.store_size(ty);
        let align = match inst.kind {
            InstKind::Load { align, .. } => align,
            _ => 1,
        };
        let p = match self.any_ptr(fr, ptr, loc)? {
            AnyPtr::Static(p) => p,
            AnyPtr::Dyn(p) => {
                let dst = self.reg_of_value(f, fr, d, loc)?;
                self.type_dyn_cells(p.obj, bytes, is_ptr, loc)?;
                return self.dyn_load(f, cur, loc, p, bytes, w, dst);
            }
            AnyPtr::Reg { reg, disp } => {
                let dst = self.reg_of_value(f, fr, d, loc)?;
                self.defer_access(cur, loc, reg, disp, bytes, align, PtrOp::Load { dst, w, ptr: is_ptr });
                return Ok(());
            }
        };
        self.check_alive(cur, loc, p.obj);
        if !self.in_bounds(p, bytes) {
            let dst = self.reg_of_value(f, fr, d, loc)?;
            self.out_of_bounds(cur, loc);
            self.emit(cur, loc, FInst::Copy { dst, v: Opnd::Undef { width: w } });
            return Ok(());
        }
        self.check_dyn_bounds(cur, loc, p.obj, Opnd::Const { bits: p.off as u64, width: 64 }, bytes);
        if self.misaligned(cur, loc, p, align) {
            let dst = self.reg_of_value(f, fr, d, loc)?;
            self.emit(cur, loc, FInst::Copy { dst, v: Opnd::Undef { width: w } });
            return Ok(());
        }
        let cell = self.cell(p, bytes, loc)?;
        self.type_cell(cell, is_ptr, loc)?;
        let dst = self.reg_of_value(f, fr, d, loc)?;
        let cw = self.regs[cell as usize].width;
        if cw == w {
            self.emit(cur, loc, FInst::Copy { dst, v: Opnd::Reg(cell) });
        } else {
            self.emit(cur, loc, FInst::Cast { dst, op: CastOp::Trunc, from: cw, to: w, v: Opnd::Reg(cell) });
        }
        Ok(())
    }

    /// A store to a cell: a copy into the cell's register.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_store(&mut self, f: FuncId, fr: &mut Frame, cur: u32, loc: Loc, ptr: Operand, val: Operand, ty: vigil_ir::TypeId, align: u64) -> Result<(), Unsupported> {
        let is_ptr = self.m.types.is_ptr(ty);
        let w = if is_ptr { 64 } else { self.int_width(ty, "store", loc)? };
        let v = self.opnd(f, fr, val, loc)?;
        let bytes = self.m.types.store_size(ty);
        let p = match self.any_ptr(fr, ptr, loc)? {
            AnyPtr::Static(p) => p,
            AnyPtr::Dyn(p) => {
                self.type_dyn_cells(p.obj, bytes, is_ptr, loc)?;
                return self.dyn_store(f, cur, loc, p, bytes, w, v);
            }
            AnyPtr::Reg { reg, disp } => {
                self.defer_access(cur, loc, reg, disp, bytes, align, PtrOp::Store { v, w, ptr: is_ptr });
                return Ok(());
            }
        };
        self.check_alive(cur, loc, p.obj);
        if !self.in_bounds(p, bytes) {
            self.out_of_bounds(cur, loc);
            return Ok(());
        }
        self.check_dyn_bounds(cur, loc, p.obj, Opnd::Const { bits: p.off as u64, width: 64 }, bytes);
        if self.misaligned(cur, loc, p, align) {
            return Ok(());
        }
        if self.write_to_constant(cur, loc, p.obj) {
            return Ok(());
        }
        let cell = self.cell(p, bytes, loc)?;
        self.type_cell(cell, is_ptr, loc)?;
        let cw = self.regs[cell as usize].width;
        if cw == w {
            self.emit(cur, loc, FInst::Copy { dst: cell, v });
        } else {
            // An i1 stored in a byte: C stores _Bool zero-extended.
            self.emit(cur, loc, FInst::Cast { dst: cell, op: CastOp::ZExt, from: w, to: cw, v });
        }
        Ok(())
    }

    /// `expect`, the min/max intrinsics and the lifetime markers; any other intrinsic is
    /// unsupported.
    pub(super) fn lower_intrinsic(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, which: Intrinsic, args: &[Operand]) -> Result<(), Unsupported> {
        let loc = inst.loc;
        let d = inst.dest;
        match which {
            Intrinsic::Expect => {
                let v = self.opnd(f, fr, args[0], loc)?;
                let dst = self.reg_of_value(f, fr, d.expect("expect dest"), loc)?;
                self.emit(cur, loc, FInst::Copy { dst, v });
            }
            Intrinsic::SMin | Intrinsic::SMax | Intrinsic::UMin | Intrinsic::UMax => {
                let a = self.opnd(f, fr, args[0], loc)?;
                let bb = self.opnd(f, fr, args[1], loc)?;
                let w = opnd_width(&self.regs, a);
                let dst = self.reg_of_value(f, fr, d.expect("minmax dest"), loc)?;
                let c = self.new_reg(format!("{}:minmax.c", self.m.function(f).name), 1);
                let pred = vigil_semantics::intrinsic::min_max_pred(which).expect("a min/max intrinsic");
                self.emit(cur, loc, FInst::ICmp { dst: c, pred, w, a, b: bb });
                self.emit(cur, loc, FInst::Select { dst, c: Opnd::Reg(c), t: a, f: bb });
            }
            Intrinsic::LifetimeStart => {
                // The object's scope is entered again: its cells are undefined.
                let p = self.static_ptr(fr, args[1], loc)?;
                if self.call_in_loop || self.on_cycle(f, self.ir_at) {
                    self.reborn.push(p.obj);
                }
                if let Some(a) = self.objs[p.obj as usize].alive.filter(|_| !self.objs[p.obj as usize].heap) {
                    self.emit(cur, loc, FInst::Copy { dst: a, v: Opnd::Const { bits: 1, width: 1 } });
                }
                if !self.ir_block.0 {
                    self.objs[p.obj as usize].shape = None; // a block's scope: not nameable at every loop head
                }
                let at = self.blocks[cur as usize].insts.len();
                self.pending.push(Pending::Havoc { block: cur as usize, at, obj: p.obj });
            }
            // Cell-shaped objects are reached only through their own loads and stores, which C
            // scoping keeps inside the object's life.
            Intrinsic::LifetimeEnd => {
                // The end of main's own frame, as main returns, ends the program too: no
                // address can be kept past it.
                if !(self.stack.len() == 1 && self.ir_block.1) {
                    self.scope_ends = true;
                }
                if let Ok(p) = self.static_ptr(fr, args[1], loc) {
                    if !self.ir_block.1 {
                        self.objs[p.obj as usize].shape = None;
                    }
                    if let Some(a) = self.objs[p.obj as usize].alive.filter(|_| !self.objs[p.obj as usize].heap) {
                        self.emit(cur, loc, FInst::Copy { dst: a, v: Opnd::Const { bits: 0, width: 1 } });
                    }
                }
            }
            Intrinsic::Memset if self.lower_sized_memset(f, fr, cur, inst, args)? => {}
            Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset => self.lower_fill(fr, cur, inst, which, args)?,
            // Variable-length arrays end at a restore of a save taken before them ([`super::sized`]).
            Intrinsic::StackSave => self.lower_stack_save(fr, inst.dest),
            Intrinsic::StackRestore => {
                let save = *args.first().ok_or_else(|| Unsupported(format!("intrinsic llvm.stackrestore without an argument at {}", self.m.describe_loc(loc))))?;
                self.lower_stack_restore(fr, cur, loc, save)?;
            }
            other => return Err(Unsupported(format!("intrinsic {} at {}", other.llvm_name(), self.m.describe_loc(loc)))),
        }
        Ok(())
    }

    /// A call: the SV-COMP functions become flat instructions, harmless output is skipped, and
    /// a call of a defined function is inlined (its entry reached by a jump that assigns the
    /// parameters, its returns jumping to a new continuation block). Returns the block where
    /// lowering continues.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lower_call(&mut self, f: FuncId, fr: &mut Frame, cur: u32, inst: &vigil_ir::Inst, callee: &Callee, args: &[Operand], ret_ty: vigil_ir::TypeId) -> Result<u32, Unsupported> {
        let m = self.m;
        let loc = inst.loc;
        let fname = m.function(f).name.clone();
        let Callee::Direct(g) = callee else {
            return Err(Unsupported(format!("indirect call at {}", m.describe_loc(loc))));
        };
        let gname = m.function(*g).name.clone();
        let role = svcomp::role(&gname);
        if matches!(role, Some(Role::Error | Role::AssertFail)) {
            self.emit(cur, loc, FInst::Error { loc });
            // The rest of the block is dead after the error; keep lowering it into
            // a detached block so its values still get registers.
            return Ok(self.new_block(format!("{fname}/<after {gname}>"), &fname));
        }
        if role == Some(Role::Exit) {
            self.emit(cur, loc, FInst::Exit);
            return Ok(self.new_block(format!("{fname}/<after {gname}>"), &fname));
        }
        if matches!(role, Some(Role::Assert | Role::Assume)) && args.is_empty() {
            // (Declared without a prototype and called without its condition: the VM answers
            // "too few arguments"; nothing to model here.)
            return Err(Unsupported(format!("call of {gname} without its condition at {}", m.describe_loc(loc))));
        }
        if role == Some(Role::Assert) && m.function(*g).is_declaration() {
            // The runtime's __VERIFIER_assert (the program does not define one): the error when
            // the argument is zero, else on.
            let c = self.opnd(f, fr, args[0], loc)?;
            let w = opnd_width(&self.regs, c);
            let ok = self.new_reg(format!("{fname}:assert.c"), 1);
            self.emit(cur, loc, FInst::ICmp { dst: ok, pred: ICmpPred::Ne, w, a: c, b: Opnd::Const { bits: 0, width: w } });
            let err = self.new_block(format!("{fname}/<{gname} failed>"), &fname);
            self.emit(err, loc, FInst::Error { loc });
            self.blocks[err as usize].term = FTerm::Return;
            let next = self.new_block(format!("{fname}/<after {gname}>"), &fname);
            let edge = |target| Edge { target, assigns: Vec::new() };
            self.blocks[cur as usize].term = FTerm::CondBr { c: Opnd::Reg(ok), t: edge(next), f: edge(err) };
            self.blocks[cur as usize].term_loc = loc;
            return Ok(next);
        }
        if role == Some(Role::Assume) {
            let c = self.opnd(f, fr, args[0], loc)?;
            self.emit(cur, loc, FInst::Assume { c });
            return Ok(cur);
        }
        if is_nondet(&gname) {
            let d = inst.dest.ok_or_else(|| Unsupported(format!("{gname} without result")))?;
            let dst = self.reg_of_value(f, fr, d, loc)?;
            self.emit(cur, loc, FInst::Nondet { dst, func: gname });
            return Ok(cur);
        }
        if OUTPUT_FUNCS.contains(&gname.as_str()) && output_is_harmless(m, &gname, args) {
            // Output changes no program state; its result (a count) is any value.
            if let Some(d) = inst.dest {
                let dst = self.reg_of_value(f, fr, d, loc)?;
                let width = self.regs[dst as usize].width;
                self.emit(cur, loc, FInst::Copy { dst, v: Opnd::Undef { width } });
            }
            return Ok(cur);
        }
        if let Some(p) = self.proc_of(*g)? {
            self.emit_proc_call(f, fr, cur, inst, p, *g, args, ret_ty)?;
            return Ok(cur);
        }
        let callee_f = m.function(*g);
        let depth = self.stack.iter().filter(|&&x| x == *g).count();
        if depth >= MAX_RECURSION_DEPTH || (depth > 0 && self.blocks.len() > MAX_RECURSIVE_BLOCKS) {
            // Recursion cut (see the module doc of `flatten`): reaching this call is an error
            // region of its own; the rest of the block is dead.
            self.emit(cur, loc, FInst::Check { c: Opnd::Const { bits: 0, width: 1 }, what: RECURSION_CUT, kind: CheckKind::Ub });
            return Ok(self.new_block(format!("{fname}/<after cut call {gname}>"), &fname));
        }
        if callee_f.is_declaration() {
            if let Some(next) = self.lower_heap_call(f, fr, cur, inst, &gname, args)? {
                return Ok(next);
            }
            return Err(Unsupported(format!("call of external function {gname} at {}", m.describe_loc(loc))));
        }
        if callee_f.varargs {
            return Err(Unsupported(format!("variadic function {gname} at {}", m.describe_loc(loc))));
        }
        // Arguments: registers are copied into fresh parameter registers (by the
        // jump's assignments); static pointers are passed at flattening time.
        let mut vals = Vec::new();
        let mut assigns = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let is_ptr_param = callee_f.params.get(i).map(|p| m.types.is_ptr(callee_f.value(*p).ty));
            if is_ptr_param == Some(true) {
                vals.push(match self.any_ptr(fr, *a, loc) {
                    Ok(AnyPtr::Static(p)) => Val::Ptr(p),
                    Ok(AnyPtr::Dyn(p)) => Val::Dyn(p),
                    Ok(AnyPtr::Reg { reg, disp }) => Val::RegPtr { reg, disp },
                    // null or another constant address: passed as its encoding
                    Err(_) => {
                        let pv = callee_f.params[i];
                        let r = self.new_ptr_reg(format!("{gname}:{}", callee_f.value(pv).name));
                        let v = self.opnd(f, fr, *a, loc)?;
                        assigns.push((r, v));
                        Val::Reg(r)
                    }
                });
            } else {
                let pv = callee_f.params.get(i).ok_or_else(|| Unsupported(format!("call of {gname}: arity")))?;
                let w = self.int_width(callee_f.value(*pv).ty, "parameter", loc)?;
                let r = self.new_reg(format!("{gname}:{}", callee_f.value(*pv).name), w);
                let v = self.opnd(f, fr, *a, loc)?;
                assigns.push((r, v));
                vals.push(Val::Reg(r));
            }
        }
        let cont = self.new_block(format!("{fname}/<after call {gname}>"), &fname);
        let ret_reg = match inst.dest {
            Some(d) if matches!(m.types.get(callee_f.ret_ty), Type::Void) && value_used(m.function(f), d) => {
                // The callee returns nothing for a result the caller uses (a call through an
                // incompatible function type): undefined (C11 6.9.1p12).
                return Err(Unsupported(format!(
                    "the result of a call of {gname}, which returns no value, is used (undefined behaviour) at {}",
                    m.describe_loc(loc)
                )));
            }
            Some(d) if !matches!(m.types.get(ret_ty), Type::Void) && !matches!(m.types.get(callee_f.ret_ty), Type::Void) => {
                Some(self.reg_of_value(f, fr, d, loc)?)
            }
            _ => None,
        };
        // An allocation in the callee runs repeatedly when this call does ([`super::pointers`]).
        let outer = self.call_in_loop;
        self.call_in_loop = outer || self.on_cycle(f, self.ir_at);
        let inlined = self.inline(*g, &vals, Some((ret_reg, cont)));
        self.call_in_loop = outer;
        let (entry, ()) = inlined?;
        self.blocks[cur as usize].term = FTerm::Br(Edge { target: entry, assigns });
        self.blocks[cur as usize].term_loc = loc;
        Ok(cont)
    }

    /// The flat terminator of block `b`: a return of an inlined call jumps to its continuation
    /// (`ret`: the result register and the continuation block), a return of `main` ends the path.
    pub(super) fn lower_terminator(&mut self, f: FuncId, b: BlockId, fr: &mut Frame, term: &Terminator, loc: Loc, ret: Option<(Option<u32>, u32)>) -> Result<FTerm, Unsupported> {
        Ok(match term {
            Terminator::Ret { val } => match ret {
                None => FTerm::Return,
                Some((reg, cont)) => {
                    let mut assigns = Vec::new();
                    if let (Some(r), Some(v)) = (reg, val) {
                        let o = self.opnd(f, fr, *v, loc)?;
                        assigns.push((r, o));
                    }
                    // The call's locals end here.
                    for &o in &fr.frame_objs {
                        if let Some(a) = self.objs[o as usize].alive {
                            self.emit(self.cur, loc, FInst::Copy { dst: a, v: Opnd::Const { bits: 0, width: 1 } });
                        }
                    }
                    FTerm::Br(Edge { target: cont, assigns })
                }
            },
            Terminator::Br { target } => FTerm::Br(self.edge(f, fr, b, *target, loc)?),
            Terminator::CondBr { cond, if_true, if_false } => {
                let c = self.opnd(f, fr, *cond, loc)?;
                let t = self.edge(f, fr, b, *if_true, loc)?;
                let e = self.edge(f, fr, b, *if_false, loc)?;
                FTerm::CondBr { c, t, f: e }
            }
            Terminator::Switch { val, cases, default } => {
                let v = self.opnd(f, fr, *val, loc)?;
                let w = opnd_width(&self.regs, v);
                let mut cs = Vec::new();
                for (k, t) in cases {
                    cs.push((*k & mask(w), self.edge(f, fr, b, *t, loc)?));
                }
                let d = self.edge(f, fr, b, *default, loc)?;
                FTerm::Switch { v, w, cases: cs, default: d }
            }
            Terminator::Unreachable => FTerm::Unreachable,
            Terminator::Unsupported { construct } => {
                return Err(Unsupported(format!("{construct} at {}", self.m.describe_loc(loc))))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::writes_through_pointer;

    #[test]
    fn printf_formats_that_write_through_a_pointer() {
        for f in ["%n", "ab%n", "%hhn", "%5ln", "x=%d%n", "%lln"] {
            assert!(writes_through_pointer(f.as_bytes()), "{f}");
        }
        for f in ["", "hello\n", "%d %s %x", "100%%", "%-5.2ld", "n%dn"] {
            assert!(!writes_through_pointer(f.as_bytes()), "{f}");
        }
    }
}

/// Whether some instruction or terminator of `func` reads the value `v`.
fn value_used(func: &vigil_ir::Function, v: vigil_ir::ValueId) -> bool {
    let reads = |ops: Vec<Operand>| ops.contains(&Operand::Value(v));
    func.blocks.iter().any(|b| b.insts.iter().any(|i| reads(i.kind.operands())) || reads(b.term.operands()))
}
