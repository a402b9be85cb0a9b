//! What is known about a function before it is executed: whether it uses a construct the
//! engine does not model ([`first_unsupported`]), and the access shapes of its objects
//! ([`access_shapes`]) — the `(offset, bytes)` ranges it reads and writes at syntactically
//! evident constant offsets, which constant-length `memset`/`memcpy` are split into.
//!
//! Invariant: these are syntactic pre-passes over the IR; they never build terms other than the
//! parameters they are given.

use super::*;

pub(super) fn first_unsupported(f: &Function) -> Option<String> {
    for b in &f.blocks {
        for i in &b.insts {
            match &i.kind {
                InstKind::Unsupported { construct } => return Some(format!("unsupported construct: {construct}")),
                InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } => return Some("atomic operation".into()),
                InstKind::Float { op, .. } => return Some(format!("floating-point {} (not modelled)", op.name())),
                InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset, args, .. }
                    if !matches!(args.get(2), Some(Operand::Const(_))) =>
                {
                    return Some("memcpy/memmove/memset of a non-constant length".into())
                }
                InstKind::Intrinsic { which: Intrinsic::VaStart | Intrinsic::VaCopy, .. } => {
                    return Some("variadic function".into())
                }
                _ => {}
            }
        }
        if let Terminator::Unsupported { construct } = &b.term {
            return Some(format!("unsupported terminator: {construct}"));
        }
    }
    None
}

/// The object and constant offset a pointer operand designates, when that is syntactically
/// evident: a global, a parameter, an `alloca`, or a chain of constant `getelementptr`s on one.
pub(super) fn static_ptr(
    m: &Module,
    fid: FuncId,
    defs: &HashMap<ValueId, (u32, u32)>,
    f: &Function,
    params: &[TermId],
    op: Operand,
) -> Option<(Base, i64)> {
    let mut op = op;
    let mut acc: i64 = 0;
    for _ in 0..64 {
        match op {
            Operand::Const(c) => {
                return match m.konst(c) {
                    Const::Ptr { target: PtrTarget::Global(g), offset } => Some((Base::Global(g.0), acc.wrapping_add(*offset))),
                    _ => None,
                }
            }
            Operand::Value(v) if v.index() < params.len() => return Some((Base::Term(params[v.index()]), acc)),
            Operand::Value(v) => {
                let &(b, i) = defs.get(&v)?;
                match &f.blocks[b as usize].insts[i as usize].kind {
                    InstKind::Alloca { .. } => return Some((Base::Alloca(fid, b, i), acc)),
                    InstKind::PtrAdd { base, offset, indices, .. } => {
                        acc = acc.wrapping_add(*offset);
                        for (ix, scale) in indices {
                            let Operand::Const(c) = ix else { return None };
                            let Const::Int { ty, bits } = m.konst(*c) else { return None };
                            let w = m.types.value_bits(*ty);
                            let sx = if w >= 64 || w == 0 { *bits as i64 } else { ((*bits << (64 - w)) as i64) >> (64 - w) };
                            acc = acc.wrapping_add(sx.wrapping_mul(*scale));
                        }
                        op = *base;
                    }
                    InstKind::Cast { op: vigil_ir::CastOp::Bitcast, val, .. } => op = *val,
                    _ => return None,
                }
            }
        }
    }
    None
}

/// Access shapes: for every load and store of the function whose address is syntactically a
/// constant offset into a global, parameter or `alloca`, the `(offset, bytes)` it accesses.
/// Constant-length `memset`/`memcpy` are modelled as writes of exactly these locations (the
/// byte ranges of the object that the function itself accesses field by field).
pub(super) fn access_shapes(m: &Module, fid: FuncId, f: &Function, params: &[TermId]) -> HashMap<Base, Vec<(i64, u32)>> {
    let mut defs = HashMap::new();
    for (b, blk) in f.blocks.iter().enumerate() {
        for (i, inst) in blk.insts.iter().enumerate() {
            if let Some(d) = inst.dest {
                defs.insert(d, (b as u32, i as u32));
            }
        }
    }
    let mut shapes: HashMap<Base, Vec<(i64, u32)>> = HashMap::new();
    for blk in &f.blocks {
        for inst in &blk.insts {
            let (ptr, ty) = match &inst.kind {
                InstKind::Load { ptr, ty, .. } | InstKind::Store { ptr, ty, .. } => (*ptr, *ty),
                _ => continue,
            };
            if let Some((b, off)) = static_ptr(m, fid, &defs, f, params, ptr) {
                let bytes = m.types.store_size(ty) as u32;
                let e = shapes.entry(b).or_default();
                if bytes > 0 && !e.contains(&(off, bytes)) {
                    e.push((off, bytes));
                }
            }
        }
    }
    // Copies connect objects: what one side is accessed as, the other is copied as.
    let mut copies = Vec::new();
    for blk in &f.blocks {
        for inst in &blk.insts {
            if let InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove, args, .. } = &inst.kind {
                let len = match args.get(2) {
                    Some(Operand::Const(c)) => match m.konst(*c) {
                        Const::Int { bits, .. } => *bits as i64,
                        _ => continue,
                    },
                    _ => continue,
                };
                let d = static_ptr(m, fid, &defs, f, params, args[0]);
                let s = static_ptr(m, fid, &defs, f, params, args[1]);
                if let (Some(d), Some(s)) = (d, s) {
                    copies.push((d, s, len));
                }
            }
        }
    }
    for _round in 0..8 {
        let mut changed = false;
        for &((db, doff), (sb, soff), len) in &copies {
            for (from, foff, to, toff) in [(sb, soff, db, doff), (db, doff, sb, soff)] {
                let add: Vec<(i64, u32)> = shapes
                    .get(&from)
                    .map(|v| {
                        v.iter()
                            .filter(|&&(o, n)| o >= foff && o + i64::from(n) <= foff + len)
                            .map(|&(o, n)| (o - foff + toff, n))
                            .collect()
                    })
                    .unwrap_or_default();
                let e = shapes.entry(to).or_default();
                for sh in add {
                    if !e.contains(&sh) {
                        e.push(sh);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    shapes
}
