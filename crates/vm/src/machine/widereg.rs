//! Registers and instructions of integers wider than 64 bits (`i128`): moving their 16 bytes
//! between registers and [`crate::wide::Wide`] values, and running `Bin`, `ICmp`, `Cast` and
//! `Freeze` on them with [`crate::wide`]'s meaning. Loads, stores, `select`, phis, calls and
//! returns move wide values as bytes through the aggregate paths (the loader marks their registers
//! aggregate), so only computation is here.
//!
//! Invariants: a wide register's bytes are the value little-endian, all defined or the value is
//! undefined; a value holding a pointer's bytes (`memcpy` of a pointer into an `__int128`) is
//! refused as unsupported rather than computed with.

use super::*;
use crate::wide::{self, Wide};
use vigil_ir::{BinOp, CastOp, ICmpPred, TypeId};

impl Machine<'_> {
    /// Whether an instruction with these operand and result widths must run here.
    #[inline]
    pub(super) fn is_wide(&self, width: u32) -> bool {
        width > 64
    }

    fn operand_type(&self, op: Operand) -> TypeId {
        let m = &self.prog.module;
        match op {
            Operand::Value(v) => m.function(self.func).values[v.index()].ty,
            Operand::Const(c) => m.const_type(c),
        }
    }

    /// Whether `op` is of a wide integer type (not an aggregate of the same size).
    pub(super) fn is_wide_int_operand(&self, op: Operand) -> bool {
        self.prog.module.types.is_wide_int(self.operand_type(op))
    }

    /// Whether `op` is a scalar kept as bytes (a wide integer, `x86_fp80`, `fp128`).
    pub(super) fn is_byte_scalar_operand(&self, op: Operand) -> bool {
        self.prog.module.types.is_byte_scalar(self.operand_type(op))
    }

    /// Whether `inst` reads or writes a scalar kept as bytes.
    pub(super) fn involves_byte_scalars(&self, inst: &vigil_ir::Inst) -> bool {
        let m = &self.prog.module;
        inst.dest.is_some_and(|d| m.types.is_byte_scalar(m.function(self.func).values[d.index()].ty))
            || inst.kind.operands().iter().any(|o| self.is_byte_scalar_operand(*o))
    }

    /// The value of a wide operand (or of a narrow one, zero-extended, for casts).
    fn wide_operand(&self, op: Operand) -> VmResult<Wide> {
        let w = self.op_width(op);
        if w <= 64 {
            let s = self.operand(op);
            if s.ptr {
                return Err(FaultKind::Unsupported("a pointer converted to a 128-bit integer".into()));
            }
            return Ok(Wide { bits: u128::from(s.bits & crate::memory::mask(w)), defined: s.is_defined(w) });
        }
        let len = self.agg_len(op).max(16);
        let bytes = self.operand_bytes(op, len);
        let (lo, hi) = (bytes.read(0, 8), bytes.read(8, 8));
        if lo.ptr || hi.ptr || bytes.ptrs.iter().any(|p| p.off < 16) {
            return Err(FaultKind::Unsupported("pointer bytes in a 128-bit integer".into()));
        }
        let bits = (u128::from(hi.bits) << 64 | u128::from(lo.bits)) & wide::mask128(w);
        let defined = (u128::from(hi.def) << 64 | u128::from(lo.def)) & wide::mask128(w) == wide::mask128(w);
        Ok(Wide { bits, defined })
    }

    /// Writes a wide result into register `dest` (16 bytes, or a narrow scalar for a trunc).
    fn set_wide(&mut self, dest: Option<ValueId>, v: Wide) {
        let Some(d) = dest else { return };
        let w = self.dest_width(dest);
        if w <= 64 {
            let m = crate::memory::mask(w);
            self.set_reg(d, Scalar { bits: v.bits as u64 & m, def: if v.defined { u64::MAX } else { 0 }, ptr: false });
            return;
        }
        let len = self.prog.funcs[self.func.index()].reg_size[d.index()];
        let mut o = Object::new(ObjKind::Frame, len as usize, false);
        let def = if v.defined { u64::MAX } else { 0 };
        let bits = v.bits & wide::mask128(w);
        o.write(0, 8, Scalar { bits: bits as u64, def, ptr: false });
        o.write(8, 8, Scalar { bits: (bits >> 64) as u64, def, ptr: false });
        self.set_reg_bytes(d, &o);
    }

    pub(super) fn wide_bin(&mut self, op: BinOp, nsw: bool, lhs: Operand, rhs: Operand, dest: Option<ValueId>) -> VmResult<()> {
        let w = self.dest_width(dest);
        let (a, b) = (self.wide_operand(lhs)?, self.wide_operand(rhs)?);
        self.check_shift_amount(op, w, b.defined.then_some(b.bits & wide::mask128(w)))?;
        let r = wide::binop(op, nsw, self.checks_overflow_here(), w, a, b)?;
        self.set_wide(dest, r);
        Ok(())
    }

    pub(super) fn wide_icmp(&mut self, pred: ICmpPred, lhs: Operand, rhs: Operand, dest: Option<ValueId>) -> VmResult<()> {
        let w = self.op_width(lhs);
        let (a, b) = (self.wide_operand(lhs)?, self.wide_operand(rhs)?);
        let (r, defined) = wide::icmp(pred, w, a, b);
        self.set_dest(dest, Scalar { bits: u64::from(r), def: u64::from(defined), ptr: false });
        Ok(())
    }

    pub(super) fn wide_cast(&mut self, op: CastOp, val: Operand, to: TypeId, dest: Option<ValueId>) -> VmResult<()> {
        let from = self.op_width(val);
        let to = self.prog.module.types.value_bits(to);
        let v = self.wide_operand(val)?;
        let r = wide::cast(op, from, to, v)
            .ok_or_else(|| FaultKind::Unsupported(format!("{op:?} between i{from} and i{to}")))?;
        self.set_wide(dest, r);
        Ok(())
    }

    /// `freeze` of a wide value: an undefined one becomes 0 (one value of many: incomplete).
    pub(super) fn wide_freeze(&mut self, val: Operand, dest: Option<ValueId>) -> VmResult<()> {
        let mut v = self.wide_operand(val)?;
        if !v.defined {
            v = Wide::int(0);
            self.trans_flags |= flags::INCOMPLETE;
        }
        self.set_wide(dest, v);
        Ok(())
    }
}
