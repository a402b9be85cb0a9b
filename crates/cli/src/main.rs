//! The `vigil` command-line tool.
//!
//! Exit codes (DESIGN.md): 0 verdict true, 10 verdict false, 20 verdict unknown, 2 bad usage or
//! unreadable input. `vigil sat` and `vigil smt` follow the SAT-competition and SMT-LIB
//! conventions instead (10 SAT / 20 UNSAT / 0 unknown for `sat`).

mod bench_cmd;
mod check;
mod compile;
mod config;
mod engines;
mod portfolio;
mod task;
mod tune_cmd;
mod runtime;
mod ir_cmd;
mod memory_accounts;
mod native;
mod property;
mod replay_cmd;
mod solver_class;
mod verdict;
mod vm_files;
mod witness_cmd;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Every heap allocation is counted per engine, so that the memory limit can stop the engine
/// that holds the memory and let the others go on (`portfolio`).
#[global_allocator]
static ALLOCATOR: memory_accounts::Counting = memory_accounts::Counting;

/// Exit code for bad usage or unreadable input.
pub const EXIT_USAGE: u8 = 2;

/// The longest time budget accepted, in seconds (about 115 days): a longer one could not be
/// added to the clock.
const MAX_TIMEOUT_S: f64 = 1e7;

/// A `--timeout` value as a duration: positive (or zero when `allow_zero`), finite and at most
/// [`MAX_TIMEOUT_S`]; otherwise the usage message.
pub fn timeout_duration(seconds: f64, allow_zero: bool) -> Result<std::time::Duration, String> {
    let positive = seconds > 0.0 || (allow_zero && seconds == 0.0);
    if positive && seconds <= MAX_TIMEOUT_S {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        let least = if allow_zero { "a non-negative" } else { "a positive" };
        Err(format!("--timeout must be {least} number of seconds, at most {MAX_TIMEOUT_S:e}"))
    }
}

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
vigil ir --analysis prog.c\n  vigil replay cex.json\n  vigil sat formula.cnf\n  vigil smt query.smt2\n  vigil tune --class C --train DIR --validate DIR --cap 2 --budget 600\n\n\
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
Exit codes: 0 true, 10 false, 20 unknown, 2 bad usage or unreadable input.\n\
Parameters: `vigil params` lists the keys of --config FILE and -C section.key=value.")]
    Check(check::CheckArgs),
    /// List the parameters `vigil check` reads from --config FILE and -C section.key=value.
    #[command(after_help = "Example:\n  vigil check -C explicit.max_states=100000 -C sat.restart=luby prog.c")]
    Params,
    /// Print the lowered vigil IR of a program.
    #[command(after_help = "Examples:\n  vigil ir prog.c\n  vigil ir --analysis prog.c\n  vigil ir --no-mem2reg prog.bc")]
    Ir(ir_cmd::IrArgs),
    /// Re-execute a counterexample saved by `vigil check --counterexample FILE`.
    #[command(after_help = "Example:\n  vigil check --counterexample cex.json prog.c && vigil replay cex.json")]
    Replay(replay_cmd::ReplayArgs),
    /// Write a C test harness that reproduces a saved counterexample natively.
    #[command(after_help = "Example:\n  vigil check --counterexample cex.json prog.c\n  vigil harness cex.json -o harness.c\n  \
clang -g -finstrument-functions -fsanitize=address,undefined prog.c harness.c && ./a.out\n\
(the harness's header comment gives the full command line)")]
    Harness(replay_cmd::HarnessArgs),
    /// Run vigil over a benchmark (SV-COMP task files or a JSON-lines manifest) and score it.
    #[command(after_help = "Examples:\n  vigil bench --jobs 2 --timeout 60 tasks/*.yml\n  \
vigil bench --root /tmp/vigil-dev --json run.json shared/peers/dev.jsonl\n  vigil bench --compare run.json --json run2.json tasks.txt\n\n\
Scores as SV-COMP: +2 correct true, +1 correct false, -32 wrong true, -16 wrong false.\n\
Exit code 1 when any answer is wrong, else 0.")]
    Bench(bench_cmd::BenchArgs),
    /// Solve a DIMACS CNF formula (SAT-competition output: exit 10 SAT, 20 UNSAT, 0 unknown).
    #[command(after_help = "Examples:\n  vigil sat formula.cnf\n  vigil sat --proof proof.drat formula.cnf.xz\n  \
vigil sat --param restart=luby --stats formula.cnf\n  vigil sat --class rand3sat formula.cnf   (a tuned configuration)\n  vigil sat --list-params")]
    Sat(SatArgs),
    /// Solve an SMT-LIB 2 script in QF_BV (SMT-LIB output).
    #[command(after_help = "Example:\n  vigil smt query.smt2")]
    Smt(SmtArgs),
    /// Tune the SAT or SMT solver's parameters for a class of instances (ParamILS/FocusedILS).
    #[command(
        long_about = "Searches the solver's parameter table (numeric parameters discretised around their \
defaults, choices and booleans as they are; for smt also the rewrite rules) with FocusedILS and adaptive \
capping (Hutter et al., JAIR 2009) for the configuration with the lowest PAR-10 (or mean time) on the \
training instances, each run capped at --cap CPU seconds, for --budget seconds. Then default and tuned \
configuration are measured afresh on the training and the validation set (the default is kept when \
the search's best is not better on the whole training set), and the values that differ from the \
defaults are written with those numbers as comments to crates/tune/configs/CLASS.toml (or --out). The \
file loads with `vigil sat --params-file FILE` or `vigil smt --config FILE`. Answers never depend on the \
configuration; two configurations answering differently stop the tuning as a solver bug.",
        after_help = "Example:\n  vigil tune --class rand3sat --train /tmp/r3/train --validate /tmp/r3/val --cap 2 --budget 600\n  \
vigil sat --params-file crates/tune/configs/rand3sat.toml formula.cnf\n\n\
Progress (incumbent, its cost, runs) is printed on stderr. Exit code 0 on success, 2 on bad usage or input."
    )]
    Tune(tune_cmd::TuneArgs),
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
            whole_runtime: false,
        }
    }
}

#[derive(Args)]
struct SatArgs {
    /// The DIMACS CNF file (plain, .gz or .xz).
    #[arg(required_unless_present = "list_params")]
    file: Option<PathBuf>,
    /// Write a DRAT proof of unsatisfiability to this file.
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    /// Set a solver parameter (repeatable); see --list-params.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    params: Vec<String>,
    /// Read parameter settings from a TOML file (for example one written by `vigil tune`).
    #[arg(long, visible_alias = "config", value_name = "FILE")]
    params_file: Option<PathBuf>,
    /// Use the tuned configuration shipped for this class of formulas (see `vigil tune`);
    /// --param settings still apply after it.
    #[arg(long, value_name = "NAME", conflicts_with = "params_file")]
    class: Option<String>,
    /// Print statistics as `c` comment lines.
    #[arg(long)]
    stats: bool,
    /// List every solver parameter with its default and range, then exit.
    #[arg(long)]
    list_params: bool,
    /// Wall-clock limit in seconds (the answer is then `s UNKNOWN`).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
}

#[derive(Args)]
struct SmtArgs {
    /// The SMT-LIB 2 script.
    file: PathBuf,
    /// Wall-clock limit in seconds for the whole script (checks then answer `unknown`).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// A solver configuration file (TOML: SAT parameters and bit-vector layer options).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Use the tuned configuration shipped for this class of queries (see `vigil tune`).
    #[arg(long, value_name = "NAME", conflicts_with = "config")]
    class: Option<String>,
    /// Print solver statistics as comments after the script.
    #[arg(long)]
    stats: bool,
}

fn run_sat(args: &SatArgs) -> u8 {
    let mut params = Vec::new();
    if let Some(class) = &args.class {
        match vigil_tune::db::shipped_or_error(class).and_then(vigil_tune::db::sat_assignments) {
            Ok(a) => params = a,
            Err(e) => {
                eprintln!("vigil sat: {e}");
                return EXIT_USAGE;
            }
        }
    }
    params.extend(args.params.iter().cloned());
    let sat_args = vigil_sat::SatCliArgs {
        file: args.file.clone().unwrap_or_default(),
        proof: args.proof.clone(),
        params,
        params_file: args.params_file.clone(),
        stats: args.stats,
        list_params: args.list_params,
        timeout: args.timeout,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match vigil_sat::run_dimacs_cli(&sat_args, &mut out) {
        Ok(code) => u8::try_from(code).unwrap_or(EXIT_USAGE),
        Err(e) => {
            eprintln!("vigil sat: {e}");
            EXIT_USAGE
        }
    }
}

fn run_smt(args: &SmtArgs) -> u8 {
    let mut opts = vigil_bv::smtlib::SmtCliOptions { stats: args.stats, ..Default::default() };
    if let Some(t) = args.timeout {
        match timeout_duration(t, true) {
            Ok(d) => opts.timeout = Some(d),
            Err(e) => {
                eprintln!("vigil smt: {e}");
                return EXIT_USAGE;
            }
        }
    }
    if let Some(class) = &args.class {
        let loaded = vigil_tune::db::shipped_or_error(class)
            .and_then(|t| vigil_bv::config::SolverConfig::from_toml_str(t).map_err(|e| e.to_string()));
        match loaded {
            Ok(c) => opts.config = c,
            Err(e) => {
                eprintln!("vigil smt: {e}");
                return EXIT_USAGE;
            }
        }
    }
    if let Some(path) = &args.config {
        match vigil_bv::config::SolverConfig::load(path) {
            Ok(c) => opts.config = c,
            Err(e) => {
                eprintln!("vigil smt: {}: {e}", path.display());
                return EXIT_USAGE;
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match vigil_bv::smtlib::run_smt_cli(&args.file, &opts, &mut out) {
        Ok(code) => u8::try_from(code).unwrap_or(EXIT_USAGE),
        Err(e) => {
            eprintln!("vigil smt: {e}");
            EXIT_USAGE
        }
    }
}

fn main() -> ExitCode {
    restore_default_sigpipe();
    let cli = Cli::parse();
    let code = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Ir(args) => ir_cmd::run(&args),
        Command::Replay(args) => replay_cmd::run(&args),
        Command::Harness(args) => replay_cmd::run_harness(&args),
        Command::Bench(args) => bench_cmd::run(&args),
        Command::Sat(args) => run_sat(&args),
        Command::Params => {
            print!("{}", config::Config::listing());
            0
        }
        Command::Smt(args) => run_smt(&args),
        Command::Tune(args) => tune_cmd::run(&args),
    };
    ExitCode::from(code)
}

/// Rust's runtime ignores `SIGPIPE`, so writing to a closed pipe (`vigil ir f.c | head`) makes
/// `println!` panic. vigil is a filter like any Unix tool: restore the default action, so a
/// closed reader ends the process quietly by the signal. vigil never writes into a child
/// process's stdin, so no pipe of its own can raise the signal.
fn restore_default_sigpipe() {
    // SAFETY: called first in `main`, before any thread is started; setting a signal's action
    // to its default has no other effect on the process.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
