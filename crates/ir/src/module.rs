//! Modules, functions, blocks, constants and globals.

use crate::{ConstId, FileId, FuncId, GlobalId, Inst, Terminator, TypeId, TypeTable, ValueId};
use std::collections::HashMap;

/// A source location. `line == 0` means unknown (LLVM gives no location to some instructions,
/// e.g. φs created by mem2reg); `col == 0` means the column is unknown.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Loc {
    pub file: Option<FileId>,
    pub line: u32,
    pub col: u32,
}

impl Loc {
    pub const UNKNOWN: Loc = Loc { file: None, line: 0, col: 0 };

    pub fn is_known(&self) -> bool {
        self.line != 0
    }
}

/// What a pointer constant or relocation points to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PtrTarget {
    Global(GlobalId),
    Func(FuncId),
}

/// A constant of the module pool. Every constant has a type; integers are stored as their bit
/// pattern truncated to the type's width.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Const {
    /// An integer (or float, as raw IEEE bits) constant.
    Int { ty: TypeId, bits: u64 },
    /// The null pointer.
    Null,
    /// The address `target + offset`.
    Ptr { target: PtrTarget, offset: i64 },
    /// An integer constant that is the address of something (`ptrtoint` of a pointer constant,
    /// e.g. `(long)&x` in a static initialiser): `target + offset` converted to an integer of `ty`.
    PtrAsInt { ty: TypeId, target: PtrTarget, offset: i64 },
    /// `undef` or `poison` of a type: an undefined value.
    Undef { ty: TypeId },
    /// An aggregate constant laid out in bytes, with the pointers it contains as relocations.
    Aggregate { ty: TypeId, init: GlobalInit },
}

/// The initial contents of a global (or an aggregate constant): little-endian bytes, the byte
/// ranges that are undefined, and the pointers stored in it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct GlobalInit {
    pub bytes: Vec<u8>,
    /// Pointer-sized slots holding addresses; the bytes under them are zero.
    pub relocs: Vec<Reloc>,
    /// Byte ranges `(offset, len)` whose value is undefined (`undef` in an aggregate constant).
    /// Always empty for a global's initialiser: an object of static storage duration has zero
    /// bits wherever its initialiser leaves bytes unset (C11 6.7.9p10; the front end clears it).
    pub undef: Vec<(u64, u64)>,
}

/// A pointer stored in initialised memory: at byte `offset` (of `size` bytes: the program's
/// pointer width, or a narrower integer for `ptrtoint` initialisers) lies `target + addend`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Reloc {
    pub offset: u64,
    pub size: u8,
    pub target: PtrTarget,
    pub addend: i64,
}

/// A global variable.
#[derive(Clone, PartialEq, Debug)]
pub struct Global {
    pub name: String,
    /// The value type (from the initialiser, or the declared type for external globals).
    pub ty: TypeId,
    pub size: u64,
    pub align: u64,
    /// `const` (read-only) memory.
    pub is_constant: bool,
    /// None for an external global (declared, not defined, in this module), or for a defined
    /// one whose initialiser could not be lowered (then `init_unsupported` says why).
    pub init: Option<GlobalInit>,
    /// Why the contents of the global are unknown — its initialiser could not be lowered, or it
    /// is an external global defined nowhere: engines must not read its contents (the explicit
    /// VM answers `unsupported` on any access).
    pub init_unsupported: Option<String>,
    pub thread_local: bool,
    pub loc: Loc,
}

/// Information about one register of a function.
#[derive(Clone, PartialEq, Debug)]
pub struct ValueInfo {
    /// LLVM's name (`x`, `add`, `cmp5`) or a number for unnamed values.
    pub name: String,
    pub ty: TypeId,
}

/// A basic block: φs first (as instructions), then ordinary instructions, then the terminator.
#[derive(Clone, PartialEq, Debug)]
pub struct Block {
    pub name: String,
    pub insts: Vec<Inst>,
    pub term: Terminator,
    pub term_loc: crate::Loc,
}

/// A function: defined when it has blocks, declared (external) otherwise.
#[derive(Clone, PartialEq, Debug)]
pub struct Function {
    pub name: String,
    /// Registers of the parameters: `ValueId(0) .. ValueId(params.len())`.
    pub params: Vec<ValueId>,
    pub ret_ty: TypeId,
    pub varargs: bool,
    pub blocks: Vec<crate::Block>,
    pub values: Vec<ValueInfo>,
    pub loc: Loc,
    /// Defined by vigil's in-VM runtime (its code is in [`RUNTIME_SECTION`]), not by the
    /// program: the runtime's arithmetic is deliberate (no overflow checks) and its reads of
    /// memory are not the program's. A program's own function, with or without debug
    /// information, is never `runtime`.
    pub runtime: bool,
}

/// The section every function of vigil's runtime is placed in (`#pragma clang section` in the
/// runtime's `rt.h`); it survives `llvm-link`, unlike the file a function came from.
pub const RUNTIME_SECTION: &str = ".vigil.runtime";

impl Function {
    pub fn is_declaration(&self) -> bool {
        self.blocks.is_empty()
    }

    pub fn value(&self, v: ValueId) -> &ValueInfo {
        &self.values[v.index()]
    }

    /// Number of instructions including terminators.
    pub fn num_insts(&self) -> usize {
        self.blocks.iter().map(|b| b.insts.len() + 1).sum()
    }

    /// The registers holding the function's stack slots (the results of its `alloca`s).
    pub fn allocas(&self) -> impl Iterator<Item = ValueId> + '_ {
        self.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(i.kind, crate::InstKind::Alloca { .. }))
            .filter_map(|i| i.dest)
    }

    /// Whether the program can observe the value of register `v`: some instruction or
    /// terminator reads it, except that storing it into a stack slot (`alloca`, as clang does with
    /// parameters without mem2reg) counts only when that slot is used in any other way.
    pub fn observes(&self, v: ValueId) -> bool {
        use crate::{InstKind, Operand};
        let allocas: std::collections::HashSet<ValueId> = self.allocas().collect();
        // Slots that `v` is stored into; every other use of `v` is a read.
        let mut slots = Vec::new();
        for b in &self.blocks {
            for i in &b.insts {
                match &i.kind {
                    InstKind::Store { ptr: Operand::Value(p), val, .. }
                        if *val == Operand::Value(v) && *p != v && allocas.contains(p) =>
                    {
                        slots.push(*p)
                    }
                    k if k.operands().contains(&Operand::Value(v)) => return true,
                    _ => {}
                }
            }
            if b.term.operands().contains(&Operand::Value(v)) {
                return true;
            }
        }
        // A slot holding `v` is observed when anything but a store into it mentions it.
        slots.iter().any(|&slot| {
            self.blocks.iter().any(|b| {
                b.term.operands().contains(&Operand::Value(slot))
                    || b.insts.iter().any(|i| match &i.kind {
                        InstKind::Store { ptr, val, .. } => *ptr != Operand::Value(slot) && *val == Operand::Value(slot),
                        k => k.operands().contains(&Operand::Value(slot)),
                    })
            })
        })
    }
}

/// One unsupported construct found while lowering, with where it is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unsupported {
    pub construct: String,
    pub function: Option<String>,
    pub loc: Loc,
}

/// A whole program after lowering.
#[derive(Clone, Debug)]
pub struct Module {
    /// The main source file name as clang recorded it.
    pub source_file: String,
    pub types: TypeTable,
    pub consts: Vec<Const>,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// Source file names referenced by [`Loc::file`].
    pub files: Vec<String>,
    /// Size of a pointer in the program's memory layout (8 for LP64, 4 for ILP32).
    pub pointer_bytes: u8,
    /// Every unsupported construct, in lowering order.
    pub unsupported: Vec<Unsupported>,
    /// Compiler warnings that matter to verification (constant expressions that overflow and
    /// were folded away by clang, so no instruction shows them).
    pub compiler_warnings: Vec<String>,
    /// Where the program reads an uninitialised local, when that is why `mem2reg` was asked for
    /// but not applied: `mem2reg` turns such a read into LLVM `undef`, whose uses may each see a
    /// different value, while C's indeterminate value (SV-COMP's nondeterministic one) is the
    /// same at every read. The stack-slot form keeps one value per object. (Also set where a
    /// local's address may outlive its block, or a local written as a `char` is read as a
    /// `_Bool`: see `frontend::load`.)
    pub mem2reg_declined: Option<Loc>,
    /// Where (file:line:col) the program keeps the address of an object whose end of life clang
    /// does not mark — a compound literal of a nested block, the temporary of a structure
    /// returned by value (`vigil_frontend::literals`): an access after that end goes unseen, so
    /// no engine may answer `true`.
    pub unmarked_lifetime_kept: Option<String>,
    /// Every `shl` of the program's own functions (not the runtime's) that shifts a signed C
    /// operand carries `nsw`, so one without it is an unsigned shift or not a C `<<` at all (a
    /// bit-field access): the front end learnt each signed shift's site from clang
    /// (`vigil_frontend::shifts`). When false, a `shl` without `nsw` may still be signed.
    pub shl_signedness_known: bool,
    /// The pointer type, interned when the module is created.
    pub ptr_ty: TypeId,
    /// The program's constructors (`llvm.global_ctors`, `__attribute__((constructor))`) in the
    /// order they run before `main`, and its destructors (`llvm.global_dtors`) in the order they
    /// run at exit (glibc's orders). An engine that does not run them must not answer `true`.
    pub constructors: Vec<FuncId>,
    pub destructors: Vec<FuncId>,
    func_index: HashMap<String, FuncId>,
    global_index: HashMap<String, GlobalId>,
}

impl Module {
    pub fn new(source_file: String, pointer_bytes: u8) -> Module {
        let mut types = TypeTable::new();
        let bytes = u64::from(pointer_bytes);
        let ptr_ty =
            types.intern(crate::Type::Ptr, Some(crate::types::Layout { size: bytes, align: bytes }));
        Module {
            source_file,
            types,
            ptr_ty,
            consts: Vec::new(),
            globals: Vec::new(),
            functions: Vec::new(),
            files: Vec::new(),
            pointer_bytes,
            unsupported: Vec::new(),
            compiler_warnings: Vec::new(),
            mem2reg_declined: None,
            unmarked_lifetime_kept: None,
            shl_signedness_known: false,
            constructors: Vec::new(),
            destructors: Vec::new(),
            func_index: HashMap::new(),
            global_index: HashMap::new(),
        }
    }

    /// Adds a function and indexes it by name. Names are unique in a module.
    pub fn add_function(&mut self, f: Function) -> FuncId {
        let id = FuncId(self.functions.len() as u32);
        self.func_index.insert(f.name.clone(), id);
        self.functions.push(f);
        id
    }

    pub fn add_global(&mut self, g: Global) -> GlobalId {
        let id = GlobalId(self.globals.len() as u32);
        self.global_index.insert(g.name.clone(), id);
        self.globals.push(g);
        id
    }

    /// Gives function `id` the name `name`, which no function of the module has.
    pub fn rename_function(&mut self, id: FuncId, name: String) {
        debug_assert!(!self.func_index.contains_key(&name), "{name} is taken");
        let old = std::mem::replace(&mut self.functions[id.index()].name, name.clone());
        if self.func_index.get(&old) == Some(&id) {
            self.func_index.remove(&old);
        }
        self.func_index.insert(name, id);
    }

    pub fn function_by_name(&self, name: &str) -> Option<FuncId> {
        self.func_index.get(name).copied()
    }

    pub fn global_by_name(&self, name: &str) -> Option<GlobalId> {
        self.global_index.get(name).copied()
    }

    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }

    pub fn function_mut(&mut self, id: FuncId) -> &mut Function {
        &mut self.functions[id.index()]
    }

    pub fn global(&self, id: GlobalId) -> &Global {
        &self.globals[id.index()]
    }

    pub fn konst(&self, id: ConstId) -> &Const {
        &self.consts[id.index()]
    }

    /// Adds a constant to the pool (no deduplication is promised, but the front end interns).
    pub fn add_const(&mut self, c: Const) -> ConstId {
        let id = ConstId(self.consts.len() as u32);
        self.consts.push(c);
        id
    }

    /// The type of a constant.
    pub fn const_type(&self, id: ConstId) -> TypeId {
        match &self.consts[id.index()] {
            Const::Int { ty, .. }
            | Const::PtrAsInt { ty, .. }
            | Const::Undef { ty }
            | Const::Aggregate { ty, .. } => *ty,
            Const::Null | Const::Ptr { .. } => self.ptr_ty,
        }
    }

    /// Registers a file name and returns its id (idempotent).
    pub fn file_id(&mut self, name: &str) -> FileId {
        if let Some(i) = self.files.iter().position(|f| f == name) {
            return FileId(i as u32);
        }
        self.files.push(name.to_string());
        FileId((self.files.len() - 1) as u32)
    }

    /// `file:line:col` for a location (`?` parts when unknown).
    pub fn describe_loc(&self, loc: Loc) -> String {
        let file = loc
            .file
            .and_then(|f| self.files.get(f.index()))
            .map(String::as_str)
            .unwrap_or(&self.source_file);
        match (loc.line, loc.col) {
            (0, _) => format!("{file}:?"),
            (l, 0) => format!("{file}:{l}"),
            (l, c) => format!("{file}:{l}:{c}"),
        }
    }

    /// The defined functions (those with a body).
    pub fn defined_functions(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.functions
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.is_declaration())
            .map(|(i, f)| (FuncId(i as u32), f))
    }
}
