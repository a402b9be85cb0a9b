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
//!   the error; so is `__VERIFIER_assert(0)` when the program does not define `__VERIFIER_assert`
//!   (the runtime's definition); `abort`/`exit` end the path without error; `__VERIFIER_assume(c)` blocks paths on
//!   which `c == 0`; `__VERIFIER_nondet_*` return inputs of their return width. Other external
//!   calls and floats make [`flatten`] fail, except `malloc`, `calloc` and `free` ([`heap`];
//!   of a variable size, and variable-length arrays: [`sized`]).
//!   Addresses are static (object and offset) where the flattening knows them, an object with
//!   a variable offset for arrays indexed by expressions ([`arrays`]: a grid of cell registers
//!   up to 64 cells, else a large array whose cells only the tests see, with ghost and pinned
//!   cells for the proofs), and otherwise 64-bit
//!   registers holding encodings of (object, offset) ([`pointers`]: pointers in memory, φs,
//!   selects, returns); an address is never an integer (`ptrtoint` is unsupported).
//! * A call of a recursive function is a [`FInst::Call`] of its procedure ([`procs`]), answered
//!   by summaries. When some recursive function is beyond the procedure model, recursion is
//!   instead inlined like any call, to [`MAX_RECURSION_DEPTH`] active calls of one function
//!   (fewer once the program has [`MAX_RECURSIVE_BLOCKS`] blocks); a call deeper than that is a
//!   [`FInst::Check`] that always fails with [`RECURSION_CUT`]: an error region of its own, so a
//!   proof shows the cut unreachable (the recursion's depth is bounded by the program), and a
//!   test that reaches it makes the answer `unknown` (cause `bounded`), never a verdict.
//! * φ nodes are not instructions here: each control-flow edge carries the parallel assignment of
//!   the target's φs ([`Edge::assigns`]), read from the state *before* the edge.

pub mod arrays;
mod cells;
mod heap;
mod lower;
pub mod pointers;
pub mod procs;
pub mod reach;
mod sized;

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
    /// `nsw`: LLVM's no-signed-wrap flag (signed overflow is the error under no-overflow).
    Bin { dst: u32, op: BinOp, w: u32, a: Opnd, b: Opnd, nsw: bool },
    ICmp { dst: u32, pred: ICmpPred, w: u32, a: Opnd, b: Opnd },
    Select { dst: u32, c: Opnd, t: Opnd, f: Opnd },
    Cast { dst: u32, op: CastOp, from: u32, to: u32, v: Opnd },
    Copy { dst: u32, v: Opnd },
    /// `dst := input` (a `__VERIFIER_nondet_*` call; `func` is its name).
    Nondet { dst: u32, func: String },
    /// Blocks the path unless `c != 0`.
    Assume { c: Opnd },
    /// `dst := proc(args)`: a call of a recursive procedure ([`procs`]), run concretely by
    /// [`crate::summary::run`] and stepped symbolically through its summaries. `globals` are
    /// the caller's cells of the procedure's global footprint ([`procs::Proc::globals`], in
    /// its order): the call reads them as inputs and writes their final values back.
    Call { dst: Option<u32>, proc: u32, args: Vec<Opnd>, globals: Vec<u32> },
    /// Unless `c != 0`, `what` happens, with the meaning [`CheckKind`] gives it: an array
    /// access whose dynamic offset is outside its object or between its cells ([`arrays`]), a
    /// use of freed memory, a bad free or a leak ([`heap`]), or, always failing, a recursive
    /// call past the inlined depth ([`RECURSION_CUT`]).
    Check { c: Opnd, what: &'static str, kind: CheckKind },
    /// `dst := ` the cell at byte offset `off` of large array `array` ([`arrays`]: an
    /// array of more than [`arrays::MAX_ARRAY_CELLS`] cells). Tests read the cell; the
    /// abstract program reads a value it knows nothing of (the cells named at constant
    /// offsets are then selected over it, in ordinary instructions).
    ArrayRead { dst: u32, array: u32, off: Opnd },
    /// The cell at byte offset `off` of large array `array` `:= v` ([`FInst::ArrayRead`]):
    /// tests write the cell; the abstract program forgets it.
    ArrayWrite { array: u32, off: Opnd, v: Opnd },
    /// Large array `array` gets new contents (a havoc or a fill; the copies into its cells
    /// follow): what a step saw of it before is stale ([`crate::symbolic`]).
    ArrayFill { array: u32 },
    /// The tests' cells `from..to` (element indices) of large array `array`, kept sparse
    /// ([`arrays::Shadow::Sparse`]), `:= v`: what copies into shadow registers are for the
    /// others. The abstract program ignores it, as it ignores those copies.
    ShadowFill { array: u32, from: u64, to: u64, v: u64 },
    /// The error (unreach-call violated) at `loc`.
    Error { loc: Loc },
    /// The path ends without error (`abort`, `exit`).
    Exit,
}

/// What a failed [`FInst::Check`] means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckKind {
    /// Undefined behaviour (or a limit of the model) under every property.
    Ub,
    /// A memory-safety violation: the error under valid-memsafety, else undefined behaviour.
    Memory,
    /// Memory still allocated when `main` returns: the error under valid-memsafety (the VM's
    /// `valid-memtrack`: every pointer to it is lost then), else nothing.
    Leak,
    /// Memory still allocated at `exit`/`abort`: undefined behaviour under valid-memsafety
    /// (the engine does not decide memtrack there), else nothing.
    LeakAtExit,
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
    /// Holds a pointer's encoding ([`pointers`]), not a C value.
    pub ptr: bool,
}

/// The flattened program.
#[derive(Clone, Debug)]
pub struct Flat {
    pub blocks: Vec<FBlock>,
    pub regs: Vec<RegInfo>,
    /// The module's source file names (for [`Loc::file`]) and main file.
    pub files: Vec<String>,
    pub source_file: String,
    /// The property is no-overflow: signed overflow of `nsw` add/sub/mul and `INT_MIN / -1`
    /// are the error, a call of the error function is undefined behaviour here (a path the
    /// VM ends without deciding the property). Set by [`crate::check`]. [default: false]
    pub check_overflow: bool,
    /// The property is valid-memsafety: [`CheckKind::Memory`] and [`CheckKind::Leak`] checks
    /// are the error, a call of the error function is undefined behaviour here. Set by
    /// [`crate::check`]. [default: false]
    pub check_memsafety: bool,
    /// Every signed `shl` of the program carries `nsw` (the front end's
    /// [`vigil_ir::Module::shl_signedness_known`]), so one without it shifts an unsigned
    /// operand: it wraps, with nothing for no-overflow to check (the VM's `unsigned_shl`).
    pub shl_signedness_known: bool,
    /// Some object's scope ends (`llvm.lifetime.end`): an address kept past it is not caught,
    /// so the engine declines valid-memsafety on such programs.
    pub scope_ends: bool,
    /// Heap objects allocated somewhere ([`heap`]).
    pub heap_objects: usize,
    /// The liveness registers of the heap objects (1 while allocated).
    pub heap_alive: Vec<u32>,
    /// What the reachability of heap objects is computed from ([`reach`]).
    pub heap_graph: reach::HeapGraph,
    /// The recursive procedures the program calls ([`procs`]; empty when recursion is inlined).
    pub procs: std::rc::Rc<procs::ProcTable>,
    /// The memory cells that have a C name (see [`CellName`]).
    pub cell_names: Vec<CellName>,
    /// Per block, whether its code runs as part of its single predecessor's step
    /// ([`crate::locations`]); empty: no block is absorbed. Set by [`crate::check`].
    pub absorbed: Vec<bool>,
    /// The large arrays ([`arrays::LargeArray`]), indexed by [`FInst::ArrayRead`]'s `array`.
    pub arrays: Vec<arrays::LargeArray>,
}

/// The C name of a memory cell (for witnesses, [`crate::witness`]): `ident` for a scalar object
/// of the cell's width, `ident[index]` for the element of an integer array whose size is the
/// cell's. Only globals and locals whose scope is the whole function (lifetime markers, if
/// any, only in the function's entry block and in blocks that return) are named; the witness writer drops a name that two objects claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellName {
    pub reg: u32,
    pub ident: String,
    /// The function of a local (None: a global).
    pub func: Option<String>,
    /// The element of an array (None: a scalar).
    pub index: Option<u64>,
    /// The object (the cells of one object share it).
    pub obj: u32,
}

impl Flat {
    /// What a failed check of `kind` is under the property checked: Some(true) the error,
    /// Some(false) undefined behaviour, None nothing.
    pub fn check_fails(&self, kind: CheckKind) -> Option<bool> {
        match (kind, self.check_memsafety) {
            (CheckKind::Ub, _) | (CheckKind::LeakAtExit, true) => Some(false),
            (CheckKind::Memory, m) => Some(m),
            (CheckKind::Leak, true) => Some(true),
            (CheckKind::Leak | CheckKind::LeakAtExit, false) => None,
        }
    }

    /// Whether a call of the error function is outside the property (no-overflow, memsafety).
    pub fn error_call_is_other_property(&self) -> bool {
        self.check_overflow || self.check_memsafety
    }

    /// Whether `op` is a `shl` known to shift an unsigned operand ([`Flat::shl_signedness_known`]).
    pub fn unsigned_shl(&self, op: BinOp, nsw: bool) -> bool {
        op == BinOp::Shl && !nsw && self.shl_signedness_known
    }
}

impl Flat {
    /// Whether block `b` is absorbed into its predecessor's step ([`crate::locations`]).
    pub fn is_absorbed(&self, b: usize) -> bool {
        self.absorbed.get(b).copied().unwrap_or(false)
    }

    /// The file name of a location.
    pub fn file_of(&self, l: Loc) -> &str {
        l.file.and_then(|f| self.files.get(f.index())).map(String::as_str).unwrap_or(&self.source_file)
    }

    /// The tests' sparse shadow cells at the start: all 0 ([`crate::sparse`]), for the
    /// arrays kept from the start ([`arrays::LargeArray::early`]), and with `all` for every one.
    pub fn initial_shadows(&self, all: bool) -> crate::sparse::Shadows {
        crate::sparse::Shadows::new(self.arrays.iter().map(|a| match a.shadow {
            arrays::Shadow::Sparse if a.early || all => Some(u64::from(a.cells)),
            _ => None,
        }))
    }

    /// Whether register `r` is a cell of a large array that only tests see ([`arrays`]).
    pub fn is_shadow(&self, r: u32) -> bool {
        self.arrays.iter().any(|a| a.holds(r))
    }

    /// Whether a path condition along a test reads every large array exactly ([`arrays`]:
    /// otherwise a model of it may pick array values the test does not read, and the test
    /// then leaves the path; not a bug, an imprecision).
    pub fn tests_read_arrays_exactly(&self) -> bool {
        self.arrays.iter().all(|a| a.exact_along_tests().is_some())
    }

    /// Why a test left a path through inexact large-array reads ([`Flat::tests_read_arrays_exactly`]).
    pub const INEXACT_ARRAY_PATH: &'static str = "a path condition reads a large array inexactly, and the test it chose leaves the path";

    /// The predecessors of every block (by block index), through the terminators' edges.
    pub fn predecessors(&self) -> Vec<Vec<u32>> {
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); self.blocks.len()];
        for (i, b) in self.blocks.iter().enumerate() {
            for e in b.term.edges() {
                preds[e.target as usize].push(i as u32);
            }
        }
        preds
    }

    /// Whether register `r` is the offset or the value of a large array's ghost cell ([`arrays`]).
    pub fn is_ghost(&self, r: u32) -> bool {
        self.arrays.iter().map(|a| a.ghost).any(|g| r == g.k || r == g.g || r == g.at)
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
    /// A heap object's liveness register (1 from its allocation until its `free`; [`heap`]).
    alive: Option<u32>,
    /// Allocated by `malloc`/`calloc`.
    heap: bool,
    /// How the cells can be named in C (see [`CellName`]).
    shape: Option<CShape>,
    /// Its address is held in a pointer register or in memory ([`pointers`]).
    escaped: bool,
    /// A block-scoped local: its own static accesses check its liveness register.
    scoped: bool,
    /// A global the program may not write (`const`, a string literal: LLVM `constant`): a write
    /// to it is a memory error ([`cells`]), as the VM's `WriteToConstant`.
    constant: bool,
    /// An object whose size the program computes at run time ([`sized`]): its byte size as an
    /// expression over a register; `size` is then only an upper bound ([`sized::MAX_OBJECT`]).
    dyn_size: Option<sized::DynSize>,
}

/// A named object's C shape: its identifier, its function (None: a global), the size of its
/// integer elements, and whether it is an array.
#[derive(Clone, Debug)]
struct CShape {
    ident: String,
    func: Option<String>,
    elem: u64,
    array: bool,
}

impl Pending {
    /// Where the code goes: (flat block, instruction index).
    fn position(&self) -> (usize, usize) {
        match self {
            Pending::Access(a) => (a.block, a.at),
            Pending::Havoc { block, at, .. } | Pending::Fill { block, at, .. } | Pending::Renew { block, at, .. } => (*block, *at),
            Pending::Pinned(a) => (a.block, a.at),
            Pending::Sized { block, at, .. } => (*block, *at),
        }
    }
}

impl<'m> Builder<'m> {
    /// The copies into `obj`'s cells that a havoc or fill makes.
    fn fill_code(&mut self, p: &Pending, obj: u32) -> Result<Vec<FInst>, Unsupported> {
        if self.objs[obj as usize].dyn_size.is_some() {
            return self.sized_fill_code(p, obj);
        }
        let mut code = Vec::new();
        if let Some(&array) = self.large.get(&obj) {
            code.push(FInst::ArrayFill { array });
        }
        let shadow = self.shadow_cells(obj);
        for (co, cl, r) in self.objs[obj as usize].cells.clone().into_iter().chain(shadow.iter().copied()) {
            let w = self.regs[r as usize].width;
            let v = match p {
                Pending::Havoc { .. } => Opnd::Undef { width: w },
                Pending::Fill { off, bytes, loc, .. } => {
                    let Some(bits) = self.filled_bits(obj, *off, bytes, *loc, co, cl)? else { continue };
                    if bits != 0 && !shadow.iter().any(|&(_, _, s)| s == r) {
                        self.type_cell(r, false, *loc)?;
                    }
                    Opnd::Const { bits: bits & mask(w), width: w }
                }
                Pending::Renew { when, zero, .. } => {
                    // calloc's zeros are written; malloc's bytes are not, and a read of them
                    // before a write is a limit of the model ([`pointers`]).
                    let written = self.written_reg(r);
                    if *zero {
                        code.push(FInst::Select { dst: r, c: Opnd::Reg(*when), t: Opnd::Const { bits: 0, width: w }, f: Opnd::Reg(r) });
                    }
                    code.push(FInst::Select { dst: written, c: Opnd::Reg(*when), t: Opnd::Const { bits: u64::from(*zero), width: 1 }, f: Opnd::Reg(written) });
                    continue;
                }
                Pending::Access(_) | Pending::Pinned(_) | Pending::Sized { .. } => unreachable!("not a fill of an object of constant size"),
            };
            code.push(FInst::Copy { dst: r, v });
        }
        let mut copies = self.shadow_copies(obj, &code);
        if let Some((x, a)) = self.sparse_array(obj) {
            for k in 0..u64::from(a.cells) {
                let co = k * a.len;
                let v = match p {
                    Pending::Havoc { .. } => Opnd::Undef { width: (a.len * 8) as u32 },
                    Pending::Fill { off, bytes, loc, .. } => match self.filled_bits(obj, *off, bytes, *loc, co, a.len)? {
                        Some(bits) => Opnd::Const { bits, width: (a.len * 8) as u32 },
                        None => continue,
                    },
                    _ => unreachable!("a large array is neither renewed nor accessed here"),
                };
                copies.push((co, v));
            }
            code.extend(self.shadow_fills(x, &copies, false));
        }
        let ghost = self.ghost_of_copies(obj, &copies);
        code.extend(ghost);
        Ok(code)
    }

    /// The bits a memory fill of `bytes` at offset `off` of `obj` writes into the cell of
    /// `cl` bytes at `co`; None when the fill misses the cell, unsupported when it writes
    /// part of it.
    fn filled_bits(&self, obj: u32, off: u64, bytes: &[u8], loc: Loc, co: u64, cl: u64) -> Result<Option<u64>, Unsupported> {
        let end = off + bytes.len() as u64;
        if co + cl <= off || end <= co {
            return Ok(None);
        }
        if co < off || end < co + cl {
            return Err(Unsupported(format!("memory: a cell of {} partly written by a memory copy at {}", self.objs[obj as usize].name, self.m.describe_loc(loc))));
        }
        let mut bits = 0u64;
        for i in 0..cl {
            bits |= u64::from(bytes[(co - off + i) as usize]) << (8 * i);
        }
        Ok(Some(bits))
    }

    /// The C shape of an object of `count` values of type `ty` named `ident` (see [`CellName`]).
    fn c_shape(&self, ty: vigil_ir::TypeId, count: u64, ident: &str, func: Option<String>) -> Option<CShape> {
        let valid = ident.bytes().next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
            && ident.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
        let int_bytes = |t: vigil_ir::TypeId| match self.m.types.get(t) {
            Type::Int { bits } if matches!(bits, 8 | 16 | 32 | 64) => Some(u64::from(*bits / 8)),
            _ => None,
        };
        let (elem, array) = match self.m.types.get(ty) {
            Type::Int { .. } => (int_bytes(ty)?, count != 1),
            Type::Array { elem, .. } if count == 1 => (int_bytes(*elem)?, true),
            _ => return None,
        };
        valid.then(|| CShape { ident: ident.to_string(), func, elem, array })
    }
}

/// Pending instructions that mention whole objects or every escaped object; expanded once
/// all cells are known.
enum Pending {
    /// An access through a pointer register ([`pointers`]).
    Access(pointers::PtrAccess),
    Havoc { block: usize, at: usize, obj: u32 },
    /// `memset`/`memcpy` of constant bytes: `bytes` written from `off` (see [`arrays`]).
    Fill { block: usize, at: usize, obj: u32, off: u64, bytes: Vec<u8>, loc: Loc },
    /// A slot of an allocation site taken again ([`pointers`]): its cells get fresh contents
    /// (undefined, or calloc's zeros) where the 1-bit register `when` is set.
    Renew { block: usize, at: usize, obj: u32, when: u32, zero: bool },
    /// An access to a large array ([`arrays`]): the selects over the cells that static
    /// accesses name, once all of them are known.
    Pinned(arrays::PinnedAccess),
    /// A new object of variable size ([`sized`]): all its bytes undefined (`malloc`, a
    /// variable-length array) or, with `zero`, 0 (`calloc`, a `memset` of the whole object).
    Sized { block: usize, at: usize, obj: u32, zero: bool },
}

struct Builder<'m> {
    m: &'m Module,
    blocks: Vec<FBlock>,
    regs: Vec<RegInfo>,
    objs: Vec<Obj>,
    global_objs: HashMap<u32, u32>,
    pending: Vec<Pending>,
    stack: Vec<FuncId>,
    /// Recursive functions become procedures through this registry (None: inlined).
    registry: Option<std::rc::Rc<std::cell::RefCell<procs::Registry>>>,
    /// Flat blocks that allocate a heap object (each must run at most once; [`heap`]).
    alloc_sites: Vec<(u32, Loc)>,
    /// Flat blocks that allocate an object of variable size, the object ([`sized`]).
    sized_sites: Vec<(u32, u32, Loc)>,
    scope_ends: bool,
    /// The IR block being lowered: (is its function's entry, ends with a return).
    ir_block: (bool, bool),
    /// The IR block being lowered, and the flat block instructions go to.
    ir_at: BlockId,
    cur: u32,
    /// Cells that hold pointers (true) or integers (false) ([`pointers`]).
    cell_kinds: HashMap<u32, bool>,
    /// Per function, which IR blocks lie on a cycle.
    cycles: HashMap<u32, Vec<bool>>,
    /// The function being inlined is called from a loop (of any caller).
    call_in_loop: bool,
    /// Stack objects whose life can begin more than once in a run (an alloca of a function
    /// inlined into a loop, a block-scoped local whose `lifetime.start` lies on a cycle): each
    /// beginning is a new instance (C11 6.2.4p6), but the object keeps one liveness register,
    /// so a pointer kept from an earlier instance would pass its check ([`Builder::finish`]).
    reborn: Vec<u32>,
    /// The objects that are slots of an allocation site in a loop ([`pointers`]), each with
    /// its site (the object index of the site's first slot).
    slots: HashMap<u32, u32>,
    /// Per cell of a slot, the register saying it was written since the allocation.
    slot_written: HashMap<u32, u32>,
    /// (flat block, object): the block names the object through a pointer the flattening
    /// knows ([`reach`]).
    mentions: Vec<(u32, u32)>,
    /// Slots per allocation site in a loop ([`pointers`]).
    site_objects: u64,
    /// The large arrays ([`arrays`]), and per object the index of its own.
    arrays: Vec<arrays::LargeArray>,
    large: HashMap<u32, u32>,
}

/// Per inlined instance: how its IR values map to registers or static pointers.
#[derive(Default, Clone)]
struct Frame {
    vals: HashMap<u32, Val>,
    heads: Vec<u32>,
    /// The allocas of an inlined call (they end when it returns).
    frame_objs: Vec<u32>,
    /// The variable-length arrays of this instance, in the order they were allocated, and
    /// per `llvm.stacksave` result (an IR value) how many of them existed then ([`sized`]).
    vlas: Vec<u32>,
    saves: HashMap<u32, usize>,
}

#[derive(Clone, Copy, Debug)]
enum Val {
    Reg(u32),
    Ptr(StaticPtr),
    Dyn(DynPtr),
    /// The address `reg + disp`, `reg` a pointer register ([`pointers`]).
    RegPtr { reg: u32, disp: i64 },
}

/// An address computed at run time: a modelled object and a byte offset held in a 64-bit
/// register (a `getelementptr` with a variable index; [`arrays`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DynPtr {
    obj: u32,
    off: u32,
}

/// An address the flattening knows the object of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AnyPtr {
    Static(StaticPtr),
    Dyn(DynPtr),
    /// A pointer register plus a constant ([`pointers`]).
    Reg { reg: u32, disp: i64 },
}

/// Bound on the size of the inlined program (inlining can grow it exponentially).
pub const MAX_BLOCKS: usize = 200_000;

/// Active calls of one function that recursion is inlined to (see the module doc).
pub const MAX_RECURSION_DEPTH: usize = 16;

/// Past this many blocks, a recursive call is cut instead of inlined.
pub const MAX_RECURSIVE_BLOCKS: usize = 20_000;

/// What a failed [`FInst::Check`] at a cut recursive call says.
pub const RECURSION_CUT: &str = "recursion deeper than the inlined depth";

/// Flattens `main` of `m`: recursive functions become procedures ([`procs`]) when they all
/// can, else recursion is inlined to a bounded depth.
pub fn flatten(m: &Module) -> Result<Flat, Unsupported> {
    flatten_slots(m, pointers::MAX_SITE_OBJECTS)
}

/// [`flatten`] with `slots` objects per allocation site in a loop ([`pointers`]).
pub fn flatten_slots(m: &Module, slots: u64) -> Result<Flat, Unsupported> {
    match flatten_with(m, true, slots) {
        Err(Unsupported(why)) if why == procs::PROC_FAILED => flatten_with(m, false, slots),
        r => r,
    }
}

fn flatten_with(m: &Module, with_procs: bool, slots: u64) -> Result<Flat, Unsupported> {
    let main = m
        .function_by_name("main")
        .filter(|f| !m.function(*f).is_declaration())
        .ok_or_else(|| Unsupported("no defined function main".into()))?;
    if let Some(u) = m.unsupported.first() {
        return Err(Unsupported(format!("unsupported construct {} at {}", u.construct, m.describe_loc(u.loc))));
    }
    let registry = with_procs.then(|| std::rc::Rc::new(std::cell::RefCell::new(procs::Registry::new(m))));
    let mut b = Builder::new(m, registry);
    b.site_objects = slots;
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
    let table = b.proc_table();
    let mut flat = b.finish()?;
    flat.scope_ends |= table.procs.borrow().iter().any(|p| p.flat.scope_ends);
    flat.procs = table;
    Ok(flat)
}

impl<'m> Builder<'m> {
    fn new(m: &'m Module, registry: Option<std::rc::Rc<std::cell::RefCell<procs::Registry>>>) -> Builder<'m> {
        Builder {
            m,
            blocks: Vec::new(),
            regs: Vec::new(),
            objs: Vec::new(),
            global_objs: HashMap::new(),
            pending: Vec::new(),
            stack: Vec::new(),
            registry,
            alloc_sites: Vec::new(),
            sized_sites: Vec::new(),
            scope_ends: false,
            ir_block: (false, false),
            ir_at: BlockId(0),
            cur: 0,
            cell_kinds: HashMap::new(),
            cycles: HashMap::new(),
            call_in_loop: false,
            reborn: Vec::new(),
            slots: Default::default(),
            slot_written: HashMap::new(),
            mentions: Vec::new(),
            site_objects: pointers::MAX_SITE_OBJECTS,
            arrays: Vec::new(),
            large: HashMap::new(),
        }
    }

    fn new_reg(&mut self, name: String, width: u32) -> u32 {
        self.regs.push(RegInfo { name, width, cell: false, ptr: false });
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

    /// A constant SYNERGY does not take as an operand, in the user's words.
    fn describe_const(&self, c: &Const) -> String {
        let target = |t: &PtrTarget| match t {
            PtrTarget::Global(g) => format!("global {}", self.m.globals[g.0 as usize].name),
            PtrTarget::Func(f) => format!("function {}", vigil_ir::svcomp::source_name(&self.m.function(*f).name)),
        };
        match c {
            Const::Ptr { target: t @ PtrTarget::Func(_), .. } => format!("the address of {} (a function pointer)", target(t)),
            Const::Ptr { target: t, .. } => format!("the address of {}", target(t)),
            Const::PtrAsInt { target: t, .. } => format!("the address of {} as an integer", target(t)),
            Const::Aggregate { ty, .. } => format!("an aggregate constant of type {}", self.m.types.name(*ty)),
            Const::Int { ty, .. } | Const::Undef { ty } => format!("a constant of type {}", self.m.types.name(*ty)),
            Const::Null => "the null pointer".into(),
        }
    }

    fn int_width(&self, ty: vigil_ir::TypeId, what: &str, loc: Loc) -> Result<u32, Unsupported> {
        match self.m.types.get(ty) {
            Type::Int { bits } if (1..=64).contains(bits) => Ok(*bits),
            Type::Float { .. } => Err(Unsupported(format!("floating point ({what}) at {}", self.m.describe_loc(loc)))),
            Type::Ptr => Err(Unsupported(format!("memory: pointer value ({what}) at {}", self.m.describe_loc(loc)))),
            _ => Err(Unsupported(format!("values of type {} ({what}) at {}", self.m.types.name(ty), self.m.describe_loc(loc)))),
        }
    }

    /// Inlines function `f` with arguments `args`; returns its entry block and the registers
    /// receiving the return value (one per return site is not needed: a single return register).
    /// `ret` is (return register, continuation block) when the caller uses the result.
    fn inline(&mut self, f: FuncId, args: &[Val], ret: Option<(Option<u32>, u32)>) -> Result<(u32, ()), Unsupported> {
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
        // Pointer values computed at run time (φs, loads, selects) are pointer registers,
        // known before any use whatever the block order.
        for blk in &func.blocks {
            for inst in &blk.insts {
                if let (Some(d), InstKind::Phi { .. } | InstKind::Load { .. } | InstKind::Select { .. }) = (inst.dest, &inst.kind) {
                    if self.m.types.is_ptr(func.value(d).ty) {
                        let r = self.new_ptr_reg(format!("{fname}:{}", func.value(d).name));
                        fr.vals.insert(d.0, Val::Reg(r));
                    }
                }
            }
        }
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
        let name = format!("{}:{}", func.name, info.name);
        let r = if self.m.types.is_ptr(info.ty) {
            self.new_ptr_reg(name)
        } else {
            let w = self.int_width(info.ty, &info.name, loc)?;
            self.new_reg(name, w)
        };
        fr.vals.insert(v.0, Val::Reg(r));
        Ok(r)
    }

    fn opnd(&mut self, f: FuncId, fr: &mut Frame, o: Operand, loc: Loc) -> Result<Opnd, Unsupported> {
        match o {
            Operand::Value(v) => match fr.vals.get(&v.0).copied() {
                // An address as a value: its encoding ([`pointers`]).
                Some(p @ (Val::Ptr(_) | Val::Dyn(_) | Val::RegPtr { .. })) => self.ptr_value(p, loc),
                _ => Ok(Opnd::Reg(self.reg_of_value(f, fr, v, loc)?)),
            },
            Operand::Const(c) => match self.m.konst(c) {
                Const::Int { ty, bits } => {
                    let w = self.int_width(*ty, "constant", loc)?;
                    Ok(Opnd::Const { bits: *bits & mask(w), width: w })
                }
                Const::Undef { ty } if self.m.types.is_ptr(*ty) => Ok(Opnd::Undef { width: 64 }),
                Const::Undef { ty } => {
                    let w = self.int_width(*ty, "undef", loc)?;
                    Ok(Opnd::Undef { width: w })
                }
                Const::Null => Ok(Opnd::Const { bits: 0, width: 64 }),
                Const::Ptr { target: PtrTarget::Global(g), offset } => {
                    let (g, offset) = (g.0, *offset);
                    let obj = self.global_obj(g, loc)?;
                    Ok(Opnd::Const { bits: self.encode(obj, offset, loc)?, width: 64 })
                }
                other => Err(Unsupported(format!("memory: {} at {}", self.describe_const(other), self.m.describe_loc(loc)))),
            },
        }
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
                let r = self.reg_of_value(f, fr, dst, inst.loc)?;
                let v = self.opnd(f, fr, *val, inst.loc)?;
                assigns.push((r, v));
            }
        }
        Ok(Edge { target: fr.heads[to.index()], assigns })
    }

    fn finish(mut self) -> Result<Flat, Unsupported> {
        self.check_alloc_sites()?;
        // The objects addresses in global initialisers name are escaped (their own
        // initialisers may name more).
        let mut i = 0;
        while i < self.objs.len() {
            let relocs = self.objs[i].global_init.as_ref().map(|g| g.relocs.clone()).unwrap_or_default();
            for rl in relocs {
                if let PtrTarget::Global(g) = rl.target {
                    let o = self.global_obj(g.0, Loc::UNKNOWN)?;
                    self.objs[o as usize].escaped = true;
                }
            }
            i += 1;
        }
        self.add_access_cells()?;
        self.check_large_arrays()?;
        // Havoc of alloca'd cells when the alloca executes (copies of undef), constant fills
        // (copies of their bytes), renewed objects of a loop's allocation site and accesses
        // through pointer registers ([`pointers`]). Inserted back to front so recorded
        // positions stay valid; of two at one position, the later recorded is inserted first,
        // so that it ends up after the earlier one.
        // Loads and stores are expanded first: they type the cells, which the `free`s of slot
        // objects need ([`pointers`]: every cell holding pointers is updated there).
        let mut pend: Vec<(usize, Pending)> = std::mem::take(&mut self.pending).into_iter().enumerate().collect();
        pend.sort_by_key(|(i, p)| std::cmp::Reverse((p.position(), *i)));
        let mut codes: Vec<Option<(Vec<FInst>, Loc)>> = Vec::with_capacity(pend.len());
        for (_, p) in &pend {
            codes.push(match p {
                Pending::Access(a) if !matches!(a.what, pointers::PtrOp::Free) => Some((self.expand_access(a)?, a.loc)),
                _ => None,
            });
        }
        for (k, (_, p)) in pend.iter().enumerate() {
            if codes[k].is_none() {
                codes[k] = Some(match p {
                    Pending::Access(a) => (self.expand_access(a)?, a.loc),
                    Pending::Havoc { obj, .. } | Pending::Fill { obj, .. } | Pending::Renew { obj, .. } | Pending::Sized { obj, .. } => (self.fill_code(p, *obj)?, Loc::UNKNOWN),
                    Pending::Pinned(a) => (self.pinned_code(a)?, a.loc),
                });
            }
        }
        for ((_, p), code) in pend.into_iter().zip(codes) {
            let (block, at) = p.position();
            let (code, loc) = code.expect("every pending item expanded");
            let n = code.len();
            self.blocks[block].insts.splice(at..at, code);
            self.blocks[block].locs.splice(at..at, std::iter::repeat(loc).take(n));
        }
        // Globals: initial values in block 0; an address in an initialiser is its encoding.
        for o in 0..self.objs.len() {
            let Some(init) = self.objs[o].global_init.clone() else { continue };
            let shadow = self.shadow_cells(o as u32);
            let mut init_code = Vec::new();
            for (off, len, r) in self.objs[o].cells.clone().into_iter().chain(shadow) {
                let overlapping: Vec<&vigil_ir::Reloc> = init.relocs.iter().filter(|rl| rl.offset < off + len && off < rl.offset + u64::from(rl.size)).collect();
                let v = match overlapping[..] {
                    [] => init_value(&init, off, len),
                    [rl] if rl.offset == off && len == 8 && rl.size == 8 => {
                        let PtrTarget::Global(g) = rl.target else {
                            return Err(Unsupported(format!("memory: function address stored in global {}", self.objs[o].name)));
                        };
                        let target = self.global_obj(g.0, Loc::UNKNOWN)?;
                        self.type_cell(r, true, Loc::UNKNOWN)?;
                        Opnd::Const { bits: self.encode(target, rl.addend, Loc::UNKNOWN)?, width: 64 }
                    }
                    _ => return Err(Unsupported(format!("memory: part of a pointer stored in global {}", self.objs[o].name))),
                };
                init_code.push(FInst::Copy { dst: r, v });
            }
            let mut copies = self.shadow_copies(o as u32, &init_code);
            if let Some((x, a)) = self.sparse_array(o as u32) {
                if !init.relocs.is_empty() {
                    return Err(Unsupported(format!("memory: array {} accessed at a variable index: holds addresses", self.objs[o].name)));
                }
                copies.extend((0..u64::from(a.cells)).map(|k| (k * a.len, init_value(&init, k * a.len, a.len))));
                init_code.extend(self.shadow_fills(x, &copies, true));
            }
            let ghost = self.ghost_of_copies(o as u32, &copies);
            init_code.extend(ghost);
            let n = init_code.len();
            self.blocks[0].insts.extend(init_code);
            self.blocks[0].locs.extend(std::iter::repeat(Loc::UNKNOWN).take(n));
        }
        self.add_leak_checks();
        self.ghost_pass();
        self.record_pinned();
        self.check_sized_objects()?;
        let mut cell_names = Vec::new();
        for (i, o) in self.objs.iter().enumerate() {
            let Some(sh) = &o.shape else { continue };
            for &(off, len, reg) in &o.cells {
                if self.cell_kinds.get(&reg) == Some(&true) {
                    continue;
                }
                let index = match (sh.array, off % sh.elem) {
                    _ if len != sh.elem => continue,
                    (true, 0) => Some(off / sh.elem),
                    (false, _) if off == 0 => None,
                    _ => continue,
                };
                cell_names.push(CellName { reg, ident: sh.ident.clone(), func: sh.func.clone(), index, obj: i as u32 });
            }
        }
        // A pointer to an earlier instance of a reborn object is indeterminate, but one liveness
        // register cannot tell it from a pointer to the current instance: an object whose
        // address is encoded (kept in memory or a φ) and that can be born again is declined.
        if let Some(&o) = self.reborn.iter().find(|&&o| self.objs[o as usize].escaped) {
            return Err(Unsupported(format!(
                "memory: the address of {} is kept and its life can begin again (an earlier instance is not told apart)",
                self.objs[o as usize].name
            )));
        }
        let heap_graph = self.heap_graph();
        Ok(Flat {
            blocks: self.blocks,
            regs: self.regs,
            files: self.m.files.clone(),
            source_file: self.m.source_file.clone(),
            check_overflow: false,
            check_memsafety: false,
            shl_signedness_known: self.m.shl_signedness_known,
            scope_ends: self.scope_ends,
            heap_objects: self.objs.iter().filter(|o| o.heap).count(),
            heap_alive: self.objs.iter().filter(|o| o.heap).filter_map(|o| o.alive).collect(),
            heap_graph,
            procs: Default::default(),
            cell_names,
            absorbed: Vec::new(),
            arrays: self.arrays,
        })
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
pub use vigil_semantics::scalar::mask;

/// Sign-extends the low `w` bits.
/// The initial value of the `len`-byte cell at `off` of a global without an address there:
/// undefined when one of its bytes is.
fn init_value(init: &vigil_ir::GlobalInit, off: u64, len: u64) -> Opnd {
    let w = (len * 8) as u32;
    if init.undef.iter().any(|&(uo, ul)| uo < off + len && off < uo + ul) {
        return Opnd::Undef { width: w };
    }
    let mut bits = 0u64;
    for i in 0..len {
        let byte = init.bytes.get((off + i) as usize).copied().unwrap_or(0);
        bits |= u64::from(byte) << (8 * i);
    }
    Opnd::Const { bits: bits & mask(w), width: w }
}

pub fn sext(bits: u64, w: u32) -> i64 {
    if w >= 64 {
        bits as i64
    } else {
        let s = 64 - w;
        ((bits << s) as i64) >> s
    }
}
