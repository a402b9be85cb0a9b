//! Benchmark driver: `synergy-bench FILE.c [--algorithm synergy|lee-yannakakis|cegar]
//! [--no-generalize] [--max-iterations N] [--timeout SECONDS]`. Compiles the file with the front
//! end, runs the engine and prints one line: verdict, iterations, tests, refinements,
//! generalisations, solver calls, solver time and wall time. (An example rather than a binary
//! so that the engine library itself does not depend on the front end.)

use std::path::PathBuf;
use std::time::{Duration, Instant};

use vigil_synergy::{check, Algorithm, Options, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = Options::default();
    let mut file = None;
    let mut proof = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--algorithm" => {
                i += 1;
                opts.algorithm = match args.get(i).and_then(|a| Algorithm::from_name(a)) {
                    Some(a) => a,
                    None => usage("unknown algorithm"),
                };
            }
            "--no-generalize" => opts.generalize = false,
            "--proof" => proof = true,
            "--max-iterations" => {
                i += 1;
                opts.max_iterations = args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| usage("bad number"));
            }
            "--timeout" => {
                i += 1;
                let s: f64 = args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| usage("bad timeout"));
                opts.deadline = Some(Instant::now() + Duration::from_secs_f64(s));
            }
            a if a.starts_with("--") => usage(&format!("unknown option {a}")),
            a => file = Some(PathBuf::from(a)),
        }
        i += 1;
    }
    let Some(file) = file else { usage("no input file") };
    let fo = vigil_frontend::FrontendOptions::default();
    let module = match vigil_frontend::load(std::slice::from_ref(&file), &fo) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let t0 = Instant::now();
    let (outcome, stats) = check(&module, &opts);
    let wall = t0.elapsed();
    let reason = match &outcome {
        Verdict::Unknown(r) => format!(" ({r})"),
        _ => String::new(),
    };
    println!(
        "{}\t{}\tverdict={}{}\titerations={}\ttests={}\trefinements={}\tgeneralizations={}\tsolver_calls={}\tsolver_time={:.3}s\twall={:.3}s",
        file.display(),
        opts.algorithm.name(),
        outcome.verdict(),
        reason,
        stats.iterations,
        stats.tests,
        stats.refinements,
        stats.generalizations,
        stats.solver_calls,
        stats.solver_time.as_secs_f64(),
        wall.as_secs_f64()
    );
    if proof {
        match &outcome {
            Verdict::Safe { proof } => print!("{proof}"),
            Verdict::Unsafe { inputs, trace } => {
                for i in inputs {
                    println!("input {} = {}", i.function, i.value);
                }
                for s in trace {
                    println!("  {}:{} {} {}", s.file, s.line, s.function, s.what);
                }
            }
            Verdict::Unknown(_) => {}
        }
    }
}

fn usage(msg: &str) -> ! {
    eprintln!("error: {msg}\nusage: synergy-bench FILE.c [--algorithm synergy|lee-yannakakis|cegar] [--no-generalize] [--max-iterations N] [--timeout S] [--proof]");
    std::process::exit(2);
}
