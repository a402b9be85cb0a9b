//! Lowering an `llvm-ir` module into vigil IR.
//!
//! Two passes: first every global and function is registered (so references can be resolved in
//! any order), then global initialisers are laid out into bytes and function bodies are lowered
//! instruction by instruction (`insts`). Types and layout are in `types`, constants and
//! initialisers in `consts`, and the byte offsets of constant GEPs (which `llvm-ir` cannot give)
//! in `gep_offsets`. Before any of this, `canon` rewrites the bitcode through LLVM's C API so that
//! what `llvm-ir` drops (constant GEPs' source types, `blockaddress` targets) is not needed.
//!
//! Nothing unsupported is skipped: an instruction that cannot be lowered becomes
//! `InstKind::Unsupported { construct }` (keeping its destination register, so later uses stay
//! well-formed), and every such marker is also listed in `Module::unsupported` with its location.

mod consts;
mod floats;
pub mod bools;
pub mod canon;
mod canon_byval;
mod canon_dead_calls;
mod canon_wide;
pub mod gep_offsets;
mod insts;
mod prune;
mod structors;
mod subarrays;
mod types;

use llvm_ir::debugloc::DebugLoc;
use llvm_ir::{Name, TypeRef};
use std::collections::HashMap;
use vigil_ir::{Block, Const, ConstId, Function, Global, Loc, Module, Terminator, TypeId, ValueInfo};

pub use consts::name_str;
use gep_offsets::{GepKey, GepOffset, Prepared};
use types::TypeLowering;

/// State of one lowering run.
pub struct Lowerer<'m> {
    llvm: &'m llvm_ir::Module,
    m: Module,
    tys: TypeLowering<'m>,
    const_ids: HashMap<Const, ConstId>,
    gep_offsets: HashMap<GepKey, GepOffset>,
    /// Whether integer constants wider than 64 bits are read exactly (`canon_wide`).
    wide_consts_exact: bool,
}

/// Lowers a whole module. `prepared` comes from [`gep_offsets::compute`], which also wrote the
/// bitcode `llvm` was read from.
pub fn lower_module(llvm: &llvm_ir::Module, prepared: Prepared) -> Module {
    let ptr_bytes = (llvm.data_layout.alignments.ptr_alignment(0).size / 8).clamp(1, 8) as u8;
    let mut l = Lowerer {
        llvm,
        m: Module::new(llvm.source_file_name.clone(), ptr_bytes),
        tys: TypeLowering::new(llvm),
        const_ids: HashMap::new(),
        gep_offsets: prepared.geps,
        wide_consts_exact: prepared.wide_exact,
    };
    l.register_globals();
    l.register_functions();
    l.lower_initialisers();
    for f in &llvm.functions {
        l.lower_function_body(f);
    }
    l.lower_structors();
    l.m
}

impl<'m> Lowerer<'m> {
    pub(crate) fn lower_type(&mut self, t: &TypeRef) -> TypeId {
        self.tys.lower(t, &mut self.m.types)
    }

    pub(crate) fn loc(&mut self, d: &Option<DebugLoc>) -> Loc {
        match d {
            None => Loc::UNKNOWN,
            Some(d) => {
                let file = self.m.file_id(&d.filename);
                Loc { file: Some(file), line: d.line, col: d.col.unwrap_or(0) }
            }
        }
    }

    fn unsupported(&mut self, construct: String, function: Option<String>, loc: Loc) {
        self.m.unsupported.push(vigil_ir::Unsupported { construct, function, loc });
    }

    fn register_globals(&mut self) {
        let llvm = self.llvm;
        for g in &llvm.global_vars {
            let loc = self.loc(&g.debugloc);
            let (ty, size, align) = match &g.initializer {
                Some(init) => {
                    let ty = self.const_type(init);
                    let layout = self.m.types.layout(ty);
                    (ty, layout.map_or(0, |l| l.size), layout.map_or(1, |l| l.align))
                }
                None => {
                    let ty = self.m.types.intern(
                        vigil_ir::Type::Other { what: "unknown type (external global)".into() },
                        None,
                    );
                    (ty, 0, 1)
                }
            };
            let align = u64::from(g.alignment).max(align).max(1);
            let name = name_str(&g.name);
            // A declaration without a definition anywhere in the linked module: the program
            // does not link natively, so no reading of the variable is C's. The explicit VM
            // answers `unsupported` on any access (it is laid out empty).
            let init_unsupported = g.initializer.is_none().then(|| {
                format!("external variable @{name} is declared but defined nowhere (the program does not link)")
            });
            self.m.add_global(Global {
                name,
                ty,
                size,
                align,
                is_constant: g.is_constant,
                init: None,
                init_unsupported,
                thread_local: g.thread_local_mode != llvm_ir::module::ThreadLocalMode::NotThreadLocal,
                loc,
            });
        }
        for a in &llvm.global_aliases {
            let loc = Loc::UNKNOWN;
            self.unsupported(format!("global alias @{}", name_str(&a.name)), None, loc);
        }
    }

    fn register_functions(&mut self) {
        let llvm = self.llvm;
        for f in &llvm.functions {
            let sig = self.signature(&f.name, &f.parameters, &f.return_type, f.is_var_arg);
            let loc = self.loc(&f.debugloc);
            let runtime = f.section.as_deref() == Some(vigil_ir::RUNTIME_SECTION);
            self.m.add_function(Function { loc, runtime, ..sig });
        }
        for d in &llvm.func_declarations {
            if d.name.starts_with("llvm.") {
                continue; // intrinsics are instructions, not functions
            }
            let sig = self.signature(&d.name, &d.parameters, &d.return_type, d.is_var_arg);
            let loc = self.loc(&d.debugloc);
            self.m.add_function(Function { loc, ..sig });
        }
    }

    fn signature(
        &mut self,
        name: &str,
        params: &[llvm_ir::function::Parameter],
        ret: &TypeRef,
        varargs: bool,
    ) -> Function {
        let mut values = Vec::with_capacity(params.len());
        for p in params {
            let ty = self.lower_type(&p.ty);
            values.push(ValueInfo { name: value_name(&p.name), ty });
        }
        Function {
            name: name.to_string(),
            params: (0..params.len() as u32).map(vigil_ir::ValueId).collect(),
            ret_ty: self.lower_type(ret),
            varargs,
            blocks: Vec::new(),
            values,
            loc: Loc::UNKNOWN,
            runtime: false,
        }
    }

    fn lower_initialisers(&mut self) {
        let llvm = self.llvm;
        for (i, g) in llvm.global_vars.iter().enumerate() {
            let Some(init_c) = &g.initializer else { continue };
            let id = vigil_ir::GlobalId(i as u32);
            let ty = self.m.global(id).ty;
            let size = self.m.global(id).size;
            let mut init = vigil_ir::GlobalInit { bytes: vec![0; size as usize], ..Default::default() };
            match self.write_init(init_c, ty, 0, &mut init) {
                Ok(()) => {
                    // An object of static storage duration holds zero bits wherever its
                    // initialiser leaves bytes unset — a union's bytes past its first member,
                    // padding — (C11 6.7.9p10), and so does the platform: LLVM emits an `undef`
                    // of a global's initialiser as zero bytes. (clang writes `undef` there for
                    // a union initialised through a shorter member.) The bytes are already zero.
                    init.undef.clear();
                    self.m.globals[i].init = Some(init)
                }
                Err(construct) => {
                    // The global stays without an initialiser: engines treat its contents as
                    // unknown, which is sound; the construct is reported.
                    let loc = self.m.globals[i].loc;
                    let name = self.m.globals[i].name.clone();
                    let what = format!("initialiser of @{name}: {construct}");
                    self.m.globals[i].init_unsupported = Some(what.clone());
                    self.unsupported(what, None, loc);
                }
            }
        }
    }

    fn lower_function_body(&mut self, f: &'m llvm_ir::Function) {
        let Some(fid) = self.m.function_by_name(&f.name) else { return };
        let mut values = self.m.function(fid).values.clone();
        let mut names: HashMap<&Name, vigil_ir::ValueId> = HashMap::new();
        for (i, p) in f.parameters.iter().enumerate() {
            names.insert(&p.name, vigil_ir::ValueId(i as u32));
        }
        let blocks: HashMap<&Name, vigil_ir::BlockId> = f
            .basic_blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (&b.name, vigil_ir::BlockId(i as u32)))
            .collect();
        // Registers for every instruction result, in program order, before lowering bodies
        // (φs refer forward).
        for b in &f.basic_blocks {
            for inst in &b.instrs {
                if let Some(dest) = inst.try_get_result() {
                    let ty = self.llvm.type_of(inst);
                    let ty = self.lower_type(&ty);
                    names.insert(dest, vigil_ir::ValueId(values.len() as u32));
                    values.push(ValueInfo { name: value_name(dest), ty });
                }
            }
            if let Some(dest) = b.term.try_get_result() {
                // Only `invoke` and `callbr` define values, and both are unsupported; their type is
                // not asked of llvm-ir (which panics on `callbr`).
                let ty = self.m.types.intern(
                    vigil_ir::Type::Other { what: "result of an unsupported terminator".into() },
                    None,
                );
                names.insert(dest, vigil_ir::ValueId(values.len() as u32));
                values.push(ValueInfo { name: value_name(dest), ty });
            }
        }
        // (vigil's runtime indexes its own flexible arrays; only the program's subscripts are
        // checked.)
        let runtime = self.m.function(fid).runtime;
        let mut ctx = insts::FnCtx { names, blocks, values, trailing_members: Default::default(), alloca_bytes: Default::default() };
        let mut out_blocks = Vec::with_capacity(f.basic_blocks.len());
        for b in &f.basic_blocks {
            let mut insts_out = Vec::with_capacity(b.instrs.len());
            for inst in &b.instrs {
                match inst {
                    llvm_ir::Instruction::GetElementPtr(g) if !runtime => {
                        let loc = self.loc(llvm_ir::debugloc::HasDebugLoc::get_debug_loc(inst));
                        if let Some(check) = self.subarray_check(&mut ctx, g, loc) {
                            insts_out.push(check);
                        }
                    }
                    llvm_ir::Instruction::Alloca(a) => self.note_alloca(&mut ctx, a),
                    _ => {}
                }
                if let Some(i) = self.lower_inst(&mut ctx, inst) {
                    if let vigil_ir::InstKind::Unsupported { construct } = &i.kind {
                        self.unsupported(construct.clone(), Some(f.name.clone()), i.loc);
                    }
                    insts_out.push(i);
                }
            }
            let (term, mut term_loc) = self.lower_term(&mut ctx, &b.term);
            if let Terminator::Unsupported { construct } = &term {
                if !term_loc.is_known() {
                    term_loc = self.nearest_loc(f, &b.name, &insts_out);
                }
                self.unsupported(construct.clone(), Some(f.name.clone()), term_loc);
            }
            out_blocks.push(Block { name: value_name(&b.name), insts: insts_out, term, term_loc });
        }
        subarrays::mark_one_past(&mut out_blocks);
        if !runtime {
            bools::check_bool_reads(&mut out_blocks, &self.m.types);
        }
        let func = self.m.function_mut(fid);
        func.blocks = out_blocks;
        func.values = ctx.values;
    }
}

impl Lowerer<'_> {
    /// A location to report for something in block `block` that has none of its own (clang
    /// gives none to e.g. the shared `indirectbr` block): the last located instruction of the
    /// block, else the terminator of a predecessor that jumps here, else the function's.
    fn nearest_loc(&mut self, f: &llvm_ir::Function, block: &Name, lowered: &[vigil_ir::Inst]) -> Loc {
        if let Some(i) = lowered.iter().rev().find(|i| i.loc.is_known()) {
            return i.loc;
        }
        for b in &f.basic_blocks {
            let jumps_here = match &b.term {
                llvm_ir::Terminator::Br(br) => &br.dest == block,
                llvm_ir::Terminator::CondBr(br) => &br.true_dest == block || &br.false_dest == block,
                _ => false,
            };
            if jumps_here {
                let loc = self.loc(llvm_ir::debugloc::HasDebugLoc::get_debug_loc(&b.term));
                if loc.is_known() {
                    return loc;
                }
            }
        }
        self.loc(&f.debugloc)
    }
}

fn value_name(n: &Name) -> String {
    match n {
        Name::Name(s) => (**s).clone(),
        Name::Number(k) => k.to_string(),
    }
}
