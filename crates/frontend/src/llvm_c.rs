//! Helpers over LLVM's C API shared by the front end's in-process steps (the link and the
//! offsets, `lower::gep_offsets`; the pruning, `lower::prune`; the passes, [`crate::passes`]).
//!
//! # Safety
//!
//! Each function takes objects that its caller got from LLVM and still owns (a context, a
//! message, an error); what it returns owns nothing of LLVM's.

use std::ffi::CString;

use llvm_sys_191 as llvm;
use llvm::core::*;
use llvm::prelude::*;

/// The module of the bitcode file `path`, in `ctx`. The file must be LLVM's own output (its
/// reader may call `exit(1)` on malformed bitcode; see `crate::driver`).
pub(crate) unsafe fn parse(ctx: LLVMContextRef, path: &CString) -> Result<LLVMModuleRef, String> {
    let mut buf: LLVMMemoryBufferRef = std::ptr::null_mut();
    let mut msg: *mut libc::c_char = std::ptr::null_mut();
    if LLVMCreateMemoryBufferWithContentsOfFile(path.as_ptr(), &mut buf, &mut msg) != 0 {
        return Err(take_message(msg));
    }
    let mut module: LLVMModuleRef = std::ptr::null_mut();
    let failed = llvm::bit_reader::LLVMParseBitcodeInContext2(ctx, buf, &mut module);
    LLVMDisposeMemoryBuffer(buf);
    if failed != 0 {
        return Err("LLVM could not parse the bitcode".into());
    }
    Ok(module)
}

/// The text of a message LLVM allocated, which is disposed of.
pub(crate) unsafe fn take_message(msg: *mut libc::c_char) -> String {
    if msg.is_null() {
        return "unknown LLVM error".into();
    }
    let s = std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned();
    LLVMDisposeMessage(msg);
    s
}

/// The text of an error LLVM returned (null: none), which is consumed.
pub(crate) unsafe fn take_error(error: llvm::error::LLVMErrorRef) -> Option<String> {
    if error.is_null() {
        return None;
    }
    let m = llvm::error::LLVMGetErrorMessage(error);
    let text = std::ffi::CStr::from_ptr(m).to_string_lossy().into_owned();
    llvm::error::LLVMDisposeErrorMessage(m);
    Some(text)
}

/// Runs the new pass manager's pipeline `passes` on `module` (no target machine).
pub(crate) unsafe fn run_passes(module: LLVMModuleRef, passes: &std::ffi::CStr) -> Result<(), String> {
    let options = llvm::transforms::pass_builder::LLVMCreatePassBuilderOptions();
    let error = llvm::transforms::pass_builder::LLVMRunPasses(module, passes.as_ptr(), std::ptr::null_mut(), options);
    llvm::transforms::pass_builder::LLVMDisposePassBuilderOptions(options);
    match take_error(error) {
        None => Ok(()),
        Some(text) => Err(text),
    }
}
