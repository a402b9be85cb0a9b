//! Byte offsets of constant-expression `getelementptr`s, read through LLVM's C API.
//!
//! The `llvm-ir` crate (0.11) drops the source element type of *constant* GEPs under opaque
//! pointers (LLVM ≥ 15), and clang-19 emits many of them (`arr[3]` on a global array is
//! `getelementptr inbounds ([10 x i32], ptr @arr, i64 0, i64 3)`). Without the type the byte offset
//! cannot be computed. This module parses the same (already verified) bitcode with `llvm-sys`,
//! walks every instruction operand and global initialiser, and computes the byte offset of each
//! constant GEP relative to its base with the module's own target data.
//!
//! The table is keyed by a type-free structural key ([`GepKey`]) that the lowering can compute
//! from the `llvm-ir` representation too: the base (global name or nested key), the constant index
//! values and the `inbounds` flag. It is computed *after* [`super::canon`] has rewritten every
//! constant GEP with known offset into a byte GEP (`getelementptr i8, base, i64 OFFSET`), so keys
//! no longer collide across source types. Two GEPs with the same key but different offsets (only
//! possible for GEPs `canon` could not rewrite) make the key *ambiguous*; the lowering then marks
//! the use unsupported rather than guess.
//!
//! # Safety
//!
//! The bitcode file is LLVM's own output, verified by the front end's passes (see `driver` and
//! `crate::passes`), and the runtime's is vigil's own (built by its build script), so parsing
//! them cannot hit LLVM's `exit(1)` paths; linking them reports its errors
//! to a diagnostic handler of the context, so LLVM's default one, which exits, never runs. Every
//! LLVM object is owned by one context created and disposed in [`compute`]; no reference escapes.

use std::collections::HashMap;
use std::ffi::CString;
use std::path::Path;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;
use llvm::target::*;
use llvm::{LLVMOpcode, LLVMTypeKind};

use crate::llvm_c::{parse, take_message};

/// A structural key of a constant GEP, independent of types.
pub type GepKey = String;

/// What is known about the GEPs of one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepOffset {
    Known(i64),
    /// Several GEPs share the key but have different offsets.
    Ambiguous,
    /// An index could not be evaluated (not a constant integer), or the type walk failed.
    Unknown,
}

/// What the lowering needs from the rewrite: the constant-GEP offsets, and whether the module's
/// integer constants wider than 64 bits are read exactly (see `canon_wide`).
#[derive(Clone, Debug, Default)]
pub struct Prepared {
    pub geps: HashMap<GepKey, GepOffset>,
    pub wide_exact: bool,
}

/// Key of the null pointer as a GEP base (no global's key starts without `@`).
pub const NULL_KEY: &str = "null";

/// Key of a base operand: `@name` for a global, [`NULL_KEY`], or the nested GEP's key.
pub fn global_key(name: &str) -> String {
    format!("@{name}")
}

/// Key of a GEP from its base key, index values and inbounds flag.
pub fn gep_key(base: &str, indices: &[Option<i64>], inbounds: bool) -> GepKey {
    let mut k = String::with_capacity(base.len() + 8 * indices.len() + 8);
    k.push_str(if inbounds { "gepi(" } else { "gep(" });
    k.push_str(base);
    for i in indices {
        match i {
            Some(v) => k.push_str(&format!(",{v}")),
            None => k.push_str(",?"),
        }
    }
    k.push(')');
    k
}

/// The runtime [`compute`] links with the program.
#[derive(Clone, Copy, Debug)]
pub struct Runtime<'a> {
    /// Its bitcode.
    pub bitcode: &'a [u8],
    /// Keep all of it; else only what the program and the VM's entry points reach
    /// ([`super::prune`]).
    pub whole: bool,
}

/// Why [`compute`] failed.
#[derive(Debug)]
pub enum Failure {
    /// The program and the runtime do not link (LLVM's linker's message).
    Link(String),
    /// LLVM could not read the bitcode or write the rewritten module.
    Read(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Link(m) => write!(f, "linking failed: {m}"),
            Failure::Read(m) => write!(f, "{m}"),
        }
    }
}

/// Links `runtime` (when given) into the bitcode at `path`, drops what the program cannot
/// reach of it ([`super::prune`]), rewrites the result with
/// [`super::canon::canonicalize`], writes it to `out` (the file the `llvm-ir` crate must then
/// read), and computes the offset table of the rewritten module. Errors are the linker's (a
/// program defining a runtime symbol incompatibly), LLVM's parse messages (which should not
/// happen for `opt`-verified input) or a failure to write `out`.
///
/// Linking here rather than with `llvm-link` saves a process that loads LLVM and writes and
/// reads the 300 KB module again (a quarter of a trivial program's CPU time). As `llvm-link`
/// does, the program is the destination (its functions come first) and the result is verified.
pub fn compute(path: &Path, runtime: Option<Runtime>, out: &Path) -> Result<Prepared, Failure> {
    let cout = CString::new(out.as_os_str().to_string_lossy().as_bytes())
        .map_err(|_| Failure::Read("path contains a NUL byte".to_string()))?;
    let cpath = CString::new(path.as_os_str().to_string_lossy().as_bytes())
        .map_err(|_| Failure::Read("path contains a NUL byte".to_string()))?;
    let mut table = HashMap::new();
    let wide_exact;
    // SAFETY: see the module documentation. Every pointer below comes from LLVM for objects of
    // `ctx`, which lives until `LLVMContextDispose` at the end.
    unsafe {
        let ctx = LLVMContextCreate();
        // The linker reports its errors through the context's handler; without one, LLVM prints
        // them and exits the process. The handler writes to `diagnostics`, which outlives `ctx`
        // and is read only through the same pointer.
        let diagnostics = Sink(Box::into_raw(Box::default()));
        LLVMContextSetDiagnosticHandler(ctx, Some(collect_diagnostic), diagnostics.0.cast());
        let module = match parse(ctx, &cpath) {
            Ok(m) => m,
            Err(e) => {
                LLVMContextDispose(ctx);
                return Err(Failure::Read(e));
            }
        };
        if let Some(Runtime { bitcode: rt, whole }) = runtime {
            let program_names = super::prune::global_names(module);
            let name = c"vigil-runtime.bc";
            let buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(rt.as_ptr().cast(), rt.len(), name.as_ptr());
            let mut rt_module: LLVMModuleRef = std::ptr::null_mut();
            let failed = llvm::bit_reader::LLVMParseBitcodeInContext2(ctx, buf, &mut rt_module);
            LLVMDisposeMemoryBuffer(buf);
            // LLVMLinkModules2 takes the runtime's module (it is destroyed, linked or not).
            if failed != 0 || llvm::linker::LLVMLinkModules2(module, rt_module) != 0 {
                LLVMDisposeModule(module);
                LLVMContextDispose(ctx);
                let why = if failed != 0 { "LLVM could not parse the runtime's bitcode".to_string() } else { (*diagnostics.0).clone() };
                return Err(Failure::Link(why));
            }
            if !whole {
                if let Err(why) = super::prune::prune_runtime(module, &program_names) {
                    LLVMDisposeModule(module);
                    LLVMContextDispose(ctx);
                    return Err(Failure::Link(format!("dropping the runtime's unreachable functions failed: {why}")));
                }
            }
            let mut msg: *mut libc::c_char = std::ptr::null_mut();
            let broken = llvm::analysis::LLVMVerifyModule(module, llvm::analysis::LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut msg);
            let msg = take_message(msg);
            if broken != 0 {
                LLVMDisposeModule(module);
                LLVMContextDispose(ctx);
                return Err(Failure::Link(format!("the linked module is broken: {msg}")));
            }
        }
        let td = LLVMGetModuleDataLayout(module);
        wide_exact = super::canon::canonicalize(module, td);
        if llvm::bit_writer::LLVMWriteBitcodeToFile(module, cout.as_ptr()) != 0 {
            LLVMDisposeModule(module);
            LLVMContextDispose(ctx);
            return Err(Failure::Read(format!("could not write the rewritten bitcode to {}", out.display())));
        }
        let mut walker = Walker { td, table: &mut table, seen: HashMap::new() };

        super::canon::for_each_initializer(module, |init| {
            walker.visit(init);
        });
        super::canon::for_each_instruction(module, |inst| {
            for (_, op) in super::canon::operands(inst) {
                walker.visit(op);
            }
        });
        LLVMDisposeModule(module);
        LLVMContextDispose(ctx);
    }
    Ok(Prepared { geps: table, wide_exact })
}

/// The messages of a context's diagnostic handler, owned through a raw pointer (LLVM holds a copy
/// of it until the context is disposed).
struct Sink(*mut String);

impl Drop for Sink {
    fn drop(&mut self) {
        // SAFETY: the pointer comes from `Box::into_raw` and is freed only here; every context it
        // was given to has been disposed by then (they are disposed before `compute` returns,
        // and `Sink` is declared before them).
        unsafe { drop(Box::from_raw(self.0)) }
    }
}

/// The context's diagnostic handler: appends each message to the `String` that `sink` points to.
extern "C" fn collect_diagnostic(info: LLVMDiagnosticInfoRef, sink: *mut libc::c_void) {
    // SAFETY: `sink` is the `String` that `compute` registered with the context and that outlives
    // it; `info` is valid during the call, and its description is a message LLVM allocated.
    unsafe {
        let text = take_message(LLVMGetDiagInfoDescription(info));
        let sink = &mut *(sink as *mut String);
        if !sink.is_empty() {
            sink.push_str("; ");
        }
        sink.push_str(&text);
    }
}

struct Walker<'t> {
    td: LLVMTargetDataRef,
    table: &'t mut HashMap<GepKey, GepOffset>,
    /// Constants already visited (constant expressions are uniqued by LLVM, so pointer identity
    /// is structural identity), with their key if they have one.
    seen: HashMap<usize, Option<String>>,
}

impl Walker<'_> {
    /// Visits a constant (recursively through its operands) and returns its key when it is a
    /// global or a GEP, so that an enclosing GEP can build its own key.
    unsafe fn visit(&mut self, v: LLVMValueRef) -> Option<String> {
        if v.is_null() || LLVMIsAConstant(v).is_null() {
            return None;
        }
        if let Some(k) = self.seen.get(&(v as usize)) {
            return k.clone();
        }
        // Mark before recursing: constants form a DAG, but be safe against cycles anyway.
        self.seen.insert(v as usize, None);
        let key = if LLVMIsNull(v) != 0 && LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMTypeKind::LLVMPointerTypeKind {
            // The null pointer as a base: `&((struct s *)0)->field`, C's offsetof idiom.
            Some(NULL_KEY.to_string())
        } else if !LLVMIsAGlobalValue(v).is_null() {
            let mut len = 0usize;
            let p = LLVMGetValueName2(v, &mut len);
            if p.is_null() {
                None
            } else {
                let bytes = std::slice::from_raw_parts(p as *const u8, len);
                Some(global_key(&String::from_utf8_lossy(bytes)))
            }
        } else if !LLVMIsAConstantExpr(v).is_null()
            && LLVMGetConstOpcode(v) == LLVMOpcode::LLVMGetElementPtr
        {
            self.visit_gep(v)
        } else {
            let n = LLVMGetNumOperands(v);
            for i in 0..n.max(0) {
                let op = LLVMGetOperand(v, i as u32);
                self.visit(op);
            }
            None
        };
        self.seen.insert(v as usize, key.clone());
        key
    }

    unsafe fn visit_gep(&mut self, v: LLVMValueRef) -> Option<String> {
        let n = LLVMGetNumOperands(v).max(0) as u32;
        if n == 0 {
            return None;
        }
        let base = LLVMGetOperand(v, 0);
        let base_key = self.visit(base)?;
        let mut indices = Vec::with_capacity(n as usize - 1);
        for i in 1..n {
            let op = LLVMGetOperand(v, i);
            if !op.is_null() && !LLVMIsAConstantInt(op).is_null() {
                indices.push(Some(LLVMConstIntGetSExtValue(op) as i64));
            } else {
                self.visit(op);
                indices.push(None);
            }
        }
        let inbounds = LLVMIsInBounds(v) != 0;
        let key = gep_key(&base_key, &indices, inbounds);
        let offset = match self.offset(LLVMGetGEPSourceElementType(v), &indices) {
            Some(o) => GepOffset::Known(o),
            None => GepOffset::Unknown,
        };
        let merged = match self.table.get(&key) {
            None => offset,
            Some(prev) if *prev == offset => offset,
            Some(_) => GepOffset::Ambiguous,
        };
        self.table.insert(key.clone(), merged);
        Some(key)
    }

    /// The byte offset of a GEP with source element type `ty` and the given indices.
    unsafe fn offset(&self, ty: LLVMTypeRef, indices: &[Option<i64>]) -> Option<i64> {
        let known: Option<Vec<i64>> = indices.iter().copied().collect();
        super::canon::byte_offset(self.td, ty, &known?)
    }
}
