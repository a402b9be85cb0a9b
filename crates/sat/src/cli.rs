//! The DIMACS front end behind `vigil sat` (and the `vigil-sat` test binary).
//!
//! Output follows the SAT competition: `c` comments, one `s SATISFIABLE` / `s UNSATISFIABLE` /
//! `s UNKNOWN` line, `v ... 0` model lines; the return value is the exit code 10 / 20 / 0.
//! Parameters: defaults from the table, except that variable elimination (`elim`) is switched on
//! because a DIMACS run is not incremental; then the `--params` TOML file; then each
//! `name=value` in order (so `elim=false` turns it off again). Every SAT model is checked against
//! the parsed clauses before it is printed; a failing check is reported as an internal error.

use crate::dimacs::{self, ParseError};
use crate::lit::{Lit, SolveResult, Var};
use crate::params::{ParamError, Params};
use crate::solver::Solver;
use std::fmt;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `vigil sat`.
#[derive(Clone, Debug, Default)]
pub struct SatCliArgs {
    /// The CNF file (plain, .gz or .xz).
    pub file: PathBuf,
    /// Write a textual DRAT proof here.
    pub proof: Option<PathBuf>,
    /// `name=value` parameter settings, applied after `params_file`.
    pub params: Vec<String>,
    /// A TOML file of parameter settings.
    pub params_file: Option<PathBuf>,
    /// Print statistics as `c` lines.
    pub stats: bool,
    /// Print the parameter table and exit (no file is read).
    pub list_params: bool,
    /// Wall-clock limit in seconds; reaching it answers UNKNOWN.
    pub timeout: Option<f64>,
}

/// Errors of the DIMACS front end.
#[derive(Debug)]
pub enum SatError {
    /// A file could not be read or written.
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The CNF file is malformed.
    Parse { path: PathBuf, error: ParseError },
    /// A parameter setting was rejected.
    Param(ParamError),
    /// Bad arguments.
    Usage(String),
    /// The solver's answer failed its own check (a bug).
    Internal(String),
}

impl fmt::Display for SatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SatError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            SatError::Parse { path, error } => write!(f, "{}: {error}", path.display()),
            SatError::Param(e) => write!(f, "{e} (see --list-params)"),
            SatError::Usage(s) => write!(f, "{s}"),
            SatError::Internal(s) => write!(f, "internal error: {s}"),
        }
    }
}
impl std::error::Error for SatError {}

/// Builds the parameters for a DIMACS run (see the module doc for the order of precedence).
pub fn cli_params(args: &SatCliArgs) -> Result<Params, SatError> {
    let mut p = Params {
        elim: true,
        ..Params::default()
    };
    if let Some(f) = &args.params_file {
        let text = std::fs::read_to_string(f).map_err(|error| SatError::Io {
            path: f.clone(),
            error,
        })?;
        p.load_toml(&text)
            .map_err(|e| SatError::Param(ParamError(format!("{}: {e}", f.display()))))?;
    }
    p.apply_assignments(&args.params).map_err(SatError::Param)?;
    p.validate().map_err(SatError::Param)?;
    Ok(p)
}

/// Runs `vigil sat`: returns the exit code (10 SAT, 20 UNSAT, 0 UNKNOWN or listing).
pub fn run_dimacs_cli(args: &SatCliArgs, out: &mut dyn Write) -> Result<i32, SatError> {
    let io = |e: std::io::Error| SatError::Io {
        path: PathBuf::from("<output>"),
        error: e,
    };
    if args.list_params {
        out.write_all(Params::listing().as_bytes()).map_err(io)?;
        return Ok(0);
    }
    let start = Instant::now();
    let params = cli_params(args)?;
    if let Some(t) = args.timeout {
        if !(t.is_finite() && t >= 0.0) {
            return Err(SatError::Usage(format!("bad timeout {t}")));
        }
    }
    let deadline = args
        .timeout
        .map(|t| start + Duration::from_secs_f64(t.min(1e9)));
    let bytes = dimacs::read_file_bytes(&args.file).map_err(|error| SatError::Io {
        path: args.file.clone(),
        error,
    })?;
    let cnf = dimacs::parse(&bytes).map_err(|error| SatError::Parse {
        path: args.file.clone(),
        error,
    })?;
    drop(bytes);
    let mut solver = Solver::with_params(params);
    if let Some(p) = &args.proof {
        let f = std::fs::File::create(p).map_err(|error| SatError::Io {
            path: p.clone(),
            error,
        })?;
        solver.set_proof_writer(Box::new(f));
    }
    solver.set_deadline(deadline);
    writeln!(
        out,
        "c vigil-sat: {} variables, {} clauses",
        cnf.num_vars,
        cnf.clauses.len()
    )
    .map_err(io)?;
    // Variables a header declares but no clause uses are unconstrained and printed as false.
    let used = solver.add_cnf(&cnf);
    solver.stats.time_parse = start.elapsed();
    let result = solver.solve();
    if let Some(p) = &args.proof {
        solver.flush_proof().map_err(|error| SatError::Io {
            path: p.clone(),
            error,
        })?;
    }
    if args.stats {
        out.write_all(solver.stats().comment_lines().as_bytes())
            .map_err(io)?;
        writeln!(
            out,
            "c {:<32} {:.3}",
            "time total (s)",
            start.elapsed().as_secs_f64()
        )
        .map_err(io)?;
    }
    let code = match result {
        SolveResult::Sat => {
            let value = |l: Lit| l.var().index() < used && solver.value(l) == Some(true);
            if let Some(bad) = cnf
                .clauses
                .iter()
                .position(|c| !c.iter().any(|&l| value(l)))
            {
                return Err(SatError::Internal(format!(
                    "model falsifies clause {} of the input",
                    bad + 1
                )));
            }
            writeln!(out, "s SATISFIABLE").map_err(io)?;
            let mut line = String::from("v");
            for i in 0..cnf.num_vars {
                let l = Lit::positive(Var::from_index(i));
                let d = if value(l) {
                    l.to_dimacs()
                } else {
                    -l.to_dimacs()
                };
                let tok = format!(" {d}");
                if line.len() + tok.len() > 78 {
                    writeln!(out, "{line}").map_err(io)?;
                    line = String::from("v");
                }
                line.push_str(&tok);
            }
            writeln!(out, "{line} 0").map_err(io)?;
            10
        }
        SolveResult::Unsat => {
            writeln!(out, "s UNSATISFIABLE").map_err(io)?;
            20
        }
        SolveResult::Unknown => {
            writeln!(out, "s UNKNOWN").map_err(io)?;
            0
        }
    };
    out.flush().map_err(io)?;
    Ok(code)
}

/// Parses command-line words for the standalone `vigil-sat` binary:
/// `[--proof F] [--params F] [--stats] [--list-params] [--timeout S] [-p NAME=V | NAME=V]... FILE`.
pub fn parse_args(words: &[String]) -> Result<SatCliArgs, SatError> {
    let mut a = SatCliArgs::default();
    let mut file = None;
    let mut i = 0;
    let need = |i: usize, flag: &str| -> Result<String, SatError> {
        words
            .get(i + 1)
            .cloned()
            .ok_or_else(|| SatError::Usage(format!("{flag} needs a value")))
    };
    while i < words.len() {
        let w = &words[i];
        match w.as_str() {
            "--proof" => {
                a.proof = Some(need(i, w)?.into());
                i += 1;
            }
            "--params" => {
                a.params_file = Some(need(i, w)?.into());
                i += 1;
            }
            "-p" | "--param" => {
                a.params.push(need(i, w)?);
                i += 1;
            }
            "--timeout" => {
                let v = need(i, w)?;
                a.timeout = Some(
                    v.parse()
                        .map_err(|_| SatError::Usage(format!("bad timeout '{v}'")))?,
                );
                i += 1;
            }
            "--stats" => a.stats = true,
            "--list-params" => a.list_params = true,
            s if s.starts_with('-') && s.len() > 1 => {
                return Err(SatError::Usage(format!("unknown option '{s}'")))
            }
            s if s.contains('=') => a.params.push(s.to_string()),
            s => {
                if file.replace(PathBuf::from(s)).is_some() {
                    return Err(SatError::Usage("more than one input file".into()));
                }
            }
        }
        i += 1;
    }
    match file {
        Some(f) => a.file = f,
        None if a.list_params => {}
        None => return Err(SatError::Usage("usage: vigil-sat [--proof F] [--params F.toml] [--stats] [--timeout S] [--list-params] [name=value]... FILE.cnf[.gz|.xz]".into())),
    }
    Ok(a)
}
