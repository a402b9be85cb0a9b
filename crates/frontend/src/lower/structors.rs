//! Constructors and destructors: `llvm.global_ctors` and `llvm.global_dtors`.
//!
//! clang records `__attribute__((constructor(N)))` / `destructor(N)` functions in these two
//! appending arrays of `{i32 priority, ptr function, ptr data}`. glibc runs constructors in
//! ascending priority, ties in the array's order (the default priority is 65535, so those run
//! last), and destructors in the exact reverse: descending priority, ties in reverse array order
//! (checked natively). The module records both lists in run order
//! ([`Module::constructors`], [`Module::destructors`]).
//!
//! When vigil's runtime is linked in, the front end also gives the runtime's weak, empty
//! `__vigil_constructors(argc, argv, envp)` and `__vigil_destructors()` bodies that call the
//! lists in order — what a strong definition of them in the program would do at link time. A
//! constructor receives as many of `(argc, argv, envp)` as it has parameters, as glibc passes
//! them to `.init_array` functions. The runtime calls the first before `main` and the second
//! from `exit` (`crates/runtime/c/os.c`, `stdlib.c`).

use super::{name_str, Lowerer};
use llvm_ir::constant::Constant;
use vigil_ir::{Block, Callee, FuncId, Inst, InstKind, Loc, Operand, Terminator, ValueId};

/// Name of the runtime function that runs the constructors.
const RUN_CONSTRUCTORS: &str = "__vigil_constructors";
/// Name of the runtime function that runs the destructors.
const RUN_DESTRUCTORS: &str = "__vigil_destructors";

impl<'m> Lowerer<'m> {
    /// Fills [`Module::constructors`] and [`Module::destructors`] and, with the runtime linked
    /// in, the bodies of its functions that run them.
    pub(super) fn lower_structors(&mut self) {
        let mut ctors = self.structor_list("llvm.global_ctors");
        ctors.sort_by_key(|(priority, _)| *priority);
        let mut dtors = self.structor_list("llvm.global_dtors");
        dtors.sort_by_key(|(priority, _)| *priority);
        dtors.reverse();
        self.m.constructors = ctors.into_iter().map(|(_, f)| f).collect();
        self.m.destructors = dtors.into_iter().map(|(_, f)| f).collect();
        let ctors = self.m.constructors.clone();
        let dtors = self.m.destructors.clone();
        self.define_runner(RUN_CONSTRUCTORS, &ctors);
        self.define_runner(RUN_DESTRUCTORS, &dtors);
    }

    /// The `(priority, function)` entries of one of the two arrays, in array order. An entry
    /// that is not a function of the module is reported as unsupported.
    fn structor_list(&mut self, array: &str) -> Vec<(u64, FuncId)> {
        let llvm = self.llvm;
        let Some(g) = llvm.global_vars.iter().find(|g| name_str(&g.name) == array) else {
            return Vec::new();
        };
        let Some(init) = &g.initializer else { return Vec::new() };
        let elements = match init.as_ref() {
            Constant::Array { elements, .. } => elements.clone(),
            Constant::AggregateZero(_) => Vec::new(),
            other => {
                self.unsupported(format!("{array} initialiser {other}"), None, Loc::UNKNOWN);
                return Vec::new();
            }
        };
        let mut list = Vec::new();
        for e in elements {
            let entry = match e.as_ref() {
                Constant::Struct { values, .. } if values.len() >= 2 => {
                    match (values[0].as_ref(), values[1].as_ref()) {
                        (Constant::Int { value, .. }, Constant::GlobalReference { name, .. }) => {
                            self.m.function_by_name(&name_str(name)).map(|f| (*value, f))
                        }
                        _ => None,
                    }
                }
                _ => None,
            };
            match entry {
                Some(entry) => list.push(entry),
                None => self.unsupported(format!("{array} entry {e}"), None, Loc::UNKNOWN),
            }
        }
        list
    }

    /// Gives the runtime's function `runner` (if linked in) a body calling `funcs` in order,
    /// each with as many of the runner's parameters as it takes.
    fn define_runner(&mut self, runner: &str, funcs: &[FuncId]) {
        if funcs.is_empty() {
            return;
        }
        let Some(rid) = self.m.function_by_name(runner) else { return };
        let available = self.m.function(rid).params.len();
        let mut insts = Vec::with_capacity(funcs.len());
        for &f in funcs {
            let callee = self.m.function(f);
            let wanted = callee.params.len();
            if wanted > available {
                let what = format!("{} with {wanted} parameters (at most {available})", callee.name);
                let loc = callee.loc;
                self.unsupported(format!("constructor or destructor {what}"), None, loc);
                continue;
            }
            let args = (0..wanted as u32).map(|i| Operand::Value(ValueId(i))).collect();
            let ret_ty = callee.ret_ty;
            insts.push(Inst {
                kind: InstKind::Call { callee: Callee::Direct(f), args, ret_ty },
                dest: None,
                loc: Loc::UNKNOWN,
            });
        }
        let fun = self.m.function_mut(rid);
        fun.values.truncate(fun.params.len());
        fun.blocks = vec![Block {
            name: "entry".into(),
            insts,
            term: Terminator::Ret { val: None },
            term_loc: Loc::UNKNOWN,
        }];
    }
}
