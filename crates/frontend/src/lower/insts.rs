//! Lowering instructions and terminators.
//!
//! Each LLVM instruction maps to at most one vigil instruction (a `getelementptr` may be
//! preceded by the `IndexCheck` of [`super::subarrays`]). Debug-info intrinsics are dropped
//! (they carry no semantics for verification); lifetime markers are kept (block scopes); everything that
//! cannot be represented becomes `InstKind::Unsupported` naming the construct.

use super::consts::{const_index, name_str};
use super::types::unsupported_value_type;
use super::Lowerer;
use either::Either;
use llvm_ir::debugloc::HasDebugLoc;
use llvm_ir::instruction as li;
use llvm_ir::terminator as lt;
use llvm_ir::{Constant, Instruction, Name, Operand as LOperand, Type as LType};
use std::collections::HashMap;
use vigil_ir::{
    ArithFlags, AtomicOrdering, BinOp, BlockId, CastOp, Callee, ICmpPred, Inst, InstKind,
    Intrinsic, Loc, Operand, RmwOp, Terminator, Type, TypeId, ValueId, ValueInfo,
};

/// Per-function lowering state.
pub struct FnCtx<'f> {
    pub names: HashMap<&'f Name, ValueId>,
    pub blocks: HashMap<&'f Name, BlockId>,
    pub values: Vec<ValueInfo>,
    /// GEP results that point at a struct's last member ([`super::subarrays`]).
    pub trailing_members: super::subarrays::TrailingMembers,
    /// Sizes of the allocas of constant count ([`super::subarrays`]).
    pub alloca_bytes: super::subarrays::AllocaBytes,
}

type Lowered<T> = Result<T, String>;

fn ordering(o: li::MemoryOrdering) -> AtomicOrdering {
    use li::MemoryOrdering as M;
    match o {
        M::Unordered | M::NotAtomic => AtomicOrdering::Unordered,
        M::Monotonic => AtomicOrdering::Monotonic,
        M::Acquire => AtomicOrdering::Acquire,
        M::Release => AtomicOrdering::Release,
        M::AcquireRelease => AtomicOrdering::AcqRel,
        M::SequentiallyConsistent => AtomicOrdering::SeqCst,
    }
}

fn pred(p: llvm_ir::IntPredicate) -> ICmpPred {
    use llvm_ir::IntPredicate as P;
    match p {
        P::EQ => ICmpPred::Eq,
        P::NE => ICmpPred::Ne,
        P::UGT => ICmpPred::Ugt,
        P::UGE => ICmpPred::Uge,
        P::ULT => ICmpPred::Ult,
        P::ULE => ICmpPred::Ule,
        P::SGT => ICmpPred::Sgt,
        P::SGE => ICmpPred::Sge,
        P::SLT => ICmpPred::Slt,
        P::SLE => ICmpPred::Sle,
    }
}

/// Intrinsics that are dropped: no effect on the program's meaning for vigil.
fn is_dropped_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.dbg.")
        || name.starts_with("llvm.invariant.")
        || name == "llvm.donothing"
        || name.starts_with("llvm.experimental.noalias.scope.decl")
}

impl<'m> Lowerer<'m> {
    pub(super) fn operand(&mut self, ctx: &FnCtx, op: &LOperand) -> Lowered<Operand> {
        match op {
            LOperand::LocalOperand { name, .. } => ctx
                .names
                .get(name)
                .map(|v| Operand::Value(*v))
                .ok_or_else(|| format!("use of undefined value %{}", name_str(name))),
            LOperand::ConstantOperand(c) => Ok(Operand::Const(self.lower_const(c)?)),
            LOperand::MetadataOperand => Err("metadata operand".into()),
        }
    }

    fn block(&self, ctx: &FnCtx, n: &Name) -> Lowered<BlockId> {
        ctx.blocks.get(n).copied().ok_or_else(|| format!("branch to unknown block %{}", name_str(n)))
    }

    fn op_type(&mut self, op: &LOperand) -> TypeId {
        let t = self.llvm.type_of(op);
        self.lower_type(&t)
    }

    /// The byte offset and type of the member of `aggregate` that `indices` select (`what`
    /// names the instruction in the error).
    fn member(&mut self, aggregate: &LOperand, indices: &[u32], what: &str) -> Lowered<(u64, TypeId)> {
        let agg_ty = self.op_type(aggregate);
        self.m.types.member_at(agg_ty, indices).ok_or_else(|| format!("{what} with invalid indices"))
    }

    /// Refuses an integer wider than 64 bits (`i128`) where vigil does not compute with one:
    /// only arithmetic, comparisons, `trunc`/`zext`/`sext`, `freeze`, `select`, phis, loads,
    /// stores, aggregates and calls of defined functions take wide values (see `vigil_vm::wide`).
    fn narrow_only(&self, what: &str, tys: &[TypeId]) -> Lowered<()> {
        match tys.iter().find(|t| self.m.types.is_wide_int(**t)) {
            Some(t) => Err(format!("{} in {what}", self.m.types.name(*t))),
            None => Ok(()),
        }
    }

    fn check_value_type(&self, ty: TypeId) -> Lowered<()> {
        match unsupported_value_type(&self.m.types, ty) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// Lowers one instruction; `None` when it is dropped.
    pub(super) fn lower_inst(&mut self, ctx: &mut FnCtx, inst: &Instruction) -> Option<Inst> {
        let loc = self.loc(inst.get_debug_loc());
        let dest = inst.try_get_result().and_then(|n| ctx.names.get(n).copied());
        if let Instruction::Call(call) = inst {
            if let Either::Right(LOperand::ConstantOperand(c)) = &call.function {
                if let Constant::GlobalReference { name, .. } = c.as_ref() {
                    if is_dropped_intrinsic(&name_str(name)) {
                        return None;
                    }
                }
            }
        }
        let kind = match self.lower_inst_kind(ctx, inst, dest) {
            Ok(k) => k,
            Err(construct) => InstKind::Unsupported { construct },
        };
        Some(Inst { kind, dest, loc })
    }

    fn is_vector(&self, op: &LOperand) -> bool {
        matches!(self.llvm.type_of(op).as_ref(), LType::VectorType { .. })
    }

    fn lower_inst_kind(&mut self, ctx: &FnCtx, inst: &Instruction, dest: Option<ValueId>) -> Lowered<InstKind> {
        if let Some(d) = dest {
            self.check_value_type(ctx.values[d.index()].ty)?;
        }
        // Vector values are moved as bytes (phis, loads, stores, calls, `select` on a scalar
        // condition, aggregates) and their elements reached by `extractelement`/`insertelement`
        // with a constant index; every other vector operation is named unsupported.
        let vector_result = matches!(self.llvm.type_of(inst).as_ref(), LType::VectorType { .. });
        let moves_vectors = matches!(
            inst,
            Instruction::InsertElement(_)
                | Instruction::Phi(_)
                | Instruction::Load(_)
                | Instruction::Call(_)
                | Instruction::Select(_)
                | Instruction::ExtractValue(_)
        );
        if vector_result && !moves_vectors {
            let text = inst.to_string();
            let op = text.split(" = ").nth(1).unwrap_or(&text).split_whitespace().next().unwrap_or("").to_string();
            return Err(format!("vector {op}"));
        }
        macro_rules! bin {
            ($i:expr, $op:expr, $flags:expr) => {{
                let lhs = self.operand(ctx, &$i.operand0)?;
                let rhs = self.operand(ctx, &$i.operand1)?;
                if matches!(self.llvm.type_of(&$i.operand0).as_ref(), LType::VectorType { .. }) {
                    return Err(format!("vector operation {}", $op.name()));
                }
                Ok(InstKind::Bin { op: $op, flags: $flags, lhs, rhs })
            }};
        }
        macro_rules! cast {
            ($i:expr, $op:expr) => {{
                if self.is_vector(&$i.operand) {
                    return Err(format!("vector {}", $op.name()));
                }
                let val = self.operand(ctx, &$i.operand)?;
                let src = self.op_type(&$i.operand);
                self.check_value_type(src)?;
                let to = self.lower_type(&$i.to_type);
                Ok(InstKind::Cast { op: $op, val, to })
            }};
        }
        let wrap = |nuw: bool, nsw: bool| ArithFlags { nuw, nsw, exact: false };
        let exact = |exact: bool| ArithFlags { exact, ..Default::default() };
        match inst {
            Instruction::Add(i) => bin!(i, BinOp::Add, wrap(i.nuw, i.nsw)),
            Instruction::Sub(i) => bin!(i, BinOp::Sub, wrap(i.nuw, i.nsw)),
            Instruction::Mul(i) => bin!(i, BinOp::Mul, wrap(i.nuw, i.nsw)),
            Instruction::Shl(i) => bin!(i, BinOp::Shl, wrap(i.nuw, i.nsw)),
            Instruction::UDiv(i) => bin!(i, BinOp::UDiv, exact(i.exact)),
            Instruction::SDiv(i) => bin!(i, BinOp::SDiv, exact(i.exact)),
            Instruction::LShr(i) => bin!(i, BinOp::LShr, exact(i.exact)),
            Instruction::AShr(i) => bin!(i, BinOp::AShr, exact(i.exact)),
            Instruction::URem(i) => bin!(i, BinOp::URem, ArithFlags::default()),
            Instruction::SRem(i) => bin!(i, BinOp::SRem, ArithFlags::default()),
            Instruction::And(i) => bin!(i, BinOp::And, ArithFlags::default()),
            Instruction::Or(i) => bin!(i, BinOp::Or, ArithFlags::default()),
            Instruction::Xor(i) => bin!(i, BinOp::Xor, ArithFlags::default()),
            Instruction::ICmp(i) => {
                if matches!(self.llvm.type_of(&i.operand0).as_ref(), LType::VectorType { .. }) {
                    return Err("vector icmp".into());
                }
                let lhs = self.operand(ctx, &i.operand0)?;
                let rhs = self.operand(ctx, &i.operand1)?;
                Ok(InstKind::ICmp { pred: pred(i.predicate), lhs, rhs })
            }
            Instruction::Select(i) if self.is_vector(&i.condition) => Err("vector select".into()),
            Instruction::Select(i) => Ok(InstKind::Select {
                cond: self.operand(ctx, &i.condition)?,
                if_true: self.operand(ctx, &i.true_value)?,
                if_false: self.operand(ctx, &i.false_value)?,
            }),
            Instruction::Trunc(i) => cast!(i, CastOp::Trunc),
            Instruction::ZExt(i) => cast!(i, CastOp::ZExt),
            Instruction::SExt(i) => cast!(i, CastOp::SExt),
            Instruction::PtrToInt(i) => {
                let (src, to) = (self.op_type(&i.operand), self.lower_type(&i.to_type));
                self.narrow_only("ptrtoint", &[src, to])?;
                cast!(i, CastOp::PtrToInt)
            }
            Instruction::IntToPtr(i) => {
                let src = self.op_type(&i.operand);
                self.narrow_only("inttoptr", &[src])?;
                cast!(i, CastOp::IntToPtr)
            }
            Instruction::BitCast(i) => {
                let (src, to) = (self.op_type(&i.operand), self.lower_type(&i.to_type));
                self.narrow_only("bitcast", &[src, to])?;
                cast!(i, CastOp::Bitcast)
            }
            Instruction::AddrSpaceCast(i) => cast!(i, CastOp::Bitcast),
            Instruction::Freeze(i) => Ok(InstKind::Freeze { val: self.operand(ctx, &i.operand)? }),
            Instruction::Phi(i) => {
                let mut incoming = Vec::with_capacity(i.incoming_values.len());
                for (v, b) in &i.incoming_values {
                    incoming.push((self.block(ctx, b)?, self.operand(ctx, v)?));
                }
                Ok(InstKind::Phi { incoming })
            }
            Instruction::Alloca(i) => {
                let count_ty = self.op_type(&i.num_elements);
                self.narrow_only("an alloca count", &[count_ty])?;
                let elem_ty = self.lower_type(&i.allocated_type);
                if self.m.types.layout(elem_ty).is_none() {
                    return Err(format!("alloca of unsized type {}", self.m.types.name(elem_ty)));
                }
                Ok(InstKind::Alloca {
                    elem_ty,
                    elem_size: self.m.types.size_of(elem_ty),
                    count: self.operand(ctx, &i.num_elements)?,
                    align: u64::from(i.alignment).max(1),
                })
            }
            Instruction::Load(i) => {
                let ty = self.lower_type(&i.loaded_ty);
                self.check_value_type(ty)?;
                Ok(InstKind::Load {
                    ptr: self.operand(ctx, &i.address)?,
                    ty,
                    align: u64::from(i.alignment).max(1),
                    atomic: i.atomicity.as_ref().map(|a| ordering(a.mem_ordering)),
                    volatile: i.volatile,
                })
            }
            Instruction::Store(i) => {
                let ty = self.op_type(&i.value);
                self.check_value_type(ty)?;
                Ok(InstKind::Store {
                    ptr: self.operand(ctx, &i.address)?,
                    val: self.operand(ctx, &i.value)?,
                    ty,
                    align: u64::from(i.alignment).max(1),
                    atomic: i.atomicity.as_ref().map(|a| ordering(a.mem_ordering)),
                    volatile: i.volatile,
                })
            }
            Instruction::GetElementPtr(i) => self.lower_gep(ctx, i),
            Instruction::ExtractValue(i) => {
                let (offset, ty) = self.member(&i.aggregate, &i.indices, "extractvalue")?;
                Ok(InstKind::ExtractValue { agg: self.operand(ctx, &i.aggregate)?, offset, ty })
            }
            Instruction::InsertValue(i) => {
                let (offset, ty) = self.member(&i.aggregate, &i.indices, "insertvalue")?;
                Ok(InstKind::InsertValue {
                    agg: self.operand(ctx, &i.aggregate)?,
                    val: self.operand(ctx, &i.element)?,
                    offset,
                    ty,
                })
            }
            Instruction::AtomicRMW(i) => {
                use li::RMWBinOp as R;
                let op = match i.operation {
                    R::Xchg => RmwOp::Xchg,
                    R::Add => RmwOp::Add,
                    R::Sub => RmwOp::Sub,
                    R::And => RmwOp::And,
                    R::Nand => RmwOp::Nand,
                    R::Or => RmwOp::Or,
                    R::Xor => RmwOp::Xor,
                    R::Max => RmwOp::Max,
                    R::Min => RmwOp::Min,
                    R::UMax => RmwOp::UMax,
                    R::UMin => RmwOp::UMin,
                    R::UIncWrap => RmwOp::UIncWrap,
                    R::UDecWrap => RmwOp::UDecWrap,
                    other => return Err(format!("floating-point atomicrmw {other:?}")),
                };
                let ty = self.op_type(&i.value);
                self.check_value_type(ty)?;
                self.narrow_only("atomicrmw", &[ty])?;
                Ok(InstKind::AtomicRmw {
                    op,
                    ptr: self.operand(ctx, &i.address)?,
                    val: self.operand(ctx, &i.value)?,
                    ty,
                    ordering: ordering(i.atomicity.mem_ordering),
                })
            }
            Instruction::CmpXchg(i) => {
                let ty = self.op_type(&i.expected);
                self.check_value_type(ty)?;
                self.narrow_only("cmpxchg", &[ty])?;
                Ok(InstKind::CmpXchg {
                    ptr: self.operand(ctx, &i.address)?,
                    expected: self.operand(ctx, &i.expected)?,
                    new: self.operand(ctx, &i.replacement)?,
                    ty,
                    ordering: ordering(i.atomicity.mem_ordering),
                })
            }
            Instruction::Fence(i) => Ok(InstKind::Fence { ordering: ordering(i.atomicity.mem_ordering) }),
            Instruction::Call(c) => self.lower_call(ctx, c),
            Instruction::VAArg(_) => Err("va_arg instruction".into()),
            Instruction::FAdd(_)
            | Instruction::FSub(_)
            | Instruction::FMul(_)
            | Instruction::FDiv(_)
            | Instruction::FRem(_)
            | Instruction::FNeg(_)
            | Instruction::FCmp(_)
            | Instruction::FPTrunc(_)
            | Instruction::FPExt(_)
            | Instruction::FPToUI(_)
            | Instruction::FPToSI(_)
            | Instruction::UIToFP(_)
            | Instruction::SIToFP(_) => {
                let mut tys = Vec::new();
                match inst {
                    Instruction::UIToFP(i) => tys.push(self.op_type(&i.operand)),
                    Instruction::SIToFP(i) => tys.push(self.op_type(&i.operand)),
                    Instruction::FPToUI(i) => tys.push(self.lower_type(&i.to_type)),
                    Instruction::FPToSI(i) => tys.push(self.lower_type(&i.to_type)),
                    _ => {}
                }
                self.narrow_only("a floating-point conversion", &tys)?;
                self.lower_float_inst(ctx, inst).expect("a floating-point instruction")
            }
            Instruction::ExtractElement(i) => {
                let vt = self.op_type(&i.vector);
                let (offset, ty) = self.vector_element(vt, &i.index, "extractelement")?;
                Ok(InstKind::ExtractValue { agg: self.operand(ctx, &i.vector)?, offset, ty })
            }
            Instruction::InsertElement(i) => {
                let vt = self.op_type(&i.vector);
                let (offset, ty) = self.vector_element(vt, &i.index, "insertelement")?;
                Ok(InstKind::InsertValue {
                    agg: self.operand(ctx, &i.vector)?,
                    val: self.operand(ctx, &i.element)?,
                    offset,
                    ty,
                })
            }
            Instruction::ShuffleVector(_) => Err("vector shufflevector".into()),
            Instruction::LandingPad(_) | Instruction::CatchPad(_) | Instruction::CleanupPad(_) => {
                Err("exception handling".into())
            }
        }
    }

    /// The byte offset and type of element `index` (a constant) of a vector of type `vt`.
    fn vector_element(&self, vt: TypeId, index: &LOperand, what: &str) -> Lowered<(u64, TypeId)> {
        let k = match index {
            LOperand::ConstantOperand(c) => const_index(c),
            _ => None,
        }
        .ok_or_else(|| format!("vector {what} with a variable index"))?;
        match self.m.types.get(vt) {
            Type::Struct { fields, offsets, .. } => {
                let k = usize::try_from(k).ok().filter(|k| *k < fields.len());
                // An index past the end gives poison in LLVM: refused rather than modelled.
                let k = k.ok_or_else(|| format!("vector {what} with an index out of range"))?;
                Ok((offsets[k], fields[k]))
            }
            _ => Err(format!("vector {what} on {}", self.m.types.name(vt))),
        }
    }

    fn lower_gep(&mut self, ctx: &FnCtx, g: &li::GetElementPtr) -> Lowered<InstKind> {
        let base = self.operand(ctx, &g.address)?;
        if matches!(self.llvm.type_of(&g.address).as_ref(), LType::VectorType { .. }) {
            return Err("vector getelementptr".into());
        }
        let mut ty = self.lower_type(&g.source_element_type);
        let mut offset: i64 = 0;
        let mut indices: Vec<(Operand, i64)> = Vec::new();
        for (k, idx) in g.indices.iter().enumerate() {
            let const_idx = match idx {
                LOperand::ConstantOperand(c) => const_index(c),
                _ => None,
            };
            // The first index steps over whole source elements; later ones step into aggregates.
            let idx_ty = self.op_type(idx);
            self.narrow_only("a getelementptr index", &[idx_ty])?;
            let (scale, next_ty, field_offset) = if k == 0 {
                (self.m.types.size_of(ty) as i64, ty, None)
            } else {
                match self.m.types.get(ty).clone() {
                    Type::Struct { fields, offsets, .. } => {
                        let i = const_idx.ok_or("getelementptr into a struct with a variable index")?;
                        let i = usize::try_from(i).map_err(|_| "negative struct index in getelementptr")?;
                        let f = *fields.get(i).ok_or("struct index out of range in getelementptr")?;
                        (0, f, Some(offsets[i] as i64))
                    }
                    Type::Array { elem, .. } => (self.m.types.size_of(elem) as i64, elem, None),
                    other => return Err(format!("getelementptr into {other:?}")),
                }
            };
            if let Some(fo) = field_offset {
                offset = offset.wrapping_add(fo);
            } else if let Some(c) = const_idx {
                offset = offset.wrapping_add(c.wrapping_mul(scale));
            } else if scale != 0 {
                indices.push((self.operand(ctx, idx)?, scale));
            }
            ty = next_ty;
        }
        Ok(InstKind::PtrAdd { base, offset, indices, inbounds: g.in_bounds })
    }

    fn lower_call(&mut self, ctx: &FnCtx, c: &li::Call) -> Lowered<InstKind> {
        let ret_ty = match c.function_ty.as_ref() {
            LType::FuncType { result_type, .. } => self.lower_type(result_type),
            _ => return Err("call through a non-function type".into()),
        };
        let callee_op = match &c.function {
            Either::Left(_) => return Err("inline assembly".into()),
            Either::Right(op) => op,
        };
        let mut args = Vec::with_capacity(c.arguments.len());
        let mut sig = vec![ret_ty];
        let mut vector_sig = matches!(c.function_ty.as_ref(), LType::FuncType { result_type, .. } if matches!(result_type.as_ref(), LType::VectorType { .. }));
        for (a, _) in &c.arguments {
            if matches!(a, LOperand::MetadataOperand) {
                return Err("call with a metadata argument".into());
            }
            let t = self.op_type(a);
            self.check_value_type(t)?;
            vector_sig |= self.is_vector(a);
            sig.push(t);
            args.push(self.operand(ctx, a)?);
        }
        let mut defined_callee = false;
        if let LOperand::ConstantOperand(k) = callee_op {
            if let Constant::GlobalReference { name, .. } = k.as_ref() {
                let fname = name_str(name);
                defined_callee = !fname.starts_with("llvm.") && self.llvm.get_func_by_name(&fname).is_some();
            }
        }
        if !defined_callee {
            // Intrinsics, library and unknown functions take no wide values and no vectors.
            self.narrow_only("a call of an intrinsic, external or indirect function", &sig)?;
            if vector_sig {
                return Err("vector argument or result of a call of an intrinsic, external or indirect function".into());
            }
        }
        if let LOperand::ConstantOperand(k) = callee_op {
            if let Constant::GlobalReference { name, .. } = k.as_ref() {
                let fname = name_str(name);
                if fname.starts_with("llvm.") {
                    if let Some(k) = self.lower_float_intrinsic(ctx, &fname, c, ret_ty) {
                        return k;
                    }
                    let which = Intrinsic::from_llvm_name(&fname)
                        .ok_or_else(|| format!("intrinsic @{fname}"))?;
                    return Ok(InstKind::Intrinsic { which, args, ret_ty });
                }
                if let Some(f) = self.m.function_by_name(&fname) {
                    return Ok(InstKind::Call { callee: Callee::Direct(f), args, ret_ty });
                }
            }
        }
        let callee = self.operand(ctx, callee_op)?;
        Ok(InstKind::Call { callee: Callee::Indirect(callee), args, ret_ty })
    }

    /// Lowers a terminator, returning it with its location.
    pub(super) fn lower_term(&mut self, ctx: &mut FnCtx, t: &lt::Terminator) -> (Terminator, Loc) {
        let loc = self.loc(t.get_debug_loc());
        let term = match self.lower_term_kind(ctx, t) {
            Ok(term) => term,
            Err(construct) => Terminator::Unsupported { construct },
        };
        (term, loc)
    }

    fn lower_term_kind(&mut self, ctx: &FnCtx, t: &lt::Terminator) -> Lowered<Terminator> {
        match t {
            lt::Terminator::Ret(r) => Ok(Terminator::Ret {
                val: match &r.return_operand {
                    None => None,
                    Some(op) => {
                        let ty = self.op_type(op);
                        self.check_value_type(ty)?;
                        Some(self.operand(ctx, op)?)
                    }
                },
            }),
            lt::Terminator::Br(b) => Ok(Terminator::Br { target: self.block(ctx, &b.dest)? }),
            lt::Terminator::CondBr(b) => Ok(Terminator::CondBr {
                cond: self.operand(ctx, &b.condition)?,
                if_true: self.block(ctx, &b.true_dest)?,
                if_false: self.block(ctx, &b.false_dest)?,
            }),
            lt::Terminator::Switch(s) => {
                let ty = self.op_type(&s.operand);
                self.check_value_type(ty)?;
                self.narrow_only("switch", &[ty])?;
                let width = self.m.types.value_bits(ty);
                let mut cases = Vec::with_capacity(s.dests.len());
                for (c, dest) in &s.dests {
                    let v = match c.as_ref() {
                        Constant::Int { value, .. } => *value,
                        _ => return Err("switch on a non-integer case".into()),
                    };
                    let masked = if width >= 64 { v } else { v & ((1u64 << width) - 1) };
                    cases.push((masked, self.block(ctx, dest)?));
                }
                Ok(Terminator::Switch {
                    val: self.operand(ctx, &s.operand)?,
                    cases,
                    default: self.block(ctx, &s.default_dest)?,
                })
            }
            lt::Terminator::Unreachable(_) => Ok(Terminator::Unreachable),
            lt::Terminator::IndirectBr(_) => Err("indirectbr (computed goto)".into()),
            lt::Terminator::CallBr(_) => Err("callbr (asm goto)".into()),
            lt::Terminator::Invoke(_)
            | lt::Terminator::Resume(_)
            | lt::Terminator::CleanupRet(_)
            | lt::Terminator::CatchRet(_)
            | lt::Terminator::CatchSwitch(_) => Err("exception handling".into()),
        }
    }
}
