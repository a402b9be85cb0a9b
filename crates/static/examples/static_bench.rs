//! Benchmark driver of the static engine (bench/static.sh).
//!
//! `static_bench gen KIND N OUT.c` writes a generated program (KIND: `chain`, `flags`, `structs`);
//! `static_bench run [--unroll K] FILE.c…` analyses each file and prints one Markdown table row:
//! lines, lines/s, VCs, VCs/s, proved, reports, summaries expanded/total, symbolic-execution and
//! solver time. Time includes neither the C front end nor the generation.

use std::path::PathBuf;
use std::time::Instant;

use vigil_frontend::{load, FrontendOptions};
use vigil_static::{analyse, Options};

#[path = "../tests/generated/mod.rs"]
mod generated;
use generated::{gen_chain, gen_flags, gen_structs};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") if args.len() == 4 => {
            let n: usize = args[2].parse().expect("N");
            let src = match args[1].as_str() {
                "chain" => gen_chain(n),
                "flags" => gen_flags(n),
                "structs" => gen_structs(n),
                k => panic!("unknown kind {k}"),
            };
            std::fs::write(&args[3], src).expect("write");
        }
        Some("run") => {
            let mut unroll = 1;
            let mut files = Vec::new();
            let mut it = args[1..].iter();
            while let Some(a) = it.next() {
                if a == "--unroll" {
                    unroll = it.next().and_then(|k| k.parse().ok()).expect("--unroll K");
                } else {
                    files.push(PathBuf::from(a));
                }
            }
            println!("| program | lines | time (s) | lines/s | VCs | VCs/s | proved | reports | summaries expanded/total | symex (s) | solver (s) |");
            println!("|---|---|---|---|---|---|---|---|---|---|---|");
            for f in files {
                let fo = FrontendOptions { mem2reg: true, runtime: None, ..FrontendOptions::default() };
                let m = load(std::slice::from_ref(&f), &fo).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
                let lines = std::fs::read_to_string(&f).map(|s| s.lines().count()).unwrap_or(0);
                let t0 = Instant::now();
                let an = analyse(&m, &Options { unroll, ..Options::default() });
                let t = t0.elapsed().as_secs_f64();
                let st = &an.stats;
                println!(
                    "| {} | {lines} | {t:.2} | {:.0} | {} | {:.0} | {} | {} | {}/{} | {:.2} | {:.2} |",
                    f.file_name().unwrap().to_string_lossy(),
                    lines as f64 / t,
                    st.vcs,
                    st.vcs as f64 / t,
                    st.vcs_proved,
                    an.reports.len(),
                    st.summaries_expanded,
                    st.summary_operators,
                    st.symex_time.as_secs_f64(),
                    st.solver_time.as_secs_f64()
                );
                if !an.skipped.is_empty() {
                    eprintln!("{}: skipped {:?}", f.display(), an.skipped);
                }
            }
        }
        _ => {
            eprintln!("usage: static_bench gen chain|flags|structs N OUT.c | static_bench run [--unroll K] FILE.c...");
            std::process::exit(2);
        }
    }
}
