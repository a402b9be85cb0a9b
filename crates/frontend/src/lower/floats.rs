//! Lowering LLVM's floating-point instructions and intrinsics into [`InstKind::Float`].
//!
//! Invariant: only scalar `float` and `double` operations are lowered; `half`, `bfloat`,
//! `x86_fp80` (`long double`), `fp128` and vectors of floats are reported as unsupported,
//! naming the type, so engines answer `unknown` rather than compute with the wrong format.

use super::insts::FnCtx;
use super::Lowerer;
use llvm_ir::instruction as li;
use llvm_ir::{Instruction, Operand as LOperand, Type as LType};
use vigil_ir::{FCmpPred, FloatOp, InstKind, Operand, Type, TypeId};

fn fcmp_pred(p: llvm_ir::FPPredicate) -> FCmpPred {
    use llvm_ir::FPPredicate as P;
    match p {
        P::False => FCmpPred::False,
        P::OEQ => FCmpPred::Oeq,
        P::OGT => FCmpPred::Ogt,
        P::OGE => FCmpPred::Oge,
        P::OLT => FCmpPred::Olt,
        P::OLE => FCmpPred::Ole,
        P::ONE => FCmpPred::One,
        P::ORD => FCmpPred::Ord,
        P::UNO => FCmpPred::Uno,
        P::UEQ => FCmpPred::Ueq,
        P::UGT => FCmpPred::Ugt,
        P::UGE => FCmpPred::Uge,
        P::ULT => FCmpPred::Ult,
        P::ULE => FCmpPred::Ule,
        P::UNE => FCmpPred::Une,
        P::True => FCmpPred::True,
    }
}

impl Lowerer<'_> {
    /// Checks that `ty` is a type a float operation may read or produce: `float`, `double`, or
    /// (for conversions) an integer of at most 64 bits.
    fn float_operand_type(&mut self, ty: &llvm_ir::TypeRef) -> Result<(), String> {
        let id = self.lower_type(ty);
        match self.m.types.get(id) {
            Type::Float { bits: 32 | 64 } => Ok(()),
            Type::Int { bits } if *bits <= 64 => Ok(()),
            Type::Float { bits: 80 } => Err("x86_fp80 (long double) arithmetic".into()),
            Type::Float { bits } => Err(format!("floating-point type of {bits} bits")),
            _ if matches!(ty.as_ref(), LType::VectorType { .. }) => Err("vector floating-point operation".into()),
            _ => Err(format!("floating-point operation on {}", self.m.types.name(id))),
        }
    }

    fn float_inst(&mut self, ctx: &FnCtx, op: FloatOp, ops: &[&LOperand], ty: TypeId) -> Result<InstKind, String> {
        let mut args = Vec::with_capacity(ops.len());
        for o in ops {
            let t = self.llvm.type_of(*o);
            self.float_operand_type(&t)?;
            args.push(self.operand(ctx, o)?);
        }
        match self.m.types.get(ty) {
            Type::Float { bits: 32 | 64 } => {}
            Type::Int { bits } if *bits <= 64 => {}
            _ => return Err(format!("floating-point {} to {}", op.name(), self.m.types.name(ty))),
        }
        Ok(InstKind::Float { op, args, ty })
    }

    /// Lowers a floating-point instruction; `None` if `inst` is not one.
    pub(super) fn lower_float_inst(&mut self, ctx: &FnCtx, inst: &Instruction) -> Option<Result<InstKind, String>> {
        macro_rules! un {
            ($i:expr, $op:expr) => {{
                let ty = self.lower_type(&$i.to_type);
                self.float_inst(ctx, $op, &[&$i.operand], ty)
            }};
        }
        macro_rules! bin {
            ($i:expr, $op:expr) => {{
                let t = self.llvm.type_of(&$i.operand0);
                let ty = self.lower_type(&t);
                self.float_inst(ctx, $op, &[&$i.operand0, &$i.operand1], ty)
            }};
        }
        Some(match inst {
            Instruction::FAdd(i) => bin!(i, FloatOp::FAdd),
            Instruction::FSub(i) => bin!(i, FloatOp::FSub),
            Instruction::FMul(i) => bin!(i, FloatOp::FMul),
            Instruction::FDiv(i) => bin!(i, FloatOp::FDiv),
            Instruction::FRem(i) => bin!(i, FloatOp::FRem),
            Instruction::FNeg(i) => {
                let t = self.llvm.type_of(&i.operand);
                let ty = self.lower_type(&t);
                self.float_inst(ctx, FloatOp::FNeg, &[&i.operand], ty)
            }
            Instruction::FCmp(i) => {
                let t = self.llvm.types.bool();
                let ty = self.lower_type(&t);
                let op = FloatOp::FCmp(fcmp_pred(i.predicate));
                self.float_inst(ctx, op, &[&i.operand0, &i.operand1], ty)
            }
            Instruction::FPTrunc(i) => un!(i, FloatOp::FpTrunc),
            Instruction::FPExt(i) => un!(i, FloatOp::FpExt),
            Instruction::FPToUI(i) => un!(i, FloatOp::FpToUi),
            Instruction::FPToSI(i) => un!(i, FloatOp::FpToSi),
            Instruction::UIToFP(i) => un!(i, FloatOp::UiToFp),
            Instruction::SIToFP(i) => un!(i, FloatOp::SiToFp),
            _ => return None,
        })
    }

    /// Lowers a call of a floating-point intrinsic (`llvm.fabs.f64`, …); `None` if `name` is not
    /// one. `args` are the call's arguments.
    pub(super) fn lower_float_intrinsic(
        &mut self,
        ctx: &FnCtx,
        name: &str,
        call: &li::Call,
        ret_ty: TypeId,
    ) -> Option<Result<InstKind, String>> {
        let op = FloatOp::from_intrinsic_name(name)?;
        let ops: Vec<&LOperand> = call.arguments.iter().map(|(a, _)| a).collect();
        if ops.len() != op.arity() && !(op == FloatOp::IsFpClass && ops.len() == 2) {
            return Some(Err(format!("intrinsic @{name} with {} arguments", ops.len())));
        }
        if op == FloatOp::IsFpClass {
            // The class mask is a constant integer operand.
            let t = self.llvm.type_of(ops[0]);
            return Some(self.float_operand_type(&t).and_then(|()| {
                let x = self.operand(ctx, ops[0])?;
                let mask = self.operand(ctx, ops[1])?;
                if !matches!(mask, Operand::Const(_)) {
                    return Err("llvm.is.fpclass with a variable mask".into());
                }
                Ok(InstKind::Float { op, args: vec![x, mask], ty: ret_ty })
            }));
        }
        Some(self.float_inst(ctx, op, &ops, ret_ty))
    }
}
