//! The intrinsics of vigil IR (LLVM's `llvm.*` functions the front end keeps): memory
//! intrinsics (`memcpy`, `memmove`, `memset`), the stack (`stacksave`/`stackrestore`), integer
//! intrinsics (min/max, bit counting, funnel shifts, arithmetic with overflow), `assume` and
//! `trap`, varargs (`va_start`/`va_end`/`va_copy`), `objectsize`, and the lifetime markers
//! (`lifetime.start`/`lifetime.end`: an alloca enters or leaves its block's scope, see the
//! module doc of `machine`, "Block scopes").
//!
//! Invariants: the integer intrinsics are pure functions of their operands (their meaning is
//! `vigil_semantics::intrinsic`'s, shared with the symbolic engines); their result is fully undefined when an operand is (the VM does
//! not track definedness bit by bit through them). The memory intrinsics are visible accesses at
//! the loader's `interrupt_mem` points, asked before any byte moves. Varargs follow the data
//! model: x86-64's `va_list` structure or i386's pointer, both into the frame's vararg object
//! (see [`Machine::make_frame`]).

use super::*;
use vigil_semantics::intrinsic::{abs, bit_op, funnel_shift, is_signed_min, min_max, with_overflow};

impl Machine<'_> {
    /// `llvm.lifetime.start/end` on `p`: the alloca becomes live with undefined contents, or
    /// [`ObjKind::OutOfScope`] (cleared, every access dangling). Markers on anything but an
    /// alloca are ignored, as LLVM allows.
    ///
    /// A start on an out-of-scope alloca enters its block again: a new instance of the local
    /// begins (C11 6.2.4p6). Pointers into the ended instance that memory still holds (a
    /// variable outside the block set to `&x` in an earlier iteration) stay indeterminate (p2),
    /// so they are moved, offsets kept, to an [`ObjKind::EarlierInstance`] object
    /// ([`Heap::retire_instance`]); left alone they would reach the new instance, as natively,
    /// and an access through them would pass. Only allocas whose address may be kept are
    /// searched for ([`crate::program::FuncInfo::kept_address`]), and frames are not searched:
    /// their registers hold the alloca itself, and a pointer kept across the block's end lives in
    /// memory (the front end declines `mem2reg` when a block-scoped local's address escapes,
    /// `vigil_frontend::scope`).
    fn lifetime(&mut self, start: bool, alloca: Operand, p: Scalar) {
        let (obj, off) = decode(p.bits);
        if !p.ptr || off != 0 {
            return;
        }
        let Some(kind) = self.state.heap.get(obj).map(|o| o.kind) else { return };
        if !matches!(kind, ObjKind::Alloca | ObjKind::OutOfScope) {
            return;
        }
        let kept = matches!(alloca, Operand::Value(v) if crate::program::bit_test(&self.prog.funcs[self.func.index()].kept_address, v.0));
        if start && kind == ObjKind::OutOfScope && kept {
            self.state.heap.retire_instance(obj);
        }
        self.state.heap.reset(obj, if start { ObjKind::Alloca } else { ObjKind::OutOfScope });
    }

    pub(super) fn intrinsic(&mut self, which: Intrinsic, args: &[Operand], dest: Option<ValueId>) -> VmResult<Flow> {
        use Intrinsic::*;
        let w = if args.is_empty() { 0 } else { self.op_width(args[0]) };
        let a = |m: &Self, i: usize| m.operand(args[i]);
        match which {
            LifetimeStart | LifetimeEnd => self.lifetime(which == LifetimeStart, args[1], a(self, 1)),
            Memcpy | Memmove => {
                let (d, s) = (a(self, 0), a(self, 1));
                let n = a(self, 2).bits;
                if self.mem_interrupt(&[(d, n, true), (s, n, false)], false) {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let len = self.defined_length(args[2])?;
                if which == Memcpy && partial_overlap(d, s, len) {
                    return Err(FaultKind::OverlappingCopy("memcpy of partially overlapping ranges"));
                }
                self.copy_memory(d, s, len)?;
            }
            Memset => {
                if self.mem_interrupt(&[(a(self, 0), a(self, 2).bits, true)], false) {
                    return Ok(Flow::Stop(Stop::Interrupt));
                }
                let len = self.defined_length(args[2])?;
                self.memset(a(self, 0), a(self, 1), len)?;
            }
            StackSave => {
                let n = self.frame().read(FRAME_NALLOCA, 4).bits;
                self.set_dest(dest, Scalar::int(n));
            }
            StackRestore => {
                let n = a(self, 0);
                self.free_allocas(n.bits as u32);
            }
            Expect => {
                let v = a(self, 0);
                self.set_dest(dest, v);
            }
            Abs => {
                let v = a(self, 0);
                // abs(MIN) with "MIN is poison" set (clang's abs, labs, llabs) is signed overflow.
                let min_is_poison = args.get(1).is_some_and(|p| self.operand(*p).bits & 1 == 1);
                if min_is_poison && self.checks_overflow_here() && is_signed_min(w, v) {
                    return Err(FaultKind::SignedOverflow);
                }
                self.set_dest(dest, abs(w, v)?);
            }
            SMin | SMax | UMin | UMax => self.set_dest(dest, min_max(which, w, a(self, 0), a(self, 1))),
            Ctlz | Cttz if self.zero_count_of_zero_is_undefined(args, a(self, 0), w) => {
                return Err(FaultKind::Undefined(COUNT_OF_ZERO));
            }
            Ctpop | Ctlz | Cttz | Bswap | Bitreverse => self.set_dest(dest, bit_op(which, w, a(self, 0))),
            Fshl | Fshr => self.set_dest(dest, funnel_shift(which, w, a(self, 0), a(self, 1), a(self, 2))),
            SAddWithOverflow | UAddWithOverflow | SSubWithOverflow | USubWithOverflow | SMulWithOverflow | UMulWithOverflow => {
                let (result, overflow) = with_overflow(which, w, a(self, 0), a(self, 1));
                if let Some(d) = dest {
                    self.set_value_and_flag(d, w, result, overflow);
                }
            }
            Trap => return Err(FaultKind::Unreachable),
            Assume => {
                let c = a(self, 0);
                if c.def & 1 == 1 && c.bits & 1 == 0 {
                    self.trans_flags |= flags::CANCEL;
                }
            }
            VaStart => self.va_start(a(self, 0))?,
            VaEnd => {}
            VaCopy => {
                let (d, s) = (a(self, 0), a(self, 1));
                // sizeof(va_list): 24 bytes on x86-64, one pointer on i386.
                let len = if self.prog.ptr_bytes == NARROW_PTR_BYTES { 4 } else { 24 };
                self.copy_memory(d, s, len)?;
            }
            ObjectSize => {
                let min = args.get(1).map(|x| self.operand(*x).bits & 1 == 1).unwrap_or(false);
                let size = self.object_size(a(self, 0), min, self.dest_width(dest));
                self.set_dest(dest, Scalar::int(size));
            }
            IsConstant => self.set_dest(dest, Scalar::int(0)),
        }
        Ok(Flow::Next)
    }

    /// A length operand, which must be fully defined.
    fn defined_length(&self, op: Operand) -> VmResult<u64> {
        let v = self.operand(op);
        if v.is_defined(self.op_width(op)) { Ok(v.bits) } else { Err(FaultKind::Undefined("length")) }
    }

    /// `memset(dst, byte, len)`.
    fn memset(&mut self, dst: Scalar, byte: Scalar, len: u64) -> VmResult<()> {
        if len > 0 {
            let len = u32::try_from(len).map_err(|_| FaultKind::OutOfBounds)?;
            let (obj, off) = self.check_access(dst, len, true)?;
            self.split_sym_slots(obj, off, off + len);
            self.state.heap.get_mut(obj).expect("checked").fill(off, len, byte.bits as u8, byte.def as u8);
        }
        Ok(())
    }

    /// Writes a `{iN, i1}` result: the `w`-bit value, then the flag byte at its member offset.
    fn set_value_and_flag(&mut self, d: ValueId, w: u32, value: Scalar, flag: Scalar) {
        let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
        let vbytes = w.div_ceil(8);
        let at = self.flag_offset(d);
        let mut out = Object::new(ObjKind::Frame, len as usize, false);
        out.write(0, vbytes, value);
        if at < len {
            out.write(at, 1, flag);
        }
        self.set_reg_bytes(d, &out);
    }

    /// `llvm.ctlz`/`llvm.cttz` of 0 with "zero is poison" set (clang's `__builtin_clz`,
    /// `__builtin_ctz` and their `l`/`ll` forms, which GCC's manual leaves undefined for 0) in
    /// the program's own code. Natively x86-64's `bsr`/`bsf` leave the result register as it
    /// was (`__builtin_clz(0)` gave 31, `__builtin_ctz(0)` 32 with clang-19 -O0), not the width
    /// LLVM's defined form returns, so the run proves nothing. The runtime, compiled at `-O1`,
    /// may count speculatively and not use the result: there it stays the width.
    fn zero_count_of_zero_is_undefined(&self, args: &[Operand], v: Scalar, w: u32) -> bool {
        let zero_is_poison = args.get(1).is_some_and(|p| self.operand(*p).bits & 1 == 1);
        zero_is_poison && self.prog.checks_overflow[self.func.index()] && v.is_defined(w) && v.bits & crate::memory::mask(w) == 0
    }

    /// The byte offset of the flag in the `{iN, i1}` result register `d` of a `*.with.overflow`
    /// intrinsic or a `cmpxchg`: the second member's offset in the data layout, which is the
    /// allocation size of `iN` (8 for `i33`, whose stored value has 5 bytes), not the value's
    /// byte count.
    pub(super) fn flag_offset(&self, d: ValueId) -> u32 {
        let types = &self.prog.module.types;
        let ty = self.prog.module.function(self.func).value(d).ty;
        match types.get(ty) {
            vigil_ir::Type::Struct { offsets, .. } if offsets.len() == 2 => offsets[1] as u32,
            _ => u32::MAX,
        }
    }

    /// `va_start(ap)`: points `ap` at the running frame's vararg object.
    fn va_start(&mut self, ap: Scalar) -> VmResult<()> {
        let area = self.first_alloca().ok_or(FaultKind::BadHypercall("va_start in a function without varargs"))?;
        if self.prog.ptr_bytes == NARROW_PTR_BYTES {
            // i386 va_list: a pointer to the next argument in the frame's vararg object.
            return self.store(ap, NARROW_PTR_BYTES, Scalar::pointer(area, 0));
        }
        // x86-64 va_list: {i32 gp_offset, i32 fp_offset, ptr overflow_arg_area,
        // ptr reg_save_area}. Both offsets say "registers used up", so clang's va_arg code
        // reads every argument from the overflow area, which is the frame's vararg object.
        self.store(ap, 4, Scalar::int(48))?;
        let ap4 = ops::pointer_offset(ap, 4);
        self.store(ap4, 4, Scalar::int(304))?;
        let ap8 = ops::pointer_offset(ap, 8);
        self.store(ap8, 8, Scalar::pointer(area, 0))?;
        let ap16 = ops::pointer_offset(ap, 16);
        self.store(ap16, 8, Scalar::null())
    }

    /// `objectsize(p, min)`: the bytes from `p` to the end of its object, or the "unknown"
    /// answer (0 for `min`, all ones otherwise) when `p` points to no object.
    fn object_size(&self, p: Scalar, min: bool, result_width: u32) -> u64 {
        match self.check_access(p, 0, false) {
            Ok((obj, off)) => u64::from(self.state.heap.get(obj).expect("checked").size().saturating_sub(off)),
            Err(_) => if min { 0 } else { crate::memory::mask(result_width) },
        }
    }
}

/// Do `[d, d + len)` and `[s, s + len)` share bytes without being the same range? LLVM allows
/// `llvm.memcpy` with equal source and destination (clang copies a struct onto itself so), not
/// a partial overlap (C's memcpy, whose call clang turns into the intrinsic).
/// What [`Machine::zero_count_of_zero_is_undefined`] reports.
pub(super) const COUNT_OF_ZERO: &str = "count of leading or trailing zero bits of 0 (__builtin_clz/__builtin_ctz)";

fn partial_overlap(d: Scalar, s: Scalar, len: u64) -> bool {
    let ((dobj, doff), (sobj, soff)) = (decode(d.bits), decode(s.bits));
    let (doff, soff) = (u64::from(doff), u64::from(soff));
    len > 0 && d.ptr && s.ptr && dobj == sobj && doff != soff && doff < soff + len && soff < doff + len
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memcpy_overlap_is_partial_overlap_within_one_object() {
        let p = |obj, off| Scalar::pointer(obj, off);
        assert!(partial_overlap(p(3, 1), p(3, 0), 2), "dst = src + 1");
        assert!(partial_overlap(p(3, 0), p(3, 1), 2), "src = dst + 1");
        assert!(!partial_overlap(p(3, 0), p(3, 0), 8), "equal ranges (a struct copied onto itself)");
        assert!(!partial_overlap(p(3, 0), p(3, 2), 2), "adjacent ranges");
        assert!(!partial_overlap(p(3, 0), p(4, 0), 8), "different objects");
        assert!(!partial_overlap(p(3, 0), p(3, 1), 0), "nothing copied");
    }
}
