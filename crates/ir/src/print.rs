//! A readable textual form of the IR, as printed by `vigil ir`.
//!
//! One instruction per line, LLVM-like, with the source location as a trailing comment
//! (`; file:line:col`). The format is for people and golden tests; it is not parsed back.

use crate::{FloatOp, 
    Callee, Const, Function, Global, Inst, InstKind, Module, Operand, PtrTarget, Terminator,
    TypeId,
};
use std::fmt::Write;

/// Column at which location comments start.
const COMMENT_COLUMN: usize = 56;

/// Prints a whole module.
pub fn module_to_string(m: &Module) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "; module {} (pointers: {} bytes)", m.source_file, m.pointer_bytes);
    for g in &m.globals {
        out.push_str(&global_line(m, g));
        out.push('\n');
    }
    if !m.globals.is_empty() {
        out.push('\n');
    }
    for f in &m.functions {
        out.push_str(&function_to_string(m, f));
    }
    out
}

fn with_comment(mut line: String, comment: &str) -> String {
    if comment.is_empty() {
        return line;
    }
    if line.len() < COMMENT_COLUMN {
        line.push_str(&" ".repeat(COMMENT_COLUMN - line.len()));
    } else {
        line.push(' ');
    }
    line.push_str("; ");
    line.push_str(comment);
    line
}

fn global_line(m: &Module, g: &Global) -> String {
    let kind = if g.is_constant { "constant" } else { "global" };
    let mut line = format!(
        "@{} = {} {} ({} bytes, align {})",
        g.name,
        kind,
        m.types.name(g.ty),
        g.size,
        g.align
    );
    match &g.init {
        None => line.push_str(" external"),
        Some(init) => {
            let _ = write!(line, " = {}", init_to_string(m, init));
        }
    }
    with_comment(line, &m.describe_loc(g.loc))
}

fn init_to_string(m: &Module, init: &crate::GlobalInit) -> String {
    let mut s = String::new();
    if init.bytes.iter().all(|b| *b == 0) && init.relocs.is_empty() && init.undef.is_empty() {
        return "zeroinitializer".into();
    }
    s.push('[');
    const SHOWN: usize = 32;
    for (k, b) in init.bytes.iter().take(SHOWN).enumerate() {
        if k > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02x}");
    }
    if init.bytes.len() > SHOWN {
        let _ = write!(s, " … ({} bytes)", init.bytes.len());
    }
    s.push(']');
    for r in &init.relocs {
        let _ = write!(s, " [{}]={}", r.offset, target_to_string(m, r.target, r.addend));
    }
    for (o, l) in &init.undef {
        let _ = write!(s, " undef[{o}..{}]", o + l);
    }
    s
}

fn target_to_string(m: &Module, t: PtrTarget, offset: i64) -> String {
    let base = match t {
        PtrTarget::Global(g) => format!("@{}", m.global(g).name),
        PtrTarget::Func(f) => format!("@{}", m.function(f).name),
    };
    match offset {
        0 => base,
        o if o > 0 => format!("{base}+{o}"),
        o => format!("{base}{o}"),
    }
}

/// Prints one function: a `declare` line, or a `define` with its blocks.
pub fn function_to_string(m: &Module, f: &Function) -> String {
    let mut out = String::new();
    let params: Vec<String> = f
        .params
        .iter()
        .map(|p| format!("{} {}", m.types.name(f.value(*p).ty), value_name(f, *p)))
        .collect();
    let mut params = params.join(", ");
    if f.varargs {
        params.push_str(if f.params.is_empty() { "..." } else { ", ..." });
    }
    let head = format!("{} @{}({})", m.types.name(f.ret_ty), f.name, params);
    if f.is_declaration() {
        let _ = writeln!(out, "declare {head}");
        return out;
    }
    let _ = writeln!(out, "{}", with_comment(format!("define {head} {{"), &m.describe_loc(f.loc)));
    for (bi, b) in f.blocks.iter().enumerate() {
        let _ = writeln!(out, "bb{bi}:  ; {}", b.name);
        for inst in &b.insts {
            let _ = writeln!(
                out,
                "{}",
                with_comment(format!("  {}", inst_to_string(m, f, inst)), &m.describe_loc(inst.loc))
            );
        }
        let _ = writeln!(
            out,
            "{}",
            with_comment(format!("  {}", term_to_string(m, f, &b.term)), &m.describe_loc(b.term_loc))
        );
    }
    out.push_str("}\n\n");
    out
}

fn value_name(f: &Function, v: crate::ValueId) -> String {
    let name = &f.value(v).name;
    if name.is_empty() {
        format!("%{}", v.0)
    } else {
        format!("%{name}")
    }
}

/// An operand as text: `%x`, `i32 5`, `null`, `@g+4`.
pub fn operand_to_string(m: &Module, f: &Function, op: Operand) -> String {
    match op {
        Operand::Value(v) => value_name(f, v),
        Operand::Const(c) => const_to_string(m, m.konst(c)),
    }
}

fn const_to_string(m: &Module, c: &Const) -> String {
    match c {
        Const::Int { ty, bits } => {
            let w = m.types.value_bits(*ty);
            if m.types.is_int(*ty) {
                // Print as a signed number, like LLVM.
                let v = if w == 64 || w == 0 {
                    *bits as i64
                } else {
                    let shift = 64 - w;
                    ((*bits << shift) as i64) >> shift
                };
                if w == 1 {
                    if *bits & 1 == 1 { "true".into() } else { "false".into() }
                } else {
                    format!("{v}")
                }
            } else {
                format!("{} 0x{bits:x}", m.types.name(*ty))
            }
        }
        Const::Null => "null".into(),
        Const::Ptr { target, offset } => target_to_string(m, *target, *offset),
        Const::PtrAsInt { ty, target, offset } => {
            format!("ptrtoint({}) to {}", target_to_string(m, *target, *offset), m.types.name(*ty))
        }
        Const::Undef { .. } => "undef".into(),
        Const::Aggregate { ty, init } => format!("{} {}", m.types.name(*ty), init_to_string(m, init)),
    }
}

fn ty(m: &Module, t: TypeId) -> String {
    m.types.name(t)
}

fn list(m: &Module, f: &Function, ops: &[Operand]) -> String {
    ops.iter().map(|o| operand_to_string(m, f, *o)).collect::<Vec<_>>().join(", ")
}

/// One instruction as text (without location).
pub fn inst_to_string(m: &Module, f: &Function, inst: &Inst) -> String {
    let o = |op: Operand| operand_to_string(m, f, op);
    let dest = match inst.dest {
        Some(d) => format!("{} = ", value_name(f, d)),
        None => String::new(),
    };
    let dest_ty = inst.dest.map(|d| ty(m, f.value(d).ty)).unwrap_or_default();
    let body = match &inst.kind {
        InstKind::Bin { op, flags, lhs, rhs } => {
            let mut fl = String::new();
            if flags.nuw {
                fl.push_str(" nuw");
            }
            if flags.nsw {
                fl.push_str(" nsw");
            }
            if flags.exact {
                fl.push_str(" exact");
            }
            format!("{}{fl} {dest_ty} {}, {}", op.name(), o(*lhs), o(*rhs))
        }
        InstKind::ICmp { pred, lhs, rhs } => format!("icmp {} {}, {}", pred.name(), o(*lhs), o(*rhs)),
        InstKind::Select { cond, if_true, if_false } => {
            format!("select {}, {}, {}", o(*cond), o(*if_true), o(*if_false))
        }
        InstKind::Cast { op, val, to } => format!("{} {} to {}", op.name(), o(*val), ty(m, *to)),
        InstKind::IndexCheck { base, index, len, elem_size, one_past } => format!(
            "indexcheck {} in 0..{}{len} of [{len} x {elem_size} bytes] at {}",
            o(*index),
            if *one_past { "=" } else { "" },
            o(*base)
        ),
        InstKind::BoolCheck { val } => format!("boolcheck {} in 0..=1", o(*val)),
        InstKind::Phi { incoming } => {
            let parts: Vec<String> =
                incoming.iter().map(|(b, v)| format!("[{}, {b}]", o(*v))).collect();
            format!("phi {dest_ty} {}", parts.join(", "))
        }
        InstKind::Alloca { elem_ty, elem_size, count, align } => format!(
            "alloca {} ({elem_size} bytes) x {}, align {align}",
            ty(m, *elem_ty),
            o(*count)
        ),
        InstKind::Load { ptr, ty: t, align, atomic, volatile } => format!(
            "load{}{} {}, {}, align {align}",
            if atomic.is_some() { " atomic" } else { "" },
            if *volatile { " volatile" } else { "" },
            ty(m, *t),
            o(*ptr)
        ),
        InstKind::Store { ptr, val, ty: t, align, atomic, volatile } => format!(
            "store{}{} {} {}, {}, align {align}",
            if atomic.is_some() { " atomic" } else { "" },
            if *volatile { " volatile" } else { "" },
            ty(m, *t),
            o(*val),
            o(*ptr)
        ),
        InstKind::PtrAdd { base, offset, indices, inbounds } => {
            let mut s = format!("ptradd{} {}", if *inbounds { " inbounds" } else { "" }, o(*base));
            if *offset != 0 || indices.is_empty() {
                let _ = write!(s, " + {offset}");
            }
            for (i, scale) in indices {
                let _ = write!(s, " + {} * {scale}", o(*i));
            }
            s
        }
        InstKind::Call { callee, args, ret_ty } => {
            let c = match callee {
                Callee::Direct(fid) => format!("@{}", m.function(*fid).name),
                Callee::Indirect(p) => o(*p),
            };
            format!("call {} {c}({})", ty(m, *ret_ty), list(m, f, args))
        }
        InstKind::Intrinsic { which, args, ret_ty } => {
            format!("intrinsic {} {}({})", ty(m, *ret_ty), which.llvm_name(), list(m, f, args))
        }
        InstKind::Freeze { val } => format!("freeze {}", o(*val)),
        InstKind::ExtractValue { agg, offset, ty: t } => {
            format!("extractvalue {} {}, byte {offset}", ty(m, *t), o(*agg))
        }
        InstKind::InsertValue { agg, val, offset, ty: t } => {
            format!("insertvalue {}, {} {}, byte {offset}", o(*agg), ty(m, *t), o(*val))
        }
        InstKind::AtomicRmw { op, ptr, val, ty: t, ordering } => {
            format!("atomicrmw {op:?} {} {}, {} {ordering:?}", o(*ptr), ty(m, *t), o(*val))
        }
        InstKind::CmpXchg { ptr, expected, new, ty: t, ordering } => format!(
            "cmpxchg {}, {} {}, {} {ordering:?}",
            o(*ptr),
            ty(m, *t),
            o(*expected),
            o(*new)
        ),
        InstKind::Fence { ordering } => format!("fence {ordering:?}"),
        InstKind::Float { op: FloatOp::FCmp(p), args, .. } => format!("fcmp {} {}", p.name(), list(m, f, args)),
        InstKind::Float { op, args, ty: t } => format!("{} {} {}", op.name(), ty(m, *t), list(m, f, args)),
        InstKind::Unsupported { construct } => format!("UNSUPPORTED {construct}"),
    };
    format!("{dest}{body}")
}

/// A terminator as text (without location).
pub fn term_to_string(m: &Module, f: &Function, t: &Terminator) -> String {
    let o = |op: Operand| operand_to_string(m, f, op);
    match t {
        Terminator::Ret { val: None } => "ret void".into(),
        Terminator::Ret { val: Some(v) } => format!("ret {}", o(*v)),
        Terminator::Br { target } => format!("br {target}"),
        Terminator::CondBr { cond, if_true, if_false } => {
            format!("condbr {}, {if_true}, {if_false}", o(*cond))
        }
        Terminator::Switch { val, cases, default } => {
            let cs: Vec<String> = cases.iter().map(|(v, b)| format!("{v}: {b}")).collect();
            format!("switch {} [{}] default {default}", o(*val), cs.join(", "))
        }
        Terminator::Unreachable => "unreachable".into(),
        Terminator::Unsupported { construct } => format!("UNSUPPORTED {construct}"),
    }
}
