//! One instruction: [`Machine::step`] executes the instruction at the program counter, by
//! instruction group (arithmetic, memory, aggregates, atomics); terminators, calls and returns
//! are in [`super::control`], intrinsics in [`super::intrinsic`].
//!
//! Invariants: an instruction that completes returns [`Flow::Next`] and the run loop moves the pc
//! past it; one that faults returns the fault with the pc still at it (the fault handler's
//! continuation skips it). Every memory access at one of the loader's `interrupt_mem` points asks
//! [`Machine::mem_interrupt`] *before* it touches memory, so a transition cut there resumes at
//! the same instruction. The concrete meaning of each operation is [`crate::ops`]'s; this file
//! only moves values between registers and memory.

use super::*;
use vigil_ir::{BinOp, CastOp, ICmpPred, RmwOp, TypeId};

impl Machine<'_> {
    /// Executes the instruction at the pc.
    pub(super) fn step(&mut self) -> VmResult<Flow> {
        let prog = self.prog;
        let f = prog.module.function(self.func);
        let block = &f.blocks[self.block as usize];
        if self.events.is_some() {
            self.trace_line(block);
        }
        let Some(inst) = block.insts.get(self.inst as usize) else {
            if block.term_loc.is_known() {
                self.last_loc = block.term_loc;
            }
            if self.sym.is_some() {
                if let Some(flow) = self.sym_terminator(&block.term)? {
                    return Ok(flow);
                }
            }
            return self.terminator(&block.term);
        };
        if inst.loc.is_known() {
            self.last_loc = inst.loc;
        }
        if let InstKind::Load { ptr, align, .. } | InstKind::Store { ptr, align, .. } = &inst.kind {
            if *align > 1 {
                self.check_alignment(*ptr, *align)?;
            }
        }
        if self.sym.is_some() {
            if let Some(flow) = self.sym_step(inst)? {
                return Ok(flow);
            }
        }
        let dest = inst.dest;
        match &inst.kind {
            InstKind::Cast { op, val, to }
                if self.is_wide(self.op_width(*val)) || self.is_wide(self.prog.module.types.value_bits(*to)) =>
            {
                self.wide_cast(*op, *val, *to, dest)?;
            }
            InstKind::Freeze { val } if self.is_wide_int_operand(*val) => self.wide_freeze(*val, dest)?,
            InstKind::Bin { op, flags, lhs, rhs } => {
                let w = self.dest_width(dest);
                if self.is_wide(w) {
                    self.wide_bin(*op, flags.nsw, *lhs, *rhs, dest)?;
                } else {
                    let amount = self.operand(*rhs);
                    self.check_shift_amount(*op, w, shift_amount(amount, w))?;
                    let check = self.checks_overflow_here() && !self.unsigned_shl(*op, flags.nsw);
                    let (a, b) = (self.operand(*lhs), self.operand(*rhs));
                    if w == 64 {
                        self.note_address_arithmetic(*op, a, b);
                    }
                    if flags.exact {
                        self.check_exact(*op, w, a, b)?;
                    }
                    let r = ops::binop(*op, flags.nsw, check, w, a, b)?;
                    self.set_dest(dest, r);
                }
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let w = self.op_width(*lhs);
                if self.is_wide(w) {
                    self.wide_icmp(*pred, *lhs, *rhs, dest)?;
                } else {
                    let (a, b) = (self.operand(*lhs), self.operand(*rhs));
                    self.note_foreign_address_compare(a, b);
                    self.note_address_compare(*pred, a, b);
                    let r = ops::icmp(*pred, w, a, b);
                    self.set_dest(dest, r);
                }
            }
            InstKind::Select { cond, if_true, if_false } => self.select(*cond, *if_true, *if_false, dest),
            InstKind::Cast { op, val, to } => self.cast(*op, *val, *to, dest),
            InstKind::Phi { .. } => {} // evaluated by `jump`
            InstKind::IndexCheck { base, index, len, elem_size, one_past } => {
                if self.is_subobject_array(*base, *len, *elem_size) {
                    self.index_check(*index, *len, *one_past)?;
                }
            }
            InstKind::BoolCheck { val } => {
                // Only defined bits can show a value other than 0 or 1.
                let b = self.operand(*val);
                if b.bits & b.def & 0xfe != 0 {
                    return Err(FaultKind::InvalidBool);
                }
            }
            InstKind::Freeze { val } => self.freeze(*val, dest),
            InstKind::Alloca { elem_size, count, .. } => self.alloca(*elem_size, *count, dest)?,
            InstKind::Load { ptr, ty, atomic, .. } => return self.load_inst(*ptr, *ty, atomic.is_some(), dest),
            InstKind::Store { ptr, val, ty, atomic, .. } => return self.store_inst(*ptr, *val, *ty, atomic.is_some()),
            InstKind::PtrAdd { base, offset, indices, .. } => self.ptr_add(*base, *offset, indices, dest),
            InstKind::ExtractValue { agg, offset, ty } => self.extract_value(*agg, *offset as u32, *ty, dest),
            InstKind::InsertValue { agg, val, offset, ty } => self.insert_value(*agg, *val, *offset as u32, *ty, dest),
            InstKind::AtomicRmw { op, ptr, val, ty, .. } => return self.atomic_rmw(*op, *ptr, *val, *ty, dest),
            InstKind::CmpXchg { ptr, expected, new, ty, .. } => return self.cmpxchg(*ptr, *expected, *new, *ty, dest),
            InstKind::Fence { .. } => {}
            InstKind::Float { op, args, .. } => {
                let widths: Vec<u32> = args.iter().map(|a| self.op_width(*a)).collect();
                let vals: Vec<Scalar> = args.iter().map(|a| self.operand(*a)).collect();
                let r = crate::float::float_op(*op, widths[0], self.dest_width(dest), &vals, &widths, super::rounding(self.state.flags))?;
                self.set_dest(dest, r);
            }
            InstKind::Call { callee, args, .. } => return self.call(*callee, args, dest),
            InstKind::Intrinsic { which, args, .. } => return self.intrinsic(*which, args, dest),
            InstKind::Unsupported { construct } => return Err(FaultKind::Unsupported(construct.clone())),
        }
        Ok(Flow::Next)
    }

    /// Records a [`Event::Line`] when the instruction at the pc starts a new source line.
    /// Are overflows of the running function's arithmetic faults? Only under no-overflow, and
    /// only in the program's own code (see [`Program::checks_overflow`]).
    pub(super) fn checks_overflow_here(&self) -> bool {
        self.config.check_overflow && self.prog.checks_overflow[self.func.index()]
    }

    /// C11 6.5.7p3: a shift of the program's own code by `amount` (when defined) ≥ the width
    /// is undefined behaviour, [`FaultKind::OversizedShift`]. The runtime, compiled at `-O1`,
    /// may compute such a shift speculatively and not use it: there it stays LLVM's poison
    /// value ([`ops::binop`]).
    pub(super) fn check_shift_amount(&self, op: vigil_ir::BinOp, w: u32, amount: Option<u128>) -> VmResult<()> {
        if oversized_shift(op, w, amount, self.prog.checks_overflow[self.func.index()]) {
            return Err(FaultKind::OversizedShift);
        }
        Ok(())
    }

    /// A division or right shift marked `exact` in the program's own code that is not exact:
    /// LLVM's poison, which clang's `sdiv exact` for a pointer difference produces when the two
    /// pointers are not a whole number of elements apart (`(int *)((char *)a + 2) - a`; C11
    /// 6.5.6p9 makes it undefined). Natively the division is a shift that rounds down (`-2 / 4`
    /// gives -1, not the VM's 0), so the run proves nothing.
    fn check_exact(&self, op: vigil_ir::BinOp, w: u32, a: Scalar, b: Scalar) -> VmResult<()> {
        use vigil_ir::BinOp::*;
        if !self.prog.checks_overflow[self.func.index()] || !a.is_defined(w) || !b.is_defined(w) {
            return Ok(());
        }
        let m = crate::memory::mask(w);
        let (x, y) = (a.bits & m, b.bits & m);
        let inexact = match op {
            UDiv => y != 0 && x % y != 0,
            SDiv => {
                let sext = |v: u64| ((v << (64 - w)) as i64) >> (64 - w);
                y != 0 && sext(x).wrapping_rem(sext(y)) != 0
            }
            LShr | AShr => y < u64::from(w) && x & crate::memory::mask(y as u32) != 0,
            _ => false,
        };
        if inexact {
            return Err(FaultKind::Undefined(INEXACT));
        }
        Ok(())
    }

    /// Whether `op` is a `shl` the front end knows shifts an unsigned operand (no `nsw` where
    /// every signed shift has it, [`vigil_ir::Module::shl_signedness_known`]): it wraps, with
    /// nothing for no-overflow to check.
    pub(super) fn unsigned_shl(&self, op: vigil_ir::BinOp, nsw: bool) -> bool {
        op == vigil_ir::BinOp::Shl && !nsw && self.prog.module.shl_signedness_known
    }

    fn trace_line(&mut self, block: &vigil_ir::Block) {
        let loc = match block.insts.get(self.inst as usize) {
            Some(i) => i.loc,
            None => block.term_loc,
        };
        if loc.is_known() && (loc.line, self.func.0) != self.last_line {
            self.last_line = (loc.line, self.func.0);
            self.event(Event::Line { func: self.func, loc });
        }
    }

    // ---- arithmetic ----

    fn select(&mut self, cond: Operand, if_true: Operand, if_false: Operand, dest: Option<ValueId>) {
        let c = self.operand(cond);
        if let Some(d) = dest.filter(|d| self.is_aggregate_reg(*d)) {
            let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
            let pick = if c.bits & 1 == 1 { if_true } else { if_false };
            let b = self.operand_bytes(pick, len);
            self.set_reg_bytes(d, &b);
        } else {
            let (t, e) = (self.operand(if_true), self.operand(if_false));
            let mut r = if c.bits & 1 == 1 { t } else { e };
            if c.def & 1 == 0 && t != e {
                r.def = 0;
            }
            self.set_dest(dest, r);
        }
    }

    fn cast(&mut self, op: CastOp, val: Operand, to: TypeId, dest: Option<ValueId>) {
        let from = self.op_width(val);
        let to = self.prog.module.types.value_bits(to);
        let v = self.operand(val);
        if to < 64 {
            self.note_narrowed_pointer(v);
        }
        let r = ops::cast(op, from, to, v);
        self.set_dest(dest, r);
    }

    fn freeze(&mut self, val: Operand, dest: Option<ValueId>) {
        let w = self.op_width(val);
        let mut v = self.operand(val);
        if !v.is_defined(w) {
            // An arbitrary but fixed value: vigil picks the defined bits as they are and
            // zero for the rest, which is one value of many: the exploration is then
            // incomplete.
            v.bits &= v.def;
            v.def = u64::MAX;
            self.trans_flags |= flags::INCOMPLETE;
        }
        self.set_dest(dest, v);
    }

    fn ptr_add(&mut self, base: Operand, offset: i64, indices: &[(Operand, i64)], dest: Option<ValueId>) {
        let mut p = self.operand(base);
        let mut delta = offset;
        let mut defined = p.is_defined(64);
        for (idx, scale) in indices {
            let w = self.op_width(*idx);
            let i = self.operand(*idx);
            defined &= i.is_defined(w);
            let iv = ops::cast(CastOp::SExt, w, 64, i).bits as i64;
            delta = delta.wrapping_add(iv.wrapping_mul(*scale));
        }
        p = if p.ptr { ops::pointer_offset(p, delta) } else { Scalar { bits: p.bits.wrapping_add(delta as u64), ..p } };
        if !defined {
            p.def = 0;
        }
        self.set_dest(dest, p);
    }

    /// A load or store at `ptr` promised `align` (a power of two) must be aligned, in the
    /// program's own code (see [`FaultKind::Misaligned`]). Objects start at addresses aligned
    /// beyond any type's alignment in the VM, so the offset decides; an access that is invalid
    /// for other reasons is left to its own check.
    fn check_alignment(&self, ptr: Operand, align: u64) -> VmResult<()> {
        if !self.prog.checks_overflow[self.func.index()] || self.is_sym_operand(ptr) {
            return Ok(());
        }
        let p = self.operand(ptr);
        let (_, off) = decode(p.bits);
        if !p.ptr || u64::from(off) % align == 0 {
            return Ok(());
        }
        match self.check_access(p, 1, false) {
            Ok(_) => Err(FaultKind::Misaligned),
            Err(_) => Ok(()),
        }
    }

    /// Whether the array of `len × elem_size` bytes at `base` is part of a larger object, so
    /// that its subscripts are checked by `IndexCheck`: not when it is the whole object (the
    /// object's bounds then say everything, as memory-safety violations), nor when `base` is no
    /// pointer to a live object (its use as an address faults on its own).
    pub(super) fn is_subobject_array(&self, base: Operand, len: u64, elem_size: u64) -> bool {
        let p = self.operand(base);
        if !p.ptr || !p.is_defined(64) {
            return false;
        }
        let (obj, off) = decode(p.bits);
        let Some(o) = self.state.heap.get(obj) else { return false };
        off != 0 || u64::from(o.size()) != len.saturating_mul(elem_size)
    }

    /// Whether the byte loaded into `dest` is read as a `_Bool` (a `BoolCheck` of it follows in
    /// the current block). Asked only of loads that found undefined bits.
    fn read_as_bool(&self, dest: Option<ValueId>) -> bool {
        let Some(d) = dest else { return false };
        let f = self.prog.module.function(self.func);
        f.blocks.get(self.block as usize).is_some_and(|b| {
            b.insts.iter().any(|i| matches!(i.kind, InstKind::BoolCheck { val: Operand::Value(v) } if v == d))
        })
    }

    /// The byte of an uninitialised `_Bool` at `p`, `v` as loaded: SV-COMP gives an
    /// uninitialised variable a nondeterministic value of its type, and a `_Bool`'s values are 0
    /// and 1, so its undefined bits above the lowest become zero (in memory too, so later reads
    /// agree) and only the lowest is left to choose ([`Self::freeze_loaded`]).
    fn uninitialised_bool(&mut self, p: Scalar, v: Scalar) -> Scalar {
        let high = !v.def & 0xfe;
        let v = Scalar { bits: v.bits & !high, def: v.def | high, ptr: v.ptr };
        let (obj, off) = decode(p.bits);
        if let Some(o) = self.state.heap.get_mut(obj) {
            o.write(off, 1, v);
        }
        v
    }

    /// A subscript of a member array or a row must stay in its array (see `InstKind::IndexCheck`).
    fn index_check(&mut self, index: Operand, len: u64, one_past: bool) -> VmResult<()> {
        let w = self.op_width(index);
        let i = self.operand(index);
        if !i.is_defined(w) {
            // (An undefined subscript makes the address undefined: its use faults there.)
            return Ok(());
        }
        let i = ops::cast(CastOp::SExt, w, 64, i).bits as i64;
        let limit = len.saturating_add(u64::from(one_past));
        if i < 0 || i as u64 >= limit {
            return Err(FaultKind::SubArrayBounds);
        }
        Ok(())
    }

    // ---- memory ----

    fn alloca(&mut self, elem_size: u64, count: Operand, dest: Option<ValueId>) -> VmResult<()> {
        let n = self.operand(count);
        if !n.is_defined(self.op_width(count)) {
            return Err(FaultKind::Undefined("alloca size"));
        }
        let size = elem_size.checked_mul(n.bits).filter(|s| *s <= super::hypercall::MAX_OBJECT).ok_or(FaultKind::ObjectTooLarge)?;
        let id = self.state.heap.alloc(Object::new(ObjKind::Alloca, size as usize, false));
        self.add_alloca(id);
        self.set_dest(dest, Scalar::pointer(id, 0));
        Ok(())
    }

    fn load_inst(&mut self, ptr: Operand, ty: TypeId, atomic: bool, dest: Option<ValueId>) -> VmResult<Flow> {
        let p = self.operand(ptr);
        let size = self.access_size(ty);
        if self.mem_interrupt(&[(p, u64::from(size), false)], atomic) {
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        match dest {
            Some(d) if self.is_aggregate_reg(d) => {
                let (obj, off) = self.check_access(p, size, false)?;
                // A symbolic slot cut by the range's ends is split first, as for a memcpy: the
                // copy takes the piece inside (a slot only partly inside would be left behind,
                // its bytes undefined in the register).
                self.split_sym_slots(obj, off, off + size);
                self.sym_uninit_copy(obj, off, size);
                self.note_undefined_copy(obj, off, size, None);
                let part = self.state.heap.get(obj).expect("checked").slice(off, size);
                let reg_off = self.prog.funcs[self.func.index()].reg_off[d.index()];
                self.frame_mut().copy_from(reg_off, &part, 0, size);
            }
            _ => {
                let w = self.dest_width(dest);
                let v = self.load_as_int(p, size, w)?;
                if self.sym.is_some() && !v.is_defined(w.min(size * 8)) {
                    // Symbolic data: a wide uninitialised value is a fresh input (symdata).
                    if let Some(flow) = self.sym_uninit_load(ptr, ty, dest)? {
                        return Ok(flow);
                    }
                }
                let pointer = matches!(self.prog.module.types.get(ty), vigil_ir::Type::Ptr);
                let v = if size == 1 && !v.is_defined(8) && self.read_as_bool(dest) { self.uninitialised_bool(p, v) } else { v };
                let v = self.freeze_loaded(p, size, w.min(size * 8), v, pointer);
                // Only a pointer-wide value keeps provenance (an int read over an ILP32
                // pointer slot sees just the address bytes).
                // An ILP32 pointer read from bytes that hold no pointer (null, or an address
                // made from an integer) is defined when its four bytes are.
                let narrow_int = w >= 64 && size == NARROW_PTR_BYTES && !v.ptr && v.def & 0xffff_ffff == 0xffff_ffff;
                let def = if narrow_int { u64::MAX } else { v.def };
                self.set_dest(dest, Scalar { bits: v.bits & crate::memory::mask(w), ptr: v.ptr && w >= 64, def });
            }
        }
        Ok(Flow::Next)
    }

    fn store_inst(&mut self, ptr: Operand, val: Operand, ty: TypeId, atomic: bool) -> VmResult<Flow> {
        let p = self.operand(ptr);
        let size = self.access_size(ty);
        if self.mem_interrupt(&[(p, u64::from(size), true)], atomic) {
            return Ok(Flow::Stop(Stop::Interrupt));
        }
        if size > 8 || self.is_aggregate_type(ty) {
            let bytes = self.operand_bytes(val, size);
            let (obj, off) = self.check_access(p, size, true)?;
            self.split_sym_slots(obj, off, off + size);
            let target = self.state.heap.get_mut(obj).expect("checked");
            target.copy_from(off, &bytes, 0, size);
            target.undef_copied |= bytes.has_undefined(0, size);
            self.note_stored_pointers(obj, off, size);
        } else {
            let v = self.operand(val);
            self.store(p, size, v)?;
        }
        Ok(Flow::Next)
    }

    /// The bytes a load or store of `ty` touches: LLVM's store size, which for `x86_fp80` (10
    /// bytes) and integers such as `i40` (5) is less than their size in memory (16, 8).
    fn access_size(&self, ty: TypeId) -> u32 {
        self.prog.module.types.store_size(ty) as u32
    }

    // ---- aggregates ----

    /// Whether values of type `ty` are kept as bytes ([`crate::program::kept_as_bytes`]).
    pub(super) fn is_aggregate_type(&self, ty: TypeId) -> bool {
        crate::program::kept_as_bytes(&self.prog.module.types, ty)
    }

    fn extract_value(&mut self, agg: Operand, offset: u32, ty: TypeId, dest: Option<ValueId>) {
        let len = self.agg_len(agg);
        let bytes = self.operand_bytes(agg, len);
        let size = self.prog.module.types.store_size(ty) as u32;
        match dest {
            Some(d) if self.is_aggregate_reg(d) => {
                let mut part = Object::new(ObjKind::Frame, size as usize, false);
                part.copy_from(0, &bytes, offset, size);
                self.set_reg_bytes(d, &part);
            }
            _ => {
                let v = bytes.read(offset, size.clamp(1, 8));
                let w = self.dest_width(dest);
                if w < 64 {
                    self.note_narrowed_pointer(v);
                }
                if bytes.splits_narrow_pointer(offset, size.clamp(1, 8)) {
                    self.note_address_use("part of a 32-bit pointer's bytes was read as an integer");
                }
                // An ILP32 pointer read from bytes that hold no pointer (null, or an address
                // made from an integer) is defined when its four bytes are.
                let narrow_int = w >= 64 && size == NARROW_PTR_BYTES && !v.ptr && v.def & 0xffff_ffff == 0xffff_ffff;
                let def = if narrow_int { u64::MAX } else { v.def };
                self.set_dest(dest, Scalar { bits: v.bits & crate::memory::mask(w), ptr: v.ptr && w >= 64, def });
            }
        }
    }

    fn insert_value(&mut self, agg: Operand, val: Operand, offset: u32, ty: TypeId, dest: Option<ValueId>) {
        let len = self.agg_len(agg);
        let mut bytes = self.operand_bytes(agg, len);
        let size = self.prog.module.types.store_size(ty) as u32;
        if self.is_aggregate_type(ty) {
            let part = self.operand_bytes(val, size);
            bytes.copy_from(offset, &part, 0, size);
        } else {
            bytes.write(offset, size.clamp(1, 8), self.operand(val));
        }
        if let Some(d) = dest {
            self.set_reg_bytes(d, &bytes);
        }
    }

    // ---- atomics ----

    /// The start of an atomic read-modify-write at `ptr` of type `ty`: the pointer, the access
    /// size in bytes, the value width in bits and the old value; `None` when the transition ends
    /// before the access (a visible access at an `interrupt_mem` point).
    fn atomic_load(&mut self, ptr: Operand, ty: TypeId) -> VmResult<Option<(Scalar, u32, u32, Scalar)>> {
        let p = self.operand(ptr);
        let size = self.access_size(ty);
        if self.mem_interrupt(&[(p, u64::from(size), true)], true) {
            return Ok(None);
        }
        let w = self.prog.module.types.value_bits(ty);
        let old = self.load_as_int(p, size, w)?;
        Ok(Some((p, size, w, old)))
    }

    fn atomic_rmw(&mut self, op: RmwOp, ptr: Operand, val: Operand, ty: TypeId, dest: Option<ValueId>) -> VmResult<Flow> {
        let Some((p, size, w, old)) = self.atomic_load(ptr, ty)? else { return Ok(Flow::Stop(Stop::Interrupt)) };
        let v = self.operand(val);
        let new = rmw(op, w, old, v)?;
        self.store(p, size, new)?;
        self.set_dest(dest, old);
        Ok(Flow::Next)
    }

    fn cmpxchg(&mut self, ptr: Operand, expected: Operand, new: Operand, ty: TypeId, dest: Option<ValueId>) -> VmResult<Flow> {
        let Some((p, size, w, old)) = self.atomic_load(ptr, ty)? else { return Ok(Flow::Stop(Stop::Interrupt)) };
        let exp = self.operand(expected);
        let eq = ops::icmp(ICmpPred::Eq, w, old, exp);
        if eq.def & 1 == 0 {
            return Err(FaultKind::Undefined("cmpxchg comparison"));
        }
        if eq.bits == 1 {
            let n = self.operand(new);
            self.store(p, size, n)?;
        }
        if let Some(d) = dest {
            // Result {ty, i1}: the old value, then the success flag after it.
            let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
            let mut out = Object::new(ObjKind::Frame, len as usize, true);
            out.write(0, size.min(8), old);
            out.write(size.min(len - 1), 1, Scalar::int(eq.bits));
            self.set_reg_bytes(d, &out);
        }
        Ok(Flow::Next)
    }
}

/// The value an `atomicrmw` stores, from the `old` value in memory and the operand `v`.
fn rmw(op: RmwOp, w: u32, old: Scalar, v: Scalar) -> VmResult<Scalar> {
    use RmwOp::*;
    let bin = |b: BinOp| ops::binop(b, false, false, w, old, v);
    let pick = |p: ICmpPred| {
        let c = ops::icmp(p, w, old, v);
        if c.bits == 1 { old } else { v }
    };
    Ok(match op {
        Xchg => v,
        Add => bin(BinOp::Add)?,
        Sub => bin(BinOp::Sub)?,
        And => bin(BinOp::And)?,
        Or => bin(BinOp::Or)?,
        Xor => bin(BinOp::Xor)?,
        Nand => {
            let a = bin(BinOp::And)?;
            ops::binop(BinOp::Xor, false, false, w, a, Scalar::int(u64::MAX))?
        }
        Max => pick(ICmpPred::Sgt),
        Min => pick(ICmpPred::Slt),
        UMax => pick(ICmpPred::Ugt),
        UMin => pick(ICmpPred::Ult),
        UIncWrap => {
            let ge = ops::icmp(ICmpPred::Uge, w, old, v);
            if ge.bits == 1 { Scalar::int(0) } else { ops::binop(BinOp::Add, false, false, w, old, Scalar::int(1))? }
        }
        UDecWrap => {
            let zero = old.bits & crate::memory::mask(w) == 0;
            let gt = ops::icmp(ICmpPred::Ugt, w, old, v);
            if zero || gt.bits == 1 { v } else { ops::binop(BinOp::Sub, false, false, w, old, Scalar::int(1))? }
        }
    })
}

/// The amount of a shift by `amount` at `w` ≤ 64 bits (its low `w` bits), when defined.
/// What [`Machine::check_exact`] reports.
const INEXACT: &str = "division marked exact that is not (a difference of pointers not a whole number of elements apart)";

pub(super) fn shift_amount(amount: Scalar, w: u32) -> Option<u128> {
    let low = if w >= 64 { amount.bits } else { amount.bits & ((1u64 << w) - 1) };
    amount.is_defined(w).then_some(u128::from(low))
}

/// Whether `op` shifts by `amount` (when defined) at least the width `w` in code whose shifts
/// are checked (`checked`: the program's own, see [`Machine::check_shift_amount`]).
pub(super) fn oversized_shift(op: vigil_ir::BinOp, w: u32, amount: Option<u128>, checked: bool) -> bool {
    let shift = matches!(op, vigil_ir::BinOp::Shl | vigil_ir::BinOp::LShr | vigil_ir::BinOp::AShr);
    shift && checked && amount.is_some_and(|a| a >= u128::from(w))
}
