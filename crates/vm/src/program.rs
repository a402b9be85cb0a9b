//! The program as the VM runs it: a vigil IR module plus everything the interpreter needs
//! precomputed once (DiVM §3.1 "the loader"): the frame layout of each function (where each
//! register lives in the frame object), constants evaluated to VM values, the object id of each
//! global, which declared functions are hypercalls, and the interrupt points.
//!
//! Frame layout (a frame is an ordinary object, so the stack is part of the memory graph):
//!
//! | offset | content |
//! |---|---|
//! | 0 | function id (u32) |
//! | 4 | current block (u32) |
//! | 8 | index of the current instruction in the block (u32) |
//! | 12 | number of allocas owned by the frame (u32) |
//! | 16 | the caller's frame (pointer; null for the bottom frame) |
//! | 24 | registers, each at an 8-aligned offset, then one pointer per owned alloca |
//!
//! Interrupt points (DiVM §4.3, §6.1), inserted here rather than by the user:
//! * `interrupt_cfl`: the targets of retreating CFG edges (every cycle has one, including
//!   irreducible ones) and the entries of recursive functions (so that unbounded recursion cannot
//!   hide inside one transition); a transition ends at one only when it was already passed during
//!   the same transition;
//! * `interrupt_mem`: every memory access (load, store, atomic, memcpy/memmove/memset) except
//!   those through a *private* alloca — one whose address is only ever used, directly or through
//!   pointer arithmetic, as the address of an access in its own function, so no other thread can
//!   ever reach it. Such a point may be visible to other threads: once the OS says there are
//!   several threads, an access there to a shared object (`machine::sharing`, decided when it
//!   runs) is a visible action, and the VM makes each transition contain at most one.

use crate::memory::{encode, mask, ObjKind, Object, Scalar, CODE_TAG, INVALID_OBJ};
use std::rc::Rc;
use vigil_ir::cfg::order::DfsOrder;
use vigil_ir::{Const, FuncId, GlobalId, InstKind, Module, PtrTarget, Type};

pub const FRAME_FUNC: u32 = 0;
pub const FRAME_BLOCK: u32 = 4;
pub const FRAME_INST: u32 = 8;
pub const FRAME_NALLOCA: u32 = 12;
pub const FRAME_PARENT: u32 = 16;
pub const FRAME_REGS: u32 = 24;

/// The hypercalls (DiVM §3.4), recognised by the names the runtime's header declares.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Hypercall {
    ObjMake,
    /// `__vm_obj_make_internal`: an [`crate::memory::ObjKind::Internal`] object.
    ObjMakeInternal,
    ObjFree,
    ObjSize,
    ObjResize,
    ObjShared,
    Trace,
    InterruptMem,
    InterruptCfl,
    Choose,
    Control,
    /// `__vm_ctl_get` / `__vm_ctl_set`: the pointer-valued control registers (part of `control`).
    CtlGet,
    CtlSet,
    /// `__vm_frame_make`: a frame the OS can switch to (a thread's first frame).
    FrameMake,
    /// `setjmp` and its variants: not in the runtime's header, the VM executes them (see
    /// `machine/jump.rs`).
    SetJmp,
    /// `longjmp` and its variants.
    LongJmp,
}

impl Hypercall {
    pub fn from_name(name: &str) -> Option<Hypercall> {
        Some(match name {
            "__vm_obj_make" => Hypercall::ObjMake,
            "__vm_obj_make_internal" => Hypercall::ObjMakeInternal,
            "__vm_obj_free" => Hypercall::ObjFree,
            "__vm_obj_size" => Hypercall::ObjSize,
            "__vm_obj_resize" => Hypercall::ObjResize,
            "__vm_obj_shared" => Hypercall::ObjShared,
            "__vm_trace" => Hypercall::Trace,
            "__vm_interrupt_mem" => Hypercall::InterruptMem,
            "__vm_interrupt_cfl" => Hypercall::InterruptCfl,
            "__vm_choose" => Hypercall::Choose,
            "__vm_control" => Hypercall::Control,
            "__vm_ctl_get" => Hypercall::CtlGet,
            "__vm_ctl_set" => Hypercall::CtlSet,
            "__vm_frame_make" => Hypercall::FrameMake,
            n if vigil_runtime::SETJMP_FUNCTIONS.contains(&n) => Hypercall::SetJmp,
            n if vigil_runtime::LONGJMP_FUNCTIONS.contains(&n) => Hypercall::LongJmp,
            _ => return None,
        })
    }
}

/// A constant as a VM value.
#[derive(Clone, Debug)]
pub enum ConstVal {
    Scalar(Scalar),
    /// An aggregate constant: its bytes with shadows.
    Bytes(Rc<Object>),
}

/// What the interpreter needs to know about the type of a value (a register or a constant),
/// computed once by the loader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValueShape {
    /// Width in bits (`TypeTable::value_bits`).
    pub bits: u32,
    /// Whether the value is kept as bytes rather than as a [`Scalar`]: an aggregate (struct or
    /// array) or a scalar wider than 64 bits ([`kept_as_bytes`]).
    pub as_bytes: bool,
    /// In-memory size of the type (`TypeTable::size_of`).
    pub size: u32,
    /// The type is a pointer (not an integer that may hold an address).
    pub ptr: bool,
}

impl ValueShape {
    fn of(types: &vigil_ir::TypeTable, ty: vigil_ir::TypeId) -> ValueShape {
        ValueShape { bits: types.value_bits(ty), as_bytes: kept_as_bytes(types, ty), size: types.size_of(ty) as u32, ptr: types.is_ptr(ty) }
    }

    /// Bytes the value takes in a frame: the whole object when kept as bytes, else the
    /// scalar's bytes (at most 8).
    fn reg_size(self) -> u32 {
        if self.as_bytes {
            self.size
        } else {
            self.bits.div_ceil(8).min(8)
        }
    }
}

/// Precomputed facts about one function.
#[derive(Clone, Debug, Default)]
pub struct FuncInfo {
    /// Frame offset of each register.
    pub reg_off: Vec<u32>,
    /// Size in bytes of each register's value ([`ValueShape::reg_size`]).
    pub reg_size: Vec<u32>,
    /// The shape of each register's value.
    pub val_shape: Vec<ValueShape>,
    /// Frame size without allocas.
    pub frame_size: u32,
    /// Per block: is it an interrupt point (target of a retreating edge)?
    pub cfl_point: Vec<bool>,
    /// Per block: number of leading φ instructions.
    pub num_phis: Vec<u32>,
    /// Whether the function is recursive (in a cycle of the call graph, counting indirect calls
    /// as calls to every address-taken function): only then is its entry an interrupt point.
    pub recursive: bool,
    /// Per block: registers live at the end of the block (bit set over value ids), including
    /// the operands its successors' φs read along the edge from it.
    pub live_out: Vec<Vec<u64>>,
    /// Registers live after a `setjmp` call of the function (empty when it calls none): a
    /// `longjmp` from any later point resumes there, an edge the control-flow graph does not
    /// show, so they count as live everywhere ([`FuncInfo::live_before`]).
    pub jump_live: Vec<u64>,
    /// Per block, per instruction: is it an `interrupt_mem` point (a memory access that may
    /// touch memory another thread can see)?
    pub mem_point: Vec<Vec<bool>>,
    /// The allocas whose address may be kept (bit set over value ids): when the block of such
    /// a local is entered again, pointers to its earlier instance are looked for
    /// (`machine::intrinsic`, `lifetime`); for the others there can be none.
    pub kept_address: Vec<u64>,
    /// Per block: the loop it heads, when the fast interpreter can run it
    /// (`machine::fastloop`).
    pub fast_loops: Vec<Option<Box<crate::machine::fastloop::FastLoop>>>,
}

fn bit_set(set: &mut [u64], v: u32) {
    set[(v / 64) as usize] |= 1 << (v % 64);
}

fn bit_clear(set: &mut [u64], v: u32) {
    set[(v / 64) as usize] &= !(1 << (v % 64));
}

/// Is bit `v` set?
pub fn bit_test(set: &[u64], v: u32) -> bool {
    set[(v / 64) as usize] >> (v % 64) & 1 == 1
}

fn uses_of(ops: impl IntoIterator<Item = vigil_ir::Operand>, set: &mut [u64]) {
    for op in ops {
        if let vigil_ir::Operand::Value(v) = op {
            bit_set(set, v.0);
        }
    }
}

fn term_uses(t: &vigil_ir::Terminator) -> Vec<vigil_ir::Operand> {
    use vigil_ir::Terminator::*;
    match t {
        Ret { val: Some(v) } => vec![*v],
        CondBr { cond, .. } => vec![*cond],
        Switch { val, .. } => vec![*val],
        _ => Vec::new(),
    }
}

/// The `interrupt_mem` points of `f` (see the module documentation): every memory access except
/// those whose address derives only from private allocas.
fn mem_points(f: &vigil_ir::Function) -> Vec<Vec<bool>> {
    use vigil_ir::{Intrinsic, Operand};
    let private = private_values(f);
    let shared = |op: &Operand| !matches!(op, Operand::Value(v) if private[v.index()]);
    f.blocks
        .iter()
        .map(|b| {
            b.insts
                .iter()
                .map(|i| match &i.kind {
                    InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. } => shared(ptr),
                    InstKind::AtomicRmw { ptr, .. } | InstKind::CmpXchg { ptr, .. } => shared(ptr),
                    InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove, args, .. } => {
                        args.iter().take(2).any(shared)
                    }
                    InstKind::Intrinsic { which: Intrinsic::Memset, args, .. } => args.first().is_some_and(shared),
                    _ => false,
                })
                .collect()
        })
        .collect()
}

/// The allocas of `f` whose address may be kept somewhere (not private: stored, passed,
/// returned, …), as a bit set over value ids: only a pointer to such a local can outlive its
/// block and be there when the block is entered again ([`FuncInfo::kept_address`]).
fn kept_addresses(f: &vigil_ir::Function) -> Vec<u64> {
    let private = private_values(f);
    let mut set = vec![0u64; f.values.len().div_ceil(64)];
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        if let (InstKind::Alloca { .. }, Some(d)) = (&i.kind, i.dest) {
            if !private[d.index()] {
                bit_set(&mut set, d.0);
            }
        }
    }
    set
}

/// Per value of `f`: is it an alloca, or pointer arithmetic on a private value, whose address
/// never escapes?
fn private_values(f: &vigil_ir::Function) -> Vec<bool> {
    use vigil_ir::{Intrinsic, Operand};
    // private[v]: v is an alloca, or pointer arithmetic on a private value, whose address never
    // escapes. Start optimistic (every alloca and every pointer arithmetic) and remove, until
    // nothing changes: values used other than as an address (stored, passed, compared, cast, φ,
    // returned…), pointer arithmetic on a base that is not private, and the base of pointer
    // arithmetic that is not private (the address escapes through it).
    let n = f.values.len();
    let mut private = vec![false; n];
    for b in &f.blocks {
        for i in &b.insts {
            if let (InstKind::Alloca { .. } | InstKind::PtrAdd { .. }, Some(d)) = (&i.kind, i.dest) {
                private[d.index()] = true;
            }
        }
    }
    let address_use = |kind: &InstKind, op: Operand| -> bool {
        match kind {
            InstKind::Load { ptr, .. } => *ptr == op,
            InstKind::Store { ptr, val, .. } => *ptr == op && *val != op,
            InstKind::PtrAdd { base, indices, .. } => *base == op && indices.iter().all(|(i, _)| *i != op),
            // (Reads where the array starts; the address goes nowhere.)
            InstKind::IndexCheck { base, index, .. } => *base == op && *index != op,
            InstKind::Intrinsic { which: Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset, args, .. } => {
                args.iter().skip(2).all(|a| *a != op)
            }
            // A block's scope ending or starting does not let the address escape.
            InstKind::Intrinsic { which: Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd, .. } => true,
            _ => false,
        }
    };
    let is_private = |private: &[bool], op: &Operand| matches!(op, Operand::Value(v) if private[v.index()]);
    let mut changed = true;
    while changed {
        changed = false;
        let mut clear = |private: &mut Vec<bool>, op: &Operand| {
            if let Operand::Value(v) = op {
                if private[v.index()] {
                    private[v.index()] = false;
                    changed = true;
                }
            }
        };
        for b in &f.blocks {
            for i in &b.insts {
                if let (InstKind::PtrAdd { base, .. }, Some(d)) = (&i.kind, i.dest) {
                    if private[d.index()] && !is_private(&private, base) {
                        clear(&mut private, &Operand::Value(d));
                    }
                    if !private[d.index()] {
                        clear(&mut private, base);
                    }
                }
                for op in i.kind.operands() {
                    if !address_use(&i.kind, op) {
                        clear(&mut private, &op);
                    }
                }
            }
            for op in b.term.operands() {
                clear(&mut private, &op);
            }
        }
    }
    private
}

/// Which globals belong to the runtime (see [`Program::runtime_globals`]): named by a function
/// of the runtime, and neither by a function of the program nor by the initialiser of a global
/// the program names.
fn runtime_globals(module: &Module) -> Vec<bool> {
    use vigil_ir::{Const, Operand};
    let n = module.globals.len();
    let mut by_runtime = vec![false; n];
    let mut by_program = vec![false; n];
    let targets = |c: &Const, out: &mut Vec<usize>| match c {
        Const::Ptr { target: PtrTarget::Global(g), .. } | Const::PtrAsInt { target: PtrTarget::Global(g), .. } => {
            out.push(g.index())
        }
        Const::Aggregate { init, .. } => out.extend(init.relocs.iter().filter_map(|r| match r.target {
            PtrTarget::Global(g) => Some(g.index()),
            PtrTarget::Func(_) => None,
        })),
        _ => {}
    };
    for f in &module.functions {
        let mut named = Vec::new();
        for b in &f.blocks {
            let ops = b.insts.iter().flat_map(|i| i.kind.operands()).chain(b.term.operands());
            for op in ops {
                if let Operand::Const(c) = op {
                    targets(&module.consts[c.index()], &mut named);
                }
            }
        }
        let marks = if f.runtime { &mut by_runtime } else { &mut by_program };
        for g in named {
            marks[g] = true;
        }
    }
    // Globals whose initialisers point to others name those too.
    let mut work: Vec<usize> = (0..n).filter(|g| by_program[*g]).collect();
    while let Some(g) = work.pop() {
        for r in module.globals[g].init.iter().flat_map(|i| &i.relocs) {
            if let PtrTarget::Global(t) = r.target {
                if !by_program[t.index()] {
                    by_program[t.index()] = true;
                    work.push(t.index());
                }
            }
        }
    }
    (0..n).map(|g| by_runtime[g] && !by_program[g]).collect()
}

/// The first atomic instruction weaker than `seq_cst` in the functions `own` marks (see
/// [`Program::weak_atomic`]), described by its location.
fn weak_atomic(module: &Module, own: &[bool]) -> Option<String> {
    use vigil_ir::AtomicOrdering::SeqCst;
    for (_, f) in module.functions.iter().enumerate().filter(|(k, _)| own[*k]) {
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            let weak = match &i.kind {
                InstKind::Load { atomic: Some(o), .. } | InstKind::Store { atomic: Some(o), .. } => *o != SeqCst,
                InstKind::AtomicRmw { ordering, .. } | InstKind::CmpXchg { ordering, .. } => *ordering != SeqCst,
                InstKind::Fence { ordering } => *ordering != SeqCst,
                _ => false,
            };
            if weak {
                return Some(module.describe_loc(i.loc));
            }
        }
    }
    None
}

/// Backward liveness over SSA registers (classic iterative data flow; φ operands are uses at the
/// end of the corresponding predecessor, φ results are definitions at the start of their block).
fn liveness(f: &vigil_ir::Function) -> Vec<Vec<u64>> {
    let words = f.values.len().div_ceil(64).max(1);
    let n = f.blocks.len();
    // Per block: upward-exposed uses (excluding φs) and definitions.
    let mut gen = vec![vec![0u64; words]; n];
    let mut kill = vec![vec![0u64; words]; n];
    for (b, block) in f.blocks.iter().enumerate() {
        let (g, k) = (&mut gen[b], &mut kill[b]);
        uses_of(term_uses(&block.term), g);
        for inst in block.insts.iter().rev() {
            if let Some(d) = inst.dest {
                bit_clear(g, d.0);
                bit_set(k, d.0);
            }
            if !matches!(inst.kind, InstKind::Phi { .. }) {
                uses_of(inst.kind.operands(), g);
            }
        }
    }
    // φ uses along each edge belong to the predecessor's live-out.
    let mut phi_out = vec![vec![0u64; words]; n];
    for block in &f.blocks {
        for inst in &block.insts {
            if let InstKind::Phi { incoming } = &inst.kind {
                for (pred, op) in incoming {
                    if let (vigil_ir::Operand::Value(v), Some(po)) = (op, phi_out.get_mut(pred.index())) {
                        bit_set(po, v.0);
                    }
                }
            }
        }
    }
    let succs: Vec<Vec<usize>> = f.blocks.iter().map(|b| b.term.successors().iter().map(|s| s.index()).collect()).collect();
    let mut live_in = vec![vec![0u64; words]; n];
    let mut live_out = phi_out.clone();
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..n).rev() {
            let mut out = phi_out[b].clone();
            for &s in &succs[b] {
                for (o, i) in out.iter_mut().zip(&live_in[s]) {
                    *o |= *i;
                }
            }
            let mut inn: Vec<u64> = out.iter().zip(&kill[b]).map(|(o, k)| o & !k).collect();
            for (i, g) in inn.iter_mut().zip(&gen[b]) {
                *i |= *g;
            }
            if out != live_out[b] || inn != live_in[b] {
                live_out[b] = out;
                live_in[b] = inn;
                changed = true;
            }
        }
    }
    live_out
}

/// The registers live just after some `setjmp` call of `f` (see [`FuncInfo::jump_live`]);
/// empty when `f` calls no `setjmp`. Needs `info.live_out`.
fn jump_live(module: &Module, f: &vigil_ir::Function, info: &FuncInfo) -> Vec<u64> {
    let mut live = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            let InstKind::Call { callee: vigil_ir::Callee::Direct(g), .. } = &inst.kind else { continue };
            let callee = module.function(*g);
            if callee.is_declaration() && Hypercall::from_name(&callee.name) == Some(Hypercall::SetJmp) {
                let after = info.live_before(f, b, i + 1);
                live.resize(after.len(), 0);
                for (l, a) in live.iter_mut().zip(after) {
                    *l |= a;
                }
            }
        }
    }
    live
}

impl FuncInfo {
    /// Registers live just before instruction `inst` of `block` runs (`inst` may be the
    /// terminator's index, `insts.len()`), with those a `longjmp` may still need ([`Self::jump_live`]).
    pub fn live_before(&self, f: &vigil_ir::Function, block: usize, inst: usize) -> Vec<u64> {
        let mut live = self.live_out[block].clone();
        let b = &f.blocks[block];
        uses_of(term_uses(&b.term), &mut live);
        for i in b.insts[inst.min(b.insts.len())..].iter().rev() {
            if let Some(d) = i.dest {
                bit_clear(&mut live, d.0);
            }
            if !matches!(i.kind, InstKind::Phi { .. }) {
                uses_of(i.kind.operands(), &mut live);
            }
        }
        for (l, j) in live.iter_mut().zip(&self.jump_live) {
            *l |= j;
        }
        live
    }
}

/// A loaded program.
pub struct Program {
    pub module: Module,
    pub funcs: Vec<FuncInfo>,
    pub consts: Vec<ConstVal>,
    /// Bytes of a pointer in memory: 8 (LP64) or 4 (ILP32, `--m32`).
    pub ptr_bytes: u32,
    /// The shape of each constant's value.
    pub const_shape: Vec<ValueShape>,
    /// Whether any type of the module is a scalar kept as bytes (`i128`, `x86_fp80`): the
    /// symbolic step's check for them is skipped otherwise.
    pub has_byte_scalars: bool,
    /// Object id of each global (globals are objects 1..=G, in order).
    pub global_obj: Vec<u32>,
    pub hypercalls: Vec<Option<Hypercall>>,
    /// Functions whose *call* is the violation of unreach-call (`reach_error`,
    /// `__VERIFIER_error`), whatever their body does: programs often define `reach_error` as an
    /// empty function.
    pub error_functions: Vec<bool>,
    /// Functions whose arithmetic the no-overflow checks watch: the program's own, with or
    /// without debug information, i.e. all but vigil's runtime ([`vigil_ir::Function::runtime`]).
    /// The runtime's arithmetic and shifts are deliberate, and it reports the overflows C gives
    /// its functions itself (`VM_FAULT_SIGNED_OVERFLOW`, e.g. `abs(INT_MIN)`).
    pub checks_overflow: Vec<bool>,
    /// Functions that run as one atomic section (SV-COMP's `__VERIFIER_atomic_*`, other than
    /// `__VERIFIER_atomic_begin` and `_end`, which delimit sections themselves).
    pub atomic_functions: Vec<bool>,
    pub main: Option<FuncId>,
    /// Per global: it belongs to vigil's runtime — the runtime's code names it and the program's
    /// never does (`errno`, the stdio streams, `rand`'s state…). glibc keeps such state per
    /// thread or behind locks, so the runtime's accesses to it are not the program's data races.
    pub runtime_globals: Vec<bool>,
    /// Where the program's own code uses an atomic instruction weaker than `seq_cst` (relaxed,
    /// acquire, release): the search explores sequentially consistent interleavings only, which
    /// do not cover every behaviour of such a program (no `true` for it when it has threads).
    pub weak_atomic: Option<String>,
    /// Where the program uses the address of a global or function as a constant integer
    /// narrower than the VM's 64-bit pointer encoding (an initialiser or an instruction operand):
    /// such an integer keeps only the offset, so different objects could look equal (see
    /// `flags::ADDRESS_AS_INT`). The explicit engine cannot conclude anything about it.
    pub narrow_address_constant: Option<String>,
    /// The runtime's `exit`, called with main's return value.
    pub exit: Option<FuncId>,
    /// The runtime's `__boot`, which the VM runs to build the initial state.
    pub boot: Option<FuncId>,
}

/// Whether values of type `ty` live as bytes (in registers as in memory): aggregates, and
/// scalars wider than 64 bits (`i128`, see `crate::wide`; `x86_fp80`).
pub(crate) fn kept_as_bytes(types: &vigil_ir::TypeTable, ty: vigil_ir::TypeId) -> bool {
    matches!(types.get(ty), Type::Struct { .. } | Type::Array { .. }) || types.is_byte_scalar(ty)
}

fn round8(x: u32) -> u32 {
    x.div_ceil(8) * 8
}

impl Program {
    pub fn new(module: Module) -> Program {
        let global_obj: Vec<u32> = (0..module.globals.len() as u32).map(|i| i + 1).collect();
        let mut funcs = Vec::with_capacity(module.functions.len());
        for f in &module.functions {
            let mut info = FuncInfo::default();
            let mut off = FRAME_REGS;
            for v in &f.values {
                let shape = ValueShape::of(&module.types, v.ty);
                let size = shape.reg_size();
                info.reg_off.push(off);
                info.reg_size.push(size);
                info.val_shape.push(shape);
                off += round8(size.max(1));
            }
            info.frame_size = off;
            if !f.is_declaration() {
                let g = vigil_ir::graphs::function_graph(f);
                let order = DfsOrder::compute(&g);
                let mut cfl = vec![false; f.blocks.len()];
                for (from, to) in g.edges() {
                    if order.is_retreating(from, to) {
                        cfl[to as usize] = true;
                    }
                }
                info.cfl_point = cfl;
                info.live_out = liveness(f);
                info.jump_live = jump_live(&module, f, &info);
                info.mem_point = mem_points(f);
                info.kept_address = kept_addresses(f);
                info.num_phis = f
                    .blocks
                    .iter()
                    .map(|b| {
                        b.insts.iter().take_while(|i| matches!(i.kind, vigil_ir::InstKind::Phi { .. })).count()
                            as u32
                    })
                    .collect();
            }
            funcs.push(info);
        }
        let info = vigil_ir::graphs::call_info(&module);
        if let Ok(cg) = vigil_ir::graphs::call_graph(&module, &info) {
            for (i, f) in funcs.iter_mut().enumerate() {
                f.recursive = cg.is_recursive(i as u32);
            }
        } else {
            // Without a call graph, be safe: every entry is an interrupt point.
            for f in funcs.iter_mut() {
                f.recursive = true;
            }
        }
        let ptr_bytes = u32::from(module.pointer_bytes);
        let consts: Vec<ConstVal> = module.consts.iter().map(|c| const_val(&module, &global_obj, c)).collect();
        let const_shape = (0..module.consts.len())
            .map(|i| ValueShape::of(&module.types, module.const_type(vigil_ir::ConstId(i as u32))))
            .collect();
        let checks_overflow: Vec<bool> = module.functions.iter().map(|f| !f.runtime).collect();
        let fast_loops = crate::machine::fastloop::build_all(&module, &consts, &funcs, &checks_overflow);
        for (info, loops) in funcs.iter_mut().zip(fast_loops) {
            info.fast_loops = loops;
        }
        let has_byte_scalars = (0..module.types.len() as u32).any(|i| module.types.is_byte_scalar(vigil_ir::TypeId(i)));
        let hypercalls = module
            .functions
            .iter()
            .map(|f| if f.is_declaration() { Hypercall::from_name(&f.name) } else { None })
            .collect();
        let atomic_functions = module
            .functions
            .iter()
            .map(|f| vigil_ir::svcomp::is_atomic_function(&f.name) && !f.is_declaration())
            .collect();
        let error_functions =
            module.functions.iter().map(|f| vigil_ir::svcomp::is_error_function(&f.name)).collect();
        let defined = |name: &str| module.function_by_name(name).filter(|f| !module.function(*f).is_declaration());
        let main = defined("main");
        let exit = defined("exit");
        let boot = defined("__boot");
        let narrow_address_constant = narrow_address_constant(&module, ptr_bytes);
        let runtime_globals = runtime_globals(&module);
        let weak_atomic = weak_atomic(&module, &checks_overflow);
        Program {
            module,
            funcs,
            consts,
            ptr_bytes,
            narrow_address_constant,
            const_shape,
            has_byte_scalars,
            global_obj,
            hypercalls,
            error_functions,
            checks_overflow,
            atomic_functions,
            main,
            runtime_globals,
            weak_atomic,
            exit,
            boot,
        }
    }

    pub fn global_object(&self, g: GlobalId) -> u32 {
        self.global_obj[g.index()]
    }

    /// The initial object of a global (None for an external global without initialiser).
    pub fn global_initial(&self, g: GlobalId) -> Option<Object> {
        let gl = self.module.global(g);
        let init = gl.init.as_ref()?;
        let kind = if gl.is_constant { ObjKind::Constant } else { ObjKind::Global };
        Some(init_object(kind, init, &self.global_obj, self.ptr_bytes))
    }
}

/// The first use of an address as a constant integer narrower than 64 bits, described.
fn narrow_address_constant(m: &Module, ptr_bytes: u32) -> Option<String> {
    let narrow_relocs = |init: &vigil_ir::GlobalInit| init.relocs.iter().any(|r| u32::from(r.size) != ptr_bytes);
    let bad: Vec<bool> = m
        .consts
        .iter()
        .map(|c| match c {
            Const::PtrAsInt { ty, .. } => m.types.value_bits(*ty) < 64,
            Const::Aggregate { init, .. } => narrow_relocs(init),
            _ => false,
        })
        .collect();
    let is_bad = |op: &vigil_ir::Operand| matches!(op, vigil_ir::Operand::Const(c) if bad[c.index()]);
    for g in &m.globals {
        if g.init.as_ref().is_some_and(narrow_relocs) {
            return Some(format!("the initialiser of {}", g.name));
        }
    }
    for f in &m.functions {
        for b in &f.blocks {
            for inst in &b.insts {
                if inst.kind.operands().iter().any(is_bad) {
                    return Some(m.describe_loc(inst.loc));
                }
            }
            if term_uses(&b.term).iter().any(is_bad) {
                return Some(m.describe_loc(b.term_loc));
            }
        }
    }
    None
}

fn target_obj(global_obj: &[u32], t: PtrTarget) -> u32 {
    match t {
        PtrTarget::Global(g) => global_obj[g.index()],
        PtrTarget::Func(f) => CODE_TAG | f.0,
    }
}

/// A pointer `obj + offset`; offsets outside 0..2^32 give an invalid pointer.
fn pointer_with_offset(obj: u32, offset: i64) -> Scalar {
    match u32::try_from(offset) {
        Ok(off) => Scalar::pointer(obj, off),
        Err(_) => Scalar::pointer(INVALID_OBJ, 0),
    }
}

fn init_object(kind: ObjKind, init: &vigil_ir::GlobalInit, global_obj: &[u32], ptr_bytes: u32) -> Object {
    let mut o = Object::new(kind, init.bytes.len(), true);
    o.data.copy_from_slice(&init.bytes);
    for &(off, len) in &init.undef {
        for b in off..off + len {
            if let Some(d) = o.def.get_mut(b as usize) {
                *d = 0;
            }
        }
    }
    for r in &init.relocs {
        let p = pointer_with_offset(target_obj(global_obj, r.target), r.addend);
        let size = u32::from(r.size);
        if r.offset + u64::from(size) <= init.bytes.len() as u64 {
            // A pointer-sized slot holds a real pointer; a narrower one (a truncated ptrtoint)
            // holds only bits.
            let v = if size == ptr_bytes { p } else { Scalar { ptr: false, ..p } };
            o.write(r.offset as u32, size.min(8), v);
        }
    }
    o
}

fn const_val(m: &Module, global_obj: &[u32], c: &Const) -> ConstVal {
    ConstVal::Scalar(match c {
        Const::Int { bits, .. } => Scalar::int(*bits),
        Const::Null => Scalar::null(),
        Const::Ptr { target, offset } => pointer_with_offset(target_obj(global_obj, *target), *offset),
        Const::PtrAsInt { ty, target, offset } => {
            let p = pointer_with_offset(target_obj(global_obj, *target), *offset);
            let w = m.types.value_bits(*ty);
            if w >= 64 { p } else { Scalar { bits: p.bits & mask(w), def: u64::MAX, ptr: false } }
        }
        Const::Undef { ty } => {
            let size = m.types.size_of(*ty);
            if size > 8 {
                return ConstVal::Bytes(Rc::new(Object::new(ObjKind::Frame, size as usize, false)));
            }
            Scalar::undef()
        }
        Const::Aggregate { init, .. } => {
            return ConstVal::Bytes(Rc::new(init_object(ObjKind::Frame, init, global_obj, u32::from(m.pointer_bytes))));
        }
    })
}

/// The encoded value of a code pointer to `f`.
pub fn code_pointer(f: FuncId) -> Scalar {
    Scalar { bits: encode(CODE_TAG | f.0, 0), def: u64::MAX, ptr: true }
}
