//! `vigil tune`: tune the SAT or SMT solver for a class of instances with FocusedILS (see the
//! `vigil-tune` crate) and write the configuration database entry.
//!
//! Progress goes to stderr: a line whenever the incumbent changes and at most every 10 s
//! otherwise; the result file's path and the summary at the end. Exit code 0 on success, 2 on
//! bad usage, unreadable input or a solver disagreement.

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

use vigil_tune::db;
use vigil_tune::runner::SolverKind;
use vigil_tune::tuning::{tune, Request};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum SolverArg {
    Sat,
    Smt,
}

#[derive(Args)]
pub struct TuneArgs {
    /// Name of the class of instances (the configuration is stored as configs/NAME.toml).
    #[arg(long, value_name = "NAME")]
    class: String,
    /// Training set: a directory of instances or a file listing them, one per line.
    #[arg(long, value_name = "DIR|LIST")]
    train: PathBuf,
    /// Validation set (kept apart: no file may be in both sets).
    #[arg(long, value_name = "DIR|LIST")]
    validate: PathBuf,
    /// CPU-time cap per solver run, in seconds (κ).
    #[arg(long, value_name = "SECONDS")]
    cap: f64,
    /// Wall-clock time for the search, in seconds (the final measurement comes on top).
    #[arg(long, value_name = "SECONDS")]
    budget: f64,
    /// Seed of the search (same seed and same run times: same search).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The solver tuned: sat (DIMACS files) or smt (SMT-LIB 2 QF_BV).
    #[arg(long, value_enum, default_value = "sat")]
    solver: SolverArg,
    /// With --solver smt: tune only the SAT core's parameters, leaving the rewrite rules at their
    /// defaults. (The engines' term managers take `[bv.rewrite]` from their class configuration,
    /// so rules may be tuned for dumped queries too; but a dumped query was already rewritten by
    /// the rules the dumping run had on, so turning a rule off reaches it only in part.)
    #[arg(long)]
    sat_params_only: bool,
    /// Tune only the parameters whose names start with one of these prefixes (comma-separated,
    /// e.g. `bv.decision-scope,bv.model-cache,phase`; `[bv]` keys are named `bv.KEY`,
    /// rewrite rules `bv.rewrite.RULE`); the others keep their defaults.
    #[arg(long, value_name = "PREFIXES", value_delimiter = ',')]
    params: Vec<String>,
    /// Minimise mean run time instead of PAR-10.
    #[arg(long)]
    mean_time: bool,
    /// A sentence describing the training set, recorded in the result.
    #[arg(long, value_name = "TEXT")]
    description: Option<String>,
    /// Write the result here instead of the database (crates/tune/configs/NAME.toml).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Record every solver run here (tab-separated: instance, cap, solved, CPU seconds,
    /// answer, changed settings).
    #[arg(long, value_name = "FILE")]
    runs_log: Option<PathBuf>,
}

pub fn run(args: &TuneArgs) -> u8 {
    match run_inner(args) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("vigil tune: {e}");
            crate::EXIT_USAGE
        }
    }
}

fn run_inner(args: &TuneArgs) -> Result<(), String> {
    if !db::valid_class(&args.class) {
        return Err(format!(
            "invalid class name `{}` (letters, digits, '-', '_', '.')",
            args.class
        ));
    }
    let solver = match args.solver {
        SolverArg::Sat => SolverKind::Sat,
        SolverArg::Smt => SolverKind::Smt,
    };
    let req = Request {
        class: args.class.clone(),
        solver,
        train: args.train.clone(),
        validate: args.validate.clone(),
        description: args.description.clone(),
        cap: args.cap,
        budget: args.budget,
        seed: args.seed,
        penalty: if args.mean_time { 1.0 } else { 10.0 },
        runs_log: args.runs_log.clone(),
    };
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| db::default_path(&args.class));
    let space = if args.sat_params_only {
        vigil_tune::Space::sat(&solver.base_params())
    } else {
        solver.space()
    };
    let space = if args.params.is_empty() { space } else { space.restrict(&args.params)? };
    let start = Instant::now();
    let mut last_print = Instant::now();
    let mut last_changes = 0usize;
    let k = if args.mean_time {
        "mean time".to_string()
    } else {
        "PAR-10".to_string()
    };
    let space2 = space.clone();
    let progress = |p: &vigil_tune::Progress| {
        if p.changes != last_changes || last_print.elapsed().as_secs_f64() >= 10.0 {
            let diff: Vec<String> = space2
                .changes(&p.incumbent)
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            eprintln!(
                "[{:>5.0} s] runs {:>5}, configurations {:>4}; incumbent {k} {:.3} s on {} instances: {}",
                start.elapsed().as_secs_f64(),
                p.runs,
                p.configs,
                p.incumbent_cost,
                p.incumbent_runs,
                if diff.is_empty() { "defaults".to_string() } else { diff.join(" ") }
            );
            last_print = Instant::now();
            last_changes = p.changes;
        }
    };
    let result = tune(&req, space, progress, |s| eprintln!("vigil tune: {s}"))?;
    result.entry.write(&out)?;
    let e = &result.entry;
    eprintln!(
        "vigil tune: {k} training {:.3} -> {:.3} s ({:.2}x), validation {:.3} -> {:.3} s ({:.2}x); written to {}",
        e.train_default.par,
        e.train_tuned.par,
        db::speedup(e.train_default, e.train_tuned),
        e.validate_default.par,
        e.validate_tuned.par,
        db::speedup(e.validate_default, e.validate_tuned),
        out.display()
    );
    Ok(())
}
