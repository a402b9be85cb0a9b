//! Subscripts of arrays inside larger objects: the `IndexCheck`s in front of a
//! `getelementptr`.
//!
//! C bounds a subscript by its array, not by the object around it (C11 6.5.6p8, J.2): for
//! `struct S { int buf[4]; unsigned n; } s`, `s.buf[4] = 1` is undefined although it writes inside
//! `s` (it overwrites `n`). The VM's objects have byte-exact bounds, so without more than the
//! object's bounds such a program would be answered `true` (ESBMC's `github_6508` tests this; CBMC
//! and ESBMC report "array bounds violated"). clang writes an array subscript on an array lvalue
//! as `getelementptr [N x T], ptr %array, 0, %i`: the array's type and length are there, and are
//! lost once the GEP is a byte offset. This module keeps them as an `IndexCheck` before the
//! `PtrAdd`.
//!
//! Which subscripts get a check:
//! * the second index of a GEP whose source element type is an array and whose first index is the
//!   constant 0 — the subscript of the array at the base pointer. Whether that array is part of a
//!   larger object (a member, a row) or a whole object is decided when the check runs: a whole
//!   object is left to its own bounds, so that an access past it stays a memory-safety violation;
//! * only in the program's functions, not in vigil's runtime, and never for an array of length
//!   0 (a flexible array member, `T a[]` or GNU's `T a[0]`);
//! * not when the base is a struct's *last* member, reached by a GEP of this function: the
//!   "struct hack" (`struct H { int n; int qux[1]; }` allocated larger) indexes such an array past
//!   its declared length on purpose, and clang (at `-fstrict-flex-arrays=0`, its default) and
//!   ESBMC accept it.
//!
//! A subscript equal to the length is allowed when the element's address is only formed
//! (`&s.buf[4]`, one past the end): [`mark_one_past`] sets `one_past` on every check whose
//! `PtrAdd` result is used otherwise than as the address of a load or store.
//!
//! Not checked (a known gap, see the README): subscripts of a pointer that came from an array by
//! decay (`int *q = s.buf; q[5]`), and arrays reached through constant expressions of globals,
//! whose structure the front end has already folded into byte offsets.

use super::insts::FnCtx;
use super::Lowerer;
use llvm_ir::instruction as li;
use llvm_ir::{Constant, Name, Operand as LOperand};
use std::collections::{HashMap, HashSet};
use vigil_ir::{Block, Inst, InstKind, Loc, Operand, Terminator, Type, ValueId};

use super::consts::{const_index, name_str};

impl Lowerer<'_> {
    /// The `IndexCheck` that guards GEP `g` (to be emitted before its `PtrAdd`), if it
    /// subscripts an array at its base; records in `ctx` whether its result is a struct's last
    /// member. A GEP that cannot be lowered gets no check (it becomes unsupported anyway).
    pub(super) fn subarray_check(&mut self, ctx: &mut FnCtx, g: &li::GetElementPtr, loc: Loc) -> Option<Inst> {
        let source = self.lower_type(&g.source_element_type);
        if self.last_member_step(source, &g.indices) == Some(true) {
            ctx.trailing_members.insert(g.dest.clone());
        }
        let [first, subscript, ..] = g.indices.as_slice() else { return None };
        let first_is_zero = matches!(first, LOperand::ConstantOperand(c) if const_index(c) == Some(0));
        let Type::Array { elem, len } = self.m.types.get(source).clone() else { return None };
        if !first_is_zero || len == 0 {
            // (`T a[]` and `T a[0]` are flexible array members: their length is the object's.)
            return None;
        }
        if let LOperand::LocalOperand { name, .. } = &g.address {
            if ctx.trailing_members.contains(name) {
                return None;
            }
        }
        if let LOperand::ConstantOperand(c) = subscript {
            if const_index(c).is_some_and(|k| k >= 0 && (k as u64) < len) {
                // (A constant subscript inside the array: nothing to check.)
                return None;
            }
        }
        let elem_size = self.m.types.size_of(elem);
        if self.is_whole_object(ctx, &g.address, len.saturating_mul(elem_size)) {
            // (Known here to be a whole object: its own bounds say everything.)
            return None;
        }
        let base = self.operand(ctx, &g.address).ok()?;
        let index = self.operand(ctx, subscript).ok()?;
        Some(Inst { kind: InstKind::IndexCheck { base, index, len, elem_size, one_past: false }, dest: None, loc })
    }

    /// Whether `address` is the start of a global or of an alloca (of this function) of exactly
    /// `bytes` bytes. (The VM decides the other cases when the check runs.)
    fn is_whole_object(&self, ctx: &FnCtx, address: &LOperand, bytes: u64) -> bool {
        match address {
            LOperand::ConstantOperand(c) => match c.as_ref() {
                Constant::GlobalReference { name, .. } => {
                    self.m.global_by_name(&name_str(name)).is_some_and(|gid| self.m.global(gid).size == bytes)
                }
                _ => false,
            },
            LOperand::LocalOperand { name, .. } => ctx.alloca_bytes.get(name) == Some(&bytes),
            _ => false,
        }
    }

    /// Records the size of alloca `a` when its count is a constant.
    pub(super) fn note_alloca(&mut self, ctx: &mut FnCtx, a: &li::Alloca) {
        let LOperand::ConstantOperand(c) = &a.num_elements else { return };
        let Some(count) = const_index(c).and_then(|n| u64::try_from(n).ok()) else { return };
        let ty = self.lower_type(&a.allocated_type);
        if self.m.types.layout(ty).is_some() {
            ctx.alloca_bytes.insert(a.dest.clone(), count.saturating_mul(self.m.types.size_of(ty)));
        }
    }

    /// Whether the last step of a GEP with these indices from `source` selects the last member
    /// of a struct (Some(true)), another member or an array element (Some(false)); None when
    /// the walk does not get there (a variable struct index: the GEP is unsupported).
    fn last_member_step(&self, source: vigil_ir::TypeId, indices: &[LOperand]) -> Option<bool> {
        let mut ty = source;
        let mut last = false;
        for idx in indices.iter().skip(1) {
            match self.m.types.get(ty) {
                Type::Struct { fields, .. } => {
                    let LOperand::ConstantOperand(c) = idx else { return None };
                    let i = usize::try_from(const_index(c)?).ok()?;
                    last = i + 1 == fields.len();
                    ty = *fields.get(i)?;
                }
                Type::Array { elem, .. } => {
                    last = false;
                    ty = *elem;
                }
                _ => return None,
            }
        }
        Some(last)
    }
}

/// Sets `one_past` on each `IndexCheck` of `blocks` whose guarded `PtrAdd` (the next instruction
/// that is not an `IndexCheck`) defines a register used otherwise than as the address of a load
/// or store, or not used at all: only an access needs the element to exist.
pub(super) fn mark_one_past(blocks: &mut [Block]) {
    let mut accessed: HashSet<ValueId> = HashSet::new();
    let mut other: HashSet<ValueId> = HashSet::new();
    let mut note = |op: Operand, access: bool| {
        if let Operand::Value(v) = op {
            if access { accessed.insert(v) } else { other.insert(v) };
        }
    };
    for b in blocks.iter() {
        for inst in &b.insts {
            match &inst.kind {
                InstKind::Load { ptr, .. } => note(*ptr, true),
                InstKind::Store { ptr, val, .. } => {
                    note(*ptr, true);
                    note(*val, false);
                }
                k => k.operands().into_iter().for_each(|op| note(op, false)),
            }
        }
        match &b.term {
            Terminator::Ret { val: Some(v) } => note(*v, false),
            Terminator::CondBr { cond, .. } => note(*cond, false),
            Terminator::Switch { val, .. } => note(*val, false),
            _ => {}
        }
    }
    for b in blocks.iter_mut() {
        for k in 0..b.insts.len() {
            if !matches!(b.insts[k].kind, InstKind::IndexCheck { .. }) {
                continue;
            }
            let guarded = b.insts[k + 1..].iter().find(|i| !matches!(i.kind, InstKind::IndexCheck { .. }));
            let only_accessed = guarded
                .and_then(|i| i.dest)
                .is_some_and(|d| accessed.contains(&d) && !other.contains(&d));
            if let InstKind::IndexCheck { one_past, .. } = &mut b.insts[k].kind {
                *one_past = !only_accessed;
            }
        }
    }
}

/// The names of GEP results that point at a struct's last member (kept per function).
pub type TrailingMembers = HashSet<Name>;

/// The sizes in bytes of the allocas of constant count (kept per function).
pub type AllocaBytes = HashMap<Name, u64>;
