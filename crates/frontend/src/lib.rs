//! The C front end of vigil: from C source (or LLVM bitcode/assembly) to a lowered
//! [`vigil_ir::Module`].
//!
//! [`driver`] runs clang-19, llvm-link-19 and opt-19 as child processes and hands back one
//! verified bitcode file; [`lower`] reads it with the `llvm-ir` crate and lowers it into vigil IR;
//! [`shifts`] marks the left shifts of signed C operands, which LLVM IR does not tell apart;
//! [`literals`] finds compound literals and temporaries whose end of life clang leaves unmarked.
//! LLVM types never leave this crate.

pub mod conventions;
pub mod driver;
pub mod error;
pub mod literals;
pub mod lower;
mod llvm_c;
mod memo;
mod passes;
pub mod scope;
pub mod shifts;
pub mod uninit;

pub use driver::{FrontendOptions, InputKind, ToolPaths};
pub use error::FrontendError;

use std::path::PathBuf;

/// Compiles, links and lowers the given inputs into one module.
///
/// With `opts.mem2reg`, the program is lowered in SSA form unless `mem2reg` would lose the value
/// of an uninitialised local: when the program may read a local before writing it ([`uninit`],
/// asked on the stack-slot form of the program alone), when the address of a block-scoped
/// local may outlive its block ([`scope`]: `mem2reg` would turn an access after the block into a
/// read of the dead local's value), when a local written as a `char` is read as a `_Bool`
/// ([`lower::bools`]: the check of the byte read would go with the load), or when one of the
/// program's own
/// functions (not the runtime's) uses an `undef`/`poison` value after `mem2reg`. Such a program
/// is lowered without `mem2reg`, and says why in [`vigil_ir::Module::mem2reg_declined`]: LLVM lets
/// every use of `undef` see a different value (and `mem2reg` may replace it by any value), C
/// and SV-COMP give an uninitialised variable one value, which the stack-slot form keeps.
pub fn load(inputs: &[PathBuf], opts: &FrontendOptions) -> Result<vigil_ir::Module, FrontendError> {
    // Signed shifts depend on the source and clang's flags only. Finding them is a compilation of
    // its own (a tenth of a second), run beside the module's.
    static SHIFTS: memo::Table<Option<Vec<shifts::ShiftSite>>> = std::sync::OnceLock::new();
    let flags_only = FrontendOptions { mem2reg: false, runtime: None, ..opts.clone() };
    let (m, sites) = std::thread::scope(|s| {
        let sites = s.spawn(|| {
            memo::remembered(&SHIFTS, memo::request_key(inputs, &flags_only), || {
                Ok::<_, std::convert::Infallible>(driver::signed_shift_sites(inputs, opts))
            })
        });
        let m = load_without_shift_signs(inputs, opts);
        // A panic of the thread (none is expected: it only runs clang and reads its output)
        // leaves the shifts unmarked, as a failed compilation does.
        (m, sites.join().ok())
    });
    let mut m = m?;
    if let Some(Ok(Some(sites))) = sites {
        shifts::mark_signed(&mut m, &sites);
    }
    // A kept compound literal of a nested block, or a kept temporary: a fact of the program
    // alone, asked on its stack-slot form (where a kept address is a stored value; mem2reg may
    // even promote the object). That form was loaded already when `m` is in SSA form, and is
    // `m`'s own otherwise.
    let has_candidate = |f: &vigil_ir::Function| !f.runtime && f.allocas().any(|a| literals::is_candidate_name(&f.value(a).name));
    if opts.mem2reg || m.functions.iter().any(has_candidate) {
        static LITERALS: memo::Table<Option<String>> = std::sync::OnceLock::new();
        m.unmarked_lifetime_kept = memo::remembered(&LITERALS, memo::request_key(inputs, &flags_only), || {
            let slot_form = load_as_asked(inputs, &flags_only)?;
            Ok::<_, FrontendError>(literals::kept_short_lived_object(&slot_form, inputs, opts))
        })?;
    }
    Ok(m)
}

fn load_without_shift_signs(inputs: &[PathBuf], opts: &FrontendOptions) -> Result<vigil_ir::Module, FrontendError> {
    if !opts.mem2reg {
        return load_as_asked(inputs, opts);
    }
    let mut slots = opts.clone();
    slots.mem2reg = false;
    let program_alone = FrontendOptions { runtime: None, ..slots.clone() };
    let slot_form = load_as_asked(inputs, &program_alone)?;
    let declined = uninit::first_uninitialised_read(&slot_form)
        .or_else(|| scope::first_escape_from_scope(&slot_form))
        .or_else(|| lower::bools::first_bool_pun(&slot_form, uninit::promotable_slots));
    let declined = match declined {
        Some(at) => Some(at),
        None => {
            let m = load_as_asked(inputs, opts)?;
            match first_undef_use(&m) {
                None => return Ok(m),
                at => at,
            }
        }
    };
    let mut m = load_as_asked(inputs, &slots)?;
    m.mem2reg_declined = declined;
    Ok(m)
}

/// Where a function of the program (not of vigil's runtime) uses an `undef` constant as an
/// operand.
pub fn first_undef_use(m: &vigil_ir::Module) -> Option<vigil_ir::Loc> {
    use vigil_ir::{Const, Operand};
    let is_undef = |o: &Operand| matches!(o, Operand::Const(c) if matches!(m.konst(*c), Const::Undef { .. }));
    for f in m.functions.iter().filter(|f| !f.runtime) {
        for b in &f.blocks {
            for i in &b.insts {
                if i.kind.operands().iter().any(is_undef) {
                    return Some(if i.loc.is_known() { i.loc } else { f.loc });
                }
            }
            if b.term.operands().iter().any(is_undef) {
                return Some(f.loc);
            }
        }
    }
    None
}

fn load_as_asked(inputs: &[PathBuf], opts: &FrontendOptions) -> Result<vigil_ir::Module, FrontendError> {
    static LOADS: memo::Table<vigil_ir::Module> = std::sync::OnceLock::new();
    memo::remembered(&LOADS, memo::request_key(inputs, opts), || compile_and_lower(inputs, opts))
}

fn compile_and_lower(inputs: &[PathBuf], opts: &FrontendOptions) -> Result<vigil_ir::Module, FrontendError> {
    let bc = driver::build_bitcode(inputs, opts)?;
    let mut m = load_verified_bitcode(&bc.path, bc.runtime_to_link())?;
    m.compiler_warnings = bc.warnings.clone();
    conventions::apply(&mut m);
    if inputs.len() > 1 || opts.runtime.is_some() {
        // Linking names the module after llvm-link; name it after the user's first input.
        m.source_file = inputs[0].display().to_string();
    }
    Ok(m)
}

/// Lowers a bitcode file that `opt` has already verified (see [`driver::build_bitcode`]),
/// linked with `runtime` when given.
fn load_verified_bitcode(path: &std::path::Path, runtime: Option<lower::gep_offsets::Runtime>) -> Result<vigil_ir::Module, FrontendError> {
    // The llvm-ir crate reads the rewritten copy (see `lower::canon`), kept until it is parsed.
    let rewritten = tempfile::Builder::new()
        .prefix("vigil-canon-")
        .suffix(".bc")
        .tempfile()
        .map_err(|e| FrontendError::Io { path: std::env::temp_dir(), reason: e.to_string() })?;
    let offsets = lower::gep_offsets::compute(path, runtime, rewritten.path()).map_err(|e| match e {
        lower::gep_offsets::Failure::Link(reason) => FrontendError::Link { reason },
        lower::gep_offsets::Failure::Read(reason) => FrontendError::Read { reason },
    })?;
    let path = rewritten.path();
    // The llvm-ir crate panics on a few constructs it does not model; contain that here so a
    // strange input ends in a clear error instead of taking vigil down.
    let parsed = quietly(|| std::panic::catch_unwind(|| llvm_ir::Module::from_bc_path(path)));
    let llvm = match parsed {
        Ok(Ok(m)) => m,
        Ok(Err(reason)) => return Err(FrontendError::Read { reason }),
        Err(panic) => {
            let reason = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the llvm-ir crate panicked".into());
            return Err(FrontendError::Read { reason: format!("unsupported bitcode: {reason}") });
        }
    };
    let lowered = quietly(|| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| lower::lower_module(&llvm, offsets)))
    });
    lowered.map_err(|_| FrontendError::Read { reason: "internal error while lowering (please report)".into() })
}

/// Runs `f` with the panic message printer switched off, so that a panic contained by
/// `catch_unwind` inside it does not print a backtrace at the user. (The panic hook is global;
/// the front end runs before any engine thread starts.)
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = f();
    std::panic::set_hook(previous);
    result
}
