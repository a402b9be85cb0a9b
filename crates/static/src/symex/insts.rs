//! One instruction as terms: arithmetic through `vigil_semantics::symbolic` (the one symbolic meaning of
//! every IR operation, tested against the VM's concrete one), loads and stores through
//! [`super::restriction`], memory intrinsics as writes of their access shapes, and the other
//! intrinsics (the pure integer ones through `vigil_semantics::intrinsic::term`).
//!
//! Invariant: an instruction that the engine cannot model makes the function skipped (a
//! [`SkipReason`]), never a term with a different meaning.

use super::*;
use vigil_semantics::intrinsic::term;

impl FunctionExecutor<'_> {
    pub(super) fn inst(&mut self, b: BlockId, idx: u32, inst: &vigil_ir::Inst) -> Result<(), SkipReason> {
        let loc = inst.loc;
        let result: Option<TermId> = match &inst.kind {
            InstKind::Bin { op, lhs, rhs, .. } => {
                let (a, c) = (self.operand(*lhs), self.operand(*rhs));
                if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
                    let wd = self.w.tm.width(c);
                    let z = self.w.tm.bv_u64(wd, 0);
                    let e = self.w.tm.eq(c, z);
                    let safe = self.w.tm.not(e);
                    self.check(ReportKind::DivByZero, safe, loc);
                    if matches!(op, BinOp::SDiv | BinOp::SRem) {
                        // INT_MIN / -1 faults in the VM: that execution stops.
                        let ovf = self.w.tm.sdiv_overflow(a, c);
                        let ok = self.w.tm.not(ovf);
                        self.ctx = self.w.tm.and(self.ctx, ok);
                    }
                }
                Some(symbolic::binop(&mut self.w.tm, *op, a, c))
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let (a, c) = (self.operand(*lhs), self.operand(*rhs));
                let r = symbolic::icmp(&mut self.w.tm, *pred, a, c);
                Some(symbolic::from_bool(&mut self.w.tm, r))
            }
            InstKind::Select { cond, if_true, if_false } => {
                let c = self.operand(*cond);
                let cb = symbolic::to_bool(&mut self.w.tm, c);
                let (x, y) = (self.operand(*if_true), self.operand(*if_false));
                Some(self.w.tm.ite(cb, x, y))
            }
            InstKind::Cast { op, val, to } => {
                let from = self.width_of(self.operand_type(*val));
                let v = self.operand(*val);
                let to_w = self.width_of(*to);
                if from == 0 || to_w == 0 || to_w > MAX_VALUE_BITS {
                    return Err("cast of an unsupported type".into());
                }
                let vw = self.w.tm.width(v);
                Some(symbolic::cast(&mut self.w.tm, *op, vw, to_w, v))
            }
            InstKind::Phi { .. } => None,
            InstKind::Alloca { .. } => {
                let a = self.w.objects.addr(Base::Alloca(self.fid, b.0, idx));
                Some(self.w.tm.bv_u64(64, a))
            }
            InstKind::Load { ptr, ty, .. } => {
                let p = self.operand(*ptr);
                self.deref_check(p, loc);
                Some(self.load(p, *ty)?)
            }
            InstKind::Store { ptr, val, ty, .. } => {
                let p = self.operand(*ptr);
                let v = self.operand(*val);
                self.deref_check(p, loc);
                self.store(p, v, *ty)?;
                None
            }
            InstKind::PtrAdd { base, offset, indices, .. } => {
                let mut p = self.operand(*base);
                for (i, scale) in indices {
                    let iv = self.operand(*i);
                    let iw = self.w.tm.width(iv);
                    let i64v = match iw.cmp(&64) {
                        std::cmp::Ordering::Less => self.w.tm.sign_extend(iv, 64 - iw),
                        std::cmp::Ordering::Equal => iv,
                        std::cmp::Ordering::Greater => self.w.tm.extract(iv, 63, 0),
                    };
                    let s = self.w.tm.bv_u64(64, *scale as u64);
                    let prod = self.w.tm.bvmul(i64v, s);
                    p = self.w.tm.bvadd(p, prod);
                }
                if *offset != 0 {
                    let k = self.w.tm.bv_u64(64, *offset as u64);
                    p = self.w.tm.bvadd(p, k);
                }
                Some(p)
            }
            InstKind::Call { callee, args, ret_ty } => self.call(callee, args, *ret_ty, loc)?,
            InstKind::Intrinsic { which: w @ (Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset), args, .. } => {
                self.mem_op(*w, args, loc)?;
                None
            }
            InstKind::Intrinsic { which, args, ret_ty } => self.intrinsic(*which, args, *ret_ty)?,
            InstKind::Freeze { val } => Some(self.operand(*val)),
            InstKind::ExtractValue { agg, offset, ty } => {
                let a = self.operand(*agg);
                let wd = self.width_of(*ty);
                let lo = (*offset * 8) as u32;
                if wd == 0 || lo + wd > self.w.tm.width(a) {
                    return Err("extractvalue out of range".into());
                }
                Some(self.w.tm.extract(a, lo + wd - 1, lo))
            }
            InstKind::InsertValue { agg, val, offset, .. } => {
                let a = self.operand(*agg);
                let v = self.operand(*val);
                Some(self.insert_bits(a, v, (*offset * 8) as u32)?)
            }
            InstKind::Fence { .. } => None,
            // A subscript outside its member array, or a `_Bool` holding 2, is undefined
            // behaviour, never a violation: this engine never claims a program correct, and a
            // report whose inputs hit it does not replay, so the check adds nothing here.
            InstKind::IndexCheck { .. } | InstKind::BoolCheck { .. } => None,
            InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::Unsupported { .. } | InstKind::Float { .. } => {
                return Err("unsupported instruction".into())
            }
        };
        if let (Some(d), Some(t)) = (inst.dest, result) {
            self.define(d, t);
        } else if let Some(d) = inst.dest {
            let wd = self.width_of(self.f.value(d).ty);
            if wd > 0 {
                let v = self.free_var("result", wd.min(MAX_VALUE_BITS));
                self.define(d, v);
            }
        }
        Ok(())
    }

    pub(super) fn insert_bits(&mut self, a: TermId, v: TermId, lo: u32) -> Result<TermId, SkipReason> {
        let (aw, vw) = (self.w.tm.width(a), self.w.tm.width(v));
        if lo + vw > aw {
            return Err("insertvalue out of range".into());
        }
        let mut r = v;
        if lo > 0 {
            let low = self.w.tm.extract(a, lo - 1, 0);
            r = self.w.tm.concat(r, low);
        }
        if lo + vw < aw {
            let high = self.w.tm.extract(a, aw - 1, lo + vw);
            r = self.w.tm.concat(high, r);
        }
        Ok(r)
    }

    /// `memset`/`memcpy`/`memmove` of constant length `len` (thesis §3.2.1's write restriction,
    /// once per location): every known access shape of the destination object inside the range
    /// gets the fill byte repeated, or the source's bytes at the same relative offset.
    pub(super) fn mem_op(&mut self, which: Intrinsic, args: &[Operand], loc: vigil_ir::Loc) -> Result<(), SkipReason> {
        let len = match args.get(2) {
            Some(&Operand::Const(c)) => match self.m.konst(c) {
                Const::Int { bits, .. } => *bits as i64,
                _ => return Err("memory intrinsic with a non-integer length".into()),
            },
            _ => return Err("memory intrinsic with a non-constant length".into()),
        };
        if len == 0 {
            return Ok(());
        }
        let d = self.operand(args[0]);
        self.deref_check(d, loc);
        let src = if which == Intrinsic::Memset {
            None
        } else {
            let sp = self.operand(args[1]);
            self.deref_check(sp, loc);
            Some(sp)
        };
        let fill_byte = if which == Intrinsic::Memset {
            let b = self.operand(args[1]);
            Some(self.fit(b, 8))
        } else {
            None
        };
        let tt = self.w.tm.tt();
        let dsts = targets(&mut self.w.tm, &self.w.objects, d);
        let srcs = match src {
            Some(sp) => targets(&mut self.w.tm, &self.w.objects, sp),
            None => Vec::new(),
        };
        for (g, t) in dsts {
            let Target::At(db, Some(doff)) = t else { continue };
            // Shapes of the destination, plus those of the source shifted into it.
            let mut shapes: Vec<(i64, u32)> = self
                .shapes
                .get(&db)
                .map(|v| v.iter().filter(|&&(o, n)| o >= doff && o + i64::from(n) <= doff + len).copied().collect())
                .unwrap_or_default();
            for (_, st) in &srcs {
                if let Target::At(sb, Some(soff)) = st {
                    for &(o, n) in self.shapes.get(sb).map(Vec::as_slice).unwrap_or(&[]) {
                        let rel = o - soff;
                        if rel >= 0 && rel + i64::from(n) <= len && !shapes.contains(&(doff + rel, n)) {
                            shapes.push((doff + rel, n));
                        }
                    }
                }
            }
            for (o, n) in shapes {
                if n * 8 > MAX_VALUE_BITS {
                    continue;
                }
                let dl = Loc { base: db, off: Some(o), bytes: n };
                let v = match fill_byte {
                    Some(b) => {
                        let mut v = b;
                        for _ in 1..n {
                            v = self.w.tm.concat(v, b);
                        }
                        v
                    }
                    None => {
                        let rel = o - doff;
                        let mut alts: Vec<(TermId, TermId)> = Vec::new();
                        for &(sg, st) in &srcs {
                            if let Target::At(sb, soff) = st {
                                let sl = Loc { base: sb, off: soff.map(|so| so + rel), bytes: n };
                                let v = self.read(sl);
                                alts.push((sg, v));
                            }
                        }
                        match alts.pop() {
                            None => continue,
                            Some((_, last)) => alts.into_iter().rev().fold(last, |acc, (sg, v)| self.w.tm.ite(sg, v, acc)),
                        }
                    }
                };
                let nv = if g == tt {
                    v
                } else {
                    let old = self.read(dl);
                    self.w.tm.ite(g, v, old)
                };
                self.write(dl, nv);
            }
        }
        Ok(())
    }

    pub(super) fn intrinsic(&mut self, which: Intrinsic, args: &[Operand], ret_ty: TypeId) -> Result<Option<TermId>, SkipReason> {
        let vals: Vec<TermId> = args.iter().map(|&a| self.operand(a)).collect();
        let tm = &mut self.w.tm;
        Ok(match which {
            Intrinsic::Expect => Some(vals[0]),
            Intrinsic::Assume => {
                let c = symbolic::to_bool(tm, vals[0]);
                self.ctx = tm.and(self.ctx, c);
                None
            }
            Intrinsic::Trap => {
                self.ctx = tm.ff();
                None
            }
            Intrinsic::SMin | Intrinsic::SMax | Intrinsic::UMin | Intrinsic::UMax => Some(term::min_max(tm, which, vals[0], vals[1])),
            Intrinsic::Abs => Some(term::abs(tm, vals[0])),
            Intrinsic::SAddWithOverflow
            | Intrinsic::UAddWithOverflow
            | Intrinsic::SSubWithOverflow
            | Intrinsic::USubWithOverflow
            | Intrinsic::SMulWithOverflow
            | Intrinsic::UMulWithOverflow => {
                let (val, ovf) = term::with_overflow(tm, which, vals[0], vals[1]);
                let total = self.m.types.value_bits(ret_ty);
                let ovf_off = match self.m.types.get(ret_ty) {
                    vigil_ir::Type::Struct { offsets, .. } if offsets.len() == 2 => offsets[1] as u32 * 8,
                    _ => return Err("overflow intrinsic with unexpected result type".into()),
                };
                let bit = symbolic::from_bool(tm, ovf);
                let zero = tm.bv_u64(total, 0);
                let with_val = self.insert_bits(zero, val, 0)?;
                Some(self.insert_bits(with_val, bit, ovf_off)?)
            }
            Intrinsic::IsConstant => Some(tm.bv_u64(self.m.types.value_bits(ret_ty).max(1), 0)),
            Intrinsic::Bswap | Intrinsic::Bitreverse | Intrinsic::Ctpop | Intrinsic::Ctlz | Intrinsic::Cttz => {
                Some(term::bit_op(tm, which, vals[0]))
            }
            Intrinsic::Fshl | Intrinsic::Fshr => Some(term::funnel_shift(tm, which, vals[0], vals[1], vals[2])),
            _ => {
                let wd = self.m.types.value_bits(ret_ty);
                if wd == 0 {
                    None
                } else {
                    Some(self.free_var("intrinsic", wd.min(MAX_VALUE_BITS)))
                }
            }
        })
    }
}
