//! Symbolic execution of one instruction (see `symdata` for the representation, the path
//! condition and the solver): [`Machine::sym_step`] and [`Machine::sym_terminator`] run an
//! instruction or terminator that has a symbolic operand, or loads symbolic memory, by building
//! its term through [`crate::symbolic`] (the one shared meaning of each operation); property
//! checks become queries ([`Machine::sym_check`]); what has no symbolic meaning here is made
//! concrete first and left to the concrete VM.
//!
//! Invariants: an instruction handled here either completes (`Some(Flow::Next)`, the result
//! register written), ends the transition before any effect, or faults; `None` leaves the
//! instruction to the concrete VM with every operand it reads concrete — except bytes the
//! concrete VM reads as undefined (a partly symbolic load), which it treats as uninitialised.

use super::symdata::Val;
use super::*;
use vigil_bv::TermId;
use vigil_ir::{BinOp, CastOp};
use vigil_semantics::intrinsic::term;

/// The most wholly undefined bytes one copy makes inputs of ([`Machine::sym_uninit_copy`]).
const UNINIT_COPY_MAX: u32 = 128;

impl Machine<'_> {
    /// Executes `inst` if one of its operands (or the memory it loads) is symbolic; None when it
    /// is all concrete (the caller runs it as usual) — possibly after making symbolic operands
    /// concrete.
    pub(super) fn sym_step(&mut self, inst: &vigil_ir::Inst) -> VmResult<Option<Flow>> {
        let dest = inst.dest;
        if let InstKind::Call { callee: Callee::Direct(f), .. } = &inst.kind {
            if let Some(flow) = self.sym_input(*f, dest) {
                return Ok(Some(flow));
            }
        }
        let (replay, live) = self.sym.as_ref().map_or((true, false), |s| (s.replay.is_some(), s.live));
        if let InstKind::Load { ptr, ty, atomic, .. } = &inst.kind {
            if replay || !live {
                return Ok(None);
            }
            return self.sym_load(*ptr, *ty, atomic.is_some(), dest);
        }
        match &inst.kind {
            InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } if replay || !live => return Ok(None),
            InstKind::AtomicRmw { op, ptr, val, ty, .. } => return self.sym_atomic_rmw(*op, *ptr, *val, *ty, dest),
            InstKind::CmpXchg { ptr, expected, new, ty, .. } => return self.sym_cmpxchg(*ptr, *expected, *new, *ty, dest),
            _ => {}
        }
        if replay || !live {
            // (Before the first symbolic value, nothing is symbolic: one test per instruction.)
            return Ok(None);
        }
        if dest.is_some_and(|d| self.dest_width(Some(d)) == 0 && !self.is_aggregate_reg(d)) {
            // (A result without a width: nothing symbolic to make of it.)
            return Ok(None);
        }
        if self.handles_exhausted() {
            return Err(FaultKind::Unsupported("too many symbolic terms for one search".into()));
        }
        if !self.frame().ptrs.iter().any(|p| p.sym().is_some()) {
            return Ok(None);
        }
        if self.prog.has_byte_scalars && self.involves_byte_scalars(inst) {
            // Wide integers (`i128`) and other scalars kept as bytes have no symbolic meaning
            // here: the operands become concrete and the concrete VM (`crate::wide`) runs it.
            self.concretize_all(&inst.kind.operands());
            return Ok(None);
        }
        match &inst.kind {
            InstKind::Bin { op, flags, lhs, rhs } => self.sym_bin(*op, flags.nsw, *lhs, *rhs, dest),
            InstKind::ICmp { pred, lhs, rhs } => {
                let w = self.op_width(*lhs);
                let (a, b) = (self.val(*lhs, w), self.val(*rhs, w));
                if matches!((&a, &b), (Val::Int(_), Val::Int(_))) {
                    return Ok(None);
                }
                let (Some(a), Some(b)) = (self.term(a, w), self.term(b, w)) else {
                    self.concretize_all(&[*lhs, *rhs]);
                    return Ok(None);
                };
                let tm = &mut self.sd().tm;
                let c = crate::symbolic::icmp(tm, *pred, a, b);
                let r = crate::symbolic::from_bool(tm, c);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Select { .. } | InstKind::Freeze { .. } | InstKind::ExtractValue { .. } | InstKind::Cast { .. } if dest.is_none() => {
                Ok(Some(Flow::Next))
            }
            InstKind::Select { cond, if_true, if_false } => {
                if dest.is_some_and(|d| self.is_aggregate_reg(d)) {
                    self.concretize_all(&[*cond]);
                    return Ok(None);
                }
                let w = self.dest_width(dest);
                if !self.is_sym_operand(*cond) {
                    let c = self.operand(*cond);
                    if c.def & 1 == 0 {
                        self.concretize_all(&[*if_true, *if_false]);
                        return Ok(None);
                    }
                    let pick = if c.bits & 1 == 1 { *if_true } else { *if_false };
                    return Ok(match self.val(pick, w) {
                        Val::Term(t) => {
                            self.set_term(dest, t);
                            Some(Flow::Next)
                        }
                        _ => None,
                    });
                }
                let (t, e) = (self.val(*if_true, w), self.val(*if_false, w));
                let (Some(t), Some(e)) = (self.term(t, w), self.term(e, w)) else {
                    self.concretize_all(&[*cond, *if_true, *if_false]);
                    return Ok(None);
                };
                let c = self.val(*cond, 1);
                let c = self.term(c, 1).expect("symbolic condition");
                let tm = &mut self.sd().tm;
                let b = crate::symbolic::to_bool(tm, c);
                let r = tm.ite(b, t, e);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Cast { op, val, to } => {
                let Some(t) = (match val {
                    Operand::Value(v) => self.sym_reg(*v),
                    Operand::Const(_) => None,
                }) else {
                    return Ok(None);
                };
                let from = self.op_width(*val);
                let to = self.prog.module.types.value_bits(*to);
                if matches!(op, CastOp::IntToPtr) {
                    // Converting an integer to a pointer is not undefined (C11 6.3.2.3p5):
                    // only its use as an address may be. The VM's pointers are concrete, so
                    // the value is chosen among its feasible ones (incomplete beyond the
                    // enumeration limit).
                    self.concretize_all(&[*val]);
                    return Ok(None);
                }
                let t = self.fit(t, from);
                let r = crate::symbolic::cast(&mut self.sd().tm, *op, from, to, t);
                self.set_term(dest, r);
                Ok(Some(Flow::Next))
            }
            InstKind::Freeze { val } => {
                let w = self.dest_width(dest);
                match self.val(*val, w) {
                    Val::Term(t) => {
                        self.set_term(dest, t);
                        Ok(Some(Flow::Next))
                    }
                    _ => Ok(None),
                }
            }
            InstKind::Store { ptr, val, ty, atomic, .. } => self.sym_store(*ptr, *val, *ty, atomic.is_some()),
            InstKind::PtrAdd { base, offset, indices, .. } => {
                if self.is_sym_operand(*base) {
                    return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
                }
                self.concretize_indices(*base, *offset, indices);
                Ok(None)
            }
            InstKind::IndexCheck { base, index, len, elem_size, one_past } => {
                let w = self.op_width(*index);
                let Val::Term(t) = self.val(*index, w) else { return Ok(None) };
                if self.is_sym_operand(*base) || !self.is_subobject_array(*base, *len, *elem_size) {
                    // (A symbolic address has no object: the `PtrAdd` that follows faults.)
                    return Ok(Some(Flow::Next));
                }
                let t = self.fit(t, w);
                let tm = &mut self.sd().tm;
                let i = crate::symbolic::cast(tm, CastOp::SExt, w, 64, t);
                let limit = tm.bv_u64(64, len.saturating_add(u64::from(*one_past)));
                // Unsigned: a negative subscript is a huge one.
                let inside = tm.ult(i, limit);
                let outside = tm.not(inside);
                self.sym_check(outside, FaultKind::SubArrayBounds)?;
                Ok(Some(Flow::Next))
            }
            InstKind::BoolCheck { val } => {
                let Val::Term(t) = self.val(*val, 8) else { return Ok(None) };
                let t = self.fit(t, 8);
                let tm = &mut self.sd().tm;
                let one = tm.bv_u64(8, 1);
                let invalid = tm.ult(one, t);
                self.sym_check(invalid, FaultKind::InvalidBool)?;
                Ok(Some(Flow::Next))
            }
            InstKind::Phi { .. } => Ok(None),
            InstKind::Call { callee, args, .. } => {
                let hyper = match callee {
                    Callee::Direct(f) => self.prog.hypercalls[f.index()].is_some(),
                    Callee::Indirect(_) => false,
                };
                if let (false, Callee::Direct(f)) = (hyper, callee) {
                    let func = self.prog.module.function(*f);
                    if func.varargs {
                        // A variadic argument with few values is enumerated, as it was before
                        // variadic calls took terms (each value formats to concrete text); one
                        // with more travels as a term (see `concretize_if_few`).
                        let fixed = func.params.len();
                        for &op in args.iter().skip(fixed) {
                            if self.is_sym_operand(op) {
                                self.concretize_if_few(op);
                            }
                        }
                    }
                }
                if hyper {
                    let mut ops = args.clone();
                    if let Callee::Indirect(p) = callee {
                        ops.push(*p);
                    }
                    if let Callee::Direct(f) = callee {
                        if self.prog.hypercalls[f.index()] == Some(crate::program::Hypercall::FrameMake) {
                            // The new frame's arguments travel as a call's do (symbolic slots
                            // included): the runtime starts main with argc an input this way.
                            ops.truncate(2);
                        }
                    }
                    self.concretize_all(&ops);
                }
                Ok(None)
            }
            InstKind::ExtractValue { agg, offset, ty } => {
                let size = self.prog.module.types.store_size(*ty) as u32;
                if dest.is_some_and(|d| self.is_aggregate_reg(d)) || size > 8 {
                    return Ok(None);
                }
                let len = self.agg_len(*agg);
                let bytes = self.operand_bytes(*agg, len);
                if bytes.syms_in(*offset as u32, size).next().is_none() {
                    return Ok(None);
                }
                let w = self.dest_width(dest);
                match self.term_from_bytes(&bytes, *offset as u32, size) {
                    Some(t) => {
                        let t = self.fit(t, w);
                        self.set_term(dest, t);
                        Ok(Some(Flow::Next))
                    }
                    None => Ok(None),
                }
            }
            InstKind::InsertValue { agg, val, offset, ty } => {
                if !self.is_sym_operand(*val) || self.is_aggregate_type(*ty) {
                    return Ok(None);
                }
                let size = (self.prog.module.types.store_size(*ty) as u32).clamp(1, 8);
                let len = self.agg_len(*agg);
                let mut bytes = self.operand_bytes(*agg, len);
                let part = self.operand_bytes(*val, size);
                bytes.copy_from(*offset as u32, &part, 0, size);
                if let Some(d) = dest {
                    self.set_reg_bytes(d, &bytes);
                }
                Ok(Some(Flow::Next))
            }
            InstKind::Intrinsic { which, args, .. } => self.sym_intrinsic(*which, args, dest),
            InstKind::Float { op, args, .. } => self.sym_float(*op, args, dest),
            other => {
                let ops = other.operands();
                self.concretize_all(&ops);
                Ok(None)
            }
        }
    }

    /// A floating-point operation with a symbolic operand: its term from the IEEE circuits
    /// ([`vigil_semantics::float_sym`], bit-equal to the concrete meaning), with C's undefined
    /// float → integer conversions as a property check; an operation without a term gets
    /// concrete operands.
    fn sym_float(&mut self, op: vigil_ir::FloatOp, args: &[Operand], dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        if !args.iter().any(|a| self.is_sym_operand(*a)) {
            return Ok(None);
        }
        let widths: Vec<u32> = args.iter().map(|a| self.op_width(*a)).collect();
        let mut terms = Vec::with_capacity(args.len());
        for (a, w) in args.iter().zip(&widths) {
            let v = self.val(*a, *w);
            match self.term(v, *w) {
                Some(t) => terms.push(t),
                None => {
                    // An undefined or pointer operand: the concrete VM's rules apply.
                    self.concretize_all(args);
                    return Ok(None);
                }
            }
        }
        let res_width = self.dest_width(dest);
        let rounding = super::rounding(self.state.flags);
        let Some(ft) = vigil_semantics::float_sym::float_term(&mut self.sd().tm, op, res_width, &terms, &widths, rounding) else {
            self.concretize_all(args);
            return Ok(None);
        };
        if let Some(u) = ft.undefined {
            self.sym_check(u, FaultKind::Undefined("float-to-integer conversion of a value out of the integer's range"))?;
        }
        self.set_term(dest, ft.value);
        Ok(Some(Flow::Next))
    }

    /// The integer intrinsics with a symbolic meaning (as `intrinsic.rs` gives their concrete
    /// one, built from the shared operators); every other intrinsic gets concrete operands.
    fn sym_intrinsic(&mut self, which: vigil_ir::Intrinsic, args: &[Operand], dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        use vigil_ir::Intrinsic::*;
        let w = args.first().map_or(0, |a| self.op_width(*a));
        let terms = |m: &mut Self, n: usize| -> Option<Vec<TermId>> {
            (0..n).map(|i| args.get(i).and_then(|a| { let v = m.val(*a, w); m.term(v, w) })).collect()
        };
        let r = match which {
            Expect | Abs | SMin | SMax | UMin | UMax | SAddWithOverflow | UAddWithOverflow | SSubWithOverflow
            | USubWithOverflow | SMulWithOverflow | UMulWithOverflow
                if w > 1 && args.iter().take(2).any(|a| self.is_sym_operand(*a)) =>
            {
                let n = if matches!(which, Expect | Abs) { 1 } else { 2 };
                terms(self, n)
            }
            Ctpop | Ctlz | Cttz | Bswap | Bitreverse if args.first().is_some_and(|a| self.is_sym_operand(*a)) => terms(self, 1),
            Fshl | Fshr if args.iter().take(3).any(|a| self.is_sym_operand(*a)) => terms(self, 3),
            _ => None,
        };
        let Some(t) = r else {
            self.concretize_all(args);
            return Ok(None);
        };
        let tm = &mut self.sd().tm;
        let value = match which {
            Expect => t[0],
            Abs => {
                let is_min = term::is_signed_min(tm, t[0]);
                let min_is_poison = args.get(1).is_some_and(|p| self.operand(*p).bits & 1 == 1);
                if min_is_poison && self.checks_overflow_here() {
                    self.sym_check(is_min, FaultKind::SignedOverflow)?;
                }
                term::abs(&mut self.sd().tm, t[0])
            }
            SMin | SMax | UMin | UMax => term::min_max(tm, which, t[0], t[1]),
            Ctlz | Cttz => {
                // As in `intrinsic.rs`: a count of 0 with "zero is poison" set is undefined
                // where overflow is checked, the width otherwise.
                let zero_is_poison = args.get(1).is_some_and(|p| self.operand(*p).bits & 1 == 1);
                if zero_is_poison && self.prog.checks_overflow[self.func.index()] {
                    let tm = &mut self.sd().tm;
                    let zero = tm.bv_u64(w, 0);
                    let is_zero = tm.eq(t[0], zero);
                    self.sym_check(is_zero, FaultKind::Undefined(super::intrinsic::COUNT_OF_ZERO))?;
                }
                term::bit_op(&mut self.sd().tm, which, t[0])
            }
            Ctpop | Bswap | Bitreverse => term::bit_op(tm, which, t[0]),
            Fshl | Fshr => term::funnel_shift(tm, which, t[0], t[1], t[2]),
            _ => {
                // {result, overflow}: the wrapped result and the overflow bit after it.
                let (result, lost) = term::with_overflow(tm, which, t[0], t[1]);
                let flag = crate::symbolic::from_bool(tm, lost);
                let Some(d) = dest else { return Ok(Some(Flow::Next)) };
                let info = &self.prog.funcs[self.func.index()];
                let (off, len) = (info.reg_off[d.index()], info.reg_size[d.index()]);
                let (vbytes, at) = (w.div_ceil(8), self.flag_offset(d));
                let frame = self.frame_mut();
                frame.fill(off, len, 0, 0);
                frame.write_sym(off, vbytes, result.index() as u32);
                if at < len {
                    frame.write_sym(off + at, 1, flag.index() as u32);
                }
                return Ok(Some(Flow::Next));
            }
        };
        self.set_term(dest, value);
        Ok(Some(Flow::Next))
    }

    /// Makes the symbolic indices of a `ptradd` concrete, an out-of-bounds value first.
    fn concretize_indices(&mut self, base: Operand, offset: i64, indices: &[(Operand, i64)]) {
        let p = self.operand(base);
        let (obj, off) = decode(p.bits);
        let size = self.state.heap.get(obj).filter(|_| p.ptr).map(|o| o.size());
        for &(idx, scale) in indices {
            let Operand::Value(v) = idx else { continue };
            let Some(t) = self.sym_reg(v) else { continue };
            let w = self.op_width(idx);
            let t = self.fit(t, w);
            // The byte offset this index alone gives, in 64 bits: out of the object's bounds?
            let prefer = size.map(|size| {
                let tm = &mut self.sd().tm;
                let i64t = crate::symbolic::cast(tm, CastOp::SExt, w, 64, t);
                let sc = tm.bv_u64(64, scale as u64);
                let scaled = tm.bvmul(i64t, sc);
                let base_off = tm.bv_u64(64, (i64::from(off) + offset) as u64);
                let at = tm.bvadd(scaled, base_off);
                let zero = tm.bv_u64(64, 0);
                let end = tm.bv_u64(64, u64::from(size));
                let below = tm.slt(at, zero);
                let above = tm.sge(at, end);
                tm.or(below, above)
            });
            self.concretize(idx, prefer);
        }
    }

    fn sym_bin(&mut self, op: BinOp, nsw: bool, lhs: Operand, rhs: Operand, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        let w = self.dest_width(dest).max(self.op_width(lhs));
        let (a, b) = (self.val(lhs, w), self.val(rhs, w));
        if matches!((&a, &b), (Val::Int(_), Val::Int(_))) {
            return Ok(None);
        }
        let (Some(a), Some(b)) = (self.term(a, w), self.term(b, w)) else {
            // A pointer or an undefined operand with a symbolic one: no term for that.
            self.concretize_all(&[lhs, rhs]);
            return Ok(None);
        };
        let tm = &mut self.sd().tm;
        let zero = tm.bv_u64(w, 0);
        if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
            let is_zero = tm.eq(b, zero);
            self.sym_check(is_zero, FaultKind::DivByZero)?;
            if matches!(op, BinOp::SDiv | BinOp::SRem) && w > 1 {
                let both = self.sd().tm.sdiv_overflow(a, b);
                self.sym_check(both, FaultKind::DivOverflow)?;
            }
        }
        let checks = self.checks_overflow_here();
        if checks && nsw && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul) {
            let ovf = term::overflows(&mut self.sd().tm, op, true, a, b);
            self.sym_check(ovf, FaultKind::SignedOverflow)?;
        }
        if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) {
            let tm = &mut self.sd().tm;
            let wt = tm.bv_u64(w, u64::from(w));
            let oversized = tm.uge(b, wt);
            if self.sym_check(oversized, FaultKind::OversizedShift).is_err() {
                if self.prog.checks_overflow[self.func.index()] {
                    // C11 6.5.7p3, as in `check_shift_amount`.
                    return Err(FaultKind::OversizedShift);
                }
                // As in `ops::binop`: in the runtime the result of an oversized shift is poison.
                if let Some(d) = dest {
                    self.set_reg(d, Scalar::undef());
                }
                return Ok(Some(Flow::Next));
            }
            if checks && op == BinOp::Shl && w > 1 && !self.unsigned_shl(op, nsw) {
                if nsw {
                    // As in `ops::binop`: a negative signed operand is undefined, inconclusive.
                    let tm = &mut self.sd().tm;
                    let zero = tm.bv_u64(w, 0);
                    let negative = tm.slt(a, zero);
                    self.sym_check(negative, FaultKind::Undefined(vigil_semantics::ops::NEGATIVE_LEFT_SHIFT))?;
                }
                let tm = &mut self.sd().tm;
                let shifted = tm.bvshl(a, b);
                let back = tm.bvashr(shifted, b);
                let same = tm.eq(back, a);
                let lost = tm.not(same);
                // As in `ops::binop`: an overflow if the front end knows the operand is signed.
                let kind = if nsw {
                    FaultKind::SignedOverflow
                } else {
                    FaultKind::Undefined("left shift that overflows if its operand is signed")
                };
                self.sym_check(lost, kind)?;
            }
        }
        let r = crate::symbolic::binop(&mut self.sd().tm, op, a, b);
        self.set_term(dest, r);
        Ok(Some(Flow::Next))
    }

    /// A term for the `size` bytes at `off` of heap object `obj` (bounds checked): read with
    /// every symbolic slot they overlap in full, so that a read of part of a symbolic value (a
    /// byte of an int) extracts its bits from the slot's term; None when some byte is undefined
    /// or part of a pointer.
    pub(super) fn memory_term(&mut self, obj: u32, off: u32, size: u32) -> Option<TermId> {
        let whole = self.state.heap.get(obj).expect("checked");
        let lo = whole.syms_in(off, size).map(|s| s.off).fold(off, u32::min);
        let hi = whole.syms_in(off, size).map(|s| s.off + s.len()).fold(off + size, u32::max);
        let o = whole.slice(lo, hi - lo);
        self.term_from_bytes(&o, off - lo, size)
    }

    /// A term for `size` bytes of `obj` at `off`, from its symbolic slots and defined bytes; None
    /// when some byte is undefined or part of a pointer.
    fn term_from_bytes(&mut self, obj: &Object, off: u32, size: u32) -> Option<TermId> {
        if let Some(s) = obj.slot_at(off).filter(|s| s.sym().is_some_and(|(l, _)| l == size)) {
            let (_, h) = s.sym()?;
            let t = TermId::from_index(h);
            return Some(self.fit(t, size * 8));
        }
        let mut acc: Option<TermId> = None;
        for i in off..off + size {
            let slot = obj.syms_in(i, 1).next();
            let byte = match slot {
                Some(s) => {
                    let (len, h) = s.sym()?;
                    let t = TermId::from_index(h);
                    let t = self.fit(t, len * 8);
                    let lo = (i - s.off) * 8;
                    self.sd().tm.extract(t, lo + 7, lo)
                }
                None => {
                    if obj.def[i as usize] != 0xff || obj.ptrs.iter().any(|p| p.off <= i && i < p.off + p.len()) {
                        return None;
                    }
                    let b = obj.data[i as usize];
                    self.sd().tm.bv_u64(8, u64::from(b))
                }
            };
            acc = Some(match acc {
                None => byte,
                Some(low) => self.sd().tm.concat(byte, low),
            });
        }
        acc
    }

    fn sym_load(&mut self, ptr: Operand, ty: vigil_ir::TypeId, atomic: bool, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        if self.is_sym_operand(ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let p = self.operand(ptr);
        let size = self.prog.module.types.store_size(ty) as u32;
        if !p.ptr || !p.is_defined(64) || size == 0 || size > 8 || dest.is_none_or(|d| self.is_aggregate_reg(d)) {
            return Ok(None);
        }
        let (obj, off) = decode(p.bits);
        let has = self.state.heap.get(obj).is_some_and(|o| u64::from(off) + u64::from(size) <= u64::from(o.size()) && o.syms_in(off, size).next().is_some());
        if !has {
            return Ok(None);
        }
        if matches!(self.prog.module.types.get(ty), vigil_ir::Type::Ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let Ok((obj, off)) = self.check_access(p, size, false) else { return Ok(None) };
        // Partly undefined: the concrete load reads it as uninitialised.
        let Some(t) = self.memory_term(obj, off, size) else { return Ok(None) };
        if self.mem_interrupt(&[(p, u64::from(size), false)], atomic) {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let w = self.dest_width(dest);
        let t = self.fit(t, w);
        self.set_term(dest, t);
        Ok(Some(Flow::Next))
    }

    /// `len` bytes of object `obj` at `off` (checked) are about to be copied by the program (a
    /// `memcpy`, a struct assignment or an aggregate load): the wholly undefined bytes among them
    /// become fresh inputs of the path in place, as a load of them would make them (see
    /// [`Self::sym_uninit_load`]), so that the copy and its source hold one value — C's
    /// indeterminate value, fixed once — instead of undefined bytes each read chooses anew
    /// (`Object::undef_copied`, a doubt on every violation after it). Each run of such bytes is
    /// cut into inputs of at most 8 bytes; bytes partly defined, pointer bytes and symbolic bytes
    /// are left as they are, and so is the whole copy when it holds more than
    /// [`UNINIT_COPY_MAX`] such bytes (a large uninitialised buffer copied keeps the doubt
    /// rather than a slot per 8 bytes). Nothing happens without symbolic data, in code that
    /// makes no choices, or when uninitialised values are over-approximated.
    pub(super) fn sym_uninit_copy(&mut self, obj: u32, off: u32, len: u32) {
        if self.sym.is_none() || !self.interruptible() || self.config.uninitialised_over_approximated {
            return;
        }
        let Some(o) = self.state.heap.get(obj) else { return };
        if !o.has_undefined(off, len) {
            return;
        }
        let mut wholly: Vec<bool> = o.def[off as usize..(off + len) as usize].iter().map(|d| *d == 0).collect();
        for p in o.ptrs.iter().filter(|p| p.off < off + len && off < p.off + p.len()) {
            for i in p.off.max(off)..(p.off + p.len()).min(off + len) {
                wholly[(i - off) as usize] = false;
            }
        }
        if wholly.iter().filter(|u| **u).count() > UNINIT_COPY_MAX as usize {
            return;
        }
        // Pieces [a, b) of at most 8 bytes, each inside one run.
        let mut pieces = Vec::new();
        let mut i = 0;
        while i < len {
            if !wholly[i as usize] {
                i += 1;
                continue;
            }
            let a = i;
            while i < len && wholly[i as usize] && i - a < 8 {
                i += 1;
            }
            pieces.push((off + a, i - a));
        }
        for (at, size) in pieces {
            let k = (self.state.sym >> 32) as u32;
            self.state.sym += 1 << 32;
            if self.replay_undef_input(k, obj, at, size).is_some() {
                continue;
            }
            let var = self.sd().input_var(k);
            let t = self.fit(var, size * 8);
            self.state.heap.get_mut(obj).expect("checked").write_sym(at, size, t.index() as u32);
        }
    }

    /// A load of wholly uninitialised memory, wider than 8 bits, by the program (see the module
    /// doc of `machine`, "Uninitialised values"): instead of two samples, the value is a fresh
    /// input of the path (a variable, or the replayed value), written back to memory so that
    /// every later read agrees. None for every other load. Called by the concrete load once it
    /// found undefined bits, after the load's interrupt point.
    pub(super) fn sym_uninit_load(&mut self, ptr: Operand, ty: vigil_ir::TypeId, dest: Option<ValueId>) -> VmResult<Option<Flow>> {
        let p = self.operand(ptr);
        if !p.ptr || !p.is_defined(64) {
            return Ok(None);
        }
        let (obj, off) = decode(p.bits);
        // The common case first: the first byte is (partly) defined, nothing to do.
        if self.state.heap.get(obj).is_none_or(|o| o.def.get(off as usize).is_none_or(|d| *d != 0)) {
            return Ok(None);
        }
        if !self.interruptible() || self.config.uninitialised_over_approximated || self.is_sym_operand(ptr) {
            return Ok(None);
        }
        let size = self.prog.module.types.store_size(ty) as u32;
        let w = self.dest_width(dest);
        if !p.ptr || !p.is_defined(64) || !(2..=8).contains(&size) || w <= 8 || dest.is_none_or(|d| self.is_aggregate_reg(d)) {
            return Ok(None);
        }
        if matches!(self.prog.module.types.get(ty), vigil_ir::Type::Ptr) {
            return Ok(None);
        }
        let undefined = self.state.heap.get(obj).is_some_and(|o| {
            u64::from(off) + u64::from(size) <= u64::from(o.size())
                && o.def[off as usize..(off + size) as usize].iter().all(|d| *d == 0)
                && o.syms_in(off, size).next().is_none()
        });
        if !undefined || self.check_access(p, size, false).is_err() {
            return Ok(None);
        }
        let k = (self.state.sym >> 32) as u32;
        self.state.sym += 1 << 32;
        let o = self.state.heap.get_mut(obj).expect("checked");
        if o.undef_copied {
            self.state.flags |= flags::UNDEF_DOUBT;
        }
        if let Some(v) = self.replay_undef_input(k, obj, off, size) {
            self.set_dest(dest, Scalar::int(v & crate::memory::mask(w)));
            return Ok(Some(Flow::Next));
        }
        let var = self.sd().input_var(k);
        let t = self.fit(var, size * 8);
        self.state.heap.get_mut(obj).expect("checked").write_sym(off, size, t.index() as u32);
        let t = self.fit(t, w);
        self.set_term(dest, t);
        Ok(Some(Flow::Next))
    }

    /// In a replay, input `k` made of `size` uninitialised bytes of `obj` at `at`: its replayed
    /// value (0 and the path incomplete when the replay has none), written there and noted as
    /// an uninitialised read; None outside a replay.
    fn replay_undef_input(&mut self, k: u32, obj: u32, at: u32, size: u32) -> Option<u64> {
        let values = self.sym.as_ref().and_then(|s| s.replay.as_ref())?;
        let raw = values.get(k as usize).copied();
        if raw.is_none() {
            self.trans_flags |= flags::INCOMPLETE;
        }
        let v = raw.unwrap_or(0) & crate::memory::mask(size * 8);
        self.state.heap.get_mut(obj).expect("checked").write(at, size, Scalar::int(v));
        let loc = self.current_loc();
        self.event(Event::UndefRead { loc, value: v });
        Some(v)
    }

    fn sym_store(&mut self, ptr: Operand, val: Operand, ty: vigil_ir::TypeId, atomic: bool) -> VmResult<Option<Flow>> {
        if self.is_sym_operand(ptr) {
            return Err(FaultKind::Undefined("a symbolic value used as an address (no base object)"));
        }
        let Operand::Value(v) = val else { return Ok(None) };
        let Some(t) = self.sym_reg(v) else { return Ok(None) };
        let size = self.prog.module.types.store_size(ty) as u32;
        if self.is_aggregate_type(ty) {
            // The concrete store copies the register's bytes with their symbolic slots (a
            // struct returned by value, `{i64, i32}`, holding an input), as a load of one
            // copies them into the register.
            return Ok(None);
        }
        if size == 0 || size > 8 {
            self.concretize_all(&[val]);
            return Ok(None);
        }
        let p = self.operand(ptr);
        if self.mem_interrupt(&[(p, u64::from(size), true)], atomic) {
            return Ok(Some(Flow::Stop(Stop::Interrupt)));
        }
        let (obj, off) = self.check_access(p, size, true)?;
        let t = self.fit(t, size * 8);
        self.split_sym_slots(obj, off, off + size);
        self.state.heap.get_mut(obj).expect("checked").write_sym(off, size, t.index() as u32);
        Ok(Some(Flow::Next))
    }

    /// A branch on Bool `b` whose sides are first checked within the quick budget (module
    /// `symdata`, "Undecided branch sides"): a refuted side is not taken; when both may be
    /// feasible the branch is a choice (ending the transition before it if one was made in
    /// it already), and taking a side left undecided ends the transition right after the jump
    /// with [`flags::PC_UNPROVEN`], so that the search can defer the state.
    fn sym_branch_deferring(&mut self, b: TermId, if_true: BlockId, if_false: BlockId) -> VmResult<Flow> {
        let not = self.sd().tm.not(b);
        let yes = self.feasible_quick(b);
        let no = self.feasible_quick(not);
        // (A side is taken without a check when the other is refuted: the path condition is
        // satisfiable, or was not refuted either.)
        let (cond, target, decided) = match (yes, no) {
            (Some(false), Some(false)) => return Ok(Flow::Stop(Stop::Cancelled)),
            (Some(false), _) => return self.jump(if_false),
            (_, Some(false)) => return self.jump(if_true),
            _ if self.second_choice_ends_transition() => return Ok(Flow::Stop(Stop::Interrupt)),
            _ if self.choose(2) == 0 => (b, if_true, yes.is_some()),
            _ => (not, if_false, no.is_some()),
        };
        self.add_pc(cond);
        let flow = self.jump(target)?;
        if decided {
            return Ok(flow);
        }
        self.trans_flags |= flags::PC_UNPROVEN;
        match flow {
            Flow::Stop(stop) => Ok(Flow::Stop(stop)),
            _ => Ok(Flow::Stop(Stop::Interrupt)),
        }
    }

    /// A terminator on a symbolic value (None: concrete, run as usual).
    pub(super) fn sym_terminator(&mut self, t: &Terminator) -> VmResult<Option<Flow>> {
        if self.sym.as_ref().is_none_or(|s| s.replay.is_some()) {
            return Ok(None);
        }
        match t {
            Terminator::CondBr { cond, if_true, if_false } if self.is_sym_operand(*cond) => {
                let c = self.val(*cond, 1);
                let c = self.term(c, 1).expect("symbolic");
                let b = crate::symbolic::to_bool(&mut self.sd().tm, c);
                if self.defers_undecided_branches() {
                    return self.sym_branch_deferring(b, *if_true, *if_false).map(Some);
                }
                if self.second_choice_ends_transition() && self.feasible(b) {
                    let not = self.sd().tm.not(b);
                    if self.feasible(not) {
                        return Ok(Some(Flow::Stop(Stop::Interrupt)));
                    }
                }
                match self.sym_split(b) {
                    Some(side) => self.jump(if side { *if_true } else { *if_false }).map(Some),
                    None => Ok(Some(Flow::Stop(Stop::Cancelled))),
                }
            }
            Terminator::Switch { val, cases, default } if self.is_sym_operand(*val) => {
                let w = self.op_width(*val);
                let v = self.val(*val, w);
                let x = self.term(v, w).expect("symbolic");
                // Feasible targets: each case, then the default (no case matches).
                let mut options: Vec<(TermId, BlockId)> = Vec::new();
                let mut none = self.sd().tm.tt();
                for &(c, b) in cases {
                    let tm = &mut self.sd().tm;
                    let ct = tm.bv_u64(w, c);
                    let eq = tm.eq(x, ct);
                    let ne = tm.not(eq);
                    none = tm.and(none, ne);
                    if self.feasible(eq) {
                        options.push((eq, b));
                    }
                }
                if self.feasible(none) {
                    options.push((none, *default));
                }
                if options.is_empty() {
                    return Ok(Some(Flow::Stop(Stop::Cancelled)));
                }
                if options.len() > 1 && self.second_choice_ends_transition() {
                    return Ok(Some(Flow::Stop(Stop::Interrupt)));
                }
                let k = if options.len() > 1 { self.choose(options.len() as u32) as usize } else { 0 };
                let (cond, target) = options[k];
                if options.len() > 1 {
                    self.add_pc(cond);
                }
                self.jump(target).map(Some)
            }
            _ => Ok(None),
        }
    }
}
