//! `vigil-smt FILE.smt2 [--timeout S] [--config FILE.toml] [--stats]`: runs an SMT-LIB script
//! with the bit-vector solver (for testing and benchmarks; `vigil smt` calls the same function).
#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::time::Duration;

use vigil_bv::config::SolverConfig;
use vigil_bv::smtlib::{run_smt_cli, SmtCliOptions};

fn usage() -> ! {
    eprintln!("usage: vigil-smt FILE.smt2 [--timeout SECONDS] [--config FILE.toml] [--stats]");
    std::process::exit(2)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file: Option<PathBuf> = None;
    let mut opts = SmtCliOptions::default();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--timeout" => {
                let s: f64 = args.next().and_then(|v| v.parse().ok()).filter(|v: &f64| *v >= 0.0).unwrap_or_else(|| usage());
                opts.timeout = Some(Duration::from_secs_f64(s));
            }
            "--config" => {
                let p = args.next().unwrap_or_else(|| usage());
                match SolverConfig::load(&PathBuf::from(&p)) {
                    Ok(c) => opts.config = c,
                    Err(e) => {
                        eprintln!("vigil-smt: {p}: {e}");
                        std::process::exit(2)
                    }
                }
            }
            "--stats" => opts.stats = true,
            _ if file.is_none() && !a.starts_with("--") => file = Some(PathBuf::from(a)),
            _ => usage(),
        }
    }
    let file = file.unwrap_or_else(|| usage());
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run_smt_cli(&file, &opts, &mut out) {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("vigil-smt: {e}");
            std::process::exit(2)
        }
    }
}
