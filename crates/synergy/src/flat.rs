//! The program SYNERGY works on: `main` with every non-recursive call inlined, flattened into one
//! control-flow graph over integer registers (issue 4, "The algorithm, as vigil must implement it":
//! a concrete state is a location and a valuation of the variables).
//!
//! # Invariants
//!
//! * Every register is an integer of 1..=64 bits. A concrete state is a location plus one value
//!   per register of [`Flat::regs`] (all registers, live or not; values are masked to the width).
//! * Block 0 is a synthetic initialisation block: it gives promoted globals their initial values
//!   and jumps to `main`'s entry. Its predecessors are none.
//! * Scalar memory is modelled only when it is *cell-shaped*: an alloca or global whose address is
//!   used solely by loads and stores at constant byte offsets (possibly through constant `PtrAdd`s
//!   and inlined parameters), all of integer type, with no two cells overlapping partially. Each
//!   such cell becomes a register (scalar replacement); an alloca makes its cells undefined when it
//!   executes, and so does `llvm.lifetime.start` on it (a block's scope entered again). Anything else about memory makes [`flatten`] fail with a `memory` reason, so the
//!   engine answers `unknown` rather than guess.
//! * A call of `reach_error`/`__VERIFIER_error` (whatever its body), and of `__assert_fail`, is
//!   the error; `abort`/`exit` end the path without error; `__VERIFIER_assume(c)` blocks paths on
//!   which `c == 0`; `__VERIFIER_nondet_*` return inputs of their return width. Other external
//!   calls, recursion, floats and pointers held in registers make [`flatten`] fail.
//! * φ nodes are not instructions here: each control-flow edge carries the parallel assignment of
//!   the target's φs ([`Edge::assigns`]), read from the state *before* the edge.

use std::collections::HashMap;
use vigil_ir::{
    BinOp, BlockId, CastOp, Callee, Const, FuncId, ICmpPred, InstKind, Intrinsic, Loc, Module, Operand, PtrTarget, Terminator,
    Type, ValueId,
};

/// An operand of a flat instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opnd {
    Reg(u32),
    Const { bits: u64, width: u32 },
    /// An undefined value (`undef`, an uninitialised cell): any value of the width.
    Undef { width: u32 },
}

/// Flat instructions. `w` is the operand width.
#[derive(Clone, Debug, PartialEq)]
pub enum FInst {
    Bin { dst: u32, op: BinOp, w: u32, a: Opnd, b: Opnd },
    ICmp { dst: u32, pred: ICmpPred, w: u32, a: Opnd, b: Opnd },
    Select { dst: u32, c: Opnd, t: Opnd, f: Opnd },
    Cast { dst: u32, op: CastOp, from: u32, to: u32, v: Opnd },
    Copy { dst: u32, v: Opnd },
    /// `dst := input` (a `__VERIFIER_nondet_*` call; `func` is its name).
    Nondet { dst: u32, func: String },
    /// Blocks the path unless `c != 0`.
    Assume { c: Opnd },
    /// The error (unreach-call violated) at `loc`.
    Error { loc: Loc },
    /// The path ends without error (`abort`, `exit`).
    Exit,
}

/// A control-flow edge with the φ assignments it performs.
#[derive(Clone, Debug, PartialEq)]
pub struct Edge {
    pub target: u32,
    pub assigns: Vec<(u32, Opnd)>,
}

/// How a flat block ends.
#[derive(Clone, Debug, PartialEq)]
pub enum FTerm {
    Br(Edge),
    CondBr { c: Opnd, t: Edge, f: Edge },
    Switch { v: Opnd, w: u32, cases: Vec<(u64, Edge)>, default: Edge },
    /// `main` returned: the path ends without error.
    Return,
    /// Reaching `unreachable` is undefined behaviour.
    Unreachable,
}

impl FTerm {
    pub fn edges(&self) -> Vec<&Edge> {
        match self {
            FTerm::Br(e) => vec![e],
            FTerm::CondBr { t, f, .. } => vec![t, f],
            FTerm::Switch { cases, default, .. } => {
                let mut v = vec![default];
                v.extend(cases.iter().map(|(_, e)| e));
                v
            }
            FTerm::Return | FTerm::Unreachable => Vec::new(),
        }
    }
}

/// One flat block; `insts[i]` happened at `locs[i]`.
#[derive(Clone, Debug)]
pub struct FBlock {
    /// `function/block` as in the IR, for traces and proofs.
    pub name: String,
    pub func: String,
    pub insts: Vec<FInst>,
    pub locs: Vec<Loc>,
    pub term: FTerm,
    pub term_loc: Loc,
}

/// A register.
#[derive(Clone, Debug)]
pub struct RegInfo {
    pub name: String,
    pub width: u32,
    /// A promoted memory cell (its value persists across loop iterations like a φ's).
    pub cell: bool,
}

/// The flattened program.
#[derive(Clone, Debug)]
pub struct Flat {
    pub blocks: Vec<FBlock>,
    pub regs: Vec<RegInfo>,
    /// The module's source file names (for [`Loc::file`]) and main file.
    pub files: Vec<String>,
    pub source_file: String,
}

impl Flat {
    /// The file name of a location.
    pub fn file_of(&self, l: Loc) -> &str {
        l.file.and_then(|f| self.files.get(f.index())).map(String::as_str).unwrap_or(&self.source_file)
    }

    /// Registers read or written anywhere in a block list (used for candidate invariants).
    pub fn width(&self, r: u32) -> u32 {
        self.regs[r as usize].width
    }
}

/// Why a program cannot be flattened (the engine answers `unknown` with this text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// A statically known address: a modelled object and a byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StaticPtr {
    obj: u32,
    off: i64,
}

/// A modelled memory object (alloca instance or global).
struct Obj {
    name: String,
    size: u64,
    /// Cells `(offset, bytes) -> register`.
    cells: Vec<(u64, u64, u32)>,
    global_init: Option<vigil_ir::GlobalInit>,
}

/// Pending instructions that mention whole objects; expanded once all cells are known.
enum Pending {
    Havoc { block: usize, at: usize, obj: u32 },
}

struct Builder<'m> {
    m: &'m Module,
    blocks: Vec<FBlock>,
    regs: Vec<RegInfo>,
    objs: Vec<Obj>,
    global_objs: HashMap<u32, u32>,
    pending: Vec<Pending>,
    stack: Vec<FuncId>,
}

/// Per inlined instance: how its IR values map to registers or static pointers.
#[derive(Default, Clone)]
struct Frame {
    vals: HashMap<u32, Val>,
    heads: Vec<u32>,
}

#[derive(Clone, Copy, Debug)]
enum Val {
    Reg(u32),
    Ptr(StaticPtr),
}

/// Bound on the size of the inlined program (inlining can grow it exponentially).
pub const MAX_BLOCKS: usize = 200_000;

const ERROR_FUNCS: [&str; 3] = ["reach_error", "__VERIFIER_error", "__assert_fail"];
const EXIT_FUNCS: [&str; 3] = ["abort", "exit", "_Exit"];

/// Output functions that change no program state when declared externally: `puts` and
/// `putchar` always, `printf` when its format is a constant string without a `%n` conversion
/// (which would write through a pointer).
const OUTPUT_FUNCS: [&str; 3] = ["printf", "puts", "putchar"];

fn output_is_harmless(m: &Module, name: &str, args: &[Operand]) -> bool {
    let defined = m.function_by_name(name).is_some_and(|f| !m.function(f).is_declaration());
    if defined {
        return false; // the program's own function of that name: inline it as any other
    }
    if name != "printf" {
        return true;
    }
    let Some(Operand::Const(c)) = args.first() else { return false };
    let Const::Ptr { target: PtrTarget::Global(g), offset } = m.konst(*c) else { return false };
    let global = m.global(*g);
    let Some(init) = global.init.as_ref().filter(|_| global.is_constant) else { return false };
    let Some(bytes) = usize::try_from(*offset).ok().and_then(|o| init.bytes.get(o..)) else { return false };
    let format = bytes.split(|&b| b == 0).next().unwrap_or(&[]);
    !writes_through_pointer(format)
}

/// Whether a printf format has a `%n` conversion (flags, width, precision and length skipped).
fn writes_through_pointer(format: &[u8]) -> bool {
    let mut k = 0;
    while k < format.len() {
        if format[k] == b'%' {
            k += 1;
            while k < format.len() && b"0123456789.-+ #'*hlLqjzt$".contains(&format[k]) {
                k += 1;
            }
            if format.get(k) == Some(&b'n') {
                return true;
            }
        }
        k += 1;
    }
    false
}

/// Is `name` one of the SV-COMP input functions?
pub fn is_nondet(name: &str) -> bool {
    name.starts_with("__VERIFIER_nondet_") && name != "__VERIFIER_nondet_pointer"
}

/// Flattens `main` of `m`.
pub fn flatten(m: &Module) -> Result<Flat, Unsupported> {
    let main = m
        .function_by_name("main")
        .filter(|f| !m.function(*f).is_declaration())
        .ok_or_else(|| Unsupported("no defined function main".into()))?;
    if let Some(u) = m.unsupported.first() {
        return Err(Unsupported(format!("unsupported construct {} at {}", u.construct, m.describe_loc(u.loc))));
    }
    let mut b = Builder {
        m,
        blocks: Vec::new(),
        regs: Vec::new(),
        objs: Vec::new(),
        global_objs: HashMap::new(),
        pending: Vec::new(),
        stack: Vec::new(),
    };
    // Block 0: initialisation; its terminator is patched to jump to main's entry.
    b.blocks.push(FBlock {
        name: "<init>".into(),
        func: "main".into(),
        insts: Vec::new(),
        locs: Vec::new(),
        term: FTerm::Return,
        term_loc: m.function(main).loc,
    });
    let (entry, _rets) = b.inline(main, &[], None)?;
    b.blocks[0].term = FTerm::Br(Edge { target: entry, assigns: Vec::new() });
    b.finish()
}

impl<'m> Builder<'m> {
    fn new_reg(&mut self, name: String, width: u32) -> u32 {
        self.regs.push(RegInfo { name, width, cell: false });
        (self.regs.len() - 1) as u32
    }

    fn new_block(&mut self, name: String, func: &str) -> u32 {
        self.blocks.push(FBlock {
            name,
            func: func.to_string(),
            insts: Vec::new(),
            locs: Vec::new(),
            term: FTerm::Unreachable,
            term_loc: Loc::UNKNOWN,
        });
        (self.blocks.len() - 1) as u32
    }

    fn int_width(&self, ty: vigil_ir::TypeId, what: &str, loc: Loc) -> Result<u32, Unsupported> {
        match self.m.types.get(ty) {
            Type::Int { bits } if (1..=64).contains(bits) => Ok(*bits),
            Type::Float { .. } => Err(Unsupported(format!("floating point ({what}) at {}", self.m.describe_loc(loc)))),
            Type::Ptr => Err(Unsupported(format!("memory: pointer value ({what}) at {}", self.m.describe_loc(loc)))),
            t => Err(Unsupported(format!("type {t:?} ({what}) at {}", self.m.describe_loc(loc)))),
        }
    }

    /// Inlines function `f` with arguments `args`; returns its entry block and the registers
    /// receiving the return value (one per return site is not needed: a single return register).
    /// `ret` is (return register, continuation block) when the caller uses the result.
    fn inline(&mut self, f: FuncId, args: &[Val], ret: Option<(Option<u32>, u32)>) -> Result<(u32, ()), Unsupported> {
        if self.stack.contains(&f) {
            return Err(Unsupported(format!("recursion ({})", self.m.function(f).name)));
        }
        if self.stack.len() > 64 {
            return Err(Unsupported("call depth above 64".into()));
        }
        if self.blocks.len() > MAX_BLOCKS {
            return Err(Unsupported(format!("more than {MAX_BLOCKS} blocks after inlining")));
        }
        self.stack.push(f);
        let func = self.m.function(f);
        let fname = func.name.clone();
        let mut fr = Frame::default();
        for (i, p) in func.params.iter().enumerate() {
            let v = args.get(i).copied().ok_or_else(|| Unsupported(format!("call of {fname} with too few arguments")))?;
            fr.vals.insert(p.0, v);
        }
        for (bi, blk) in func.blocks.iter().enumerate() {
            let id = self.new_block(format!("{fname}/{}", blk.name), &fname);
            let _ = bi;
            fr.heads.push(id);
        }
        // Registers for every value defined by an instruction (not for static pointers: decided
        // when the defining instruction is seen, before any use in dominance order, except φs).
        for bi in 0..func.blocks.len() {
            self.lower_block(f, BlockId(bi as u32), &mut fr, ret)?;
        }
        self.stack.pop();
        Ok((fr.heads[0], ()))
    }

    fn reg_of_value(&mut self, f: FuncId, fr: &mut Frame, v: ValueId, loc: Loc) -> Result<u32, Unsupported> {
        if let Some(Val::Reg(r)) = fr.vals.get(&v.0) {
            return Ok(*r);
        }
        if fr.vals.contains_key(&v.0) {
            return Err(Unsupported(format!("memory: pointer value used as an integer at {}", self.m.describe_loc(loc))));
        }
        let func = self.m.function(f);
        let info = func.value(v);
        let w = self.int_width(info.ty, &info.name, loc)?;
        let r = self.new_reg(format!("{}:{}", func.name, info.name), w);
        fr.vals.insert(v.0, Val::Reg(r));
        Ok(r)
    }

    fn opnd(&mut self, f: FuncId, fr: &mut Frame, o: Operand, loc: Loc) -> Result<Opnd, Unsupported> {
        match o {
            Operand::Value(v) => match fr.vals.get(&v.0).copied() {
                Some(Val::Ptr(_)) => {
                    Err(Unsupported(format!("memory: address used as a value at {}", self.m.describe_loc(loc))))
                }
                _ => Ok(Opnd::Reg(self.reg_of_value(f, fr, v, loc)?)),
            },
            Operand::Const(c) => match self.m.konst(c) {
                Const::Int { ty, bits } => {
                    let w = self.int_width(*ty, "constant", loc)?;
                    Ok(Opnd::Const { bits: *bits & mask(w), width: w })
                }
                Const::Undef { ty } => {
                    let w = self.int_width(*ty, "undef", loc)?;
                    Ok(Opnd::Undef { width: w })
                }
                other => Err(Unsupported(format!("memory: constant {other:?} at {}", self.m.describe_loc(loc)))),
            },
        }
    }

    fn static_ptr(&mut self, fr: &Frame, o: Operand, loc: Loc) -> Result<StaticPtr, Unsupported> {
        match o {
            Operand::Value(v) => match fr.vals.get(&v.0) {
                Some(Val::Ptr(p)) => Ok(*p),
                _ => Err(Unsupported(format!("memory: access through a computed pointer at {}", self.m.describe_loc(loc)))),
            },
            Operand::Const(c) => match self.m.konst(c) {
                Const::Ptr { target: vigil_ir::PtrTarget::Global(g), offset } => {
                    let obj = self.global_obj(g.0, loc)?;
                    Ok(StaticPtr { obj, off: *offset })
                }
                _ => Err(Unsupported(format!("memory: pointer constant at {}", self.m.describe_loc(loc)))),
            },
        }
    }

    fn global_obj(&mut self, g: u32, loc: Loc) -> Result<u32, Unsupported> {
        if let Some(o) = self.global_objs.get(&g) {
            return Ok(*o);
        }
        let gl = self.m.global(vigil_ir::GlobalId(g));
        if gl.init.is_none() {
            return Err(Unsupported(format!("memory: external global {} at {}", gl.name, self.m.describe_loc(loc))));
        }
        self.objs.push(Obj { name: gl.name.clone(), size: gl.size, cells: Vec::new(), global_init: gl.init.clone() });
        let id = (self.objs.len() - 1) as u32;
        self.global_objs.insert(g, id);
        Ok(id)
    }

    /// The register of the cell `[off, off+len)` of `p.obj`, created on first use.
    fn cell(&mut self, p: StaticPtr, len: u64, loc: Loc) -> Result<u32, Unsupported> {
        let o = &self.objs[p.obj as usize];
        if p.off < 0 || (p.off as u64).checked_add(len).filter(|&e| e <= o.size).is_none() {
            return Err(Unsupported(format!(
                "memory: access out of the bounds of {} at {}",
                o.name,
                self.m.describe_loc(loc)
            )));
        }
        let off = p.off as u64;
        for &(co, cl, r) in &o.cells {
            if co == off && cl == len {
                return Ok(r);
            }
            if co < off + len && off < co + cl {
                return Err(Unsupported(format!(
                    "memory: overlapping accesses to {} at {}",
                    o.name,
                    self.m.describe_loc(loc)
                )));
            }
        }
        let name = format!("{}[{}]", o.name, off);
        let r = self.new_reg(name, (len * 8) as u32);
        self.regs[r as usize].cell = true;
        self.objs[p.obj as usize].cells.push((off, len, r));
        Ok(r)
    }

    fn edge(&mut self, f: FuncId, fr: &mut Frame, from: BlockId, to: BlockId, loc: Loc) -> Result<Edge, Unsupported> {
        let func = self.m.function(f);
        let mut assigns = Vec::new();
        for inst in &func.blocks[to.index()].insts {
            if let InstKind::Phi { incoming } = &inst.kind {
                let dst = inst.dest.expect("phi has a destination");
                let (_, val) = incoming
                    .iter()
                    .find(|(b, _)| *b == from)
                    .ok_or_else(|| Unsupported(format!("phi without incoming value at {}", self.m.describe_loc(loc))))?;
                let ty = func.value(dst).ty;
                if self.m.types.is_ptr(ty) {
                    return Err(Unsupported(format!("memory: pointer phi at {}", self.m.describe_loc(inst.loc))));
                }
                let r = self.reg_of_value(f, fr, dst, inst.loc)?;
                let v = self.opnd(f, fr, *val, inst.loc)?;
                assigns.push((r, v));
            }
        }
        Ok(Edge { target: fr.heads[to.index()], assigns })
    }

    fn lower_block(&mut self, f: FuncId, b: BlockId, fr: &mut Frame, ret: Option<(Option<u32>, u32)>) -> Result<(), Unsupported> {
        let m = self.m;
        let func = m.function(f);
        let blk = &func.blocks[b.index()];
        let fname = func.name.clone();
        let mut cur = fr.heads[b.index()];
        for inst in &blk.insts {
            let loc = inst.loc;
            let emit = |s: &mut Self, cur: u32, i: FInst| {
                s.blocks[cur as usize].insts.push(i);
                s.blocks[cur as usize].locs.push(loc);
            };
            match &inst.kind {
                InstKind::Phi { .. } => {}
                InstKind::Bin { op, lhs, rhs, .. } => {
                    let d = inst.dest.expect("bin dest");
                    let w = self.int_width(func.value(d).ty, "arithmetic", loc)?;
                    let a = self.opnd(f, fr, *lhs, loc)?;
                    let bb = self.opnd(f, fr, *rhs, loc)?;
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    emit(self, cur, FInst::Bin { dst, op: *op, w, a, b: bb });
                }
                InstKind::ICmp { pred, lhs, rhs } => {
                    let d = inst.dest.expect("icmp dest");
                    let a = self.opnd(f, fr, *lhs, loc)?;
                    let bb = self.opnd(f, fr, *rhs, loc)?;
                    let w = opnd_width(&self.regs, a);
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    emit(self, cur, FInst::ICmp { dst, pred: *pred, w, a, b: bb });
                }
                InstKind::Select { cond, if_true, if_false } => {
                    let d = inst.dest.expect("select dest");
                    let c = self.opnd(f, fr, *cond, loc)?;
                    let t = self.opnd(f, fr, *if_true, loc)?;
                    let e = self.opnd(f, fr, *if_false, loc)?;
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    emit(self, cur, FInst::Select { dst, c, t, f: e });
                }
                InstKind::Cast { op, val, to } => {
                    let d = inst.dest.expect("cast dest");
                    if !matches!(op, CastOp::Trunc | CastOp::ZExt | CastOp::SExt | CastOp::Bitcast) {
                        return Err(Unsupported(format!("memory: {} at {}", op.name(), m.describe_loc(loc))));
                    }
                    let v = self.opnd(f, fr, *val, loc)?;
                    let from = opnd_width(&self.regs, v);
                    let tw = self.int_width(*to, "cast", loc)?;
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    if *op == CastOp::Bitcast {
                        emit(self, cur, FInst::Copy { dst, v });
                    } else {
                        emit(self, cur, FInst::Cast { dst, op: *op, from, to: tw, v });
                    }
                }
                InstKind::Freeze { val } => {
                    let d = inst.dest.expect("freeze dest");
                    let v = self.opnd(f, fr, *val, loc)?;
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    emit(self, cur, FInst::Copy { dst, v });
                }
                InstKind::Alloca { elem_size, count, .. } => {
                    let d = inst.dest.expect("alloca dest");
                    let n = match count {
                        Operand::Const(c) => match m.konst(*c) {
                            Const::Int { bits, .. } => *bits,
                            _ => return Err(Unsupported(format!("memory: alloca size at {}", m.describe_loc(loc)))),
                        },
                        _ => return Err(Unsupported(format!("memory: variable-length array at {}", m.describe_loc(loc)))),
                    };
                    let name = format!("{}:{}", fname, func.value(d).name);
                    self.objs.push(Obj { name, size: elem_size.saturating_mul(n), cells: Vec::new(), global_init: None });
                    let obj = (self.objs.len() - 1) as u32;
                    fr.vals.insert(d.0, Val::Ptr(StaticPtr { obj, off: 0 }));
                    let at = self.blocks[cur as usize].insts.len();
                    self.pending.push(Pending::Havoc { block: cur as usize, at, obj });
                }
                InstKind::PtrAdd { base, offset, indices, .. } => {
                    let d = inst.dest.expect("ptradd dest");
                    let p = self.static_ptr(fr, *base, loc)?;
                    let mut off = p.off.checked_add(*offset).ok_or_else(|| Unsupported("memory: offset overflow".into()))?;
                    for (i, scale) in indices {
                        let idx = match self.opnd(f, fr, *i, loc)? {
                            Opnd::Const { bits, width } => sext(bits, width),
                            _ => {
                                return Err(Unsupported(format!(
                                    "memory: array index that is not a constant at {}",
                                    m.describe_loc(loc)
                                )))
                            }
                        };
                        off = idx
                            .checked_mul(*scale)
                            .and_then(|x| off.checked_add(x))
                            .ok_or_else(|| Unsupported("memory: offset overflow".into()))?;
                    }
                    fr.vals.insert(d.0, Val::Ptr(StaticPtr { obj: p.obj, off }));
                }
                InstKind::Load { ptr, ty, .. } => {
                    let d = inst.dest.expect("load dest");
                    let w = self.int_width(*ty, "load", loc)?;
                    let p = self.static_ptr(fr, *ptr, loc)?;
                    if w % 8 != 0 && w != 1 {
                        return Err(Unsupported(format!("memory: odd-width load at {}", m.describe_loc(loc))));
                    }
                    let bytes = m.types.size_of(*ty);
                    let cell = self.cell(p, bytes, loc)?;
                    let dst = self.reg_of_value(f, fr, d, loc)?;
                    let cw = self.regs[cell as usize].width;
                    if cw == w {
                        emit(self, cur, FInst::Copy { dst, v: Opnd::Reg(cell) });
                    } else {
                        emit(self, cur, FInst::Cast { dst, op: CastOp::Trunc, from: cw, to: w, v: Opnd::Reg(cell) });
                    }
                }
                InstKind::Store { ptr, val, ty, .. } => {
                    let w = self.int_width(*ty, "store", loc)?;
                    let p = self.static_ptr(fr, *ptr, loc)?;
                    let v = self.opnd(f, fr, *val, loc)?;
                    let bytes = m.types.size_of(*ty);
                    let cell = self.cell(p, bytes, loc)?;
                    let cw = self.regs[cell as usize].width;
                    if cw == w {
                        emit(self, cur, FInst::Copy { dst: cell, v });
                    } else {
                        // An i1 stored in a byte: C stores _Bool zero-extended.
                        emit(self, cur, FInst::Cast { dst: cell, op: CastOp::ZExt, from: w, to: cw, v });
                    }
                }
                InstKind::Intrinsic { which, args, .. } => {
                    let d = inst.dest;
                    match which {
                        Intrinsic::Expect => {
                            let v = self.opnd(f, fr, args[0], loc)?;
                            let dst = self.reg_of_value(f, fr, d.expect("expect dest"), loc)?;
                            emit(self, cur, FInst::Copy { dst, v });
                        }
                        Intrinsic::SMin | Intrinsic::SMax | Intrinsic::UMin | Intrinsic::UMax => {
                            let a = self.opnd(f, fr, args[0], loc)?;
                            let bb = self.opnd(f, fr, args[1], loc)?;
                            let w = opnd_width(&self.regs, a);
                            let dst = self.reg_of_value(f, fr, d.expect("minmax dest"), loc)?;
                            let c = self.new_reg(format!("{}:minmax.c", fname), 1);
                            let pred = match which {
                                Intrinsic::SMin => ICmpPred::Slt,
                                Intrinsic::SMax => ICmpPred::Sgt,
                                Intrinsic::UMin => ICmpPred::Ult,
                                _ => ICmpPred::Ugt,
                            };
                            emit(self, cur, FInst::ICmp { dst: c, pred, w, a, b: bb });
                            emit(self, cur, FInst::Select { dst, c: Opnd::Reg(c), t: a, f: bb });
                        }
                        Intrinsic::LifetimeStart => {
                            // The object's scope is entered again: its cells are undefined.
                            let p = self.static_ptr(fr, args[1], loc)?;
                            let at = self.blocks[cur as usize].insts.len();
                            self.pending.push(Pending::Havoc { block: cur as usize, at, obj: p.obj });
                        }
                        // Cell-shaped objects are reached only through their own loads and
                        // stores, which C scoping keeps inside the object's life.
                        Intrinsic::LifetimeEnd => {}
                        Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset => {
                            return Err(Unsupported(format!(
                                "memory: {} at {}",
                                which.llvm_name(),
                                m.describe_loc(loc)
                            )))
                        }
                        other => {
                            return Err(Unsupported(format!(
                                "intrinsic {} at {}",
                                other.llvm_name(),
                                m.describe_loc(loc)
                            )))
                        }
                    }
                }
                InstKind::Call { callee, args, ret_ty } => {
                    let Callee::Direct(g) = callee else {
                        return Err(Unsupported(format!("indirect call at {}", m.describe_loc(loc))));
                    };
                    let gname = m.function(*g).name.clone();
                    if ERROR_FUNCS.contains(&gname.as_str()) {
                        emit(self, cur, FInst::Error { loc });
                        // The rest of the block is dead after the error; keep lowering it into
                        // a detached block so its values still get registers.
                        cur = self.new_block(format!("{fname}/<after {gname}>"), &fname);
                        continue;
                    }
                    if EXIT_FUNCS.contains(&gname.as_str()) {
                        emit(self, cur, FInst::Exit);
                        cur = self.new_block(format!("{fname}/<after {gname}>"), &fname);
                        continue;
                    }
                    if gname == "__VERIFIER_assume" {
                        let c = self.opnd(f, fr, args[0], loc)?;
                        emit(self, cur, FInst::Assume { c });
                        continue;
                    }
                    if is_nondet(&gname) {
                        let d = inst.dest.ok_or_else(|| Unsupported(format!("{gname} without result")))?;
                        let dst = self.reg_of_value(f, fr, d, loc)?;
                        emit(self, cur, FInst::Nondet { dst, func: gname });
                        continue;
                    }
                    if OUTPUT_FUNCS.contains(&gname.as_str()) && output_is_harmless(m, &gname, args) {
                        // Output changes no program state; its result (a count) is any value.
                        if let Some(d) = inst.dest {
                            let dst = self.reg_of_value(f, fr, d, loc)?;
                            let width = self.regs[dst as usize].width;
                            emit(self, cur, FInst::Copy { dst, v: Opnd::Undef { width } });
                        }
                        continue;
                    }
                    let callee_f = m.function(*g);
                    if callee_f.is_declaration() {
                        return Err(Unsupported(format!("call of external function {gname} at {}", m.describe_loc(loc))));
                    }
                    if callee_f.varargs {
                        return Err(Unsupported(format!("variadic function {gname} at {}", m.describe_loc(loc))));
                    }
                    // Arguments: registers are copied into fresh parameter registers (by the
                    // jump's assignments); static pointers are passed at flattening time.
                    let mut vals = Vec::new();
                    let mut assigns = Vec::new();
                    for (i, a) in args.iter().enumerate() {
                        let is_ptr_param = callee_f.params.get(i).map(|p| m.types.is_ptr(callee_f.value(*p).ty));
                        if is_ptr_param == Some(true) {
                            vals.push(Val::Ptr(self.static_ptr(fr, *a, loc)?));
                        } else {
                            let pv = callee_f.params.get(i).ok_or_else(|| Unsupported(format!("call of {gname}: arity")))?;
                            let w = self.int_width(callee_f.value(*pv).ty, "parameter", loc)?;
                            let r = self.new_reg(format!("{gname}:{}", callee_f.value(*pv).name), w);
                            let v = self.opnd(f, fr, *a, loc)?;
                            assigns.push((r, v));
                            vals.push(Val::Reg(r));
                        }
                    }
                    let cont = self.new_block(format!("{fname}/<after call {gname}>"), &fname);
                    let ret_reg = match inst.dest {
                        Some(d) if !matches!(m.types.get(*ret_ty), Type::Void) => Some(self.reg_of_value(f, fr, d, loc)?),
                        _ => None,
                    };
                    let (entry, ()) = self.inline(*g, &vals, Some((ret_reg, cont)))?;
                    self.blocks[cur as usize].term = FTerm::Br(Edge { target: entry, assigns });
                    self.blocks[cur as usize].term_loc = loc;
                    cur = cont;
                }
                other => {
                    return Err(Unsupported(format!(
                        "instruction {:?} at {}",
                        std::mem::discriminant(other),
                        m.describe_loc(loc)
                    )))
                }
            }
        }
        let loc = blk.term_loc;
        let term = match &blk.term {
            Terminator::Ret { val } => match ret {
                None => FTerm::Return,
                Some((reg, cont)) => {
                    let mut assigns = Vec::new();
                    if let (Some(r), Some(v)) = (reg, val) {
                        let o = self.opnd(f, fr, *v, loc)?;
                        assigns.push((r, o));
                    }
                    FTerm::Br(Edge { target: cont, assigns })
                }
            },
            Terminator::Br { target } => FTerm::Br(self.edge(f, fr, b, *target, loc)?),
            Terminator::CondBr { cond, if_true, if_false } => {
                let c = self.opnd(f, fr, *cond, loc)?;
                let t = self.edge(f, fr, b, *if_true, loc)?;
                let e = self.edge(f, fr, b, *if_false, loc)?;
                FTerm::CondBr { c, t, f: e }
            }
            Terminator::Switch { val, cases, default } => {
                let v = self.opnd(f, fr, *val, loc)?;
                let w = opnd_width(&self.regs, v);
                let mut cs = Vec::new();
                for (k, t) in cases {
                    cs.push((*k & mask(w), self.edge(f, fr, b, *t, loc)?));
                }
                let d = self.edge(f, fr, b, *default, loc)?;
                FTerm::Switch { v, w, cases: cs, default: d }
            }
            Terminator::Unreachable => FTerm::Unreachable,
            Terminator::Unsupported { construct } => {
                return Err(Unsupported(format!("{construct} at {}", m.describe_loc(loc))))
            }
        };
        self.blocks[cur as usize].term = term;
        self.blocks[cur as usize].term_loc = loc;
        Ok(())
    }

    fn finish(mut self) -> Result<Flat, Unsupported> {
        // Havoc of alloca'd cells when the alloca executes: insert copies of undef, back to front
        // so recorded positions stay valid.
        let mut pend = std::mem::take(&mut self.pending);
        pend.sort_by_key(|p| match p {
            Pending::Havoc { block, at, .. } => std::cmp::Reverse((*block, *at)),
        });
        for p in pend {
            let Pending::Havoc { block, at, obj } = p;
            let cells = self.objs[obj as usize].cells.clone();
            for (_, _, r) in cells.into_iter().rev() {
                let w = self.regs[r as usize].width;
                self.blocks[block].insts.insert(at, FInst::Copy { dst: r, v: Opnd::Undef { width: w } });
                self.blocks[block].locs.insert(at, Loc::UNKNOWN);
            }
        }
        // Globals: initial values in block 0.
        for o in &self.objs {
            let Some(init) = &o.global_init else { continue };
            for &(off, len, r) in &o.cells {
                if init.relocs.iter().any(|rl| rl.offset < off + len && off < rl.offset + u64::from(rl.size)) {
                    return Err(Unsupported(format!("memory: pointer stored in global {}", o.name)));
                }
                let undef = init.undef.iter().any(|&(uo, ul)| uo < off + len && off < uo + ul);
                let w = (len * 8) as u32;
                let v = if undef {
                    Opnd::Undef { width: w }
                } else {
                    let mut bits = 0u64;
                    for i in 0..len {
                        let byte = init.bytes.get((off + i) as usize).copied().unwrap_or(0);
                        bits |= u64::from(byte) << (8 * i);
                    }
                    Opnd::Const { bits: bits & mask(w), width: w }
                };
                self.blocks[0].insts.push(FInst::Copy { dst: r, v });
                self.blocks[0].locs.push(Loc::UNKNOWN);
            }
        }
        Ok(Flat { blocks: self.blocks, regs: self.regs, files: self.m.files.clone(), source_file: self.m.source_file.clone() })
    }
}

/// The width of an operand.
pub fn opnd_width(regs: &[RegInfo], o: Opnd) -> u32 {
    match o {
        Opnd::Reg(r) => regs[r as usize].width,
        Opnd::Const { width, .. } | Opnd::Undef { width } => width,
    }
}

/// All-ones mask of `w` bits (the VM's, so that both mean the same).
pub use vigil_vm::memory::mask;

/// Sign-extends the low `w` bits.
pub fn sext(bits: u64, w: u32) -> i64 {
    if w >= 64 {
        bits as i64
    } else {
        let s = 64 - w;
        ((bits << s) as i64) >> s
    }
}

#[cfg(test)]
mod tests {
    use super::writes_through_pointer;

    #[test]
    fn printf_formats_that_write_through_a_pointer() {
        for f in ["%n", "ab%n", "%hhn", "%5ln", "x=%d%n", "%lln"] {
            assert!(writes_through_pointer(f.as_bytes()), "{f}");
        }
        for f in ["", "hello\n", "%d %s %x", "100%%", "%-5.2ld", "n%dn"] {
            assert!(!writes_through_pointer(f.as_bytes()), "{f}");
        }
    }
}
