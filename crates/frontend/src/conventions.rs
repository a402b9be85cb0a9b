//! The peer verifiers' conventions for functions that the program declares and nobody defines.
//!
//! CBMC's and ESBMC's regression tests and examples call `nondet_int()`, `nondet_uint()`, … and
//! `assert(cond)` as functions without defining them (often without even declaring them:
//! C89's implicit declaration); both tools read a body-less `nondet_T()` as a nondeterministic
//! value of type T and `assert` as an assertion. Natively such a program does not link, so no
//! platform behaviour is contradicted by reading them the same way: [`apply`] redirects each call
//! of such a function to the SV-COMP function it stands for
//! ([`vigil_ir::svcomp::peer_convention`]: `nondet_int` → `__VERIFIER_nondet_int`, `assert` →
//! `__VERIFIER_assert`), which every engine, the witness writer and the harness know. Without
//! this every such program ended in "call to unknown external function".
//!
//! A body-less `nondet_T()` whose calls expect another type than T — above all one declared
//! implicitly, which C89 makes a function returning `int` — is what CBMC and ESBMC read it as: a
//! nondeterministic value of the type the program declared, not of the type its name says
//! (`_Bool b = nondet_bool();` with `nondet_bool` undeclared is any `int`, converted). vigil
//! follows them ([`declared_reading`]) for integer results of 32 and 64 bits: the calls become
//! calls of `__VERIFIER_nondet_int` or `__VERIFIER_nondet_longlong`. Reading such a call by its
//! name instead would drop behaviours the program has (`int x = nondet_uchar(); x > 255` is
//! reachable for CBMC).
//!
//! A body-less `__VERIFIER_nondet_T()` (or `nondet_T()`) of a type `T` the table does not name
//! — the program's own, like `msg_t` in CIL-generated SV-COMP tasks — is a value of `T` by
//! SV-COMP's rules; vigil reads it by the width its calls expect ([`typed_reading`]): integers
//! of 1, 8, 16, 32 and 64 bits become `__VERIFIER_nondet_bool`, `_char`, `_short`, `_int` and
//! `_longlong` (every bit pattern of the width, which is all a type of that width holds).
//! Floating-point, pointer and aggregate results stay unknown functions.
//!
//! Invariants: only a function that has no body after linking (neither the program's nor the
//! runtime's) is redirected, and only at calls whose arguments and result have the widths of the
//! SV-COMP function's (of its name, or for integer results of 32 or 64 bits of the program's
//! declaration); a program that defines `nondet_int` or `assert` itself keeps its own, and a call
//! of another shape stays a call of an unknown function (an `unknown` answer, never a guess). The
//! harness defines the same names natively (weak, returning the input's bits, so that either
//! reading replays), so a counterexample replays.

use vigil_ir::svcomp::{self, Width};
use vigil_ir::{Callee, FuncId, Function, InstKind, Module, Operand, TypeId};

/// The widths a call of the SV-COMP function `name` passes and expects: its parameters' and
/// its result's (0: none).
fn shape_of(m: &Module, name: &str) -> Option<(Vec<u32>, u32)> {
    if name == svcomp::ASSERT_FUNCTION {
        return Some((vec![32], 0));
    }
    let n = svcomp::nondet_function(name)?;
    let bits = match n.width {
        Width::Bits(b) => b,
        Width::Word => u32::from(m.pointer_bytes) * 8,
    };
    Some((Vec::new(), bits))
}

/// Whether a call with `args` expecting `ret_ty` has `shape`: as many arguments as parameters,
/// each of its parameter's width, and the result's width (any result of a function that returns
/// nothing: only a use of it would matter, and the engines treat that as they treat any call
/// that takes the result of a `void` function).
fn has_shape(m: &Module, caller: &Function, args: &[Operand], ret_ty: TypeId, shape: &(Vec<u32>, u32)) -> bool {
    let bits = |ty| m.types.value_bits(ty);
    let arg_bits = |op: &Operand| match op {
        Operand::Value(v) => bits(caller.value(*v).ty),
        Operand::Const(c) => bits(m.const_type(*c)),
    };
    let (params, ret) = shape;
    args.len() == params.len()
        && args.iter().zip(params).all(|(a, p)| arg_bits(a) == *p)
        && (*ret == 0 || bits(ret_ty) == *ret)
}

/// Applies the conventions of the module doc; returns the names of the functions read by them
/// (sorted).
pub fn apply(m: &mut Module) -> Vec<String> {
    let mut used = Vec::new();
    for g in 0..m.functions.len() {
        let f = &m.functions[g];
        if !f.is_declaration() || f.runtime {
            continue;
        }
        let convention = svcomp::peer_convention(&f.name);
        if convention.is_none() && !svcomp::is_typed_nondet(&f.name) {
            continue;
        }
        let g = FuncId(g as u32);
        let calls = calls_of(m, g);
        if calls.is_empty() {
            continue;
        }
        let target_name = match convention {
            Some(named) => {
                let Some(shape) = shape_of(m, &named) else { continue };
                let fits = calls.iter().all(|&(fi, bi, ii)| {
                    let caller = &m.functions[fi];
                    match &caller.blocks[bi].insts[ii].kind {
                        InstKind::Call { args, ret_ty, .. } => has_shape(m, caller, args, *ret_ty, &shape),
                        _ => false,
                    }
                });
                match fits {
                    true => Some(named),
                    false => declared_reading(m, &named, &calls),
                }
            }
            None => typed_reading(m, &calls),
        };
        let Some(target_name) = target_name else { continue };
        used.push(m.function(g).name.clone());
        match m.function_by_name(&target_name) {
            // The SV-COMP function is there (the runtime's, or the program's declaration):
            // the calls become its calls.
            Some(target) => {
                for (fi, bi, ii) in calls {
                    if let InstKind::Call { callee, .. } = &mut m.functions[fi].blocks[bi].insts[ii].kind {
                        *callee = Callee::Direct(target);
                    }
                }
            }
            // Not declared (a module without the runtime): the declaration takes its name.
            None => m.rename_function(g, target_name),
        }
    }
    used.sort();
    used
}

/// The SV-COMP function a body-less integer `nondet_T` stands for when its calls expect another
/// type than T (see the module doc): every call passes no argument and expects an integer of one
/// width, 32 or 64 bits. None for other widths (whose extension to a register the harness could
/// not match), for floating-point and pointer names, and for `assert`.
fn declared_reading(m: &Module, named: &str, calls: &[(usize, usize, usize)]) -> Option<String> {
    let n = svcomp::nondet_function(named)?;
    if n.is_float() || n.is_pointer() {
        return None;
    }
    let suffix = match integer_result_width(m, calls)? {
        32 => "int",
        64 => "longlong",
        _ => return None,
    };
    Some(format!("{}{suffix}", svcomp::NONDET_PREFIX))
}

/// The SV-COMP function a body-less nondet function of a type of the program's own
/// ([`svcomp::is_typed_nondet`]) stands for: every call passes no argument and expects an
/// integer of one width that the table has a function for ([`svcomp::nondet_of_width`]). None
/// when it is never called, for floating-point, pointer and aggregate results, and for calls
/// that disagree.
fn typed_reading(m: &Module, calls: &[(usize, usize, usize)]) -> Option<String> {
    svcomp::nondet_of_width(integer_result_width(m, calls)?).map(|n| n.name())
}

/// The width of the integer every one of `calls` expects, when each passes no argument and all
/// expect an integer of the same width (None otherwise, and for no call).
fn integer_result_width(m: &Module, calls: &[(usize, usize, usize)]) -> Option<u32> {
    let mut widths = calls.iter().map(|&(fi, bi, ii)| match &m.functions[fi].blocks[bi].insts[ii].kind {
        InstKind::Call { args, ret_ty, .. } if args.is_empty() && m.types.is_int(*ret_ty) => Some(m.types.value_bits(*ret_ty)),
        _ => None,
    });
    let first = widths.next()??;
    widths.all(|w| w == Some(first)).then_some(first)
}

/// The direct calls of `g` in the program's functions: (function, block, instruction) indices.
fn calls_of(m: &Module, g: FuncId) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for (fi, f) in m.functions.iter().enumerate().filter(|(_, f)| !f.runtime) {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (ii, inst) in b.insts.iter().enumerate() {
                if matches!(inst.kind, InstKind::Call { callee: Callee::Direct(c), .. } if c == g) {
                    out.push((fi, bi, ii));
                }
            }
        }
    }
    out
}
