//! Reads of `_Bool` objects: the `BoolCheck` in front of clang's conversion of the loaded byte.
//!
//! clang keeps a `_Bool` in memory as an `i8` and in registers as an `i1`: a read is a
//! `load i8` followed by `trunc i8 … to i1` (the value clang names `loadedv`), a write a
//! `zext i1 … to i8` followed by a `store`. The truncation keeps the low bit, so a byte 2 that
//! reached the object through a union member or a `char` lvalue reads as false at `-O0`,
//! although C leaves that read undefined and clang's optimised code assumes the byte is 0 or 1
//! (see [`vigil_ir::InstKind::BoolCheck`]). Nothing else in C gives a `trunc` to `i1` of a
//! loaded byte: conversions to `_Bool` compare with zero, and a `_Bool` bit-field is masked
//! before its truncation. So every such truncation in the program's own code gets a
//! `BoolCheck` of the loaded byte.
//!
//! `mem2reg` would hide the pattern where the object is a promotable local (`char c = 2;`
//! read as `*(_Bool *)&c`: the load becomes the stored constant). [`first_bool_pun`] finds such
//! a local on the stack-slot form, where the front end then keeps it (`lib.rs`).

use std::collections::{HashMap, HashSet};
use vigil_ir::{Block, CastOp, Const, Function, Inst, InstKind, Loc, Module, Operand, Type, TypeId, TypeTable, ValueId};

fn int_bits(types: &TypeTable, ty: TypeId) -> Option<u32> {
    match types.get(ty) {
        Type::Int { bits } => Some(*bits),
        _ => None,
    }
}

/// The registers of `blocks` defined by a load of one byte.
fn loaded_bytes(blocks: &[Block], types: &TypeTable) -> HashSet<ValueId> {
    let mut loaded = HashSet::new();
    for i in blocks.iter().flat_map(|b| &b.insts) {
        if let (InstKind::Load { ty, .. }, Some(d)) = (&i.kind, i.dest) {
            if int_bits(types, *ty) == Some(8) {
                loaded.insert(d);
            }
        }
    }
    loaded
}

/// The loaded byte a `_Bool` read converts, if `kind` is that conversion.
fn bool_read(kind: &InstKind, loaded: &HashSet<ValueId>, types: &TypeTable) -> Option<ValueId> {
    match kind {
        InstKind::Cast { op: CastOp::Trunc, val: Operand::Value(v), to } if int_bits(types, *to) == Some(1) && loaded.contains(v) => Some(*v),
        _ => None,
    }
}

/// Puts a `BoolCheck` of the loaded byte before each `_Bool` read of `blocks` (the body of a
/// function of the program).
pub(super) fn check_bool_reads(blocks: &mut [Block], types: &TypeTable) {
    let loaded = loaded_bytes(blocks, types);
    if loaded.is_empty() {
        return;
    }
    for b in blocks.iter_mut() {
        if !b.insts.iter().any(|i| bool_read(&i.kind, &loaded, types).is_some()) {
            continue;
        }
        let mut out = Vec::with_capacity(b.insts.len() + 1);
        for i in std::mem::take(&mut b.insts) {
            if let Some(byte) = bool_read(&i.kind, &loaded, types) {
                out.push(Inst { kind: InstKind::BoolCheck { val: Operand::Value(byte) }, dest: None, loc: i.loc });
            }
            out.push(i);
        }
        b.insts = out;
    }
}

/// Where a function of the program reads as a `_Bool` a local that `mem2reg` could promote
/// and that is also written otherwise than as a `_Bool` (a value that is neither a converted
/// `i1` nor the constant 0 or 1). On the stack-slot form; `promotable` are the allocas
/// `mem2reg` could promote, by function.
pub fn first_bool_pun(m: &Module, promotable: impl Fn(&Function) -> Vec<ValueId>) -> Option<Loc> {
    for f in m.functions.iter().filter(|f| !f.is_declaration() && !f.runtime) {
        let loaded = loaded_bytes(&f.blocks, &m.types);
        let reads: Vec<&Inst> = f.blocks.iter().flat_map(|b| &b.insts).filter(|i| bool_read(&i.kind, &loaded, &m.types).is_some()).collect();
        if reads.is_empty() {
            continue;
        }
        let slots = promotable(f);
        let insts: Vec<&Inst> = f.blocks.iter().flat_map(|b| &b.insts).collect();
        let definitions: HashMap<ValueId, &InstKind> = insts.iter().filter_map(|i| Some((i.dest?, &i.kind))).collect();
        let defined_by = |v: ValueId| definitions.get(&v).copied();
        let is_bool_value = |o: &Operand| match o {
            Operand::Const(c) => matches!(m.konst(*c), Const::Int { bits, .. } if *bits <= 1),
            Operand::Value(v) => match defined_by(*v) {
                Some(InstKind::Cast { op: CastOp::ZExt, val, .. }) => operand_bits(f, m, *val) == Some(1),
                _ => false,
            },
        };
        for read in reads {
            let Some(byte) = bool_read(&read.kind, &loaded, &m.types) else { continue };
            let Some(InstKind::Load { ptr: Operand::Value(slot), .. }) = defined_by(byte) else { continue };
            if !slots.contains(slot) {
                continue;
            }
            let punned = insts.iter().any(|i| matches!(&i.kind, InstKind::Store { ptr, val, .. } if *ptr == Operand::Value(*slot) && !is_bool_value(val)));
            if punned {
                return Some(if read.loc.is_known() { read.loc } else { f.loc });
            }
        }
    }
    None
}

fn operand_bits(f: &Function, m: &Module, o: Operand) -> Option<u32> {
    let ty = match o {
        Operand::Value(v) => f.value(v).ty,
        Operand::Const(c) => m.const_type(c),
    };
    int_bits(&m.types, ty)
}
