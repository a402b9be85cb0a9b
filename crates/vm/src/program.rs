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
//! Interrupt points (`interrupt_cfl`, DiVM §4.3): the targets of retreating CFG edges (every
//! cycle has one, including irreducible ones) and function entries; a transition ends at one only
//! when it was already passed during the same transition.

use crate::memory::{encode, mask, ObjKind, Object, Scalar, CODE_TAG, INVALID_OBJ, PTR_BYTES};
use std::rc::Rc;
use vigil_ir::cfg::order::DfsOrder;
use vigil_ir::{Const, FuncId, GlobalId, Module, PtrTarget, Type};

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
    ObjFree,
    ObjSize,
    ObjResize,
    ObjShared,
    Trace,
    InterruptMem,
    InterruptCfl,
    Choose,
    Control,
}

impl Hypercall {
    pub fn from_name(name: &str) -> Option<Hypercall> {
        Some(match name {
            "__vm_obj_make" => Hypercall::ObjMake,
            "__vm_obj_free" => Hypercall::ObjFree,
            "__vm_obj_size" => Hypercall::ObjSize,
            "__vm_obj_resize" => Hypercall::ObjResize,
            "__vm_obj_shared" => Hypercall::ObjShared,
            "__vm_trace" => Hypercall::Trace,
            "__vm_interrupt_mem" => Hypercall::InterruptMem,
            "__vm_interrupt_cfl" => Hypercall::InterruptCfl,
            "__vm_choose" => Hypercall::Choose,
            "__vm_control" => Hypercall::Control,
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

/// Precomputed facts about one function.
#[derive(Clone, Debug, Default)]
pub struct FuncInfo {
    /// Frame offset of each register.
    pub reg_off: Vec<u32>,
    /// Size in bytes of each register's value.
    pub reg_size: Vec<u32>,
    /// Frame size without allocas.
    pub frame_size: u32,
    /// Per block: is it an interrupt point (target of a retreating edge)?
    pub cfl_point: Vec<bool>,
    /// Per block: number of leading φ instructions.
    pub num_phis: Vec<u32>,
}

/// A loaded program.
pub struct Program {
    pub module: Module,
    pub funcs: Vec<FuncInfo>,
    pub consts: Vec<ConstVal>,
    /// Object id of each global (globals are objects 1..=G, in order).
    pub global_obj: Vec<u32>,
    pub hypercalls: Vec<Option<Hypercall>>,
    pub main: Option<FuncId>,
    /// The runtime's `exit`, called with main's return value.
    pub exit: Option<FuncId>,
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
                let size = match module.types.get(v.ty) {
                    Type::Struct { .. } | Type::Array { .. } => module.types.size_of(v.ty) as u32,
                    _ => module.types.value_bits(v.ty).div_ceil(8).min(8),
                };
                info.reg_off.push(off);
                info.reg_size.push(size);
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
        let consts = module.consts.iter().map(|c| const_val(&module, &global_obj, c)).collect();
        let hypercalls = module
            .functions
            .iter()
            .map(|f| if f.is_declaration() { Hypercall::from_name(&f.name) } else { None })
            .collect();
        let defined = |name: &str| module.function_by_name(name).filter(|f| !module.function(*f).is_declaration());
        let main = defined("main");
        let exit = defined("exit");
        Program { module, funcs, consts, global_obj, hypercalls, main, exit }
    }

    pub fn global_object(&self, g: GlobalId) -> u32 {
        self.global_obj[g.index()]
    }

    /// The initial object of a global (None for an external global without initialiser).
    pub fn global_initial(&self, g: GlobalId) -> Option<Object> {
        let gl = self.module.global(g);
        let init = gl.init.as_ref()?;
        let kind = if gl.is_constant { ObjKind::Constant } else { ObjKind::Global };
        Some(init_object(kind, init, &self.global_obj))
    }
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

fn init_object(kind: ObjKind, init: &vigil_ir::GlobalInit, global_obj: &[u32]) -> Object {
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
            let v = if size == PTR_BYTES { p } else { Scalar { ptr: false, ..p } };
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
            return ConstVal::Bytes(Rc::new(init_object(ObjKind::Frame, init, global_obj)));
        }
    })
}

/// The encoded value of a code pointer to `f`.
pub fn code_pointer(f: FuncId) -> Scalar {
    Scalar { bits: encode(CODE_TAG | f.0, 0), def: u64::MAX, ptr: true }
}
