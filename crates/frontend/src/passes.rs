//! The front end's `opt` passes, run in vigil's own process through LLVM's C API.
//!
//! The pipeline ([`crate::driver`]) ran `opt-19` as a child on every program: most of that
//! child's time was starting it (loading and relocating libLLVM), a fifth of a small program's
//! CPU time, twice per check (the SSA form and the stack-slot form). [`run_passes`] runs the same
//! passes on the same bitcode in-process.
//!
//! # Invariants
//!
//! * Only bitcode that LLVM itself wrote in this run is read here: clang's output, `llvm-link`'s,
//!   or that of `opt -passes=verify` on a user's `.bc`/`.ll` file (see [`crate::driver`]). LLVM's
//!   bitcode reader may call `exit(1)` on malformed input; such input never gets here.
//! * The passes and their options are exactly the `opt` command line's
//!   ([`crate::driver::opt_passes`] and `-scalarize-load-store`): LLVM 19's pass registry takes
//!   no parameters for the scalarizer, so the option is set once per process as `opt` sets it,
//!   through LLVM's command-line options (which nothing else in vigil sets).
//! * The result is verified before it is written, as `opt` verifies its output.
//!
//! # Safety
//!
//! Every LLVM object belongs to one context created and disposed in [`run_passes`]; nothing
//! escapes it.

use std::ffi::CString;
use std::path::Path;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;

use crate::llvm_c::{parse, take_message};

/// `opt`'s own option of the scalarizer, set once for the process (module doc).
fn set_scalarizer_options() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let args = [c"vigil".as_ptr(), c"-scalarize-load-store".as_ptr()];
        // SAFETY: two valid C strings; LLVM copies what it keeps. The overview is empty.
        unsafe { llvm::support::LLVMParseCommandLineOptions(args.len() as i32, args.as_ptr(), c"".as_ptr()) }
    });
}

/// Runs `passes` (the new pass manager's syntax, without `-passes=`) on the bitcode file
/// `input`, verifies the result and writes it to `out`. Errors are LLVM's messages.
pub fn run_passes(input: &Path, passes: &str, out: &Path) -> Result<(), String> {
    set_scalarizer_options();
    let cin = CString::new(input.as_os_str().as_encoded_bytes()).map_err(|_| "path contains a NUL byte".to_string())?;
    let cout = CString::new(out.as_os_str().as_encoded_bytes()).map_err(|_| "path contains a NUL byte".to_string())?;
    let cpasses = CString::new(passes).map_err(|_| "pass list contains a NUL byte".to_string())?;
    // SAFETY: see the module documentation; every pointer comes from LLVM for objects of `ctx`.
    unsafe {
        let ctx = LLVMContextCreate();
        let result = run_in(ctx, &cin, &cpasses, &cout);
        LLVMContextDispose(ctx);
        result
    }
}

unsafe fn run_in(ctx: LLVMContextRef, input: &CString, passes: &CString, out: &CString) -> Result<(), String> {
    let module = parse(ctx, input)?;
    let result = optimise_and_write(module, passes, out);
    LLVMDisposeModule(module);
    result
}

unsafe fn optimise_and_write(module: LLVMModuleRef, passes: &CString, out: &CString) -> Result<(), String> {
    crate::llvm_c::run_passes(module, passes)?;
    let mut msg: *mut libc::c_char = std::ptr::null_mut();
    let broken = llvm::analysis::LLVMVerifyModule(module, llvm::analysis::LLVMVerifierFailureAction::LLVMReturnStatusAction, &mut msg);
    let text = take_message(msg);
    if broken != 0 {
        return Err(text);
    }
    if llvm::bit_writer::LLVMWriteBitcodeToFile(module, out.as_ptr()) != 0 {
        return Err("could not write the optimised bitcode".into());
    }
    Ok(())
}
