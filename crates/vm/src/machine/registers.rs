//! Registers and operands of the running frame: reading and writing SSA values (scalars up to
//! 8 bytes, aggregates as byte objects) at the offsets the loader laid out
//! ([`crate::program`]'s `reg_off`/`reg_size`), constants, and the shapes of values.
//!
//! Invariants: a scalar register is read and written through its first 8 bytes at most; an
//! aggregate register is copied byte for byte (with its definedness and pointer shadow); widths
//! are in bits and come from the loader's tables, never recomputed from types here.

use super::*;
use crate::program::ValueShape;

impl Machine<'_> {
    pub(super) fn reg(&self, v: ValueId) -> Scalar {
        let info = &self.prog.funcs[self.func.index()];
        let size = info.reg_size[v.index()].min(8);
        self.frame().read_slot(info.reg_off[v.index()], size)
    }

    pub(super) fn set_reg(&mut self, v: ValueId, val: Scalar) {
        let info = &self.prog.funcs[self.func.index()];
        let (off, size) = (info.reg_off[v.index()], info.reg_size[v.index()].min(8));
        self.frame_mut().write_slot(off, size, val);
    }

    pub(super) fn operand(&self, op: Operand) -> Scalar {
        match op {
            Operand::Value(v) => self.reg(v),
            Operand::Const(c) => match &self.prog.consts[c.index()] {
                ConstVal::Scalar(s) => *s,
                ConstVal::Bytes(o) => o.read(0, o.size().min(8)),
            },
        }
    }

    /// The bytes of an aggregate operand (a temporary object).
    pub(super) fn operand_bytes(&self, op: Operand, len: u32) -> Object {
        let mut out = Object::new(ObjKind::Frame, len as usize, false);
        match op {
            Operand::Value(v) => {
                let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
                out.copy_from(0, self.frame(), off, len);
            }
            Operand::Const(c) => match &self.prog.consts[c.index()] {
                ConstVal::Scalar(s) => out.write(0, len.min(8), *s),
                ConstVal::Bytes(o) => out.copy_from(0, o, 0, len.min(o.size())),
            },
        }
        out
    }

    pub(super) fn set_reg_bytes(&mut self, v: ValueId, bytes: &Object) {
        let off = self.prog.funcs[self.func.index()].reg_off[v.index()];
        let len = bytes.size();
        self.frame_mut().copy_from(off, bytes, 0, len);
    }

    /// The shape of an operand's value (width, kept as bytes, in-memory size).
    #[inline]
    pub(super) fn shape(&self, op: Operand) -> ValueShape {
        match op {
            Operand::Value(v) => self.prog.funcs[self.func.index()].val_shape[v.index()],
            Operand::Const(c) => self.prog.const_shape[c.index()],
        }
    }

    #[inline]
    pub(super) fn op_width(&self, op: Operand) -> u32 {
        self.shape(op).bits
    }

    #[inline]
    pub(super) fn dest_width(&self, dest: Option<ValueId>) -> u32 {
        dest.map_or(0, |d| self.shape(Operand::Value(d)).bits)
    }

    #[inline]
    pub(super) fn is_aggregate_reg(&self, v: ValueId) -> bool {
        self.shape(Operand::Value(v)).as_bytes
    }

    pub(super) fn op_is_aggregate(&self, op: Operand) -> bool {
        self.shape(op).as_bytes
    }

    /// In-memory size of an operand's type.
    pub(super) fn agg_len(&self, op: Operand) -> u32 {
        self.shape(op).size
    }

    pub(super) fn set_dest(&mut self, dest: Option<ValueId>, v: Scalar) {
        if let Some(d) = dest {
            self.set_reg(d, v);
        }
    }
}
