//! SMT-LIB 2.6 front end for QF_BV, QF_FP and QF_BVFP (and the Core theory; floating point in
//! [`fp`]): lexer, s-expression reader and term
//! elaboration, command execution, and the entry point the `vigil smt` command calls.
//!
//! Invariants: output follows the standard's response grammar (`sat`/`unsat`/`unknown`,
//! `(error "…")` with the input's line:column, models as `define-fun`s); malformed input never
//! panics. Execution continues after an error in a command (`:error-behavior
//! continued-execution`), but no later `check-sat` answers `sat` for a script part of which
//! failed: it answers `unknown` and says why on the `:diagnostic-output-channel` (see
//! [`commands`]).
//! Scripts without `set-logic` are accepted and treated as QF_BV.

pub mod commands;
pub mod fp;
pub mod lexer;
pub mod ops;
pub mod parser;
pub mod printer;

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::time::Duration;

use crate::config::SolverConfig;
pub use commands::Session;
pub use lexer::Pos;
pub use parser::MAX_NESTING;

/// An error in an SMT-LIB script (with its position) or in reading it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SmtError {
    pub pos: Option<Pos>,
    pub message: String,
}

impl SmtError {
    pub fn at(pos: Pos, message: impl Into<String>) -> Self {
        SmtError { pos: Some(pos), message: message.into() }
    }

    pub fn io(message: impl Into<String>) -> Self {
        SmtError { pos: None, message: message.into() }
    }
}

impl std::fmt::Display for SmtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.pos {
            Some(p) => write!(f, "line {} column {}: {}", p.line, p.col, self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SmtError {}

/// Options of `vigil smt`.
#[derive(Clone, Default)]
pub struct SmtCliOptions {
    pub config: SolverConfig,
    /// Wall-clock budget for the whole script; checks after it answer `unknown`.
    pub timeout: Option<Duration>,
    /// Setting this flag makes running checks answer `unknown`.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Print solver statistics to the output as comments after the script.
    pub stats: bool,
}

/// Stack for elaborating deeply nested terms (virtual memory; only touched pages are used).
pub(crate) const STACK_BYTES: usize = 1 << 30;

/// Runs the script in `src`, writing responses to `out`. Returns the exit status: 0 if every
/// command succeeded, 1 if any produced an `(error …)` response.
pub fn run_smt_str(src: &str, opts: &SmtCliOptions, out: &mut dyn Write) -> Result<i32, SmtError> {
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    std::thread::scope(|s| {
        let worker = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, move || {
                let mut sink = ChannelWriter { tx };
                let mut session = Session::new(opts);
                session.run(src, &mut sink)
            })
            .map_err(|e| SmtError::io(format!("cannot start solver thread: {e}")))?;
        for chunk in rx {
            out.write_all(&chunk).map_err(|e| SmtError::io(format!("write error: {e}")))?;
            out.flush().map_err(|e| SmtError::io(format!("write error: {e}")))?;
        }
        worker.join().map_err(|_| SmtError::io("internal error: solver thread panicked"))
    })
}

/// Entry point of `vigil smt FILE`: reads the file and runs it (see [`run_smt_str`]).
pub fn run_smt_cli(path: &Path, opts: &SmtCliOptions, out: &mut dyn Write) -> Result<i32, SmtError> {
    let src = std::fs::read_to_string(path).map_err(|e| SmtError::io(format!("cannot read {}: {e}", path.display())))?;
    run_smt_str(&src, opts, out)
}

struct ChannelWriter {
    tx: mpsc::Sender<Vec<u8>>,
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tx.send(buf.to_vec()).map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "output closed"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
