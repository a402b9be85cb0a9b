//! Errors of the front end. Each is a reason to stop before any engine runs; the CLI reports it
//! in one line (plus clang's own diagnostics for compile errors) and exits with code 2.
//!
//! Unsupported constructs are *not* errors: they are lowered to explicit markers in the IR (see
//! `vigil_ir::InstKind::Unsupported`) so that a program whose unsupported parts are unreachable
//! can still be checked.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("no input file given")]
    NoInput,
    #[error("{}: {reason}", path.display())]
    Io { path: PathBuf, reason: String },
    #[error("{}: unknown input kind (expected .c, .i, .bc or .ll)", path.display())]
    UnknownInputKind { path: PathBuf },
    #[error("cannot run {tool}: {reason} (install clang-19 and llvm-19, or set VIGIL_CLANG / VIGIL_OPT)")]
    ToolMissing { tool: String, reason: String },
    #[error("{} does not compile:\n{diagnostics}", path.display())]
    Compile { path: PathBuf, diagnostics: String },
    #[error("linking the inputs failed: {reason}")]
    Link { reason: String },
    #[error("{}: invalid LLVM bitcode or assembly: {reason}", path.display())]
    InvalidBitcode { path: PathBuf, reason: String },
    #[error("reading the bitcode failed: {reason}")]
    Read { reason: String },
}

impl FrontendError {
    /// The first line of the message (compile errors carry clang's diagnostics after it).
    pub fn headline(&self) -> String {
        self.to_string().lines().next().unwrap_or_default().to_string()
    }
}
