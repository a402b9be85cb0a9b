//! The `vigil` command-line tool.
//!
//! Exit codes (DESIGN.md): 0 verdict true, 10 verdict false, 20 verdict unknown, 2 bad usage or
//! unreadable input. `vigil sat` and `vigil smt` follow the SAT-competition and SMT-LIB
//! conventions instead (10 SAT / 20 UNSAT / 0 unknown for `sat`).

mod check;
mod runtime;
mod ir_cmd;
mod property;
mod verdict;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit code for bad usage or unreadable input.
pub const EXIT_USAGE: u8 = 2;

#[derive(Parser)]
#[command(
    name = "vigil",
    version,
    about = "vigil — a verifier for C programs",
    long_about = "vigil checks C programs (SV-COMP conventions: __VERIFIER_nondet_*() inputs, \
reach_error()/assert() properties, POSIX threads) and answers true, false or unknown, each with \
evidence: a replayed counterexample for false, an exhausted state space or a proof for true, and \
the reason for unknown.",
    after_help = "Examples:\n  vigil check prog.c\n  vigil check --property valid-memsafety --format json prog.c\n  \
vigil ir --analysis prog.c\n  vigil sat formula.cnf\n  vigil smt query.smt2\n\n\
Exit codes: 0 true, 10 false, 20 unknown, 2 bad usage or unreadable input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a property of a C program.
    #[command(after_help = "Examples:\n  vigil check prog.c\n  vigil check --engine explicit --timeout 60 prog.c\n  \
vigil check --property no-overflow --m32 prog.c\n  vigil check --property unreach-call.prp --format json prog.c\n\n\
The last line of text output is `verdict: true`, `verdict: false(PROPERTY)` or `verdict: unknown(REASON)`.\n\
Exit codes: 0 true, 10 false, 20 unknown, 2 bad usage or unreadable input.")]
    Check(check::CheckArgs),
    /// Print the lowered vigil IR of a program.
    #[command(after_help = "Examples:\n  vigil ir prog.c\n  vigil ir --analysis prog.c\n  vigil ir --no-mem2reg prog.bc")]
    Ir(ir_cmd::IrArgs),
    /// Solve a DIMACS CNF formula (SAT-competition output).
    #[command(after_help = "Examples:\n  vigil sat formula.cnf\n  vigil sat --proof proof.drat formula.cnf.xz")]
    Sat(SatArgs),
    /// Solve an SMT-LIB 2 script in QF_BV (SMT-LIB output).
    #[command(after_help = "Example:\n  vigil smt query.smt2")]
    Smt(SmtArgs),
}

/// Options shared by every command that reads C programs.
#[derive(Args, Clone, Debug)]
pub struct FrontendArgs {
    /// Add a directory to the include path (passed to clang).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// Define a preprocessor macro (passed to clang).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// Compile for a 32-bit data model (ILP32).
    #[arg(long)]
    pub m32: bool,
    /// The clang binary to use (default: $VIGIL_CLANG, else clang-19).
    #[arg(long, value_name = "PATH")]
    pub clang: Option<PathBuf>,
    /// Keep scalar locals in memory instead of SSA registers (skip mem2reg).
    #[arg(long)]
    pub no_mem2reg: bool,
}

impl FrontendArgs {
    pub fn options(&self) -> vigil_frontend::FrontendOptions {
        vigil_frontend::FrontendOptions {
            tools: vigil_frontend::ToolPaths::discover(self.clang.as_deref()),
            include_dirs: self.include.clone(),
            defines: self.define.clone(),
            m32: self.m32,
            mem2reg: !self.no_mem2reg,
            runtime: None,
        }
    }
}

#[derive(Args)]
struct SatArgs {
    /// The DIMACS CNF file (plain, .gz or .xz).
    file: PathBuf,
    /// Write a DRAT proof of unsatisfiability to this file.
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
}

#[derive(Args)]
struct SmtArgs {
    /// The SMT-LIB 2 script.
    file: PathBuf,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Ir(args) => ir_cmd::run(&args),
        Command::Sat(args) => {
            let _ = (&args.file, &args.proof);
            eprintln!("vigil sat: the SAT solver is not available in this build yet");
            EXIT_USAGE
        }
        Command::Smt(args) => {
            let _ = &args.file;
            eprintln!("vigil smt: the SMT solver is not available in this build yet");
            EXIT_USAGE
        }
    };
    ExitCode::from(code)
}
